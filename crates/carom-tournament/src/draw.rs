//! The draw of the poules: serpentine on the seeding figure, club mates kept apart.
//!
//! The players, best seed first, are dealt row by row: row 1 to poules A, B, C…, row 2
//! back from the last poule to A, and so on (seeds 1-2-3 / 6-5-4 / 7-8-9 for three
//! poules). Two players of one club in one poule are then avoided where possible by
//! exchanging players **within their row** only, so each poule keeps one player of each
//! seeding level: of the row's possible assignments, the one with the fewest new club
//! meetings is taken, and of those the one that moves players least from the
//! serpentine (the sum of how many places each moved), found exactly as an assignment
//! problem (the Hungarian method). Rows are settled top row first. No randomness: the
//! same players give the same draw.

use crate::error::{Error, ErrorCode};
use crate::file::{Seeding, TournamentFile};

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

    /// The row's players in the order of `slots`: fewest new club meetings, then the
    /// least moved from the serpentine.
    fn best_row(&self, row: &[usize], slots: &[usize], poules: &[Vec<usize>]) -> Vec<usize> {
        let n = row.len();
        let meetings = |p: usize, slot: usize| -> i64 {
            let Some(club) = self.club_of(p) else {
                return 0;
            };
            let m = poules
                .get(slot)
                .into_iter()
                .flatten()
                .filter(|&&q| self.club_of(q) == Some(club))
                .count();
            i64::try_from(m).unwrap_or(i64::MAX / 4)
        };
        // A meeting outweighs any displacement: the total displacement is below n².
        let weight = i64::try_from(n * n + 1).unwrap_or(i64::MAX / 4);
        let cost: Vec<Vec<i64>> = row
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                slots
                    .iter()
                    .enumerate()
                    .map(|(s, &slot)| {
                        let moved = i64::try_from(i.abs_diff(s)).unwrap_or(0);
                        meetings(p, slot)
                            .saturating_mul(weight)
                            .saturating_add(moved)
                    })
                    .collect()
            })
            .collect();
        let slot_of = assignment(&cost);
        let mut out = row.to_vec();
        for (i, &s) in slot_of.iter().enumerate() {
            if let (Some(o), Some(&p)) = (out.get_mut(s), row.get(i)) {
                *o = p;
            }
        }
        out
    }
}

/// The assignment of rows to columns of least total cost in a square matrix (the
/// Hungarian method with potentials, O(n³)): `result[row] = column`.
fn assignment(cost: &[Vec<i64>]) -> Vec<usize> {
    let n = cost.len();
    let at = |i: usize, j: usize| cost.get(i).and_then(|r| r.get(j)).copied().unwrap_or(0);
    const INF: i64 = i64::MAX / 4;
    // 1-based as the method is usually written; index 0 is the virtual start.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; n + 1];
    let mut p = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![INF; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = INF;
            let mut j1 = 0;
            for j in 1..=n {
                if !used[j] {
                    let cur = at(i0 - 1, j - 1) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut result = vec![0; n];
    for j in 1..=n {
        if let Some(r) = p
            .get(j)
            .and_then(|&i| i.checked_sub(1))
            .and_then(|i| result.get_mut(i))
        {
            *r = j - 1;
        }
    }
    result
}
