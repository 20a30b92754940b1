//! Innings and runs: caroms, misses, the change of turn (R-ANN-1…4, R-END-2).

use super::{InningEnd, InningRecord, Match, Pending};
use crate::announce::Announcement;
use crate::error::PlayError;
use crate::player::Player;
use crate::view::{Phase, ResultReason, ZoneStatus};

impl Match {
    /// A shot is being played: the pending re-spot or choice is settled, a due pause waived.
    pub(super) fn shot(&mut self, at: Option<u64>) {
        // Only the break shot must hit the red (Art. 3): once any shot is played, missed
        // break included, the next one starts from where the balls lie.
        self.state.break_shot = false;
        self.state.pending = Pending::None;
        if self.state.pause_due {
            self.state.pause_due = false;
            self.state.half_pause_done = true;
        }
        self.clock_restart(at);
    }

    /// A valid carom (`carom` event): one point, the inning continues.
    pub(super) fn carom_shot(&mut self, idx: usize, at: Option<u64>) -> Result<(), PlayError> {
        self.require_game()?;
        self.shot(at);
        self.carom(idx, at);
        Ok(())
    }

    /// No carom (`miss` event): the inning ends.
    pub(super) fn miss(&mut self, idx: usize, at: Option<u64>) -> Result<(), PlayError> {
        self.require_game()?;
        self.shot(at);
        self.end_inning(idx, at, InningEnd::Miss);
        Ok(())
    }

    /// The `inning` shorthand: `run` caroms, then a miss unless the run ended the inning.
    pub(super) fn inning(
        &mut self,
        idx: usize,
        at: Option<u64>,
        run: u32,
    ) -> Result<(), PlayError> {
        self.require_game()?;
        let t = self.state.turn;
        let s = self.state.score[t];
        let target = self.target(t);
        let max = if self.state.told_one[t] && s + 1 < target {
            1
        } else {
            target.saturating_sub(s)
        };
        if run > max {
            return Err(PlayError::RunTooLong { run, max });
        }
        self.shot(at);
        for _ in 0..run {
            self.carom(idx, at);
        }
        if run < max {
            self.end_inning(idx, at, InningEnd::Miss);
        }
        Ok(())
    }

    pub(super) fn start_inning(&mut self, idx: usize, p: Player, outgoing: Option<(Player, u32)>) {
        let st = &mut self.state;
        st.turn = p;
        st.innings[p] += 1;
        st.run = 0;
        st.zone = ZoneStatus::Clear;
        let inning = st.innings[p];
        let is_breaker = p == st.breaker;
        if let Some((q, points)) = outgoing {
            self.announce(
                idx,
                Announcement::TurnChange {
                    player: q,
                    name: self.name(q),
                    points,
                    inning: is_breaker.then_some(inning),
                },
            );
        }
        if self.state.phase == Phase::EqualizingInning {
            self.announce(
                idx,
                Announcement::EqualizingInning {
                    player: p,
                    name: self.name(p),
                },
            );
        }
        // R-ANN-3: before the breaker plays, in innings of the match.
        if let (true, Some(limit)) = (is_breaker, self.setup.innings_limit) {
            match self.innings_left(limit) {
                3 => self.announce(idx, Announcement::InningsLeft { innings: 3 }),
                2 => self.announce(idx, Announcement::PenultimateInning),
                1 => self.announce(idx, Announcement::LastInning),
                _ => {}
            }
        }
        self.plays_for(idx, p);
        // R-PAUSE: at half distance, once both played the same number of innings.
        if is_breaker
            && outgoing.is_some()
            && self.setup.pause.enabled
            && self.setup.sets.is_none()
            && !self.state.half_pause_done
            && Player::ALL
                .into_iter()
                .any(|q| self.state.score[q] * 2 >= self.target(q))
        {
            self.state.pause_due = true;
        }
    }

    /// R-ANN-2.
    pub(super) fn plays_for(&mut self, idx: usize, p: Player) {
        let to_go = self.target(p).saturating_sub(self.state.score[p]);
        if to_go >= 1 && to_go <= self.setup.discipline.plays_for_from() {
            if to_go == 1 {
                self.state.told_one[p] = true;
            }
            self.announce(
                idx,
                Announcement::PlaysFor {
                    player: p,
                    name: self.name(p),
                    points: to_go,
                },
            );
        }
    }

    pub(super) fn carom(&mut self, idx: usize, at: Option<u64>) {
        let t = self.state.turn;
        let target = self.target(t);
        self.state.break_shot = false;
        self.state.red_first_v1 = false;
        // R-END-2: told "plays for 1", he is credited with the full distance.
        let credit = if self.state.told_one[t] && self.state.score[t] + 1 < target {
            target - self.state.score[t]
        } else {
            1
        };
        self.state.run += credit;
        self.state.score[t] += credit;
        let run = self.state.run;
        self.announce(idx, Announcement::Count { run });
        let dedans = self.zone_after_carom();
        if self.state.score[t] >= target {
            self.target_reached(idx, at);
            return;
        }
        self.plays_for(idx, t);
        if dedans {
            self.announce_dedans(idx);
        }
    }

    pub(super) fn record_inning(&mut self, idx: usize, at: Option<u64>, end: InningEnd) {
        let t = self.state.turn;
        self.innings_log.push(InningRecord {
            set: self.state.set,
            player: t,
            inning: self.state.innings[t],
            run: self.state.run,
            end,
            event_index: idx,
            at,
        });
    }

    pub(super) fn end_inning(&mut self, idx: usize, at: Option<u64>, end: InningEnd) {
        let t = self.state.turn;
        let run = self.state.run;
        self.record_inning(idx, at, end);
        self.state.run = 0;
        self.state.zone = ZoneStatus::Clear;
        if self.state.phase == Phase::EqualizingInning {
            self.equalizing_inning_over(idx, t, run);
            return;
        }
        // R-FMT-2, Art. 17.3/17.4: the limit counts innings of the match. When the breaker's
        // last inning ends, the other player plays his own last inning, a normal inning of
        // the match (not an equalizing inning); the game ends after it.
        if self.last_inning_of_the_limit() {
            self.announce(
                idx,
                Announcement::TurnChange {
                    player: t,
                    name: self.name(t),
                    points: run,
                    inning: None,
                },
            );
            let w = self.limit_winner();
            self.end_game(idx, w, ResultReason::InningsLimit);
        } else {
            self.start_inning(idx, t.other(), Some((t, run)));
        }
    }
}
