//! Random event sequences: each one a fresh match from a random set-up, then 1–24
//! random events. Every sequence goes through the rules core (`Match::apply`, the code
//! `play` commits through); every `app_every`-th one also goes through carom-app's `play`
//! on a real SQLite file, event by event, and must get the same answers. Each sequence
//! runs under `catch_unwind`: a panic is counted, with the seed that reproduces it.
//!
//! Invariants checked after every event:
//! - accepted: the log grows by exactly one event; no player's score is past his
//!   distance (the current game's, as the core counts it);
//! - refused: the match is unchanged (same view, same log);
//! - at the end of a sequence: the log replays to the same view;
//! - through the app: the same acceptance as the core, the answered event count is the
//!   log's, a stale screen (wrong `expected_seq`) is refused and changes nothing, and the
//!   stored log is exactly the core's.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use carom_api::{OpenMatch, Play, StartMatch};
use carom_app::App;
use carom_core::{Match, Player};

use crate::events;
use crate::rng::Rng;

/// What a fuzz run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FuzzCounts {
    /// Sequences run.
    pub sequences: u64,
    /// Of which also through carom-app on SQLite.
    pub through_app: u64,
    /// Events the core accepted.
    pub applied: u64,
    /// Events the core refused.
    pub refused: u64,
    /// `play` commands sent to carom-app.
    pub app_plays: u64,
    /// Panics caught.
    pub panics: u64,
    /// Invariants broken (each with a line on stderr naming the seed).
    pub violations: u64,
}

/// Runs `sequences` random sequences from `seed`, every `app_every`-th also through an
/// app on a database in `dir`.
pub fn fuzz(seed: u64, sequences: u64, app_every: u64, dir: &Path) -> FuzzCounts {
    // A panic is counted and reported once here, not printed by the default hook.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let app = App::open(&dir.join("fuzz.sqlite"), crate::platform::services());
    let mut counts = FuzzCounts::default();
    for i in 0..sequences {
        let seq_seed = seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F);
        let through_app = app_every > 0 && i % app_every == 0;
        let mut local = FuzzCounts::default();
        let run = catch_unwind(AssertUnwindSafe(|| {
            sequence(seq_seed, through_app.then_some(&app), &mut local)
        }));
        match run {
            Ok(Ok(())) => {}
            Ok(Err(broken)) => {
                eprintln!("soak fuzz: invariant broken (sequence seed {seq_seed:#x}): {broken}");
                counts.violations += 1;
            }
            Err(payload) => {
                let what = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                eprintln!("soak fuzz: panic (sequence seed {seq_seed:#x}): {what}");
                counts.panics += 1;
            }
        }
        counts.sequences += 1;
        counts.through_app += u64::from(through_app);
        counts.applied += local.applied;
        counts.refused += local.refused;
        counts.app_plays += local.app_plays;
    }
    std::panic::set_hook(hook);
    counts
}

fn check(ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(what())
    }
}

/// One sequence from `seed`; `Err` names the first broken invariant.
fn sequence(seed: u64, app: Option<&App>, counts: &mut FuzzCounts) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let setup = events::setup(&mut rng);
    let Ok(mut m) = Match::new(setup.clone()) else {
        // A set-up the core refuses: the app must refuse it too.
        if let Some(app) = app {
            check(app.start_match(StartMatch { setup }).is_err(), || {
                "the app started a match the core refuses".into()
            })?;
        }
        return Ok(());
    };
    let id = match app {
        Some(app) => Some(
            app.start_match(StartMatch { setup })
                .map_err(|e| format!("the app refused a set-up the core accepts: {e:?}"))?
                .id,
        ),
        None => None,
    };
    for _ in 0..rng.range(1, 24) {
        let event = events::event(&mut rng);
        let before = m.view();
        let len = m.events().len();
        let core = m.apply(event.clone());
        if core.is_ok() {
            counts.applied += 1;
            check(m.events().len() == len + 1, || {
                "an accepted event did not add one event".into()
            })?;
            let view = m.view();
            for p in Player::ALL {
                let target = m.current_setup().target_of(p);
                check(view.players[p].score <= target, || {
                    format!("score {} past distance {target}", view.players[p].score)
                })?;
            }
        } else {
            counts.refused += 1;
            check(m.events().len() == len && m.view() == before, || {
                format!("a refused event changed the match: {event:?}")
            })?;
        }
        if let (Some(app), Some(id)) = (app, id) {
            let seq = u64::try_from(len).unwrap_or(u64::MAX);
            if rng.chance(1, 10) {
                counts.app_plays += 1;
                let stale = app.play(Play {
                    id,
                    expected_seq: seq + 1 + rng.below(3),
                    player: before.at_table,
                    event: event.clone(),
                });
                check(stale.is_err(), || "a stale play was accepted".into())?;
            }
            counts.app_plays += 1;
            let answer = app.play(Play {
                id,
                expected_seq: seq,
                player: before.at_table,
                event,
            });
            match (&core, &answer) {
                (Ok(()), Ok(applied)) => check(applied.events == seq + 1, || {
                    format!(
                        "the app answered {} events, not {}",
                        applied.events,
                        seq + 1
                    )
                })?,
                (Err(_), Err(_)) => {}
                _ => {
                    return Err(format!(
                        "the core said {core:?} and the app {answer:?} to the same event"
                    ))
                }
            }
        }
    }
    let replayed = Match::replay(m.setup().clone(), m.events().to_vec())
        .map_err(|e| format!("the log does not replay: {e:?}"))?;
    check(replayed.view() == m.view(), || {
        "the log replays to another view".into()
    })?;
    if let (Some(app), Some(id)) = (app, id) {
        let opened = app
            .open_match(OpenMatch { id })
            .map_err(|e| format!("the app cannot open its match: {e:?}"))?;
        check(opened.events == m.events(), || {
            "the stored log is not the core's".into()
        })?;
    }
    Ok(())
}
