//! Replays every match file of `tests/fixtures/` and snapshots the replay report, the score
//! sheet and the announcement sequence; checks that every invalid file fails with its code
//! and event index (`tests/fixtures/invalid/expected.tsv`); replays every `carambole-match/1`
//! file of `tests/fixtures/v1/` to the result the release that published `/1` gave
//! (`tests/fixtures/v1/expected.tsv`).

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

use carom_core::{
    replay_report, Announcement, Arg, FileError, FileFormat, Match, MatchFile, ScoreSheet, FORMAT,
    FORMAT_V1,
};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// One line per announcement: `event-index  fluent-id  name=value …`.
fn announcement_lines(m: &Match) -> Vec<String> {
    m.announcements()
        .iter()
        .map(|r| {
            let msg = r.announcement.message();
            let args: Vec<String> = msg
                .args
                .iter()
                .map(|(k, v)| match v {
                    Arg::Number(n) => format!("{k}={n}"),
                    Arg::Decimal(d) => format!("{k}={d}/1000"),
                    Arg::Text(t) => format!("{k}={t:?}"),
                })
                .collect();
            format!("{:>3}  {}  {}", r.event_index, msg.id, args.join(" "))
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn every_fixture_replays_and_matches_its_snapshots() {
    let files = json_files(&fixtures_dir());
    assert!(files.len() >= 30, "fixtures missing");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap();
        let file = MatchFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let m = file.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        // The file written back parses to the same match file.
        let again = MatchFile::parse(&file.to_json_pretty()).unwrap();
        assert_eq!(again, file, "{name}: round trip");
        assert_eq!(MatchFile::from_match(&m), file, "{name}: from_match");
        let report = replay_report(&file, false).unwrap();
        // The exact text `carambole replay` prints (averages with 3 decimals).
        insta::assert_snapshot!(
            format!("{name}.report"),
            serde_json::to_string_pretty(&report).unwrap()
        );
        insta::assert_json_snapshot!(format!("{name}.sheet"), m.sheet());
        insta::assert_snapshot!(
            format!("{name}.announcements"),
            announcement_lines(&m).join("\n")
        );
    }
}

/// The sheet crosses the wire to the screens (the signing screen, the archive) and is read
/// back there: every finished match's sheet, with its corrections, fouls and notes, reads
/// back equal.
#[test]
fn every_fixtures_sheet_reads_back_equal_from_its_json() {
    let mut finished = 0;
    for path in json_files(&fixtures_dir()) {
        let text = fs::read_to_string(&path).unwrap();
        let m = MatchFile::parse(&text).unwrap().replay().unwrap();
        let sheet = m.sheet();
        finished += usize::from(sheet.result.is_some());
        let json = serde_json::to_string(&sheet).unwrap();
        let back: ScoreSheet = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("{}: {e}\n{json}", path.display()));
        assert_eq!(back, sheet, "{}", path.display());
    }
    assert!(finished >= 10, "finished matches missing: {finished}");
}

#[test]
fn every_invalid_fixture_fails_with_its_code_and_event_index() {
    let dir = fixtures_dir().join("invalid");
    let expected = fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let mut listed = Vec::new();
    for line in expected
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (file, code, index) = (cols[0], cols[1], cols[2]);
        listed.push(file.to_string());
        let text = fs::read_to_string(dir.join(file)).unwrap();
        let err: FileError = match MatchFile::parse(&text) {
            Err(e) => e,
            Ok(f) => f.replay().expect_err(file),
        };
        assert_eq!(err.code(), code, "{file}: {err}");
        let want = if index == "-" {
            None
        } else {
            Some(index.parse::<usize>().unwrap())
        };
        assert_eq!(err.event_index(), want, "{file}: {err}");
        let line = err.to_string();
        assert!(!line.contains('\n'), "{file}: one line");
        if let Some(i) = want {
            assert!(line.starts_with(&format!("event {i}:")), "{file}: {line}");
        }
    }
    let mut on_disk: Vec<String> = json_files(&dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    listed.sort();
    assert_eq!(
        on_disk, listed,
        "every invalid fixture is listed in expected.tsv"
    );
}

#[test]
fn every_example_of_the_match_file_documentation_replays() {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/match-file.md"))
            .unwrap();
    let mut examples = 0;
    for block in doc.split("```json\n").skip(1) {
        let json = block.split("```").next().unwrap();
        if !json.contains("\"format\"") {
            continue;
        }
        let file = MatchFile::parse(json).unwrap_or_else(|e| panic!("{e}\n{json}"));
        file.replay().unwrap_or_else(|e| panic!("{e}\n{json}"));
        examples += 1;
    }
    assert_eq!(examples, 6, "one example per discipline");
}

/// `contact-three-cushion-respot-touching.json` as `MatchFile::to_json_pretty` wrote it before
/// the contact event could name occupied spots.
const CONTACT_FILE_BEFORE_OCCUPIED: &str = r#"{
  "format": "carambole-match/1",
  "discipline": "three-cushion",
  "table": "match",
  "players": [
    {
      "name": "Ana",
      "target": 15
    },
    {
      "name": "Blanca",
      "target": 15
    }
  ],
  "innings_limit": null,
  "equalizing_inning": true,
  "sets": null,
  "average": "truncate",
  "events": [
    {
      "type": "break",
      "player": 0
    },
    {
      "type": "carom"
    },
    {
      "type": "contact",
      "choice": "respot",
      "ball": "red"
    },
    {
      "type": "carom"
    },
    {
      "type": "miss"
    },
    {
      "type": "contact",
      "ball": "white"
    }
  ]
}"#;

