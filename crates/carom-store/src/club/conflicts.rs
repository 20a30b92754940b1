//! The club roster's conflicts, in the store's terms: a write that lost its
//! compare-and-set, here or on another device, is a row of `roster_conflicts` until
//! someone resolves it; while it is open, neither side's value replaces the other.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};

use super::roster::{insert_roster_player, revision_sql};
use crate::players::{player, validated, PlayerFields, PlayerRecord};
use crate::{timestamp, Store, StoreError};

/// A roster write that lost a compare-and-set, as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRosterConflict {
    /// The player.
    pub uid: String,
    /// The device whose write lost.
    pub device: String,
    /// What that device wrote.
    pub lost: PlayerFields,
    /// What the roster holds.
    pub roster: PlayerFields,
    /// The roster's revision of `roster`.
    pub revision: u64,
    /// When the write lost (RFC 3339, UTC).
    pub found_at: String,
}

fn fields_json(p: &PlayerFields) -> Result<String, StoreError> {
    serde_json::to_string(p).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn conflict_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(StoredRosterConflict, bool)> {
    let fields = |i: usize| -> rusqlite::Result<PlayerFields> {
        let text: String = r.get(i)?;
        serde_json::from_str(&text).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())
        })
    };
    let revision: i64 = r.get(4)?;
    Ok((
        StoredRosterConflict {
            uid: r.get(0)?,
            device: r.get(1)?,
            lost: fields(2)?,
            roster: fields(3)?,
            revision: u64::try_from(revision).unwrap_or(0),
            found_at: r.get(5)?,
        },
        r.get::<_, Option<String>>(6)?.is_some(),
    ))
}

const CONFLICT_COLUMNS: &str = "uid, device, lost, roster, revision, found_at, resolved_at";

/// The conflict about `uid`, and whether it was resolved here.
fn conflict(
    conn: &Connection,
    uid: &str,
) -> Result<Option<(StoredRosterConflict, bool)>, StoreError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {CONFLICT_COLUMNS} FROM roster_conflicts WHERE uid = ?1"
        ))?
        .query_row([uid], conflict_row)
        .optional()?)
}

impl Store {
    /// Records a conflict this device's own write met: it replaces whatever was kept
    /// about the player (a resolution written too late is such a write).
    ///
    /// # Errors
    /// A database error.
    pub fn note_roster_conflict(&mut self, c: &StoredRosterConflict) -> Result<(), StoreError> {
        self.keep_conflict(c, "")
    }

    /// Records a conflict the club shows (found by any device), unless a resolution of
    /// it made here waits to be written. Another device's conflict in place of this
    /// device's own means that one was dealt with (resolved, or a resolution of it lost
    /// in its turn): the write that lost here gives way, as when it closes.
    ///
    /// # Errors
    /// A database error.
    pub fn mirror_roster_conflict(&mut self, c: &StoredRosterConflict) -> Result<(), StoreError> {
        let here = conflict(&self.conn, &c.uid)?;
        if let Some((mine, false)) = here {
            if mine.device == self.device && c.device != self.device {
                self.conn.execute(
                    "UPDATE players SET roster_changed = 0 WHERE uid = ?1",
                    [&c.uid],
                )?;
            }
        }
        self.keep_conflict(c, "WHERE resolved_at IS NULL")
    }

