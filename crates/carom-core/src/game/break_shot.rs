//! The break (R-START-1/2): a game or a set starts.

use super::{Match, Pending};
use crate::announce::Announcement;
use crate::error::PlayError;
use crate::guidance::Side;
use crate::player::{ByPlayer, Player};
use crate::view::{Phase, ZoneStatus};

impl Match {
    /// R-START-1/2: a game (set) starts.
    pub(super) fn break_shot(
        &mut self,
        idx: usize,
        player: Option<Player>,
        spot: Option<Side>,
        at: Option<u64>,
    ) -> Result<(), PlayError> {
        let p = match self.state.phase {
            Phase::Play | Phase::EqualizingInning => return Err(PlayError::AlreadyStarted),
            Phase::Finished => return Err(PlayError::MatchFinished),
            Phase::Lag | Phase::Break => {
                if let (Some(c), Some(p)) = (self.state.chosen_breaker, player) {
                    if c != p {
                        return Err(PlayError::WrongBreaker { expected: c });
                    }
                }
                let p = player
                    .or(self.state.chosen_breaker)
                    .or(self.state.chooser)
                    .unwrap_or(Player::A);
                self.state.white = Some(p);
                p
            }
            // Sets: the break alternates; the file may name the breaker.
            Phase::SetOver => player.unwrap_or(self.state.breaker.other()),
        };
        // Drawn sets can follow each other without end; the set number is a u16.
        self.state.set = self
            .state
            .set
            .checked_add(1)
            .ok_or(PlayError::TooManySets)?;
        self.state.chosen_side = spot.or(self.state.chosen_side);
        self.state.score = ByPlayer::default();
        self.state.innings = ByPlayer::default();
        self.state.run = 0;
        self.state.breaker = p;
        self.state.told_one = ByPlayer::default();
        self.state.zone = ZoneStatus::Clear;
        self.state.pending = Pending::None;
        self.state.pause_due = false;
        self.state.timeouts_used = ByPlayer::default();
        self.state.phase = Phase::Play;
        self.state.break_shot = true;
        self.state.red_first_v1 = true;
        self.clock_restart(at);
        let set = self.setup.sets.map(|_| self.state.set);
        self.announce(
            idx,
            Announcement::Break {
                player: p,
                name: self.name(p),
                set,
            },
        );
        self.start_inning(idx, p, None);
        Ok(())
    }
}
