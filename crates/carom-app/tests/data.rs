//! The stored data through the catalogue: the history and its search, the trash, match
//! files in and out, backups and restores.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::{Path, PathBuf};

use carom_app::App as Window;
use serde_json::{json, Value};
use support::{app, fixture, invoke};

/// Finished matches of the fixtures, in a stable order.
const FINISHED: [&str; 4] = [
    "fmt-1-handicap-libre.json",
    "end-4-forfeit.json",
    "fmt-2-sets-best-of-3-three-cushion.json",
    "end-1-equalizing-inning-draw.json",
];

fn import(w: &Window, names: &[&str]) -> Value {
    let paths: Vec<PathBuf> = names.iter().map(|n| fixture(n)).collect();
    invoke(w, "import_match_files", json!({ "paths": paths })).unwrap()
}

fn new_match(w: &Window, a: &str) -> i64 {
    let setup = json!({"setup": {"discipline": "libre", "table": "match",
        "players": [{"name": a, "target": 30}, {"name": "Zanetti", "target": 30}]}});
    invoke(w, "start_match", setup).unwrap()["id"]
        .as_i64()
        .unwrap()
}

fn search(w: &Window, request: Value) -> Result<Value, Value> {
    invoke(w, "history", json!({ "request": request }))
}

fn ids(page: &Value) -> Vec<i64> {
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect()
}

#[test]
fn the_history_searches_by_player_discipline_status_and_dates_and_pages_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let report = import(&w, &FINISHED);
    assert_eq!(report["imported"], 4, "{report}");
    let open = new_match(&w, "Caudron");

    let all = search(&w, json!({})).unwrap();
    let all_ids = ids(&all);
    assert_eq!(all_ids.len(), 5);
    assert_eq!(all_ids[0], open, "newest first");
    assert!(!all["has_more"].as_bool().unwrap());
    // Each line has its score; a finished one has its winner unless a draw.
    let first_import = &all["entries"][4];
    assert_eq!(first_import["status"], "finished");
    assert!(first_import["points"].is_array(), "{first_import}");
    let sets = all["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sets"].is_array())
        .expect("the best-of-3 match lists its sets");
    assert_eq!(sets["discipline"], "three-cushion");

    let unfinished = search(&w, json!({"status": "unfinished"})).unwrap();
    assert_eq!(ids(&unfinished), vec![open]);
    let finished = search(&w, json!({"status": "finished"})).unwrap();
    assert_eq!(ids(&finished), all_ids[1..].to_vec());
    let caudron = search(&w, json!({"player": "  caud "})).unwrap();
    assert_eq!(ids(&caudron), vec![open]);
    let libre = search(&w, json!({"discipline": "libre"})).unwrap();
    assert!(libre["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["discipline"] == "libre"));
    assert!(ids(&libre).contains(&open));

    let today = chrono::Utc::now().date_naive();
    let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    let dated = search(&w, json!({"from": day(today), "until": day(today)})).unwrap();
    assert_eq!(ids(&dated).len(), 5);
    let tomorrow = today.succ_opt().unwrap();
    let later = search(&w, json!({"from": day(tomorrow)})).unwrap();
    assert!(ids(&later).is_empty());

    // Pages of two: 2 + 2 + 1, newest first, no overlap.
    let mut paged = Vec::new();
    for page in 0..3 {
        let p = search(&w, json!({"page": page, "page_size": 2})).unwrap();
        assert_eq!(p["has_more"], page < 2, "page {page}");
        paged.extend(ids(&p));
    }
    assert_eq!(paged, all_ids);
}

#[test]
fn bad_search_input_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    for (request, code, field) in [
        (
            json!({"from": "31/12/2025"}),
            "history-error-date",
            "history-from",
        ),
        (
            json!({"until": "2025-02-30"}),
            "history-error-date",
            "history-until",
        ),
        (
            json!({"from": "2025-03-02", "until": "2025-03-01"}),
            "history-error-date-order",
            "history-until",
        ),
    ] {
        let err = search(&w, request.clone()).unwrap_err();
        assert_eq!(
            (err["code"].as_str(), err["field"].as_str()),
            (Some(code), Some(field)),
            "{request}"
        );
    }
    // The discipline and the status are picked from lists: what none of them names is
    // refused as the request is read; what the lists' "all" sends reads as all.
    for request in [
        json!({"discipline": "snooker"}),
        json!({"status": "paused"}),
    ] {
        let err = search(&w, request.clone()).unwrap_err();
        assert_eq!(err["code"], "error-request-invalid", "{request}");
    }
    for request in [
        json!({"discipline": "", "status": ""}),
        json!({"discipline": "all", "status": "all"}),
        json!({"discipline": null}),
        json!({"discipline": "libre", "status": "unfinished"}),
    ] {
        assert!(search(&w, request.clone()).is_ok(), "{request}");
    }
}

