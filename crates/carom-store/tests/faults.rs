//! Faults of the database file: each is refused with a typed error and a stable code, and
//! the user's file is never overwritten or deleted.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use carom_core::{Discipline, Event, MatchSetup, Player, TableSize};
use carom_store::{Store, StoreError};

fn setup(target: u32) -> MatchSetup {
    let mut s = MatchSetup::race(
        Discipline::Libre,
        TableSize::Match,
        ["Caudron", "Jaspers"],
        target,
    );
    s.pause.enabled = false;
    s
}

fn start(s: &mut Store, id: i64) {
    let now = chrono::Utc::now();
    s.append_event(
        id,
        Event::Lag {
            winner: Some(Player::A),
            relag: None,
            caused_by: None,
            red_touched_by: None,
            at: None,
        },
        now,
    )
    .unwrap();
    s.append_event(
        id,
        Event::ChooseBreaker {
            player: Player::A,
            spot: None,
            at: None,
        },
        now,
    )
    .unwrap();
    s.append_event(id, Event::break_by(Player::A), now).unwrap();
}

/// A closed database with a few matches and events.
fn database(dir: &Path) -> PathBuf {
    let path = dir.join("carambole.sqlite");
    let mut s = Store::open(&path).unwrap();
    for _ in 0..3 {
        let id = s
            .create_match_with_setup(setup(500), chrono::Utc::now())
            .unwrap();
        start(&mut s, id);
        for _ in 0..100 {
            s.append_event(id, Event::carom(), chrono::Utc::now())
                .unwrap();
        }
    }
    drop(s);
    path
}

/// The bytes of the database and its WAL.
fn snapshot(path: &Path) -> (Vec<u8>, Option<Vec<u8>>) {
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    (std::fs::read(path).unwrap(), std::fs::read(wal).ok())
}

fn assert_refused(path: &Path, want: fn(&StoreError) -> bool) -> StoreError {
    let before = snapshot(path);
    let err = match Store::open(path) {
        Ok(_) => panic!("{}: the database was opened", path.display()),
        Err(e) => e,
    };
    assert!(want(&err), "{err:?}");
    assert_eq!(snapshot(path), before, "{err:?}: the file was changed");
    err
}

#[test]
fn a_database_held_by_a_second_instance_is_refused_as_locked() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let mut first = Store::open(&path).unwrap();
    let err = match Store::open(&path) {
        Ok(_) => panic!("two instances opened the same database"),
        Err(e) => e,
    };
    assert!(matches!(err, StoreError::Locked), "{err:?}");
    assert!(!err.offers_restore());
    // The first instance goes on recording.
    let id = first.list_matches(1).unwrap()[0].id;
    first
        .append_event(id, Event::miss(), chrono::Utc::now())
        .unwrap();
    drop(first);
    Store::open(&path).unwrap().integrity_check().unwrap();
}

#[test]
fn a_read_only_database_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms.clone()).unwrap();
    let err = assert_refused(&path, |e| matches!(e, StoreError::ReadOnly));
    assert!(matches!(err, StoreError::ReadOnly));
    #[allow(clippy::permissions_set_readonly_false)]
    perms.set_readonly(false);
    std::fs::set_permissions(&path, perms).unwrap();
    assert_eq!(
        Store::open(&path).unwrap().list_matches(10).unwrap().len(),
        3
    );
}

#[test]
fn a_file_of_garbage_bytes_is_refused_as_corrupt_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("carambole.sqlite");
    let garbage: Vec<u8> = (0..64 * 1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&path, &garbage).unwrap();
    let err = assert_refused(&path, |e| matches!(e, StoreError::Corrupt(_)));
    assert!(err.offers_restore());
    assert_eq!(std::fs::read(&path).unwrap(), garbage);
}

#[test]
fn a_truncated_database_is_refused_as_corrupt_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    assert!(
        bytes.len() > 3 * 4096,
        "the test needs a database of several pages"
    );
    for len in [bytes.len() / 2, 4096 + 100, 60] {
        std::fs::write(&path, &bytes[..len]).unwrap();
        let err = assert_refused(&path, |e| matches!(e, StoreError::Corrupt(_)));
        assert!(matches!(err, StoreError::Corrupt(_)), "{len}: {err:?}");
    }
}

#[test]
fn a_database_from_a_newer_app_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
    }
    let err = assert_refused(&path, |e| matches!(e, StoreError::NewerSchema));
    assert!(err.offers_restore());
}

#[test]
fn a_damaged_database_is_restored_from_the_latest_backup_keeping_the_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let backups = dir.path().join("backups");
    Store::open(&path)
        .unwrap()
        .backup_rotating(&backups, chrono::Utc::now())
        .unwrap();
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let err = assert_refused(&path, |e| matches!(e, StoreError::Corrupt(_)));
    assert!(err.offers_restore());
    let latest = Store::latest_backup(&backups).expect("a backup to offer");
    let kept = Store::restore_file(
        &path,
        &latest,
        &dir.path().join("safety"),
        chrono::Utc::now(),
    )
    .unwrap()
    .unwrap();
    assert_eq!(
        std::fs::read(&kept).unwrap(),
        &bytes[..bytes.len() / 2],
        "the damaged file is kept"
    );
    let s = Store::open(&path).unwrap();
    assert_eq!(s.list_matches(10).unwrap().len(), 3);
    s.integrity_check().unwrap();
}

