//! What a match records as it is played: innings, games, fouls, notes, corrections.

use serde::{Deserialize, Serialize};

use crate::event::{Event, Foul, SetupField, SetupValue};
use crate::player::{ByPlayer, Player};
use crate::view::{ResultReason, Winner};

/// How an inning ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum InningEnd {
    /// A miss.
    Miss,
    /// A foul.
    Foul {
        /// Which.
        foul: Foul,
    },
    /// The shot clock ran out.
    ShotClock,
    /// The player reached his distance.
    Target,
    /// The match was stopped (forfeit, second warning).
    Stopped,
}

/// One completed inning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct InningRecord {
    /// Game (set) number, 1-based.
    pub set: u16,
    /// The player.
    pub player: Player,
    /// His inning number in that game.
    pub inning: u32,
    /// The run (after any edit).
    pub run: u32,
    /// How it ended.
    pub end: InningEnd,
    /// The event that ended it.
    pub event_index: usize,
    /// Caller's time of that event.
    pub at: Option<u64>,
}

/// One finished game (the single game, or a set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// Game (set) number, 1-based.
    pub number: u16,
    /// Who broke.
    pub breaker: Player,
    /// Each player's distance.
    pub targets: ByPlayer<u32>,
    /// Points.
    pub points: ByPlayer<u32>,
    /// Innings.
    pub innings: ByPlayer<u32>,
    /// Winner (`None` when stopped by a forfeit or a second warning).
    pub winner: Option<Winner>,
    /// How it ended.
    pub reason: ResultReason,
}

/// A recorded foul.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoulRecord {
    /// Event index.
    pub event_index: usize,
    /// Caller's time.
    pub at: Option<u64>,
    /// Game number.
    pub set: u16,
    /// The player.
    pub player: Player,
    /// The foul.
    pub foul: Foul,
}

/// A recorded warning or protest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoteRecord {
    /// Event index.
    pub event_index: usize,
    /// Caller's time.
    pub at: Option<u64>,
    /// The player.
    pub player: Player,
    /// The protest text (empty for a warning).
    pub text: String,
}

/// A correction (R-SHEET-3): kept on the sheet even when what it corrected is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Correction {
    /// An undo (R-FOUL-2, Art. 8.5).
    Undo {
        /// The undo event's index.
        event_index: usize,
        /// Its time.
        at: Option<u64>,
        /// The index of the event it revoked.
        undone_index: usize,
        /// The event it revoked.
        undone: Event,
        /// Whose action it revoked: the player the event names (a warning, a
        /// forfeit), else the player at the table when it was played; `None` before
        /// play began (the lag, the break) or between sets.
        player: Option<Player>,
        /// The inning of that player it was played in (`None` as for `player`, or for
        /// an event that names a player who was not at the table).
        inning: Option<u32>,
    },
    /// An edited inning.
    EditInning {
        /// The edit event's index.
        event_index: usize,
        /// Its time.
        at: Option<u64>,
        /// Game number.
        set: u16,
        /// Player.
        player: Player,
        /// Inning.
        inning: u32,
        /// The run before.
        old_run: u32,
        /// The run after.
        new_run: u32,
    },
    /// A set-up field changed during the match (officials, header, shot clock).
    EditSetup {
        /// The edit event's index.
        event_index: usize,
        /// Its time.
        at: Option<u64>,
        /// The field.
        field: SetupField,
        /// Its value before (`None`: empty, or no shot clock).
        before: Option<SetupValue>,
        /// Its value after.
        after: Option<SetupValue>,
    },
}
