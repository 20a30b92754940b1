//! The end of a game, of a set and of the match (R-FMT-2, R-END-3, R-PAUSE after sets).

use super::{GameRecord, Match, Pending};
use crate::announce::Announcement;
use crate::player::ByPlayer;
use crate::view::{MatchResult, Phase, ResultReason, Winner, ZoneStatus};

impl Match {
    pub(super) fn push_game(&mut self, winner: Option<Winner>, reason: ResultReason) {
        self.games.push(GameRecord {
            number: self.state.set,
            breaker: self.state.breaker,
            targets: ByPlayer::from_fn(|p| self.target(p)),
            points: self.state.score,
            innings: self.state.innings,
            winner,
            reason,
        });
    }

    pub(super) fn end_game(&mut self, idx: usize, winner: Winner, reason: ResultReason) {
        self.push_game(Some(winner), reason);
        self.state.pending = Pending::None;
        self.state.pause_due = false;
        self.state.zone = ZoneStatus::Clear;
        match self.setup.sets {
            Some(sets) => {
                let set = self.state.set;
                match winner {
                    Winner::Player(w) => {
                        self.state.sets_won[w] += 1;
                        self.announce(
                            idx,
                            Announcement::SetWon {
                                set,
                                player: w,
                                name: self.name(w),
                            },
                        );
                        if self.state.sets_won[w] >= sets.to_win() {
                            self.finish(idx, Winner::Player(w), ResultReason::Sets);
                            return;
                        }
                    }
                    Winner::Draw => self.announce(idx, Announcement::SetDrawn { set }),
                }
                self.state.phase = Phase::SetOver;
                // R-PAUSE: after set 2 (best of 3), after sets 2 and 4 (best of 5).
                self.state.pause_due = self.setup.pause.enabled && set & 1 == 0;
            }
            None => self.finish(idx, winner, reason),
        }
    }

    pub(super) fn finish(&mut self, idx: usize, winner: Winner, reason: ResultReason) {
        self.state.phase = Phase::Finished;
        self.state.pending = Pending::None;
        self.state.pause_due = false;
        self.state.paused = false;
        self.state.pause_started = None;
        self.state.result = Some(MatchResult { winner, reason });
        match winner {
            Winner::Player(p) => self.announce(
                idx,
                Announcement::MatchWon {
                    player: p,
                    name: self.name(p),
                    reason,
                },
            ),
            Winner::Draw => self.announce(idx, Announcement::MatchDrawn),
        }
    }
}
