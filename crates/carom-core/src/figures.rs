//! A player's figures over many matches: how a match ended for him, the running totals of
//! a record (the tallies), the trend of his match averages, the club's handicap rule and
//! the distance it gives, and the order of a ranking.
//!
//! Pure functions over numbers: the store fetches the numbers from its summaries and
//! calls these, so every derived figure is computed once, here (DESIGN.md).

use std::cmp::Ordering;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::setup::MAX_TARGET;
use crate::{Average, AverageRule, Discipline, Match, Player, Winner};

/// How a match ended for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// He won.
    Won,
    /// A draw.
    Drawn,
    /// He lost.
    Lost,
}

impl Outcome {
    /// How match `m` ended for player `p`; `None` while it is not over.
    pub fn of(m: &Match, p: Player) -> Option<Outcome> {
        m.result().map(|r| match r.winner {
            Winner::Player(w) if w == p => Outcome::Won,
            Winner::Player(_) => Outcome::Lost,
            Winner::Draw => Outcome::Drawn,
        })
    }
}

/// The club rule that turns a general average into a handicap distance (R-FMT-1):
/// `max(minimum, round(average × factor))`, the average cut to 3 decimals by the
/// match's rule and the product rounded half up. Stored as settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandicapRule {
    /// The multiplier (Dutch club practice: 30).
    pub factor: u32,
    /// The smallest distance (Dutch club practice: 25).
    pub minimum: u32,
}

impl HandicapRule {
    /// The largest factor accepted.
    pub const MAX_FACTOR: u32 = 1000;
    /// The largest minimum accepted: the longest distance a match may have.
    pub const MAX_MINIMUM: u32 = MAX_TARGET;

    /// The distance this rule gives a player whose average is `average`.
    pub fn target(self, average: &Average) -> u32 {
        average.handicap_target(self.factor, self.minimum)
    }
}

impl Default for HandicapRule {
    fn default() -> Self {
        HandicapRule {
            factor: 30,
            minimum: 25,
        }
    }
}

/// How often a run of this length was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunCount {
    /// The run.
    pub run: u32,
    /// How many times.
    pub count: u64,
}

/// The runs made, by length, from counts indexed by the run's length; lengths never made
/// are left out.
pub fn run_counts(counts: &[u64]) -> Vec<RunCount> {
    counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(run, &count)| RunCount {
            run: u32::try_from(run).unwrap_or(u32::MAX),
            count,
        })
        .collect()
}

/// The least-squares line of a player's match averages: `intercept + slope × i`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Trend {
    /// Change of the average per match.
    pub slope: f64,
    /// The line's value at the first match.
    pub intercept: f64,
}

impl Trend {
    /// The least-squares line through `(i, ys[i])` (`average ≈ intercept + slope × i` for
    /// the `i`-th match, 0 = the oldest); `None` for fewer than two points.
    pub fn fit(ys: &[f64]) -> Option<Trend> {
        if ys.len() < 2 {
            return None;
        }
        let n = ys.len() as f64;
        let mean_x = (n - 1.0) / 2.0;
        let mean_y = ys.iter().sum::<f64>() / n;
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for (i, y) in ys.iter().enumerate() {
            let dx = i as f64 - mean_x;
            sxy += dx * (y - mean_y);
            sxx += dx * dx;
        }
        let slope = sxy / sxx;
        Some(Trend {
            slope,
            intercept: mean_y - slope * mean_x,
        })
    }
}

/// Running totals of a record: one player's matches in one discipline, or against one
/// opponent, or on one ranking line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Matches counted.
    pub matches: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Points.
    pub points: u64,
    /// Innings.
    pub innings: u64,
    /// High run.
    pub high_run: u32,
    /// The best game (points, innings), compared exactly.
    pub best: Option<(u32, u32)>,
    /// How the averages are cut (the last match's rule).
    pub rule: AverageRule,
}

impl Tally {
    /// Counts one match: its points, innings, high run, best game (points, innings) and
    /// outcome (`None`: unfinished).
    pub fn add(
        &mut self,
        points: u32,
        innings: u32,
        high_run: u32,
        best: (u32, u32),
        outcome: Option<Outcome>,
    ) {
        self.matches += 1;
        self.points += u64::from(points);
        self.innings += u64::from(innings);
        self.high_run = self.high_run.max(high_run);
        let better = |a: (u32, u32), b: (u32, u32)| {
            Average::cmp_ratio(a.0.into(), a.1.into(), b.0.into(), b.1.into()).is_gt()
        };
        if best.1 > 0 && self.best.is_none_or(|b| better(best, b)) {
            self.best = Some(best);
        }
        match outcome {
            Some(Outcome::Won) => self.won += 1,
            Some(Outcome::Drawn) => self.drawn += 1,
            Some(Outcome::Lost) => self.lost += 1,
            None => {}
        }
    }

