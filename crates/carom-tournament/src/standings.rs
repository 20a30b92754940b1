//! The standings of each poule under a rule set, and their JSON form.
//!
//! Match points 2 / 1 / 0. Players equal on match points are then ordered by the rule
//! set's tie-breaks, every average compared as an exact fraction (cross-multiplied
//! integers, [`Average::cmp_ratio`]), never as a rounded decimal nor a float:
//!
//! - FFB: general average, then high run (meilleure série), then the games between the
//!   players still tied: their match points in those games only; when that splits a
//!   group in smaller groups, each is decided again by its own games (so two players
//!   left tied are decided by their own game), and a group it does not split stays tied;
//! - DBU: general average;
//! - UMB: general average, then high run;
//! - handicap: the share of his own distance, all his points over the sum of his
//!   distances in the games he played.
//!
//! Players still equal after every tie-break share the rank (1, 2, 2, 4) and are listed
//! in seeding order. A forfeit counts as a game won (2) and lost (0), with no points or
//! innings for either player: the averages count played games only.

use std::cmp::Ordering;

use carom_core::{Average, AverageRule};

use crate::error::{Error, ErrorCode};
use crate::file::{Figures, Phase, Poule, TournamentFile};
use crate::rules::{Counted, RuleSet, Withdrawal};

/// Averages are shown cut to three decimals (the match file's default).
pub(crate) const SHOWN: AverageRule = AverageRule::Truncate;

/// One player's line in a poule's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1 for the first; equal players share a rank.
    pub rank: u32,
    /// The player's index.
    pub player: usize,
    /// Games counted (played or forfeited).
    pub games: u32,
    /// Match points.
    pub match_points: u32,
    /// Points in the games played.
    pub points: u64,
    /// Innings in the games played.
    pub innings: u64,
    /// The sum of his own distances in the games played (the handicap share's divisor).
    pub distances: u64,
    /// The best single game: (points, innings), compared exactly.
    pub best_game: Option<(u32, u32)>,
    /// High run.
    pub high_run: u32,
    /// He withdrew.
    pub withdrawn: bool,
}

impl Row {
    /// The general average: all points over all innings.
    pub fn general_average(&self) -> Average {
        Average::new(self.points, self.innings, SHOWN)
    }

    /// The best single-game average.
    pub fn best_game_average(&self) -> Option<Average> {
        self.best_game
            .map(|(p, i)| Average::new(p.into(), i.into(), SHOWN))
    }
}

/// The standings of one poule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PouleStandings {
    /// The phase's index.
    pub phase: usize,
    /// The poule's name.
    pub poule: String,
    /// Its rows, best first.
    pub rows: Vec<Row>,
}

/// A game as the standings count it: the two players and how it counts.
#[derive(Debug, Clone, Copy)]
struct Counts {
    players: [usize; 2],
    counted: Counted,
}

impl TournamentFile {
    /// The standings of every poule of every round-robin phase under `rules` (the file's
    /// own [`TournamentFile::rules`], or another for comparison).
    ///
    /// # Errors
    /// [`ErrorCode::FiguresMissing`] at a result that names a match whose figures were
    /// not filled in ([`TournamentFile::fill_figures`]).
    pub fn standings(&self, rules: RuleSet) -> Result<Vec<PouleStandings>, Error> {
        let mut out = Vec::new();
        for (i, phase) in self.phases.iter().enumerate() {
            let Phase::RoundRobin(rr) = phase else {
                continue;
            };
            for (j, poule) in rr.poules.iter().enumerate() {
                let at = format!("phases[{i}].round-robin.poules[{j}]");
                let games = self.counted_games(poule, rules, &at)?;
                out.push(PouleStandings {
                    phase: i,
                    poule: poule.name.clone(),
                    rows: self.rank_poule(&poule.players, &games, rules),
                });
            }
        }
        Ok(out)
    }

    fn withdrawn(&self, p: usize) -> bool {
        self.players.get(p).is_some_and(|e| e.withdrawn)
    }

    fn counted_games(&self, poule: &Poule, rules: RuleSet, at: &str) -> Result<Vec<Counts>, Error> {
        let mut out = Vec::new();
        for (k, g) in poule.games.iter().enumerate() {
            let [a, b] = match g.players.as_slice() {
                [a, b] => [*a, *b],
                _ => continue,
            };
            let gone = [self.withdrawn(a), self.withdrawn(b)];
            if rules.withdrawal() == Withdrawal::AnnulAll && (gone[0] || gone[1]) {
                continue;
            }
            let counted = match &g.result {
                Some(r) => self.counted([a, b], r).ok_or_else(|| {
                    Error::at(ErrorCode::FiguresMissing, format!("{at}.games[{k}].result"))
                })?,
                // A game left by a withdrawn player is lost by forfeit; between two
                // withdrawn players it is not played.
                None => match gone {
                    [true, false] => Counted::Forfeit(0),
                    [false, true] => Counted::Forfeit(1),
                    _ => continue,
                },
            };
            out.push(Counts {
                players: [a, b],
                counted,
            });
        }
        Ok(out)
    }

