//! The club's one roster, in the store's terms (docs/hub.md, commit 10): each player gets
//! a stable uid when he is first published, the roster bucket's revision last seen, and a
//! mark of a change made here that the roster does not have yet (`roster_changed`, kept
//! by a trigger, so that every way a player changes here is published). A write that
//! lost its compare-and-set is kept in `roster_conflicts` (`super::conflicts`).

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};

use crate::players::{player, validated, PlayerFields, PlayerRecord};
use crate::{timestamp, Store, StoreError};

/// Version 7 of the schema: the roster's side of each player and its conflicts.
///
/// `players.roster_changed`: 1 while a change made here is not in the roster (every
/// player known before is to publish). The trigger sets it on any change of a player's
/// fields that does not come with a new revision: a received value always brings one.
/// V6's `roster_conflicts` (never written) is made again with both values named for
/// what they are, the device whose write lost, and a resolution made here that the
/// roster does not have yet (`resolved_at`).
pub(crate) const MIGRATION: &str = "ALTER TABLE players ADD COLUMN roster_changed INTEGER
        NOT NULL DEFAULT 1 CHECK (roster_changed IN (0, 1));
    CREATE TRIGGER players_roster_changed AFTER UPDATE OF name, club, licence, notes ON players
    WHEN NEW.revision IS OLD.revision AND (NEW.name IS NOT OLD.name OR NEW.club IS NOT OLD.club
        OR NEW.licence IS NOT OLD.licence OR NEW.notes IS NOT OLD.notes)
    BEGIN UPDATE players SET roster_changed = 1 WHERE id = NEW.id; END;
    DROP TABLE roster_conflicts;
    CREATE TABLE roster_conflicts (
        uid         TEXT PRIMARY KEY,
        device      TEXT NOT NULL,
        lost        TEXT NOT NULL CHECK (json_valid(lost)),
        roster      TEXT NOT NULL CHECK (json_valid(roster)),
        revision    INTEGER NOT NULL CHECK (revision > 0),
        found_at    TEXT NOT NULL,
        resolved_at TEXT
    ) STRICT;";

/// The setting that counts the uids this device gave: never goes back, so that a uid
/// is never given twice (a player's row id can be, after a merge removed the last one).
const UID_COUNTER: &str = "club.roster_uids";

/// A change of a player made here, to write into the roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterChange {
    /// The player's uid.
    pub uid: String,
    /// His fields as they are here.
    pub player: PlayerFields,
    /// The roster's revision last seen (`None`: never in the roster; create him).
    pub revision: Option<u64>,
    /// The value picked to resolve the player's conflict: once written, the conflict is
    /// removed from the club.
    pub resolving: bool,
}

/// What [`Store::receive_roster`] did with a roster entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RosterReceipt {
    /// A player unknown here, added.
    Added {
        /// His id here.
        id: i64,
    },
    /// A newer value of a player known here, taken.
    Updated {
        /// His id.
        id: i64,
    },
    /// Nothing newer than what is here.
    Known,
    /// Not taken: the player has a change made here that the roster lacks (his own
    /// conflict's, or a resolution, included). The next write of the change meets the
    /// roster's value (a conflict).
    Kept,
    /// A player here with the same name and club and no uid yet took the entry's uid:
    /// the same fields, and the revision too; other fields are kept, and their first
    /// write into the roster meets the roster's value (a conflict, not an overwrite).
    Linked {
        /// His id.
        id: i64,
    },
    /// Another player here (`existing`, with another uid) has the entry's name and club:
    /// not taken (two entries of one person, the roster's to merge).
    Clash {
        /// The player here.
        existing: i64,
    },
}

pub(super) fn revision_sql(revision: u64) -> Result<i64, StoreError> {
    i64::try_from(revision).map_err(|_| StoreError::Corrupt(format!("roster revision {revision}")))
}

