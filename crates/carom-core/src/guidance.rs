//! Guidance as data the UI draws: where each ball goes for the lag, the start and the
//! re-spots, per table size (R-LAG-1, R-START-1, R-CONTACT, R-OFF-2, R-OFF-3).
//!
//! Coordinates are millimetres on the playing surface: `x` across the table from the left
//! long cushion (0) to the right one (width), `y` along it from the bottom cushion (0, the
//! end the players break from) to the top cushion (length).

use serde::{Deserialize, Serialize};

use crate::discipline::{ContactRule, Discipline, OffTableRule};
use crate::message::Message;
use crate::table::TableSize;

/// One of the three balls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ball {
    /// The white: the first breaker's cue ball for the whole match (R-START-2).
    White,
    /// The yellow (or spotted white): the other player's cue ball.
    Yellow,
    /// The red object ball.
    Red,
}

impl Ball {
    /// The three balls.
    pub const ALL: [Ball; 3] = [Ball::White, Ball::Yellow, Ball::Red];

    /// The Fluent message naming the ball (`ball-<colour>`).
    pub fn message(self) -> Message {
        Message::new(self.message_id())
    }

    /// The Fluent id of the ball's name.
    pub const fn message_id(self) -> &'static str {
        match self {
            Ball::White => "ball-white",
            Ball::Yellow => "ball-yellow",
            Ball::Red => "ball-red",
        }
    }

    /// The colour id (`white`, `yellow`, `red`), also usable as a Fluent selector.
    pub const fn id(self) -> &'static str {
        match self {
            Ball::White => "white",
            Ball::Yellow => "yellow",
            Ball::Red => "red",
        }
    }

    /// The third ball: neither `a` nor `b` (`None` when they are the same ball). With two
    /// balls in contact, the one that stays where it is.
    pub fn third(a: Ball, b: Ball) -> Option<Ball> {
        (a != b)
            .then(|| Ball::ALL.into_iter().find(|x| *x != a && *x != b))
            .flatten()
    }

    pub(crate) const fn bit(self) -> u8 {
        match self {
            Ball::White => 1,
            Ball::Yellow => 2,
            Ball::Red => 4,
        }
    }
}

/// A side of the starting line, seen from the bottom cushion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The outer spot left of the centre.
    Left,
    /// The outer spot right of the centre.
    Right,
}

/// A marked spot (or lag position) on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spot {
    /// Top spot ("mouche haute", "mosca alta"): the red's spot.
    Top,
    /// Centre spot of the table ("mouche centrale").
    Centre,
    /// Bottom spot: the centre of the starting line ("mouche basse").
    Bottom,
    /// The left outer spot of the starting line.
    OuterLeft,
    /// The right outer spot of the starting line.
    OuterRight,
    /// Left lag position: on the starting line between the left outer spot and the cushion.
    LagLeft,
    /// Right lag position.
    LagRight,
}

impl Spot {
    /// The three spots of a three-cushion re-spot (R-OFF-3, Art. 6b): top, centre, bottom.
    pub const RESPOT: [Spot; 3] = [Spot::Top, Spot::Centre, Spot::Bottom];

    /// The identifier (kebab-case, as in match files): `top`, `centre`, `outer-left`…
    pub const fn id(self) -> &'static str {
        match self {
            Spot::Top => "top",
            Spot::Centre => "centre",
            Spot::Bottom => "bottom",
            Spot::OuterLeft => "outer-left",
            Spot::OuterRight => "outer-right",
            Spot::LagLeft => "lag-left",
            Spot::LagRight => "lag-right",
        }
    }

    /// The spot's position on a table, in mm.
    pub fn position(self, table: TableSize) -> Point {
        let (l, w) = table.playing_area_mm();
        let (l, w) = (f64::from(l), f64::from(w));
        let off = f64::from(table.outer_spot_offset_tenths()) / 10.0;
        let start = l / 4.0;
        let (x, y) = match self {
            Spot::Top => (w / 2.0, l * 3.0 / 4.0),
            Spot::Centre => (w / 2.0, l / 2.0),
            Spot::Bottom => (w / 2.0, start),
            Spot::OuterLeft => (w / 2.0 - off, start),
            Spot::OuterRight => (w / 2.0 + off, start),
            Spot::LagLeft => ((w / 2.0 - off) / 2.0, start),
            Spot::LagRight => (w - (w / 2.0 - off) / 2.0, start),
        };
        Point { x_mm: x, y_mm: y }
    }

    /// The Fluent message naming the spot (`spot-<id>`).
    pub fn message(self) -> Message {
        Message::new(match self {
            Spot::Top => "spot-top",
            Spot::Centre => "spot-centre",
            Spot::Bottom => "spot-bottom",
            Spot::OuterLeft => "spot-outer-left",
            Spot::OuterRight => "spot-outer-right",
            Spot::LagLeft => "spot-lag-left",
            Spot::LagRight => "spot-lag-right",
        })
    }
}

