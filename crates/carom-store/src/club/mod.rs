//! The club's side of the store (docs/hub.md): what the hub has not acknowledged yet of
//! the matches recorded here (the outbox is the event log itself, `club_sync` says how
//! far the hub has it), and the other devices' matches received from the club's log,
//! each applied with the log's position (`club_cursor`) in one transaction.
//!
//! The store knows no wire: [`ClubEntry`] is the store's form of a club record, made of
//! the core's types; carom-club maps it to and from carom-api's `ClubRecord`.

mod conflicts;
mod inbox;
mod outbox;
pub(crate) mod roster;
#[cfg(test)]
mod roster_tests;
#[cfg(test)]
mod tests;

use carom_core::{ByPlayer, Event, FileFormat, MatchSetup};

pub use conflicts::StoredRosterConflict;
pub use roster::{RosterChange, RosterReceipt};

use crate::StoredSignature;

/// Version 6 of the schema: the club.
///
/// A match received from another device keeps that device in `device` (V2's column: the
/// device that recorded it) and its number there in `origin_number`, unique together; a
/// match recorded or imported here has no `origin_number` (its number is its id). A
/// player gets the roster's stable `uid` and the roster bucket's `revision` last seen.
/// `club_sync`: how far the hub acknowledged each match recorded here (its creation, its
/// first `events` events, its signatures). `club_cursor`: the last position of the
/// club's log applied here, written in the same transaction as what it applied.
/// `roster_conflicts`: a roster edit that lost a compare-and-set, until resolved (made
/// again by V7, `roster::MIGRATION`, before it was ever written).
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
