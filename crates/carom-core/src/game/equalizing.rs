//! The end of a game on points: the equalizing inning (R-END-1, Art. 17.4) and the
//! innings-limit finish (R-FMT-2, Art. 17.3/17.4).

use super::{InningEnd, Match};
use crate::announce::Announcement;
use crate::player::Player;
use crate::view::{Phase, ResultReason, Winner};

impl Match {
    /// R-END-1: the player at the table reached his distance.
    pub(super) fn target_reached(&mut self, idx: usize, at: Option<u64>) {
        let t = self.state.turn;
        let run = self.state.run;
        self.record_inning(idx, at, InningEnd::Target);
        if self.state.phase == Phase::EqualizingInning {
            // The second player equalized: both reached their distance.
            self.end_game(idx, Winner::Draw, ResultReason::Target);
        } else if t == self.state.breaker && self.setup.equalizing_inning {
            self.state.phase = Phase::EqualizingInning;
            self.state.run = 0;
            self.start_inning(idx, t.other(), Some((t, run)));
        } else {
            self.end_game(idx, Winner::Player(t), ResultReason::Target);
        }
    }

    /// R-END-1: the equalizing inning ended without the distance: the breaker wins.
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
        let winner = Winner::Player(self.state.breaker);
        self.end_game(idx, winner, ResultReason::Target);
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

    /// R-ANN-3: the innings of the match left under `limit`, the one being played
    /// included. An inning of the match is the breaker's and then the other player's
    /// (Art. 17.3 counts innings "before the player who broke plays"), so the count is
    /// the same during both players' visits of one inning.
    pub(crate) fn innings_left(&self, limit: u32) -> u32 {
        let st = &self.state;
        if st.set == 0 {
            return limit;
        }
        let inning = st.innings[st.breaker];
        if self.in_game() {
            limit.saturating_add(1).saturating_sub(inning)
        } else {
            limit.saturating_sub(inning)
        }
    }

    /// Art. 17.4: the inning in progress is the second player's last one under the
    /// innings limit (the game ends after it).
    pub(crate) fn last_inning_of_the_limit(&self) -> bool {
        let st = &self.state;
        st.phase == Phase::Play
            && st.turn != st.breaker
            && self
                .setup
                .innings_limit
                .is_some_and(|l| st.innings[st.turn] >= l)
    }
}
