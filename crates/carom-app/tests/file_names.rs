//! The names exported match files are given: the two players and the date on the
//! match's sheet (the set-up's date, else the day of its first timed event), else the day
//! it was created here; accents kept, what a file system refuses taken out.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::json;
use support::{app, invoke};

/// A libre match file between `a` and `b` with `extra` top-level fields and `events`.
fn match_file(a: &str, b: &str, extra: serde_json::Value, events: serde_json::Value) -> String {
    let mut file = json!({
        "format": "carambole-match/2", "discipline": "libre", "table": "match",
        "players": [{"name": a, "target": 40}, {"name": b, "target": 40}],
        "events": events,
    });
    for (k, v) in extra.as_object().unwrap() {
        file[k] = v.clone();
    }
    file.to_string()
}

/// The name the export's dialog proposes for `text` once imported.
fn exported_name(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("club.sqlite"));
    let file = dir.path().join("in.json");
    std::fs::write(&file, text).unwrap();
    let report = invoke(&w, "import_match_files", json!({"paths": [file]})).unwrap();
    let id = report["files"][0]["id"].as_i64().unwrap();
    let saved = invoke(
        &w,
        "pick_and_export_match_file",
        json!({"match_id": id, "language": "fr"}),
    )
    .unwrap();
    let path = std::path::PathBuf::from(saved.as_str().unwrap());
    assert!(path.exists(), "{path:?}");
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn a_match_file_is_named_after_its_players_and_the_date_its_set_up_gives() {
    let text = match_file(
        "Íñigo Muñoz",
        "Jean-Noël Côté",
        json!({"date": "2025-03-14"}),
        json!([{"type": "break", "player": 0, "at": 1_764_849_600_000_u64}]),
    );
    assert_eq!(
        exported_name(&text),
        "Íñigo Muñoz-Jean-Noël Côté-2025-03-14.json"
    );
}

#[test]
fn without_a_date_the_day_of_its_first_timed_event_names_it() {
    // 2025-12-04 12:00 UTC: that day in every time zone from UTC−11 to UTC+11.
    let text = match_file(
        "Dupont/Durand",
        "Martin: \"le Grand\"",
        json!({}),
        json!([{"type": "break", "player": 0, "at": 1_764_849_600_000_u64}, {"type": "carom"}]),
    );
    assert_eq!(
        exported_name(&text),
        "DupontDurand-Martin le Grand-2025-12-04.json"
    );
}

#[test]
fn without_a_date_or_a_time_it_is_named_after_the_day_it_was_created_here() {
    let text = match_file("Ana", "Bea", json!({}), json!([]));
    let today = chrono::Local::now().format("%Y-%m-%d");
    assert_eq!(exported_name(&text), format!("Ana-Bea-{today}.json"));
}
