//! Random set-ups and random events of every kind: mostly what a referee would tap
//! (caroms, misses, a lag with a winner, the break), but every other kind too, with
//! random players and fields, so that impossible events are sent as often as possible ones.

use carom_core::{
    Ball, ContactChoice, ContactWith, Discipline, Event, Foul, MatchSetup, Occupied, Player,
    RelagReason, SetsSetup, SetupField, SetupValue, ShotClock, Side, Spot, TableSize, ZoneCall,
};

use crate::rng::Rng;

const SPOTS: [Spot; 7] = [
    Spot::Top,
    Spot::Centre,
    Spot::Bottom,
    Spot::OuterLeft,
    Spot::OuterRight,
    Spot::LagLeft,
    Spot::LagRight,
];

/// A random valid-looking set-up: any discipline and table, short distances (so that
/// matches finish within a sequence), sometimes an innings limit, sets or a shot clock.
pub fn setup(rng: &mut Rng) -> MatchSetup {
    let discipline = rng.pick(&Discipline::ALL).unwrap_or(Discipline::ALL[0]);
    let table = rng.pick(&TableSize::ALL).unwrap_or(TableSize::Match);
    let mut s = MatchSetup::race(discipline, table, ["Caudron", "Jaspers"], rng.range(1, 12));
    if rng.chance(1, 4) {
        s.players.b.target = rng.range(1, 15);
    }
    if rng.chance(1, 4) {
        s.innings_limit = Some(rng.range(1, 10));
    }
    if rng.chance(1, 8) {
        s.sets = Some(SetsSetup {
            best_of: [1, 3, 5][usize::try_from(rng.below(3)).unwrap_or(0)],
            target: rng.range(1, 5),
        });
    }
    if rng.chance(1, 6) {
        s.shot_clock = Some(shot_clock(rng));
    }
    s.equalizing_inning = rng.chance(3, 4);
    s
}

fn shot_clock(rng: &mut Rng) -> ShotClock {
    ShotClock {
        seconds: rng.range(0, 60),
        warning_at: rng.chance(1, 2).then(|| rng.range(0, 60)),
        timeouts: u8::try_from(rng.range(0, 3)).unwrap_or(0),
        timeout_seconds: rng.range(0, 60),
    }
}

fn player(rng: &mut Rng) -> Player {
    if rng.chance(1, 2) {
        Player::A
    } else {
        Player::B
    }
}

fn maybe<T>(rng: &mut Rng, f: impl FnOnce(&mut Rng) -> T) -> Option<T> {
    rng.chance(1, 2).then(|| f(rng))
}

fn ball(rng: &mut Rng) -> Ball {
    rng.pick(&Ball::ALL).unwrap_or(Ball::Red)
}

fn side(rng: &mut Rng) -> Side {
    if rng.chance(1, 2) {
        Side::Left
    } else {
        Side::Right
    }
}

fn text(rng: &mut Rng) -> String {
    const PIECES: [&str; 6] = ["", "Dupont", "arbitre", "\u{202e}x", "é\n\"", "  "];
    (0..rng.below(3))
        .filter_map(|_| rng.pick(&PIECES))
        .collect()
}

/// A random event of any kind (weighted toward the ones that move a match on).
pub fn event(rng: &mut Rng) -> Event {
    let at = if rng.chance(1, 3) {
        Some(rng.below(10_000_000))
    } else {
        None
    };
    match rng.below(100) {
        0..=24 => Event::Carom { at },
        25..=39 => Event::Miss { at },
        40..=49 => Event::Lag {
            winner: if rng.chance(7, 8) {
                Some(player(rng))
            } else {
                None
            },
            relag: maybe(rng, |r| {
                [
                    RelagReason::NotSimultaneous,
                    RelagReason::Collision,
                    RelagReason::EqualDistance,
                ][usize::try_from(r.below(3)).unwrap_or(0)]
            })
            .filter(|_| rng.chance(1, 4)),
            caused_by: maybe(rng, player).filter(|_| rng.chance(1, 4)),
            red_touched_by: maybe(rng, player).filter(|_| rng.chance(1, 4)),
            at,
        },
        50..=57 => Event::Break {
            player: maybe(rng, player),
            spot: maybe(rng, side),
            at,
        },
        58..=61 => Event::ChooseBreaker {
            player: player(rng),
            spot: maybe(rng, side),
            at,
        },
        62..=66 => Event::Inning {
            run: rng.range(0, 20),
            at,
        },
        67..=71 => Event::Foul {
            foul: rng.pick(&Foul::ALL).unwrap_or(Foul::PushShot),
            balls: (0..rng.below(3)).map(|_| ball(rng)).collect(),
            occupied: (0..rng.below(3))
                .map(|_| Occupied {
                    spot: rng.pick(&SPOTS).unwrap_or(Spot::Top),
                    ball: ball(rng),
                })
                .collect(),
            at,
        },
        72..=76 => Event::Contact {
            choice: maybe(rng, |r| {
                if r.chance(1, 2) {
                    ContactChoice::Respot
                } else {
                    ContactChoice::PlayOn
                }
            }),
            with: maybe(rng, |r| {
                if r.chance(1, 2) {
                    ContactWith::Ball
                } else {
                    ContactWith::Cushion
                }
            }),
            ball: maybe(rng, ball),
            // Mostly none, as a referee records it; sometimes a spot, valid or not.
            occupied: (0..u64::from(rng.chance(1, 4)))
                .map(|_| Occupied {
                    spot: rng.pick(&SPOTS).unwrap_or(Spot::Top),
                    ball: ball(rng),
                })
                .collect(),
            at,
        },
        77..=79 => Event::Zone {
            call: [ZoneCall::ACheval, ZoneCall::Entree, ZoneCall::Dedans]
                [usize::try_from(rng.below(3)).unwrap_or(0)],
            anchor: rng.chance(1, 2),
            at,
        },
        80..=81 => Event::ShotClockExpired { at },
        82..=83 => Event::TimeOut {
            player: maybe(rng, player),
            at,
        },
        84..=85 => Event::PauseStart { at },
        86..=87 => Event::PauseEnd { at },
        88 => Event::Warning {
            player: player(rng),
            at,
        },
        89 => Event::Forfeit {
            player: player(rng),
            at,
        },
        90..=91 => Event::EditInning {
            player: player(rng),
            inning: rng.range(0, 12),
            run: rng.range(0, 20),
            at,
        },
        92 => Event::Protest {
            player: player(rng),
            text: text(rng),
            at,
        },
        93..=94 => {
            let field = rng.pick(&SetupField::ALL).unwrap_or(SetupField::Venue);
            let value = match rng.below(3) {
                0 => None,
                1 => Some(SetupValue::Text(text(rng))),
                _ => Some(SetupValue::ShotClock(shot_clock(rng))),
            };
            Event::EditSetup { field, value, at }
        }
        _ => Event::Undo { at },
    }
}
