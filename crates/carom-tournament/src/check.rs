//! The checks of a tournament file beyond its JSON shape: every index names a player,
//! every poule and game is possible, every result could come from a game under the
//! tournament's set-up. Checked once, when the file is read (DESIGN.md, habit 1).

use std::collections::HashSet;

use carom_core::setup::{check_name, is_unprintable, MAX_TARGET};

use crate::error::{Error, ErrorCode};
use crate::file::{
    Game, GameResult, KnockOut, Phase, Round, RoundKind, Seeding, ThirdPlace, TournamentFile,
    FORMAT,
};
use crate::rules::GameOutcome;

/// The longest text (tournament name, table, who entered a result), as the match file.
const MAX_TEXT_CHARS: usize = 200;

/// The longest innings limit, as the match file.
const MAX_INNINGS_LIMIT: u32 = 1000;

/// Whether a game sits in poules or in a knock-out (a knock-out game cannot be drawn).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Poule,
    KnockOut,
}

fn text(s: &str, path: &str) -> Result<(), Error> {
    let ok = !s.is_empty()
        && s.trim() == s
        && s.chars().count() <= MAX_TEXT_CHARS
        && !s.chars().any(is_unprintable);
    ok.then_some(())
        .ok_or_else(|| Error::at(ErrorCode::InvalidText, path))
}

fn err<T>(code: ErrorCode, path: impl Into<String>) -> Result<T, Error> {
    Err(Error::at(code, path))
}

impl TournamentFile {
    /// Checks everything the JSON shape does not: see `docs/tournament-file.md`.
    ///
    /// # Errors
    /// The first thing wrong, with its JSON path.
    pub fn check(&self) -> Result<(), Error> {
        if self.format != FORMAT {
            return err(ErrorCode::UnsupportedFormat, "format");
        }
        text(&self.name, "name")?;
        if let Some(d) = self.distance {
            if !(1..=MAX_TARGET).contains(&d) {
                return err(ErrorCode::OutOfRange, "distance");
            }
        }
        if let Some(l) = self.innings_limit {
            if !(1..=MAX_INNINGS_LIMIT).contains(&l) {
                return err(ErrorCode::OutOfRange, "innings_limit");
            }
        }
        self.check_players()?;
        for (i, phase) in self.phases.iter().enumerate() {
            match phase {
                Phase::RoundRobin(rr) => {
                    let mut seen = HashSet::new();
                    for (j, poule) in rr.poules.iter().enumerate() {
                        let at = format!("phases[{i}].round-robin.poules[{j}]");
                        text(&poule.name, &format!("{at}.name"))?;
                        if !(3..=6).contains(&poule.players.len()) {
                            return err(ErrorCode::PouleSize, format!("{at}.players"));
                        }
                        for (k, &p) in poule.players.iter().enumerate() {
                            let pat = format!("{at}.players[{k}]");
                            self.player(p, &pat)?;
                            if !seen.insert(p) {
                                return err(ErrorCode::PlayerInTwoPoules, pat);
                            }
                        }
                        let mut pairs = HashSet::new();
                        for (k, g) in poule.games.iter().enumerate() {
                            let gat = format!("{at}.games[{k}]");
                            self.check_game(g, &gat, Kind::Poule)?;
                            for (s, p) in g.players.iter().enumerate() {
                                if !poule.players.contains(p) {
                                    return err(
                                        ErrorCode::PlayerNotInPoule,
                                        format!("{gat}.players[{s}]"),
                                    );
                                }
                            }
                            let key = (
                                g.players[0].min(g.players[1]),
                                g.players[0].max(g.players[1]),
                            );
                            if !pairs.insert(key) {
                                return err(ErrorCode::GameTwice, format!("{gat}.players"));
                            }
                        }
                    }
                }
                Phase::KnockOut(ko) => {
                    for (j, round) in ko.rounds.iter().enumerate() {
                        for (k, g) in round.games.iter().enumerate() {
                            let gat = format!("phases[{i}].knock-out.rounds[{j}].games[{k}]");
                            self.check_game(g, &gat, Kind::KnockOut)?;
                        }
                    }
                    self.check_bracket(ko, i)?;
                }
            }
        }
        Ok(())
    }