    fn rank_poule(&self, players: &[usize], games: &[Counts], rules: RuleSet) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .seed_order(players)
            .into_iter()
            .map(|p| Row {
                rank: 0,
                player: p,
                games: 0,
                match_points: 0,
                points: 0,
                innings: 0,
                distances: 0,
                best_game: None,
                high_run: 0,
                withdrawn: self.withdrawn(p),
            })
            .collect();
        for g in games {
            let outcome = g.counted.outcome();
            for side in 0..2 {
                let Some(row) = rows
                    .iter_mut()
                    .find(|r| Some(&r.player) == g.players.get(side))
                else {
                    continue;
                };
                row.games += 1;
                row.match_points += outcome.match_points(side);
                if let Counted::Played(f, _) = g.counted {
                    let Some(x) = f.get(side) else { continue };
                    add_played(row, *x, self.distance_of(row.player));
                }
            }
        }
        let annul = rules.withdrawal() == Withdrawal::AnnulAll;
        rows.sort_by(|a, b| {
            let gone = if annul {
                a.withdrawn.cmp(&b.withdrawn)
            } else {
                Ordering::Equal
            };
            gone.then(base_order(a, b, rules))
        });
        // FFB: the games between the players still tied, and the chain of their mini
        // match points that tells tied rows apart (empty elsewhere).
        let mut keys: Vec<Vec<u32>> = vec![Vec::new(); rows.len()];
        if rules == RuleSet::Ffb {
            let mut start = 0;
            while start < rows.len() {
                let end = (start..rows.len())
                    .find(|&e| base_order(&rows[start], &rows[e], rules) != Ordering::Equal)
                    .unwrap_or(rows.len());
                if end - start > 1 {
                    let ordered = head_to_head(rows[start..end].to_vec(), games);
                    let (group, chains): (Vec<Row>, Vec<Vec<u32>>) = ordered.into_iter().unzip();
                    rows.splice(start..end, group);
                    keys.splice(start..end, chains);
                }
                start = end;
            }
        }
        let mut ranked: Vec<Row> = Vec::with_capacity(rows.len());
        for (i, mut row) in rows.into_iter().enumerate() {
            row.rank = match ranked.last() {
                Some(prev)
                    if (!annul || prev.withdrawn == row.withdrawn)
                        && base_order(prev, &row, rules) == Ordering::Equal
                        && keys.get(i - 1) == keys.get(i) =>
                {
                    prev.rank
                }
                _ => u32::try_from(i + 1).unwrap_or(u32::MAX),
            };
            ranked.push(row);
        }
        ranked
    }
}

fn add_played(row: &mut Row, x: Figures, distance: u32) {
    row.points += u64::from(x.points);
    row.innings += u64::from(x.innings);
    row.distances += u64::from(distance);
    row.high_run = row.high_run.max(x.high_run);
    let better = |a: (u32, u32), b: (u32, u32)| {
        Average::cmp_ratio(a.0.into(), a.1.into(), b.0.into(), b.1.into()).is_gt()
    };
    let game = (x.points, x.innings);
    if row.best_game.is_none_or(|b| better(game, b)) {
        row.best_game = Some(game);
    }
}

/// Match points, then the rule set's figures (not the games between tied players).
fn base_order(a: &Row, b: &Row, rules: RuleSet) -> Ordering {
    let mp = b.match_points.cmp(&a.match_points);
    let ga = || Average::cmp_ratio(b.points, b.innings, a.points, a.innings);
    let hr = || b.high_run.cmp(&a.high_run);
    match rules {
        RuleSet::Ffb | RuleSet::Umb => mp.then_with(ga).then_with(hr),
        RuleSet::Dbu => mp.then_with(ga),
        RuleSet::Handicap => {
            mp.then_with(|| Average::cmp_ratio(b.points, b.distances, a.points, a.distances))
        }
    }
}

/// Match points of each of `group` in the games between them.
fn mini_points(group: &[usize], games: &[Counts]) -> Vec<u32> {
    group
        .iter()
        .map(|&p| {
            games
                .iter()
                .filter(|g| g.players.iter().all(|q| group.contains(q)))
                .filter_map(|g| {
                    let side = g.players.iter().position(|&q| q == p)?;
                    Some(g.counted.outcome().match_points(side))
                })
                .sum()
        })
        .collect()
}

/// Orders a group tied on the base order by the games between them, recursively; each
/// row comes with the chain of mini match points that placed it (equal chains: still
/// tied).
fn head_to_head(group: Vec<Row>, games: &[Counts]) -> Vec<(Row, Vec<u32>)> {
    let ids: Vec<usize> = group.iter().map(|r| r.player).collect();
    let pts = mini_points(&ids, games);
    let mut with: Vec<(Row, u32)> = group.into_iter().zip(pts).collect();
    with.sort_by_key(|b| std::cmp::Reverse(b.1));
    let mut out = Vec::new();
    let mut start = 0;
    let n = with.len();
    while start < n {
        let end = (start..n)
            .find(|&e| with[e].1 != with[start].1)
            .unwrap_or(n);
        let sub: Vec<(Row, u32)> = with[start..end].to_vec();
        let key = sub.first().map_or(0, |s| s.1);
        if sub.len() > 1 && sub.len() < n {
            for (r, mut chain) in head_to_head(sub.into_iter().map(|(r, _)| r).collect(), games) {
                chain.insert(0, key);
                out.push((r, chain));
            }
        } else {
            out.extend(sub.into_iter().map(|(r, _)| (r, vec![key])));
        }
        start = end;
    }
    out
}
