//! The names the app gives the files it exports, in one place: the players and the
//! date for a match (`Dupont-Martin-2026-12-04.pdf`), the kind of file in the user's
//! language otherwise (`statistiques-Dupont-2026-12-04.csv`,
//! `carambole-sauvegarde-2026-12-04.sqlite`). Dates are ISO (`2026-12-04`) in every
//! language so that a folder sorts by date. Names keep their accents and case; only
//! what a file system refuses is taken out.

use carom_i18n::{t, Lang};

use crate::App;

impl App {
    /// Today, as file names give it (`2026-12-04`, UTC).
    pub(crate) fn today(&self) -> String {
        self.services.clock.now().format("%Y-%m-%d").to_string()
    }
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

/// The date part (`2026-12-04`) of an RFC 3339 time or an ISO date; `None` when
/// `text` does not start with one.
pub fn iso_day(text: &str) -> Option<&str> {
    let day = text.get(..10)?;
    let b = day.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    (digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10))
    .then_some(day)
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

/// A stored match's file, without extension: [`match_stem`] of its players and the
/// day it was created.
pub fn row_stem(row: &carom_store::MatchRecord) -> String {
    let day = iso_day(&row.created_at).unwrap_or_default();
    match_stem([&row.players[0].name, &row.players[1].name], day)
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
    fn the_day_is_read_from_an_rfc_3339_time() {
        assert_eq!(iso_day("2026-12-04T21:03:00Z"), Some("2026-12-04"));
        assert_eq!(iso_day("04/12/2026"), None);
        assert_eq!(iso_day("2026"), None);
    }
}
