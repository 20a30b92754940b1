//! The kill harness: a worker process records scripted matches through the real code path
//! ([`Store::append_event`]) and prints each acknowledged event after its commit; the test
//! kills it with SIGKILL after a seeded-random delay, reopens the database and checks that
//! every acknowledged event is there, nothing unacknowledged is half there, and
//! `PRAGMA integrity_check` is ok. 200 kills.
//!
//! The worker is this same test binary, started with `WORKER_ENV` set and filtered to the
//! `kill_worker` test; without the variable that test does nothing.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use carom_core::MatchStatus;
use carom_core::{Discipline, Event, MatchSetup, MatchView, Phase, PlayError, Player, TableSize};
use carom_store::{Store, StoreError};

const WORKER_ENV: &str = "CAROM_STORE_KILL_WORKER_DB";
const SEED_ENV: &str = "CAROM_STORE_KILL_WORKER_SEED";
const KILLS: u32 = 200;

/// xorshift64*: a seeded, dependency-free random source for the script and the delays.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn setup(n: u64) -> MatchSetup {
    let mut s = MatchSetup::race(
        if n & 1 == 0 {
            Discipline::Libre
        } else {
            Discipline::ThreeCushion
        },
        TableSize::Match,
        ["Caudron", "Jaspers"],
        12,
    );
    s.pause.enabled = false;
    s
}

/// The scripted referee: the next event for the match as it stands.
fn next_event(view: &MatchView, rng: &mut Rng) -> Event {
    let r = rng.below(100);
    match view.phase {
        Phase::Lag => Event::Lag {
            winner: Player::from_index((r % 2) as usize),
            relag: None,
            caused_by: None,
            red_touched_by: None,
            at: None,
        },
        _ if matches!(
            view.pending,
            Some(carom_core::PendingDecision::ChooseBreaker { .. })
        ) =>
        {
            Event::ChooseBreaker {
                player: Player::from_index((r % 2) as usize).unwrap_or(Player::A),
                spot: None,
                at: None,
            }
        }
        Phase::Break | Phase::SetOver => Event::Break {
            player: None,
            spot: None,
            at: None,
        },
        _ if r < 8 && view.can_undo => Event::undo(),
        _ if r < 60 => Event::Carom {
            at: Some(rng.next() % 1_000_000),
        },
        _ => Event::Miss {
            at: Some(rng.next() % 1_000_000),
        },
    }
}

/// Worker mode: records matches until killed (or for a few seconds at most).
fn worker(db: &Path, seed: u64) {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut rng = Rng(seed | 1);
    let mut store = Store::open(db).expect("the worker opens the database");
    let out = std::io::stdout();
    while Instant::now() < deadline {
        let resumable = store.unfinished_matches().expect("resume");
        let id = match resumable.first() {
            Some(m) => m.row.id,
            None => store
                .create_match_with_setup(setup(rng.next()), chrono::Utc::now())
                .expect("create"),
        };
        let mut view = store.match_view(id).expect("view");
        while view.phase != Phase::Finished && Instant::now() < deadline {
            let event = next_event(&view, &mut rng);
            let fallback = [
                event,
                Event::miss(),
                Event::Break {
                    player: None,
                    spot: None,
                    at: None,
                },
                Event::undo(),
            ];
            let mut appended = None;
            for e in fallback {
                match store.append_event(id, e, chrono::Utc::now()) {
                    Ok(m) => {
                        appended = Some(m.view());
                        break;
                    }
                    Err(StoreError::Play(_)) => continue,
                    Err(other) => panic!("worker: {other:?}"),
                }
            }
            view = appended.unwrap_or_else(|| panic!("worker: no event fits {view:?}"));
            let mut out = out.lock();
            writeln!(out, "ack {id} {}", view.events - 1).expect("stdout");
            out.flush().expect("stdout");
        }
    }
}

#[test]
fn kill_worker() {
    let (Some(db), Some(seed)) = (std::env::var_os(WORKER_ENV), std::env::var_os(SEED_ENV)) else {
        return;
    };
    let seed = seed.to_string_lossy().parse().expect("seed");
    worker(Path::new(&db), seed);
}

