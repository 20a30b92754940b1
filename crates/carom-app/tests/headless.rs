//! What the headless CLI runs besides the catalogue: a database opened with no automatic
//! backup (or none at all), a replay, files imported and exported at given paths, the
//! one line each error is worded in, and options read as the wire reads a request.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;

use carom_api::{ErrorCode, RankingFilter, StatsFilter};
use carom_app::{error_text, App, MAX_IMPORT_BYTES};
use carom_i18n::Lang;
use support::{app_without_database, fixture};

const LANGS: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Es];

/// Every file in `dir` and below, with its bytes: what "changes nothing" compares.
fn snapshot(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.push((path, bytes));
            }
        }
    }
    files.sort();
    files
}

/// A database file holding one imported match, closed again.
fn database(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("db.sqlite");
    let Ok(app) = App::open_or_create(&db, support::services()) else {
        panic!("no database created");
    };
    app.import_match_file_at(&fixture("end-4-forfeit.json"))
        .unwrap();
    db
}

/// The error `open_existing` answers for `db`, which must be refused.
fn refused(db: &Path) -> carom_api::Error {
    match App::open_existing(db, support::services()) {
        Ok(_) => panic!("{} was opened", db.display()),
        Err(e) => e,
    }
}

/// The error's line in each language: a message of its own, its arguments filled in.
fn assert_worded(code: &ErrorCode, needle: &str) {
    for lang in LANGS {
        let text = error_text(lang, code);
        assert!(
            !text.contains('{') && !text.contains(code.message().0),
            "{lang:?}: {text}"
        );
        assert!(text.contains(needle), "{lang:?}: {text}");
    }
}

#[test]
fn a_database_opened_to_read_makes_no_automatic_backup_unlike_the_windows_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let before = snapshot(dir.path());
    let Ok(app) = App::open_existing(&db, support::services()) else {
        panic!("the database did not open");
    };
    assert_eq!(app.list_all_matches().unwrap().len(), 1);
    drop(app);
    assert!(!dir.path().join("backups").exists(), "no automatic backup");
    assert_eq!(snapshot(dir.path()), before, "reading changed a file");
    // The window's start does make one: the check above can fail.
    drop(App::open(&db, support::services()));
    assert!(dir
        .path()
        .join("backups")
        .read_dir()
        .unwrap()
        .next()
        .is_some());
}

#[test]
fn a_missing_database_is_said_in_every_language_and_nothing_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club").join("db.sqlite");
    let err = refused(&db);
    assert_eq!(
        err.code,
        ErrorCode::DatabaseMissing {
            file: db.display().to_string()
        }
    );
    assert_worded(&err.code, &db.display().to_string());
    assert_eq!(snapshot(dir.path()), Vec::new(), "nothing was created");
}

#[test]
fn a_corrupt_database_is_refused_in_every_language_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let mut bytes = std::fs::read(&db).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&db, &bytes).unwrap();
    let before = snapshot(dir.path());
    let err = refused(&db);
    assert!(
        matches!(
            err.code,
            ErrorCode::DatabaseCorrupt { restore: false, .. }
                | ErrorCode::DatabaseDamaged { restore: false }
        ),
        "{err:?}"
    );
    for lang in LANGS {
        let text = error_text(lang, &err.code);
        assert!(!text.contains('{'), "{lang:?}: {text}");
    }
    assert_eq!(snapshot(dir.path()), before, "the file was changed");
    assert!(!dir.path().join("backups").exists());
}

#[test]
fn a_database_another_instance_holds_is_refused_as_locked_and_keeps_working() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let Ok(first) = App::open_existing(&db, support::services()) else {
        panic!("the database did not open");
    };
    let err = refused(&db);
    assert_eq!(err.code, ErrorCode::DatabaseLocked);
    for lang in LANGS {
        let text = error_text(lang, &err.code);
        assert!(!text.is_empty() && !text.contains('{'), "{lang:?}: {text}");
    }
    assert_eq!(first.list_all_matches().unwrap().len(), 1);
    assert!(!dir.path().join("backups").exists());
}

#[test]
fn a_discipline_typed_on_the_command_line_is_read_as_the_wire_reads_it() {
    let stats: StatsFilter = carom_app::read_args(
        "stats",
        serde_json::json!({"discipline": "three-cushion", "from": "2026-01-01", "until": null}),
    )
    .unwrap();
    assert_eq!(stats.discipline, Some(carom_core::Discipline::ThreeCushion));
    let err = carom_app::read_args::<RankingFilter, _>(
        "ranking",
        serde_json::json!({"discipline": "pool"}),
    )
    .unwrap_err();
    let ErrorCode::RequestInvalid { command, detail } = &err.code else {
        panic!("{err:?}");
    };
    assert_eq!(command, "ranking");
    assert!(
        detail.contains("pool") && detail.contains("three-cushion"),
        "{detail}"
    );
    assert_worded(&err.code, "pool");
}

#[test]
fn an_event_the_rules_refused_is_named_once_and_other_file_errors_name_their_own() {
    let app = app_without_database();
    let read = |name: &str| std::fs::read(fixture(name)).unwrap();
    let refused = app
        .replay_match_file(&read("invalid/run-too-long.json"), false)
        .unwrap_err();
    assert_eq!(refused.event, Some(1));
    let line = refused.text(Lang::En);
    assert!(line.starts_with("event 1: "), "{line}");
    assert_eq!(line.matches("event").count(), 1, "{line}");
    let unknown = app
        .replay_match_file(&read("invalid/unknown-event-type.json"), false)
        .unwrap_err();
    assert_eq!(unknown.event, None, "its message names the event itself");
    let line = unknown.text(Lang::Fr);
    assert!(!line.contains('{'), "{line}");
    let too_large = app
        .replay_match_file(&vec![b' '; MAX_IMPORT_BYTES as usize + 1], false)
        .unwrap_err();
    assert_eq!(
        too_large.error.code,
        ErrorCode::ImportTooLarge {
            max: MAX_IMPORT_BYTES
        }
    );
    assert_eq!(
        app.replay_match_file(b"\xff", false)
            .unwrap_err()
            .error
            .code,
        ErrorCode::ImportNotText
    );
    let report = app
        .replay_match_file(&read("end-4-forfeit.json"), true)
        .unwrap();
    assert!(serde_json::to_value(report).unwrap()["announcements"].is_array());
}

#[test]
fn without_a_database_store_commands_say_so() {
    let app = app_without_database();
    let err = app.list_all_matches().unwrap_err();
    assert!(
        matches!(err.code, ErrorCode::DatabaseMissing { .. }),
        "{err:?}"
    );
}

#[test]
fn a_match_imported_from_a_path_is_counted_refused_twice_and_exported_to_a_path() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club").join("db.sqlite");
    let Ok(app) = App::open_or_create(&db, support::services()) else {
        panic!("no database created");
    };
    let done = app
        .import_match_file_at(&fixture("end-4-forfeit.json"))
        .unwrap();
    assert_eq!(done.id, 1);
    assert!(done.events > 0);
    let again = app
        .import_match_file_at(&fixture("end-4-forfeit.json"))
        .unwrap_err();
    assert_eq!(again.error.code, ErrorCode::ImportDuplicate { id: 1 });
    let out = dir.path().join("m.json");
    app.export_match_file_to(1, &out).unwrap();
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("carambole-match"));
    let missing = app.export_match_file_to(42, &out).unwrap_err();
    assert_eq!(missing.code, ErrorCode::MatchNotFound { id: 42 });
    assert!(!app.backups().exists(), "no automatic backup");
}
