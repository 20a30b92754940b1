//! The rule state an event can change, kept `Copy` so that undo restores it exactly.

use crate::guidance::{Ball, Side};
use crate::player::{ByPlayer, Player};
use crate::view::{MatchResult, Phase, ZoneStatus};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    None,
    Contact {
        touching: Ball,
        open: bool,
        compulsory: bool,
        /// Balls on the top, centre and bottom spots (three-cushion, Art. 5.4 → 6b).
        occupied: [Option<Ball>; 3],
    },
    OffTable {
        jumped: u8,
        /// Balls on the top, centre and bottom spots.
        occupied: [Option<Ball>; 3],
        incoming: Ball,
    },
}

/// The whole rule state that an event can change; `Copy` so that undo restores it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct State {
    pub phase: Phase,
    pub paused: bool,
    /// When the pause in progress started (ms), if its event was stamped.
    pub pause_started: Option<u64>,
    pub relags: ByPlayer<u8>,
    pub chooser: Option<Player>,
    pub chosen_breaker: Option<Player>,
    pub chosen_side: Option<Side>,
    pub white: Option<Player>,
    pub set: u16,
    pub sets_won: ByPlayer<u16>,
    pub breaker: Player,
    pub turn: Player,
    pub score: ByPlayer<u32>,
    pub innings: ByPlayer<u32>,
    pub run: u32,
    pub break_shot: bool,
    /// `carambole-match/1` only: foul "red not hit first" is still accepted, as it was
    /// until 4dfc349: from the break until a carom or a foul (a miss did not end it).
    pub red_first_v1: bool,
    pub told_one: ByPlayer<bool>,
    pub zone: ZoneStatus,
    pub pending: Pending,
    pub pause_due: bool,
    pub half_pause_done: bool,
    pub warnings: ByPlayer<u8>,
    pub timeouts_used: ByPlayer<u8>,
    pub shot_started: Option<u64>,
    pub extension: u32,
    pub result: Option<MatchResult>,
}