/// Checks the database after a kill; returns the number of events per match.
fn check(
    db: &Path,
    acked: &BTreeMap<i64, i64>,
    round_acks: &BTreeMap<i64, i64>,
    before: &BTreeMap<i64, i64>,
) -> BTreeMap<i64, i64> {
    let mut store = Store::open(db).expect("the database opens after a kill");
    store.integrity_check().expect("integrity_check is ok");
    let mut counts = BTreeMap::new();
    for row in store.list_matches(u32::MAX).expect("list") {
        let log = store.events(row.id).expect("events decode");
        // Contiguous from 0, and the match row was updated in the same transaction.
        for (i, e) in log.iter().enumerate() {
            assert_eq!(e.seq as usize, i, "match {}: a hole in the log", row.id);
        }
        assert_eq!(
            row.events as usize,
            log.len(),
            "match {}: row and log disagree",
            row.id
        );
        let m = store.load_match(row.id).expect("the log replays");
        assert_eq!(row.status, MatchStatus::of(&m), "match {}: status", row.id);
        counts.insert(row.id, log.len() as i64);
    }
    for (id, seq) in acked {
        let n = counts.get(id).copied().unwrap_or(0);
        assert!(
            n > *seq,
            "match {id}: acknowledged event {seq} is missing ({n} stored)"
        );
    }
    // A round adds its acknowledged events plus at most the one committed between its
    // commit and its acknowledgement when the kill came.
    let mut unacknowledged = 0;
    for (id, n) in &counts {
        let known = before
            .get(id)
            .copied()
            .unwrap_or(0)
            .max(round_acks.get(id).map_or(0, |s| s + 1));
        assert!(*n >= known, "match {id}: {n} events stored, {known} known");
        unacknowledged += n - known;
    }
    assert!(
        unacknowledged <= 1,
        "{unacknowledged} unacknowledged events in one round"
    );
    counts
}

#[test]
fn every_acknowledged_event_survives_200_kills_and_nothing_is_half_written() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    let exe = std::env::current_exe().unwrap();
    let mut rng = Rng(0x005e_edca_20b0_11e5);
    let mut acked: BTreeMap<i64, i64> = BTreeMap::new();
    let mut counts: BTreeMap<i64, i64> = BTreeMap::new();
    let (mut total_acks, mut kills_while_recording) = (0u64, 0u32);
    let started = Instant::now();
    for round in 0..KILLS {
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                "kill_worker",
                "--nocapture",
                "--test-threads=1",
                "-q",
            ])
            .env(WORKER_ENV, &db)
            .env(SEED_ENV, rng.next().to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .filter_map(|l| {
                    let mut f = l.strip_prefix("ack ")?.split(' ');
                    Some((
                        f.next()?.parse::<i64>().ok()?,
                        f.next()?.parse::<i64>().ok()?,
                    ))
                })
                .collect::<Vec<_>>()
        });
        // The only sleep: the random moment of the kill.
        std::thread::sleep(Duration::from_micros(2_000 + rng.below(60_000)));
        let _ = child.kill();
        let status = child.wait().unwrap();
        let acks = reader.join().unwrap();
        if status.success() || status.code().is_some() {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            assert!(
                status.success(),
                "round {round}: the worker failed: {status}\n{err}"
            );
        }
        if !acks.is_empty() {
            kills_while_recording += 1;
        }
        total_acks += acks.len() as u64;
        let mut round_acks = BTreeMap::new();
        for (id, seq) in acks {
            let last = acked.entry(id).or_insert(-1);
            assert!(
                seq > *last,
                "round {round}: match {id} acknowledged {seq} after {last}"
            );
            *last = seq;
            round_acks.insert(id, seq);
        }
        counts = check(&db, &acked, &round_acks, &counts);
    }
    eprintln!(
        "kill harness: {KILLS} kills ({kills_while_recording} while recording), {total_acks} \
         acknowledged events over {} matches, {:.1} s",
        acked.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        kills_while_recording >= KILLS / 2,
        "too few kills hit the recording"
    );
    assert!(acked.len() >= 2, "the worker never finished a match");
}

#[test]
fn the_scripted_referee_never_gets_stuck() {
    let mut store = Store::open_in_memory().unwrap();
    let mut rng = Rng(42);
    for n in 0..4 {
        let id = store
            .create_match_with_setup(setup(n), chrono::Utc::now())
            .unwrap();
        let mut view = store.match_view(id).unwrap();
        let mut steps = 0;
        while view.phase != Phase::Finished {
            let e = next_event(&view, &mut rng);
            view = match store.append_event(id, e.clone(), chrono::Utc::now()) {
                Ok(m) => m.view(),
                Err(StoreError::Play(PlayError::NothingToUndo)) => continue,
                Err(other) => panic!("{e:?} in {view:?}: {other:?}"),
            };
            steps += 1;
            assert!(steps < 5_000);
        }
    }
}
