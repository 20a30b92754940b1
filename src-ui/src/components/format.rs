//! How values are written on screen in the current language: times, averages,
//! discipline names; and how long a name's longest word is.

use carom_core::{Average, Discipline};
use carom_i18n::{format_thousandths, Lang};
use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::state::i18n::I18n;

/// A stored RFC 3339 time shown in the user's time zone, in the app's one date format
/// for `lang` ([`carom_i18n::format_date_time`]: `14/11/2026 15:30`, `2026-11-14 15:30`).
pub fn local_time(rfc3339: &str, lang: &str) -> String {
    let date = js_sys::Date::new(&JsValue::from_str(rfc3339));
    if date.get_time().is_nan() {
        return rfc3339.to_owned();
    }
    carom_i18n::format_date_time(
        Lang::from_code(lang).unwrap_or(Lang::En),
        (
            date.get_full_year() as i32,
            date.get_month() + 1,
            date.get_date(),
        ),
        date.get_hours(),
        date.get_minutes(),
    )
}

/// The day of a stored RFC 3339 time in the user's time zone, in the app's one date
/// format for `lang` ([`carom_i18n::format_date`]).
pub fn local_day(rfc3339: &str, lang: &str) -> String {
    let date = js_sys::Date::new(&JsValue::from_str(rfc3339));
    if date.get_time().is_nan() {
        return rfc3339.to_owned();
    }
    carom_i18n::format_date(
        Lang::from_code(lang).unwrap_or(Lang::En),
        date.get_full_year() as i32,
        date.get_month() + 1,
        date.get_date(),
    )
}

/// An average with three decimals in the current language.
pub fn average_text(i18n: I18n, a: &Average) -> String {
    format_thousandths(
        i18n.0.get(),
        i64::try_from(a.thousandths).unwrap_or(i64::MAX),
    )
}

/// The discipline's name in the current language.
pub fn discipline_name(i18n: I18n, d: Discipline) -> String {
    i18n.t(&format!("app-discipline-{}", d.id()))
}

/// The length in characters of the longest part of `name` that a line cannot be broken
/// in (browsers break at spaces and after hyphens). The player panels and the board
/// make a name's font small enough for that part to fit their width (styles.css,
/// `--word`), so that "Montmorency" is not shown as "Montmore" over "ncy".
pub fn longest_word(name: &str) -> usize {
    name.split_whitespace()
        .flat_map(|w| w.split_inclusive('-'))
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0)
}

/// The `style` that tells styles.css the length of a name's longest word (at least 1:
/// the CSS divides by it).
pub fn word_style(longest: usize) -> String {
    format!("--word:{}", longest.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_word_is_counted_in_characters_between_spaces_and_after_hyphens() {
        assert_eq!(longest_word("Jean-Christophe Delacroix-Montmorency"), 11);
        assert_eq!(longest_word("Frédéric Caudron-Vandenberghe"), 12);
        assert_eq!(longest_word("  Jean-  "), 5);
        assert_eq!(longest_word("Ñúñez"), 5);
        assert_eq!(longest_word(""), 0);
        assert_eq!(word_style(0), "--word:1");
        assert_eq!(word_style(longest_word("Blomdahl")), "--word:8");
    }
}
