//! The schema: a new database, migrations of older ones in place, the append-only
//! triggers, and the databases an open refuses (newer, damaged) left as they are.

use rusqlite::Connection;

use super::{Opener, DB};
use crate::schema::{latest_version, migrations};
use crate::{MatchEntrant, NewMatch, StoreError, APPLICATION_ID};

fn tables(conn: &Connection) -> Vec<String> {
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn user_version(conn: &Connection) -> i64 {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

fn application_id(conn: &Connection) -> i32 {
    conn.pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap()
}

/// A store with one match in it, closed.
fn closed_store_with_a_match(place: &dyn Opener) -> i64 {
    let mut s = place.open(DB).unwrap();
    s.create_match(
        &NewMatch {
            discipline: carom_core::Discipline::Libre,
            players: [
                MatchEntrant {
                    name: "Caudron".into(),
                    target: 40,
                },
                MatchEntrant {
                    name: "Jaspers".into(),
                    target: 40,
                },
            ],
        },
        chrono::Utc::now(),
    )
    .unwrap()
}

pub(super) fn an_empty_database_is_brought_to_the_latest_version(place: &dyn Opener) {
    let s = place.open(DB).unwrap();
    let conn = s.connection();
    assert_eq!(user_version(conn), latest_version() as i64);
    assert_eq!(application_id(conn), APPLICATION_ID);
    for t in [
        "events",
        "matches",
        "players",
        "reclamations",
        "settings",
        "signatures",
    ] {
        assert!(tables(conn).iter().any(|n| n == t), "missing table {t}");
    }
}

/// The database `name` of `place` as the walking skeleton (schema version 1, before the
/// application id) wrote it, with data.
fn v1_with_data(place: &dyn Opener, name: &str) {
    let mut conn = place.connect(name);
    migrations().to_version(&mut conn, 1).unwrap();
    conn.execute_batch(
        r#"INSERT INTO settings VALUES ('language', 'fr');
        INSERT INTO matches (discipline, setup, status, created_at, updated_at) VALUES
        ('three-cushion', '{"format":"carambole-match/1","discipline":"three-cushion","table":"match","players":[{"name":"Caudron","target":40},{"name":"Jaspers","target":40}],"innings_limit":null,"equalizing_inning":true,"sets":null,"average":"truncate"}', 'setup', '2025-01-01T10:00:00.000Z', '2025-01-01T10:00:00.000Z'),
        ('libre', '{"format":"carambole-match/1","discipline":"libre","table":"match","players":[{"name":"Caudron","target":100},{"name":"O''Brien; DROP TABLE matches;--","target":80}],"innings_limit":null,"equalizing_inning":true,"sets":null,"average":"truncate"}', 'setup', '2025-01-02T10:00:00.000Z', '2025-01-02T10:00:00.000Z');"#,
    )
    .unwrap();
}

pub(super) fn a_version_1_database_keeps_its_data_and_gains_linked_players(place: &dyn Opener) {
    v1_with_data(place, DB);
    let s = place.open(DB).unwrap();
    assert_eq!(s.setting("language").unwrap().as_deref(), Some("fr"));
    let conn = s.connection();
    assert_eq!(user_version(conn), latest_version() as i64);
    let mut stmt = conn
        .prepare(
            "SELECT m.setup, pa.name, pb.name,
                    (SELECT count(*) FROM events e WHERE e.match_id = m.id), m.deleted_at
             FROM matches m JOIN players pa ON pa.id = m.player_a
             JOIN players pb ON pb.id = m.player_b ORDER BY m.id",
        )
        .unwrap();
    let rows: Vec<(String, String, String, i64, Option<String>)> = stmt
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[0].1.as_str(), rows[0].2.as_str()),
        ("Caudron", "Jaspers")
    );
    assert_eq!(rows[1].2, "O'Brien; DROP TABLE matches;--");
    for (setup, _, _, count, deleted) in &rows {
        let setup: carom_core::MatchSetup = serde_json::from_str(setup).unwrap();
        setup.validate().unwrap();
        assert_eq!((*count, deleted.as_deref()), (0, None));
    }
    let players: i64 = conn
        .query_row("SELECT count(*) FROM players", [], |r| r.get(0))
        .unwrap();
    assert_eq!(players, 3, "Caudron is one player across both matches");
}

pub(super) fn every_earlier_version_migrates_to_the_latest(place: &dyn Opener) {
    for from in 0..latest_version() {
        let name = format!("version-{from}.sqlite");
        {
            let mut conn = place.connect(&name);
            migrations().to_version(&mut conn, from).unwrap();
        }
        let s = place.open(&name).unwrap();
        let conn = s.connection();
        assert_eq!(
            user_version(conn),
            latest_version() as i64,
            "from version {from}"
        );
        let fk: Vec<String> = conn
            .prepare("PRAGMA foreign_key_check")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(fk.is_empty(), "from version {from}: {fk:?}");
    }
}

