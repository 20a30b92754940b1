//! The federations' result files, as strings: the FFB's E2i import ([`ffb`]) and the
//! DBU's ClubCloud upload ([`dbu`]). Both list the games with a result, phase by phase
//! in the file's order; a game left by a withdrawn player counts as the rule set's
//! withdrawal says (see [`crate::RuleSet::withdrawal`]).

pub mod dbu;
pub mod ffb;

use crate::error::{Error, ErrorCode};
use crate::file::{Game, Phase, RoundKind, TournamentFile};
use crate::rules::{Counted, Withdrawal};

/// Where an exported game sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group<'a> {
    /// In the poule of this name.
    Poule(&'a str),
    /// In this knock-out round.
    Round(RoundKind),
}

/// One game to export.
#[derive(Debug, Clone, Copy)]
pub struct Exported<'a> {
    /// Its JSON path in the file.
    pub index_path: (usize, usize, usize),
    /// Its poule or round.
    pub group: Group<'a>,
    /// Its number in its poule or round, from 1 (byes not counted).
    pub number: usize,
    /// The game.
    pub game: &'a Game,
    /// Its two players.
    pub players: [usize; 2],
    /// How it counts.
    pub counted: Counted,
}

impl Exported<'_> {
    /// The game's JSON path.
    pub fn path(&self) -> String {
        let (i, j, k) = self.index_path;
        match self.group {
            Group::Poule(_) => format!("phases[{i}].round-robin.poules[{j}].games[{k}]"),
            Group::Round(_) => format!("phases[{i}].knock-out.rounds[{j}].games[{k}]"),
        }
    }
}

impl TournamentFile {
    /// The games the federation files list, in order.
    ///
    /// # Errors
    /// [`ErrorCode::FiguresMissing`] at a result whose match figures were not filled in.
    pub fn exported_games(&self) -> Result<Vec<Exported<'_>>, Error> {
        let forfeit_left = self.rules.withdrawal() == Withdrawal::ForfeitRemaining;
        let gone = |p: usize| self.players.get(p).is_some_and(|e| e.withdrawn);
        let mut all: Vec<((usize, usize, usize), Group<'_>, &Game)> = Vec::new();
        for (i, phase) in self.phases.iter().enumerate() {
            match phase {
                Phase::RoundRobin(rr) => {
                    for (j, poule) in rr.poules.iter().enumerate() {
                        for (k, g) in poule.games.iter().enumerate() {
                            all.push(((i, j, k), Group::Poule(&poule.name), g));
                        }
                    }
                }
                Phase::KnockOut(ko) => {
                    for (j, round) in ko.rounds.iter().enumerate() {
                        for (k, g) in round.games.iter().enumerate() {
                            all.push(((i, j, k), Group::Round(round.round), g));
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        let mut number = 0;
        let mut last_group = None;
        for (index_path, group, game) in all {
            let [a, b] = match game.players.as_slice() {
                [a, b] => [*a, *b],
                _ => continue,
            };
            let key = (index_path.0, index_path.1);
            if last_group != Some(key) {
                last_group = Some(key);
                number = 0;
            }
            number += 1;
            let counted = match &game.result {
                Some(r) => self.counted([a, b], r),
                None if forfeit_left && gone(a) && !gone(b) => Some(Counted::Forfeit(0)),
                None if forfeit_left && gone(b) && !gone(a) => Some(Counted::Forfeit(1)),
                None => continue,
            };
            let e = Exported {
                index_path,
                group,
                number,
                game,
                players: [a, b],
                counted: counted.unwrap_or(Counted::Forfeit(0)),
            };
            if counted.is_none() {
                return Err(Error::at(
                    ErrorCode::FiguresMissing,
                    format!("{}.result", e.path()),
                ));
            }
            out.push(e);
        }
        Ok(out)
    }
}

/// `field` as it is, or [`ErrorCode::SeparatorInField`] at `path` when it holds the
/// separator, a quote or a line break (neither file quotes its fields).
fn plain<'a>(field: &'a str, path: &str) -> Result<&'a str, Error> {
    if field.contains([';', '"', '\r', '\n']) {
        Err(Error::at(ErrorCode::SeparatorInField, path))
    } else {
        Ok(field)
    }
}
