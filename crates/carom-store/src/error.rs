//! The store's one error type; each variant has a stable code the UI localizes.

use std::collections::BTreeMap;

/// What went wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A field of user input is invalid (`field`, message code, arguments).
    #[error("invalid {field}: {code}")]
    Invalid {
        /// The form field, e.g. `player-a-name`.
        field: &'static str,
        /// The Fluent message id, e.g. `error-name-empty`.
        code: &'static str,
        /// Message arguments.
        args: BTreeMap<&'static str, i64>,
    },
    /// The database was written by a newer version of Carambole.
    #[error("the database schema is newer than this app")]
    NewerSchema,
    /// SQLite refused the operation.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A migration failed.
    #[error("migration error: {0}")]
    Migration(String),
    /// The file system refused an operation.
    #[error("file error: {0}")]
    Io(String),
    /// A stored value could not be decoded.
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

impl StoreError {
    /// The Fluent message id the UI shows for this error.
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::Invalid { code, .. } => code,
            StoreError::NewerSchema => "error-database-newer",
            StoreError::Sqlite(_) | StoreError::Migration(_) | StoreError::Io(_) => {
                "error-database"
            }
            StoreError::Corrupt(_) => "error-database-corrupt",
        }
    }

    pub(crate) fn invalid(field: &'static str, code: &'static str) -> StoreError {
        StoreError::Invalid { field, code, args: BTreeMap::new() }
    }

    pub(crate) fn with_arg(mut self, key: &'static str, value: i64) -> StoreError {
        if let StoreError::Invalid { args, .. } = &mut self {
            args.insert(key, value);
        }
        self
    }
}