#[test]
fn a_trashed_match_leaves_the_history_for_the_trash_and_comes_back_on_restore() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let a = new_match(&w, "Kept");
    let b = new_match(&w, "Deleted");
    invoke(&w, "trash_match", json!({"match_id": b})).unwrap();
    let live = search(&w, json!({})).unwrap();
    assert_eq!(ids(&live), vec![a]);
    assert_eq!(live["in_trash"], 1);
    let trash = search(&w, json!({"trash": true})).unwrap();
    assert_eq!(ids(&trash), vec![b]);
    assert!(trash["entries"][0]["deleted_at"].is_string());
    assert_eq!(
        invoke(&w, "trash_match", json!({"match_id": b})).unwrap_err()["code"],
        "error-match-in-trash"
    );
    invoke(&w, "restore_from_trash", json!({"match_id": b})).unwrap();
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![b, a]);
    assert_eq!(
        invoke(&w, "restore_from_trash", json!({"match_id": b})).unwrap_err()["code"],
        "error-match-not-in-trash"
    );
    assert_eq!(
        invoke(&w, "trash_match", json!({"match_id": 999})).unwrap_err()["code"],
        "error-match-not-found"
    );
}

#[test]
fn an_import_reports_each_file_imported_duplicate_or_rejected_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let not_json = dir.path().join("notes.json");
    std::fs::write(&not_json, "this is not a match").unwrap();
    let missing = dir.path().join("gone.json");
    let report = import(
        &w,
        &[
            FINISHED[0],
            "invalid/carom-before-break.json",
            FINISHED[1],
            FINISHED[0],
            not_json.to_str().unwrap(),
            missing.to_str().unwrap(),
        ],
    );
    assert_eq!(
        (
            &report["imported"],
            &report["duplicates"],
            &report["rejected"]
        ),
        (&json!(2), &json!(1), &json!(3)),
        "{report}"
    );
    let files = report["files"].as_array().unwrap();
    let outcomes: Vec<&str> = files
        .iter()
        .map(|f| f["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(
        outcomes,
        [
            "imported",
            "rejected",
            "imported",
            "duplicate",
            "rejected",
            "rejected"
        ]
    );
    assert_eq!(files[0]["file"], FINISHED[0]);
    assert_eq!(files[3]["id"], files[0]["id"], "the stored copy is named");
    assert_eq!(files[3]["error"]["code"], "error-import-duplicate");
    assert_eq!(files[5]["error"]["code"], "error-file-system");
    for f in [&files[1], &files[4]] {
        let code = f["error"]["code"].as_str().unwrap();
        assert!(code.starts_with("error-"), "{f}");
        assert!(
            !carom_i18n::t(carom_i18n::Lang::Fr, code).starts_with("error-"),
            "{code} has a French message"
        );
    }
    assert_eq!(ids(&search(&w, json!({})).unwrap()).len(), 2);
}

