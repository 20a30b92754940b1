//! Statistics benchmarks on 10,000 generated stored matches, each next to a raw SQL
//! aggregate over the same rows measured in the same run. One line per measurement:
//! `bench:<TAB>name<TAB>measured_ns<TAB>baseline_name<TAB>baseline_ns<TAB>goal`.
//!
//! - One player's full statistics (every discipline: totals, averages, runs
//!   distribution, form, head-to-head, per-match lines, trend) vs `SUM`/`MAX` of his
//!   summary rows (goal ≤ 50 ms and ≤ 2× the baseline).
//! - The club ranking of one discipline vs `SUM`/`MAX` of the same rows grouped by player.
//!
//! The matches are imported through the store (checked and replayed by the core), then
//! summed up once by `Store::refresh_stats`, as the app does on its first statistics query.

// A benchmark, not shipped: a failed unwrap stops it with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use carom_core::figures::RankingQuery;
use carom_core::{Discipline, Event, Match, MatchFile, MatchSetup, Phase, Player, TableSize};
use carom_store::{StatsQuery, Store};

const MATCHES: usize = 10_000;
const PLAYERS: u64 = 20;
const RUNS: usize = 101;

fn line(name: &str, measured: Duration, baseline: &str, base: Duration, goal: &str) {
    println!(
        "bench:\t{name}\t{}\t{baseline}\t{}\t{goal}",
        measured.as_nanos(),
        base.as_nanos()
    );
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

/// A small deterministic generator (PCG-like LCG).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

/// Match `n`: two of the club's players, three-cushion to 30 (one in five libre to 100),
/// dated over ten years, innings of random runs until it finishes.
fn generated_match(n: usize, rng: &mut Rng) -> Match {
    let a = rng.next() % PLAYERS;
    let b = (a + 1 + rng.next() % (PLAYERS - 1)) % PLAYERS;
    let (discipline, target, spread) = if n.is_multiple_of(5) {
        (Discipline::Libre, 100, 25)
    } else {
        (Discipline::ThreeCushion, 30, 4)
    };
    let mut setup = MatchSetup::race(
        discipline,
        TableSize::Match,
        [&format!("Player {a:02}"), &format!("Player {b:02}")],
        target,
    );
    for ((_, p), id) in setup.players.iter_mut().zip([a, b]) {
        p.club = Some(format!("Club {}", id % 2));
    }
    setup.date = Some(format!(
        "{}-{:02}-{:02}",
        2015 + n % 10,
        1 + (n / 10) % 12,
        1 + (n / 120) % 28
    ));
    let mut m = Match::new(setup).expect("valid set-up");
    m.apply(Event::break_by(Player::A)).expect("break");
    while m.phase() != Phase::Finished {
        let view = m.view();
        let to_go = view.players[view.at_table.unwrap_or(Player::A)].to_go;
        let run = ((rng.next() % spread) as u32 * (rng.next() % 2) as u32).min(to_go);
        m.apply(Event::Inning { run, at: None }).expect("inning");
    }
    m
}

fn main() {
    // `cargo test --benches` runs this without `--bench`: keep that quick.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(&dir.path().join("stats.sqlite")).expect("open");
    let mut rng = Rng(7);
    let texts: Vec<String> = (0..MATCHES)
        .map(|n| MatchFile::from_match(&generated_match(n, &mut rng)).to_json_pretty())
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
    assert_eq!(store.refresh_stats().expect("summaries"), MATCHES);

    // The player with the most matches.
    let (player, played): (i64, i64) = store
        .connection()
        .query_row(
            "SELECT player_id, count(*) FROM match_stats GROUP BY player_id
             ORDER BY count(*) DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("busiest player");
    let q = StatsQuery::default();
    let mut ours = Vec::with_capacity(RUNS);
    let mut theirs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let t = Instant::now();
        let stats = store.player_stats(player, &q).expect("stats");
        ours.push(t.elapsed());
        assert_eq!(
            stats
                .disciplines
                .iter()
                .map(|d| i64::from(d.matches))
                .sum::<i64>(),
            played
        );
        black_box(stats);
        let t = Instant::now();
        let sums: Vec<(String, i64, i64, i64, i64)> = store
            .connection()
            .prepare_cached(
                "SELECT discipline, count(*), sum(points), sum(innings), max(high_run)
                 FROM match_stats WHERE player_id = ?1 GROUP BY discipline",
            )
            .unwrap()
            .query_map([player], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        theirs.push(t.elapsed());
        black_box(sums);
    }
    line(
        &format!("player-full-stats-{played}-of-10000-matches"),
        median(ours),
        "sql-sum-max-of-the-same-rows",
        median(theirs),
        "<= 50 ms and <= 2x baseline",
    );

    let rq = RankingQuery {
        discipline: Discipline::ThreeCushion,
        from: None,
        until: None,
        club: None,
    };
    let mut ours = Vec::with_capacity(RUNS);
    let mut theirs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let t = Instant::now();
        let ranking = store.ranking(&rq).expect("ranking");
        ours.push(t.elapsed());
        assert_eq!(ranking.rows.len(), PLAYERS as usize);
        black_box(ranking);
        let t = Instant::now();
        let sums: Vec<(i64, i64, i64, i64, i64)> = store
            .connection()
            .prepare_cached(
                "SELECT player_id, count(*), sum(points), sum(innings), max(high_run)
                 FROM match_stats WHERE discipline = ?1 GROUP BY player_id",
            )
            .unwrap()
            .query_map([rq.discipline.id()], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        theirs.push(t.elapsed());
        black_box(sums);
    }
    line(
        "club-ranking-three-cushion-of-10000-matches",
        median(ours),
        "sql-sum-max-grouped-by-player",
        median(theirs),
        "<= 50 ms and <= 2x baseline",
    );
}
