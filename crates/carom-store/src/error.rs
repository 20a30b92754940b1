//! The store's one error type: each variant says what went wrong with typed data; the
//! application turns it into the code the user is shown (the store knows no message ids).

use std::path::PathBuf;

use carom_core::{FileError, PlayError, SetupError};
use rusqlite::ErrorCode;

/// An input the store checks, named so that the application can point at the form
/// field it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// The first player's name in a new match.
    PlayerAName,
    /// The second player's name in a new match.
    PlayerBName,
    /// The first player's distance in a new match.
    PlayerATarget,
    /// The second player's distance in a new match.
    PlayerBTarget,
    /// The handicap rule's factor.
    HandicapFactor,
    /// The handicap rule's minimum distance.
    HandicapMinimum,
    /// A player's name (the roster).
    PlayerName,
    /// A player's club.
    PlayerClub,
    /// A player's licence number.
    PlayerLicence,
    /// Notes about a player.
    PlayerNotes,
    /// The name a signer signs with.
    SignerName,
    /// A reclamation's text.
    Reclamation,
}

/// Why the store refused an [`Input`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A name that is empty once trimmed.
    NameEmpty,
    /// A name longer than `max` characters.
    NameTooLong {
        /// The longest name, in characters.
        max: usize,
    },
    /// A name holding a control or invisible format character.
    NameControlChars,
    /// A text (empty, for a reclamation, or) longer than `max` characters.
    TextTooLong {
        /// The longest text, in characters.
        max: usize,
    },
    /// A text holding a control character.
    TextControlChars,
    /// A player's distance outside `min..=max`.
    TargetOutOfRange {
        /// The smallest distance.
        min: u32,
        /// The largest distance.
        max: u32,
    },
    /// A number of the handicap rule outside `min..=max`.
    HandicapOutOfRange {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
}

/// What went wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// An input is refused; nothing was stored.
    #[error("invalid {input:?}: {refusal:?}")]
    Invalid {
        /// Which input.
        input: Input,
        /// Why.
        refusal: Refusal,
    },
    /// No player with this id (on the roster, or asked for statistics).
    #[error("no player {0}")]
    NoSuchPlayer(i64),
    /// No roster conflict about player `uid` is open here (resolved meanwhile).
    #[error("no open roster conflict about player {0}")]
    NoSuchConflict(String),
    /// Another player (`existing`) already has this name and club: merge them instead.
    #[error("player {existing} already has this name and club")]
    DuplicatePlayer {
        /// The player who has them.
        existing: i64,
    },
    /// A player cannot be merged into himself.
    #[error("a player cannot be merged into himself")]
    MergeSame,
    /// A signature's strokes are larger than the store keeps.
    #[error("the signature is too large")]
    SignatureTooLarge,
    /// This signer has signed the match already.
    #[error("this signer has signed already")]
    SignatureDuplicate,
    /// A reclamation by a player the match does not have (not 0 or 1).
    #[error("the match has no player {0}")]
    NoSuchSide(u8),
    /// The database was written by a newer version of Carambole.
    #[error("the database schema is newer than this app")]
    NewerSchema,
    /// Another instance of the app holds the database.
    #[error("the database is in use by another instance of the app")]
    Locked,
    /// The database file (or its folder) cannot be written.
    #[error("the database is read-only")]
    ReadOnly,
    /// The database path (or its `-wal`/`-journal` beside it) is not a regular file: a
    /// folder, a device, a pipe or a socket. Refused before anything opens it (opening a
    /// FIFO blocks for ever).
    #[error("{} is not a regular file", .0.display())]
    NotAFile(PathBuf),
    /// No database at this path (a read command never creates one).
    #[error("no database at {}", .0.display())]
    NoDatabase(PathBuf),
    /// The file is an SQLite database of another program (another `application_id`, or
    /// tables that are not Carambole's): refused, and left byte-identical.
    #[error("the file is not a Carambole database")]
    Foreign,
    /// The disk (or the database's size limit) is full: the last change was not saved.
    #[error("the disk is full")]
    DiskFull,
    /// SQLite refused the operation.
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    /// A migration failed.
    #[error("migration error: {0}")]
    Migration(String),
    /// The file system refused an operation.
    #[error("file error: {0}")]
    Io(String),
    /// The file is not a database, or stored data is damaged.
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// Pages inside the database are damaged (SQLite's integrity check found faults, or a
    /// read hit a malformed page). The findings are kept for logs; the user is told in one
    /// localized line, and offered a backup ([`StoreError::offers_restore`]).
    #[error("the database has damaged pages: {0}")]
    Damaged(String),
    /// No match with this id (or it is in the trash when a live one is needed).
    #[error("no match {0}")]
    NoSuchMatch(i64),
    /// The match is signed: its sheet is closed and takes no more events.
    #[error("match {0} is signed and locked")]
    MatchLocked(i64),
    /// The match is in the trash.
    #[error("match {0} is in the trash")]
    InTrash(i64),
    /// The match is not in the trash (restore or purge of a live match).
    #[error("match {0} is not in the trash")]
    NotInTrash(i64),
    /// The match is not finished (signing a match still in play).
    #[error("match {0} is not finished")]
    NotFinished(i64),
    /// Another player is at the table than on the screen that sent the event (named
    /// here; empty when no one is); nothing was stored.
    #[error("the turn changed: {name} is at the table")]
    TurnChanged {
        /// The player at the table now.
        name: String,
    },
    /// The screen that sent the event showed `expected` events; the match has `found`.
    /// Nothing was stored.
    #[error("the screen showed {expected} events, the match has {found}")]
    Stale {
        /// The events the screen showed.
        expected: u64,
        /// The events of the match.
        found: u64,
    },
    /// The event is impossible now; nothing was stored.
    #[error("impossible event: {0}")]
    Play(PlayError),
    /// The match set-up is invalid; nothing was stored.
    #[error("invalid set-up: {0}")]
    Setup(SetupError),
    /// An imported match file is malformed or does not replay; nothing was stored.
    #[error("match file: {0}")]
    File(FileError),
    /// An imported file is larger than [`crate::MAX_IMPORT_BYTES`].
    #[error("the file is larger than {max} bytes")]
    TooLarge {
        /// The limit in bytes.
        max: u64,
    },
    /// An imported file is not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    NotText,
    /// The imported match is already stored (same content digest).
    #[error("the match is already stored as match {existing}")]
    Duplicate {
        /// The id of the stored copy.
        existing: i64,
    },
    /// A backup's destination is the database itself.
    #[error("a backup cannot overwrite the database it copies")]
    BackupOntoItself,
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        classify(e)
    }
}