/// A version 3 database (its rows still counting their events) with a match under way:
/// the lag, the choice and the break recorded, the last at 10:05.
fn v3_with_a_match_under_way(place: &dyn Opener, name: &str) {
    let mut conn = place.connect(name);
    migrations().to_version(&mut conn, 3).unwrap();
    let setup = serde_json::to_string(&super::events::setup(5)).unwrap();
    conn.execute_batch(
        "INSERT INTO players (name, created_at) VALUES
            ('Caudron', '2025-01-01T10:00:00.000Z'), ('Jaspers', '2025-01-01T10:00:00.000Z');",
    )
    .unwrap();
    conn.execute(
        "INSERT INTO matches (discipline, setup, status, created_at, updated_at, player_a,
                              player_b, event_count)
         VALUES ('three-cushion', ?1, 'in-progress', '2025-01-01T10:00:00.000Z',
                 '2025-01-01T10:05:00.000Z', 1, 2, 3)",
        [setup],
    )
    .unwrap();
    let events = super::events::opening();
    for (seq, (e, minute)) in events.iter().zip(["01", "03", "05"]).enumerate() {
        conn.execute(
            "INSERT INTO events VALUES (1, ?1, ?2, ?3)",
            rusqlite::params![
                seq as i64,
                serde_json::to_string(e).unwrap(),
                format!("2025-01-01T10:{minute}:00.000Z")
            ],
        )
        .unwrap();
    }
}

pub(super) fn a_version_3_match_keeps_its_count_and_last_change_and_goes_on(place: &dyn Opener) {
    v3_with_a_match_under_way(place, DB);
    let mut s = place.open(DB).unwrap();
    assert_eq!(user_version(s.connection()), latest_version() as i64);
    let row = s.match_row(1).unwrap();
    assert_eq!(
        (row.events, row.updated_at.as_str()),
        (3, "2025-01-01T10:05:00.000Z")
    );
    // The next shot follows the log, and the row tells of it.
    let at = chrono::DateTime::from_timestamp_millis(1_760_000_000_000).unwrap();
    s.append_event(1, carom_core::Event::Carom { at: Some(4_000) }, at)
        .unwrap();
    let row = s.match_row(1).unwrap();
    assert_eq!(
        (row.events, row.updated_at.as_str()),
        (4, "2025-10-09T08:53:20.000Z")
    );
    assert_eq!(
        s.match_view(1).unwrap().players[carom_core::Player::A].score,
        1
    );
}

