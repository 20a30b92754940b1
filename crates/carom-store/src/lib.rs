//! `carom-store`: everything Carambole keeps on the device, in one SQLite file.
//!
//! - Every write is one transaction; the app answers the UI only after it committed
//!   (WAL, `synchronous=FULL`).
//! - A match is `fold(setup, events)`: [`Store::append_event`] validates an event through
//!   `carom-core` and appends it to the match's append-only log (triggers refuse any
//!   change or removal of a stored event); [`Store::unfinished_matches`] rebuilds every
//!   unfinished match exactly where it stopped.
//! - History ([`Store::history`]), a trash kept until the next backup, import and export
//!   of `carambole-match/1` and `/2` files, backups with SQLite's online backup API.
//! - The file is held exclusively by one app instance (`locking_mode=EXCLUSIVE`); a
//!   damaged, locked, read-only or newer database is refused with a typed
//!   [`StoreError`] and left untouched, and so is anything that is not Carambole's own
//!   database (its `application_id`, [`APPLICATION_ID`]) or not a regular file. Read
//!   commands open with [`Store::open_existing`], which never creates.
//! - Natively the file is SQLite's own (bundled); on wasm32-unknown-unknown rusqlite runs
//!   over `sqlite-wasm-rs` (the browser storage comes with the web app).
//!
//! Each table module owns its queries; the schema and its migrations are in `schema.rs`.
//! The tests that hold wherever the database lives (a file, or the browser's OPFS through
//! [`Store::open_vfs`]) are in `conformance` (feature `conformance`), run here on files
//! and in a browser by carom-web.

/// The number of events of match `m` (an SQL expression, for `FROM matches m`): its
/// log's length. The log is append-only and in order, so its last `seq` tells it, found by
/// the primary key in one lookup; the match's row keeps no copy, so that a shot commits
/// its event's page alone.
macro_rules! event_count_of_m {
    () => {
        "(SELECT ifnull(max(e.seq) + 1, 0) FROM events e WHERE e.match_id = m.id)"
    };
}

mod backup;
mod club;
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
mod error;
mod events;
mod files;
mod matches;
mod names;
mod players;
mod roster;
mod schema;
mod settings;
mod signatures;
mod stats;

pub use backup::{BackupInfo, BACKUPS_KEPT};
pub use club::{
    Acked, ClubEntry, Outgoing, Receipt, RosterChange, RosterReceipt, StoredRosterConflict,
};
pub use error::{Input, Refusal, StoreError};
pub use events::{ResumableMatch, Seen, StoredEvent};
pub use files::{write_file_atomically, Imported, MAX_IMPORT_BYTES};
// The rows the queries answer are the store's own types, named for what they hold;
// carom-app maps them to the wire types of carom-api (the store knows no wire).
pub use matches::{
    HistoryQuery, MatchEntrant, MatchPage, MatchRecord, NewMatch, StoredMatch, MAX_TARGET,
};
pub use names::{same_player, MAX_NAME_CHARS};
pub use players::{PlayerFields, PlayerRecord};
pub use roster::MergedPlayers;
pub use schema::APPLICATION_ID;
pub use signatures::{SignerRole, StoredReclamation, StoredSignature};
pub use stats::{PlayerFigures, StatsQuery};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use carom_core::Match;
use rusqlite::{Connection, OpenFlags};

/// The schema version this build of the store writes (see `schema.rs`).
pub const SCHEMA_VERSION: usize = 7;

/// How long a write waits for a lock held by another connection before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_millis(1000);

/// Most matches kept replayed in memory for fast appends.
const CACHE_MATCHES: usize = 16;

/// An open Carambole database.
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    device: String,
    /// Live matches already replayed, keyed by id; always equal to `fold(setup, events)`
    /// of the committed log (an entry is dropped when a write fails).
    cache: HashMap<i64, Match>,
}