    /// The general average: all points over all innings.
    pub fn general_average(&self) -> Average {
        Average::new(self.points, self.innings, self.rule)
    }

    /// The best game average (`None` before a game with an inning).
    pub fn best_game_average(&self) -> Option<Average> {
        self.best
            .map(|(p, i)| Average::new(p.into(), i.into(), self.rule))
    }

    /// Innings per match, in thousandths (0 without a match).
    pub fn innings_per_match_thousandths(&self) -> u64 {
        self.innings * 1000 / u64::from(self.matches.max(1))
    }
}

/// The ranking's order of two records given as (points, innings): the better general
/// average first, compared exactly; at equal averages, more points first. Callers break
/// remaining ties by name.
pub fn ranking_order(a: (u64, u64), b: (u64, u64)) -> Ordering {
    Average::cmp_ratio(b.0, b.1, a.0, a.1).then(b.0.cmp(&a.0))
}

/// The ranks of records (points, innings) already in [`ranking_order`]: from 1, equal
/// general averages sharing one rank (the next rank then skips: 1, 1, 3).
pub fn shared_ranks(sorted: &[(u64, u64)]) -> Vec<u32> {
    let mut ranks = Vec::with_capacity(sorted.len());
    let mut rank = 0;
    let mut previous: Option<(u64, u64)> = None;
    for (i, &(p, n)) in sorted.iter().enumerate() {
        let same = previous.is_some_and(|(pp, pn)| Average::cmp_ratio(pp, pn, p, n).is_eq());
        if !same {
            rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
        }
        ranks.push(rank);
        previous = Some((p, n));
    }
    ranks
}

// What the figures are shown as: the statistics and ranking screens, the CLI's JSON and
// CSV. Defined here, beside what computes them, so that the store fills them and the wire
// (carom-api re-exports them) carries them as they are: one type per figure.

/// One match of a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchLine {
    /// The match.
    pub match_id: i64,
    /// The day it was played (`YYYY-MM-DD` on the wire).
    pub played_on: NaiveDate,
    /// The opponent.
    pub opponent_id: i64,
    /// Points.
    pub points: u32,
    /// Innings.
    pub innings: u32,
    /// Average.
    pub average: Average,
    /// High run.
    pub high_run: u32,
    /// Won, drawn or lost (`None`: unfinished).
    pub outcome: Option<Outcome>,
}

/// A player's record against one opponent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadToHead {
    /// The opponent.
    pub opponent_id: i64,
    /// His name.
    pub opponent: String,
    /// Matches played.
    pub matches: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Points.
    pub points: u64,
    /// Innings.
    pub innings: u64,
    /// General average against him.
    pub general_average: Average,
}

/// A player's figures in one discipline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DisciplineStats {
    /// The discipline.
    pub discipline: Discipline,
    /// Matches.
    pub matches: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Points.
    pub points: u64,
    /// Innings.
    pub innings: u64,
    /// General average.
    pub general_average: Average,
    /// Best game average.
    pub best_game_average: Option<Average>,
    /// High run.
    pub high_run: u32,
    /// Innings per match, thousandths.
    pub innings_per_match_thousandths: u64,
    /// Runs by length.
    pub runs: Vec<RunCount>,
    /// The last outcomes, oldest first.
    pub form: Vec<Outcome>,
    /// The average over those matches.
    pub form_average: Average,
    /// Against each opponent.
    pub head_to_head: Vec<HeadToHead>,
    /// Each match, oldest first.
    pub match_lines: Vec<MatchLine>,
    /// The trend of the match averages.
    pub trend: Option<Trend>,
    /// The distance the club's handicap rule gives him.
    pub handicap_target: u32,
}

/// The ranking asked for, as checked: one discipline, an optional date range
/// (inclusive) and club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingQuery {
    /// The discipline.
    pub discipline: Discipline,
    /// Played on or after this day (`YYYY-MM-DD` on the wire).
    #[serde(default)]
    pub from: Option<NaiveDate>,
    /// Played on or before this day.
    #[serde(default)]
    pub until: Option<NaiveDate>,
    /// Only players of this club (case-insensitive); all players without.
    #[serde(default)]
    pub club: Option<String>,
}