#[test]
fn a_database_with_a_damaged_page_inside_is_refused_in_one_localized_line_offering_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let pages = bytes.len() / 4096;
    assert!(pages >= 4);
    for b in &mut bytes[(pages - 2) * 4096..(pages - 1) * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let err = assert_refused(&path, |e| matches!(e, StoreError::Damaged(_)));
    assert!(matches!(err, StoreError::Damaged(_)), "{err:?}");
    assert!(err.offers_restore());
    // Its one localized line, without SQLite's findings, is checked in carom-app (which
    // words the store's errors).
}

/// `Store::open(path)` on another thread, with a bound: a path that blocks (a FIFO waits
/// for a writer for ever) fails the test instead of hanging it.
fn open_within_bound(path: &Path) -> Result<(), StoreError> {
    let (tx, rx) = std::sync::mpsc::channel();
    let owned = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(Store::open(&owned).map(drop));
    });
    rx.recv_timeout(std::time::Duration::from_secs(30))
        .unwrap_or_else(|_| panic!("opening {} hangs", path.display()))
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_fifo_a_device_or_a_folder_given_as_the_database_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.sqlite");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let folder = dir.path().join("folder.sqlite");
    std::fs::create_dir(&folder).unwrap();
    let before = names_in(dir.path());
    for path in [fifo.as_path(), folder.as_path(), Path::new("/dev/null")] {
        let err = open_within_bound(path).expect_err("a non-file was opened");
        assert!(
            matches!(&err, StoreError::NotAFile(p) if p == path),
            "{err:?}"
        );
        assert!(!err.offers_restore());
    }
    assert_eq!(names_in(dir.path()), before, "nothing created beside them");
    assert!(names_in(&folder).is_empty());
}

#[test]
fn a_fifo_in_place_of_the_databases_journal_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let _ = std::fs::remove_file(&wal);
    assert!(std::process::Command::new("mkfifo")
        .arg(&wal)
        .status()
        .unwrap()
        .success());
    let before = std::fs::read(&path).unwrap();
    let err = open_within_bound(&path).expect_err("opened beside a FIFO");
    assert!(
        matches!(&err, StoreError::NotAFile(p) if p == &wal),
        "{err:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// An SQLite file written by another program with `sql`.
fn foreign(dir: &Path, name: &str, sql: &str) -> PathBuf {
    let path = dir.join(name);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(sql).unwrap();
    drop(conn);
    path
}

#[test]
fn another_programs_sqlite_file_is_refused_and_stays_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ours");
    std::fs::create_dir(&ours).unwrap();
    // Carambole's tables and version, plus a table of someone else's, and no id.
    let mixed = database(&ours);
    rusqlite::Connection::open(&mixed)
        .unwrap()
        .execute_batch("PRAGMA application_id = 0; CREATE TABLE moz_places (url TEXT);")
        .unwrap();
    let cases = [
        foreign(
            dir.path(),
            "places.sqlite",
            "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT);
             INSERT INTO moz_places (url) VALUES ('https://example.org');",
        ),
        foreign(
            dir.path(),
            "History",
            "CREATE TABLE urls (id INTEGER PRIMARY KEY, url TEXT);
             CREATE TABLE visits (id INTEGER PRIMARY KEY, url INTEGER);
             PRAGMA user_version = 2;",
        ),
        foreign(
            dir.path(),
            "other-id.sqlite",
            "PRAGMA application_id = 1234; CREATE TABLE settings (key TEXT);",
        ),
        foreign(
            dir.path(),
            "other-id-empty.sqlite",
            "PRAGMA application_id = 1234;",
        ),
        mixed,
    ];
    for path in &cases {
        let err = assert_refused(path, |e| matches!(e, StoreError::Foreign));
        assert!(matches!(err, StoreError::Foreign), "{err:?}");
        assert!(!err.offers_restore());
        assert!(
            !PathBuf::from(format!("{}-wal", path.display())).exists(),
            "{}: switched to WAL",
            path.display()
        );
        let err = Store::inspect_backup(path).expect_err("offered as a backup");
        assert!(matches!(err, StoreError::Foreign), "{err:?}");
    }
}

