//! The headless command line, run as a real process.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn carambole() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carambole"));
    // The CLI speaks the system language; pin English for exact assertions.
    c.env("LC_ALL", "en_US.UTF-8").env("LANG", "en_US.UTF-8");
    c
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

#[test]
fn version_and_help_work_without_a_window() {
    let out = carambole().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("carambole {}", env!("CARGO_PKG_VERSION"))
    );
    let out = carambole().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("replay") && help.contains("serve") && help.contains("--db"),
        "{help}"
    );
}

#[test]
fn help_follows_the_system_language() {
    let out = carambole()
        .env("LC_ALL", "es_ES.UTF-8")
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("Reproduce un archivo de partida"), "{help}");
}

#[test]
fn every_valid_fixture_replays_to_json_with_both_players() {
    let mut count = 0;
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let out = carambole().arg("replay").arg(&path).output().unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            report["players"].as_array().map(Vec::len),
            Some(2),
            "{}",
            path.display()
        );
        assert!(matches!(
            report["status"].as_str(),
            Some("finished" | "in-progress")
        ));
        count += 1;
    }
    assert!(count >= 20, "only {count} fixtures");
}

#[test]
fn announcements_are_printed_only_when_asked() {
    let file = fixtures().join("minimum-three-cushion.json");
    let plain = carambole().arg("replay").arg(&file).output().unwrap();
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(plain.get("announcements").is_none());
    let with = carambole()
        .args(["replay", "--announcements"])
        .arg(&file)
        .output()
        .unwrap();
    let with: serde_json::Value = serde_json::from_slice(&with.stdout).unwrap();
    assert!(with["announcements"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
}

#[test]
fn a_bad_file_exits_2_with_one_line_naming_the_event_index() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"format": "carambole-match/1", "discipline": "three-cushion", "table": "match",
            "players": [{"name": "A", "target": 40}, {"name": "B", "target": 40}],
            "innings_limit": null, "equalizing_inning": true, "sets": null, "average": "truncate",
            "events": [{"type": "break", "player": 0}, {"type": "carom"}, {"type": "juggle"}]}"#,
    )
    .unwrap();
    let out = carambole().arg("replay").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.starts_with("error: event 2:"), "{err}");

    let missing = carambole()
        .arg("replay")
        .arg(dir.path().join("nope.json"))
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn every_invalid_fixture_exits_2_naming_its_event() {
    let dir = fixtures().join("invalid");
    let table = std::fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let mut count = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (file, index) = (cols[0], cols[2]);
        let out = carambole()
            .arg("replay")
            .arg(dir.join(file))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{file}: {err}");
        if index != "-" {
            assert!(
                err.starts_with(&format!("error: event {index}:")),
                "{file}: {err}"
            );
        }
        count += 1;
    }
    assert!(count >= 5);
}

/// A match file whose events are `events` (JSON), with players `a` and `b`.
fn match_file(format: &str, a: &str, b: &str, events: &str) -> String {
    serde_json::json!({
        "format": format, "discipline": "libre", "table": "match",
        "players": [{"name": a, "target": 40}, {"name": b, "target": 40}],
        "events": serde_json::from_str::<serde_json::Value>(events).unwrap(),
    })
    .to_string()
}

#[test]
fn values_from_a_file_are_echoed_escaped_on_one_line_naming_the_event_once() {
    let dir = tempfile::tempdir().unwrap();
    let forged = dir.path().join("forged.json");
    let kind = format!("x\nerror: forged\u{1b}[2J\u{202e}{}", "y".repeat(100));
    let events = serde_json::json!([{"type": "break", "player": 0}, {"type": kind}]).to_string();
    std::fs::write(&forged, match_file("carambole-match/1", "A", "B", &events)).unwrap();
    let out = carambole().arg("replay").arg(&forged).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(
        err.starts_with(
            "error: event 1: unknown event type \"x\\nerror: forged\\u{1b}[2J\\u{202e}yyy"
        ),
        "{err:?}"
    );
    assert_eq!(err.matches("vent 1").count(), 1, "{err:?}");
    assert!(err.contains("…"), "a long value is cut: {err:?}");
    assert!(
        !err.contains('\u{1b}') && !err.contains('\u{202e}'),
        "{err:?}"
    );

    let format = dir.path().join("format.json");
    std::fs::write(&format, match_file("\u{202e}\r\nerror: x", "A", "B", "[]")).unwrap();
    let out = carambole().arg("replay").arg(&format).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains("\"\\u{202e}\\r\\nerror: x\""), "{err:?}");
}

#[test]
fn importing_a_name_with_invisible_characters_is_refused_and_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    for (i, name) in [
        "Du\u{200b}pont",
        "\u{202e}tnopuD",
        "Dupont\u{feff}",
        "Du\u{2066}pont",
    ]
    .into_iter()
    .enumerate()
    {
        let file = dir.path().join(format!("{i}.json"));
        std::fs::write(&file, match_file("carambole-match/1", name, "Martin", "[]")).unwrap();
        let out = carambole()
            .arg("--db")
            .arg(&db)
            .arg("import")
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("cannot be printed"), "{name:?}: {err}");
    }
    let out = carambole()
        .arg("--db")
        .arg(&db)
        .arg("list")
        .output()
        .unwrap();
    assert!(out.status.success());
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(0));
}

#[test]
fn replay_refuses_a_file_over_the_import_limit_of_2_mib() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    let padding = " ".repeat(2 * 1024 * 1024);
    std::fs::write(
        &big,
        format!(
            "{}{padding}",
            match_file("carambole-match/1", "A", "B", "[]")
        ),
    )
    .unwrap();
    let out = carambole().arg("replay").arg(&big).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("too large"), "{err}");
}