    /// The rounds of a knock-out follow from one another: each main round has half the
    /// places of the one before (the first one's kind fits its games), its games pair
    /// the winners of the one before in bracket order, and the third-place match pairs
    /// the semi-finals' losers. A game whose figures are still to come from the store
    /// is not checked against.
    fn check_bracket(&self, ko: &KnockOut, i: usize) -> Result<(), Error> {
        let mismatch = |j: usize, k: Option<usize>| {
            let at = format!("phases[{i}].knock-out.rounds[{j}]");
            Error::at(
                ErrorCode::BracketMismatch,
                match k {
                    Some(k) => format!("{at}.games[{k}].players"),
                    None => format!("{at}.round"),
                },
            )
        };
        let pending = |g: &Game| {
            g.result
                .as_ref()
                .is_some_and(|r| r.points.is_none() && r.forfeit.is_none())
        };
        let same = |a: &[usize], b: &[Option<usize>]| {
            let mut x: Vec<Option<usize>> = a.iter().copied().map(Some).collect();
            let mut y = b.to_vec();
            x.sort_unstable();
            y.sort_unstable();
            x == y
        };
        let mut prev: Option<&Round> = None;
        let mut semis: Option<&Round> = None;
        for (j, round) in ko.rounds.iter().enumerate() {
            if round.round == RoundKind::ThirdPlace {
                let Some(sf) = semis else {
                    return Err(mismatch(j, None));
                };
                if ko.third_place != ThirdPlace::Match || round.games.len() != 1 {
                    return Err(mismatch(j, None));
                }
                if sf.games.iter().any(pending) {
                    continue;
                }
                let losers: Vec<Option<usize>> = sf.games.iter().map(|g| self.loser(g)).collect();
                if let Some(g) = round.games.first() {
                    if !same(&g.players, &losers) {
                        return Err(mismatch(j, Some(0)));
                    }
                }
                continue;
            }
            let places = 2 * round.games.len();
            if let Some(p) = prev {
                if round.round <= p.round || 2 * round.games.len() != p.games.len() {
                    return Err(mismatch(j, None));
                }
                for (k, g) in round.games.iter().enumerate() {
                    let from: Vec<&Game> = p.games.iter().skip(2 * k).take(2).collect();
                    if from.iter().any(|g| pending(g)) {
                        continue;
                    }
                    let winners: Vec<Option<usize>> =
                        from.iter().map(|g| self.advancer(g)).collect();
                    if !same(&g.players, &winners) {
                        return Err(mismatch(j, Some(k)));
                    }
                }
            } else if RoundKind::of_places(places) != Some(round.round) {
                return Err(mismatch(j, None));
            }
            if round.round == RoundKind::SemiFinal {
                semis = Some(round);
            }
            prev = Some(round);
        }
        Ok(())
    }

