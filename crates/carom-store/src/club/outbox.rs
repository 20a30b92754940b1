//! The outbox: what the hub has not acknowledged yet of the matches recorded here (the
//! event log itself, past `club_sync`), and what it has.

use carom_core::{ByPlayer, FileFormat, Player};
use rusqlite::{params, OptionalExtension};

use super::{Acked, ClubEntry, Outgoing};
use crate::matches::parse_setup;
use crate::{SignerRole, Store, StoreError};

impl Store {
    /// Every match recorded here (and not in the trash) with what the hub has not
    /// acknowledged of it: its creation, its events past those acknowledged, and, once
    /// all three have signed, its signatures. Matches received from the club are
    /// another device's to publish.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when a stored set-up or event does not read, or a
    /// database error.
    pub fn unpublished(&self) -> Result<Vec<Outgoing>, StoreError> {
        let behind: Vec<(i64, bool, i64, bool, i64, i64)> = self
            .conn
            .prepare_cached(concat!(
                "SELECT m.id, ifnull(c.created, 0), ifnull(c.events, 0), ifnull(c.signed, 0), ",
                event_count_of_m!(),
                ", (SELECT count(*) FROM signatures s WHERE s.match_id = m.id)
                 FROM matches m LEFT JOIN club_sync c ON c.match_id = m.id
                 WHERE m.origin_number IS NULL AND m.deleted_at IS NULL
                 ORDER BY m.id"
            ))?
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            })?
            .collect::<Result<_, _>>()?;
        let all_signed = SignerRole::ALL.len() as i64;
        let mut out = Vec::new();
        for (id, created, published, signed, events, signatures) in behind {
            let sign_now = !signed && signatures == all_signed;
            if created && published >= events && !sign_now {
                continue;
            }
            let mut entries = Vec::new();
            if !created {
                entries.push(self.created_entry(id)?);
            }
            entries.extend(
                self.events(id)?
                    .into_iter()
                    .skip(usize::try_from(published).unwrap_or(usize::MAX))
                    .map(|e| ClubEntry::Event {
                        seq: u64::from(e.seq),
                        event: e.event,
                    }),
            );
            if sign_now {
                entries.push(self.signed_entry(id)?);
            }
            out.push(Outgoing {
                match_id: id,
                entries,
            });
        }
        Ok(out)
    }

    /// The creation record of match `id`: its set-up, rules and players' uids.
    fn created_entry(&self, id: i64) -> Result<ClubEntry, StoreError> {
        let (setup, format, a, b): (String, String, Option<String>, Option<String>) = self
            .conn
            .prepare_cached(
                "SELECT m.setup, m.format, pa.uid, pb.uid FROM matches m
                 LEFT JOIN players pa ON pa.id = m.player_a
                 LEFT JOIN players pb ON pb.id = m.player_b WHERE m.id = ?1",
            )?
            .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
        Ok(ClubEntry::Created {
            format: FileFormat::from_id(&format)
                .ok_or_else(|| StoreError::Corrupt(format!("match {id}: format {format}")))?,
            setup: Box::new(parse_setup(id, &setup)?),
            players: ByPlayer::from([a, b]),
        })
    }

    /// The signatures record of match `id`.
    fn signed_entry(&self, id: i64) -> Result<ClubEntry, StoreError> {
        let mut reclamations = ByPlayer::from([None, None]);
        for r in self.reclamations(id)? {
            let side = if r.player == 0 { Player::A } else { Player::B };
            reclamations[side] = Some(r.text);
        }
        Ok(ClubEntry::Signed {
            signatures: self.signatures(id)?,
            reclamations,
        })
    }

    /// Records that the hub acknowledged `entry` of match `match_id` (and so everything
    /// before it). Idempotent, and never backwards: an acknowledgement that arrives late
    /// changes nothing.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`] (or another device's match), or a database error.
    pub fn mark_published(&mut self, match_id: i64, entry: &ClubEntry) -> Result<(), StoreError> {
        self.check_recorded_here(match_id)?;
        let (events, signed): (i64, bool) = match entry {
            ClubEntry::Created { .. } => (0, false),
            ClubEntry::Event { seq, .. } => {
                (i64::try_from(*seq).unwrap_or(i64::MAX - 1) + 1, false)
            }
            ClubEntry::Signed { .. } => (0, true),
        };
        self.conn
            .prepare_cached(
                "INSERT INTO club_sync (match_id, created, events, signed) VALUES (?1, 1, ?2, ?3)
                 ON CONFLICT (match_id) DO UPDATE SET created = 1,
                     events = max(events, excluded.events), signed = max(signed, excluded.signed)",
            )?
            .execute(params![match_id, events, signed])?;
        Ok(())
    }

    /// Every match recorded here of which the hub acknowledged anything, with how far
    /// (what a device checks against the hub's log on each connect).
    ///
    /// # Errors
    /// A database error.
    pub fn acked(&self) -> Result<Vec<(i64, Acked)>, StoreError> {
        let rows = self
            .conn
            .prepare_cached(
                "SELECT c.match_id, c.created, c.events, c.signed FROM club_sync c
                 JOIN matches m ON m.id = c.match_id WHERE m.origin_number IS NULL
                 ORDER BY c.match_id",
            )?
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    Acked {
                        created: r.get(1)?,
                        events: u64::try_from(r.get::<_, i64>(2)?).unwrap_or(0),
                        signed: r.get(3)?,
                    },
                ))
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Sets how far the hub has match `match_id` to what its log says, also backwards: a
    /// hub that lost its last writes (a restored disk) gets them again from the outbox.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`] (or another device's match), or a database error.
    pub fn set_acked(&mut self, match_id: i64, acked: Acked) -> Result<(), StoreError> {
        self.check_recorded_here(match_id)?;
        self.conn
            .prepare_cached(
                "INSERT INTO club_sync (match_id, created, events, signed) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (match_id) DO UPDATE SET created = excluded.created,
                     events = excluded.events, signed = excluded.signed",
            )?
            .execute(params![
                match_id,
                acked.created,
                i64::try_from(acked.events).unwrap_or(i64::MAX),
                acked.signed
            ])?;
        Ok(())
    }

    /// `Ok` when match `match_id` was recorded here.
    fn check_recorded_here(&self, match_id: i64) -> Result<(), StoreError> {
        let here: bool = self
            .conn
            .prepare_cached("SELECT origin_number IS NULL FROM matches WHERE id = ?1")?
            .query_row([match_id], |r| r.get(0))
            .optional()?
            .unwrap_or(false);
        if here {
            Ok(())
        } else {
            Err(StoreError::NoSuchMatch(match_id))
        }
    }
}
