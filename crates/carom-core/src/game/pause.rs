//! The pause (R-PAUSE, Art. 4.1–4.2).

use super::Match;
use crate::announce::Announcement;
use crate::error::PlayError;

impl Match {
    /// The pause starts (R-PAUSE: never during a run).
    pub(super) fn pause_start(&mut self, idx: usize) -> Result<(), PlayError> {
        if self.state.paused {
            return Err(PlayError::AlreadyPaused);
        }
        if self.in_game() && self.state.run > 0 {
            return Err(PlayError::PauseDuringRun);
        }
        self.state.paused = true;
        self.state.pause_due = false;
        self.state.half_pause_done = true;
        let minutes = self.setup.pause.minutes;
        self.announce(idx, Announcement::PauseStart { minutes });
        Ok(())
    }

    /// The pause ends; the shot clock starts again.
    pub(super) fn pause_end(&mut self, idx: usize, at: Option<u64>) -> Result<(), PlayError> {
        if !self.state.paused {
            return Err(PlayError::NotPaused);
        }
        self.state.paused = false;
        self.clock_restart(at);
        self.announce(idx, Announcement::PauseEnd);
        Ok(())
    }
}
