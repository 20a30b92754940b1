//! Players, their statistics, the club ranking, the handicap rule and the distance it
//! suggests. Figures are computed by the core (its `figures` module, whose types are
//! re-exported here) over the numbers the store keeps; carom-app maps the store's rows to
//! these types.

use carom_core::{Average, Discipline};
pub use carom_core::{HandicapRule, Outcome, RunCount, Trend};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::MatchRow;

/// A player of the roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Database id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Club (empty if none).
    pub club: String,
    /// Licence number (empty if none).
    pub licence: String,
    /// Free notes (empty if none).
    pub notes: String,
}

/// A player as typed in the player form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Name (required).
    pub name: String,
    /// Club.
    #[serde(default)]
    pub club: String,
    /// Licence number.
    #[serde(default)]
    pub licence: String,
    /// Notes (line breaks allowed).
    #[serde(default)]
    pub notes: String,
}

/// `list_players`: players whose name contains `search` (all without), by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListPlayers {
    /// Part of a name.
    #[serde(default)]
    pub search: Option<String>,
}

/// `add_player`: adds a player (or updates the one with the same name and club).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddPlayer {
    /// The form.
    pub info: PlayerInfo,
}

/// `update_player`: changes a player's name, club, licence number and notes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpdatePlayer {
    /// The player.
    pub id: i64,
    /// The form.
    pub info: PlayerInfo,
}

/// `merge_players`: merges player `merged` into player `kept`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MergePlayers {
    /// The player kept.
    pub kept: i64,
    /// The player merged into him (then removed).
    pub merged: i64,
}

/// Two players merged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Merged {
    /// The player kept.
    pub player: Player,
    /// Matches moved to him.
    pub matches_moved: u32,
}

/// `player_matches`: a page of a player's matches, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerMatches {
    /// The player.
    pub id: i64,
    /// 0-based page.
    pub page: u32,
}

/// A page of matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryPage {
    /// The matches, newest first.
    pub matches: Vec<MatchRow>,
    /// The page number.
    pub page: u32,
    /// Whether a next page exists.
    pub has_more: bool,
}

/// What the statistics screen asks for, as typed (dates `YYYY-MM-DD` or empty).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsFilter {
    /// A discipline id, or none for all.
    pub discipline: Option<String>,
    /// First day.
    pub from: Option<String>,
    /// Last day.
    pub until: Option<String>,
}

/// `player_stats`: a player's statistics per discipline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GetPlayerStats {
    /// The player.
    pub id: i64,
    /// What to count.
    pub request: StatsFilter,
}

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

/// A player's statistics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// The player.
    pub player: Player,
    /// The club's rule the handicap targets follow.
    pub handicap: HandicapRule,
    /// One entry per discipline played.
    pub disciplines: Vec<DisciplineStats>,
}

/// What the ranking screen asks for, as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RankingFilter {
    /// A discipline id (required).
    pub discipline: String,
    /// First day (`YYYY-MM-DD`).
    pub from: Option<String>,
    /// Last day.
    pub until: Option<String>,
    /// Only this club.
    pub club: Option<String>,
}

/// `club_ranking`: the club ranking of one discipline.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubRanking {
    /// What to rank.
    pub request: RankingFilter,
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

/// `get_handicap_rule`: the club's handicap rule.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GetHandicapRule {}

/// `set_handicap_rule`: stores the club's handicap rule (wide integers, so that an
/// out-of-range number is answered with a code naming the field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetHandicapRule {
    /// The multiplier.
    pub factor: i64,
    /// The smallest distance.
    pub minimum: i64,
}

/// `suggest_target`: the distance the club's rule suggests for a player in a discipline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuggestTarget {
    /// The player's name as typed.
    pub player: String,
    /// A discipline id.
    pub discipline: String,
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

/// `export_player_stats_csv`: saves a player's statistics as CSV in the export folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportPlayerStatsCsv {
    /// The player.
    pub id: i64,
    /// What to count.
    pub request: StatsFilter,
    /// The headers' language.
    pub language: String,
}

/// `export_ranking_csv`: saves the club ranking as CSV in the export folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportRankingCsv {
    /// What to rank.
    pub request: RankingFilter,
    /// The headers' language.
    pub language: String,
}

/// Where an export was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exported {
    /// The file.
    pub path: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use carom_core::AverageRule;
    use serde_json::json;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_match_line_carries_its_day_as_the_iso_string_the_ui_reads() {
        let line = MatchLine {
            match_id: 7,
            played_on: day("2025-01-10"),
            opponent_id: 3,
            points: 30,
            innings: 24,
            average: Average::new(30, 24, AverageRule::Truncate),
            high_run: 6,
            outcome: Some(Outcome::Won),
        };
        let wire = serde_json::to_value(&line).unwrap();
        assert_eq!(
            wire,
            json!({
                "match_id": 7,
                "played_on": "2025-01-10",
                "opponent_id": 3,
                "points": 30,
                "innings": 24,
                "average": {"points": 30, "innings": 24, "thousandths": 1250},
                "high_run": 6,
                "outcome": "won",
            })
        );
        assert_eq!(serde_json::from_value::<MatchLine>(wire).unwrap(), line);
    }

    #[test]
    fn a_ranking_query_carries_its_days_as_iso_strings_or_null() {
        let q = RankingQuery {
            discipline: Discipline::ThreeCushion,
            from: Some(day("2026-03-01")),
            until: None,
            club: Some("Ghent".into()),
        };
        let wire = serde_json::to_value(&q).unwrap();
        assert_eq!(wire["from"], "2026-03-01");
        assert_eq!(wire["until"], serde_json::Value::Null);
        assert_eq!(wire["club"], "Ghent");
        assert_eq!(wire.as_object().unwrap().len(), 4);
        assert_eq!(serde_json::from_value::<RankingQuery>(wire).unwrap(), q);
        // Absent dates and club read as none.
        let bare: RankingQuery =
            serde_json::from_value(json!({"discipline": wire_discipline(&q)})).unwrap();
        assert_eq!((bare.from, bare.until, bare.club), (None, None, None));
    }

    fn wire_discipline(q: &RankingQuery) -> serde_json::Value {
        serde_json::to_value(q.discipline).unwrap()
    }
}