    fn check_players(&self) -> Result<(), Error> {
        if self.players.len() < 2 {
            return err(ErrorCode::TooFewPlayers, "players");
        }
        let mut licences = HashSet::new();
        let mut uids = HashSet::new();
        let by_ranking = matches!(
            self.players.first().map(|p| p.seeding),
            Some(Seeding::Ranking(_))
        );
        for (i, p) in self.players.iter().enumerate() {
            let at = format!("players[{i}]");
            if check_name(&p.name).ok() != Some(p.name.as_str()) {
                return err(ErrorCode::InvalidText, format!("{at}.name"));
            }
            for (field, v) in [("uid", &p.uid), ("licence", &p.licence), ("club", &p.club)] {
                if let Some(v) = v {
                    text(v, &format!("{at}.{field}"))?;
                }
            }
            if let Some(l) = &p.licence {
                if !licences.insert(l) {
                    return err(ErrorCode::PlayerTwice, format!("{at}.licence"));
                }
            }
            if let Some(u) = &p.uid {
                if !uids.insert(u) {
                    return err(ErrorCode::PlayerTwice, format!("{at}.uid"));
                }
            }
            if matches!(p.seeding, Seeding::Ranking(_)) != by_ranking {
                return err(ErrorCode::SeedingMixed, format!("{at}.seeding"));
            }
            match (self.distance, p.distance) {
                (Some(_), Some(_)) => {
                    return err(ErrorCode::DistanceTwice, format!("{at}.distance"))
                }
                (None, None) => return err(ErrorCode::DistanceMissing, at),
                (None, Some(d)) if !(1..=MAX_TARGET).contains(&d) => {
                    return err(ErrorCode::OutOfRange, format!("{at}.distance"))
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn player(&self, p: usize, path: &str) -> Result<(), Error> {
        if p < self.players.len() {
            Ok(())
        } else {
            err(ErrorCode::NoSuchPlayer, path)
        }
    }

    fn check_game(&self, g: &Game, at: &str, kind: Kind) -> Result<(), Error> {
        let bye_allowed = kind == Kind::KnockOut && g.players.len() == 1;
        if g.players.len() != 2 && !bye_allowed {
            return err(ErrorCode::GamePlayers, format!("{at}.players"));
        }
        for (s, &p) in g.players.iter().enumerate() {
            self.player(p, &format!("{at}.players[{s}]"))?;
        }
        if let Some(t) = &g.table {
            text(t, &format!("{at}.table"))?;
        }
        let pair = match g.players.as_slice() {
            [a, b] if a == b => return err(ErrorCode::SamePlayer, format!("{at}.players")),
            [a, b] => [*a, *b],
            _ => {
                if g.result.is_some() || !g.corrections.is_empty() {
                    return err(ErrorCode::ByeWithResult, format!("{at}.result"));
                }
                return Ok(());
            }
        };
        if let Some(r) = &g.result {
            self.check_result(r, pair, &format!("{at}.result"), kind)?;
        }
        for (c, corr) in g.corrections.iter().enumerate() {
            let cat = format!("{at}.corrections[{c}]");
            text(&corr.corrected_by, &format!("{cat}.corrected_by"))?;
            self.check_result(&corr.replaced, pair, &format!("{cat}.replaced"), kind)?;
        }
        Ok(())
    }

    fn check_result(
        &self,
        r: &GameResult,
        pair: [usize; 2],
        at: &str,
        kind: Kind,
    ) -> Result<(), Error> {
        for (field, v) in [("match_id", &r.match_id), ("entered_by", &r.entered_by)] {
            if let Some(v) = v {
                text(v, &format!("{at}.{field}"))?;
            }
        }
        let has = [
            r.points.is_some(),
            r.innings.is_some(),
            r.high_run.is_some(),
        ];
        if has.iter().any(|&h| h) && !has.iter().all(|&h| h) {
            let missing = ["points", "innings", "high_run"]
                .into_iter()
                .zip(has)
                .find(|(_, h)| !h)
                .map_or("points", |(f, _)| f);
            return err(ErrorCode::FiguresIncomplete, format!("{at}.{missing}"));
        }
        if r.match_id.is_none() && r.entered_by.is_none() {
            return err(ErrorCode::EnteredByMissing, format!("{at}.entered_by"));
        }
        if let Some(l) = r.forfeit {
            if l > 1 {
                return err(ErrorCode::NoSuchPlayer, format!("{at}.forfeit"));
            }
            if has[0] {
                return err(ErrorCode::ForfeitWithFigures, format!("{at}.points"));
            }
            if r.tie_break.is_some() {
                return err(ErrorCode::TieBreakNotAllowed, format!("{at}.tie_break"));
            }
            return Ok(());
        }
        if !has[0] {
            if r.match_id.is_none() {
                return err(ErrorCode::ResultEmpty, at);
            }
            // Figures to come from the signed match (fill_figures); a tie-break waits
            // for them.
            return Ok(());
        }
        let Some(f) = r.figures(0).zip(r.figures(1)).map(|(a, b)| [a, b]) else {
            return err(ErrorCode::FiguresIncomplete, at);
        };
        let limit = self.innings_limit;
        for (s, x) in f.iter().enumerate() {
            let d = self.distance_of(pair[s]);
            if x.innings == 0 {
                return err(ErrorCode::FiguresImpossible, format!("{at}.innings[{s}]"));
            }
            if x.high_run > x.points {
                return err(ErrorCode::FiguresImpossible, format!("{at}.high_run[{s}]"));
            }
            if u64::from(x.points) > u64::from(x.high_run) * u64::from(x.innings) {
                return err(ErrorCode::FiguresImpossible, format!("{at}.points[{s}]"));
            }
            if x.points > d {
                return err(ErrorCode::PointsAboveDistance, format!("{at}.points[{s}]"));
            }
            if limit.is_some_and(|l| x.innings > l) {
                return err(ErrorCode::InningsAboveLimit, format!("{at}.innings[{s}]"));
            }
        }
        let reached = [
            f[0].points >= self.distance_of(pair[0]),
            f[1].points >= self.distance_of(pair[1]),
        ];
        let at_limit = limit.is_some_and(|l| f[0].innings == l && f[1].innings == l);
        if !reached[0] && !reached[1] && !at_limit {
            return err(ErrorCode::ResultUnfinished, format!("{at}.points"));
        }
        // With the equalizing inning (or at the limit) both players have the same
        // innings; without it the game ends on the breaker's inning, one more than the
        // other's, only when the breaker reached his distance.
        let equal = f[0].innings == f[1].innings;
        let breaker_ahead = |s: usize| f[s].innings == f[1 - s].innings + 1 && reached[s];
        let innings_ok =
            equal || (!self.equalizing_inning && (breaker_ahead(0) || breaker_ahead(1)));
        if !innings_ok {
            return err(ErrorCode::InningsMismatch, format!("{at}.innings"));
        }
        if reached[0] && reached[1] && !(self.equalizing_inning && equal) {
            return err(ErrorCode::InningsMismatch, format!("{at}.innings"));
        }
        let drawn = self.counted(pair, r).map(|c| c.outcome()) == Some(GameOutcome::Drawn);
        match (kind, drawn, r.tie_break) {
            (Kind::KnockOut, true, None) => {
                err(ErrorCode::TieBreakMissing, format!("{at}.tie_break"))
            }
            (_, _, Some(_)) if kind == Kind::Poule || !drawn => {
                err(ErrorCode::TieBreakNotAllowed, format!("{at}.tie_break"))
            }
            (_, _, Some(w)) if w > 1 => err(ErrorCode::NoSuchPlayer, format!("{at}.tie_break")),
            _ => Ok(()),
        }
    }
}
