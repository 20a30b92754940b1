//! Property tests of the state machine over every kind of event: any event sequence
//! never panics; an invalid event changes nothing; score is the sum of the runs; innings
//! never differ by more than one; fold equals incremental application; undo restores the
//! previous state exactly. 10,000 cases per discipline. (The counts themselves are
//! compared with a reference model that has its own `apply` in `reference.rs`.)

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::*;
use proptest::prelude::*;

fn arb_foul() -> impl Strategy<Value = Foul> {
    proptest::sample::select(Foul::ALL.to_vec())
}

fn arb_ball() -> impl Strategy<Value = Ball> {
    proptest::sample::select(Ball::ALL.to_vec())
}

fn arb_spot() -> impl Strategy<Value = Spot> {
    proptest::sample::select(vec![Spot::Top, Spot::Centre, Spot::Bottom, Spot::OuterLeft])
}

fn arb_event() -> impl Strategy<Value = Event> {
    // A player index other than 0 and 1 cannot be written: `Player` has two values (the
    // match file refuses 2 when it is parsed).
    let p = proptest::sample::select(Player::ALL.to_vec());
    prop_oneof![
        20 => Just(Event::carom()),
        8 => Just(Event::miss()),
        6 => (0u32..6).prop_map(|run| Event::Inning { run, at: None }),
        4 => (arb_foul(), proptest::collection::vec(arb_ball(), 0..2)).prop_map(|(foul, balls)| Event::Foul {
            foul,
            balls,
            occupied: vec![],
            at: None
        }),
        3 => (proptest::option::of(prop_oneof![Just(ContactChoice::Respot), Just(ContactChoice::PlayOn)]),
              proptest::option::of(prop_oneof![Just(ContactWith::Ball), Just(ContactWith::Cushion)]),
              proptest::option::of(arb_ball()),
              proptest::collection::vec((arb_spot(), arb_ball()), 0..2))
            .prop_map(|(choice, with, ball, occupied)| Event::Contact {
                choice,
                with,
                ball,
                occupied: occupied.into_iter().map(|(spot, ball)| Occupied { spot, ball }).collect(),
                at: None
            }),
        3 => (prop_oneof![Just(ZoneCall::ACheval), Just(ZoneCall::Entree), Just(ZoneCall::Dedans)], any::<bool>())
            .prop_map(|(call, anchor)| Event::Zone { call, anchor, at: None }),
        4 => proptest::option::of(p.clone()).prop_map(|player| Event::Break { player, spot: None, at: None }),
        2 => (proptest::option::of(p.clone()), proptest::option::of(prop_oneof![
                Just(RelagReason::NotSimultaneous), Just(RelagReason::Collision), Just(RelagReason::EqualDistance)]),
              proptest::option::of(p.clone()), proptest::option::of(p.clone()))
            .prop_map(|(winner, relag, caused_by, red_touched_by)| Event::Lag { winner, relag, caused_by, red_touched_by, at: None }),
        1 => p.clone().prop_map(|player| Event::ChooseBreaker { player, spot: None, at: None }),
        2 => (0u64..100_000).prop_map(|t| Event::ShotClockExpired { at: Some(t) }),
        1 => proptest::option::of(p.clone()).prop_map(|player| Event::TimeOut { player, at: None }),
        1 => Just(Event::PauseStart { at: None }),
        1 => Just(Event::PauseEnd { at: None }),
        1 => p.clone().prop_map(|player| Event::Warning { player, at: None }),
        1 => (p.clone(), 1u32..4, 0u32..4).prop_map(|(player, inning, run)| Event::EditInning { player, inning, run, at: None }),
        6 => Just(Event::undo()),
    ]
}

fn arb_setup(discipline: Discipline) -> impl Strategy<Value = MatchSetup> {
    (
        proptest::sample::select(TableSize::ALL.to_vec()),
        1u32..12,
        1u32..12,
        proptest::option::of(1u32..6),
        any::<bool>(),
        proptest::option::of((prop_oneof![Just(1u8), Just(3), Just(5)], 1u32..5)),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            move |(table, t0, t1, innings_limit, equalizing, sets, clock, round)| {
                let mut s = MatchSetup::race(discipline, table, ["A", "B"], t0);
                s.players[Player::B].target = t1;
                s.innings_limit = innings_limit;
                s.equalizing_inning = equalizing;
                s.sets = sets.map(|(best_of, target)| SetsSetup { best_of, target });
                s.average = if round {
                    AverageRule::Round
                } else {
                    AverageRule::Truncate
                };
                s.shot_clock = clock.then_some(ShotClock {
                    seconds: 40,
                    warning_at: Some(30),
                    timeouts: 1,
                    timeout_seconds: 40,
                });
                s
            },
        )
}

/// What the match showed before an event (per player, the score and innings of the
/// current game), read from its own view: undo must bring it back. Not a reference model:
/// that one, with its own `apply`, is in `reference.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Snapshot {
    score: [u32; 2],
    innings: [u32; 2],
    at_table: Option<Player>,
    set: Option<u16>,
}

