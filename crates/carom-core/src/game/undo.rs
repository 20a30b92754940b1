//! Undo (R-FOUL-2, Art. 8.5): every applied event leaves a checkpoint; undo restores it.

use super::{Correction, Match, State};
use crate::announce::Announcement;
use crate::error::PlayError;

/// What undo restores: the rule state and the lengths of the logs before an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Checkpoint {
    state: State,
    innings: usize,
    games: usize,
    announcements: usize,
    fouls: usize,
    warnings: usize,
    protests: usize,
    setups: usize,
    pub(super) edited: Option<(usize, u32)>,
    event_index: usize,
    last_start: usize,
}

impl Match {
    pub(super) fn checkpoint(&self, event_index: usize) -> Checkpoint {
        Checkpoint {
            state: self.state,
            innings: self.innings_log.len(),
            games: self.games.len(),
            announcements: self.announcements.len(),
            fouls: self.fouls.len(),
            warnings: self.warnings_log.len(),
            protests: self.protests.len(),
            setups: self.replaced_setups.len(),
            edited: None,
            event_index,
            last_start: self.last_start,
        }
    }

    pub(super) fn restore(&mut self, cp: &Checkpoint) {
        self.state = cp.state;
        if let Some(record) = cp.edited.and_then(|(i, run)| {
            let record = self.innings_log.get_mut(i)?;
            Some((record, run))
        }) {
            record.0.run = record.1;
        }
        self.innings_log.truncate(cp.innings);
        self.games.truncate(cp.games);
        self.announcements.truncate(cp.announcements);
        self.fouls.truncate(cp.fouls);
        self.warnings_log.truncate(cp.warnings);
        self.protests.truncate(cp.protests);
        while self.replaced_setups.len() > cp.setups {
            if let Some(previous) = self.replaced_setups.pop() {
                self.current = previous;
            }
        }
        self.last_start = cp.last_start;
    }

    /// Revokes the previous action (R-FOUL-2, Art. 8.5): its state is restored and the
    /// correction stays on the sheet.
    pub(super) fn undo(&mut self, index: usize, at: Option<u64>) -> Result<(), PlayError> {
        let cp = self
            .history
            .last()
            .copied()
            .ok_or(PlayError::NothingToUndo)?;
        let undone = self
            .events
            .get(cp.event_index)
            .cloned()
            .ok_or(PlayError::NothingToUndo)?;
        self.history.pop();
        self.restore(&cp);
        // Restored, the state is the one the undone event was played in.
        let at_table = self.in_game().then_some(self.state.turn);
        let player = undone.named_player().or(at_table);
        let inning = at_table
            .filter(|p| Some(*p) == player)
            .map(|p| self.state.innings[p]);
        self.corrections.push(Correction::Undo {
            event_index: index,
            at,
            undone_index: cp.event_index,
            undone,
            player,
            inning,
        });
        self.last_start = self.announcements.len();
        let p = self.state.turn;
        if self.state.set > 0 {
            self.announce(
                index,
                Announcement::Correction {
                    player: p,
                    name: self.name(p),
                    points: self.state.score[p],
                },
            );
        }
        Ok(())
    }
}
