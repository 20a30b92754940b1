//! Every fixture tournament: read, written back, ranked under each rule set with an
//! expected file, exported to both federation files; the expected files were computed
//! by hand from the fixtures' games (each figure checked game by game), not printed by
//! this crate.

// A failed unwrap is the test's failure report, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use carom_tournament::{ErrorCode, RuleSet, TournamentFile};

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

fn fixture(name: &str) -> TournamentFile {
    let text = fs::read_to_string(dir("fixtures").join(format!("{name}.json"))).unwrap();
    TournamentFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn expected(file: &str) -> Option<String> {
    fs::read_to_string(dir("expected").join(file)).ok()
}

const FIXTURES: [&str; 8] = [
    "poule-of-5",
    "two-poules-then-final",
    "knock-out-of-10",
    "handicap-poule",
    "withdrawal",
    "draw-at-the-limit",
    "three-way-tie",
    "ties-within-ties",
];

/// The standings as the expected files write them: one line per row
/// (`poule rank name games match-points points innings average best high-run`, the
/// share of the distance under the handicap rules, `withdrawn`), then `KO rank name` per
/// knock-out placing.
fn standings_tsv(t: &TournamentFile, rules: RuleSet) -> String {
    let mut out = String::new();
    for poule in t.standings(rules).unwrap() {
        for r in &poule.rows {
            let name = &t.players[r.player].name;
            let best = r
                .best_game_average()
                .map_or("-".to_owned(), |a| a.to_decimal_string());
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                poule.poule,
                r.rank,
                name,
                r.games,
                r.match_points,
                r.points,
                r.innings,
                r.general_average().to_decimal_string(),
                best,
                r.high_run
            ));
            if rules == RuleSet::Handicap {
                let share = carom_core::Average::new(
                    r.points,
                    r.distances,
                    carom_core::AverageRule::Truncate,
                );
                out.push_str(&format!("\t{}", share.to_decimal_string()));
            }
            if r.withdrawn {
                out.push_str("\twithdrawn");
            }
            out.push('\n');
        }
    }
    for phase in &t.phases {
        if let carom_tournament::Phase::KnockOut(ko) = phase {
            for p in carom_tournament::bracket::placings(t, ko) {
                out.push_str(&format!("KO\t{}\t{}\n", p.rank, t.players[p.player].name));
            }
        }
    }
    out
}

#[test]
fn every_fixture_reads_and_writes_back_the_same_tournament() {
    for name in FIXTURES {
        let t = fixture(name);
        let written = t.to_json();
        let again = TournamentFile::parse(&written).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again, t, "{name}");
        assert_eq!(again.to_json(), written, "{name}: a second export differs");
    }
}

#[test]
fn every_fixture_ranks_as_its_hand_checked_standings() {
    let mut compared = 0;
    for name in FIXTURES {
        let t = fixture(name);
        for rules in RuleSet::ALL {
            let Some(want) = expected(&format!("{name}.{}.tsv", rules.id())) else {
                continue;
            };
            assert_eq!(
                standings_tsv(&t, rules),
                want,
                "{name} under {}",
                rules.id()
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 15);
}

#[test]
fn the_three_way_tie_is_settled_differently_by_each_rule_set() {
    let t = fixture("three-way-tie");
    let orders: Vec<Vec<(u32, &str)>> = RuleSet::ALL
        .iter()
        .map(|&rules| {
            t.standings(rules).unwrap()[0]
                .rows
                .iter()
                .map(|r| (r.rank, t.players[r.player].name.as_str()))
                .collect()
        })
        .collect();
    for (i, a) in orders.iter().enumerate() {
        for b in &orders[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn ffb_ties_left_by_the_games_between_four_are_decided_by_the_games_between_two() {
    // Four players equal on match points, average and high run; their games give two of
    // them 4 points and two 2; each pair is then decided by its own game.
    let t = fixture("ties-within-ties");
    let rows = &t.standings(RuleSet::Ffb).unwrap()[0].rows;
    let ranks: Vec<u32> = rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![1, 2, 3, 4, 5]);
}

#[test]
fn the_standings_json_is_the_hand_written_one() {
    let t = fixture("three-way-tie");
    let want = expected("three-way-tie.standings.ffb.json").unwrap();
    assert_eq!(t.standings_json(RuleSet::Ffb).unwrap(), want);
}

fn normalized(export: &str) -> String {
    export.trim_start_matches('\u{feff}').replace("\r\n", "\n")
}

#[test]
fn every_fixture_exports_its_hand_checked_federation_files() {
    let mut compared = 0;
    for name in FIXTURES {
        let t = fixture(name);
        if let Some(want) = expected(&format!("{name}.ffb-e2i.csv")) {
            let got = t.ffb_e2i().unwrap();
            assert!(got.starts_with('\u{feff}'), "{name}: no byte order mark");
            assert_eq!(normalized(&got), want, "{name}: FFB");
            compared += 1;
        }
        if let Some(want) = expected(&format!("{name}.dbu-clubcloud.csv")) {
            let got = t.dbu_clubcloud().unwrap();
            assert!(
                !got.starts_with('\u{feff}'),
                "{name}: DBU with a byte order mark"
            );
            assert_eq!(normalized(&got), want, "{name}: DBU");
            compared += 1;
        }
    }
    assert_eq!(compared, 7);
}

#[test]
fn the_ffb_file_has_no_code_for_rounds_before_the_semi_finals() {
    let e = fixture("knock-out-of-10").ffb_e2i().unwrap_err();
    assert_eq!(e.code, ErrorCode::FfbPhaseUnknown);
    assert_eq!(e.path, "phases[0].knock-out.rounds[0].round");
}

#[test]
fn the_example_of_the_documentation_reads() {
    let doc = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/tournament-file.md"),
    )
    .unwrap();
    let example = doc.split("## An example").nth(1).unwrap();
    let json = example
        .split("```json")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let t = TournamentFile::parse(json).unwrap_or_else(|e| panic!("{e}"));
    let rows = &t.standings(t.rules).unwrap()[0].rows;
    let order: Vec<&str> = rows
        .iter()
        .map(|r| t.players[r.player].name.as_str())
        .collect();
    // Ana and Carmen each won once (Carmen at the limit, 41 to 38); Ana's average is the
    // better one; Blanca lost.
    assert_eq!(order, vec!["Ana", "Carmen", "Blanca"]);
}
