//! The draw of the poules: serpentine on the seeding figure, club mates kept apart.
//!
//! The players, best seed first, are dealt row by row: row 1 to poules A, B, C…, row 2
//! back from the last poule to A, and so on (seeds 1-2-3 / 6-5-4 / 7-8-9 for three
//! poules). Two players of one club in one poule are then avoided where possible by
//! exchanging players **within their row** only, so each poule keeps one player of each
//! seeding level: of the row's possible assignments, the one with the fewest club
//! mates meeting is taken, and of those the nearest to the serpentine (players tried in
//! seed order, poules in serpentine order: the first such assignment found). No
//! randomness: the same players give the same draw.

use crate::error::{Error, ErrorCode};
use crate::file::{Seeding, TournamentFile};

/// How many assignments of one row are tried before the best so far is kept (a row of
/// eight poules has 40,320; rows of more poules keep the best of the first ones tried).
const SEARCH_BUDGET: u32 = 200_000;

impl TournamentFile {
    /// The players `among`, best seed first: ranking 1 first, or the highest average
    /// first; equal figures in the order of the list of players.
    pub fn seed_order(&self, among: &[usize]) -> Vec<usize> {
        let mut v = among.to_vec();
        v.sort_by(|&a, &b| {
            let key = |p: usize| self.players.get(p).map(|e| e.seeding);
            let ord = match (key(a), key(b)) {
                (Some(Seeding::Ranking(x)), Some(Seeding::Ranking(y))) => x.cmp(&y),
                (Some(Seeding::Average(x)), Some(Seeding::Average(y))) => y.cmp(&x),
                _ => std::cmp::Ordering::Equal,
            };
            ord.then(a.cmp(&b))
        });
        v
    }

    /// Draws every player not withdrawn into `poules` poules of 3 to 6 (see the module's
    /// documentation). Each poule lists its players in draw position order: its best
    /// seed is position 1.
    ///
    /// # Errors
    /// [`ErrorCode::DrawImpossible`] when the players do not make `poules` poules of 3
    /// to 6.
    pub fn draw_poules(&self, poules: usize) -> Result<Vec<Vec<usize>>, Error> {
        let entrants: Vec<usize> = (0..self.players.len())
            .filter(|&p| self.players.get(p).is_some_and(|e| !e.withdrawn))
            .collect();
        let n = entrants.len();
        if poules == 0 || n < 3 * poules || n > 6 * poules {
            return Err(Error::at(ErrorCode::DrawImpossible, "players"));
        }
        let seeded = self.seed_order(&entrants);
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); poules];
        for (r, row) in seeded.chunks(poules).enumerate() {
            let mut slots: Vec<usize> = (0..poules).collect();
            if r % 2 == 1 {
                slots.reverse();
            }
            slots.truncate(row.len());
            let assignment = self.best_row(row, &slots, &out);
            for (slot, p) in slots.iter().zip(assignment) {
                if let Some(poule) = out.get_mut(*slot) {
                    poule.push(p);
                }
            }
        }
        Ok(out)
    }

    fn club_of(&self, p: usize) -> Option<&str> {
        self.players.get(p).and_then(|e| e.club.as_deref())
    }

    /// The row's players in the order of `slots`: fewest club meetings, then nearest to
    /// the serpentine.
    fn best_row(&self, row: &[usize], slots: &[usize], poules: &[Vec<usize>]) -> Vec<usize> {
        struct Search<'a> {
            file: &'a TournamentFile,
            row: &'a [usize],
            slots: &'a [usize],
            poules: &'a [Vec<usize>],
            used: Vec<bool>,
            current: Vec<usize>,
            best: Option<(u32, Vec<usize>)>,
            budget: u32,
        }
        impl Search<'_> {
            fn meetings(&self, p: usize, slot: usize) -> u32 {
                let Some(club) = self.file.club_of(p) else {
                    return 0;
                };
                let earlier = self
                    .poules
                    .get(slot)
                    .into_iter()
                    .flatten()
                    .filter(|&&q| self.file.club_of(q) == Some(club))
                    .count();
                let this_row = self
                    .current
                    .iter()
                    .zip(self.slots)
                    .filter(|&(&q, &s)| s == slot && self.file.club_of(q) == Some(club))
                    .count();
                u32::try_from(earlier + this_row).unwrap_or(u32::MAX)
            }
            fn go(&mut self, cost: u32) {
                if self.budget == 0 || self.best.as_ref().is_some_and(|(b, _)| cost >= *b) {
                    return;
                }
                self.budget -= 1;
                let depth = self.current.len();
                let Some(&slot) = self.slots.get(depth) else {
                    self.best = Some((cost, self.current.clone()));
                    return;
                };
                for i in 0..self.row.len() {
                    if self.used.get(i).copied().unwrap_or(true) {
                        continue;
                    }
                    let Some(&p) = self.row.get(i) else { continue };
                    let c = self.meetings(p, slot);
                    self.used[i] = true;
                    self.current.push(p);
                    self.go(cost + c);
                    self.current.pop();
                    self.used[i] = false;
                }
            }
        }
        let mut s = Search {
            file: self,
            row,
            slots,
            poules,
            used: vec![false; row.len()],
            current: Vec::new(),
            best: None,
            budget: SEARCH_BUDGET,
        };
        // The first leaf reached is the serpentine itself; a better one replaces it only
        // with strictly fewer meetings, so equal ones keep the earliest.
        s.go(0);
        s.best.map_or_else(|| row.to_vec(), |(_, v)| v)
    }
}
