//! Store benchmarks, each next to a baseline measured in the same run, on files in a
//! temporary folder. One line per measurement:
//! `bench:<TAB>name<TAB>measured_ns<TAB>baseline_name<TAB>baseline_ns<TAB>goal`.
//!
//! - A durable event append through `Store::append_event` vs a bare `INSERT` + `COMMIT`
//!   of a row of the same size with the same pragmas (p50 and p99; goal ratio ≤ 1.5).
//! - With 10,000 stored matches: the first history page (goal ≤ 20 ms) vs a bare `SELECT`
//!   of the same rows; opening a finished match with its sheet (goal ≤ 10 ms) vs a bare
//!   `SELECT` of its events.

// A benchmark, not shipped: a failed unwrap stops it with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use carom_core::{Discipline, Event, Match, MatchFile, MatchSetup, Phase, Player, TableSize};
use carom_store::{HistoryQuery, Store};
use rusqlite::{params, Connection};

const MATCHES: usize = 10_000;

fn line(name: &str, measured: Duration, baseline: &str, base: Duration, goal: &str) {
    println!(
        "bench:\t{name}\t{}\t{baseline}\t{}\t{goal}",
        measured.as_nanos(),
        base.as_nanos()
    );
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort_unstable();
    let i = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[i]
}

fn median(mut samples: Vec<Duration>) -> Duration {
    percentile(&mut samples, 0.5)
}

fn start_events() -> [Event; 3] {
    [
        Event::Lag {
            winner: Some(Player::A),
            relag: None,
            caused_by: None,
            red_touched_by: None,
            at: Some(1),
        },
        Event::ChooseBreaker {
            player: Player::A,
            spot: None,
            at: Some(2),
        },
        Event::Break {
            player: Some(Player::A),
            spot: None,
            at: Some(3),
        },
    ]
}

/// A finished libre match to 30 with runs varying by `n`.
fn finished_match(n: usize) -> Match {
    let setup = MatchSetup::race(
        Discipline::Libre,
        TableSize::Match,
        [&format!("Player {n}"), &format!("Opponent {}", n % 50)],
        30,
    );
    let mut m = Match::new(setup).expect("valid set-up");
    for e in start_events() {
        m.apply(e).expect("start");
    }
    let mut i = n;
    let mut at = 10_000u64;
    while m.phase() != Phase::Finished {
        i = i
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        at += 20_000;
        let e = match (i >> 33) % 3 {
            0 => Event::Miss { at: Some(at) },
            _ => Event::Carom { at: Some(at) },
        };
        m.apply(e).expect("scripted event");
    }
    m
}

fn bench_append(dir: &std::path::Path) {
    const N: usize = 300;
    let mut store = Store::open(&dir.join("append.sqlite")).expect("open");
    let setup = MatchSetup::race(Discipline::Libre, TableSize::Match, ["A", "B"], 10_000);
    let id = store
        .create_match_with_setup(setup, chrono::Utc::now())
        .expect("create");
    for e in start_events() {
        store
            .append_event(id, e, chrono::Utc::now())
            .expect("start");
    }

    let bare = Connection::open(dir.join("bare.sqlite")).expect("open bare");
    bare.pragma_update(None, "locking_mode", "EXCLUSIVE")
        .unwrap();
    bare.pragma_update(None, "journal_mode", "WAL").unwrap();
    bare.pragma_update(None, "synchronous", "FULL").unwrap();
    bare.execute_batch(
        "CREATE TABLE events (match_id INTEGER NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL,
             recorded_at TEXT NOT NULL, PRIMARY KEY (match_id, seq)) STRICT, WITHOUT ROWID;",
    )
    .unwrap();

    let mut ours = Vec::with_capacity(N);
    let mut theirs = Vec::with_capacity(N);
    let mut seq = 0i64;
    // Alternate in small blocks so that both see the same disk conditions.
    for block in 0..(N / 10 + 2) {
        for k in 0..10 {
            let at = (block * 10 + k) as u64 * 1000;
            let event = if k % 4 == 3 {
                Event::Miss { at: Some(at) }
            } else {
                Event::Carom { at: Some(at) }
            };
            let json = serde_json::to_string(&event).unwrap();
            let recorded_at = chrono::Utc::now();
            let t = Instant::now();
            black_box(store.append_event(id, event, recorded_at).expect("append"));
            let d = t.elapsed();
            let stamp = recorded_at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
            let t = Instant::now();
            bare.execute_batch("BEGIN").unwrap();
            bare.prepare_cached("INSERT INTO events VALUES (1, ?1, ?2, ?3)")
                .unwrap()
                .execute(params![seq, json, stamp])
                .unwrap();
            bare.execute_batch("COMMIT").unwrap();
            let b = t.elapsed();
            seq += 1;
            if block >= 2 {
                // The first blocks warm both up.
                ours.push(d);
                theirs.push(b);
            }
        }
    }
    for (label, p) in [("p50", 0.5), ("p99", 0.99)] {
        line(
            &format!("store-append-event-durable-{label}"),
            percentile(&mut ours, p),
            &format!("bare-insert-commit-same-pragmas-{label}"),
            percentile(&mut theirs, p),
            "ratio <= 1.5",
        );
    }
}

