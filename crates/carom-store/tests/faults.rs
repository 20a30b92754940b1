//! Faults of the database file: each is refused with a typed error and a stable code, and
//! the user's file is never overwritten or deleted.

use std::path::{Path, PathBuf};

use carom_core::{Discipline, Event, MatchSetup, TableSize};
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
            winner: Some(0),
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
            player: 0,
            spot: None,
            at: None,
        },
        now,
    )
    .unwrap();
    s.append_event(id, Event::break_by(0), now).unwrap();
}

/// A closed database with a few matches and events.
fn database(dir: &Path) -> PathBuf {
    let path = dir.join("carambole.sqlite");
    let mut s = Store::open(&path).unwrap();
    for _ in 0..3 {
        let id = s.create_match_with_setup(setup(500)).unwrap();
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

fn assert_refused(path: &Path, want: &str) -> StoreError {
    let before = snapshot(path);
    let err = match Store::open(path) {
        Ok(_) => panic!("{want}: the database was opened"),
        Err(e) => e,
    };
    assert_eq!(err.code(), want, "{err:?}");
    assert_eq!(snapshot(path), before, "{want}: the file was changed");
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
    assert_eq!(err.code(), "error-database-locked");
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
    let err = assert_refused(&path, "error-database-read-only");
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
    let err = assert_refused(&path, "error-database-corrupt");
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
        let err = assert_refused(&path, "error-database-corrupt");
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
    let err = assert_refused(&path, "error-database-newer");
    assert!(err.offers_restore());
}

#[test]
fn a_full_disk_refuses_the_write_and_keeps_everything_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("carambole.sqlite");
    let mut s = Store::open(&path).unwrap();
    let id = s.create_match_with_setup(setup(10_000)).unwrap();
    start(&mut s, id);
    let pages: i64 = s
        .connection()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    s.set_max_page_count(pages as u64 + 2).unwrap();
    let mut acknowledged = 3;
    let err = loop {
        match s.append_event(
            id,
            Event::Protest {
                player: 0,
                text: "x".repeat(900),
                at: None,
            },
            chrono::Utc::now(),
        ) {
            Ok(_) => acknowledged += 1,
            Err(e) => break e,
        }
        assert!(acknowledged < 10_000, "the page limit was never reached");
    };
    assert!(matches!(err, StoreError::DiskFull), "{err:?}");
    assert_eq!(err.code(), "error-disk-full");
    // Nothing half-written; everything acknowledged is there; the store still reads.
    assert_eq!(s.events(id).unwrap().len(), acknowledged);
    assert_eq!(s.match_row(id).unwrap().events as usize, acknowledged);
    s.integrity_check().unwrap();
    // Space again: recording goes on where it stopped.
    s.set_max_page_count(1 << 30).unwrap();
    s.append_event(id, Event::carom(), chrono::Utc::now())
        .unwrap();
    drop(s);
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.events(id).unwrap().len(), acknowledged + 1);
    assert_eq!(s.match_view(id).unwrap().current_run, 1);
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
    let err = assert_refused(&path, "error-database-corrupt");
    assert!(err.offers_restore());
    let latest = Store::latest_backup(&backups).expect("a backup to offer");
    let kept = Store::restore_file(&path, &latest, &dir.path().join("safety"))
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
fn a_database_with_a_damaged_page_inside_is_refused_as_corrupt_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = database(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let pages = bytes.len() / 4096;
    assert!(pages >= 4);
    for b in &mut bytes[(pages - 2) * 4096..(pages - 1) * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    assert_refused(&path, "error-database-corrupt");
}