fn snapshot_of(v: &MatchView) -> Snapshot {
    Snapshot {
        score: [v.players[Player::A].score, v.players[Player::B].score],
        innings: [v.players[Player::A].innings, v.players[Player::B].innings],
        at_table: v.at_table,
        set: v.set,
    }
}

fn check_invariants(m: &Match) {
    let v = m.view();
    for p in Player::ALL {
        let (points, innings) = m.totals(p);
        let runs = m.runs(p);
        assert_eq!(points, runs.iter().sum::<u32>(), "score = sum of runs");
        assert_eq!(innings as usize, runs.len(), "one run per inning");
        assert!(m.high_run(p) <= points);
    }
    let [a, b] = [v.players[Player::A].innings, v.players[Player::B].innings];
    assert!(
        a.abs_diff(b) <= 1,
        "innings differ by more than one: {a} {b}"
    );
    if let Some(t) = v.at_table {
        let b = v.breaker.unwrap();
        // The player at the table has played as many innings as the other, or one more
        // when he broke.
        let (mine, other) = (v.players[t].innings, v.players[t.other()].innings);
        if t == b {
            assert_eq!(mine, other + 1);
        } else {
            assert_eq!(mine, other);
        }
        assert!(v.players[t].score <= v.players[t].target);
    }
    if v.phase == Phase::Finished {
        assert!(v.result.is_some());
    }
}

fn run_case(setup: MatchSetup, events: Vec<Event>) {
    let mut m = Match::new(setup.clone()).unwrap();
    let mut snapshots: Vec<Snapshot> = Vec::new();
    for e in events {
        let before = m.clone();
        let seen = snapshot_of(&m.view());
        if m.apply(e.clone()).is_err() {
            assert_eq!(m, before, "an invalid event changed the match: {e:?}");
            continue;
        }
        let now = snapshot_of(&m.view());
        match &e {
            Event::Undo { .. } => {
                let prev = snapshots
                    .pop()
                    .expect("undo succeeded with no event to undo");
                assert_eq!(now, prev, "undo did not restore what the match showed");
            }
            _ => {
                snapshots.push(seen);
                // Undo right away restores the previous state exactly.
                let mut u = m.clone();
                u.apply(Event::undo()).unwrap();
                // Everything but the event count (the undo is an event too).
                let (mut after_undo, mut previous) = (u.view(), before.view());
                after_undo.events = 0;
                previous.events = 0;
                assert_eq!(after_undo, previous, "undo of {e:?}");
                assert_eq!(u.innings_log(), before.innings_log());
                assert_eq!(u.games(), before.games());
                assert_eq!(u.sheet().sets, before.sheet().sets);
            }
        }
        if let (Event::Carom { .. }, Some(t)) = (&e, seen.at_table) {
            assert!(m.view().players[t].total_points > before.view().players[t].total_points);
            assert_eq!(now.score[t.other().index()], seen.score[t.other().index()]);
        }
        if let (Event::Inning { run, .. }, Some(t)) = (&e, seen.at_table) {
            let gained = m.totals(t).0 - before.totals(t).0;
            assert!(gained >= *run, "inning run {run}, gained {gained}");
        }
        if let (Event::Miss { .. }, Some(t), Some(n)) = (&e, seen.at_table, now.at_table) {
            if now.set == seen.set {
                assert_ne!(t, n, "a miss passes the turn");
                assert_eq!(now.score, seen.score);
                assert_eq!(now.innings[n.index()], seen.innings[n.index()] + 1);
            }
        }
        check_invariants(&m);
    }
    // fold == incremental.
    let folded = Match::replay(setup, m.events().to_vec()).unwrap();
    assert_eq!(folded, m);
    // The match file round-trips.
    let file = MatchFile::from_match(&m);
    assert_eq!(MatchFile::parse(&file.to_json_pretty()).unwrap(), file);
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 10_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

macro_rules! discipline_properties {
    ($name:ident, $d:expr) => {
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $name(
                (setup, events) in arb_setup($d).prop_flat_map(|s| {
                    // Most cases start with a break so that play is reached.
                    (Just(s), any::<bool>(), proptest::collection::vec(arb_event(), 0..40))
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

discipline_properties!(
    libre_any_event_sequence_keeps_the_invariants,
    Discipline::Libre
);
discipline_properties!(
    cadre_47_2_any_event_sequence_keeps_the_invariants,
    Discipline::Cadre47_2
);
discipline_properties!(
    cadre_47_1_any_event_sequence_keeps_the_invariants,
    Discipline::Cadre47_1
);
discipline_properties!(
    cadre_71_2_any_event_sequence_keeps_the_invariants,
    Discipline::Cadre71_2
);
discipline_properties!(
    one_cushion_any_event_sequence_keeps_the_invariants,
    Discipline::OneCushion
);
discipline_properties!(
    three_cushion_any_event_sequence_keeps_the_invariants,
    Discipline::ThreeCushion
);
