//! The worker's part in `cargo xtask bench` (the `bench` feature, built only by it):
//!
//! - a durable event append of the store against a bare INSERT+COMMIT with the same
//!   pragmas, both on the OPFS pool VFS. It runs in a pool of its own (another VFS name
//!   and folder, emptied first), so it never touches the app's database;
//! - the slowed worker: the benchmark runs the page at 4× CPU throttling, which browsers
//!   do not apply to workers, and asks the worker to be as slow (its own work on each
//!   message stretched that many times, by spinning after it), so that a tap's round trip
//!   is measured as on a slow phone.

use std::cell::Cell;
use std::hint::black_box;

use carom_core::{Discipline, Event, MatchSetup, Player, TableSize};
use carom_store::Store;
use rusqlite::{params, Connection};
use sqlite_wasm_vfs::sahpool::{install, OpfsSAHPoolCfgBuilder};
use wasm_bindgen::prelude::*;

const VFS: &str = "opfs-sahpool-bench";

thread_local! {
    /// How many times the worker's own work is stretched (1: not at all).
    static SLOWDOWN: Cell<u32> = const { Cell::new(1) };
}

/// From now on, each message's work is stretched `times` times (`ToWorker::SlowDown`).
pub(crate) fn slow_down(times: u32) {
    SLOWDOWN.with(|s| s.set(times.max(1)));
}

/// Spins until the work begun at `started` (ms, [`now`]) has taken the slowdown's
/// multiple of its time, as a slower CPU would.
pub(crate) fn stretch(started: f64) {
    let times = SLOWDOWN.with(Cell::get);
    if times > 1 {
        let until = started + (now() - started) * f64::from(times);
        while now() < until {
            // Busy, as a slower CPU would be.
        }
    }
}

/// `performance.now()` of the worker (ms), 0 when the worker has none.
pub(crate) fn now() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| {
            let now = js_sys::Reflect::get(&p, &"now".into()).ok()?;
            let now: &js_sys::Function = now.dyn_ref()?;
            now.call0(&p).ok()?.as_f64()
        })
        .unwrap_or(0.0)
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v.get(i).copied().unwrap_or(0.0)
}

fn fail(e: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&e.to_string())
}

/// `n` appends each way, alternating in blocks of ten so both see the same storage:
/// `[store p50, bare p50, store p99, bare p99]` in ms, over the blocks' means.
///
/// # Errors
/// Why the pool or a database could not be used.
pub(crate) async fn bench_append(n: u32) -> Result<Vec<f64>, JsValue> {
    let cfg = OpfsSAHPoolCfgBuilder::new()
        .vfs_name(VFS)
        .directory(".carambole-bench")
        .clear_on_init(true)
        .build();
    install::<sqlite_wasm_rs::WasmOsCallback>(&cfg, false)
        .await
        .map_err(fail)?;
    let mut store = Store::open_vfs("/append.sqlite", VFS).map_err(fail)?;
    let setup = MatchSetup::race(Discipline::Libre, TableSize::Match, ["A", "B"], 10_000);
    let id = store
        .create_match_with_setup(setup, chrono::Utc::now())
        .map_err(fail)?;
    let start = [
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
    ];
    for e in start {
        store
            .append_event(id, e, chrono::Utc::now())
            .map_err(fail)?;
    }
    let bare = Connection::open_with_flags_and_vfs(
        "/bare.sqlite",
        rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_CREATE,
        VFS,
    )
    .map_err(fail)?;
    bare.execute_batch(
        "PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         CREATE TABLE events (match_id INTEGER NOT NULL, seq INTEGER NOT NULL,
             event TEXT NOT NULL, recorded_at TEXT NOT NULL, PRIMARY KEY (match_id, seq))
             STRICT, WITHOUT ROWID;",
    )
    .map_err(fail)?;
    // A worker's clock ticks in 100 µs steps (the page is not cross-origin isolated), as
    // long as an append: each sample is the mean of a block of ten appends.
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut seq = 0i64;
    for block in 0..(n / 10 + 2) {
        let events: Vec<(Event, chrono::DateTime<chrono::Utc>)> = (0..10u64)
            .map(|k| {
                let at = (u64::from(block) * 10 + k) * 1000 + 10;
                let event = if k % 4 == 3 {
                    Event::Miss { at: Some(at) }
                } else {
                    Event::Carom { at: Some(at) }
                };
                (event, chrono::Utc::now())
            })
            .collect();
        let rows: Vec<(String, String)> = events
            .iter()
            .map(|(e, t)| {
                let json = serde_json::to_string(e).map_err(fail)?;
                Ok((json, t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)))
            })
            .collect::<Result<_, JsValue>>()?;
        let t = now();
        for (event, recorded_at) in events {
            black_box(store.append_event(id, event, recorded_at).map_err(fail)?);
        }
        let d = (now() - t) / 10.0;
        let t = now();
        for (json, stamp) in rows {
            bare.execute_batch("BEGIN").map_err(fail)?;
            bare.prepare_cached("INSERT INTO events VALUES (1, ?1, ?2, ?3)")
                .map_err(fail)?
                .execute(params![seq, json, stamp])
                .map_err(fail)?;
            bare.execute_batch("COMMIT").map_err(fail)?;
            seq += 1;
        }
        let b = (now() - t) / 10.0;
        // The first blocks warm the caches and the pool.
        if block >= 2 {
            ours.push(d);
            theirs.push(b);
        }
    }
    Ok(vec![
        percentile(&mut ours, 0.5),
        percentile(&mut theirs, 0.5),
        percentile(&mut ours, 0.99),
        percentile(&mut theirs, 0.99),
    ])
}
