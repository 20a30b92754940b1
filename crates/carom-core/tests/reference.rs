//! Property tests of the counting rules against a reference model with its own `apply`:
//! a second, deliberately plain implementation of scores, runs, innings, the turn, the
//! equalizing inning, the innings limit, sets and undo, written from `rules/RULES.md`
//! (R-FMT-1…3, R-END-1, R-START-2, R-FOUL, R-CLOCK, R-FOUL-2) and not from the core's
//! code. After every event the model and the match must agree on whether it was
//! accepted and on everything the scoring screen counts. The counting rules are the same
//! for the six disciplines; the tests run for each, since a discipline changes what a
//! foul needs (three-cushion names the ball off the table, R-OFF-3; only libre and cadre
//! have zones, R-ZONE).
//!
//! The events are the ones that count: the break, caroms, misses, whole innings, fouls,
//! the shot clock running out, and undo. (The lag, balls in contact, zone calls and the
//! referee's notes are covered by `properties.rs` and `rules.rs`.)

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::*;
use proptest::prelude::*;

/// Where the model's match stands (the phases it can reach without a lag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Before the first break.
    NotStarted,
    /// A player is at the table.
    Playing,
    /// The second player's equalizing inning (R-END-1).
    Equalizing,
    /// A set is over; the next one starts with a break.
    BetweenSets,
    /// The match is over.
    Over,
}

/// The reference model: plain counters, one field per thing counted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Model {
    /// Targets per player in a race; the set's target when `sets` is given.
    targets: [u32; 2],
    innings_limit: Option<u32>,
    equalizing: bool,
    /// Sets to win (best of N: N / 2 + 1), if the match is played in sets.
    sets_to_win: Option<u16>,
    three_cushion: bool,

    stage: Stage,
    /// Sets (games) started so far.
    set: u16,
    breaker: usize,
    turn: usize,
    /// Points and innings of the game (set) being played, or of the last one.
    score: [u32; 2],
    innings: [u32; 2],
    /// Caroms of the inning in progress.
    run: u32,
    /// Whether no shot was played since the break (only the break must hit the red).
    break_shot: bool,
    sets_won: [u16; 2],
    /// Points and innings of the finished games.
    past_points: [u32; 2],
    past_innings: [u32; 2],
    /// Every completed inning's run, per player, in order.
    runs: [Vec<u32>; 2],
    result: Option<MatchResult>,
    /// The states before each accepted event, for undo.
    undo: Vec<Model>,
}

/// Whether the model accepted an event.
type Accepted = bool;

impl Model {
    fn new(setup: &MatchSetup) -> Model {
        let targets = match setup.sets {
            Some(s) => [s.target, s.target],
            None => [
                setup.players[Player::A].target,
                setup.players[Player::B].target,
            ],
        };
        Model {
            targets,
            innings_limit: setup.innings_limit,
            equalizing: setup.equalizing_inning,
            sets_to_win: setup.sets.map(|s| u16::from(s.best_of) / 2 + 1),
            three_cushion: setup.discipline == Discipline::ThreeCushion,
            stage: Stage::NotStarted,
            set: 0,
            breaker: 0,
            turn: 0,
            score: [0; 2],
            innings: [0; 2],
            run: 0,
            break_shot: false,
            sets_won: [0; 2],
            past_points: [0; 2],
            past_innings: [0; 2],
            runs: [Vec::new(), Vec::new()],
            result: None,
            undo: Vec::new(),
        }
    }

    fn at_table(&self) -> bool {
        matches!(self.stage, Stage::Playing | Stage::Equalizing)
    }

    /// Applies `event`; a refused event leaves the model as it was.
    fn apply(&mut self, event: &Event) -> Accepted {
        if let Event::Undo { .. } = event {
            return match self.undo.pop() {
                Some(before) => {
                    let history = std::mem::take(&mut self.undo);
                    *self = before;
                    self.undo = history;
                    true
                }
                None => false,
            };
        }
        let before = self.clone();
        if self.step(event) {
            let mut saved = before;
            saved.undo = Vec::new();
            self.undo.push(saved);
            true
        } else {
            *self = before;
            false
        }
    }

    fn step(&mut self, event: &Event) -> Accepted {
        match event {
            Event::Break { player, .. } => self.start_game(*player),
            Event::Carom { .. } => {
                if !self.at_table() {
                    return false;
                }
                self.break_shot = false;
                self.score_one();
                true
            }
            Event::Inning { run, .. } => {
                if !self.at_table() {
                    return false;
                }
                let to_go = self.targets[self.turn] - self.score[self.turn];
                if *run > to_go {
                    return false;
                }
                self.break_shot = false;
                for _ in 0..*run {
                    self.score_one();
                }
                if *run < to_go {
                    self.end_inning();
                }
                true
            }
            Event::Miss { .. } | Event::ShotClockExpired { .. } => {
                if !self.at_table() {
                    return false;
                }
                self.break_shot = false;
                self.end_inning();
                true
            }
            Event::Foul { foul, balls, .. } => {
                if !self.at_table() {
                    return false;
                }
                let allowed = match foul {
                    // Three-cushion re-spots only the balls that left: it must know which.
                    Foul::BallOffTable => !(self.three_cushion && balls.is_empty()),
                    // Only after "dedans" in libre and cadre, and no zone is called here.
                    Foul::ZoneNotLeft => false,
                    Foul::RedNotHitFirst => self.break_shot,
                    _ => true,
                };
                if !allowed {
                    return false;
                }
                self.break_shot = false;
                // A foul ends the inning; the shot's carom does not count.
                self.end_inning();
                true
            }
            _ => panic!("the reference model does not count {event:?}"),
        }
    }

