//! The club's side of the store (docs/hub.md): what the hub has not acknowledged yet of
//! the matches recorded here (the outbox is the event log itself, `club_sync` says how
//! far the hub has it), and the other devices' matches received from the club's log,
//! each applied with the log's position (`club_cursor`) in one transaction.
//!
//! The store knows no wire: [`ClubEntry`] is the store's form of a club record, made of
//! the core's types; carom-club maps it to and from carom-api's `ClubRecord`.

use carom_core::{ByPlayer, Event, FileFormat, Match, MatchSetup, MatchStatus, Player};
use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use crate::events::{append_in, stored_events, Origin};
use crate::matches::{insert_match, parse_setup};
use crate::names::check_name;
use crate::signatures::MAX_STROKES_BYTES;
use crate::{timestamp, Input, SignerRole, Store, StoreError, StoredSignature};

/// Version 6 of the schema: the club.
///
/// A match received from another device keeps that device in `device` (V2's column: the
/// device that recorded it) and its number there in `origin_number`, unique together; a
/// match recorded or imported here has no `origin_number` (its number is its id). A
/// player gets the roster's stable `uid` and the roster bucket's `revision` last seen.
/// `club_sync`: how far the hub acknowledged each match recorded here (its creation, its
/// first `events` events, its signatures). `club_cursor`: the last position of the
/// club's log applied here, written in the same transaction as what it applied.
/// `roster_conflicts`: a roster edit that lost a compare-and-set, until resolved.
pub(crate) const MIGRATION: &str = "ALTER TABLE matches ADD COLUMN origin_number INTEGER;
    CREATE UNIQUE INDEX matches_by_origin ON matches (device, origin_number)
        WHERE origin_number IS NOT NULL;
    ALTER TABLE players ADD COLUMN uid TEXT;
    ALTER TABLE players ADD COLUMN revision INTEGER;
    CREATE UNIQUE INDEX players_by_uid ON players (uid) WHERE uid IS NOT NULL;
    CREATE TABLE club_sync (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        created  INTEGER NOT NULL DEFAULT 0 CHECK (created IN (0, 1)),
        events   INTEGER NOT NULL DEFAULT 0 CHECK (events >= 0),
        signed   INTEGER NOT NULL DEFAULT 0 CHECK (signed IN (0, 1))
    ) STRICT;
    CREATE TABLE club_cursor (
        id       INTEGER PRIMARY KEY CHECK (id = 1),
        position INTEGER NOT NULL CHECK (position >= 0)
    ) STRICT;
    CREATE TABLE roster_conflicts (
        uid      TEXT PRIMARY KEY,
        mine     TEXT NOT NULL CHECK (json_valid(mine)),
        theirs   TEXT NOT NULL CHECK (json_valid(theirs)),
        revision INTEGER NOT NULL,
        found_at TEXT NOT NULL
    ) STRICT;";

/// A record of a match in the club's log, in the store's terms: the match created, an
/// event of its log, its signatures.
#[derive(Debug, Clone, PartialEq)]
pub enum ClubEntry {
    /// The match begins.
    Created {
        /// The match-file version whose rules its events follow.
        format: FileFormat,
        /// The set-up (boxed: entries are mostly events).
        setup: Box<MatchSetup>,
        /// Each player's roster uid, when he has one.
        players: ByPlayer<Option<String>>,
    },
    /// Event `seq` (0-based) of the match's log.
    Event {
        /// Its position in the log.
        seq: u64,
        /// The event.
        event: Event,
    },
    /// The match is signed by all three signers.
    Signed {
        /// The signatures.
        signatures: Vec<StoredSignature>,
        /// The reclamations written on the sheet, by player.
        reclamations: ByPlayer<Option<String>>,
    },
}

/// A match recorded here, with what the hub has not acknowledged of it yet, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    /// The match (its number in the club).
    pub match_id: i64,
    /// What is still to publish, oldest first.
    pub entries: Vec<ClubEntry>,
}

/// How far the hub has a match recorded here: its creation, its first `events` events,
/// its signatures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Acked {
    /// The creation.
    pub created: bool,
    /// The first this many events.
    pub events: u64,
    /// The signatures.
    pub signed: bool,
}

/// What [`Store::receive`] did with a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Receipt {
    /// Stored, into match `match_id`.
    Stored {
        /// The local id of the received match.
        match_id: i64,
    },
    /// Already here (the record was delivered again): nothing changed but the position.
    Known,
    /// A record of this device's own match, which the club's log also holds: nothing to
    /// store.
    Own,
}

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
        let name = check_name(Input::SignerName, &s.name)?;
        let strokes = s.strokes.to_string();
        if strokes.len() > MAX_STROKES_BYTES {
            return Err(StoreError::SignatureTooLarge);
        }
        tx.execute(
            "INSERT INTO signatures (match_id, role, name, signed_at, strokes)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, s.role.id(), name, s.signed_at, strokes],
        )?;
    }
    Ok(Receipt::Stored { match_id: id })
}