#[test]
fn an_exported_match_file_imports_elsewhere_as_the_same_match() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let report = import(&w, &[FINISHED[2]]);
    let id = report["files"][0]["id"].as_i64().unwrap();
    let out = dir.path().join("out.json");
    let written = invoke(
        &w,
        "export_match_file",
        json!({"match_id": id, "path": out}),
    )
    .unwrap();
    assert_eq!(written, json!(out.display().to_string()));
    let exported: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(exported["format"], carom_core::FORMAT);

    // The same file back here is a duplicate; in another database, the same match.
    let again = invoke(&w, "import_match_files", json!({"paths": [out]})).unwrap();
    assert_eq!(again["duplicates"], 1);
    let other = app(&dir.path().join("other.sqlite"));
    let there = invoke(&other, "import_match_files", json!({"paths": [out]})).unwrap();
    assert_eq!(there["imported"], 1);
    let mine = invoke(&w, "get_sheet", json!({"match_id": id})).unwrap();
    let theirs = invoke(
        &other,
        "get_sheet",
        json!({"match_id": there["files"][0]["id"]}),
    )
    .unwrap();
    assert_eq!(mine["sheet"]["sets"], theirs["sheet"]["sets"]);
    assert_eq!(mine["sheet"]["players"], theirs["sheet"]["players"]);

    let err = invoke(
        &w,
        "export_match_file",
        json!({"match_id": 999, "path": out}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "error-match-not-found");
    let nowhere = dir.path().join("no/such/folder/m.json");
    let err = invoke(
        &w,
        "export_match_file",
        json!({"match_id": id, "path": nowhere}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "error-file-system");
}

#[test]
fn a_backup_restores_the_data_it_holds_and_empties_the_trash() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    let w = app(&db);
    let before = new_match(&w, "Before");
    let trashed = new_match(&w, "Trashed");
    invoke(&w, "trash_match", json!({"match_id": trashed})).unwrap();
    let file = dir.path().join("picked/backup.sqlite");
    let done = invoke(&w, "backup_database", json!({"path": file})).unwrap();
    assert_eq!(done["trash_emptied"], 1);
    // The trash is gone from the database, still in the backup.
    assert_eq!(
        invoke(&w, "restore_from_trash", json!({"match_id": trashed})).unwrap_err()["code"],
        "error-match-not-found"
    );
    let summary = invoke(&w, "inspect_backup_file", json!({"path": file})).unwrap();
    assert_eq!(summary["matches"], 2);
    assert_eq!(summary["file"], "backup.sqlite");

    let after = new_match(&w, "After");
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![after, before]);
    let backup_bytes = std::fs::read(&file).unwrap();
    let restored = invoke(&w, "restore_database", json!({"path": file})).unwrap();
    let kept = restored["kept"]
        .as_str()
        .expect("a copy of the replaced data");
    assert!(Path::new(kept).is_file());
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![before]);
    assert_eq!(
        ids(&search(&w, json!({"trash": true})).unwrap()),
        vec![trashed],
        "the backup's trash comes back with it"
    );
    assert_eq!(std::fs::read(&file).unwrap(), backup_bytes, "only read");

    // Automatic backups: the one made at start is listed.
    let list = invoke(&w, "list_backups", json!({})).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert!(list[0]["file"].as_str().unwrap().starts_with("carambole-"));
    assert_eq!(list[0]["matches"], 0);
    invoke(&w, "restore_database", json!({"path": list[0]["path"]})).unwrap();
    assert!(ids(&search(&w, json!({})).unwrap()).is_empty());
}

#[test]
fn a_bad_backup_is_refused_and_changes_neither_the_data_nor_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    let w = app(&db);
    let kept = new_match(&w, "Kept");
    let garbage = dir.path().join("garbage.sqlite");
    std::fs::write(&garbage, b"not a database, only some bytes of text").unwrap();
    for path in [&garbage, &dir.path().join("missing.sqlite"), &db] {
        let err = invoke(&w, "restore_database", json!({"path": path})).unwrap_err();
        assert!(
            [
                "error-database-corrupt",
                "error-file-system",
                "data-error-restore-itself"
            ]
            .contains(&err["code"].as_str().unwrap()),
            "{err}"
        );
        assert!(invoke(&w, "inspect_backup_file", json!({"path": path})).is_err() || path == &db);
    }
    assert_eq!(
        invoke(&w, "restore_database", json!({"path": db})).unwrap_err()["code"],
        "data-error-restore-itself"
    );
    assert_eq!(
        std::fs::read(&garbage).unwrap(),
        b"not a database, only some bytes of text"
    );
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![kept]);
    let err = invoke(&w, "backup_database", json!({"path": db})).unwrap_err();
    assert_eq!(err["code"], "error-backup-onto-itself");
}

