//! Key-value settings (language, defaults).

use rusqlite::{params, OptionalExtension};

use crate::{Store, StoreError};

impl Store {
    /// Reads a setting.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if the database cannot be read.
    pub fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Writes a setting (one committed transaction).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if the database cannot be written.
    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO settings (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }
}
