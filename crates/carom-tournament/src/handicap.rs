//! Handicap distances computed from the players' averages with the club's rule.

use carom_core::{Average, HandicapRule};

use crate::error::{Error, ErrorCode};
use crate::file::{Seeding, TournamentFile};

impl TournamentFile {
    /// Gives every player his own distance from his seeding average by the club's
    /// handicap rule (`max(minimum, round(average × factor))`, carom-core's
    /// [`HandicapRule`], at least 1), and clears the distance for all.
    ///
    /// # Errors
    /// [`ErrorCode::SeedingNotAverage`] at a player seeded by ranking: the rule needs an
    /// average. Nothing is changed then.
    pub fn apply_handicap(&mut self, rule: HandicapRule) -> Result<(), Error> {
        let mut distances = Vec::with_capacity(self.players.len());
        for (i, p) in self.players.iter().enumerate() {
            let Seeding::Average(a) = p.seeding else {
                return Err(Error::at(
                    ErrorCode::SeedingNotAverage,
                    format!("players[{i}].seeding"),
                ));
            };
            let average = Average {
                points: a.0,
                innings: 1000,
                thousandths: a.0,
            };
            distances.push(rule.target(&average).max(1));
        }
        for (p, d) in self.players.iter_mut().zip(distances) {
            p.distance = Some(d);
        }
        self.distance = None;
        Ok(())
    }
}
