//! Matches: the new-match form, starting, opening and playing a match, the list of
//! matches to resume, the spectator scoreboard.

pub use carom_core::MatchStatus;
use carom_core::{ByPlayer, Discipline, Event, MatchSetup, Phase, Player};
use serde::{Deserialize, Serialize};

/// `list_matches`: the stored matches, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListMatches {}

/// A player of a stored match: his name and distance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPlayer {
    /// Name.
    pub name: String,
    /// Distance.
    pub target: u32,
}

/// A stored match as lists show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRow {
    /// Database id.
    pub id: i64,
    /// Discipline.
    pub discipline: Discipline,
    /// Both players.
    pub players: ByPlayer<MatchPlayer>,
    /// Where it stands.
    pub status: MatchStatus,
    /// Created (RFC 3339, UTC).
    pub created_at: String,
    /// Last changed (RFC 3339, UTC).
    pub updated_at: String,
    /// Finished, if it is.
    pub finished_at: Option<String>,
    /// The roster players, when linked.
    pub player_ids: ByPlayer<Option<i64>>,
    /// Events in its log.
    pub events: u32,
    /// The device that created it.
    pub device: String,
    /// Put in the trash, if it is.
    pub deleted_at: Option<String>,
    /// Signed: no more changes.
    pub locked: bool,
    /// Points of the whole match, per player, as the lists show them ("15 – 12"); the
    /// application fills them from the log (`None` when it does not replay, and in the
    /// store's own rows).
    #[serde(default)]
    pub points: Option<ByPlayer<u32>>,
}

/// `start_match`: checks the full set-up through the core and stores the new match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartMatch {
    /// The set-up.
    pub setup: MatchSetup,
}

/// A new match's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Started {
    /// Database id.
    pub id: i64,
}

/// `open_match`: a stored match, to replay with the same core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenMatch {
    /// Database id.
    pub id: i64,
}

/// A stored match: its set-up and every event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpenedMatch {
    /// Database id.
    pub id: i64,
    /// The set-up.
    pub setup: MatchSetup,
    /// Every event, undos included.
    pub events: Vec<Event>,
    /// Signed: an official record that takes no more events (no undo either).
    #[serde(default)]
    pub locked: bool,
}

/// `play`: applies a referee action. Refused when the screen that sent it is out of date
/// (`expected_seq` events, `player` at the table); otherwise checked by the core and
/// committed before the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Play {
    /// The match.
    pub id: i64,
    /// Events the screen showed.
    pub expected_seq: u64,
    /// The player the screen showed at the table.
    pub player: Option<Player>,
    /// The action.
    pub event: Event,
}

/// The answer to an applied action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    /// Events in the log after the commit.
    pub events: u64,
}

/// Told to every window after a commit (event `match-updated`), so a scoreboard follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Updated {
    /// The match.
    pub id: i64,
    /// Its events after the commit.
    pub events: u64,
}

/// The name of the event that carries [`Updated`].
pub const MATCH_UPDATED: &str = "match-updated";

/// In the web app, the BroadcastChannel on which the worker that ran a command tells the
/// workers of the other tabs of the origin about backend events (`{"event": name,
/// "payload": …}`, as JSON text), and each passes them on to its page: what Tauri's
/// events are on the desktop. (The tab that made the change already has the answer.)
pub const EVENTS_CHANNEL: &str = "carambole-events";

/// `unfinished_matches`: every unfinished match, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnfinishedMatches {}

/// An unfinished match as the home screen offers it: where it stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResumeItem {
    /// Database id.
    pub id: i64,
    /// Discipline.
    pub discipline: Discipline,
    /// Both names.
    pub names: ByPlayer<String>,
    /// Both scores in the current game.
    pub scores: ByPlayer<u32>,
    /// Phase.
    pub phase: Phase,
    /// The player at the table.
    pub at_table: Option<Player>,
    /// His run.
    pub current_run: u32,
}

/// `open_scoreboard`: the spectator scoreboard of a match in a window of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenScoreboard {
    /// The match.
    pub id: i64,
}

/// `player_names`: names for the new-match form's type-ahead.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerNames {}
