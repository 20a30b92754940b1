//! The append-only event log: appending through the core, replaying, resuming.

use std::collections::HashMap;

use carom_core::{Event, FileFormat, Match, MatchFile, MatchStatus, MatchView, Player};
use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::matches::{parse_setup, MatchRecord};
use crate::{timestamp, Store, StoreError};

/// One stored event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredEvent {
    /// 0-based position in the match's log.
    pub seq: u32,
    /// The event.
    pub event: Event,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
}

/// An unfinished match, rebuilt from its log exactly where it stopped.
#[derive(Debug, Clone)]
pub struct ResumableMatch {
    /// The row.
    pub row: MatchRecord,
    /// The view: phase, turn, run, shot clock, what the referee must do next.
    pub view: MatchView,
}

/// What the screen that sent an event showed of its match: the number of events and who
/// was at the table. [`Store::append_seen`] appends only if the match is still so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    /// The events the screen showed.
    pub events: u64,
    /// The player at the table on the screen (`None` before the break, or at the end).
    pub at_table: Option<Player>,
}

impl Seen {
    /// Whether committed match `m` is as seen: first the turn (a late tap after a change
    /// of turn credits nobody), then the number of events.
    fn check(self, m: &Match) -> Result<(), StoreError> {
        let at_table = m.at_table();
        if at_table != self.at_table {
            let name = at_table
                .map(|p| m.setup().players[p].name.clone())
                .unwrap_or_default();
            return Err(StoreError::TurnChanged { name });
        }
        let found = u64::try_from(m.events().len()).unwrap_or(u64::MAX);
        if found != self.events {
            return Err(StoreError::Stale {
                expected: self.events,
                found,
            });
        }
        Ok(())
    }
}

/// Reads and replays match `id` from the database: `fold(setup, events)`.
pub(crate) fn load(conn: &Connection, id: i64) -> Result<Match, StoreError> {
    let (setup, format): (String, String) = conn
        .prepare_cached("SELECT setup, format FROM matches WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or(StoreError::NoSuchMatch(id))?;
    let format = FileFormat::from_id(&format)
        .ok_or_else(|| StoreError::Corrupt(format!("match {id}: unknown format {format}")))?;
    let mut m = Match::with_format(parse_setup(id, &setup)?, format)
        .map_err(|e| StoreError::Corrupt(format!("match {id} set-up: {e}")))?;
    let mut stmt =
        conn.prepare_cached("SELECT seq, event FROM events WHERE match_id = ?1 ORDER BY seq")?;
    let mut rows = stmt.query([id])?;
    while let Some(r) = rows.next()? {
        let seq: i64 = r.get(0)?;
        let json: String = r.get(1)?;
        let event: Event = serde_json::from_str(&json)
            .map_err(|e| StoreError::Corrupt(format!("match {id} event {seq}: {e}")))?;
        if seq != m.events().len() as i64 {
            return Err(StoreError::Corrupt(format!(
                "match {id}: event {seq} out of order"
            )));
        }
        m.apply(event)
            .map_err(|e| StoreError::Corrupt(format!("match {id} event {seq}: {e}")))?;
    }
    Ok(m)
}

/// The SHA-256 of a match's canonical file (its set-up and events as this build writes
/// them): equal matches have equal digests whatever the spacing of the file they came from.
/// The canonical file always says `carambole-match/1`, whatever version the match is
/// exported in: the digests stored before `/2` existed were taken so, and a match's
/// digest must not change when its file comes back in the other version.
pub(crate) fn digest(file: &MatchFile) -> String {
    use sha2::Digest;
    let canonical = MatchFile {
        format: FileFormat::V1,
        ..file.clone()
    };
    crate::hex(&sha2::Sha256::digest(canonical.to_json_pretty().as_bytes()))
}

/// The stored log of match `id`, in order, read through `conn` (the store's connection
/// or a transaction on it).
pub(crate) fn stored_events(conn: &Connection, id: i64) -> Result<Vec<StoredEvent>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, event, recorded_at FROM events WHERE match_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    rows.map(|r| {
        let (seq, json, recorded_at) = r?;
        let event = serde_json::from_str(&json)
            .map_err(|e| StoreError::Corrupt(format!("match {id} event {seq}: {e}")))?;
        Ok(StoredEvent {
            seq,
            event,
            recorded_at,
        })
    })
    .collect()
}