/// A point on the playing surface, in mm.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Across the table, from the left long cushion.
    pub x_mm: f64,
    /// Along the table, from the bottom cushion.
    pub y_mm: f64,
}

/// A ball's own spot taken by a ball that stays (R-OFF-3, Art. 6b): why a re-spotted ball
/// goes to another spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpotTaken {
    /// The ball's own spot.
    pub spot: Spot,
    /// The ball on it.
    pub by: Ball,
}

/// One ball to place.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// Which ball.
    pub ball: Ball,
    /// On which spot.
    pub spot: Spot,
    /// Where that is on this table.
    pub position: Point,
    /// When the ball goes elsewhere because its own spot is taken: that spot and the
    /// ball on it (three-cushion re-spots).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_spot_taken: Option<SpotTaken>,
}

/// What a piece of guidance is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuidanceKind {
    /// R-LAG-1: the lag set-up.
    Lag,
    /// R-START-1: the starting position (also the re-spot of all three balls).
    Start,
    /// R-CONTACT: balls in contact, all three re-spotted to the starting position.
    ContactRespotAll,
    /// R-CONTACT (three-cushion): only the balls in contact are re-spotted.
    ContactRespotTouching,
    /// R-OFF-2: ball off the table, all three back to the starting position.
    OffTableRespotAll,
    /// R-OFF-3: ball off the table, only the jumped ball(s) re-spotted.
    OffTableRespotJumped,
}

/// Ball positions the UI draws, with the balls that move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Guidance {
    /// What this guidance is for.
    pub kind: GuidanceKind,
    /// The table size the positions are for.
    pub table: TableSize,
    /// The balls to place; balls not listed stay where they are.
    pub placements: Vec<Placement>,
    /// When the player chooses his outer spot, the other outer spot he may use instead
    /// for his cue ball (starting position only).
    pub alternative_spot: Option<Spot>,
}

fn place(ball: Ball, spot: Spot, table: TableSize) -> Placement {
    Placement {
        ball,
        spot,
        position: spot.position(table),
        own_spot_taken: None,
    }
}

fn outer(side: Side) -> Spot {
    match side {
        Side::Left => Spot::OuterLeft,
        Side::Right => Spot::OuterRight,
    }
}

fn other_outer(side: Side) -> Spot {
    match side {
        Side::Left => Spot::OuterRight,
        Side::Right => Spot::OuterLeft,
    }
}

impl Guidance {
    /// R-LAG-1: red on the top spot, both cue balls on the starting line between the outer
    /// spots and the long cushions.
    pub fn lag(table: TableSize) -> Guidance {
        Guidance {
            kind: GuidanceKind::Lag,
            table,
            placements: vec![
                place(Ball::Red, Spot::Top, table),
                place(Ball::White, Spot::LagLeft, table),
                place(Ball::Yellow, Spot::LagRight, table),
            ],
            alternative_spot: None,
        }
    }

    /// R-START-1: red on the top spot, the opponent's ball on the bottom spot (centre of
    /// the starting line), the shooter's ball on the outer spot of his choice (`side`,
    /// left when not chosen yet).
    pub fn start(table: TableSize, shooter: Ball, side: Option<Side>) -> Guidance {
        let side = side.unwrap_or(Side::Left);
        let opponent = match shooter {
            Ball::Yellow => Ball::White,
            _ => Ball::Yellow,
        };
        Guidance {
            kind: GuidanceKind::Start,
            table,
            placements: vec![
                place(Ball::Red, Spot::Top, table),
                place(opponent, Spot::Bottom, table),
                place(shooter, outer(side), table),
            ],
            alternative_spot: Some(other_outer(side)),
        }
    }

