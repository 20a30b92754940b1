//! Forward-only schema migrations (rusqlite_migration, tracked in `user_version`).
//!
//! | version | what it adds |
//! |---|---|
//! | 1 | `settings`; `matches` (discipline, setup JSON, status, times) |
//! | 2 | `players`; matches linked to players, device, content digest, trash, event count; the append-only `events` log; `signatures`; `reclamations`; history indexes |
//! | 3 | `match_stats` (per-match, per-player summaries for statistics), its queue and triggers (`stats.rs`) |
//! | 4 | a match's row no longer counts its events |
//! | 5 | `matches.format`: the match-file version whose rules a match's events follow |
//! | 6 | the club: a received match's origin number, players' roster uid and revision, `club_sync`, `club_cursor`, `roster_conflicts` (`club/`) |
//! | 7 | the roster: a player's change not in the roster yet (`players.roster_changed`, kept by a trigger), `roster_conflicts` with both values, the losing device and a resolution (`club/roster.rs`) |

use std::path::Path;

use rusqlite::{Connection, OpenFlags};
use rusqlite_migration::{Migrations, M};

use crate::StoreError;

/// Carambole's SQLite `application_id` (bytes 68–71 of the file's header): the ASCII
/// letters `CRMB`. Written at creation (and into a database of this app made before the
/// id existed); a file with another id is another program's and is never written to.
pub const APPLICATION_ID: i32 = 0x4352_4D42;

/// What an SQLite file about to be opened is, found without writing to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Identity {
    /// An empty database (no table, no version, no id): a new one.
    New,
    /// A Carambole database (its application id).
    Ours,
    /// A Carambole database written before the application id existed: id 0, and exactly
    /// the tables its `user_version` had.
    Legacy,
}

/// Reads the application id, the version and the tables of `conn` and tells whether it
/// is Carambole's.
///
/// # Errors
/// [`StoreError::Foreign`] for another program's database, or a database error.
pub(crate) fn identify(conn: &Connection) -> Result<Identity, StoreError> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    if id == APPLICATION_ID {
        return Ok(Identity::Ours);
    }
    if id != 0 {
        return Err(StoreError::Foreign);
    }
    let version = version(conn)?;
    let tables = table_names(conn)?;
    if version == 0 && tables.is_empty() {
        return Ok(Identity::New);
    }
    match usize::try_from(version) {
        Ok(v) if (1..=latest_version()).contains(&v) && tables == tables_of_version(v)? => {
            Ok(Identity::Legacy)
        }
        _ => Err(StoreError::Foreign),
    }
}

/// Identifies the SQLite file at `path` (a regular file) without writing anything, not
/// even beside it: the application id is read from the header's bytes, and only when it
/// is 0 are the tables read: through an `immutable` connection (no lock, no journal
/// rolled back, no `-wal` or `-shm` opened), or on a private copy when a pending `-wal`
/// holds part of the database. So another program's database (a browser's, in WAL mode,
/// left with a pending `-wal`) stays byte-identical, and nothing is created beside it.
///
/// # Errors
/// [`StoreError::Foreign`], [`StoreError::Corrupt`] (no SQLite header), or a file error.
pub(crate) fn identify_file(path: &Path) -> Result<Identity, StoreError> {
    use std::io::Read;
    let mut header = Vec::with_capacity(100);
    match std::fs::File::open(path) {
        Ok(f) => f
            .take(100)
            .read_to_end(&mut header)
            .map_err(StoreError::io)?,
        // Not there yet: SQLite creates it (`Store::open` only).
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Identity::New),
        Err(e) => return Err(StoreError::io(e)),
    };
    if header.is_empty() {
        return Ok(Identity::New);
    }
    if let Some(known) = identify_header(&header)? {
        return Ok(known);
    }
    let wal = std::path::PathBuf::from(format!("{}-wal", path.display()));
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        return identify_copy(path, &wal);
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = match immutable_uri(path) {
        Some(uri) => Connection::open_with_flags(uri, flags)?,
        // A path that is not Unicode cannot be written as a URI: a plain read-only open.
        None => Connection::open_with_flags(path, flags - OpenFlags::SQLITE_OPEN_URI)?,
    };
    identify(&conn)
}

