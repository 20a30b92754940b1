//! The order of play within a poule.
//!
//! Positions are the poule's draw positions, 1 to n (`Poule::players` in order). The
//! FFB's orders for 3, 4 and 5 are the federation's standard ones as issue 31 gives
//! them. Its order for 6 is derived (no FFB table was at hand): the orders for 4 and 5
//! are both the circle method with position 1 fixed and the others turning one place
//! each round — for 4 exactly, game for game; for 5 round for round, with a sixth,
//! empty, position giving the player who sits out (the FFB lists two rounds' games the
//! other way round) — and the order for 6 is that method with six real players:
//! 1-6, 2-5, 3-4 | 1-5, 4-6, 2-3 | 1-4, 3-5, 2-6 | 1-3, 2-4, 5-6 | 1-2, 3-6, 4-5.
//! The tests rebuild 4 and 5 from the method. The UMB's order for 3 depends on the first
//! game: 2-3, then 1 against its winner, then 1 against its loser; the UMB's orders for 4
//! to 6 are not given and the FFB's are used.

use crate::error::{Error, ErrorCode};
use crate::file::Game;
use crate::rules::GameOutcome;

pub use crate::kinds::PlayOrder;

/// The FFB's orders, by poule size 3..=6, positions 1-based.
const FFB_3: [[usize; 2]; 3] = [[1, 2], [1, 3], [2, 3]];
const FFB_4: [[usize; 2]; 6] = [[1, 4], [2, 3], [1, 3], [2, 4], [1, 2], [3, 4]];
const FFB_5: [[usize; 2]; 10] = [
    [2, 5],
    [3, 4],
    [2, 3],
    [1, 5],
    [1, 4],
    [3, 5],
    [1, 3],
    [2, 4],
    [4, 5],
    [1, 2],
];
const FFB_6: [[usize; 2]; 15] = [
    [1, 6],
    [2, 5],
    [3, 4],
    [1, 5],
    [4, 6],
    [2, 3],
    [1, 4],
    [3, 5],
    [2, 6],
    [1, 3],
    [2, 4],
    [5, 6],
    [1, 2],
    [3, 6],
    [4, 5],
];

impl PlayOrder {
    /// The games of a poule of `size`, as pairs of 0-based positions, in order. For the
    /// UMB's poule of 3 the second and third games need the first one's outcome
    /// (`first`, between positions 2 and 3 in that order): without it only the first
    /// game is given; after a draw position 2 counts as the winner.
    ///
    /// # Errors
    /// [`ErrorCode::PouleSize`] outside 3..=6.
    pub fn pairings(
        self,
        size: usize,
        first: Option<GameOutcome>,
    ) -> Result<Vec<[usize; 2]>, Error> {
        let table: &[[usize; 2]] = match size {
            3 if self == PlayOrder::Umb => {
                let (winner, loser) = match first {
                    None => return Ok(vec![[1, 2]]),
                    Some(GameOutcome::Won(1)) => (2, 1),
                    Some(_) => (1, 2),
                };
                return Ok(vec![[1, 2], [0, winner], [0, loser]]);
            }
            3 => &FFB_3,
            4 => &FFB_4,
            5 => &FFB_5,
            6 => &FFB_6,
            _ => return Err(Error::at(ErrorCode::PouleSize, "players")),
        };
        Ok(table.iter().map(|&[a, b]| [a - 1, b - 1]).collect())
    }

    /// The games of a poule of `players` (in draw position order), without results.
    ///
    /// # Errors
    /// As [`PlayOrder::pairings`].
    pub fn games(self, players: &[usize], first: Option<GameOutcome>) -> Result<Vec<Game>, Error> {
        let pairs = self.pairings(players.len(), first)?;
        Ok(pairs
            .into_iter()
            .filter_map(|[a, b]| {
                Some(Game {
                    players: vec![*players.get(a)?, *players.get(b)?],
                    table: None,
                    time: None,
                    result: None,
                    corrections: Vec::new(),
                })
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The circle method: position 1 fixed, the others turning one place a round;
    /// positions above `n` are empty (the player against one sits out).
    fn circle(n: usize) -> Vec<Vec<[usize; 2]>> {
        let m = n + n % 2;
        let mut ring: Vec<usize> = (1..=m).collect();
        let mut rounds = Vec::new();
        for _ in 0..m - 1 {
            let round = (0..m / 2)
                .map(|i| {
                    let (a, b) = (ring[i], ring[m - 1 - i]);
                    [a.min(b), a.max(b)]
                })
                .filter(|&[_, b]| b <= n)
                .collect();
            rounds.push(round);
            let last = ring.pop().unwrap();
            ring.insert(1, last);
        }
        rounds
    }

    fn ones(t: &[[usize; 2]]) -> Vec<[usize; 2]> {
        t.to_vec()
    }

    #[test]
    fn the_ffb_order_for_4_is_the_circle_method_game_for_game() {
        assert_eq!(circle(4).concat(), ones(&FFB_4));
    }

    #[test]
    fn the_ffb_order_for_5_is_the_circle_method_round_for_round() {
        let ffb: Vec<BTreeSet<[usize; 2]>> = FFB_5
            .chunks(2)
            .map(|c| c.iter().copied().collect())
            .collect();
        let method: Vec<BTreeSet<[usize; 2]>> = circle(5)
            .into_iter()
            .map(|r| r.into_iter().collect())
            .collect();
        assert_eq!(ffb, method);
    }

    #[test]
    fn the_order_for_6_is_the_circle_method() {
        assert_eq!(circle(6).concat(), ones(&FFB_6));
    }

    #[test]
    fn every_order_plays_each_pair_once() {
        for size in 3..=6 {
            for order in [PlayOrder::Ffb, PlayOrder::Umb] {
                let p = order.pairings(size, Some(GameOutcome::Won(0))).unwrap();
                let set: BTreeSet<_> = p.iter().map(|&[a, b]| (a.min(b), a.max(b))).collect();
                assert_eq!(p.len(), size * (size - 1) / 2);
                assert_eq!(set.len(), p.len());
            }
        }
    }

    #[test]
    fn the_umb_poule_of_3_plays_1_against_the_winner_then_the_loser() {
        let u = PlayOrder::Umb;
        assert_eq!(u.pairings(3, None).unwrap(), vec![[1, 2]]);
        assert_eq!(
            u.pairings(3, Some(GameOutcome::Won(0))).unwrap(),
            vec![[1, 2], [0, 1], [0, 2]]
        );
        assert_eq!(
            u.pairings(3, Some(GameOutcome::Won(1))).unwrap(),
            vec![[1, 2], [0, 2], [0, 1]]
        );
        assert_eq!(
            u.pairings(3, Some(GameOutcome::Drawn)).unwrap(),
            vec![[1, 2], [0, 1], [0, 2]]
        );
    }

    #[test]
    fn poules_outside_3_to_6_have_no_order() {
        assert_eq!(
            PlayOrder::Ffb.pairings(2, None).unwrap_err().code,
            ErrorCode::PouleSize
        );
        assert_eq!(
            PlayOrder::Ffb.pairings(7, None).unwrap_err().code,
            ErrorCode::PouleSize
        );
    }

    #[test]
    fn games_name_the_poules_players() {
        let g = PlayOrder::Ffb.games(&[7, 3, 9], None).unwrap();
        let pairs: Vec<_> = g.iter().map(|g| g.players.clone()).collect();
        assert_eq!(pairs, vec![vec![7, 3], vec![7, 9], vec![3, 9]]);
    }
}
