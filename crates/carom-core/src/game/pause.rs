//! The pause (R-PAUSE, Art. 4.1–4.2).

use super::Match;
use crate::announce::Announcement;
use crate::error::PlayError;

impl Match {
    /// The pause starts (R-PAUSE: never during a run).
    pub(super) fn pause_start(&mut self, idx: usize, at: Option<u64>) -> Result<(), PlayError> {
        if self.state.paused {
            return Err(PlayError::AlreadyPaused);
        }
        if self.in_game() && self.state.run > 0 {
            return Err(PlayError::PauseDuringRun);
        }
        self.state.paused = true;
        self.state.pause_started = at;
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
        self.state.pause_started = None;
        self.clock_restart(at);
        self.announce(idx, Announcement::PauseEnd);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Discipline, Event, Match, MatchSetup, Player, TableSize};

    #[test]
    fn a_stamped_pause_ends_its_length_after_its_start_and_the_countdown_goes_with_it() {
        let mut setup = MatchSetup::race(Discipline::Libre, TableSize::Match, ["Ana", "Bea"], 50);
        setup.pause.minutes = 5;
        let mut m = Match::new(setup).unwrap();
        m.apply(Event::Break {
            player: Some(Player::A),
            spot: None,
            at: Some(1_000),
        })
        .unwrap();
        assert_eq!(m.view().pause_ends_at, None);
        m.apply(Event::PauseStart { at: Some(60_000) }).unwrap();
        assert_eq!(m.view().pause_ends_at, Some(60_000 + 5 * 60_000));
        m.apply(Event::PauseEnd { at: Some(200_000) }).unwrap();
        assert_eq!(m.view().pause_ends_at, None);
        // Not stamped (a match file without times): no countdown, still paused.
        m.apply(Event::PauseStart { at: None }).unwrap();
        assert!(m.view().paused);
        assert_eq!(m.view().pause_ends_at, None);
    }
}