/// What the first 100 bytes of an SQLite file say of it: [`Identity::Ours`] by the
/// application id, `None` when the id is 0 and the tables must tell.
///
/// # Errors
/// [`StoreError::Corrupt`] (no SQLite header), [`StoreError::Foreign`] (another id).
fn identify_header(header: &[u8]) -> Result<Option<Identity>, StoreError> {
    if header.len() < 100 || !header.starts_with(b"SQLite format 3\0") {
        return Err(StoreError::Corrupt("the file is not a database".into()));
    }
    let id = i32::from_be_bytes([header[68], header[69], header[70], header[71]]);
    if id == APPLICATION_ID {
        return Ok(Some(Identity::Ours));
    }
    if id != 0 {
        return Err(StoreError::Foreign);
    }
    Ok(None)
}

/// Identifies a whole database image `bytes` (a backup handed over as bytes: a browser's
/// upload) as [`identify_file`] does a file, and answers it opened: a private, read-only
/// in-memory connection holding a copy. Another program's image is refused by its
/// header before anything is deserialized.
///
/// # Errors
/// [`StoreError::Foreign`], [`StoreError::Corrupt`] (no SQLite header, nothing else
/// SQLite can read), or a database error.
pub(crate) fn identify_bytes(bytes: &[u8]) -> Result<(Identity, Connection), StoreError> {
    use std::io::Read;
    let mut header: [u8; 100] = bytes
        .get(..100)
        .and_then(|h| h.try_into().ok())
        .ok_or_else(|| StoreError::Corrupt("the file is too short to be a database".into()))?;
    let known = identify_header(&header)?;
    // A database in WAL mode (a desktop backup) says so in bytes 18 and 19; memory has no
    // WAL, and the image holds every page: it is read as a rollback-journal database.
    if header[18] == 2 && header[19] == 2 {
        header[18] = 1;
        header[19] = 1;
    }
    let rest = bytes.get(100..).unwrap_or_default();
    let mut conn = Connection::open_in_memory()?;
    conn.deserialize_read_exact(
        rusqlite::MAIN_DB,
        header.as_slice().chain(rest),
        bytes.len(),
        true,
    )?;
    let identity = match known {
        Some(known) => known,
        None => identify(&conn)?,
    };
    Ok((identity, conn))
}

