//! Balls in contact (R-CONTACT, Art. 5).

use super::{Match, Pending};
use crate::announce::Announcement;
use crate::discipline::ContactRule;
use crate::error::PlayError;
use crate::event::{ContactChoice, ContactWith, Occupied};
use crate::guidance::{Ball, Spot};
use crate::view::ZoneStatus;

impl Match {
    /// R-CONTACT.
    pub(super) fn contact(
        &mut self,
        idx: usize,
        choice: Option<ContactChoice>,
        with: ContactWith,
        ball: Option<Ball>,
        occupied: &[Occupied],
    ) -> Result<(), PlayError> {
        self.require_game()?;
        let shooter = self.ball_of(self.state.turn).unwrap_or(Ball::White);
        // The cue ball cannot touch itself.
        if ball.is_some() && ball == self.ball_of(self.state.turn) {
            // `carambole-match/1` accepted it (until e62346a) as a contact with that ball:
            // its files replay as they always did.
            if !self.format.is_lenient() {
                return Err(PlayError::ContactOwnBall);
            }
            self.needs_v1 = true;
        }
        let rule = self.setup.discipline.contact_rule(self.setup.table);
        let touching = ball.unwrap_or(Ball::Red);
        let respot_possible = with == ContactWith::Ball && choice != Some(ContactChoice::PlayOn);
        let occupied = if respot_possible {
            occupied_spots(rule, shooter, touching, occupied)?
        } else if occupied.is_empty() {
            [None; 3]
        } else {
            // Nothing is re-spotted: no spot can be in the way.
            return Err(PlayError::ContactOccupiedInvalid);
        };
        if with == ContactWith::Cushion {
            self.announce(idx, Announcement::Contact { with });
            return Ok(());
        }
        let compulsory = rule == ContactRule::RespotCompulsory;
        if compulsory && choice == Some(ContactChoice::PlayOn) {
            return Err(PlayError::RespotCompulsory);
        }
        self.announce(idx, Announcement::Contact { with });
        self.state.pending = match (compulsory, choice) {
            (true, _) | (false, Some(ContactChoice::Respot)) => Pending::Contact {
                touching,
                open: false,
                compulsory,
                occupied,
            },
            (false, None) => Pending::Contact {
                touching,
                open: true,
                compulsory,
                occupied,
            },
            (false, Some(ContactChoice::PlayOn)) => Pending::None,
        };
        if matches!(self.state.pending, Pending::Contact { open: false, .. })
            && rule != ContactRule::ChooseRespotTouching
        {
            // All three balls back to the starting position: no zone any more.
            self.state.zone = ZoneStatus::Clear;
        }
        Ok(())
    }
}

/// Art. 5.4 → 6b: the spots taken when the balls in contact are re-spotted in
/// three-cushion, as the top, centre and bottom slots. Only the ball not in contact stays
/// on the table, so at most one spot can be taken, and only by it.
///
/// # Errors
/// [`PlayError::ContactOccupiedInvalid`] for spots named outside three-cushion, another
/// spot than the three, a ball in contact, or more than one spot.
fn occupied_spots(
    rule: ContactRule,
    shooter: Ball,
    touching: Ball,
    occupied: &[Occupied],
) -> Result<[Option<Ball>; 3], PlayError> {
    let mut slots = [None; 3];
    match occupied {
        [] => Ok(slots),
        [o] if rule == ContactRule::ChooseRespotTouching
            && Ball::third(shooter, touching) == Some(o.ball) =>
        {
            let slot = Spot::RESPOT
                .iter()
                .position(|s| *s == o.spot)
                .and_then(|i| slots.get_mut(i))
                .ok_or(PlayError::ContactOccupiedInvalid)?;
            *slot = Some(o.ball);
            Ok(slots)
        }
        _ => Err(PlayError::ContactOccupiedInvalid),
    }
}