#[test]
fn opening_a_missing_database_for_reading_creates_no_folder_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    for path in [
        dir.path().join("typo.sqlite"),
        dir.path().join("no/such/folder/carambole.sqlite"),
    ] {
        let err = match Store::open_existing(&path) {
            Ok(_) => panic!("{}: opened", path.display()),
            Err(e) => e,
        };
        assert!(
            matches!(&err, StoreError::NoDatabase(p) if p == &path),
            "{err:?}"
        );
    }
    let empty = dir.path().join("empty.sqlite");
    std::fs::write(&empty, b"").unwrap();
    assert!(matches!(
        Store::open_existing(&empty),
        Err(StoreError::NoDatabase(_))
    ));
    assert_eq!(names_in(dir.path()), ["empty.sqlite"], "nothing created");
    assert_eq!(std::fs::read(&empty).unwrap(), b"");
    // An existing database opens for reading as it does for writing.
    let path = database(dir.path());
    let s = Store::open_existing(&path).unwrap();
    assert_eq!(s.list_matches(10).unwrap().len(), 3);
}

#[test]
fn a_full_database_file_refuses_imports_and_restores_as_disk_full_and_keeps_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    // A long match made elsewhere: a file to import, and a backup larger than the database.
    let mut other = Store::open_in_memory().unwrap();
    let id = other
        .create_match_with_setup(setup(10_000), chrono::Utc::now())
        .unwrap();
    start(&mut other, id);
    for _ in 0..200 {
        other
            .append_event(
                id,
                Event::Protest {
                    player: Player::A,
                    text: "x".repeat(900),
                    at: None,
                },
                chrono::Utc::now(),
            )
            .unwrap();
    }
    let file = other.export_match(id).unwrap();
    let backup = dir.path().join("big-backup.sqlite");
    other.backup_to(&backup).unwrap();

    let mut s = Store::open(&path).unwrap();
    let pages: i64 = s
        .connection()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    s.set_max_page_count(pages as u64).unwrap();
    let before = s.list_matches(10).unwrap();
    let err = s
        .import_match(file.as_bytes(), chrono::Utc::now())
        .unwrap_err();
    assert!(matches!(err, StoreError::DiskFull), "{err:?}");
    let err = s
        .import_matches(&[file.as_bytes()], chrono::Utc::now())
        .unwrap_err();
    assert!(matches!(err, StoreError::DiskFull), "{err:?}");
    let err = s
        .restore_from(&backup, &dir.path().join("safety"), chrono::Utc::now())
        .unwrap_err();
    assert!(matches!(err, StoreError::DiskFull), "{err:?}");
    assert_eq!(s.list_matches(10).unwrap(), before);
    s.integrity_check().unwrap();
}

#[test]
fn a_restore_never_replaces_a_fifo_or_another_programs_database() {
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ours");
    std::fs::create_dir(&ours).unwrap();
    let backup = ours.join("backup.sqlite");
    Store::open(&database(&ours))
        .unwrap()
        .backup_to(&backup)
        .unwrap();
    let safety = dir.path().join("safety");
    let fifo = dir.path().join("fifo.sqlite");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (tx, rx) = std::sync::mpsc::channel();
    let (f, b, s) = (fifo.clone(), backup.clone(), safety.clone());
    std::thread::spawn(move || {
        let _ = tx.send(Store::restore_file(&f, &b, &s, chrono::Utc::now()).map(drop));
    });
    let err = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("restoring over a FIFO hangs")
        .unwrap_err();
    assert!(matches!(err, StoreError::NotAFile(_)), "{err:?}");
    let places = foreign(
        dir.path(),
        "places.sqlite",
        "CREATE TABLE moz_places (url TEXT); INSERT INTO moz_places VALUES ('x');",
    );
    let before = std::fs::read(&places).unwrap();
    let err = Store::restore_file(&places, &backup, &safety, chrono::Utc::now()).unwrap_err();
    assert!(matches!(err, StoreError::Foreign), "{err:?}");
    assert_eq!(std::fs::read(&places).unwrap(), before);
    assert!(!safety.exists(), "no copy made of what was not replaced");
}

#[test]
fn another_programs_database_left_with_a_pending_wal_is_refused_and_neither_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.sqlite");
    let conn = rusqlite::Connection::open(&live).unwrap();
    conn.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
         CREATE TABLE moz_places (url TEXT); INSERT INTO moz_places VALUES ('x');",
    )
    .unwrap();
    // The other program dies here: its database and its un-checkpointed WAL stay.
    let path = dir.path().join("places.sqlite");
    std::fs::copy(&live, &path).unwrap();
    std::fs::copy(
        format!("{}-wal", live.display()),
        format!("{}-wal", path.display()),
    )
    .unwrap();
    drop(conn);
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    assert!(std::fs::metadata(&wal).unwrap().len() > 0);
    let before = snapshot(&path);
    for err in [
        Store::open(&path).map(drop).unwrap_err(),
        Store::open_existing(&path).map(drop).unwrap_err(),
        Store::inspect_backup(&path).map(drop).unwrap_err(),
    ] {
        assert!(matches!(err, StoreError::Foreign), "{err:?}");
    }
    assert_eq!(snapshot(&path), before, "the database or its WAL changed");
    assert!(!PathBuf::from(format!("{}-shm", path.display())).exists());
}