/// Identifies a database whose pending `-wal` holds part of it: on a private copy of both
/// (SQLite would replay, and on closing checkpoint, the WAL into the original). Rare: a
/// database without the application id that was not closed cleanly.
fn identify_copy(path: &Path, wal: &Path) -> Result<Identity, StoreError> {
    let stamp = crate::unique_nanos();
    let dir =
        std::env::temp_dir().join(format!("carambole-identify-{}-{stamp}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(StoreError::io)?;
    let copy = dir.join("copy.sqlite");
    let result = std::fs::copy(path, &copy)
        .and_then(|_| std::fs::copy(wal, dir.join("copy.sqlite-wal")))
        .map_err(StoreError::io)
        .and_then(|_| {
            let conn = Connection::open(&copy)?;
            identify(&conn)
        });
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// `file:<path>?immutable=1` (no lock, no journal or WAL opened), with the characters a
/// URI gives a meaning escaped.
fn immutable_uri(path: &Path) -> Option<String> {
    let text = path.to_str()?;
    let mut uri = String::from("file:");
    if cfg!(windows) && text.as_bytes().get(1) == Some(&b':') {
        uri.push('/'); // file:/C:/…
    }
    for c in text.chars() {
        match c {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3f"),
            '#' => uri.push_str("%23"),
            '\\' if cfg!(windows) => uri.push('/'),
            c => uri.push(c),
        }
    }
    uri.push_str("?immutable=1");
    Some(uri)
}

/// The tables of a database, SQLite's own excepted, sorted.
fn table_names(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT name FROM sqlite_schema
         WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_' ORDER BY name",
    )?;
    let names = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(names)
}

/// The tables Carambole's schema has at `version`, found by running the migrations up to it
/// on an empty in-memory database (released migrations never change).
fn tables_of_version(version: usize) -> Result<Vec<String>, StoreError> {
    let mut conn = Connection::open_in_memory()?;
    migrations()
        .to_version(&mut conn, version)
        .map_err(|e| StoreError::Migration(e.to_string()))?;
    table_names(&conn)
}

/// Marks the database as Carambole's (a no-op when it is already).
fn claim(conn: &Connection) -> Result<(), StoreError> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    if id != APPLICATION_ID {
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    Ok(())
}

/// Version 1: settings and matches (the walking skeleton).
const V1: &str = "CREATE TABLE settings (
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
    CREATE INDEX matches_by_created ON matches (created_at DESC, id DESC);";

/// Version 2: players, the event log, signatures, reclamations, trash, history indexes.
///
/// Version 1 stored the setup with a `format` key inside; the `carambole-match/1` setup
/// has none, so it is removed. Version 1's players become rows of `players`.
const V2: &str = "CREATE TABLE players (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        club       TEXT NOT NULL DEFAULT '',
        licence    TEXT NOT NULL DEFAULT '',
        notes      TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        UNIQUE (name, club)
    ) STRICT;
    CREATE INDEX players_by_name ON players (name COLLATE NOCASE);

    ALTER TABLE matches ADD COLUMN player_a INTEGER REFERENCES players (id);
    ALTER TABLE matches ADD COLUMN player_b INTEGER REFERENCES players (id);
    ALTER TABLE matches ADD COLUMN device TEXT NOT NULL DEFAULT '';
    ALTER TABLE matches ADD COLUMN digest TEXT;
    ALTER TABLE matches ADD COLUMN deleted_at TEXT;
    ALTER TABLE matches ADD COLUMN event_count INTEGER NOT NULL DEFAULT 0;

    UPDATE matches SET setup = json_remove(setup, '$.format') WHERE json_valid(setup);
    INSERT OR IGNORE INTO players (name, created_at)
        SELECT name, min(created_at) FROM (
            SELECT json_extract(setup, '$.players[0].name') AS name, created_at FROM matches
            UNION ALL
            SELECT json_extract(setup, '$.players[1].name'), created_at FROM matches
        ) WHERE typeof(name) = 'text' GROUP BY name;
    UPDATE matches SET
        player_a = (SELECT id FROM players
                    WHERE name = json_extract(matches.setup, '$.players[0].name') AND club = ''),
        player_b = (SELECT id FROM players
                    WHERE name = json_extract(matches.setup, '$.players[1].name') AND club = '');

    CREATE INDEX matches_live ON matches (created_at DESC, id DESC) WHERE deleted_at IS NULL;
    CREATE INDEX matches_by_status ON matches (status, created_at DESC, id DESC)
        WHERE deleted_at IS NULL;
    CREATE INDEX matches_by_discipline ON matches (discipline, created_at DESC, id DESC)
        WHERE deleted_at IS NULL;
    CREATE INDEX matches_by_player_a ON matches (player_a, created_at DESC);
    CREATE INDEX matches_by_player_b ON matches (player_b, created_at DESC);
    CREATE INDEX matches_trashed ON matches (deleted_at) WHERE deleted_at IS NOT NULL;
    CREATE UNIQUE INDEX matches_by_digest ON matches (digest) WHERE digest IS NOT NULL;

    CREATE TRIGGER matches_delete_only_from_trash BEFORE DELETE ON matches
    WHEN OLD.deleted_at IS NULL
    BEGIN SELECT RAISE(ABORT, 'only a match in the trash can be purged'); END;

    CREATE TABLE signatures (
        match_id  INTEGER NOT NULL REFERENCES matches (id),
        role      TEXT NOT NULL CHECK (role IN ('referee', 'player-1', 'player-2')),
        name      TEXT NOT NULL,
        signed_at TEXT NOT NULL,
        strokes   TEXT NOT NULL CHECK (json_valid(strokes)),
        PRIMARY KEY (match_id, role)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER signatures_no_update BEFORE UPDATE ON signatures
    BEGIN SELECT RAISE(ABORT, 'signatures are never changed'); END;
    CREATE TRIGGER signatures_delete_only_from_trash BEFORE DELETE ON signatures
    WHEN (SELECT deleted_at FROM matches WHERE id = OLD.match_id) IS NULL
    BEGIN SELECT RAISE(ABORT, 'signatures are never removed'); END;

    CREATE TABLE reclamations (
        match_id   INTEGER NOT NULL REFERENCES matches (id),
        player     INTEGER NOT NULL CHECK (player IN (0, 1)),
        text       TEXT NOT NULL,
        written_at TEXT NOT NULL,
        PRIMARY KEY (match_id, player)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER reclamations_locked_insert BEFORE INSERT ON reclamations
    WHEN EXISTS (SELECT 1 FROM signatures WHERE match_id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, 'the match is signed'); END;
    CREATE TRIGGER reclamations_locked_update BEFORE UPDATE ON reclamations
    WHEN EXISTS (SELECT 1 FROM signatures WHERE match_id = OLD.match_id)
    BEGIN SELECT RAISE(ABORT, 'the match is signed'); END;
    CREATE TRIGGER reclamations_delete_only_from_trash BEFORE DELETE ON reclamations
    WHEN (SELECT deleted_at FROM matches WHERE id = OLD.match_id) IS NULL
    BEGIN SELECT RAISE(ABORT, 'reclamations are never removed'); END;

    CREATE TABLE events (
        match_id    INTEGER NOT NULL REFERENCES matches (id),
        seq         INTEGER NOT NULL CHECK (seq >= 0),
        event       TEXT NOT NULL CHECK (json_valid(event)),
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER events_in_order BEFORE INSERT ON events
    WHEN NEW.seq <> (SELECT ifnull(max(seq) + 1, 0) FROM events WHERE match_id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, 'events are appended in order'); END;
    CREATE TRIGGER events_locked BEFORE INSERT ON events
    WHEN EXISTS (SELECT 1 FROM signatures WHERE match_id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, 'the match is signed'); END;
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
    CREATE TRIGGER events_delete_only_from_trash BEFORE DELETE ON events
    WHEN (SELECT deleted_at FROM matches WHERE id = OLD.match_id) IS NULL
    BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;";

/// Version 4: a match's row no longer counts its events. Its count is its log's length
/// (read with the row), so a shot commits one page, its event's, not the row's too. The
/// statistics trigger is made again without the column (SQLite drops no column a trigger
/// names).
const V4: &str = "DROP TRIGGER match_stats_on_update;
    ALTER TABLE matches DROP COLUMN event_count;
    CREATE TRIGGER match_stats_on_update
    AFTER UPDATE OF status, setup, player_a, player_b, deleted_at ON matches
    WHEN NEW.status = 'finished' OR OLD.status = 'finished'
    BEGIN
        DELETE FROM match_stats WHERE match_id = NEW.id;
        INSERT OR IGNORE INTO match_stats_queue VALUES (NEW.id);
    END;";

/// Version 5: each match says which match-file version's rules its events follow
/// (`carambole_core::FileFormat`), so that a match imported from a `carambole-match/1`
/// file keeps being replayed, and exported, under `/1`'s rules. Every match stored before
/// was recorded or imported as `/1`: that is what they get (`/1` accepts whatever `/2`
/// does, with the same result). Matches made from now on say so when they are inserted.
const V5: &str = "ALTER TABLE matches ADD COLUMN format TEXT NOT NULL DEFAULT 'carambole-match/1'
        CHECK (format IN ('carambole-match/1', 'carambole-match/2'));";

/// Every migration, oldest first. Never edit a released one: append a new one.
const MIGRATIONS: &[M<'static>] = &[
    M::up(V1),
    M::up(V2).foreign_key_check(),
    M::up(crate::stats::MIGRATION).foreign_key_check(),
    M::up(V4),
    M::up(V5),
    M::up(crate::club::MIGRATION).foreign_key_check(),
    M::up(crate::club::roster::MIGRATION),
];

pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::from_slice(MIGRATIONS)
}

/// The schema version this build writes.
pub(crate) fn latest_version() -> usize {
    MIGRATIONS.len()
}

/// The schema version of an open database (`PRAGMA user_version`).
pub(crate) fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.pragma_query_value(None, "user_version", |r| r.get(0))?)
}

pub(crate) fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    if version(conn)? > latest_version() as i64 {
        return Err(StoreError::NewerSchema);
    }
    migrations().to_latest(conn).map_err(|e| match e {
        rusqlite_migration::Error::RusqliteError { err, .. } => crate::error::classify(err),
        other => StoreError::Migration(other.to_string()),
    })?;
    claim(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_identified_by_its_application_id_or_else_by_caramboles_tables() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(identify(&conn).unwrap(), Identity::New);
        // Each released version, as the app before the application id wrote it.
        for v in 1..=latest_version() {
            let mut old = Connection::open_in_memory().unwrap();
            migrations().to_version(&mut old, v).unwrap();
            assert_eq!(identify(&old).unwrap(), Identity::Legacy, "version {v}");
            old.execute_batch("CREATE TABLE visits (url TEXT)").unwrap();
            assert!(matches!(identify(&old), Err(StoreError::Foreign)), "{v}");
        }
        migrate(&mut conn).unwrap();
        assert_eq!(identify(&conn).unwrap(), Identity::Ours);
        conn.pragma_update(None, "application_id", 7).unwrap();
        assert!(matches!(identify(&conn), Err(StoreError::Foreign)));
        let other = Connection::open_in_memory().unwrap();
        other
            .execute_batch("CREATE TABLE urls (url TEXT); PRAGMA user_version = 2;")
            .unwrap();
        assert!(matches!(identify(&other), Err(StoreError::Foreign)));
    }

    #[test]
    fn migrations_are_valid() {
        migrations().validate().unwrap();
    }
}