#[test]
fn the_pickers_answer_through_the_platforms_dialogs_and_a_cancel_is_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let picked = dir.path().join("picked");
    std::fs::create_dir_all(&picked).unwrap();
    std::fs::copy(fixture(FINISHED[0]), picked.join("a.json")).unwrap();
    let w = support::app_with(&dir.path().join("db.sqlite"), Some(&picked));
    let report = invoke(&w, "pick_and_import_match_files", json!({"language": "fr"})).unwrap();
    assert_eq!(report["imported"], 1, "{report}");
    let id = report["files"][0]["id"].as_i64().unwrap();
    let saved = invoke(
        &w,
        "pick_and_export_match_file",
        json!({"match_id": id, "language": "fr"}),
    )
    .unwrap();
    assert!(Path::new(saved.as_str().unwrap()).is_file());
    assert_eq!(
        invoke(
            &w,
            "pick_and_export_match_file",
            json!({"match_id": 999, "language": "fr"})
        )
        .unwrap_err()["code"],
        "error-match-not-found",
        "an unknown match is refused before the dialog"
    );
    let done = invoke(&w, "pick_and_backup_database", json!({"language": "es"})).unwrap();
    assert!(done["path"].as_str().unwrap().ends_with(".sqlite"));
    let summary = invoke(&w, "pick_backup_file", json!({"language": "en"})).unwrap();
    assert_eq!(summary["matches"], 1);

    let cancelled = support::app_with(&dir.path().join("other.sqlite"), None);
    for cmd in [
        "pick_and_import_match_files",
        "pick_and_backup_database",
        "pick_backup_file",
    ] {
        assert_eq!(
            invoke(&cancelled, cmd, json!({"language": "fr"})).unwrap(),
            json!(null),
            "{cmd}"
        );
    }
}

#[test]
fn the_web_view_restores_only_a_backup_the_app_offered() {
    let dir = tempfile::tempdir().unwrap();
    let picked = dir.path().join("picked");
    std::fs::create_dir_all(&picked).unwrap();
    let w = support::app_with(&dir.path().join("db.sqlite"), Some(&picked));
    let before = new_match(&w, "Before");
    let chosen = picked.join("chosen.sqlite");
    invoke(&w, "backup_database", json!({ "path": chosen })).unwrap();
    let elsewhere = dir.path().join("elsewhere.sqlite");
    invoke(&w, "backup_database", json!({ "path": elsewhere })).unwrap();
    let after = new_match(&w, "After");
    let refused = |path: &Path| {
        invoke(&w, "restore_offered_backup", json!({ "path": path })).unwrap_err()["code"].clone()
    };
    // Before the picker chose it, not even a real backup may be restored by path.
    assert_eq!(refused(&chosen), "error-no-backup");
    assert_eq!(refused(&elsewhere), "error-no-backup");
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![after, before]);

    let summary = invoke(&w, "pick_backup_file", json!({"language": "en"})).unwrap();
    assert_eq!(summary["path"], chosen.display().to_string());
    assert_eq!(
        refused(&elsewhere),
        "error-no-backup",
        "only the chosen file"
    );
    invoke(
        &w,
        "restore_offered_backup",
        json!({ "path": summary["path"] }),
    )
    .unwrap();
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![before]);

    let list = invoke(&w, "list_backups", json!({})).unwrap();
    let listed = &list.as_array().unwrap()[0];
    invoke(
        &w,
        "restore_offered_backup",
        json!({ "path": listed["path"] }),
    )
    .unwrap();
    assert_eq!(
        ids(&search(&w, json!({})).unwrap()).len() as i64,
        listed["matches"].as_i64().unwrap(),
        "an automatic backup is restored as listed"
    );
}

/// The files in `dir` other than the pool `carambole.sqlite` and its journal, by name.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // The database and its write-ahead log are the pool's own files.
        .filter(|n| n != "carambole.sqlite" && n != "carambole.sqlite-wal")
        .collect();
    names.sort();
    names
}

