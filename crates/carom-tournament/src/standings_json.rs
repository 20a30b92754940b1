//! The standings' JSON form, as `carambole tournament standings` prints it.

use carom_core::Average;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::bracket::{placings, Placing};
use crate::error::Error;
use crate::file::{Phase, TournamentFile};
use crate::rules::RuleSet;
use crate::standings::SHOWN;

/// The standings' JSON form, as `carambole tournament standings` prints it.
#[derive(Debug, Serialize)]
struct StandingsJson<'a> {
    tournament: &'a str,
    rules: RuleSet,
    poules: Vec<PouleJson<'a>>,
    knock_outs: Vec<KnockOutJson<'a>>,
}

#[derive(Debug, Serialize)]
struct PouleJson<'a> {
    phase: usize,
    poule: &'a str,
    rows: Vec<RowJson<'a>>,
}

#[derive(Debug, Serialize)]
struct RowJson<'a> {
    rank: u32,
    player: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    licence: Option<&'a str>,
    games: u32,
    match_points: u32,
    points: u64,
    innings: u64,
    general_average: Box<RawValue>,
    best_game_average: Option<Box<RawValue>>,
    high_run: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    share_of_distance: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    withdrawn: bool,
}

#[derive(Debug, Serialize)]
struct KnockOutJson<'a> {
    phase: usize,
    placings: Vec<PlacingJson<'a>>,
}

#[derive(Debug, Serialize)]
struct PlacingJson<'a> {
    rank: u32,
    player: &'a str,
}

fn decimal(a: Average) -> Box<RawValue> {
    // Three decimals of an integer: always a valid JSON number.
    RawValue::from_string(a.to_decimal_string()).unwrap_or_else(|_| Box::default())
}

impl TournamentFile {
    /// The standings as JSON: per poule its rows (rank, player, games, match points,
    /// points, innings, general average, best single-game average, high run; the share
    /// of his distance under the handicap rule set), then each knock-out's placings.
    /// Averages are numbers with exactly three decimals, cut.
    ///
    /// # Errors
    /// As [`TournamentFile::standings`].
    pub fn standings_json(&self, rules: RuleSet) -> Result<String, Error> {
        let standings = self.standings(rules)?;
        let name = |p: usize| self.players.get(p).map_or("", |e| e.name.as_str());
        let poules = standings
            .iter()
            .map(|s| PouleJson {
                phase: s.phase,
                poule: &s.poule,
                rows: s
                    .rows
                    .iter()
                    .map(|r| RowJson {
                        rank: r.rank,
                        player: name(r.player),
                        licence: self
                            .players
                            .get(r.player)
                            .and_then(|e| e.licence.as_deref()),
                        games: r.games,
                        match_points: r.match_points,
                        points: r.points,
                        innings: r.innings,
                        general_average: decimal(r.general_average()),
                        best_game_average: r.best_game_average().map(decimal),
                        high_run: r.high_run,
                        share_of_distance: (rules == RuleSet::Handicap)
                            .then(|| decimal(Average::new(r.points, r.distances, SHOWN))),
                        withdrawn: r.withdrawn,
                    })
                    .collect(),
            })
            .collect();
        let knock_outs = self
            .phases
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p {
                Phase::KnockOut(ko) => Some(KnockOutJson {
                    phase: i,
                    placings: placings(self, ko)
                        .into_iter()
                        .map(|Placing { rank, player }| PlacingJson {
                            rank,
                            player: name(player),
                        })
                        .collect(),
                }),
                Phase::RoundRobin(_) => None,
            })
            .collect();
        let json = StandingsJson {
            tournament: &self.name,
            rules,
            poules,
            knock_outs,
        };
        Ok(serde_json::to_string_pretty(&json).unwrap_or_default() + "\n")
    }
}