/// One line of the ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingRow {
    /// Rank, from 1 (equal figures share one).
    pub rank: u32,
    /// The player.
    pub player_id: i64,
    /// His name.
    pub name: String,
    /// His club.
    pub club: String,
    /// Matches.
    pub matches: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Points.
    pub points: u64,
    /// Innings.
    pub innings: u64,
    /// General average.
    pub general_average: Average,
    /// Best game average.
    pub best_game_average: Option<Average>,
    /// High run.
    pub high_run: u32,
    /// The club's handicap distance for him.
    pub handicap_target: u32,
}

/// The club ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranking {
    /// What was ranked.
    pub query: RankingQuery,
    /// The club's handicap rule.
    pub handicap: HandicapRule,
    /// Best first.
    pub rows: Vec<RankingRow>,
}

/// A suggested distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetSuggestion {
    /// The player it is for.
    pub player_id: i64,
    /// The distance.
    pub target: u32,
    /// The recent average it comes from.
    pub average: Average,
    /// The matches that average covers.
    pub matches: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_handicap_is_the_average_times_the_factor_rounded_with_a_minimum() {
        let rule = HandicapRule::default();
        // 0.812 × 30 = 24.36 → 24 → the minimum, 25.
        assert_eq!(
            rule.target(&Average::new(812, 1000, AverageRule::Truncate)),
            25
        );
        // 1.250 × 30 = 37.5 → rounded half up, 38.
        assert_eq!(rule.target(&Average::new(5, 4, AverageRule::Truncate)), 38);
        // 2/3 truncated is 0.666: × 40 = 26.64 → 27.
        let forty = HandicapRule {
            factor: 40,
            minimum: 10,
        };
        assert_eq!(forty.target(&Average::new(2, 3, AverageRule::Truncate)), 27);
    }

    #[test]
    fn the_default_handicap_rule_is_the_dutch_club_practice() {
        assert_eq!(
            serde_json::to_value(HandicapRule::default()).unwrap(),
            serde_json::json!({"factor": 30, "minimum": 25})
        );
    }

    #[test]
    fn the_trend_is_the_least_squares_line() {
        // Points (0,1), (1,2), (2,2), (3,3): mean x 1.5, mean y 2;
        // Sxy = (-1.5)(-1) + (-0.5)(0) + (0.5)(0) + (1.5)(1) = 3; Sxx = 2.25+0.25+0.25+2.25 = 5.
        let t = Trend::fit(&[1.0, 2.0, 2.0, 3.0]).unwrap();
        assert!((t.slope - 0.6).abs() < 1e-12, "{t:?}");
        assert!((t.intercept - 1.1).abs() < 1e-12, "{t:?}");
        assert_eq!(Trend::fit(&[1.0]), None);
    }

    #[test]
    fn a_tally_sums_matches_keeps_the_best_game_exactly_and_counts_outcomes() {
        let mut t = Tally::default();
        t.add(30, 20, 5, (30, 20), Some(Outcome::Won));
        // 2/3 and 20/30 are equal: the first best game stays.
        t.add(2, 3, 2, (2, 3), Some(Outcome::Lost));
        t.add(20, 30, 9, (20, 30), None);
        // A game without an inning is no best game.
        t.add(0, 0, 0, (0, 0), Some(Outcome::Drawn));
        assert_eq!((t.matches, t.won, t.drawn, t.lost), (4, 1, 1, 1));
        assert_eq!((t.points, t.innings, t.high_run), (52, 53, 9));
        assert_eq!(t.best, Some((30, 20)));
        assert_eq!(t.general_average().thousandths, 981);
        assert_eq!(t.best_game_average().map(|a| a.thousandths), Some(1500));
        assert_eq!(t.innings_per_match_thousandths(), 13_250);
        assert_eq!(Tally::default().innings_per_match_thousandths(), 0);
        assert_eq!(Tally::default().best_game_average(), None);
    }

    #[test]
    fn runs_never_made_are_left_out_of_the_counts() {
        assert_eq!(
            run_counts(&[0, 3, 0, 1]),
            vec![RunCount { run: 1, count: 3 }, RunCount { run: 3, count: 1 }]
        );
    }

    #[test]
    fn equal_averages_share_a_rank_and_more_points_come_first() {
        let mut rows = vec![(10, 10), (30, 10), (20, 20), (15, 5)];
        rows.sort_by(|a, b| ranking_order(*a, *b));
        assert_eq!(rows, vec![(30, 10), (15, 5), (20, 20), (10, 10)]);
        assert_eq!(shared_ranks(&rows), vec![1, 1, 3, 3]);
        assert!(shared_ranks(&[]).is_empty());
    }
}
