//! Example sheets for tests, benchmarks and demos: a three-cushion match decided in the
//! equalizing inning, a straight-rail match that runs to a 120-innings limit, and a
//! three-cushion match in sets. Each is played through the rules core, so the match file
//! replays to the sheet. Deterministic: a seed picks the runs.
//!
//! Built for this crate's tests and with the `fixtures` feature (its integration tests and
//! benchmark ask for it), never in the app.

// Test code: a failed expectation is a panic, which is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::{Event, Match, MatchFile, MatchView, Phase, Player};
use serde_json::{json, Value};

use crate::from_core::{wall_clock, SheetExtras};
use crate::model::{
    PlayerSlot, Reclamation, SheetDate, SheetDateTime, SheetDocument, SheetTime, Signature,
    SignerRole,
};
use crate::seal::DeviceKey;

/// A tiny deterministic generator (xorshift64*), so fixtures need no random source.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// The key the fixtures are signed with (seed `[7; 32]`).
pub fn device_key() -> DeviceKey {
    DeviceKey::from_seed(&[7; 32])
}

const DATE: SheetDate = SheetDate {
    year: 2026,
    month: 11,
    day: 14,
};

/// A plausible handwritten signature for `name`: one looping stroke per word and an
/// underline, on a 600 × 200 pad.
pub fn scribble(role: SignerRole, name: &str, time: SheetTime) -> Signature {
    let mut strokes = Vec::new();
    let mut x = 30.0_f32;
    for word in name.split_whitespace() {
        let mut stroke = Vec::new();
        for (i, c) in word.chars().enumerate() {
            let k = (c as u32 % 7) as f32;
            for s in 0..6 {
                let t = s as f32 / 6.0 * std::f32::consts::TAU;
                let px = x + 9.0 * t.cos() + s as f32 * 3.0;
                let py =
                    100.0 - (28.0 + 4.0 * k) * (t.sin() * 0.8 + if i == 0 { 0.6 } else { 0.0 });
                stroke.push([px.clamp(0.0, 599.0) as u16, py.clamp(0.0, 199.0) as u16]);
            }
            x += 22.0;
        }
        strokes.push(stroke);
        x += 25.0;
    }
    let end = (x as u16).clamp(60, 590);
    strokes.push(vec![[25, 150], [end / 2, 142], [end, 146]]);
    Signature {
        role,
        name: name.into(),
        signed_at: SheetDateTime { date: DATE, time },
        width: 600,
        height: 200,
        strokes,
    }
}

/// A fixture: the sheet and the `carambole-match/1` file it was derived from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    /// The sheet (from the core's replay of `match_file`, plus signatures).
    pub doc: SheetDocument,
    /// The match file.
    pub match_file: String,
}

/// 2026-11-14 13:00:00 UTC (14:00 in Paris), in Unix milliseconds.
const START_MS: u64 = 1_794_661_200_000;
/// Paris in November.
const UTC_OFFSET_MINUTES: i32 = 60;

/// Plays a match through the rules core: `setup` is the match file without events;
/// `next` gives the next events from the current match and the time. Stops when the
/// match is finished.
struct Sim {
    file: Value,
    events: Vec<Value>,
    m: Match,
    at: u64,
}

impl Sim {
    fn new(mut setup: Value) -> Sim {
        setup["format"] = json!(carom_core::FORMAT);
        setup["events"] = json!([]);
        let m = MatchFile::parse(&setup.to_string())
            .expect("fixture set-up parses")
            .replay()
            .expect("fixture set-up is valid");
        Sim {
            file: setup,
            events: Vec::new(),
            m,
            at: START_MS,
        }
    }

    fn push(&mut self, mut event: Value, seconds: u64) {
        self.at += seconds * 1000;
        event["at"] = json!(self.at);
        let e: Event = serde_json::from_value(event.clone()).expect("fixture event parses");
        self.m
            .apply(e)
            .unwrap_or_else(|err| panic!("fixture event {event} refused: {err:?}"));
        self.events.push(event);
    }

    fn view(&self) -> MatchView {
        self.m.view()
    }

    fn finish(mut self, reclamations: Vec<Reclamation>) -> Fixture {
        self.file["events"] = Value::Array(self.events);
        let match_file = serde_json::to_string_pretty(&self.file).expect("serializes");
        let m = MatchFile::parse(&match_file)
            .expect("fixture parses")
            .replay()
            .expect("fixture replays");
        let end = wall_clock(self.at + 180_000, UTC_OFFSET_MINUTES).time;
        let setup = m.setup();
        let signatures = vec![
            scribble(
                SignerRole::Referee,
                setup.referee.as_deref().unwrap_or("Referee"),
                end,
            ),
            scribble(SignerRole::Player1, &setup.players[Player::A].name, end),
            scribble(
                SignerRole::Player2,
                &setup.players[Player::B].name,
                SheetTime { second: 40, ..end },
            ),
        ];
        let extras = SheetExtras {
            signatures,
            reclamations,
            warnings: vec![],
            utc_offset_minutes: UTC_OFFSET_MINUTES,
            date: DATE,
        };
        let doc = SheetDocument::from_match(&m, extras).expect("fixture match is finished");
        Fixture { doc, match_file }
    }
}

fn header(discipline: &str, players: [(&str, &str, u32); 2]) -> Value {
    json!({
        "discipline": discipline,
        "table": "match",
        "players": players.map(|(name, club, target)| json!({"name": name, "club": club, "target": target})),
        "competition": "Championnat de France — Nationale 1",
        "venue": "Académie de billard, Châteauroux",
        "table_name": "2",
        "referee": "Hélène Lefèvre",
        "marker": "Joaquín Peña",
        "date": "2026-11-14",
    })
}

