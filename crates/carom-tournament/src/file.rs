//! The tournament file `carambole-tournament/1`: its types, read strictly and written
//! back unchanged. Documented in `docs/tournament-file.md`.

use carom_core::Discipline;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use crate::value::{ClockTime, Decimal3};

use crate::error::{Error, ErrorCode};
use crate::kinds::{PlayOrder, RuleSet};

/// The one version of the tournament file.
pub const FORMAT: &str = "carambole-tournament/1";

/// The largest file read, as the match file's bound (a tournament of 64 players with
/// every game and correction is well under 1 MiB).
pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;

/// A whole tournament: set-up, players, phases with their games and results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The tournament's name.
    pub name: String,
    /// The day it is played (`YYYY-MM-DD`).
    pub date: NaiveDate,
    /// When the first game starts (`HH:MM`), the time of games without their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<ClockTime>,
    /// The discipline of every game.
    pub discipline: Discipline,
    /// The distance of every player, or `null` when each player has his own
    /// ([`Entrant::distance`], a handicap tournament).
    pub distance: Option<u32>,
    /// The innings limit of every game, or `null`.
    pub innings_limit: Option<u32>,
    /// Whether the second player gets his equalizing inning.
    pub equalizing_inning: bool,
    /// The rule set of the standings.
    pub rules: RuleSet,
    /// The players; everything else names them by their index here (0-based).
    pub players: Vec<Entrant>,
    /// The phases, in the order they are played.
    pub phases: Vec<Phase>,
}

/// One player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// The club roster's id of the player, when he comes from the roster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// His name as the sheets print it.
    pub name: String,
    /// His federation licence number (the DBU's ClubCloud id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub licence: Option<String>,
    /// His club (kept apart from his club mates in the draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// What the draw seeds him by.
    pub seeding: Seeding,
    /// His own distance (handicap), when the tournament has none for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance: Option<u32>,
    /// He withdrew: his games without a result are lost by forfeit (see
    /// [`RuleSet::withdrawal`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
}

/// The figure a player is seeded by; all players of a tournament use one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Seeding {
    /// A ranking position: 1 is the best.
    Ranking(u32),
    /// An average: the higher the better.
    Average(Decimal3),
}

/// A phase of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Phase {
    /// Poules: each player meets every other player of his poule once.
    RoundRobin(RoundRobin),
    /// Knock-out rounds (a final phase, or the whole tournament).
    KnockOut(KnockOut),
}

/// A phase of poules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRobin {
    /// The order of play of the poules' games.
    pub order: PlayOrder,
    /// The poules.
    pub poules: Vec<Poule>,
}

/// One poule: its players in their draw positions (1st listed is position 1) and games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Poule {
    /// Its name, `A`, `B`, …
    pub name: String,
    /// The players by index, in draw position order.
    pub players: Vec<usize>,
    /// The games, in the order of play.
    pub games: Vec<Game>,
}

/// A knock-out phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnockOut {
    /// A match for third place, or the semi-finals' losers share third.
    pub third_place: ThirdPlace,
    /// The rounds, first to last; the third-place match is a round of its own.
    pub rounds: Vec<Round>,
}

/// How third place is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThirdPlace {
    /// The semi-finals' losers play for it.
    Match,
    /// The semi-finals' losers are both third.
    Shared,
}

/// One knock-out round: its games in bracket order (a game with one player is a bye:
/// the player goes through). The next round pairs the winners in that order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// Which round.
    pub round: RoundKind,
    /// The games in bracket order.
    pub games: Vec<Game>,
}

/// The rounds of a knock-out, named by the players left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundKind {
    /// 32 places.
    #[serde(rename = "round-of-32")]
    RoundOf32,
    /// 16 places.
    #[serde(rename = "round-of-16")]
    RoundOf16,
    /// 8 places.
    QuarterFinal,
    /// 4 places.
    SemiFinal,
    /// The semi-finals' losers.
    ThirdPlace,
    /// 2 places.
    Final,
}

impl RoundKind {
    /// The round of a bracket with `places` places (a power of two, 2..=32).
    pub fn of_places(places: usize) -> Option<RoundKind> {
        Some(match places {
            32 => RoundKind::RoundOf32,
            16 => RoundKind::RoundOf16,
            8 => RoundKind::QuarterFinal,
            4 => RoundKind::SemiFinal,
            2 => RoundKind::Final,
            _ => return None,
        })
    }

    /// The identifier written in the file.
    pub const fn id(self) -> &'static str {
        match self {
            RoundKind::RoundOf32 => "round-of-32",
            RoundKind::RoundOf16 => "round-of-16",
            RoundKind::QuarterFinal => "quarter-final",
            RoundKind::SemiFinal => "semi-final",
            RoundKind::ThirdPlace => "third-place",
            RoundKind::Final => "final",
        }
    }
}

/// One game between two players (one player: a bye of a knock-out round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The players by index; the first is "J1"/"P1" of the federation files.
    pub players: Vec<usize>,
    /// The table it is (or was) played on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// When it started (`HH:MM`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<ClockTime>,
    /// Its result, once played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Every result this one replaced, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<Correction>,
}

/// A game's result: the figures of a signed match (`match_id`), figures typed by hand
/// (`entered_by`), or a forfeit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The signed match this result is, in the club's store.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<String>,
    /// Who typed the result (a game played on paper, a forfeit, a correction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered_by: Option<String>,
    /// Points of each player, in the order of [`Game::players`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<[u32; 2]>,
    /// Innings of each player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub innings: Option<[u32; 2]>,
    /// High run of each player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high_run: Option<[u32; 2]>,
    /// The player (0 or 1 in [`Game::players`]) who lost by forfeit; no figures then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<usize>,
    /// The winner (0 or 1) of the tie-break of a drawn knock-out game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<usize>,
}