    fn keep_conflict(&self, c: &StoredRosterConflict, only: &str) -> Result<(), StoreError> {
        self.conn.execute(
            &format!(
                "INSERT INTO roster_conflicts ({CONFLICT_COLUMNS})
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL)
                 ON CONFLICT (uid) DO UPDATE SET device = excluded.device,
                     lost = excluded.lost, roster = excluded.roster,
                     revision = excluded.revision, found_at = excluded.found_at,
                     resolved_at = NULL {only}"
            ),
            params![
                c.uid,
                c.device,
                fields_json(&c.lost)?,
                fields_json(&c.roster)?,
                revision_sql(c.revision)?,
                c.found_at
            ],
        )?;
        Ok(())
    }

    /// The club shows only the conflicts about `open`: every other conflict kept here and
    /// not resolved here was resolved on another device. Each is removed; a player whose
    /// write lost here drops that write, so that the roster's value, the resolution,
    /// comes in. Answers how many were removed.
    ///
    /// # Errors
    /// A database error.
    pub fn roster_conflicts_closed(&mut self, open: &HashSet<String>) -> Result<usize, StoreError> {
        let tx = self.conn.transaction()?;
        let kept: Vec<(String, String)> = tx
            .prepare("SELECT uid, device FROM roster_conflicts WHERE resolved_at IS NULL")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let mut closed = 0;
        for (uid, device) in kept.into_iter().filter(|(uid, _)| !open.contains(uid)) {
            tx.execute("DELETE FROM roster_conflicts WHERE uid = ?1", [&uid])?;
            if device == self.device {
                tx.execute(
                    "UPDATE players SET roster_changed = 0 WHERE uid = ?1",
                    [&uid],
                )?;
            }
            closed += 1;
        }
        tx.commit()?;
        Ok(closed)
    }

    /// The roster conflicts kept here and not resolved here yet, by uid.
    ///
    /// # Errors
    /// A database error.
    pub fn roster_conflicts(&self) -> Result<Vec<StoredRosterConflict>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(&format!(
                "SELECT {CONFLICT_COLUMNS} FROM roster_conflicts
                 WHERE resolved_at IS NULL ORDER BY uid"
            ))?
            .query_map([], conflict_row)?
            .map(|row| row.map(|(c, _)| c))
            .collect::<Result<_, _>>()?)
    }

    /// The open conflict about player `uid`.
    ///
    /// # Errors
    /// [`StoreError::NoSuchConflict`] when none is open (or it was resolved here), or a
    /// database error.
    pub fn roster_conflict(&self, uid: &str) -> Result<StoredRosterConflict, StoreError> {
        match conflict(&self.conn, uid)? {
            Some((c, false)) => Ok(c),
            _ => Err(StoreError::NoSuchConflict(uid.to_owned())),
        }
    }

    /// Resolves the open conflict about player `uid` with `keep` (either value, or one
    /// edited from them), checked as the player form is: the player takes it here at
    /// once, to be written into the roster over the conflict's revision, and the
    /// conflict is marked resolved here (it leaves the club once the roster has it;
    /// [`Store::roster_outbox`] says so with [`RosterChange::resolving`]).
    ///
    /// # Errors
    /// [`StoreError::NoSuchConflict`], [`StoreError::Invalid`] for a value the form
    /// refuses, [`StoreError::DuplicatePlayer`] when another player here has its name
    /// and club, or a database error; nothing changes then.
    pub fn resolve_roster_conflict(
        &mut self,
        uid: &str,
        keep: &PlayerFields,
        at: DateTime<Utc>,
    ) -> Result<PlayerRecord, StoreError> {
        let p = validated(keep)?;
        let tx = self.conn.transaction()?;
        let Some((c, false)) = conflict(&tx, uid)? else {
            return Err(StoreError::NoSuchConflict(uid.to_owned()));
        };
        let taken: Option<i64> = tx
            .query_row(
                "SELECT id FROM players WHERE name = ?1 AND club = ?2
                 AND uid IS NOT ?3",
                params![p.name, p.club, uid],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(existing) = taken {
            return Err(StoreError::DuplicatePlayer { existing });
        }
        let revision = revision_sql(c.revision)?;
        let changed = tx.execute(
            "UPDATE players SET name = ?2, club = ?3, licence = ?4, notes = ?5,
                 revision = ?6, roster_changed = 1 WHERE uid = ?1",
            params![uid, p.name, p.club, p.licence, p.notes, revision],
        )?;
        if changed == 0 {
            // The conflict is about a player this device never took (his name clashed
            // with another's here): he comes in with the value kept.
            insert_roster_player(&tx, &p, uid, revision, true, at)?;
        }
        tx.execute(
            "UPDATE roster_conflicts SET resolved_at = ?2 WHERE uid = ?1",
            params![uid, timestamp(at)],
        )?;
        let kept = tx.query_row(
            "SELECT id, name, club, licence, notes FROM players WHERE uid = ?1",
            [uid],
            player,
        )?;
        tx.commit()?;
        Ok(kept)
    }
}