/// A run of at most `max`, zero a third of the time.
fn some_run(rng: &mut Rng, max: u32) -> u32 {
    if rng.below(3) == 0 {
        0
    } else {
        rng.below(u64::from(max) + 1) as u32
    }
}

/// Three-cushion to 40: player 1 breaks and reaches 40 first; player 2 makes his
/// remaining points in the equalizing inning — a draw (R-END-1). With an undone carom,
/// a foul, a warning and a reclamation. `seed` varies the runs.
pub fn three_cushion_equalizing(seed: u64) -> Fixture {
    let mut rng = Rng::new(seed);
    let mut sim = Sim::new(header(
        "three-cushion",
        [
            ("Frédéric Caudron", "BC Cœur de Flandre", 40),
            ("Dani Sánchez", "Club Billar Alcázar", 40),
        ],
    ));
    sim.push(json!({"type": "break", "player": 0}), 0);
    let mut turns = 0;
    while sim.view().phase != Phase::Finished {
        let v = sim.view();
        let p = v.at_table.unwrap_or(Player::A);
        let to_go = v.players[p].to_go;
        let run = if v.phase == Phase::EqualizingInning {
            to_go
        } else if p == Player::A {
            // Player 1 finishes around inning 28.
            some_run(&mut rng, 3).min(to_go).max(u32::from(turns > 60))
        } else {
            some_run(&mut rng, 3).min(to_go.saturating_sub(6))
        };
        turns += 1;
        if turns == 21 {
            // A carom given by mistake, revoked before the next shot (R-FOUL-2).
            sim.push(json!({"type": "carom"}), 20);
            sim.push(json!({"type": "undo"}), 5);
        }
        if turns == 37 {
            sim.push(json!({"type": "warning", "player": 1}), 10);
        }
        if turns == 30 {
            // A push shot ends this inning: the grid marks the foul.
            sim.push(json!({"type": "foul", "foul": "push-shot"}), 40);
            continue;
        }
        sim.push(json!({"type": "inning", "run": run}), 50 + rng.below(60));
    }
    sim.finish(vec![Reclamation {
        by: PlayerSlot::One,
        text: "Conteste la bille sautée de la reprise 19 ; l'arbitre a maintenu sa décision."
            .into(),
    }])
}

/// Straight rail with an innings limit of `innings` and a distance no one reaches: the
/// limit ends the match on points. Used by the benchmark with 60 innings and a new seed
/// each run.
pub fn libre_innings(innings: u32, seed: u64) -> Fixture {
    let mut rng = Rng::new(seed);
    let target = innings * 8;
    let mut setup = header(
        "libre",
        [
            ("Jean-Noël Côté", "Billard Club Niçois", target),
            ("Íñigo Muñoz", "Peña Billar Logroño", target),
        ],
    );
    setup["innings_limit"] = json!(innings);
    let mut sim = Sim::new(setup);
    sim.push(json!({"type": "break", "player": 0}), 0);
    while sim.view().phase != Phase::Finished {
        let v = sim.view();
        let p = v.at_table.unwrap_or(Player::A);
        let run = some_run(&mut rng, 14).min(v.players[p].to_go.saturating_sub(1));
        sim.push(json!({"type": "inning", "run": run}), 30 + rng.below(90));
    }
    sim.finish(vec![])
}

/// Straight rail to a 120-innings limit (see [`libre_innings`]).
pub fn libre_120_innings(seed: u64) -> Fixture {
    libre_innings(120, seed)
}

/// Three-cushion in sets of 15, best of 5 (no equalizing inning in sets), with an
/// edited inning.
pub fn three_cushion_sets(seed: u64) -> Fixture {
    let mut rng = Rng::new(seed);
    let mut setup = header(
        "three-cushion",
        [
            ("Marco Zanetti", "ASD Biliardo Schio", 0),
            ("Eddy Merckx", "Koninklijke BC Zwevegem", 0),
        ],
    );
    setup["competition"] = json!("Copa de Europa de Clubes — Grupo B");
    setup["equalizing_inning"] = json!(false);
    setup["sets"] = json!({"best_of": 5, "target": 15});
    let mut sim = Sim::new(setup);
    sim.push(json!({"type": "break", "player": 0}), 0);
    let mut edited = false;
    while sim.view().phase != Phase::Finished {
        let v = sim.view();
        if v.phase == Phase::SetOver {
            sim.push(json!({"type": "pause-start"}), 10);
            sim.push(json!({"type": "pause-end"}), 180);
            if sim.view().phase == Phase::SetOver {
                sim.push(json!({"type": "break"}), 20);
            }
            continue;
        }
        if v.phase != Phase::Play && v.phase != Phase::EqualizingInning {
            sim.push(json!({"type": "break"}), 20);
            continue;
        }
        let p = v.at_table.unwrap_or(Player::A);
        if !edited
            && v.set == Some(2)
            && v.players[Player::A].innings >= 3
            && v.players[Player::A].to_go > 2
        {
            edited = true;
            let sheet = sim.m.sheet();
            let set = sheet.sets.iter().find(|s| s.number == 2).expect("set 2");
            let old = set.rows[1].cells[Player::A].map_or(0, |c| c.run);
            sim.push(
                json!({"type": "edit-inning", "player": 0, "inning": 2, "run": old + 1}),
                15,
            );
            continue;
        }
        let run = some_run(&mut rng, 3).min(v.players[p].to_go);
        sim.push(json!({"type": "inning", "run": run}), 40 + rng.below(60));
    }
    sim.finish(vec![])
}