/// Adds the roster's player `p` (uid `uid`, at the roster's `revision`) to this
/// device's players; `changed` when this device still owes the roster a write of him.
/// Returns his id.
pub(super) fn insert_roster_player(
    tx: &Connection,
    p: &PlayerFields,
    uid: &str,
    revision: i64,
    changed: bool,
    at: DateTime<Utc>,
) -> rusqlite::Result<i64> {
    tx.query_row(
        "INSERT INTO players
             (name, club, licence, notes, created_at, uid, revision, roster_changed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
        params![
            p.name,
            p.club,
            p.licence,
            p.notes,
            timestamp(at),
            uid,
            revision,
            changed
        ],
        |r| r.get(0),
    )
}

impl Store {
    /// Every change of a player made here that the roster lacks, in the order the
    /// players were added; a player never published gets his uid now (this device's id
    /// and a counter). A player with an open conflict waits for its resolution.
    ///
    /// # Errors
    /// A database error.
    pub fn roster_outbox(&mut self) -> Result<Vec<RosterChange>, StoreError> {
        let tx = self.conn.transaction()?;
        let new: Vec<i64> = tx
            .prepare("SELECT id FROM players WHERE uid IS NULL ORDER BY id")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if !new.is_empty() {
            let given: Option<String> = tx
                .query_row(
                    "SELECT value FROM settings WHERE key = ?1",
                    [UID_COUNTER],
                    |r| r.get(0),
                )
                .optional()?;
            let mut counter: u64 = given.and_then(|g| g.parse().ok()).unwrap_or(0);
            for id in new {
                counter += 1;
                tx.execute(
                    "UPDATE players SET uid = ?2 WHERE id = ?1",
                    params![id, format!("{}.{counter}", self.device)],
                )?;
            }
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![UID_COUNTER, counter.to_string()],
            )?;
        }
        let changes = tx
            .prepare(
                "SELECT p.uid, p.name, p.club, p.licence, p.notes, p.revision,
                        c.resolved_at IS NOT NULL
                 FROM players p LEFT JOIN roster_conflicts c ON c.uid = p.uid
                 WHERE p.roster_changed = 1 AND (c.uid IS NULL OR c.resolved_at IS NOT NULL)
                 ORDER BY p.id",
            )?
            .query_map([], |r| {
                let revision: Option<i64> = r.get(5)?;
                Ok(RosterChange {
                    uid: r.get(0)?,
                    player: PlayerFields {
                        name: r.get(1)?,
                        club: r.get(2)?,
                        licence: r.get(3)?,
                        notes: r.get(4)?,
                    },
                    revision: revision.and_then(|v| u64::try_from(v).ok()),
                    resolving: r.get(6)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        tx.commit()?;
        Ok(changes)
    }

    /// The roster took `sent` for player `uid` at `revision`: that revision is the one
    /// seen now, the change is published unless the player changed again meanwhile,
    /// and a resolution made here is done.
    ///
    /// # Errors
    /// A database error.
    pub fn roster_published(
        &mut self,
        uid: &str,
        sent: &PlayerFields,
        revision: u64,
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE players SET revision = ?2, roster_changed = CASE
                 WHEN name = ?3 AND club = ?4 AND licence = ?5 AND notes = ?6 THEN 0 ELSE 1 END
             WHERE uid = ?1",
            params![
                uid,
                revision_sql(revision)?,
                sent.name,
                sent.club,
                sent.licence,
                sent.notes
            ],
        )?;
        tx.execute(
            "DELETE FROM roster_conflicts WHERE uid = ?1 AND resolved_at IS NOT NULL",
            [uid],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Takes player `uid` as the roster holds him at `revision`: a player unknown here is
    /// added; a known one whose revision here is older takes the new value, unless he has
    /// a change made here ([`RosterReceipt::Kept`]). The fields go
    /// through the checks of the player form.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for fields the form would refuse (nothing changes), or a
    /// database error.
    pub fn receive_roster(
        &mut self,
        uid: &str,
        fields: &PlayerFields,
        revision: u64,
        at: DateTime<Utc>,
    ) -> Result<RosterReceipt, StoreError> {
        let p = validated(fields)?;
        let revision_sql = revision_sql(revision)?;
        let tx = self.conn.transaction()?;
        // A conflict of this device's own, or a resolution made here, goes with a change
        // made here; another device's conflict does not stop the roster's value.
        let known: Option<(i64, Option<i64>, bool)> = tx
            .query_row(
                "SELECT p.id, p.revision, p.roster_changed = 1 FROM players p WHERE p.uid = ?1",
                [uid],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let same_name: Option<(i64, Option<String>)> = tx
            .query_row(
                "SELECT id, uid FROM players WHERE name = ?1 AND club = ?2",
                params![p.name, p.club],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let receipt = match known {
            Some((_, Some(here), _)) if here >= revision_sql => RosterReceipt::Known,
            Some((_, _, true)) => RosterReceipt::Kept,
            Some((id, _, false)) => match same_name {
                Some((existing, _)) if existing != id => RosterReceipt::Clash { existing },
                _ => {
                    tx.execute(
                        "UPDATE players SET name = ?2, club = ?3, licence = ?4, notes = ?5,
                             revision = ?6, roster_changed = 0 WHERE id = ?1",
                        params![id, p.name, p.club, p.licence, p.notes, revision_sql],
                    )?;
                    RosterReceipt::Updated { id }
                }
            },
            None => match same_name {
                Some((existing, Some(_))) => RosterReceipt::Clash { existing },
                Some((id, None)) => {
                    let here = tx.query_row(
                        "SELECT id, name, club, licence, notes FROM players WHERE id = ?1",
                        [id],
                        player,
                    )?;
                    if here.licence == p.licence && here.notes == p.notes {
                        tx.execute(
                            "UPDATE players SET uid = ?2, revision = ?3, roster_changed = 0
                             WHERE id = ?1",
                            params![id, uid, revision_sql],
                        )?;
                    } else {
                        // No revision: his own value's first write is a create, which
                        // meets the roster's value and makes the conflict.
                        tx.execute(
                            "UPDATE players SET uid = ?2 WHERE id = ?1",
                            params![id, uid],
                        )?;
                    }
                    RosterReceipt::Linked { id }
                }
                None => {
                    let id = insert_roster_player(&tx, &p, uid, revision_sql, false, at)?;
                    RosterReceipt::Added { id }
                }
            },
        };
        tx.commit()?;
        Ok(receipt)
    }

    /// The player with roster uid `uid`.
    ///
    /// # Errors
    /// A database error.
    pub fn player_by_uid(&self, uid: &str) -> Result<Option<PlayerRecord>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, name, club, licence, notes FROM players WHERE uid = ?1",
                [uid],
                player,
            )
            .optional()?)
    }

    /// Player `id`'s roster uid, once he was published.
    ///
    /// # Errors
    /// A database error.
    pub fn player_uid(&self, id: i64) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT uid FROM players WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .flatten())
    }
}