#[test]
fn a_file_written_before_contacts_named_occupied_spots_replays_and_writes_back_byte_identically() {
    let file = MatchFile::parse(CONTACT_FILE_BEFORE_OCCUPIED).unwrap();
    assert_eq!(file.to_json_pretty(), CONTACT_FILE_BEFORE_OCCUPIED);
    // Each event as the store keeps it, one JSON object per row: the same bytes.
    let rows: Vec<String> = file
        .events
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert_eq!(
        rows[2],
        r#"{"type":"contact","choice":"respot","ball":"red"}"#
    );
    assert_eq!(rows[5], r#"{"type":"contact","ball":"white"}"#);
    // It is the fixture of the same events (whose snapshots stay as they were), and its
    // last, open contact still re-spots each ball in contact to its own spot.
    let fixture =
        fs::read_to_string(fixtures_dir().join("contact-three-cushion-respot-touching.json"))
            .unwrap();
    let fixture = MatchFile::parse(&fixture).unwrap();
    assert_eq!(
        (&file.setup, &file.events),
        (&fixture.setup, &fixture.events)
    );
    let m = file.replay().unwrap();
    let Some(carom_core::PendingDecision::ContactChoose { guidance, .. }) = m.view().pending else {
        panic!("{:?}", m.view().pending);
    };
    let placements: Vec<_> = guidance
        .placements
        .iter()
        .map(|p| (p.ball, p.spot, p.own_spot_taken))
        .collect();
    assert_eq!(
        placements,
        [
            (carom_core::Ball::Yellow, carom_core::Spot::Bottom, None),
            (carom_core::Ball::White, carom_core::Spot::Centre, None)
        ]
    );
}

/// The lines of a fixture table that are not comments, split at tabs.
fn table_rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').collect())
        .collect()
}

#[test]
fn every_version_1_file_replays_to_the_result_the_release_that_published_it_gave() {
    let dir = fixtures_dir().join("v1");
    let expected = fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let rows = table_rows(&expected);
    for row in &rows {
        let (name, lag_won, want) = (row[0], row[1], row[2]);
        let text = fs::read_to_string(dir.join(name)).unwrap();
        let file = MatchFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(file.format, FileFormat::V1, "{name}");
        let m = file.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = serde_json::to_string(&m.report(false)).unwrap();
        assert_eq!(report, want, "{name}");
        let won: Vec<String> = m
            .announcements()
            .iter()
            .filter_map(|r| match &r.announcement {
                Announcement::LagWon { player, .. } => Some(player.index().to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(won.first().map_or("-", String::as_str), lag_won, "{name}");
        // Exported, it reads back to the same match: as `/1` when `/2` would refuse it or
        // replay it to another result (announcements included).
        let exported = MatchFile::from_match(&m).to_json_pretty();
        let again = MatchFile::parse(&exported).unwrap_or_else(|e| panic!("{name}: {e}"));
        let report_again = serde_json::to_string(&again.replay().unwrap().report(false)).unwrap();
        assert_eq!(report_again, report, "{name}: exported");
        let strict = MatchFile {
            format: FileFormat::V2,
            ..file.clone()
        };
        let full = serde_json::to_string(&m.report(true)).unwrap();
        let v2_same = MatchFile::parse(&strict.to_json_pretty())
            .and_then(|f| f.replay())
            .is_ok_and(|s| serde_json::to_string(&s.report(true)).unwrap() == full);
        assert_eq!(
            again.format,
            if v2_same {
                FileFormat::V2
            } else {
                FileFormat::V1
            },
            "{name}"
        );
    }
    let mut on_disk: Vec<String> = json_files(&dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = rows.iter().map(|r| r[0].to_string()).collect();
    listed.sort();
    assert_eq!(
        on_disk, listed,
        "every /1 fixture is listed in expected.tsv"
    );
    // Every kind of event `/1` alone accepts, or scores its own way, is among them.
    for kind in [
        "off-table-no-ball",
        "lag-red-touched",
        "lag-winner-and-relag",
        "lag-cause-without-relag",
        "lag-collision-caused",
        "contact-own-ball",
        "red-first-after-a-missed-break",
        "zone-libre-dedans-after-one-carom",
    ] {
        assert!(listed.iter().any(|n| n.starts_with(kind)), "{kind}");
    }
}

#[test]
fn the_events_version_2_refuses_are_read_from_a_version_1_file() {
    let dir = fixtures_dir().join("invalid");
    for name in [
        "off-table-no-ball-v2.json",
        "lag-red-touched-and-winner-v2.json",
    ] {
        let text = fs::read_to_string(dir.join(name)).unwrap();
        let err = MatchFile::parse(&text).unwrap_err();
        assert!(matches!(err, FileError::Refused { .. }), "{name}: {err}");
        let field = match &err {
            FileError::Refused { refusal, .. } => refusal.field(),
            _ => unreachable!(),
        };
        assert!(err.to_string().contains(&format!("`{field}`")), "{err}");
        let v1 = text.replace(FORMAT, FORMAT_V1);
        MatchFile::parse(&v1)
            .and_then(|f| f.replay())
            .unwrap_or_else(|e| panic!("{name} as /1: {e}"));
    }
}

#[test]
fn a_format_that_is_neither_version_is_unsupported() {
    let text = fs::read_to_string(fixtures_dir().join("minimum-three-cushion.json")).unwrap();
    assert!(text.contains(FORMAT));
    for other in [
        "carambole-match/3",
        "carambole-match/0",
        "carambole-match/",
        "",
    ] {
        let err = MatchFile::parse(&text.replace(FORMAT, other)).unwrap_err();
        assert_eq!(err.code(), "unsupported-format", "{other}");
    }
}