/// Where an appended event comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A tap on this device.
    Here,
    /// Another device's match, from the club's log.
    Club,
}

/// Appends `event` to match `id` inside the caller's transaction `tx`: the one checked
/// path of every event stored (a tap, or an event of another device's match received from
/// the club). The core validates it against the committed log (`cache` is used only when
/// it is exactly that log); the match as it is after the event is returned, for the
/// caller to remember once `tx` is committed. A refused event leaves the match in `cache`
/// and nothing written.
pub(crate) fn append_in(
    tx: &Connection,
    cache: &mut HashMap<i64, Match>,
    id: i64,
    event: Event,
    seen: Option<Seen>,
    origin: Origin,
    recorded_at: DateTime<Utc>,
) -> Result<Match, StoreError> {
    let (deleted, locked, next_seq, stored_status, received): (bool, bool, i64, String, bool) = tx
        .prepare_cached(concat!(
            "SELECT m.deleted_at IS NOT NULL,
                    EXISTS (SELECT 1 FROM signatures s WHERE s.match_id = m.id), ",
            event_count_of_m!(),
            ", m.status, m.origin_number IS NOT NULL FROM matches m WHERE m.id = ?1"
        ))?
        .query_row([id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .optional()?
        .ok_or(StoreError::NoSuchMatch(id))?;
    // Another device's match, received from the club, takes its events from the club
    // only: a tap here would fork its log (it is read-only here, as a signed match is).
    let locked = locked || (received && origin == Origin::Here);
    // The cached match is used only if it is exactly the committed log.
    let mut m = match cache.remove(&id) {
        Some(m) if m.events().len() as i64 == next_seq => m,
        _ => load(tx, id)?,
    };
    // A screen out of date is told so first, whatever else stands in the way.
    let refused = match seen.map(|s| s.check(&m)) {
        Some(Err(e)) => Some(e),
        _ if deleted => Some(StoreError::InTrash(id)),
        _ if locked => Some(StoreError::MatchLocked(id)),
        _ => None,
    };
    if let Some(e) = refused {
        crate::matches::remember(cache, id, m);
        return Err(e);
    }
    let json = serde_json::to_string(&event)
        .map_err(|e| StoreError::Corrupt(format!("event does not serialize: {e}")))?;
    if let Err(e) = m.apply(event) {
        // The core left the match unchanged.
        crate::matches::remember(cache, id, m);
        return Err(StoreError::Play(e));
    }
    let at = timestamp(recorded_at);
    let status = MatchStatus::of(&m);
    let (finished_at, digest) = if status == MatchStatus::Finished {
        (Some(at.as_str()), Some(digest(&MatchFile::from_match(&m))))
    } else {
        (None, None)
    };
    tx.prepare_cached(
        "INSERT INTO events (match_id, seq, event, recorded_at) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![id, next_seq, json, at])?;
    // A shot of a match under way leaves its row as it is (its event count and last
    // change are read from the log), so the commit writes the event's page alone.
    // A change of status, or an event of a finished match, rewrites the row (and, by
    // its trigger, has the statistics counted again).
    if status.id() != stored_status || status == MatchStatus::Finished {
        tx.prepare_cached(
            "UPDATE matches SET status = ?2, updated_at = ?3,
                 finished_at = CASE WHEN ?2 = 'finished' THEN ifnull(finished_at, ?4) END,
                 digest = CASE WHEN ?5 IS NOT NULL AND NOT EXISTS
                     (SELECT 1 FROM matches d WHERE d.digest = ?5 AND d.id <> ?1)
                     THEN ?5 END
             WHERE id = ?1",
        )?
        .execute(params![id, status.id(), at, finished_at, digest])?;
    }
    Ok(m)
}

impl Store {
    /// Appends `event` to match `id`: the core validates it (an impossible event is
    /// refused and nothing changes), then the event and the match's new status are
    /// committed in one transaction. Returns the match only after the commit (its
    /// [`Match::view`] is for the caller to compute, if it needs one: it walks every inning).
    ///
    /// # Errors
    /// [`StoreError::Play`] (impossible event), [`StoreError::NoSuchMatch`],
    /// [`StoreError::InTrash`], [`StoreError::MatchLocked`] (signed), or a database fault
    /// such as [`StoreError::DiskFull`]; in every case nothing was stored.
    pub fn append_event(
        &mut self,
        id: i64,
        event: Event,
        recorded_at: DateTime<Utc>,
    ) -> Result<&Match, StoreError> {
        self.append(id, event, None, recorded_at)
    }

    /// Appends `event` to match `id` as [`Store::append_event`] does, but only if the
    /// match is still as the screen that sent it `seen` it: the same player at the table
    /// and the same number of events. Both are read inside the append's transaction, so
    /// no other append can come between the check and the write.
    ///
    /// # Errors
    /// [`StoreError::TurnChanged`] (another player is at the table now: a late tap
    /// credits nobody), [`StoreError::Stale`] (the log has grown or shrunk since), or
    /// any error of [`Store::append_event`]; in every case nothing was stored.
    pub fn append_seen(
        &mut self,
        id: i64,
        event: Event,
        seen: Seen,
        recorded_at: DateTime<Utc>,
    ) -> Result<&Match, StoreError> {
        self.append(id, event, Some(seen), recorded_at)
    }

    fn append(
        &mut self,
        id: i64,
        event: Event,
        seen: Option<Seen>,
        recorded_at: DateTime<Utc>,
    ) -> Result<&Match, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let m = append_in(
            &tx,
            &mut self.cache,
            id,
            event,
            seen,
            Origin::Here,
            recorded_at,
        )?;
        // A failed commit drops `m`: the next append replays the committed log.
        tx.commit()?;
        Ok(self.remember(id, m))
    }

    /// The match `id` replayed from its log (cached for live matches).
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Corrupt`] if the log does not replay, or
    /// a database error.
    pub fn load_match(&mut self, id: i64) -> Result<Match, StoreError> {
        self.replayed(id).cloned()
    }

    /// Match `id` as committed: replayed from its log once, then kept (the cached copy is
    /// used only while its event count is the stored one).
    ///
    /// # Errors
    /// As [`Store::load_match`].
    pub fn replayed(&mut self, id: i64) -> Result<&Match, StoreError> {
        let count: i64 = self
            .conn
            .prepare_cached(concat!(
                "SELECT ",
                event_count_of_m!(),
                " FROM matches m WHERE m.id = ?1"
            ))?
            .query_row([id], |r| r.get(0))
            .optional()?
            .ok_or(StoreError::NoSuchMatch(id))?;
        if self
            .cache
            .get(&id)
            .is_none_or(|m| m.events().len() as i64 != count)
        {
            let m = load(&self.conn, id)?;
            self.remember(id, m);
        }
        self.cache.get(&id).ok_or(StoreError::NoSuchMatch(id))
    }

    /// The current view of match `id`.
    ///
    /// # Errors
    /// As [`Store::load_match`].
    pub fn match_view(&mut self, id: i64) -> Result<MatchView, StoreError> {
        Ok(self.replayed(id)?.view())
    }

    /// The stored log of match `id`, in order.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if a stored event cannot be decoded, or a database error.
    pub fn events(&self, id: i64) -> Result<Vec<StoredEvent>, StoreError> {
        stored_events(&self.conn, id)
    }

    /// Every unfinished live match recorded here, newest first, rebuilt from its log: the
    /// app offers to resume each where it stopped (another device's match, received from
    /// the club, is that device's to resume).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if a log does not replay, or a database error.
    pub fn unfinished_matches(&mut self) -> Result<Vec<ResumableMatch>, StoreError> {
        let sql = format!(
            "SELECT {} FROM matches m WHERE m.deleted_at IS NULL AND m.status <> 'finished'
                 AND m.origin_number IS NULL
             ORDER BY m.created_at DESC, m.id DESC",
            crate::matches::ROW_COLUMNS
        );
        let rows: Vec<MatchRecord> = self
            .conn
            .prepare_cached(&sql)?
            .query_map([], crate::matches::row)?
            .map(|r| r?)
            .collect::<Result<_, StoreError>>()?;
        rows.into_iter()
            .map(|row| {
                let view = self.match_view(row.id)?;
                Ok(ResumableMatch { row, view })
            })
            .collect()
    }
}