fn bench_history(dir: &std::path::Path) {
    let mut store = Store::open(&dir.join("history.sqlite")).expect("open");
    let texts: Vec<String> = (0..MATCHES)
        .map(|n| MatchFile::from_match(&finished_match(n)).to_json_pretty())
        .collect();
    for chunk in texts.chunks(1000) {
        let files: Vec<&[u8]> = chunk.iter().map(String::as_bytes).collect();
        for r in store
            .import_matches(&files, chrono::Utc::now())
            .expect("import")
        {
            r.expect("imported");
        }
    }
    let ids: Vec<i64> = store
        .connection()
        .prepare("SELECT id FROM matches ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(ids.len(), MATCHES);

    const RUNS: usize = 200;
    let q = HistoryQuery::default();
    let mut ours = Vec::with_capacity(RUNS);
    let mut theirs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let t = Instant::now();
        let page = store.history(&q).expect("history");
        ours.push(t.elapsed());
        assert_eq!(page.matches.len(), 20);
        black_box(page);
        let t = Instant::now();
        let rows: Vec<(i64, String, String, String)> = store
            .connection()
            .prepare_cached(
                "SELECT id, setup, status, created_at FROM matches WHERE deleted_at IS NULL
                 ORDER BY created_at DESC, id DESC LIMIT 20",
            )
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        theirs.push(t.elapsed());
        black_box(rows);
    }
    line(
        "history-first-page-of-10000-matches",
        median(ours),
        "bare-select-of-the-20-rows",
        median(theirs),
        "<= 20 ms",
    );

    let mut ours = Vec::with_capacity(RUNS);
    let mut theirs = Vec::with_capacity(RUNS);
    for k in 0..RUNS {
        // A different match each time: the replay cache never helps.
        let id = ids[(k * 7919) % ids.len()];
        let t = Instant::now();
        let opened = store.open_match(id).expect("open match");
        ours.push(t.elapsed());
        assert_eq!(opened.view.phase, Phase::Finished);
        black_box(opened);
        let t = Instant::now();
        let events: Vec<String> = store
            .connection()
            .prepare_cached("SELECT event FROM events WHERE match_id = ?1 ORDER BY seq")
            .unwrap()
            .query_map([ids[(k * 7919 + 3) % ids.len()]], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        theirs.push(t.elapsed());
        black_box(events);
    }
    line(
        "open-finished-match-with-sheet-of-10000",
        median(ours),
        "bare-select-of-its-events",
        median(theirs),
        "<= 10 ms",
    );

    // App start: opening checks the file (quick_check) before anything is written.
    let path = dir.join("history.sqlite");
    drop(store);
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let s = Store::open(&path).expect("reopen");
        ours.push(t.elapsed());
        drop(s);
        let t = Instant::now();
        let c = Connection::open(&path).unwrap();
        let n: i64 = c
            .query_row("SELECT count(*) FROM matches", [], |r| r.get(0))
            .unwrap();
        theirs.push(t.elapsed());
        assert_eq!(n as usize, MATCHES);
    }
    line(
        "open-database-of-10000-matches-checked",
        median(ours),
        "bare-open-and-count",
        median(theirs),
        "informational (app start)",
    );
}

fn main() {
    // `cargo test --benches` runs this with `--bench` absent: keep that quick.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    bench_append(dir.path());
    bench_history(dir.path());
}
