//! Random event sequences: each one a fresh match from a random set-up, then 1–24
//! random events, sent through carom-app's command path (`start_match`, then `play` event
//! by event, then `open_match`) and, as a mirror, through the rules core's `Match::apply`:
//! both must give the same answers. Most sequences run on an app over an in-memory
//! database (the same commands and SQL, no fsync, renewed every [`MEMORY_APP_SEQUENCES`]
//! sequences so that memory stays flat); every `durable_every`-th one runs on an app over
//! a real SQLite file, which commits durably. Each sequence runs under `catch_unwind`: a
//! panic is counted, with the seed that reproduces it.
//!
//! Invariants checked after every event:
//! - accepted: the log grows by exactly one event; no player's score is past his
//!   distance (the current game's, as the core counts it);
//! - refused: the match is unchanged (same view, same log);
//! - at the end of a sequence: the log replays to the same view;
//! - through the app: the same acceptance as the core, the answered event count is the
//!   log's, a stale screen (wrong `expected_seq`, on a tenth of the events) is refused and
//!   changes nothing, and the stored log is exactly the core's.

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
    /// Sequences through carom-app (all of them, unless one failed before its match started).
    pub through_app: u64,
    /// Of which on an app over a durable SQLite file.
    pub durable: u64,
    /// Random set-ups refused by the core (and, as checked, by the app), each replaced
    /// by a new draw.
    pub setups_refused: u64,
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

/// How many sequences one in-memory app serves before a fresh one replaces it: its
/// database then holds at most this many matches.
pub const MEMORY_APP_SEQUENCES: u64 = 10_000;

/// How many refused set-ups in a row make a sequence fail (the generator is broken).
const MAX_SETUP_DRAWS: u32 = 100;

/// Runs `sequences` random sequences from `seed` through carom-app, every
/// `durable_every`-th (none when 0) on an app over a SQLite file in `dir`, the others on
/// an app over an in-memory database.
pub fn fuzz(seed: u64, sequences: u64, durable_every: u64, dir: &Path) -> FuzzCounts {
    // A panic is counted and reported once here, not printed by the default hook.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let durable_app = App::open(&dir.join("fuzz.sqlite"), crate::platform::services());
    let mut memory_app = App::in_memory(crate::platform::services());
    let mut counts = FuzzCounts::default();
    for i in 0..sequences {
        let seq_seed = seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F);
        let durable = durable_every > 0 && i % durable_every == 0;
        if i > 0 && i % MEMORY_APP_SEQUENCES == 0 {
            memory_app = App::in_memory(crate::platform::services());
        }
        let app = if durable { &durable_app } else { &memory_app };
        let mut local = FuzzCounts::default();
        let run = catch_unwind(AssertUnwindSafe(|| sequence(seq_seed, app, &mut local)));
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
        counts.through_app += local.through_app;
        counts.durable += local.through_app.min(u64::from(durable));
        counts.setups_refused += local.setups_refused;
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
fn sequence(seed: u64, app: &App, counts: &mut FuzzCounts) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    // Set-ups are drawn until the core accepts one; each refused one must be refused by
    // the app too.
    let mut draws = 0;
    let (mut m, setup) = loop {
        let setup = events::setup(&mut rng);
        match Match::new(setup.clone()) {
            Ok(m) => break (m, setup),
            Err(_) => {
                counts.setups_refused += 1;
                check(app.start_match(StartMatch { setup }).is_err(), || {
                    "the app started a match the core refuses".into()
                })?;
            }
        }
        draws += 1;
        if draws == MAX_SETUP_DRAWS {
            return Err(format!("no set-up accepted in {MAX_SETUP_DRAWS} draws"));
        }
    };
    let id = app
        .start_match(StartMatch { setup })
        .map_err(|e| format!("the app refused a set-up the core accepts: {e:?}"))?
        .id;
    counts.through_app = 1;
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
    let replayed = Match::replay(m.setup().clone(), m.events().to_vec())
        .map_err(|e| format!("the log does not replay: {e:?}"))?;
    check(replayed.view() == m.view(), || {
        "the log replays to another view".into()
    })?;
    let opened = app
        .open_match(OpenMatch { id })
        .map_err(|e| format!("the app cannot open its match: {e:?}"))?;
    check(opened.events == m.events(), || {
        "the stored log is not the core's".into()
    })
}
