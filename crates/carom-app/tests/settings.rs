//! The language, the preferences, and the way out of a damaged database.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use carom_api::{ErrorCode, ERROR_MESSAGE_IDS};
use serde_json::json;
use support::{app, invoke};

#[test]
fn the_language_choice_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    invoke(&w, "set_language", json!({"language": "es"})).unwrap();
    assert_eq!(
        invoke(&w, "get_settings", json!({})).unwrap()["language"],
        "es"
    );
    // A language the app does not speak is no `Lang`: refused as the request is read, and
    // the choice stored stays.
    let err = invoke(&w, "set_language", json!({"language": "klingon"})).unwrap_err();
    assert_eq!(err["code"], "error-request-invalid");
    assert_eq!(
        invoke(&w, "get_settings", json!({})).unwrap()["language"],
        "es"
    );
}

#[test]
fn the_first_start_takes_the_systems_language() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    assert_eq!(
        invoke(&w, "get_settings", json!({})).unwrap()["language"],
        "fr"
    );
}

#[test]
fn preferences_are_stored_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    assert_eq!(
        invoke(&w, "get_preferences", json!({})).unwrap(),
        json!({"theme": "auto", "voice": false, "average": "truncate"})
    );
    let p = json!({"theme": "dark", "voice": true, "average": "round"});
    invoke(&w, "set_preferences", json!({"preferences": p})).unwrap();
    assert_eq!(invoke(&w, "get_preferences", json!({})).unwrap(), p);
}

#[test]
fn a_damaged_database_offers_and_restores_the_latest_backup_keeping_the_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    let w = app(&db);
    invoke(&w, "set_language", json!({"language": "es"})).unwrap();
    assert_eq!(
        invoke(&w, "restore_backup", json!({})).unwrap_err()["code"],
        "error-database-is-fine"
    );
    drop(w);
    // A second start makes a backup holding the setting.
    drop(app(&db));
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    std::fs::write(&db, b"this is not a database at all, just garbage bytes").unwrap();

    let w = app(&db);
    let err = invoke(&w, "list_matches", json!({})).unwrap_err();
    assert_eq!(err["code"], "error-database-corrupt");
    assert_eq!(err["args"]["restore"], json!(1));
    // The language still comes, from the system, so the error is shown in it.
    assert_eq!(
        invoke(&w, "get_settings", json!({})).unwrap()["language"],
        "fr"
    );

    invoke(&w, "restore_backup", json!({})).unwrap();
    assert_eq!(
        invoke(&w, "get_settings", json!({})).unwrap()["language"],
        "es"
    );
    let kept: Vec<_> = std::fs::read_dir(w.backups().join("safety"))
        .unwrap()
        .collect();
    assert_eq!(kept.len(), 1, "the damaged file is kept");
}

#[test]
fn a_damaged_database_without_backups_says_so_and_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    std::fs::write(&db, b"garbage").unwrap();
    let w = app(&db);
    let err = invoke(&w, "list_matches", json!({})).unwrap_err();
    assert!(err["args"].get("restore").is_none(), "{err}");
    assert_eq!(
        invoke(&w, "restore_backup", json!({})).unwrap_err()["code"],
        "error-no-backup"
    );
    assert_eq!(std::fs::read(&db).unwrap(), b"garbage");
}

#[test]
fn every_error_code_has_its_message_in_every_language() {
    for lang in [
        carom_i18n::Lang::En,
        carom_i18n::Lang::Fr,
        carom_i18n::Lang::Es,
    ] {
        for id in ERROR_MESSAGE_IDS {
            assert_ne!(carom_i18n::t(lang, id), *id, "{id} in {lang:?}");
        }
    }
    assert_eq!(ErrorCode::NoBackup.message().0, "error-no-backup");
}
