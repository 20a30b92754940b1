//! Balls in contact (R-CONTACT, Art. 5).

use super::{Match, Pending};
use crate::announce::Announcement;
use crate::discipline::ContactRule;
use crate::error::PlayError;
use crate::event::{ContactChoice, ContactWith};
use crate::guidance::Ball;
use crate::view::ZoneStatus;

impl Match {
    /// R-CONTACT.
    pub(super) fn contact(
        &mut self,
        idx: usize,
        choice: Option<ContactChoice>,
        with: ContactWith,
        ball: Option<Ball>,
    ) -> Result<(), PlayError> {
        self.require_game()?;
        // The cue ball cannot touch itself.
        if ball.is_some() && ball == self.ball_of(self.state.turn) {
            return Err(PlayError::ContactOwnBall);
        }
        if with == ContactWith::Cushion {
            self.announce(idx, Announcement::Contact { with });
            return Ok(());
        }
        let rule = self.setup.discipline.contact_rule(self.setup.table);
        let compulsory = rule == ContactRule::RespotCompulsory;
        if compulsory && choice == Some(ContactChoice::PlayOn) {
            return Err(PlayError::RespotCompulsory);
        }
        self.announce(idx, Announcement::Contact { with });
        let touching = ball.unwrap_or(Ball::Red);
        self.state.pending = match (compulsory, choice) {
            (true, _) | (false, Some(ContactChoice::Respot)) => Pending::Contact {
                touching,
                open: false,
                compulsory,
            },
            (false, None) => Pending::Contact {
                touching,
                open: true,
                compulsory,
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
