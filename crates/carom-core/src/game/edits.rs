//! Corrections during the match (R-SHEET-3): edited innings, set-up changes, protests.

use super::{Correction, Match, NoteRecord};
use crate::announce::Announcement;
use crate::error::PlayError;
use crate::event::{SetupField, SetupValue};
use crate::player::Player;

impl Match {
    /// R-SHEET-3 edited inning; R-END-2.
    pub(super) fn edit_inning(
        &mut self,
        idx: usize,
        at: Option<u64>,
        p: Player,
        inning: u32,
        run: u32,
    ) -> Result<(), PlayError> {
        self.require_game()?;
        let set = self.state.set;
        let i = self
            .innings_log
            .iter()
            .rposition(|r| r.set == set && r.player == p && r.inning == inning)
            .ok_or(PlayError::NoSuchInning { player: p, inning })?;
        let target = self.target(p);
        if self.state.score[p] >= target {
            return Err(if self.state.told_one[p] {
                PlayError::FullDistanceCredited
            } else {
                PlayError::TargetAlreadyReached
            });
        }
        let record = self
            .innings_log
            .get_mut(i)
            .ok_or(PlayError::NoSuchInning { player: p, inning })?;
        let old = record.run;
        // The score is the sum of the game's runs, so it holds `old`; a run too long to add
        // certainly reaches the distance.
        let new_score = self.state.score[p]
            .checked_sub(old)
            .and_then(|s| s.checked_add(run))
            .filter(|s| *s < target)
            .ok_or(PlayError::EditReachesTarget)?;
        record.run = run;
        self.edited = Some((i, old));
        self.state.score[p] = new_score;
        if new_score + 1 < target {
            // The error was found before he made the point: he no longer plays for 1
            // (R-END-2 protects the distance only once made); re-announced when due.
            self.state.told_one[p] = false;
        }
        self.corrections.push(Correction::EditInning {
            event_index: idx,
            at,
            set,
            player: p,
            inning,
            old_run: old,
            new_run: run,
        });
        self.announce(
            idx,
            Announcement::Correction {
                player: p,
                name: self.name(p),
                points: new_score,
            },
        );
        Ok(())
    }

    /// A set-up change during the match: only the fields of [`SetupField`], checked like
    /// the set-up itself, kept among the corrections (R-SHEET-3).
    pub(super) fn edit_setup(
        &mut self,
        idx: usize,
        at: Option<u64>,
        field: SetupField,
        value: Option<&SetupValue>,
    ) -> Result<(), PlayError> {
        let mut next = self.current.clone();
        if !field.set(&mut next, value) {
            return Err(PlayError::SetupValueMismatch { field: field.id() });
        }
        next.validate().map_err(PlayError::SetupChange)?;
        let before = field.get(&self.current);
        let after = field.get(&next);
        self.replaced_setups
            .push(std::mem::replace(&mut self.current, next));
        self.corrections.push(Correction::EditSetup {
            event_index: idx,
            at,
            field,
            before,
            after,
        });
        Ok(())
    }

    /// A protest written on the sheet (Art. 16.2).
    pub(super) fn protest(
        &mut self,
        idx: usize,
        at: Option<u64>,
        p: Player,
        text: &str,
    ) -> Result<(), PlayError> {
        let t = text.trim();
        if t.is_empty()
            || t.chars().count() > 1000
            || t.chars().any(|c| c.is_control() && c != '\n')
        {
            return Err(PlayError::ProtestInvalid);
        }
        self.protests.push(NoteRecord {
            event_index: idx,
            at,
            player: p,
            text: t.to_string(),
        });
        Ok(())
    }
}
