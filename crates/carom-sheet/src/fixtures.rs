//! Example sheets for tests, benchmarks and demos: a three-cushion match decided in the
//! equalizing inning, a straight-rail match that runs to a 120-innings limit, and a
//! three-cushion match in sets. Deterministic: a seed picks the runs.

use carom_core::Discipline;

use crate::model::{
    rows_from_runs, AverageRule, BallColour, Correction, CorrectionKind, MatchResult,
    PlayerSlot, Reclamation, SheetDate, SheetDateTime, SheetDocument, SheetHeader, SheetPlayer,
    SheetSet, SheetTime, Signature, SignerRole, Warning,
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
                let py = 100.0 - (28.0 + 4.0 * k) * (t.sin() * 0.8 + if i == 0 { 0.6 } else { 0.0 });
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

fn signatures(doc: &SheetDocument, at: SheetTime) -> Vec<Signature> {
    vec![
        scribble(SignerRole::Referee, &doc.header.referee, at),
        scribble(SignerRole::Player1, &doc.players[0].name, at),
        scribble(SignerRole::Player2, &doc.players[1].name, SheetTime { second: 40, ..at }),
    ]
}

fn finish(mut doc: SheetDocument, result: MatchResult) -> SheetDocument {
    doc.totals = doc.totals_from_rows();
    doc.result = result;
    let end = doc.header.end;
    doc.signatures = signatures(
        &doc,
        SheetTime {
            minute: (end.minute + 3) % 60,
            hour: end.hour + u8::from(end.minute >= 57),
            second: 5,
        },
    );
    doc
}

fn player(name: &str, club: &str, ball: BallColour, target: u32) -> SheetPlayer {
    SheetPlayer {
        name: name.into(),
        club: club.into(),
        ball,
        target,
    }
}

fn blank(discipline: Discipline, players: [SheetPlayer; 2]) -> SheetDocument {
    SheetDocument {
        header: SheetHeader {
            competition: "Championnat de France — Nationale 1".into(),
            venue: "Académie de billard, Châteauroux".into(),
            table: "2".into(),
            date: DATE,
            start: SheetTime::hm(14, 0),
            end: SheetTime::hm(15, 42),
            discipline,
            innings_limit: None,
            best_of_sets: None,
            average_rule: AverageRule::Truncate,
            referee: "Hélène Lefèvre".into(),
            marker: "Joaquín Peña".into(),
        },
        players,
        sets: vec![],
        totals: std::array::from_fn(|_| crate::model::PlayerTotals {
            points: 0,
            innings: 0,
            general_average: 0,
            high_run: 0,
            best_game_average: 0,
            sets_won: None,
        }),
        result: MatchResult::Draw,
        corrections: vec![],
        warnings: vec![],
        reclamations: vec![],
        signatures: vec![],
    }
}

/// Random runs for one player: `n` innings adding up to exactly `total` points when
/// `reach` (the last run reaching it), else to less than `total`.
fn runs(rng: &mut Rng, n: usize, total: u32, reach: bool, max_run: u32) -> Vec<u32> {
    let mut v: Vec<u32> = (0..n)
        .map(|_| {
            if rng.below(3) == 0 {
                0
            } else {
                rng.below(u64::from(max_run) + 1) as u32
            }
        })
        .collect();
    // Scale down until the sum fits.
    let budget = if reach { total } else { total.saturating_sub(1) };
    while v.iter().sum::<u32>() > budget {
        let i = rng.below(n as u64) as usize;
        v[i] /= 2;
    }
    if reach {
        let sum: u32 = v.iter().sum();
        if let Some(last) = v.last_mut() {
            *last += total - sum;
        }
    }
    v
}

/// Three-cushion to 40: player 1 (breaker) reaches 40 in inning 28, player 2 makes his
/// remaining points in the equalizing inning — a draw (R-END-1). With a correction, a
/// warning and a reclamation. `seed` varies the runs.
pub fn three_cushion_equalizing(seed: u64) -> SheetDocument {
    let mut rng = Rng::new(seed);
    let mut doc = blank(
        Discipline::ThreeCushion,
        [
            player("Frédéric Caudron", "BC Cœur de Flandre", BallColour::White, 40),
            player("Dani Sánchez", "Club Billar Alcázar", BallColour::Yellow, 40),
        ],
    );
    let a = runs(&mut rng, 28, 40, true, 6);
    let mut b = runs(&mut rng, 27, 34, false, 5);
    let sum_b: u32 = b.iter().sum();
    b.push(40 - sum_b);
    doc.sets = vec![SheetSet {
        number: 1,
        rows: rows_from_runs(&[a, b], true),
        winner: None,
    }];
    doc.corrections = vec![Correction {
        at: SheetTime {
            hour: 14,
            minute: 37,
            second: 12,
        },
        set: 1,
        inning: 11,
        player: PlayerSlot::Two,
        kind: CorrectionKind::Undo,
        before: doc.sets[0].rows[10].runs[1].unwrap_or(0) + 1,
        after: doc.sets[0].rows[10].runs[1].unwrap_or(0),
    }];
    doc.warnings = vec![Warning {
        at: SheetTime {
            hour: 15,
            minute: 5,
            second: 48,
        },
        player: PlayerSlot::Two,
        reason: "Retard au retour de la pause (art. 18)".into(),
    }];
    doc.reclamations = vec![Reclamation {
        by: PlayerSlot::One,
        text: "Conteste la bille sautée de la reprise 19 ; l'arbitre a maintenu sa décision.".into(),
    }];
    finish(doc, MatchResult::Draw)
}

/// Straight rail to 400 with a 120-innings limit: neither reaches the distance; the
/// limit ends the match and player 1 wins on points.
pub fn libre_120_innings(seed: u64) -> SheetDocument {
    libre_innings(120, seed)
}

/// Straight rail with an innings limit of `innings`: the limit ends the match, player 1
/// ahead. Used by the benchmark with 60 innings and a new seed each run.
pub fn libre_innings(innings: u32, seed: u64) -> SheetDocument {
    let mut rng = Rng::new(seed);
    let n = innings as usize;
    let target = innings * 4;
    let mut doc = blank(
        Discipline::Libre,
        [
            player("Jean-Noël Côté", "Billard Club Niçois", BallColour::White, target),
            player("Íñigo Muñoz", "Peña Billar Logroño", BallColour::Yellow, target),
        ],
    );
    doc.header.innings_limit = Some(innings);
    doc.header.start = SheetTime::hm(9, 30);
    doc.header.end = SheetTime::hm(13, 5);
    let mut a = runs(&mut rng, n, target * 9 / 10, false, 14);
    let b = runs(&mut rng, n, target * 8 / 10, false, 12);
    // Player 1 ahead on points.
    if a.iter().sum::<u32>() <= b.iter().sum::<u32>() {
        a[0] += b.iter().sum::<u32>() - a.iter().sum::<u32>() + 1;
    }
    doc.sets = vec![SheetSet {
        number: 1,
        rows: rows_from_runs(&[a, b], false),
        winner: None,
    }];
    finish(
        doc,
        MatchResult::Win {
            winner: PlayerSlot::One,
        },
    )
}

/// Three-cushion in sets of 15, best of 5: player 2 wins 3–1 (no equalizing inning in
/// sets).
pub fn three_cushion_sets(seed: u64) -> SheetDocument {
    let mut rng = Rng::new(seed);
    let mut doc = blank(
        Discipline::ThreeCushion,
        [
            player("Marco Zanetti", "ASD Biliardo Schio", BallColour::White, 15),
            player("Eddy Merckx", "Koninklijke BC Zwevegem", BallColour::Yellow, 15),
        ],
    );
    doc.header.competition = "Copa de Europa de Clubes — Grupo B".into();
    doc.header.best_of_sets = Some(5);
    let winners = [PlayerSlot::Two, PlayerSlot::One, PlayerSlot::Two, PlayerSlot::Two];
    doc.sets = winners
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let n = 8 + rng.below(6) as usize;
            let (win, lose) = (
                runs(&mut rng, n, 15, true, 5),
                runs(&mut rng, n, 15, false, 4),
            );
            let mut pair = if w == PlayerSlot::One {
                [win, lose]
            } else {
                [lose, win]
            };
            if w == PlayerSlot::One {
                // The breaker finished the set: player 2 does not play that inning.
                pair[1].pop();
            }
            SheetSet {
                number: i as u32 + 1,
                rows: rows_from_runs(&pair, false),
                winner: Some(w),
            }
        })
        .collect();
    doc.corrections = vec![Correction {
        at: SheetTime {
            hour: 14,
            minute: 52,
            second: 3,
        },
        set: 2,
        inning: 4,
        player: PlayerSlot::One,
        kind: CorrectionKind::EditedRun,
        before: 3,
        after: doc.sets[1].rows[3].runs[0].unwrap_or(0),
    }];
    finish(
        doc,
        MatchResult::Win {
            winner: PlayerSlot::Two,
        },
    )
}

/// A stand-in `carambole-match/1` file for a fixture (setup and runs), until the rules
/// core derives sheets from real match files.
pub fn match_file(doc: &SheetDocument) -> String {
    let sets: Vec<serde_json::Value> = doc
        .sets
        .iter()
        .map(|s| {
            serde_json::json!(s
                .rows
                .iter()
                .map(|r| r.runs)
                .collect::<Vec<_>>())
        })
        .collect();
    let v = serde_json::json!({
        "format": "carambole-match/1",
        "setup": {
            "discipline": doc.header.discipline.id(),
            "players": [doc.players[0].name, doc.players[1].name],
            "targets": [doc.players[0].target, doc.players[1].target],
            "innings-limit": doc.header.innings_limit,
        },
        "fixture-runs": sets,
    });
    serde_json::to_string_pretty(&v).expect("serializes")
}