    /// R-CONTACT re-spot for the player at the table (`shooter`) whose ball touches
    /// `touching`: all three to the starting position, or in three-cushion only the two
    /// balls in contact, to the spots of R-OFF-3 (Art. 5.4 → 6b): the shooter's ball is
    /// the ball of the player who plays next. `occupied` are the spots taken by the ball
    /// not in contact, with that ball: a ball whose own spot is taken goes to the spot of
    /// the ball on it.
    pub fn contact_respot(
        discipline: Discipline,
        table: TableSize,
        shooter: Ball,
        touching: Ball,
        occupied: &[(Spot, Ball)],
    ) -> Guidance {
        match discipline.contact_rule(table) {
            ContactRule::ChooseRespotTouching => {
                let opponent = opponent_of(shooter);
                let jumped = shooter.bit() | touching.bit();
                Guidance {
                    kind: GuidanceKind::ContactRespotTouching,
                    table,
                    placements: respot_own_spots(table, jumped, occupied, shooter, opponent),
                    alternative_spot: None,
                }
            }
            _ => Guidance {
                kind: GuidanceKind::ContactRespotAll,
                ..Guidance::start(table, shooter, None)
            },
        }
    }

    /// R-OFF-2 / R-OFF-3 re-spot after a ball left the table. `incoming` is the ball of the
    /// player who plays next, `jumped` the ball(s) that left the table (three-cushion;
    /// empty means "not told": the red is assumed), `occupied` the spots taken by balls that
    /// stayed on the table, with the ball occupying each.
    pub fn off_table(
        discipline: Discipline,
        table: TableSize,
        incoming: Ball,
        jumped: &[Ball],
        occupied: &[(Spot, Ball)],
    ) -> Guidance {
        match discipline.off_table_rule() {
            OffTableRule::RespotAll => Guidance {
                kind: GuidanceKind::OffTableRespotAll,
                ..Guidance::start(table, incoming, None)
            },
            OffTableRule::RespotJumped => {
                let mut mask = jumped.iter().fold(0u8, |m, b| m | b.bit());
                if mask == 0 {
                    mask = Ball::Red.bit();
                }
                Guidance {
                    kind: GuidanceKind::OffTableRespotJumped,
                    table,
                    placements: respot_own_spots(
                        table,
                        mask,
                        occupied,
                        incoming,
                        opponent_of(incoming),
                    ),
                    alternative_spot: None,
                }
            }
        }
    }

    /// The Fluent message telling the referee what to do.
    pub fn message(&self) -> Message {
        Message::new(match self.kind {
            GuidanceKind::Lag => "guide-lag",
            GuidanceKind::Start => "guide-start",
            GuidanceKind::ContactRespotAll => "guide-contact-respot-all",
            GuidanceKind::ContactRespotTouching => "guide-contact-respot-touching",
            GuidanceKind::OffTableRespotAll => "guide-off-table-respot-all",
            GuidanceKind::OffTableRespotJumped => "guide-off-table-respot-jumped",
        })
    }
}

pub(crate) fn opponent_of(ball: Ball) -> Ball {
    match ball {
        Ball::White => Ball::Yellow,
        _ => Ball::White,
    }
}

