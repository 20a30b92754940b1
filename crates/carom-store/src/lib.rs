//! `carom-store`: everything Carambole keeps on the device, in one SQLite file.
//!
//! Every write is one transaction; the app answers the UI only after it committed.

mod error;
mod matches;
mod schema;
mod settings;

pub use error::StoreError;
pub use matches::{MatchRow, MatchStatus, NewMatch, NewPlayer, MAX_NAME_CHARS, MAX_TARGET};

use std::path::Path;

use rusqlite::Connection;

/// An open Carambole database.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// [`StoreError`] when the file cannot be opened, is not a database, is locked, or
    /// was written by a newer version of the app.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Io(e.to_string()))?;
        }
        let conn = Connection::open(path)?;
        Store::init(conn)
    }

    /// Opens a private in-memory database (tests, benchmarks).
    ///
    /// # Errors
    /// [`StoreError`] if SQLite cannot allocate the database.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> Result<Store, StoreError> {
        conn.busy_timeout(std::time::Duration::from_millis(2000))?;
        // WAL keeps readers off the writer's back; FULL makes each commit durable
        // against power loss, which is the promise made to the referee.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        schema::migrate(&mut conn)?;
        Ok(Store { conn })
    }
}