#[cfg(test)]
mod tests {
    use super::*;
    use carom_core::{Discipline, TableSize};

    fn t(ms: i64) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
    }

    /// A libre race to 2: the lag, the choice, the break, two caroms and a miss finish it.
    fn setup() -> MatchSetup {
        MatchSetup::race(
            Discipline::Libre,
            TableSize::Match,
            ["Caudron", "Jaspers"],
            2,
        )
    }

    fn play() -> Vec<Event> {
        vec![
            Event::Lag {
                winner: Some(Player::A),
                relag: None,
                caused_by: None,
                red_touched_by: None,
                at: None,
            },
            Event::ChooseBreaker {
                player: Player::A,
                spot: None,
                at: None,
            },
            Event::break_by(Player::A),
            Event::carom(),
            Event::carom(),
            Event::miss(),
        ]
    }

    fn sign_all(s: &mut Store, id: i64) {
        let strokes =
            serde_json::json!({"width": 300, "height": 120, "strokes": [[[1, 2], [3, 4]]]});
        for (role, name) in SignerRole::ALL
            .into_iter()
            .zip(["Ceulemans", "Caudron", "Jaspers"])
        {
            s.sign(id, role, name, &strokes, t(60_000)).unwrap();
        }
    }

    /// A device's finished and signed match, with a reclamation.
    fn finished_signed_match(s: &mut Store) -> i64 {
        let id = s.create_match_with_setup(setup(), t(0)).unwrap();
        for (i, e) in play().into_iter().enumerate() {
            s.append_event(id, e, t(i as i64 * 1000)).unwrap();
        }
        s.set_reclamation(id, 1, "The last carom was a kiss", t(50_000))
            .unwrap();
        sign_all(s, id);
        id
    }

    fn kinds(entries: &[ClubEntry]) -> Vec<String> {
        entries
            .iter()
            .map(|e| match e {
                ClubEntry::Created { .. } => "created".to_owned(),
                ClubEntry::Event { seq, .. } => format!("event {seq}"),
                ClubEntry::Signed { .. } => "signed".to_owned(),
            })
            .collect()
    }

    fn outbox(s: &Store) -> Vec<(i64, Vec<String>)> {
        s.unpublished()
            .unwrap()
            .into_iter()
            .map(|o| (o.match_id, kinds(&o.entries)))
            .collect()
    }

    #[test]
    fn a_match_recorded_here_waits_in_the_outbox_until_the_hub_acknowledged_each_record() {
        let mut s = Store::open_in_memory().unwrap();
        let id = s.create_match_with_setup(setup(), t(0)).unwrap();
        let events = play();
        for e in &events[..2] {
            s.append_event(id, e.clone(), t(1)).unwrap();
        }
        let out = s.unpublished().unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].entries[0],
            ClubEntry::Created {
                format: FileFormat::CURRENT,
                setup: Box::new(setup()),
                players: ByPlayer::from([None, None]),
            }
        );
        assert_eq!(
            out[0].entries[2],
            ClubEntry::Event {
                seq: 1,
                event: events[1].clone()
            }
        );
        s.mark_published(id, &out[0].entries[0]).unwrap();
        assert_eq!(outbox(&s), [(id, vec!["event 0".into(), "event 1".into()])]);
        s.mark_published(id, &out[0].entries[2]).unwrap();
        assert_eq!(outbox(&s), []);
        // A late acknowledgement of an earlier record moves nothing back.
        s.mark_published(id, &out[0].entries[1]).unwrap();
        assert_eq!(outbox(&s), []);

        for (i, e) in events[2..].iter().enumerate() {
            s.append_event(id, e.clone(), t(2 + i as i64)).unwrap();
        }
        assert_eq!(
            outbox(&s),
            [(
                id,
                vec![
                    "event 2".into(),
                    "event 3".into(),
                    "event 4".into(),
                    "event 5".into()
                ]
            )]
        );
        let strokes = serde_json::json!({"strokes": []});
        s.sign(id, SignerRole::Referee, "Ceulemans", &strokes, t(9))
            .unwrap();
        let last = ClubEntry::Event {
            seq: 5,
            event: events[5].clone(),
        };
        s.mark_published(id, &last).unwrap();
        assert_eq!(outbox(&s), [], "signatures travel once all three are given");
        for (role, name) in [
            (SignerRole::Player1, "Caudron"),
            (SignerRole::Player2, "Jaspers"),
        ] {
            s.sign(id, role, name, &strokes, t(10)).unwrap();
        }
        let signed = s.unpublished().unwrap().remove(0).entries.remove(0);
        let ClubEntry::Signed { signatures, .. } = &signed else {
            panic!("{signed:?}")
        };
        assert_eq!(signatures.len(), 3);
        s.mark_published(id, &signed).unwrap();
        assert_eq!(outbox(&s), []);

        let trashed = s.create_match_with_setup(setup(), t(20)).unwrap();
        assert_eq!(outbox(&s), [(trashed, vec!["created".into()])]);
        s.trash_match(trashed, t(21)).unwrap();
        assert_eq!(outbox(&s), [], "a match in the trash is not published");

        // A hub that lost its last two events and the signatures gets them again.
        let all = Acked {
            created: true,
            events: 6,
            signed: true,
        };
        assert_eq!(s.acked().unwrap(), [(id, all)]);
        s.set_acked(
            id,
            Acked {
                events: 4,
                signed: false,
                ..all
            },
        )
        .unwrap();
        assert_eq!(
            outbox(&s),
            [(
                id,
                vec!["event 4".into(), "event 5".into(), "signed".into()]
            )]
        );
    }

    /// Every record of `from`'s outbox, received by `to` at positions from `first` on.
    fn deliver(from: &Store, to: &mut Store, first: u64) -> Vec<Receipt> {
        let mut position = first;
        let mut receipts = Vec::new();
        for out in from.unpublished().unwrap() {
            for entry in out.entries {
                receipts.push(
                    to.receive(from.device(), out.match_id, entry, position, t(90_000))
                        .unwrap(),
                );
                position += 1;
            }
        }
        receipts
    }

    #[test]
    fn another_devices_match_is_received_through_the_core_exactly_once_and_counts_here() {
        let mut table = Store::open_in_memory().unwrap();
        let mut other = Store::open_in_memory().unwrap();
        let id = finished_signed_match(&mut table);

        let receipts = deliver(&table, &mut other, 1);
        assert_eq!(receipts.len(), 8, "created, six events, signed");
        let Receipt::Stored { match_id: here } = receipts[0] else {
            panic!("{receipts:?}")
        };
        assert!(receipts
            .iter()
            .all(|r| *r == Receipt::Stored { match_id: here }));
        assert_eq!(other.club_cursor().unwrap(), 8);
        // Delivered again (a redelivery keeps its positions): nothing changes.
        assert!(deliver(&table, &mut other, 1)
            .iter()
            .all(|r| *r == Receipt::Known));
        // Sent again at later positions (a device that resent after a lost ack):
        // recognized record by record.
        assert!(deliver(&table, &mut other, 9)
            .iter()
            .all(|r| *r == Receipt::Known));
        assert_eq!(other.club_cursor().unwrap(), 16);

        assert_eq!(
            other.export_match(here).unwrap(),
            table.export_match(id).unwrap(),
            "the same match, event for event"
        );
        let row = other.match_row(here).unwrap();
        assert_eq!(row.device, table.device());
        assert_eq!(
            (row.status, row.locked, row.events),
            (MatchStatus::Finished, true, 6)
        );
        assert_eq!(
            other.signatures(here).unwrap(),
            table.signatures(id).unwrap()
        );
        assert_eq!(
            other.reclamations(here).unwrap()[0].text,
            "The last carom was a kiss"
        );
        // It counts in this device's statistics as its own matches do.
        let caudron = row.player_ids[0].unwrap();
        let figures = other
            .player_stats(caudron, &crate::StatsQuery::default())
            .unwrap();
        let libre = figures
            .disciplines
            .iter()
            .find(|d| d.discipline == Discipline::Libre)
            .unwrap();
        assert_eq!((libre.matches, libre.won, libre.points), (1, 1, 2));
        // It is the other device's to publish, not this one's.
        assert_eq!(outbox(&other), []);
    }

    #[test]
    fn a_received_match_under_way_is_not_offered_here_and_takes_no_tap() {
        let mut table = Store::open_in_memory().unwrap();
        let mut other = Store::open_in_memory().unwrap();
        let id = table.create_match_with_setup(setup(), t(0)).unwrap();
        for e in play().into_iter().take(3) {
            table.append_event(id, e, t(1)).unwrap();
        }
        deliver(&table, &mut other, 1);
        let here = other.list_matches(10).unwrap()[0].id;
        assert_eq!(
            other.match_row(here).unwrap().status,
            MatchStatus::InProgress
        );
        assert!(other.unfinished_matches().unwrap().is_empty());
        let tap = other.append_event(here, Event::carom(), t(2)).unwrap_err();
        assert!(
            matches!(tap, StoreError::MatchLocked(m) if m == here),
            "{tap:?}"
        );
        assert_eq!(other.events(here).unwrap().len(), 3);
        // The club's next event still comes in.
        let next = other
            .receive(
                table.device(),
                id,
                ClubEntry::Event {
                    seq: 3,
                    event: Event::carom(),
                },
                9,
                t(3),
            )
            .unwrap();
        assert_eq!(next, Receipt::Stored { match_id: here });
    }

    #[test]
    fn a_refused_record_stores_nothing_not_even_its_position() {
        let mut s = Store::open_in_memory().unwrap();
        let event = |seq, event| ClubEntry::Event { seq, event };
        let unknown = s.receive("dev2", 7, event(0, Event::carom()), 1, t(0));
        assert!(
            matches!(unknown, Err(StoreError::NoSuchMatch(7))),
            "{unknown:?}"
        );
        let mut bad = setup();
        bad.players[Player::A].target = 0;
        let created = |setup| ClubEntry::Created {
            format: FileFormat::CURRENT,
            setup: Box::new(setup),
            players: ByPlayer::from([None, None]),
        };
        let refused = s.receive("dev2", 7, created(bad), 1, t(0));
        assert!(matches!(refused, Err(StoreError::Setup(_))), "{refused:?}");
        assert_eq!(
            (s.club_cursor().unwrap(), s.list_matches(10).unwrap().len()),
            (0, 0)
        );

        s.receive("dev2", 7, created(setup()), 1, t(0)).unwrap();
        let gap = s.receive("dev2", 7, event(4, Event::carom()), 2, t(0));
        assert!(
            matches!(
                gap,
                Err(StoreError::Stale {
                    expected: 0,
                    found: 4
                })
            ),
            "{gap:?}"
        );
        let impossible = s.receive("dev2", 7, event(0, Event::carom()), 2, t(0));
        assert!(
            matches!(impossible, Err(StoreError::Play(_))),
            "{impossible:?}"
        );
        let lag = play().remove(0);
        s.receive("dev2", 7, event(0, lag), 2, t(0)).unwrap();
        let forked = s.receive("dev2", 7, event(0, Event::miss()), 3, t(0));
        assert!(matches!(forked, Err(StoreError::Corrupt(_))), "{forked:?}");
        let unfinished = s.receive(
            "dev2",
            7,
            ClubEntry::Signed {
                signatures: Vec::new(),
                reclamations: ByPlayer::from([None, None]),
            },
            3,
            t(0),
        );
        assert!(
            matches!(unfinished, Err(StoreError::NotFinished(_))),
            "{unfinished:?}"
        );
        let id = s.list_matches(10).unwrap()[0].id;
        assert_eq!(
            (s.club_cursor().unwrap(), s.events(id).unwrap().len()),
            (2, 1)
        );
    }

    #[test]
    fn this_devices_own_records_only_move_the_position() {
        let mut s = Store::open_in_memory().unwrap();
        let id = s.create_match_with_setup(setup(), t(0)).unwrap();
        let created = s.unpublished().unwrap().remove(0).entries.remove(0);
        let device = s.device().to_owned();
        assert_eq!(
            s.receive(&device, id, created, 5, t(0)).unwrap(),
            Receipt::Own
        );
        assert_eq!(s.club_cursor().unwrap(), 5);
        assert_eq!(s.list_matches(10).unwrap().len(), 1);
    }

    #[test]
    fn a_received_player_is_found_again_by_his_roster_uid_whatever_his_name_there() {
        let mut s = Store::open_in_memory().unwrap();
        let created = |names: [&str; 2], uid: &str| ClubEntry::Created {
            format: FileFormat::CURRENT,
            setup: Box::new(MatchSetup::race(
                Discipline::Libre,
                TableSize::Match,
                names,
                2,
            )),
            players: ByPlayer::from([Some(uid.to_owned()), None]),
        };
        s.receive(
            "dev2",
            1,
            created(["Caudron", "Jaspers"], "dev2-1"),
            1,
            t(0),
        )
        .unwrap();
        s.receive(
            "dev3",
            1,
            created(["F. Caudron", "Sánchez"], "dev2-1"),
            2,
            t(0),
        )
        .unwrap();
        let rows = s.list_matches(10).unwrap();
        assert_eq!(rows[0].player_ids[0], rows[1].player_ids[0], "one player");
        let uid: Option<String> = s
            .connection()
            .query_row(
                "SELECT uid FROM players WHERE id = ?1",
                [rows[0].player_ids[0].unwrap()],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(uid.as_deref(), Some("dev2-1"));
    }
}
