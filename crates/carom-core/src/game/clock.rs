//! The shot clock (R-CLOCK): the time of a shot, time-outs, expiry.

use super::{InningEnd, Match};
use crate::announce::Announcement;
use crate::error::PlayError;
use crate::player::Player;

impl Match {
    pub(super) fn clock_restart(&mut self, at: Option<u64>) {
        if at.is_some() {
            self.state.shot_started = at;
        }
        self.state.extension = 0;
    }

    /// The shot clock ran out: the turn passes, the balls stay (R-CLOCK).
    pub(super) fn shot_clock_expired(
        &mut self,
        idx: usize,
        at: Option<u64>,
    ) -> Result<(), PlayError> {
        self.require_game()?;
        let t = self.state.turn;
        self.shot(at);
        self.announce(idx, Announcement::ShotClockExpired { player: t });
        self.end_inning(idx, at, InningEnd::ShotClock);
        Ok(())
    }

    /// A time-out (shot extension) of the player at the table (R-CLOCK).
    pub(super) fn time_out(&mut self, idx: usize, player: Option<Player>) -> Result<(), PlayError> {
        self.require_game()?;
        let clock = self.current.shot_clock.ok_or(PlayError::NoShotClock)?;
        let p = player.unwrap_or(self.state.turn);
        if p != self.state.turn {
            return Err(PlayError::NotAtTable { player: p });
        }
        let used = &mut self.state.timeouts_used[p];
        if *used >= clock.timeouts {
            return Err(PlayError::NoTimeOutsLeft { player: p });
        }
        *used += 1;
        let left = clock.timeouts - *used;
        // At most 20 time-outs of at most 600 s (the set-up's limits).
        self.state.extension = self.state.extension.saturating_add(clock.timeout_seconds);
        self.announce(idx, Announcement::TimeOut { player: p, left });
        Ok(())
    }
}