/// R-OFF-3: red → top spot; the incoming player's ball → bottom spot; the other player's
/// ball → centre spot. A spot taken by a ball that stays sends the ball to the spot that
/// belongs to the ball occupying it.
fn respot_own_spots(
    table: TableSize,
    mask: u8,
    occupied: &[(Spot, Ball)],
    incoming: Ball,
    other: Ball,
) -> Vec<Placement> {
    let own = |b: Ball| -> Spot {
        if b == Ball::Red {
            Spot::Top
        } else if b == incoming {
            Spot::Bottom
        } else {
            debug_assert_eq!(b, other);
            Spot::Centre
        }
    };
    let mut taken: Vec<(Spot, Ball)> = occupied
        .iter()
        .copied()
        .filter(|(_, b)| mask & b.bit() == 0)
        .collect();
    let mut out = Vec::new();
    for ball in [Ball::Red, incoming, other] {
        if mask & ball.bit() == 0 {
            continue;
        }
        let mut spot = own(ball);
        let own_spot_taken = taken
            .iter()
            .find(|(s, _)| *s == spot)
            .map(|&(spot, by)| SpotTaken { spot, by });
        // At most three hops: there are three spots.
        for _ in 0..3 {
            match taken.iter().find(|(s, _)| *s == spot) {
                Some((_, occupant)) => spot = own(*occupant),
                None => break,
            }
        }
        taken.push((spot, ball));
        out.push(Placement {
            own_spot_taken,
            ..place(ball, spot, table)
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_start_1_outer_spots_are_182_5_mm_from_the_centre_on_a_match_table() {
        let g = Guidance::start(TableSize::Match, Ball::White, Some(Side::Right));
        let white = g.placements.iter().find(|p| p.ball == Ball::White).unwrap();
        assert_eq!(
            white.position,
            Point {
                x_mm: 892.5,
                y_mm: 710.0
            }
        );
        let red = g.placements.iter().find(|p| p.ball == Ball::Red).unwrap();
        assert_eq!(
            red.position,
            Point {
                x_mm: 710.0,
                y_mm: 2130.0
            }
        );
        let yellow = g
            .placements
            .iter()
            .find(|p| p.ball == Ball::Yellow)
            .unwrap();
        assert_eq!(yellow.spot, Spot::Bottom);
        assert_eq!(g.alternative_spot, Some(Spot::OuterLeft));
    }

    #[test]
    fn r_lag_1_cue_balls_sit_between_the_outer_spots_and_the_long_cushions() {
        for table in TableSize::ALL {
            let g = Guidance::lag(table);
            let (_, w) = table.playing_area_mm();
            let l = g.placements[1].position.x_mm;
            let r = g.placements[2].position.x_mm;
            assert!(l > 0.0 && l < Spot::OuterLeft.position(table).x_mm);
            assert!((l + r - f64::from(w)).abs() < 1e-9);
        }
    }

    #[test]
    fn r_off_3_only_the_jumped_ball_is_re_spotted_and_an_occupied_spot_sends_it_to_the_occupants_spot(
    ) {
        let g = Guidance::off_table(
            Discipline::ThreeCushion,
            TableSize::Match,
            Ball::Yellow,
            &[Ball::Red],
            &[],
        );
        assert_eq!(g.placements.len(), 1);
        assert_eq!(g.placements[0].spot, Spot::Top);
        // The white (the faulting player's ball, staying on the table) sits on the top spot:
        // the red goes to the white's own spot, the centre spot.
        let g = Guidance::off_table(
            Discipline::ThreeCushion,
            TableSize::Match,
            Ball::Yellow,
            &[Ball::Red],
            &[(Spot::Top, Ball::White)],
        );
        assert_eq!(g.placements[0].spot, Spot::Centre);
        // Incoming yellow jumped, red sits on the bottom spot: yellow goes to the top spot.
        let g = Guidance::off_table(
            Discipline::ThreeCushion,
            TableSize::Match,
            Ball::Yellow,
            &[Ball::Yellow],
            &[(Spot::Bottom, Ball::Red)],
        );
        assert_eq!(g.placements[0].spot, Spot::Top);
    }

    #[test]
    fn the_third_ball_is_the_one_neither_named() {
        assert_eq!(Ball::third(Ball::White, Ball::Red), Some(Ball::Yellow));
        assert_eq!(Ball::third(Ball::Red, Ball::Yellow), Some(Ball::White));
        assert_eq!(Ball::third(Ball::Yellow, Ball::White), Some(Ball::Red));
        assert_eq!(Ball::third(Ball::Red, Ball::Red), None);
    }

    #[test]
    fn r_off_2_all_three_balls_return_to_the_starting_position() {
        let g = Guidance::off_table(
            Discipline::OneCushion,
            TableSize::Small,
            Ball::White,
            &[Ball::Red],
            &[],
        );
        assert_eq!(g.kind, GuidanceKind::OffTableRespotAll);
        assert_eq!(g.placements.len(), 3);
    }
}
