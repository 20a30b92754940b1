//! Forward-only schema migrations (rusqlite_migration, tracked in `user_version`).

use rusqlite::Connection;
use rusqlite_migration::{Migrations, M};

use crate::StoreError;

/// Every migration, oldest first. Never edit a released one: append a new one.
const MIGRATIONS: &[M<'static>] = &[M::up(
    "CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) STRICT;
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY,
        discipline  TEXT NOT NULL,
        setup       TEXT NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('setup', 'in-progress', 'finished')),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        finished_at TEXT
    ) STRICT;
    CREATE INDEX matches_by_created ON matches (created_at DESC, id DESC);",
)];

pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::from_slice(MIGRATIONS)
}

/// The schema version this build writes.
pub(crate) fn latest_version() -> usize {
    MIGRATIONS.len()
}

pub(crate) fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let current: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if current > latest_version() as i64 {
        return Err(StoreError::NewerSchema);
    }
    migrations()
        .to_latest(conn)
        .map_err(|e| StoreError::Migration(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        migrations().validate().unwrap();
    }

    #[test]
    fn a_database_from_a_newer_app_is_refused_untouched() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", 999).unwrap();
        assert!(matches!(migrate(&mut conn), Err(StoreError::NewerSchema)));
        let v: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(v, 999);
    }
}
