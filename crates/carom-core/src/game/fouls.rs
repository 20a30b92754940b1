//! Fouls (R-FOUL, Art. 8.2) and the ball off the table (R-OFF-1…3).

use super::{FoulRecord, InningEnd, Match, Pending};
use crate::announce::Announcement;
use crate::discipline::OffTableRule;
use crate::error::PlayError;
use crate::event::{Foul, Occupied};
use crate::guidance::{Ball, Spot};
use crate::view::ZoneStatus;

impl Match {
    /// The fouls the referee can call now: those the match would accept (the zone foul
    /// only after "dedans", the red not hit first only on a break shot, none outside
    /// play). A ball off the table is tried with the red as the ball that left, as the
    /// three-cushion rule needs one named.
    pub fn callable_fouls(&self) -> Vec<Foul> {
        let jumped = match self.setup.discipline.off_table_rule() {
            OffTableRule::RespotJumped => vec![Ball::Red],
            OffTableRule::RespotAll => vec![],
        };
        Foul::ALL
            .into_iter()
            // The red not hit first after a missed break only `/1` files accept.
            .filter(|&foul| foul != Foul::RedNotHitFirst || self.state.break_shot)
            .filter(|&foul| {
                let balls = if foul == Foul::BallOffTable {
                    jumped.clone()
                } else {
                    vec![]
                };
                self.preview(&crate::event::Event::Foul {
                    foul,
                    balls,
                    occupied: vec![],
                    at: None,
                })
                .is_ok()
            })
            .collect()
    }

    pub(super) fn foul(
        &mut self,
        idx: usize,
        at: Option<u64>,
        foul: Foul,
        balls: &[Ball],
        occupied: &[Occupied],
    ) -> Result<(), PlayError> {
        self.require_game()?;
        // R-OFF-3: in three-cushion only the jumped balls are re-spotted, so the foul must
        // say which left the table (elsewhere all three go back to the starting position).
        if foul == Foul::BallOffTable
            && balls.is_empty()
            && self.setup.discipline.off_table_rule() == OffTableRule::RespotJumped
        {
            // `carambole-match/1` accepted it (and re-spotted no ball): its files replay
            // as they always did.
            if !self.format.is_lenient() {
                return Err(PlayError::OffTableNoBall);
            }
            self.needs_v1 = true;
        }
        match foul {
            Foul::ZoneNotLeft => {
                if !self.setup.discipline.has_zones() {
                    return Err(PlayError::NoZones);
                }
                if self.state.zone != ZoneStatus::Dedans {
                    return Err(PlayError::NoDedans);
                }
            }
            Foul::RedNotHitFirst if !self.state.break_shot => {
                // `carambole-match/1` accepted it on the shot after a missed break (until
                // 4dfc349): its files replay as they always did.
                if !(self.format.is_lenient() && self.state.red_first_v1) {
                    return Err(PlayError::NotTheBreakShot);
                }
                self.needs_v1 = true;
            }
            _ => {}
        }
        let t = self.state.turn;
        self.shot(at);
        self.state.break_shot = false;
        self.state.red_first_v1 = false;
        self.fouls.push(FoulRecord {
            event_index: idx,
            at,
            set: self.state.set,
            player: t,
            foul,
        });
        self.announce(idx, Announcement::Foul { player: t, foul });
        self.end_inning(idx, at, InningEnd::Foul { foul });
        if foul == Foul::BallOffTable && self.in_game() {
            let mut occ = [None; 3];
            for o in occupied {
                let index = Spot::RESPOT.iter().position(|s| *s == o.spot);
                if let Some(slot) = index.and_then(|i| occ.get_mut(i)) {
                    *slot = Some(o.ball);
                }
            }
            let incoming = self.ball_of(self.state.turn).unwrap_or(Ball::Yellow);
            self.state.pending = Pending::OffTable {
                jumped: balls.iter().fold(0, |m, b| m | b.bit()),
                occupied: occ,
                incoming,
            };
        }
        Ok(())
    }
}
