//! Players, their statistics, the club ranking, the handicap rule and the distance it
//! suggests. Figures are computed by the core (its `figures` module, whose types are
//! re-exported here) over the numbers the store keeps; carom-app maps the store's rows to
//! these types.

pub use carom_core::figures::{
    DisciplineStats, HeadToHead, MatchLine, Ranking, RankingQuery, RankingRow, TargetSuggestion,
};
use carom_core::{Discipline, Lang};
pub use carom_core::{HandicapRule, Outcome, RunCount, Trend};
use serde::{Deserialize, Serialize};

use crate::MatchRow;

/// A player of the roster (the club's list of people; a player *of a match* is
/// carom-core's `Player`, A or B).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterPlayer {
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
    pub player: RosterPlayer,
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

/// What the statistics screen asks for: a discipline, and dates as typed (`YYYY-MM-DD` or
/// empty; text, so that a bad date comes back as a code naming its field).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsFilter {
    /// One discipline, or none for all.
    pub discipline: Option<Discipline>,
    /// First day, as typed.
    pub from: Option<String>,
    /// Last day, as typed.
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

/// A player's statistics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// The player.
    pub player: RosterPlayer,
    /// The club's rule the handicap targets follow.
    pub handicap: HandicapRule,
    /// One entry per discipline played.
    pub disciplines: Vec<DisciplineStats>,
}

/// What the ranking screen asks for: a discipline, dates and a club as typed (text, so that
/// a bad date comes back as a code naming its field).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingFilter {
    /// The discipline ranked.
    pub discipline: Discipline,
    /// First day (`YYYY-MM-DD`), as typed.
    #[serde(default)]
    pub from: Option<String>,
    /// Last day, as typed.
    #[serde(default)]
    pub until: Option<String>,
    /// Only this club (a club's name, free text).
    #[serde(default)]
    pub club: Option<String>,
}

/// `club_ranking`: the club ranking of one discipline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubRanking {
    /// What to rank.
    pub request: RankingFilter,
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
    /// The player's name as typed (free text: a name not in the roster suggests nothing).
    pub player: String,
    /// The discipline.
    pub discipline: Discipline,
}

/// `export_player_stats_csv`: saves a player's statistics as CSV in the export folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportPlayerStatsCsv {
    /// The player.
    pub id: i64,
    /// What to count.
    pub request: StatsFilter,
    /// The headers' language.
    pub language: Lang,
}

/// `export_ranking_csv`: saves the club ranking as CSV in the export folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportRankingCsv {
    /// What to rank.
    pub request: RankingFilter,
    /// The headers' language.
    pub language: Lang,
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
    use carom_core::{Average, AverageRule, Discipline};
    use chrono::NaiveDate;
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
