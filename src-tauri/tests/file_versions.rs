//! The match file's versions through the command line, run as a real process: every
//! `carambole-match/1` file replays to the report the release that published `/1` printed,
//! also once imported into a real database and exported again, and the events only `/1`
//! accepts are refused in a `carambole-match/2` file with the rule's own words.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn carambole(lang: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carambole"));
    c.env("LC_ALL", lang).env("LANG", lang);
    c
}

fn v1_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/v1")
}

/// Each `/1` fixture with the report the release that published `/1` printed for it
/// (`tests/fixtures/v1/expected.tsv`: file, lag winner, report).
fn v1_reports() -> Vec<(String, String)> {
    let table = std::fs::read_to_string(v1_dir().join("expected.tsv")).unwrap();
    let rows: Vec<(String, String)> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 3, "{l}");
            (cols[0].to_owned(), cols[2].to_owned())
        })
        .collect();
    assert!(rows.len() >= 10, "only {} rows", rows.len());
    rows
}

fn stdout_line(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .trim_end()
        .to_owned()
}

/// `json` without the white space between its tokens: the report as `expected.tsv`
/// holds it on one line, numbers written as printed (`1.000`, not re-read as `1.0`).
fn one_line(json: &str) -> String {
    let (mut out, mut in_string, mut escaped) = (String::new(), false, false);
    for c in json.chars() {
        if in_string {
            out.push(c);
            (in_string, escaped) = match (escaped, c) {
                (true, _) => (true, false),
                (false, '\\') => (true, true),
                (false, '"') => (false, false),
                _ => (true, false),
            };
        } else if !c.is_whitespace() {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

fn format_of(text: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["format"].as_str().unwrap().to_owned()
}

#[test]
fn every_version_1_file_replays_to_the_report_the_release_that_published_it_printed() {
    for (file, want) in v1_reports() {
        let out = carambole("en_US.UTF-8")
            .arg("replay")
            .arg(v1_dir().join(&file))
            .output()
            .unwrap();
        assert_eq!(one_line(&stdout_line(&out, &file)), want, "{file}");
    }
}

#[test]
fn a_version_1_file_imported_into_a_database_replays_from_it_as_it_always_did() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    let reports = v1_reports();
    for (id, (file, want)) in (1..).zip(&reports) {
        let text = std::fs::read_to_string(v1_dir().join(file)).unwrap();
        assert_eq!(format_of(&text), "carambole-match/1", "{file}");
        let out = carambole("en_US.UTF-8")
            .arg("--db")
            .arg(&db)
            .arg("import")
            .arg(v1_dir().join(file))
            .output()
            .unwrap();
        stdout_line(&out, file);
        // The database replays its own copy of the events (under the rules of the
        // version they were recorded in) to write the file back.
        let exported = dir.path().join(format!("{id}.json"));
        let out = carambole("en_US.UTF-8")
            .arg("--db")
            .arg(&db)
            .args(["export", "--match", &id.to_string(), "-o"])
            .arg(&exported)
            .output()
            .unwrap();
        stdout_line(&out, file);
        let back = std::fs::read_to_string(&exported).unwrap();
        let out = carambole("en_US.UTF-8")
            .arg("replay")
            .arg(&exported)
            .output()
            .unwrap();
        assert_eq!(
            one_line(&stdout_line(&out, file)),
            *want,
            "{file} exported: {back}"
        );
        // A match holding an event `/2` refuses goes out as `/1`, so that it reads back.
        if file.starts_with("off-table-no-ball-three") || file.starts_with("lag-red-touched-with") {
            assert_eq!(format_of(&back), "carambole-match/1", "{file}");
        }
    }
    let out = carambole("en_US.UTF-8")
        .arg("--db")
        .arg(&db)
        .arg("list")
        .output()
        .unwrap();
    let rows: serde_json::Value = serde_json::from_str(&stdout_line(&out, "list")).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(reports.len()));
}

/// The two kinds of event `/1` accepted and `/2` refuses: a `/1` fixture holding one, the
/// index of that event, and words of its error in English, French and Spanish.
const REFUSED_IN_V2: [(&str, usize, [&str; 3]); 2] = [
    (
        "off-table-no-ball-three-cushion.json",
        3,
        [
            "must name the ball that left",
            "une bille sautée doit être nommée",
            "una bola fuera de la mesa debe nombrarse",
        ],
    ),
    (
        "lag-red-touched-with-winner.json",
        0,
        [
            "has no winner and is not played again",
            "le tirage n'a pas de gagnant",
            "el sorteo no tiene ganador",
        ],
    ),
];

const LANGS: [(&str, &str); 3] = [
    ("en_US.UTF-8", "error: event"),
    ("fr_FR.UTF-8", "erreur: événement"),
    ("es_ES.UTF-8", "error: evento"),
];

#[test]
fn the_same_content_marked_version_2_is_refused_in_the_users_language_and_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    for (file, index, words) in REFUSED_IN_V2 {
        let text = std::fs::read_to_string(v1_dir().join(file)).unwrap();
        let v2 = text.replace("\"carambole-match/1\"", "\"carambole-match/2\"");
        assert_eq!(format_of(&v2), "carambole-match/2");
        let path = dir.path().join(file);
        std::fs::write(&path, v2).unwrap();
        for ((lang, prefix), words) in LANGS.into_iter().zip(words) {
            let out = carambole(lang).arg("replay").arg(&path).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{file} {lang}");
            assert!(out.stdout.is_empty(), "{file} {lang}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(err.trim_end().lines().count(), 1, "{file} {lang}: {err}");
            assert!(
                err.starts_with(&format!("{prefix} {index}")),
                "{file} {lang}: {err}"
            );
            assert!(err.contains(words), "{file} {lang}: {err}");
            assert!(err.contains("carambole-match/1"), "{file} {lang}: {err}");

            let out = carambole(lang)
                .arg("--db")
                .arg(&db)
                .arg("import")
                .arg(&path)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{file} {lang}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains(words), "import {file} {lang}: {err}");
        }
    }
    let out = carambole("en_US.UTF-8")
        .arg("--db")
        .arg(&db)
        .arg("list")
        .output()
        .unwrap();
    let rows: serde_json::Value = serde_json::from_str(&stdout_line(&out, "list")).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(0));
}
