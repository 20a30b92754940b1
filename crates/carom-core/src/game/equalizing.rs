//! The equalizing inning and the innings limit (R-END-1).

use super::{EqualizingCause, InningEnd, Match};
use crate::announce::Announcement;
use crate::player::Player;
use crate::view::{Phase, ResultReason, Winner};

impl Match {
    /// R-END-1.
    pub(super) fn target_reached(&mut self, idx: usize, at: Option<u64>) {
        let t = self.state.turn;
        let run = self.state.run;
        self.record_inning(idx, at, InningEnd::Target);
        if self.state.phase == Phase::EqualizingInning {
            let winner = match self.state.equalizing {
                Some(EqualizingCause::Target) => Winner::Draw,
                _ => Winner::Player(t),
            };
            self.end_game(idx, winner, ResultReason::Target);
        } else if t == self.state.breaker && self.setup.equalizing_inning {
            self.state.phase = Phase::EqualizingInning;
            self.state.equalizing = Some(EqualizingCause::Target);
            self.state.run = 0;
            self.start_inning(idx, t.other(), Some((t, run)));
        } else {
            self.end_game(idx, Winner::Player(t), ResultReason::Target);
        }
    }

    /// R-END-1: the equalizing (or last) inning is over: the game ends.
    pub(super) fn equalizing_inning_over(&mut self, idx: usize, t: Player, run: u32) {
        self.announce(
            idx,
            Announcement::TurnChange {
                player: t,
                name: self.name(t),
                points: run,
                inning: None,
            },
        );
        let b = self.state.breaker;
        let winner = match self.state.equalizing {
            Some(EqualizingCause::Target) => Winner::Player(b),
            _ => self.limit_winner(),
        };
        let reason = match self.state.equalizing {
            Some(EqualizingCause::Target) => ResultReason::Target,
            _ => ResultReason::InningsLimit,
        };
        self.end_game(idx, winner, reason);
    }

    /// Innings-limit finish: on points, or with different distances on the share of each
    /// player's distance.
    pub(super) fn limit_winner(&self) -> Winner {
        let a = u64::from(self.state.score[Player::A]) * u64::from(self.target(Player::B));
        let b = u64::from(self.state.score[Player::B]) * u64::from(self.target(Player::A));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Winner::Player(Player::A),
            std::cmp::Ordering::Less => Winner::Player(Player::B),
            std::cmp::Ordering::Equal => Winner::Draw,
        }
    }
}