/// A result replaced by a later one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    /// The result as it stood before.
    pub replaced: GameResult,
    /// Who replaced it.
    pub corrected_by: String,
}

/// One player's figures in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Figures {
    /// Points.
    pub points: u32,
    /// Innings.
    pub innings: u32,
    /// High run.
    pub high_run: u32,
}

impl Game {
    /// Sets the game's result; a result it replaces is kept among the corrections, with
    /// who replaced it.
    pub fn enter(&mut self, result: GameResult, by: &str) {
        if let Some(replaced) = self.result.replace(result) {
            self.corrections.push(Correction {
                replaced,
                corrected_by: by.to_owned(),
            });
        }
    }
}

impl GameResult {
    /// The figures of player `side` (0 or 1), when the result has them.
    pub fn figures(&self, side: usize) -> Option<Figures> {
        Some(Figures {
            points: *self.points?.get(side)?,
            innings: *self.innings?.get(side)?,
            high_run: *self.high_run?.get(side)?,
        })
    }
}

impl TournamentFile {
    /// Reads and checks a tournament file.
    ///
    /// # Errors
    /// The first thing wrong, with its JSON path: a text above [`MAX_FILE_BYTES`], a
    /// JSON or serde error (unknown or missing field, wrong type), an unsupported
    /// `format`, or a check of
    /// [`TournamentFile::check`].
    pub fn parse(text: &str) -> Result<TournamentFile, Error> {
        if text.len() > MAX_FILE_BYTES {
            return Err(Error::at(ErrorCode::FileTooLarge, "."));
        }
        // The version first: a later version's new fields are `unsupported-format`, not
        // `unknown-field`.
        #[derive(Deserialize)]
        struct Head {
            format: Option<serde_json::Value>,
        }
        let head: Head = serde_json::from_str(text).map_err(|e| json_error(".".into(), e))?;
        if head.format.as_ref().and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(Error::at(ErrorCode::UnsupportedFormat, "format"));
        }
        let mut de = serde_json::Deserializer::from_str(text);
        let file: TournamentFile = serde_path_to_error::deserialize(&mut de)
            .map_err(|e| json_error(e.path().to_string(), e.into_inner()))?;
        de.end().map_err(|e| json_error(".".into(), e))?;
        file.check()?;
        Ok(file)
    }

    /// The file as JSON, pretty-printed; [`TournamentFile::parse`] reads it back equal.
    pub fn to_json(&self) -> String {
        // Serializing these types cannot fail: no map keys, no non-finite floats.
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// The distance of player `p` (his own, or the tournament's).
    pub fn distance_of(&self, p: usize) -> u32 {
        self.distance
            .or_else(|| self.players.get(p).and_then(|e| e.distance))
            .unwrap_or(0)
    }

    /// Fills the figures of results that name a match without carrying figures, from
    /// `lookup` (the club's store: a signed match's points, innings and high run per
    /// player, in the game's order), then checks the file again.
    ///
    /// # Errors
    /// [`ErrorCode::FiguresMissing`] where `lookup` knows no such match; the checks of
    /// [`TournamentFile::check`] on the figures filled in.
    pub fn fill_figures(
        &mut self,
        lookup: impl Fn(&str) -> Option<[Figures; 2]>,
    ) -> Result<(), Error> {
        for (path, game) in self.games_mut() {
            let Some(r) = game.result.as_mut() else {
                continue;
            };
            if r.points.is_some() || r.forfeit.is_some() {
                continue;
            }
            let Some(id) = r.match_id.as_deref() else {
                continue;
            };
            let f = lookup(id)
                .ok_or_else(|| Error::at(ErrorCode::FiguresMissing, format!("{path}.result")))?;
            r.points = Some([f[0].points, f[1].points]);
            r.innings = Some([f[0].innings, f[1].innings]);
            r.high_run = Some([f[0].high_run, f[1].high_run]);
        }
        self.check()
    }

    /// Every game with its JSON path, mutably.
    fn games_mut(&mut self) -> Vec<(String, &mut Game)> {
        let mut out = Vec::new();
        for (i, phase) in self.phases.iter_mut().enumerate() {
            match phase {
                Phase::RoundRobin(rr) => {
                    for (j, poule) in rr.poules.iter_mut().enumerate() {
                        for (k, g) in poule.games.iter_mut().enumerate() {
                            out.push((
                                format!("phases[{i}].round-robin.poules[{j}].games[{k}]"),
                                g,
                            ));
                        }
                    }
                }
                Phase::KnockOut(ko) => {
                    for (j, round) in ko.rounds.iter_mut().enumerate() {
                        for (k, g) in round.games.iter_mut().enumerate() {
                            out.push((format!("phases[{i}].knock-out.rounds[{j}].games[{k}]"), g));
                        }
                    }
                }
            }
        }
        out
    }
}

fn json_error(path: String, e: serde_json::Error) -> Error {
    let detail = e.to_string();
    let code = match e.classify() {
        serde_json::error::Category::Data if detail.starts_with("unknown field") => {
            ErrorCode::UnknownField
        }
        serde_json::error::Category::Data if detail.starts_with("unknown variant") => {
            ErrorCode::InvalidField
        }
        serde_json::error::Category::Data if detail.starts_with("missing field") => {
            ErrorCode::MissingField
        }
        serde_json::error::Category::Data => ErrorCode::InvalidField,
        _ => ErrorCode::InvalidJson,
    };
    Error {
        code,
        path,
        detail: Some(detail),
    }
}
