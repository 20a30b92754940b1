//! The lag (R-LAG-2…4): who has the choice of the break.

use super::Match;
use crate::announce::Announcement;
use crate::error::PlayError;
use crate::event::RelagReason;
use crate::guidance::Side;
use crate::player::Player;
use crate::view::Phase;

impl Match {
    /// R-LAG-2…4.
    pub(super) fn lag(
        &mut self,
        idx: usize,
        winner: Option<Player>,
        relag: Option<RelagReason>,
        caused_by: Option<Player>,
        red_touched_by: Option<Player>,
    ) -> Result<(), PlayError> {
        if self.state.phase != Phase::Lag {
            return Err(PlayError::LagOver);
        }
        if self.format.is_lenient() {
            self.lag_v1(idx, winner, relag, caused_by, red_touched_by);
            return Ok(());
        }
        if let Some(e) = lag_outcome_error(winner, relag, caused_by, red_touched_by) {
            return Err(e);
        }
        if let Some(p) = red_touched_by {
            // R-LAG-4: touching the red is a fault; the other player has the choice.
            self.lag_decided(idx, p.other());
        } else if let Some(reason) = relag {
            self.announce(idx, Announcement::Relag { reason });
            if let Some(p) = caused_by {
                // R-LAG-2/3 (Art. 2.4, 2.5): a collision or a lag not played together is
                // simply played again; only a player who caused two re-lags (a collision
                // by crossing into the other half included) loses the choice.
                self.state.relags[p] = self.state.relags[p].saturating_add(1);
                if self.state.relags[p] >= 2 {
                    self.lag_decided(idx, p.other());
                }
            }
        } else if let Some(w) = winner {
            self.lag_decided(idx, w);
        }
        Ok(())
    }

    /// The lag as `carambole-match/1` published it (commit 77f4284), so that its files
    /// replay as they always did: any combination of outcomes is accepted and the first of
    /// the red touched, the re-lag and the winner decides (the others are ignored); a
    /// collision caused by a player gives the choice to the other at once. Whatever `/2`
    /// refuses or scores differently marks the match as needing `/1`.
    fn lag_v1(
        &mut self,
        idx: usize,
        winner: Option<Player>,
        relag: Option<RelagReason>,
        caused_by: Option<Player>,
        red_touched_by: Option<Player>,
    ) {
        if lag_outcome_error(winner, relag, caused_by, red_touched_by).is_some() {
            self.needs_v1 = true;
        }
        if let Some(p) = red_touched_by {
            self.lag_decided(idx, p.other());
        } else if let Some(reason) = relag {
            self.announce(idx, Announcement::Relag { reason });
            if let Some(p) = caused_by {
                if reason == RelagReason::Collision {
                    // `/2` (since 2c756fd) counts it as one caused re-lag: it decides the
                    // same only for a player who had caused one already.
                    if self.state.relags[p] < 1 {
                        self.needs_v1 = true;
                    }
                    self.lag_decided(idx, p.other());
                } else {
                    self.state.relags[p] = self.state.relags[p].saturating_add(1);
                    if self.state.relags[p] >= 2 {
                        self.lag_decided(idx, p.other());
                    }
                }
            }
        } else if let Some(w) = winner {
            self.lag_decided(idx, w);
        }
    }

    pub(super) fn lag_decided(&mut self, idx: usize, p: Player) {
        self.state.chooser = Some(p);
        self.state.phase = Phase::Break;
        self.announce(
            idx,
            Announcement::LagWon {
                player: p,
                name: self.name(p),
            },
        );
    }

    /// The lag winner's choice of who breaks (R-LAG-2).
    pub(super) fn choose_breaker(
        &mut self,
        p: Player,
        spot: Option<Side>,
    ) -> Result<(), PlayError> {
        if !matches!(self.state.phase, Phase::Lag | Phase::Break) {
            return Err(PlayError::LagOver);
        }
        self.state.chosen_breaker = Some(p);
        self.state.chosen_side = spot;
        self.state.phase = Phase::Break;
        Ok(())
    }
}

/// Why a lag attempt has more than one outcome, if it has: one attempt has one outcome,
/// the nearer ball, a re-lag (with whoever caused it), or the red touched.
fn lag_outcome_error(
    winner: Option<Player>,
    relag: Option<RelagReason>,
    caused_by: Option<Player>,
    red_touched_by: Option<Player>,
) -> Option<PlayError> {
    if winner.is_some() && relag.is_some() {
        Some(PlayError::LagWinnerAndRelag)
    } else if caused_by.is_some() && relag.is_none() {
        Some(PlayError::LagCauseWithoutRelag)
    } else if red_touched_by.is_some() && (winner.is_some() || relag.is_some()) {
        Some(PlayError::LagRedTouchedAndOutcome)
    } else {
        None
    }
}