/// The current time as stored: RFC 3339, UTC, milliseconds.
pub(crate) fn timestamp(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Nanoseconds on the clock, for names that must not repeat (the device id's seed, a
/// private temporary folder). This is the store's only clock read, and no figure or
/// stored time comes from it: every time the data records is passed in by the caller
/// (`at`). It is read here because these nonces are made while the database is being
/// opened, before any caller could hand in a time, and a time is only one of their
/// ingredients (the process and the path are the others).
pub(crate) fn unique_nanos() -> i64 {
    chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// Nothing is written to an existing file before it passed the checks: it is a regular
    /// file, a Carambole database (its `application_id`, [`APPLICATION_ID`]), not from a
    /// newer app, not damaged (`PRAGMA quick_check`), and not held by another instance.
    ///
    /// # Errors
    /// [`StoreError::NotAFile`] (a folder, a device, a FIFO…, refused at once),
    /// [`StoreError::Foreign`] (another program's SQLite file, left byte-identical),
    /// [`StoreError::ReadOnly`] (the file is marked read-only or cannot be written),
    /// [`StoreError::Locked`] (another instance has it open), [`StoreError::Corrupt`]
    /// (not a database, truncated), [`StoreError::Damaged`] (damaged pages),
    /// [`StoreError::NewerSchema`], [`StoreError::DiskFull`], or another database or file
    /// error.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        match std::fs::metadata(path) {
            Ok(_) => check_regular(path)?,
            Err(_) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(StoreError::io)?;
                }
            }
        }
        Store::open_file(path, OpenFlags::SQLITE_OPEN_CREATE)
    }

    /// Opens the existing database at `path`, as [`Store::open`] does, but never creates
    /// one: what the read commands (`list`, `stats`, `ranking`, `export`) use, so that a
    /// mistyped path creates no folder and no file. An older Carambole database is still
    /// brought up to date (the app's own file, not a new one).
    ///
    /// # Errors
    /// [`StoreError::NoDatabase`] when nothing (or an empty file) is at `path`, or as
    /// [`Store::open`].
    pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() && meta.len() == 0 => {
                return Err(StoreError::NoDatabase(path.to_path_buf()))
            }
            Ok(_) => check_regular(path)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(StoreError::NoDatabase(path.to_path_buf()))
            }
            Err(e) => return Err(StoreError::io(e)),
        }
        Store::open_file(path, OpenFlags::empty())
    }

    /// Opens the regular file (or absent path) `path` read-write, with `create` added.
    fn open_file(path: &Path, create: OpenFlags) -> Result<Store, StoreError> {
        check_header(path)?;
        // Another program's SQLite file is refused before SQLite opens it for writing (which
        // would replay and checkpoint its WAL), let alone migrations or the switch to WAL.
        schema::identify_file(path)?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX | create,
        )?;
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly);
        }
        Store::init(conn, Some(path.to_path_buf()))
    }

    /// Opens (creating if needed) the database `name` in the registered SQLite VFS `vfs`:
    /// the browser's Origin Private File System (the web app's worker registers the
    /// `opfs-sahpool` VFS first). The file checks of [`Store::open`] are the VFS's own
    /// business there (no other program shares an origin's private files); the schema,
    /// version and integrity checks are the same. The pool holds its files exclusively,
    /// so a second tab cannot open them; each commit is flushed to storage before it
    /// returns (`synchronous=FULL`, the VFS's `xSync`).
    ///
    /// # Errors
    /// As [`Store::open`], without its file errors.
    pub fn open_vfs(name: &str, vfs: &str) -> Result<Store, StoreError> {
        let conn = Connection::open_with_flags_and_vfs(
            name,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            vfs,
        )?;
        // The pool VFS has no shared memory for a WAL index: in exclusive locking mode,
        // set before the first read, SQLite keeps the index in the heap instead, and a
        // commit costs one flush of the log instead of the three or four of a rollback
        // journal (the tap-to-screen time on a phone is mostly those flushes).
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
        Store::init(conn, Some(PathBuf::from(name)))
    }

    /// Opens a private in-memory database (tests, benchmarks).
    ///
    /// # Errors
    /// [`StoreError`] if SQLite cannot allocate the database.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::init(Connection::open_in_memory()?, None)
    }

    fn init(mut conn: Connection, path: Option<PathBuf>) -> Result<Store, StoreError> {
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // Read-only checks first: a file that fails them is never written to.
        let version = schema::version(&conn)?;
        if version > schema::latest_version() as i64 {
            return Err(StoreError::NewerSchema);
        }
        let size = path
            .as_deref()
            .and_then(|p| std::fs::metadata(p).ok())
            .map_or(0, |m| m.len());
        if size <= FULL_CHECK_MAX_BYTES {
            check_integrity(&conn)?;
        }
        // One app instance owns the file: the lock is taken by the first write below and
        // held until the store is closed (or the process dies).
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
        // WAL keeps appends cheap; FULL makes each commit durable against power loss,
        // which is the promise made to the referee.
        let wanted = "WAL";
        let mode: String =
            conn.pragma_update_and_check(None, "journal_mode", wanted, |r| r.get(0))?;
        if path.is_some() && !mode.eq_ignore_ascii_case(wanted) {
            return Err(StoreError::Migration(format!("journal mode {mode}")));
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch("BEGIN IMMEDIATE; COMMIT;")?;
        schema::migrate(&mut conn)?;
        let mut store = Store {
            conn,
            path,
            device: String::new(),
            cache: HashMap::new(),
        };
        store.device = store.device_id()?;
        Ok(store)
    }

    /// The database file, if not in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// This device's id, written into every match it records.
    pub fn device(&self) -> &str {
        &self.device
    }

    /// Runs `PRAGMA integrity_check`; `Ok` when the database is sound.
    ///
    /// # Errors
    /// [`StoreError::Damaged`] with SQLite's findings.
    pub fn integrity_check(&self) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let found: Vec<String> = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if found == ["ok"] {
            Ok(())
        } else {
            Err(StoreError::Damaged(found.join("; ")))
        }
    }

    /// Limits the database to `pages` pages (SQLite `max_page_count`, this connection
    /// only): lets tests simulate a full disk.
    ///
    /// # Errors
    /// A database error.
    #[doc(hidden)]
    pub fn set_max_page_count(&self, pages: u64) -> Result<u64, StoreError> {
        // SQLite integers are i64 (rusqlite converts no u64 without `fallible_uint`).
        let pages = i64::try_from(pages).unwrap_or(i64::MAX);
        let set: i64 = self
            .conn
            .pragma_update_and_check(None, "max_page_count", pages, |r| r.get(0))?;
        Ok(u64::try_from(set).unwrap_or(0))
    }

    /// The underlying connection, for benchmarks and tests of the schema.
    #[doc(hidden)]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    fn device_id(&mut self) -> Result<String, StoreError> {
        const KEY: &str = "device-id";
        if let Some(id) = self.setting(KEY)? {
            return Ok(id);
        }
        use sha2::Digest;
        // chrono's clock, not `SystemTime`, and no process id in the browser: both panic
        // on wasm32-unknown-unknown.
        #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
        let process = std::process::id();
        #[cfg(all(target_family = "wasm", target_os = "unknown"))]
        let process = 0u32;
        let seed = format!("{}|{process}|{:?}", unique_nanos(), self.path);
        let id = hex(&sha2::Sha256::digest(seed.as_bytes())[..8]);
        self.set_setting(KEY, &id)?;
        Ok(id)
    }
}