    /// A break starts the match's first game or the next set.
    fn start_game(&mut self, player: Option<Player>) -> Accepted {
        let breaker = match self.stage {
            Stage::NotStarted => player.map_or(0, Player::index),
            // Sets: the break alternates unless the break names its player.
            Stage::BetweenSets => player.map_or(1 - self.breaker, Player::index),
            Stage::Playing | Stage::Equalizing | Stage::Over => return false,
        };
        self.set += 1;
        self.breaker = breaker;
        self.turn = breaker;
        self.score = [0; 2];
        self.innings = [0; 2];
        self.innings[breaker] = 1;
        self.run = 0;
        self.break_shot = true;
        self.stage = Stage::Playing;
        true
    }

    /// One carom for the player at the table; his distance reached ends his inning.
    fn score_one(&mut self) {
        let t = self.turn;
        self.score[t] += 1;
        self.run += 1;
        if self.score[t] < self.targets[t] {
            return;
        }
        self.runs[t].push(self.run);
        self.run = 0;
        if self.stage == Stage::Equalizing {
            // Both reached their distance.
            self.end_game(None, ResultReason::Target);
        } else if t == self.breaker && self.equalizing {
            // The other player gets the same number of innings.
            self.stage = Stage::Equalizing;
            self.next_player();
        } else {
            self.end_game(Some(t), ResultReason::Target);
        }
    }

    /// A miss, a foul or the clock ends the inning of the player at the table.
    fn end_inning(&mut self) {
        let t = self.turn;
        self.runs[t].push(self.run);
        self.run = 0;
        if self.stage == Stage::Equalizing {
            // He did not reach his distance: the breaker wins.
            self.end_game(Some(self.breaker), ResultReason::Target);
            return;
        }
        let limit_reached = self.innings_limit.is_some_and(|l| self.innings[t] >= l);
        if t != self.breaker && limit_reached {
            // Both played the last inning: the larger share of his own distance wins.
            let a = u64::from(self.score[0]) * u64::from(self.targets[1]);
            let b = u64::from(self.score[1]) * u64::from(self.targets[0]);
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.end_game(winner, ResultReason::InningsLimit);
        } else {
            self.next_player();
        }
    }

    fn next_player(&mut self) {
        self.turn = 1 - self.turn;
        self.innings[self.turn] += 1;
    }

    /// The game (set) is over: `winner`, or a draw.
    fn end_game(&mut self, winner: Option<usize>, reason: ResultReason) {
        for p in 0..2 {
            self.past_points[p] += self.score[p];
            self.past_innings[p] += self.innings[p];
        }
        let Some(to_win) = self.sets_to_win else {
            self.finish(winner, reason);
            return;
        };
        if let Some(w) = winner {
            self.sets_won[w] += 1;
            if self.sets_won[w] >= to_win {
                self.finish(winner, ResultReason::Sets);
                return;
            }
        }
        self.stage = Stage::BetweenSets;
    }

    fn finish(&mut self, winner: Option<usize>, reason: ResultReason) {
        self.stage = Stage::Over;
        self.result = Some(MatchResult {
            winner: winner.map_or(Winner::Draw, |w| Winner::Player(player(w))),
            reason,
        });
    }

    /// What the scoring screen must show, in the model's words.
    fn expected(&self) -> Counted {
        let started = self.set > 0;
        let playing = self.at_table();
        Counted {
            phase: match self.stage {
                Stage::NotStarted => Phase::Lag,
                Stage::Playing => Phase::Play,
                Stage::Equalizing => Phase::EqualizingInning,
                Stage::BetweenSets => Phase::SetOver,
                Stage::Over => Phase::Finished,
            },
            set: (self.sets_to_win.is_some() && started).then_some(self.set),
            at_table: playing.then(|| player(self.turn)),
            breaker: started.then(|| player(self.breaker)),
            current_run: if playing { self.run } else { 0 },
            result: self.result,
            can_undo: !self.undo.is_empty(),
            players: [0, 1].map(|p| {
                let (now_points, now_innings) = if playing {
                    (self.score[p], self.innings[p])
                } else {
                    (0, 0)
                };
                let at_table_run = (playing && self.turn == p).then_some(self.run);
                PlayerCount {
                    score: self.score[p],
                    innings: self.innings[p],
                    total_points: self.past_points[p] + now_points,
                    total_innings: self.past_innings[p] + now_innings,
                    high_run: self.runs[p]
                        .iter()
                        .copied()
                        .chain(at_table_run)
                        .max()
                        .unwrap_or(0),
                    last_run: self.runs[p].last().copied(),
                    sets_won: self.sets_won[p],
                }
            }),
        }
    }
}

