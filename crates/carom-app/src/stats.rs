//! Statistics, the club ranking, the handicap rule and the distance it suggests, and
//! their CSV exports.

use std::path::PathBuf;

use carom_api::RankingQuery;
use carom_api::{
    ClubRanking, Error, ErrorCode, ExportPlayerStatsCsv, ExportRankingCsv, Exported, FormField,
    GetHandicapRule, GetPlayerStats, HandicapRule, PlayerStats, Ranking, RankingFilter,
    SetHandicapRule, StatsFilter, SuggestTarget, TargetSuggestion,
};
use carom_store::StatsQuery;
use chrono::NaiveDate;

use crate::csv::{player_csv, ranking_csv, spreadsheet_bytes};
use crate::errors::{at, OrStoreError};
use crate::file_names;
use crate::rows;
use crate::App;

/// A day typed as `YYYY-MM-DD`, or nothing when empty.
fn day(raw: Option<&str>, field: FormField) -> Result<Option<NaiveDate>, Error> {
    match raw.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| at(ErrorCode::StatsBadDate { date: d.to_owned() }, field)),
    }
}

fn stats_query(f: &StatsFilter) -> Result<StatsQuery, Error> {
    Ok(StatsQuery {
        discipline: f.discipline,
        from: day(f.from.as_deref(), FormField::StatsFrom)?,
        until: day(f.until.as_deref(), FormField::StatsUntil)?,
    })
}

fn ranking_query(f: &RankingFilter) -> Result<RankingQuery, Error> {
    Ok(RankingQuery {
        discipline: f.discipline,
        from: day(f.from.as_deref(), FormField::RankingFrom)?,
        until: day(f.until.as_deref(), FormField::RankingUntil)?,
        club: f.club.clone().filter(|c| !c.trim().is_empty()),
    })
}

fn fs_error(detail: impl std::fmt::Display) -> Error {
    ErrorCode::FileSystem {
        detail: detail.to_string(),
    }
    .into()
}

impl App {
    /// A player's statistics per discipline.
    ///
    /// # Errors
    /// [`ErrorCode::PlayerNotFound`],
    /// [`ErrorCode::StatsBadDate`] naming the field, or the store's.
    pub fn player_stats(&self, req: GetPlayerStats) -> Result<PlayerStats, Error> {
        let q = stats_query(&req.request)?;
        self.db
            .with(|store| store.player_stats(req.id, &q).or_store())
            .map(rows::player_stats)
    }

    /// The club ranking of one discipline.
    ///
    /// # Errors
    /// [`ErrorCode::StatsBadDate`] naming the field, or
    /// the store's.
    pub fn club_ranking(&self, req: ClubRanking) -> Result<Ranking, Error> {
        let q = ranking_query(&req.request)?;
        self.db.with(|store| store.ranking(&q).or_store())
    }

    /// The club's handicap rule.
    ///
    /// # Errors
    /// The store's.
    pub fn get_handicap_rule(&self, _: GetHandicapRule) -> Result<HandicapRule, Error> {
        self.db.with(|store| store.handicap_rule().or_store())
    }

    /// Stores the club's handicap rule.
    ///
    /// # Errors
    /// [`ErrorCode::StatsOutOfRange`] naming the field, or the store's.
    pub fn set_handicap_rule(&self, req: SetHandicapRule) -> Result<HandicapRule, Error> {
        // Out-of-range numbers become 0, which the store refuses with the field named.
        let rule = HandicapRule {
            factor: u32::try_from(req.factor).unwrap_or(0),
            minimum: u32::try_from(req.minimum).unwrap_or(0),
        };
        self.db
            .with(|store| store.set_handicap_rule(rule).or_store())
    }

    /// The distance the club's handicap rule suggests for the player named `player` in
    /// a discipline, from his recent average; `None` when he has no finished match in it.
    ///
    /// # Errors
    /// The store's.
    pub fn suggest_target(&self, req: SuggestTarget) -> Result<Option<TargetSuggestion>, Error> {
        let d = req.discipline;
        self.db
            .with(|store| store.suggest_target(&req.player, d).or_store())
    }

    fn export_dir(&self) -> Result<PathBuf, Error> {
        self.services
            .files
            .export_dir()
            .ok_or_else(|| ErrorCode::StatsNoFolder.into())
    }

    /// Saves a player's statistics as CSV in the export folder.
    ///
    /// # Errors
    /// As [`App::player_stats`], [`ErrorCode::StatsNoFolder`], [`ErrorCode::FileSystem`].
    pub fn export_player_stats_csv(&self, req: ExportPlayerStatsCsv) -> Result<Exported, Error> {
        let q = stats_query(&req.request)?;
        let stats = self
            .db
            .with(|store| store.player_stats(req.id, &q).or_store())
            .map(rows::player_stats)?;
        let lang = req.language;
        let text = player_csv(lang, &stats);
        let stem = file_names::statistics_stem(lang, &stats.player.name, &self.today());
        let path = self
            .services
            .files
            .write_new(&self.export_dir()?, &stem, "csv", &spreadsheet_bytes(&text))
            .map_err(fs_error)?;
        Ok(Exported {
            path: path.display().to_string(),
        })
    }

    /// Saves the club ranking as CSV in the export folder.
    ///
    /// # Errors
    /// As [`App::club_ranking`], [`ErrorCode::StatsNoFolder`], [`ErrorCode::FileSystem`].
    pub fn export_ranking_csv(&self, req: ExportRankingCsv) -> Result<Exported, Error> {
        let q = ranking_query(&req.request)?;
        let ranking = self.db.with(|store| store.ranking(&q).or_store())?;
        let lang = req.language;
        let text = ranking_csv(lang, &ranking);
        let stem = file_names::ranking_stem(lang, q.discipline, &self.today());
        let path = self
            .services
            .files
            .write_new(&self.export_dir()?, &stem, "csv", &spreadsheet_bytes(&text))
            .map_err(fs_error)?;
        Ok(Exported {
            path: path.display().to_string(),
        })
    }
}
