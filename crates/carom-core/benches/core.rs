//! `cargo bench -p carom-core --bench core` (run by `cargo xtask bench`).
//!
//! Prints one line per measurement:
//! `bench:<TAB>name<TAB>measured_ns<TAB>baseline_name<TAB>baseline_ns<TAB>goal text`.
//! Plain `Instant` loops with a warm-up; the median of the samples is reported.

// A benchmark, not shipped: a failed unwrap stops it with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Instant;

use carom_core::{Discipline, Event, Match, MatchFile, MatchSetup, Player, TableSize};

/// Median nanoseconds per iteration of `f`, `iters` iterations per sample.
fn median_ns(iters: u32, mut f: impl FnMut()) -> f64 {
    for _ in 0..iters.max(3) {
        f();
    }
    let mut samples: Vec<f64> = (0..31)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iters {
                f();
            }
            start.elapsed().as_nanos() as f64 / f64::from(iters)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn line(name: &str, ns: f64, baseline: &str, baseline_ns: f64, goal: &str) {
    println!("bench:\t{name}\t{ns:.0}\t{baseline}\t{baseline_ns:.0}\t{goal}");
}

/// A libre match of 2,000 events: caroms, misses and the odd undo, never finished.
fn generated_events() -> Vec<Event> {
    let mut events = vec![Event::break_by(Player::A)];
    let mut i: u32 = 0;
    while events.len() < 2000 {
        i = i.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        match (i >> 16) % 10 {
            0..=5 => events.push(Event::carom()),
            6..=8 => events.push(Event::miss()),
            _ => {
                events.push(Event::carom());
                events.push(Event::undo());
            }
        }
    }
    events.truncate(2000);
    events
}

fn main() {
    let setup = MatchSetup::race(Discipline::Libre, TableSize::Match, ["A", "B"], 10_000);
    let events = generated_events();
    let file = MatchFile {
        format: carom_core::FileFormat::CURRENT,
        setup: setup.clone(),
        events: events.clone(),
    };
    let json = file.to_json_pretty();

    // Apply one event: the 2,000 events one by one, per event.
    let per_event = median_ns(20, || {
        let mut m = Match::new(setup.clone()).unwrap();
        for e in &events {
            m.apply(e.clone()).unwrap();
        }
        black_box(&m);
    }) / events.len() as f64;
    let one_event_json = r#"{"type":"carom","at":123456}"#;
    let parse_one = median_ns(20_000, || {
        black_box(serde_json::from_str::<Event>(black_box(one_event_json)).unwrap());
    });
    line(
        "apply-one-event",
        per_event,
        "serde-json-parse-one-event",
        parse_one,
        "<= 1 us per event",
    );

    // Replay a generated 2,000-event match.
    let replay = median_ns(20, || {
        black_box(Match::replay(setup.clone(), events.iter().cloned()).unwrap());
    });
    let parse_file = median_ns(20, || {
        black_box(serde_json::from_str::<serde_json::Value>(black_box(&json)).unwrap());
    });
    line(
        "replay-2000-events",
        replay,
        "serde-json-parse-same-file",
        parse_file,
        "<= 1 ms per replay",
    );

    // The derived views of that match.
    let m = Match::replay(setup, events).unwrap();
    let view = median_ns(200, || {
        black_box(m.view());
    });
    let sheet = median_ns(50, || {
        black_box(m.sheet());
    });
    line(
        "view",
        view,
        "sheet",
        sheet,
        "view per event applied by the UI",
    );
}
