//! The inbox: the other devices' matches, received from the club's log with its
//! position, each record in one transaction and through the checks of every stored match.

use carom_core::{ByPlayer, Match, MatchStatus, Player};
use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use super::{ClubEntry, Receipt};
use crate::events::{append_in, stored_events, Origin};
use crate::matches::insert_match;
use crate::names::checked_signature;
use crate::{timestamp, Store, StoreError, StoredSignature};

impl Store {
    /// The position in the club's log of the last record applied here (0: none yet).
    ///
    /// # Errors
    /// A database error.
    pub fn club_cursor(&self) -> Result<u64, StoreError> {
        Ok(cursor(&self.conn)?)
    }

    /// Applies `entry` of match `number` of `device`, at `position` in the club's log
    /// (strictly increasing), and records the position, in one transaction: a record is
    /// applied exactly once however often it is delivered. A record at or before the
    /// position already applied is [`Receipt::Known`]; one of this device's own matches
    /// only moves the position ([`Receipt::Own`]).
    ///
    /// A received match goes through the checks of every stored match: its set-up is
    /// checked and every event applied by the core on the committed log, as a tap or an
    /// imported file is (an impossible event is refused, nothing stored).
    ///
    /// # Errors
    /// [`StoreError::Setup`] (an invalid set-up), [`StoreError::Play`] (an impossible
    /// event), [`StoreError::NoSuchMatch`] (an event of a match not received, naming its
    /// number), [`StoreError::Stale`] (an event past the next one: `expected` the events
    /// stored), [`StoreError::Corrupt`] (an event already stored differently),
    /// [`StoreError::NotFinished`] (signatures of a match not over), a bad signer's name
    /// or signature, or a database fault; nothing is stored then, the position included.
    pub fn receive(
        &mut self,
        device: &str,
        number: i64,
        entry: ClubEntry,
        position: u64,
        at: DateTime<Utc>,
    ) -> Result<Receipt, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let position_sql = i64::try_from(position)
            .map_err(|_| StoreError::Corrupt(format!("club log position {position}")))?;
        if position <= cursor(&tx)? {
            return Ok(Receipt::Known);
        }
        let at_text = timestamp(at);
        let existing: Option<i64> = tx
            .prepare_cached("SELECT id FROM matches WHERE device = ?1 AND origin_number = ?2")?
            .query_row(params![device, number], |r| r.get(0))
            .optional()?;
        let mut applied = None;
        let receipt = if device == self.device {
            Receipt::Own
        } else {
            match (entry, existing) {
                (ClubEntry::Created { .. }, Some(_)) => Receipt::Known,
                (
                    ClubEntry::Created {
                        format,
                        setup,
                        players,
                    },
                    None,
                ) => {
                    let m = Match::with_format(*setup, format).map_err(StoreError::Setup)?;
                    let id = insert_match(&tx, &m, &at_text, device, None)?;
                    tx.execute(
                        "UPDATE matches SET origin_number = ?2 WHERE id = ?1",
                        params![id, number],
                    )?;
                    link_players(&tx, id, &players)?;
                    Receipt::Stored { match_id: id }
                }
                (_, None) => return Err(StoreError::NoSuchMatch(number)),
                (ClubEntry::Event { seq, event }, Some(id)) => {
                    let stored = stored_events(&tx, id)?;
                    let count = stored.len() as u64;
                    if seq < count {
                        let same = stored
                            .get(usize::try_from(seq).unwrap_or(usize::MAX))
                            .is_some_and(|e| e.event == event);
                        if !same {
                            return Err(StoreError::Corrupt(format!(
                                "match {number} of {device}: event {seq} differs from the one stored"
                            )));
                        }
                        Receipt::Known
                    } else if seq > count {
                        return Err(StoreError::Stale {
                            expected: count,
                            found: seq,
                        });
                    } else {
                        let m = append_in(&tx, &mut self.cache, id, event, None, Origin::Club, at)?;
                        applied = Some(m);
                        Receipt::Stored { match_id: id }
                    }
                }
                (
                    ClubEntry::Signed {
                        signatures,
                        reclamations,
                    },
                    Some(id),
                ) => sign_received(&tx, id, &signatures, &reclamations, &at_text)?,
            }
        };
        tx.prepare_cached(
            "INSERT INTO club_cursor (id, position) VALUES (1, ?1)
             ON CONFLICT (id) DO UPDATE SET position = excluded.position",
        )?
        .execute([position_sql])?;
        tx.commit()?;
        if let (Some(m), Receipt::Stored { match_id }) = (applied, receipt) {
            self.remember(match_id, m);
        }
        Ok(receipt)
    }
}

/// The position in the club's log last applied (0: none).
fn cursor(conn: &Connection) -> rusqlite::Result<u64> {
    let position: Option<i64> = conn
        .prepare_cached("SELECT position FROM club_cursor WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    Ok(position.and_then(|p| u64::try_from(p).ok()).unwrap_or(0))
}

/// Links a received match's players to the roster entries of their uids: the entry
/// that already has the uid, else the one `insert_match` found by name and club, which
/// takes the uid when it has none. (Two entries of one person are the roster's to merge.)
fn link_players(
    tx: &Connection,
    id: i64,
    uids: &ByPlayer<Option<String>>,
) -> Result<(), StoreError> {
    for (side, column) in [(Player::A, "player_a"), (Player::B, "player_b")] {
        let Some(uid) = &uids[side] else { continue };
        let known: Option<i64> = tx
            .prepare_cached("SELECT id FROM players WHERE uid = ?1")?
            .query_row([uid], |r| r.get(0))
            .optional()?;
        match known {
            Some(player) => {
                tx.execute(
                    &format!("UPDATE matches SET {column} = ?2 WHERE id = ?1"),
                    params![id, player],
                )?;
            }
            None => {
                tx.execute(
                    &format!(
                        "UPDATE players SET uid = ?2 WHERE uid IS NULL
                         AND id = (SELECT {column} FROM matches WHERE id = ?1)"
                    ),
                    params![id, uid],
                )?;
            }
        }
    }
    Ok(())
}

/// Stores the signatures and reclamations of a received match, with the checks a
/// signature given here gets: the match is over, each name is a name, each pad's strokes
/// are JSON of a bounded size. A match signed already is [`Receipt::Known`].
fn sign_received(
    tx: &Connection,
    id: i64,
    signatures: &[StoredSignature],
    reclamations: &ByPlayer<Option<String>>,
    at: &str,
) -> Result<Receipt, StoreError> {
    let (status, signed): (String, bool) = tx.query_row(
        "SELECT status, EXISTS (SELECT 1 FROM signatures s WHERE s.match_id = m.id)
         FROM matches m WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if signed {
        return Ok(Receipt::Known);
    }
    if status != MatchStatus::Finished.id() {
        return Err(StoreError::NotFinished(id));
    }
    // Reclamations first: the triggers refuse them once the match carries a signature.
    for (side, player) in [(Player::A, 0), (Player::B, 1)] {
        if let Some(text) = &reclamations[side] {
            tx.execute(
                "INSERT INTO reclamations (match_id, player, text, written_at)
                 VALUES (?1, ?2, ?3, ?4)",
                params![id, player, text, at],
            )?;
        }
    }
    for s in signatures {
        let (name, strokes) = checked_signature(&s.name, &s.strokes)?;
        tx.execute(
            "INSERT INTO signatures (match_id, role, name, signed_at, strokes)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, s.role.id(), name, s.signed_at, strokes],
        )?;
    }
    Ok(Receipt::Stored { match_id: id })
}
