//! CSV exports of a player's statistics and of the club ranking, in the user's language.
//!
//! Headers come from `locales/*/stats.ftl`; averages have three decimals with the
//! language's decimal separator. Where that separator is a comma (French, Spanish) the
//! fields are separated by semicolons, as spreadsheets in those languages expect.
//! Fields are quoted per RFC 4180; a field that a spreadsheet would run as a formula
//! (`=`, `+`, `-`, `@` first) is prefixed with `'`.

use carom_api::{Outcome, PlayerStats, Ranking};
use carom_core::{Average, Discipline};
use carom_i18n::{format_thousandths, t, Lang};

/// The bytes of a CSV file written for a spreadsheet: UTF-8 with a byte order mark, by
/// which Excel knows the encoding (without it, Excel in French or Spanish reads the
/// file in the system's code page and garbles every accent).
pub fn spreadsheet_bytes(text: &str) -> Vec<u8> {
    let mut out = "\u{feff}".as_bytes().to_vec();
    out.extend_from_slice(text.as_bytes());
    out
}

/// The field separator for `lang`.
pub fn separator(lang: Lang) -> char {
    if lang.decimal_separator() == ',' {
        ';'
    } else {
        ','
    }
}

/// One CSV field: quoted when needed, formula-looking text defused.
fn field(text: &str, sep: char) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@']) && text.parse::<f64>().is_err() {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if defused.contains([sep, '"', '\n', '\r']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}

fn row(out: &mut String, sep: char, cells: &[String]) {
    let line: Vec<String> = cells.iter().map(|c| field(c, sep)).collect();
    out.push_str(&line.join(&sep.to_string()));
    out.push_str("\r\n");
}

/// The header row: each column's label in `lang`, from its message id.
fn header(out: &mut String, lang: Lang, ids: &[&str]) {
    let labels: Vec<String> = ids.iter().map(|id| t(lang, id)).collect();
    row(out, separator(lang), &labels);
}

fn avg(lang: Lang, a: &Average) -> String {
    format_thousandths(lang, i64::try_from(a.thousandths).unwrap_or(i64::MAX))
}

fn discipline(lang: Lang, d: Discipline) -> String {
    carom_i18n::message(lang, &d.message())
}

fn outcome(lang: Lang, o: Option<Outcome>) -> String {
    match o {
        Some(Outcome::Won) => t(lang, "stats-outcome-won-long"),
        Some(Outcome::Drawn) => t(lang, "stats-outcome-drawn-long"),
        Some(Outcome::Lost) => t(lang, "stats-outcome-lost-long"),
        None => String::new(),
    }
}

/// A player's statistics as CSV: one row per discipline, then a blank line and one row
/// per match.
pub fn player_csv(lang: Lang, stats: &PlayerStats) -> String {
    let sep = separator(lang);
    let mut out = String::new();
    header(
        &mut out,
        lang,
        &[
            "players-name",
            "players-club",
            "players-licence",
            "stats-discipline",
            "stats-matches",
            "stats-won",
            "stats-drawn",
            "stats-lost",
            "stats-points",
            "stats-innings",
            "stats-general-average",
            "stats-best-game-average",
            "stats-high-run",
            "stats-innings-per-match",
            "stats-handicap-target",
        ],
    );
    let p = &stats.player;
    for d in &stats.disciplines {
        row(
            &mut out,
            sep,
            &[
                p.name.clone(),
                p.club.clone(),
                p.licence.clone(),
                discipline(lang, d.discipline),
                d.matches.to_string(),
                d.won.to_string(),
                d.drawn.to_string(),
                d.lost.to_string(),
                d.points.to_string(),
                d.innings.to_string(),
                avg(lang, &d.general_average),
                d.best_game_average
                    .as_ref()
                    .map(|a| avg(lang, a))
                    .unwrap_or_default(),
                d.high_run.to_string(),
                format_thousandths(
                    lang,
                    i64::try_from(d.innings_per_match_thousandths).unwrap_or(i64::MAX),
                ),
                d.handicap_target.to_string(),
            ],
        );
    }
    out.push_str("\r\n");
    header(
        &mut out,
        lang,
        &[
            "stats-date",
            "stats-discipline",
            "stats-opponent",
            "stats-points",
            "stats-innings",
            "stats-general-average",
            "stats-high-run",
            "stats-result",
        ],
    );
    for d in &stats.disciplines {
        let name = |id: i64| {
            d.head_to_head
                .iter()
                .find(|h| h.opponent_id == id)
                .map(|h| h.opponent.clone())
                .unwrap_or_default()
        };
        for l in &d.match_lines {
            row(
                &mut out,
                sep,
                &[
                    l.played_on.format("%Y-%m-%d").to_string(),
                    discipline(lang, d.discipline),
                    name(l.opponent_id),
                    l.points.to_string(),
                    l.innings.to_string(),
                    avg(lang, &l.average),
                    l.high_run.to_string(),
                    outcome(lang, l.outcome),
                ],
            );
        }
    }
    out
}

/// The club ranking as CSV, one row per player.
pub fn ranking_csv(lang: Lang, ranking: &Ranking) -> String {
    let sep = separator(lang);
    let mut out = String::new();
    header(
        &mut out,
        lang,
        &[
            "ranking-rank",
            "ranking-player",
            "players-club",
            "stats-discipline",
            "stats-matches",
            "stats-won",
            "stats-drawn",
            "stats-lost",
            "stats-points",
            "stats-innings",
            "stats-general-average",
            "stats-best-game-average",
            "stats-high-run",
            "stats-handicap-target",
        ],
    );
    for r in &ranking.rows {
        row(
            &mut out,
            sep,
            &[
                r.rank.to_string(),
                r.name.clone(),
                r.club.clone(),
                discipline(lang, ranking.query.discipline),
                r.matches.to_string(),
                r.won.to_string(),
                r.drawn.to_string(),
                r.lost.to_string(),
                r.points.to_string(),
                r.innings.to_string(),
                avg(lang, &r.general_average),
                r.best_game_average
                    .as_ref()
                    .map(|a| avg(lang, a))
                    .unwrap_or_default(),
                r.high_run.to_string(),
                r.handicap_target.to_string(),
            ],
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(field("Ruiz, Ana", ','), "\"Ruiz, Ana\"");
        assert_eq!(field("Ruiz, Ana", ';'), "Ruiz, Ana");
        assert_eq!(field("say \"hi\"", ';'), "\"say \"\"hi\"\"\"");
        assert_eq!(
            field("=HYPERLINK(\"x\")", ','),
            "\"'=HYPERLINK(\"\"x\"\")\""
        );
        assert_eq!(field("-3", ','), "-3");
        assert_eq!(field("1,846", ';'), "1,846");
    }

    #[test]
    fn languages_with_a_decimal_comma_separate_fields_with_semicolons() {
        assert_eq!(separator(Lang::En), ',');
        assert_eq!(separator(Lang::Fr), ';');
        assert_eq!(separator(Lang::Es), ';');
    }
}