/// The extended I/O errors SQLite gives when a write finds the disk full other than through
/// `write(2)` failing with ENOSPC (which is `SQLITE_FULL`): growing a file to a size hint
/// (`SQLITE_IOERR_WRITE`, `SQLITE_IOERR_TRUNCATE`), syncing delayed allocations
/// (`SQLITE_IOERR_FSYNC`), sizing the shared WAL index (`SQLITE_IOERR_SHMSIZE`). A dying
/// disk gives them too; the advice (nothing was saved, free space or check the disk, try
/// again) holds for both, where "disk I/O error" told the user nothing.
const FULL_DISK_IO_ERRORS: [std::ffi::c_int; 4] = [
    rusqlite::ffi::SQLITE_IOERR_WRITE,
    rusqlite::ffi::SQLITE_IOERR_TRUNCATE,
    rusqlite::ffi::SQLITE_IOERR_FSYNC,
    rusqlite::ffi::SQLITE_IOERR_SHMSIZE,
];

/// Turns SQLite's error codes into the typed faults the app explains to the user.
pub(crate) fn classify(e: rusqlite::Error) -> StoreError {
    let code = e.sqlite_error_code();
    let full_disk_io = e
        .sqlite_error()
        .is_some_and(|f| FULL_DISK_IO_ERRORS.contains(&f.extended_code));
    match code {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Locked,
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly,
        Some(ErrorCode::DiskFull) => StoreError::DiskFull,
        Some(ErrorCode::SystemIoFailure) if full_disk_io => StoreError::DiskFull,
        Some(ErrorCode::NotADatabase) => StoreError::Corrupt(e.to_string()),
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Damaged(e.to_string()),
        _ => StoreError::Sqlite(e),
    }
}

impl StoreError {
    /// Whether restoring a backup is the sensible way out (the file is damaged or from a
    /// newer app); the UI then offers [`crate::Store::latest_backup`].
    pub fn offers_restore(&self) -> bool {
        matches!(
            self,
            StoreError::Corrupt(_) | StoreError::Damaged(_) | StoreError::NewerSchema
        )
    }

    pub(crate) fn invalid(input: Input, refusal: Refusal) -> StoreError {
        StoreError::Invalid { input, refusal }
    }

    pub(crate) fn io(e: std::io::Error) -> StoreError {
        match e.kind() {
            std::io::ErrorKind::StorageFull => StoreError::DiskFull,
            std::io::ErrorKind::ReadOnlyFilesystem | std::io::ErrorKind::PermissionDenied => {
                StoreError::ReadOnly
            }
            _ => StoreError::Io(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::ffi;

    fn failure(extended_code: std::ffi::c_int) -> rusqlite::Error {
        rusqlite::Error::SqliteFailure(
            ffi::Error::new(extended_code),
            Some("disk I/O error".into()),
        )
    }

    #[test]
    fn the_disk_io_errors_a_full_disk_gives_on_write_are_the_disk_full_error() {
        for code in [
            ffi::SQLITE_FULL,
            ffi::SQLITE_IOERR_WRITE,
            ffi::SQLITE_IOERR_TRUNCATE,
            ffi::SQLITE_IOERR_FSYNC,
            ffi::SQLITE_IOERR_SHMSIZE,
        ] {
            let e = classify(failure(code));
            assert!(matches!(e, StoreError::DiskFull), "{code}: {e:?}");
        }
    }

    #[test]
    fn a_read_error_is_not_taken_for_a_full_disk() {
        for code in [ffi::SQLITE_IOERR_READ, ffi::SQLITE_IOERR_SHORT_READ] {
            let e = classify(failure(code));
            assert!(matches!(e, StoreError::Sqlite(_)), "{code}: {e:?}");
        }
    }
}