fn player(index: usize) -> Player {
    if index == 0 {
        Player::A
    } else {
        Player::B
    }
}

/// What is compared after each event: the counted part of the scoring screen.
#[derive(Debug, PartialEq, Eq)]
struct Counted {
    phase: Phase,
    set: Option<u16>,
    at_table: Option<Player>,
    breaker: Option<Player>,
    current_run: u32,
    result: Option<MatchResult>,
    can_undo: bool,
    players: [PlayerCount; 2],
}

/// One player's counted figures.
#[derive(Debug, PartialEq, Eq)]
struct PlayerCount {
    score: u32,
    innings: u32,
    total_points: u32,
    total_innings: u32,
    high_run: u32,
    last_run: Option<u32>,
    sets_won: u16,
}

/// The same figures, read from the system's view.
fn counted(v: &MatchView) -> Counted {
    Counted {
        phase: v.phase,
        set: v.set,
        at_table: v.at_table,
        breaker: v.breaker,
        current_run: v.current_run,
        result: v.result,
        can_undo: v.can_undo,
        players: [Player::A, Player::B].map(|p| {
            let pv = &v.players[p];
            PlayerCount {
                score: pv.score,
                innings: pv.innings,
                total_points: pv.total_points,
                total_innings: pv.total_innings,
                high_run: pv.high_run,
                last_run: pv.last_run,
                sets_won: pv.sets_won,
            }
        }),
    }
}

fn arb_event() -> impl Strategy<Value = Event> {
    let p = proptest::sample::select(Player::ALL.to_vec());
    prop_oneof![
        20 => Just(Event::carom()),
        8 => Just(Event::miss()),
        6 => (0u32..6).prop_map(|run| Event::Inning { run, at: None }),
        4 => (
            proptest::sample::select(Foul::ALL.to_vec()),
            proptest::collection::vec(proptest::sample::select(Ball::ALL.to_vec()), 0..2),
        )
            .prop_map(|(foul, balls)| Event::Foul {
                foul,
                balls,
                occupied: vec![],
                at: None
            }),
        2 => (0u64..100_000).prop_map(|t| Event::ShotClockExpired { at: Some(t) }),
        4 => proptest::option::of(p).prop_map(|player| Event::Break {
            player,
            spot: None,
            at: None
        }),
        6 => Just(Event::undo()),
    ]
}

fn arb_setup(discipline: Discipline) -> impl Strategy<Value = MatchSetup> {
    (
        1u32..12,
        1u32..12,
        proptest::option::of(1u32..6),
        any::<bool>(),
        proptest::option::of((prop_oneof![Just(1u8), Just(3), Just(5)], 1u32..5)),
    )
        .prop_map(move |(t0, t1, innings_limit, equalizing, sets)| {
            let mut s = MatchSetup::race(discipline, TableSize::Match, ["A", "B"], t0);
            s.players[Player::B].target = t1;
            s.innings_limit = innings_limit;
            s.equalizing_inning = equalizing;
            s.sets = sets.map(|(best_of, target)| SetsSetup { best_of, target });
            s
        })
}

fn run_case(setup: MatchSetup, events: Vec<Event>) {
    let mut m = Match::new(setup.clone()).unwrap();
    let mut model = Model::new(&setup);
    for (i, e) in events.iter().enumerate() {
        let accepted = m.apply(e.clone()).is_ok();
        assert_eq!(
            accepted,
            model.apply(e),
            "event {i} ({e:?}): the match and the model disagree on whether it is possible"
        );
        assert_eq!(
            counted(&m.view()),
            model.expected(),
            "after event {i} ({e:?})"
        );
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 10_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

macro_rules! counts_as_the_model {
    ($name:ident, $d:expr) => {
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $name(
                (setup, events) in arb_setup($d).prop_flat_map(|s| {
                    // Most cases start with a break so that play is reached.
                    (Just(s), any::<bool>(), proptest::collection::vec(arb_event(), 0..60))
                        .prop_map(|(s, start, mut ev)| {
                            if start {
                                ev.insert(0, Event::break_by(Player::A));
                            }
                            (s, ev)
                        })
                })
            ) {
                run_case(setup, events);
            }
        }
    };
}

counts_as_the_model!(libre_counts_as_the_reference_model, Discipline::Libre);
counts_as_the_model!(
    cadre_47_2_counts_as_the_reference_model,
    Discipline::Cadre47_2
);
counts_as_the_model!(
    cadre_47_1_counts_as_the_reference_model,
    Discipline::Cadre47_1
);
counts_as_the_model!(
    cadre_71_2_counts_as_the_reference_model,
    Discipline::Cadre71_2
);
counts_as_the_model!(
    one_cushion_counts_as_the_reference_model,
    Discipline::OneCushion
);
counts_as_the_model!(
    three_cushion_counts_as_the_reference_model,
    Discipline::ThreeCushion
);