#[test]
fn in_the_browser_a_backup_downloads_and_its_upload_restores_the_data_after_downloading_the_current_one(
) {
    let dir = tempfile::tempdir().unwrap();
    let pool = dir.path().join("carambole.sqlite");
    let (w, page) = support::browser_app(&pool);
    let before = new_match(&w, "Before");
    let trashed = new_match(&w, "Trashed");
    invoke(&w, "trash_match", json!({"match_id": trashed})).unwrap();
    assert_eq!(invoke(&w, "list_backups", json!({})).unwrap(), json!([]));

    let done = invoke(&w, "pick_and_backup_database", json!({"language": "fr"})).unwrap();
    let day = chrono::Utc::now().format("%Y-%m-%d");
    // Named in the language asked for.
    let name = format!("carambole-sauvegarde-{day}.sqlite");
    assert_eq!(done["path"], name.as_str());
    assert_eq!(done["trash_emptied"], 1);
    let downloads = page.downloads();
    assert_eq!(downloads.len(), 1);
    let (downloaded, backup) = downloads[0].clone();
    assert_eq!(downloaded, name);
    assert_eq!(
        carom_store::Store::inspect_backup_bytes(&backup)
            .unwrap()
            .matches,
        2,
        "the download holds the match and the trash"
    );
    assert_eq!(
        invoke(&w, "restore_from_trash", json!({"match_id": trashed})).unwrap_err()["code"],
        "error-match-not-found"
    );
    // The browser has no file system: nothing is written beside the pool.
    assert_eq!(files_in(dir.path()), Vec::<String>::new());

    let after = new_match(&w, "After");
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![after, before]);
    page.stage(&name, backup.clone());
    let summary = invoke(&w, "pick_backup_file", json!({"language": "fr"})).unwrap();
    assert_eq!(summary["file"], name.as_str());
    assert_eq!(summary["matches"], 2);
    assert_eq!(summary["bytes"], backup.len());
    let restored = invoke(
        &w,
        "restore_offered_backup",
        json!({"path": summary["path"]}),
    )
    .unwrap();
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![before]);
    assert_eq!(
        ids(&search(&w, json!({"trash": true})).unwrap()),
        vec![trashed],
        "the backup's trash comes back with it"
    );

    // The data it replaced was downloaded first, under the name the answer gives.
    let kept = restored["kept"].as_str().expect("a safety download");
    assert!(
        kept.starts_with("carambole-before-restore-") && kept.ends_with(".sqlite"),
        "{kept}"
    );
    let downloads = page.downloads();
    assert_eq!(downloads.len(), 2);
    assert_eq!(downloads[1].0, kept);
    let safety = carom_store::Store::inspect_backup_bytes(&downloads[1].1).unwrap();
    assert_eq!(safety.matches, 2, "Before and After, as before the restore");
    page.stage(kept, downloads[1].1.clone());
    invoke(&w, "pick_backup_file", json!({"language": "fr"})).unwrap();
    invoke(&w, "restore_offered_backup", json!({"path": kept})).unwrap();
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![after, before]);

    // An upload is restored once; then it is no longer offered.
    assert_eq!(
        invoke(&w, "restore_offered_backup", json!({"path": kept})).unwrap_err()["code"],
        "error-no-backup"
    );
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
    drop(w);
    // What was restored is in the pool, and so after a restart.
    let (w, _) = support::browser_app(&pool);
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![after, before]);
}

#[test]
fn in_the_browser_a_bad_upload_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (w, page) = support::browser_app(&dir.path().join("carambole.sqlite"));
    let kept = new_match(&w, "Kept");
    invoke(&w, "pick_and_backup_database", json!({"language": "en"})).unwrap();
    let good = page.downloads()[0].1.clone();
    let mut foreign = good.clone();
    foreign[68..72].copy_from_slice(&7i32.to_be_bytes());
    let too_large = vec![0u8; usize::try_from(carom_app::MAX_BACKUP_BYTES).unwrap() + 1];
    let cases = [
        (
            "garbage.sqlite",
            b"not a database, only some bytes of text".repeat(8),
            "error-database-corrupt",
        ),
        ("half.sqlite", good[..good.len() / 2].to_vec(), ""),
        ("other.db", foreign, "error-database-foreign"),
        ("huge.sqlite", too_large, "error-backup-too-large"),
    ];
    for (name, bytes, code) in cases {
        page.stage(name, bytes);
        let err = invoke(&w, "pick_backup_file", json!({"language": "en"})).unwrap_err();
        if code.is_empty() {
            assert!(
                ["error-database-corrupt", "error-database-damaged"]
                    .contains(&err["code"].as_str().unwrap()),
                "{name}: {err}"
            );
        } else {
            assert_eq!(err["code"], code, "{name}: {err}");
        }
        assert_eq!(
            invoke(&w, "restore_offered_backup", json!({"path": name})).unwrap_err()["code"],
            "error-no-backup",
            "{name}: a refused file is not offered"
        );
    }
    assert_eq!(page.downloads().len(), 1, "no safety download");
    assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![kept]);
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
}