pub(super) fn matches_stored_before_version_5_follow_the_rules_of_version_1(place: &dyn Opener) {
    v3_with_a_match_under_way(place, DB);
    let mut s = place.open(DB).unwrap();
    let format = |s: &crate::Store, id: i64| -> String {
        s.connection()
            .query_row("SELECT format FROM matches WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .unwrap()
    };
    assert_eq!(format(&s, 1), carom_core::FORMAT_V1);
    assert_eq!(s.replayed(1).unwrap().format(), carom_core::FileFormat::V1);
    // A match made now follows the current rules.
    let id = s
        .create_match_with_setup(super::events::setup(5), chrono::Utc::now())
        .unwrap();
    assert_eq!(format(&s, id), carom_core::FORMAT);
    let refused = s
        .connection()
        .execute("UPDATE matches SET format = 'carambole-match/3'", [])
        .unwrap_err();
    assert!(refused.to_string().contains("CHECK"), "{refused}");
}

pub(super) fn events_can_be_neither_changed_nor_removed_nor_appended_out_of_order(
    place: &dyn Opener,
) {
    v1_with_data(place, DB);
    let s = place.open(DB).unwrap();
    let conn = s.connection();
    conn.execute(
        "INSERT INTO events VALUES (1, 0, '{\"type\":\"miss\"}', '2025-01-01T10:00:00Z')",
        [],
    )
    .unwrap();
    let refused = |sql: &str| {
        let e = conn.execute(sql, []).unwrap_err().to_string();
        assert!(e.contains("events") || e.contains("append"), "{sql}: {e}");
    };
    refused("UPDATE events SET event = '{\"type\":\"carom\"}'");
    refused("DELETE FROM events");
    refused("INSERT INTO events VALUES (1, 5, '{\"type\":\"miss\"}', 'x')");
    refused("INSERT INTO events VALUES (1, 0, '{\"type\":\"miss\"}', 'x')");
    let n: i64 = conn
        .query_row("SELECT count(*) FROM events", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
    assert!(conn
        .execute("DELETE FROM matches WHERE id = 1", [])
        .is_err());
}

pub(super) fn a_database_from_a_newer_app_is_refused_untouched(place: &dyn Opener) {
    let id = closed_store_with_a_match(place);
    place
        .connect(DB)
        .pragma_update(None, "user_version", 999)
        .unwrap();
    let err = place.open(DB).map(drop).unwrap_err();
    assert!(matches!(err, StoreError::NewerSchema), "{err:?}");
    assert!(err.offers_restore());
    let conn = place.connect(DB);
    assert_eq!(user_version(&conn), 999);
    let kept: i64 = conn
        .query_row("SELECT id FROM matches", [], |r| r.get(0))
        .unwrap();
    assert_eq!(kept, id);
}

pub(super) fn a_database_from_before_the_application_id_opens_and_is_marked(place: &dyn Opener) {
    let id = closed_store_with_a_match(place);
    assert_eq!(application_id(&place.connect(DB)), APPLICATION_ID);
    // What the app wrote before the mark existed: the same database with id 0.
    place
        .connect(DB)
        .pragma_update(None, "application_id", 0)
        .unwrap();
    let s = place.open(DB).unwrap();
    assert_eq!(
        s.list_matches(10)
            .unwrap()
            .iter()
            .map(|m| m.id)
            .collect::<Vec<_>>(),
        [id]
    );
    drop(s);
    assert_eq!(application_id(&place.connect(DB)), APPLICATION_ID);
}

/// Damage made from inside SQLite (an index given the root page of a table: two trees
/// on one page, another page no tree uses), the kind `PRAGMA quick_check` finds at
/// every open, whatever the storage.
pub(super) fn a_database_damaged_inside_is_refused_as_damaged_and_left_as_it_is(
    place: &dyn Opener,
) {
    closed_store_with_a_match(place);
    let root_of = |conn: &Connection, name: &str| -> i64 {
        conn.query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
            [name],
            |r| r.get(0),
        )
        .unwrap()
    };
    let settings_root = {
        let conn = place.connect(DB);
        let root = root_of(&conn, "settings");
        conn.execute_batch(
            "PRAGMA writable_schema = ON;
             UPDATE sqlite_schema SET rootpage = (SELECT rootpage FROM sqlite_schema
                 WHERE name = 'settings') WHERE name = 'matches_by_created';
             PRAGMA writable_schema = OFF;",
        )
        .unwrap();
        root
    };
    let err = place.open(DB).map(drop).unwrap_err();
    assert!(matches!(err, StoreError::Damaged(_)), "{err:?}");
    assert!(err.offers_restore());
    // Nothing repaired, nothing rewritten: the damage is still there for a restore to
    // replace, the data still readable.
    let conn = place.connect(DB);
    assert_eq!(root_of(&conn, "matches_by_created"), settings_root);
    let matches: i64 = conn
        .query_row("SELECT count(*) FROM matches NOT INDEXED", [], |r| r.get(0))
        .unwrap();
    assert_eq!(matches, 1);
}

pub(super) fn a_version_5_database_gains_the_club_with_every_match_its_own_to_publish(
    place: &dyn Opener,
) {
    v3_with_a_match_under_way(place, DB);
    {
        // Version 5, the last before the club.
        let mut conn = place.connect(DB);
        migrations().to_version(&mut conn, 5).unwrap();
    }
    let mut s = place.open(DB).unwrap();
    assert_eq!(user_version(s.connection()), latest_version() as i64);
    let (origin, uid): (Option<i64>, Option<String>) = s
        .connection()
        .query_row(
            "SELECT m.origin_number, p.uid FROM matches m JOIN players p ON p.id = m.player_a",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (origin, uid),
        (None, None),
        "recorded here, not in the roster yet"
    );
    assert_eq!(s.club_cursor().unwrap(), 0);
    let out = s.unpublished().unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(
        (out[0].match_id, out[0].entries.len()),
        (1, 4),
        "created, 3 events"
    );

    // One match per origin device and number.
    let received = |conn: &Connection| {
        conn.execute(
            "INSERT INTO matches (discipline, setup, status, created_at, updated_at, device,
                                  origin_number)
             SELECT discipline, setup, status, created_at, updated_at, 'dev2', 7
             FROM matches WHERE id = 1",
            [],
        )
    };
    received(s.connection()).unwrap();
    let twice = received(s.connection()).unwrap_err().to_string();
    assert!(twice.contains("UNIQUE"), "{twice}");
    let twice_uid = s
        .connection()
        .execute_batch("UPDATE players SET uid = 'dev1-1'")
        .unwrap_err()
        .to_string();
    assert!(twice_uid.contains("UNIQUE"), "{twice_uid}");

    // What the hub acknowledged goes with its match when the trash is emptied.
    s.mark_published(1, &out[0].entries[3]).unwrap();
    s.trash_match(1, chrono::Utc::now()).unwrap();
    s.purge_trash().unwrap();
    let synced: i64 = s
        .connection()
        .query_row("SELECT count(*) FROM club_sync", [], |r| r.get(0))
        .unwrap();
    assert_eq!(synced, 0);
}
