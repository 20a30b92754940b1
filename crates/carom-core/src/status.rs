//! Where a stored match stands, as lists and filters show it: a coarser reading of the
//! match's [`Phase`].

use serde::{Deserialize, Serialize};

use crate::{Match, Phase};

/// Where a stored match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchStatus {
    /// Created; the lag or the break is still to come.
    Setup,
    /// Under way.
    InProgress,
    /// Over.
    Finished,
}

impl MatchStatus {
    /// The id on the wire, in the store and in message ids (`match-status-<id>`).
    pub const fn id(self) -> &'static str {
        match self {
            MatchStatus::Setup => "setup",
            MatchStatus::InProgress => "in-progress",
            MatchStatus::Finished => "finished",
        }
    }

    /// The status of a match: finished when its phase is, set-up until the first game
    /// is under way.
    pub fn of(m: &Match) -> MatchStatus {
        match m.phase() {
            Phase::Finished => MatchStatus::Finished,
            Phase::Lag | Phase::Break if m.games().is_empty() => MatchStatus::Setup,
            _ => MatchStatus::InProgress,
        }
    }
}
