//! Players, statistics, the ranking, the handicap rule and its suggestions, and their
//! CSV exports, through the catalogue.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::json;
use support::{app, fixture, invoke};

fn league(db: &std::path::Path) {
    let dir = fixture("stats");
    let mut store = carom_store::Store::open(db).unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        store
            .import_path(&entry.unwrap().path(), chrono::Utc::now())
            .unwrap();
    }
}

#[test]
fn the_statistics_screens_get_players_figures_and_the_ranking_through_commands() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    league(&db);
    let w = app(&db);
    let players = invoke(&w, "list_players", json!({"search": "ruiz"})).unwrap();
    let names: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["A. Ruiz", "Ana Ruiz"]);
    let ana = players[1]["id"].as_i64().unwrap();
    let alias = players[0]["id"].as_i64().unwrap();
    let stats = invoke(
        &w,
        "player_stats",
        json!({"id": ana, "request": {"discipline": "three-cushion"}}),
    )
    .unwrap();
    let tc = &stats["disciplines"][0];
    assert_eq!(tc["general_average"]["thousandths"], 1846);
    assert_eq!(tc["match_lines"][0]["played_on"], "2025-01-10");
    let ranking = invoke(
        &w,
        "club_ranking",
        json!({"request": {"discipline": "three-cushion", "from": "2025-03-01", "until": ""}}),
    )
    .unwrap();
    assert_eq!(ranking["rows"][0]["name"], "Carla Díaz");
    let merged = invoke(&w, "merge_players", json!({"kept": ana, "merged": alias})).unwrap();
    assert_eq!(merged["matches_moved"], 1);
    let page = invoke(&w, "player_matches", json!({"id": ana, "page": 0})).unwrap();
    assert_eq!(page["matches"].as_array().unwrap().len(), 6);
    let rule = invoke(
        &w,
        "set_handicap_rule",
        json!({"factor": 25, "minimum": 20}),
    )
    .unwrap();
    assert_eq!(rule, json!({"factor": 25, "minimum": 20}));
    assert_eq!(invoke(&w, "get_handicap_rule", json!({})).unwrap(), rule);
}

#[test]
fn the_new_match_form_gets_a_distance_from_the_players_recent_average() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    league(&db);
    let w = app(&db);
    let ask = |player: &str, discipline: &str| {
        invoke(
            &w,
            "suggest_target",
            json!({"player": player, "discipline": discipline}),
        )
    };
    // Ana Ruiz, three-cushion: 10/4, 3/3, 5/5, 6/1 = 24 in 13 = 1.846; × 30 = 55.38.
    let s = ask(" ana ruiz ", "three-cushion").unwrap();
    assert_eq!(s["target"], 55);
    assert_eq!(s["average"]["thousandths"], 1846);
    assert_eq!(s["matches"], 4);
    // Libre: 50 in 2 = 25.000 → 750.
    assert_eq!(ask("Ana Ruiz", "libre").unwrap()["target"], 750);
    // The club's rule applies: the minimum wins over a low average.
    invoke(
        &w,
        "set_handicap_rule",
        json!({"factor": 10, "minimum": 30}),
    )
    .unwrap();
    assert_eq!(ask("Ana Ruiz", "three-cushion").unwrap()["target"], 30);
    // No finished match in the discipline, an unknown or partial name: nothing.
    assert_eq!(ask("Carla Díaz", "libre").unwrap(), json!(null));
    assert_eq!(ask("Nobody", "three-cushion").unwrap(), json!(null));
    assert_eq!(ask("Ana", "three-cushion").unwrap(), json!(null));
    // A discipline none of ours is no `Discipline`: refused as the request is read.
    assert_eq!(
        ask("Ana Ruiz", "snooker").unwrap_err()["code"],
        "error-request-invalid"
    );
}

#[test]
fn bad_requests_come_back_as_codes() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let err = invoke(&w, "player_stats", json!({"id": 5, "request": {}})).unwrap_err();
    assert_eq!(err["code"], "players-error-not-found");
    let err = invoke(
        &w,
        "club_ranking",
        json!({"request": {"discipline": "snooker"}}),
    )
    .unwrap_err();
    assert_eq!(
        err["code"], "error-request-invalid",
        "no discipline: refused as read"
    );
    let err = invoke(
        &w,
        "club_ranking",
        json!({"request": {"discipline": "libre", "from": "31/12/2025"}}),
    )
    .unwrap_err();
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("stats-error-bad-date"), Some("ranking-from"))
    );
    let err = invoke(
        &w,
        "set_handicap_rule",
        json!({"factor": -1, "minimum": 25}),
    )
    .unwrap_err();
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("stats-error-out-of-range"), Some("handicap-factor"))
    );
    let err = invoke(&w, "add_player", json!({"info": {"name": "  "}})).unwrap_err();
    assert_eq!(err["code"], "error-name-empty");
}

#[test]
fn players_are_added_changed_and_refused_with_codes() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let ana = invoke(
        &w,
        "add_player",
        json!({"info": {"name": "Ana Ruiz", "club": "CB"}}),
    )
    .unwrap();
    let id = ana["id"].as_i64().unwrap();
    let changed = invoke(
        &w,
        "update_player",
        json!({"id": id, "info": {"name": "Ana Ruiz", "club": "CB Madrid"}}),
    )
    .unwrap();
    assert_eq!(changed["club"], "CB Madrid");
    let err = invoke(
        &w,
        "update_player",
        json!({"id": 999, "info": {"name": "X"}}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "players-error-not-found");
    let err = invoke(&w, "merge_players", json!({"kept": id, "merged": id})).unwrap_err();
    assert_eq!(err["code"], "players-error-merge-same");
    let all = invoke(&w, "list_players", json!({})).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 1);
}

#[test]
fn the_csv_exports_are_written_in_the_export_folder_without_overwriting() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    league(&db);
    let out = dir.path().join("exports");
    let w = support::app_with(&db, Some(&out));
    let ana = invoke(&w, "list_players", json!({"search": "ana ruiz"})).unwrap()[0]["id"].clone();
    let args = json!({"id": ana, "request": {}, "language": "fr"});
    let a = invoke(&w, "export_player_stats_csv", args.clone()).unwrap();
    let b = invoke(&w, "export_player_stats_csv", args).unwrap();
    assert_ne!(a["path"], b["path"]);
    let day = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let a_path = a["path"].as_str().unwrap();
    assert!(
        a_path.contains(&format!("statistiques-Ana Ruiz-{day}")),
        "named in French with the player and the day: {a_path}"
    );
    let bytes = std::fs::read(a_path).unwrap();
    // A UTF-8 byte order mark first: Excel in French or Spanish then reads the accents.
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "no BOM");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    assert!(text.contains("Ana Ruiz;"), "{text}");
    let r = invoke(
        &w,
        "export_ranking_csv",
        json!({"request": {"discipline": "three-cushion"}, "language": "en"}),
    )
    .unwrap();
    assert!(r["path"]
        .as_str()
        .unwrap()
        .ends_with(&format!("ranking-Three-cushion-{day}.csv")));
    let err = invoke(
        &w,
        "export_ranking_csv",
        json!({"request": {"discipline": "snooker"}, "language": "en"}),
    )
    .unwrap_err();
    assert_eq!(
        err["code"], "error-request-invalid",
        "no discipline: refused as read"
    );
    // One app at a time holds the database.
    drop(w);
    let nowhere = support::app_with(&db, None);
    let err = invoke(
        &nowhere,
        "export_ranking_csv",
        json!({"request": {"discipline": "libre"}, "language": "en"}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "stats-error-no-folder");
}
