//! Knock-out brackets: the seeded first round with byes, the final phase from the poules'
//! ranks, the next round from the winners, and the final placings.

use crate::error::{Error, ErrorCode};
use crate::file::{Game, KnockOut, Round, RoundKind, ThirdPlace, TournamentFile};
use crate::rules::GameOutcome;

/// The largest bracket.
pub const MAX_PLACES: usize = 32;

/// The seeds (1-based) of a bracket of `places` (a power of two) in bracket order, pairs
/// of neighbours meeting in the first round: 1-2 for 2; 1-4, 2-3 for 4; 1-8, 4-5, 2-7,
/// 3-6 for 8; each size from the one before by putting beside every seed `s` its
/// opponent `places + 1 - s`, so that seeds 1 and 2 can only meet in the final, 1 to 4
/// in the semi-finals, and so on.
pub fn bracket_seeds(places: usize) -> Vec<usize> {
    let mut order = vec![1];
    let mut size = 1;
    while size < places {
        size *= 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

fn game(players: Vec<usize>) -> Game {
    Game {
        players,
        table: None,
        time: None,
        result: None,
        corrections: Vec::new(),
    }
}

/// The first round of a knock-out of `seeded` (best seed first): the smallest bracket
/// that holds them, the top seeds given the byes (a game of one player) where the field
/// is not a power of two.
///
/// # Errors
/// [`ErrorCode::BracketSize`] for fewer than 2 or more than [`MAX_PLACES`] players.
pub fn first_round(seeded: &[usize]) -> Result<Round, Error> {
    let n = seeded.len();
    if !(2..=MAX_PLACES).contains(&n) {
        return Err(Error::at(ErrorCode::BracketSize, "players"));
    }
    let places = n.next_power_of_two();
    let order = bracket_seeds(places);
    let games = order
        .chunks(2)
        .map(|pair| {
            game(
                pair.iter()
                    .filter_map(|&s| seeded.get(s - 1).copied())
                    .collect(),
            )
        })
        .collect();
    let round =
        RoundKind::of_places(places).ok_or_else(|| Error::at(ErrorCode::BracketSize, "players"))?;
    Ok(Round { round, games })
}

/// The first round of the final phase from the poules' ranked players (each poule's
/// players best first, as the standings rank them; a rank shared at a qualifying place
/// is decided by the standings' order, which keeps the seeding order for players still
/// equal):
///
/// - one poule, 2, 4 or 8 qualifying: seeded by their rank (final 1-2; semi-finals 1-4,
///   2-3; quarter-finals 1-8, 4-5, 2-7, 3-6);
/// - 2, 4 or 8 poules, the first 2 of each: poules paired A-B, C-D, …, the 1st of each
///   against the 2nd of the other (1st A v 2nd B, 1st B v 2nd A), the 1sts of A and B in
///   opposite halves of the bracket, and the 2nds of a poule in the other half from its
///   1st;
/// - 2, 4 or 8 poules, the first of each: seeded by poule order.
///
/// # Errors
/// [`ErrorCode::FinalPhaseUnsupported`] for other numbers of poules or qualifiers, or a
/// poule with fewer players than qualify.
pub fn final_phase(poules: &[Vec<usize>], per_poule: usize) -> Result<Round, Error> {
    let unsupported = || Error::at(ErrorCode::FinalPhaseUnsupported, "phases");
    if poules.iter().any(|p| p.len() < per_poule) {
        return Err(unsupported());
    }
    let k = poules.len();
    let nth = |poule: usize, rank: usize| poules.get(poule).and_then(|p| p.get(rank)).copied();
    match (k, per_poule) {
        (1, 2 | 4 | 8) => first_round(poules.first().map_or(&[][..], |p| &p[..per_poule])),
        (2 | 4 | 8, 1) => {
            let winners: Vec<usize> = (0..k).filter_map(|i| nth(i, 0)).collect();
            first_round(&winners)
        }
        (2 | 4 | 8, 2) => {
            let mut top = Vec::new();
            let mut bottom = Vec::new();
            for pair in 0..k / 2 {
                let (x, y) = (2 * pair, 2 * pair + 1);
                top.push(game([nth(x, 0), nth(y, 1)].into_iter().flatten().collect()));
                bottom.push(game([nth(y, 0), nth(x, 1)].into_iter().flatten().collect()));
            }
            top.extend(bottom);
            let round = RoundKind::of_places(2 * k).ok_or_else(unsupported)?;
            Ok(Round { round, games: top })
        }
        _ => Err(unsupported()),
    }
}

impl TournamentFile {
    /// Who went through a knock-out game: the bye's player, the winner (or the winner of
    /// the tie-break), the opponent of a player who withdrew before it; `None` while it
    /// is unplayed.
    pub fn advancer(&self, g: &Game) -> Option<usize> {
        let gone = |p: usize| self.players.get(p).is_some_and(|e| e.withdrawn);
        match g.players.as_slice() {
            [p] => Some(*p),
            [a, b] if g.result.is_none() && gone(*a) != gone(*b) => {
                Some(if gone(*a) { *b } else { *a })
            }
            [a, b] => {
                let r = g.result.as_ref()?;
                let side = match self.counted([*a, *b], r)?.outcome() {
                    GameOutcome::Won(w) => w,
                    GameOutcome::Drawn => r.tie_break?,
                };
                g.players.get(side).copied()
            }
            _ => None,
        }
    }

    /// Who lost a played two-player knock-out game.
    pub fn loser(&self, g: &Game) -> Option<usize> {
        let w = self.advancer(g)?;
        match g.players.as_slice() {
            [a, b] => Some(if w == *a { *b } else { *a }),
            _ => None,
        }
    }
}

/// The rounds that follow `round` once all its games are played: the next round pairs
/// its winners in bracket order; after the semi-finals come the final and, when
/// `ko.third_place` is a match, the third-place match between the losers. `None` while a
/// game is unplayed, or after the final.
pub fn next_rounds(file: &TournamentFile, ko: &KnockOut, round: &Round) -> Option<Vec<Round>> {
    let winners: Option<Vec<usize>> = round.games.iter().map(|g| file.advancer(g)).collect();
    let winners = winners?;
    match round.round {
        RoundKind::Final | RoundKind::ThirdPlace => None,
        RoundKind::SemiFinal => {
            let mut out = vec![Round {
                round: RoundKind::Final,
                games: vec![game(winners)],
            }];
            if ko.third_place == ThirdPlace::Match {
                let losers: Option<Vec<usize>> =
                    round.games.iter().map(|g| file.loser(g)).collect();
                out.insert(
                    0,
                    Round {
                        round: RoundKind::ThirdPlace,
                        games: vec![game(losers?)],
                    },
                );
            }
            Some(out)
        }
        _ => {
            let next = RoundKind::of_places(winners.len())?;
            Some(vec![Round {
                round: next,
                games: winners.chunks(2).map(|c| game(c.to_vec())).collect(),
            }])
        }
    }
}

/// One final placing of a knock-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing {
    /// The place, shared by the losers of one round (1, 2, 3, 3, 5, 5, 5, 5, 9, …).
    pub rank: u32,
    /// The player.
    pub player: usize,
}

/// The placings of a knock-out so far, best first: the final's winner 1 and loser 2; the
/// third-place match's winner 3 and loser 4, or both semi-finals' losers 3; the losers
/// of the quarter-finals 5, of the round of 16 9, of 32 17.
pub fn placings(file: &TournamentFile, ko: &KnockOut) -> Vec<Placing> {
    let mut out = Vec::new();
    let mut push = |rank: u32, p: Option<usize>| {
        if let Some(player) = p {
            out.push(Placing { rank, player });
        }
    };
    let rounds = |kind: RoundKind| ko.rounds.iter().filter(move |r| r.round == kind);
    for r in rounds(RoundKind::Final) {
        for g in &r.games {
            push(1, file.advancer(g));
            push(2, file.loser(g));
        }
    }
    for r in rounds(RoundKind::ThirdPlace) {
        for g in &r.games {
            push(3, file.advancer(g));
            push(4, file.loser(g));
        }
    }
    let losers_rank = [
        (RoundKind::SemiFinal, 3),
        (RoundKind::QuarterFinal, 5),
        (RoundKind::RoundOf16, 9),
        (RoundKind::RoundOf32, 17),
    ];
    for (kind, rank) in losers_rank {
        if kind == RoundKind::SemiFinal && ko.third_place == ThirdPlace::Match {
            continue;
        }
        for r in rounds(kind) {
            for g in &r.games {
                push(rank, file.loser(g));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_are_seeded_1_8_4_5_2_7_3_6_and_extended_to_16_and_32() {
        assert_eq!(bracket_seeds(2), vec![1, 2]);
        assert_eq!(bracket_seeds(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket_seeds(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            bracket_seeds(16),
            vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
        let b32 = bracket_seeds(32);
        assert_eq!(&b32[..8], &[1, 32, 16, 17, 8, 25, 9, 24]);
        // Each first-round pair adds up to places + 1, and every seed is there once.
        for places in [2, 4, 8, 16, 32] {
            let b = bracket_seeds(places);
            assert!(b.chunks(2).all(|c| c[0] + c[1] == places + 1));
            let mut s = b.clone();
            s.sort_unstable();
            assert_eq!(s, (1..=places).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_field_of_ten_gives_the_six_top_seeds_a_bye() {
        let seeded: Vec<usize> = (100..110).collect();
        let r = first_round(&seeded).unwrap();
        assert_eq!(r.round, RoundKind::RoundOf16);
        let shapes: Vec<Vec<usize>> = r.games.iter().map(|g| g.players.clone()).collect();
        assert_eq!(
            shapes,
            vec![
                vec![100],
                vec![107, 108],
                vec![103],
                vec![104],
                vec![101],
                vec![106, 109],
                vec![102],
                vec![105]
            ]
        );
    }

    #[test]
    fn brackets_outside_2_to_32_are_refused() {
        assert_eq!(first_round(&[1]).unwrap_err().code, ErrorCode::BracketSize);
        let big: Vec<usize> = (0..33).collect();
        assert_eq!(first_round(&big).unwrap_err().code, ErrorCode::BracketSize);
    }

    #[test]
    fn one_poule_gives_semi_finals_1_4_and_2_3() {
        let r = final_phase(&[vec![5, 6, 7, 8, 9]], 4).unwrap();
        assert_eq!(r.round, RoundKind::SemiFinal);
        let p: Vec<_> = r.games.iter().map(|g| g.players.clone()).collect();
        assert_eq!(p, vec![vec![5, 8], vec![6, 7]]);
    }

    #[test]
    fn two_poules_cross_first_against_second() {
        let r = final_phase(&[vec![1, 2, 3], vec![4, 5, 6]], 2).unwrap();
        let p: Vec<_> = r.games.iter().map(|g| g.players.clone()).collect();
        assert_eq!(p, vec![vec![1, 5], vec![4, 2]]);
        let r = final_phase(&[vec![1, 2], vec![3, 4], vec![5, 6], vec![7, 8]], 2).unwrap();
        assert_eq!(r.round, RoundKind::QuarterFinal);
        let p: Vec<_> = r.games.iter().map(|g| g.players.clone()).collect();
        // 1A-2B, 1C-2D in the top half; 1B-2A, 1D-2C in the bottom half.
        assert_eq!(p, vec![vec![1, 4], vec![5, 8], vec![3, 2], vec![7, 6]]);
    }

    #[test]
    fn final_phases_the_rules_do_not_define_are_refused() {
        let e = final_phase(&[vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]], 2).unwrap_err();
        assert_eq!(e.code, ErrorCode::FinalPhaseUnsupported);
        let e = final_phase(&[vec![1, 2, 3]], 3).unwrap_err();
        assert_eq!(e.code, ErrorCode::FinalPhaseUnsupported);
    }
}
