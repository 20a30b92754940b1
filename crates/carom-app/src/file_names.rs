//! The names the app gives the files it exports, in one place: the players and the
//! date for a match (`Dupont-Martin-2026-12-04.pdf`), the kind of file in the user's
//! language otherwise (`statistiques-Dupont-2026-12-04.csv`,
//! `carambole-sauvegarde-2026-12-04.sqlite`). Dates are ISO (`2026-12-04`) in every
//! language so that a folder sorts by date, and local: a match's is the date on its
//! sheet, today's is the day on the device's clock. Names keep their accents and case;
//! only what a file system refuses is taken out.

use carom_api::Error;
use carom_i18n::{t, Lang};
use carom_sheet::SheetDate;
use chrono::{DateTime, Datelike, Utc};

use crate::errors::OrStoreError;
use crate::App;

impl App {
    /// Today on the device's clock, in its time zone, as file names give it (`2026-12-04`).
    pub(crate) fn today(&self) -> String {
        iso(self.local_date(self.services.clock.now()))
    }

    /// The day of `at` in the device's time zone.
    fn local_date(&self, at: DateTime<Utc>) -> SheetDate {
        let local = at.with_timezone(&self.services.clock.offset(at));
        SheetDate {
            year: local.year(),
            month: local.month() as u8,
            day: local.day() as u8,
        }
    }

    /// The files of stored match `id` (its sheet's PDF, its match file), without
    /// extension: [`match_stem`] of its players and the date its sheet gives it
    /// ([`carom_sheet::sheet_date`]: the set-up's date, else the day of its first timed
    /// event), else the day it was created here.
    ///
    /// # Errors
    /// [`carom_api::ErrorCode::MatchNotFound`], or the store's.
    pub(crate) fn match_file_stem(&self, id: i64) -> Result<String, Error> {
        let now = self.services.clock.now();
        let offset = self.services.clock.offset(now);
        self.db.with(|store| {
            let row = store.match_row(id).or_store()?;
            let created = DateTime::parse_from_rfc3339(&row.created_at)
                .map_or(now, |d| d.with_timezone(&Utc));
            let m = store.replayed(id).or_store()?;
            let date = carom_sheet::sheet_date(
                &m.sheet().header,
                offset.local_minus_utc() / 60,
                self.local_date(created),
            );
            Ok(match_stem(
                [&row.players[0].name, &row.players[1].name],
                &iso(date),
            ))
        })
    }
}

/// `2026-12-04`.
fn iso(d: SheetDate) -> String {
    format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
}

/// `text` as part of a file name: without `/ \ : * ? " < > |` and control characters,
/// white space runs made one space, no dot or space at either end (Windows drops
/// them), at most 60 characters.
pub fn sanitize(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
            continue;
        }
        if c.is_whitespace() {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    let trimmed: String = out
        .trim_matches(|c: char| c == ' ' || c == '.')
        .chars()
        .take(60)
        .collect();
    trimmed.trim_end_matches([' ', '.']).to_owned()
}

fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| sanitize(p))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// A match's file, without extension (the sheet's PDF, the match file): the two
/// players and the day, `Dupont-Martin-2026-12-04`.
pub fn match_stem(players: [&str; 2], day: &str) -> String {
    let name = join(&[players[0], players[1], day]);
    if name.is_empty() {
        "carambole".to_owned()
    } else {
        name
    }
}

/// A player's statistics: `statistics-Dupont-2026-12-04` (`statistiques-…`,
/// `estadisticas-…`).
pub fn statistics_stem(lang: Lang, player: &str, day: &str) -> String {
    join(&[&t(lang, "file-statistics"), player, day])
}

/// The club ranking of a discipline: `ranking-three-cushion-2026-12-04`
/// (`classement-trois-bandes-…`, `clasificacion-tres-bandas-…`).
pub fn ranking_stem(lang: Lang, discipline: carom_core::Discipline, day: &str) -> String {
    let discipline = carom_i18n::message(lang, &discipline.message());
    join(&[&t(lang, "file-ranking"), &discipline, day])
}

/// A backup of the database: `carambole-backup-2026-12-04`
/// (`carambole-sauvegarde-…`, `carambole-copia-…`).
pub fn backup_stem(lang: Lang, day: &str) -> String {
    join(&[&t(lang, "file-backup"), day])
}

#[cfg(test)]
mod tests {
    use super::*;
    use carom_core::Discipline;

    #[test]
    fn a_match_file_is_named_after_its_players_and_day() {
        assert_eq!(
            match_stem(["Dupont", "Martin"], "2026-12-04"),
            "Dupont-Martin-2026-12-04"
        );
        assert_eq!(
            match_stem(["Íñigo Muñoz", "Jean-Noël Côté"], "2026-12-04"),
            "Íñigo Muñoz-Jean-Noël Côté-2026-12-04"
        );
    }

    #[test]
    fn names_lose_only_what_file_systems_refuse() {
        assert_eq!(sanitize("A/B\\C:D*E?F\"G<H>I|J"), "ABCDEFGHIJ");
        assert_eq!(sanitize("  ..Gómez\t\n  Díaz.. "), "Gómez Díaz");
        assert_eq!(sanitize("é".repeat(80).as_str()).chars().count(), 60);
        assert_eq!(match_stem(["///", ""], ""), "carambole");
    }

    #[test]
    fn exports_are_named_in_the_users_language() {
        let day = "2026-12-04";
        assert_eq!(
            statistics_stem(Lang::Fr, "Dupont", day),
            "statistiques-Dupont-2026-12-04"
        );
        assert_eq!(
            statistics_stem(Lang::Es, "Dupont", day),
            "estadisticas-Dupont-2026-12-04"
        );
        assert_eq!(
            statistics_stem(Lang::En, "Dupont", day),
            "statistics-Dupont-2026-12-04"
        );
        assert_eq!(
            ranking_stem(Lang::Fr, Discipline::ThreeCushion, day),
            "classement-Trois bandes-2026-12-04"
        );
        assert_eq!(
            backup_stem(Lang::Fr, day),
            "carambole-sauvegarde-2026-12-04"
        );
        assert_eq!(backup_stem(Lang::Es, day), "carambole-copia-2026-12-04");
        assert_eq!(backup_stem(Lang::En, day), "carambole-backup-2026-12-04");
    }

    #[test]
    fn a_date_in_a_name_is_iso_with_its_zeros() {
        let d = |year, month, day| SheetDate { year, month, day };
        assert_eq!(iso(d(2026, 12, 4)), "2026-12-04");
        assert_eq!(iso(d(987, 1, 31)), "0987-01-31");
    }
}
