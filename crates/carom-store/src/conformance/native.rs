//! The conformance tests run natively, twice each: on a file opened as the desktop app
//! opens its database ([`Store::open`], `on_a_file::…`), and through SQLite's `unix` VFS
//! by name ([`Store::open_vfs`], `in_the_unix_vfs::…`), the code path the browser's OPFS
//! pool takes (write-ahead log in exclusive locking mode, no file checks). carom-web's
//! `tests/store.rs` runs the same list in a browser.

use std::path::{Path, PathBuf};

use rusqlite::Connection;

use super::{InVfs, Opener};
use crate::{Store, StoreError};

/// Databases as files in a new temporary folder.
struct Files(tempfile::TempDir);

impl Files {
    fn new() -> Files {
        Files(tempfile::tempdir().unwrap())
    }
}

impl Opener for Files {
    fn open(&self, name: &str) -> Result<Store, StoreError> {
        Store::open(&self.0.path().join(name))
    }

    fn connect(&self, name: &str) -> Connection {
        Connection::open(self.0.path().join(name)).unwrap()
    }
}

/// Databases of SQLite's `unix` VFS in a new temporary folder.
struct UnixVfs {
    vfs: InVfs,
    /// Removed when the place is dropped.
    _dir: tempfile::TempDir,
}

impl UnixVfs {
    fn new() -> UnixVfs {
        let dir = tempfile::tempdir().unwrap();
        let prefix = format!("{}/", dir.path().display());
        UnixVfs {
            vfs: InVfs::new("unix", &prefix),
            _dir: dir,
        }
    }
}

impl Opener for UnixVfs {
    fn open(&self, name: &str) -> Result<Store, StoreError> {
        self.vfs.open(name)
    }

    fn connect(&self, name: &str) -> Connection {
        self.vfs.connect(name)
    }
}

macro_rules! on {
    ($place:ident: $($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            super::super::run(stringify!($name), &super::$place::new());
        }
    )*};
}

mod on_a_file {
    macro_rules! on_files {
        ($($name:ident),* $(,)?) => { on!(Files: $($name),*); };
    }
    crate::for_each_conformance_test!(on_files);
}

mod in_the_unix_vfs {
    macro_rules! in_unix_vfs {
        ($($name:ident),* $(,)?) => { on!(UnixVfs: $($name),*); };
    }
    crate::for_each_conformance_test!(in_unix_vfs);
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/stats")
}

#[test]
fn the_stats_fixtures_built_into_the_tests_are_the_files_and_import_from_their_paths() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), super::stats::FIXTURES.len());
    let mut s = Store::open_in_memory().unwrap();
    for (path, built_in) in files.iter().zip(super::stats::FIXTURES) {
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            built_in,
            "{}",
            path.display()
        );
        s.import_path(path, chrono::Utc::now())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    assert_eq!(s.list_matches(10).unwrap().len(), files.len());
}

#[test]
fn a_database_in_a_missing_folder_is_created_with_its_folders() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/deeper/db.sqlite");
    drop(Store::open(&path).unwrap());
    assert!(path.is_file());
    Store::open(&path).unwrap().integrity_check().unwrap();
}

/// Frames in the write-ahead log of the database at `path`: after its 32-byte header
/// (whose bytes 8–11 give the page size), each frame is a 24-byte header and a page.
fn wal_frames(path: &Path) -> u64 {
    let wal = std::fs::read(path.with_extension("sqlite-wal")).unwrap_or_default();
    let Some(size) = wal.get(8..12) else { return 0 };
    let page = u64::from(u32::from_be_bytes(size.try_into().unwrap()));
    (wal.len() as u64).saturating_sub(32) / (page + 24)
}

#[test]
fn a_shot_of_a_match_under_way_commits_one_page() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite");
    let mut s = Store::open(&path).unwrap();
    let id = s
        .create_match_with_setup(super::events::setup(5), chrono::Utc::now())
        .unwrap();
    super::events::start(&mut s, id);
    let before = wal_frames(&path);
    let at = chrono::DateTime::from_timestamp_millis(1_760_000_000_000).unwrap();
    s.append_event(id, carom_core::Event::Carom { at: Some(4_000) }, at)
        .unwrap();
    // The event's page alone: the match's row is left as it is.
    assert_eq!(wal_frames(&path) - before, 1);
    let row = s.match_row(id).unwrap();
    assert_eq!(
        (row.events, row.updated_at.as_str()),
        (4, "2025-10-09T08:53:20.000Z")
    );
}