/// Lower-case hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Up to this size the whole file is checked at every open (`PRAGMA quick_check`, a few
/// tens of milliseconds); a larger one gets the header checks only (a full check of a
/// 100 MB database takes more than half a second) and [`Store::integrity_check`] on demand.
const FULL_CHECK_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The file at `path` (which exists) and the journals SQLite would open beside it are
/// regular files (symbolic links followed), and it is not marked read-only. Only
/// metadata is read: opening a FIFO would block until a writer came, a device could be
/// anything.
fn check_regular(path: &Path) -> Result<(), StoreError> {
    let meta = std::fs::metadata(path).map_err(StoreError::io)?;
    if !meta.is_file() {
        return Err(StoreError::NotAFile(path.to_path_buf()));
    }
    for suffix in ["-wal", "-journal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", path.display()));
        if std::fs::metadata(&side).is_ok_and(|m| !m.is_file()) {
            return Err(StoreError::NotAFile(side));
        }
    }
    if meta.permissions().readonly() {
        return Err(StoreError::ReadOnly);
    }
    Ok(())
}

/// Cheap checks of the file before SQLite opens it: the SQLite magic, and a database size
/// in the header that the file actually has (a truncated file). A file with a pending WAL
/// is left to SQLite's recovery, which completes an interrupted checkpoint.
fn check_header(path: &Path) -> Result<(), StoreError> {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(());
    };
    let len = file.metadata().map_err(StoreError::io)?.len();
    if len == 0 {
        return Ok(()); // A new, empty database.
    }
    let mut header = [0u8; 100];
    if len < 100 || file.read_exact(&mut header).is_err() {
        return Err(StoreError::Corrupt(
            "the file is too short to be a database".into(),
        ));
    }
    if &header[..16] != b"SQLite format 3\0" {
        return Err(StoreError::Corrupt("the file is not a database".into()));
    }
    let be32 =
        |i: usize| u32::from_be_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let wal_pending = std::fs::metadata(wal).is_ok_and(|m| m.len() > 0);
    let pages = u64::from(be32(28));
    // The header's size is valid when its "version-valid-for" equals the change counter.
    if !wal_pending && be32(92) == be32(24) && pages * page_size > len {
        return Err(StoreError::Corrupt(format!(
            "the file is truncated: {len} bytes of {}",
            pages * page_size
        )));
    }
    Ok(())
}

/// `PRAGMA quick_check`: structural damage (a truncated file, garbage pages).
fn check_integrity(conn: &Connection) -> Result<(), StoreError> {
    let mut stmt = conn.prepare("PRAGMA quick_check")?;
    let found: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if found == ["ok"] {
        Ok(())
    } else {
        Err(StoreError::Damaged(found.join("; ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_version_constant_matches_the_migrations() {
        assert_eq!(SCHEMA_VERSION, schema::latest_version());
    }
}
