//! `carom-i18n`: every string a user sees comes from `locales/{en,fr,es}/*.ftl`.
//!
//! The files are embedded at build time (see `build.rs`), so the wasm UI, the CLI and
//! the PDF renderer share one set of messages. Unicode isolation marks are turned off:
//! they would end up in the DOM and in the PDF text.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use fluent::{concurrent::FluentBundle, FluentArgs, FluentResource, FluentValue};

include!(concat!(env!("OUT_DIR"), "/sources.rs"));

pub use carom_core::{Arg, Lang};

struct Catalog {
    bundles: BTreeMap<Lang, Messages>,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut bundles = BTreeMap::new();
        for lang in Lang::ALL {
            let texts = SOURCES
                .iter()
                .filter(|(c, _, _)| *c == lang.code())
                .map(|(_, _, text)| *text);
            bundles.insert(lang, Messages::new(lang, texts));
        }
        Catalog { bundles }
    })
}

/// A set of Fluent messages in one language. The app's own are reached with [`tr`] and
/// [`t`]; a set built from other sources is, for instance, the frozen wording a score
/// sheet was printed in, which verification must render again word for word.
pub struct Messages {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Messages")
    }
}

impl Messages {
    /// The messages of `sources` (Fluent texts) in `lang`, without isolation marks.
    /// What does not parse is left out (the tests of each set of sources check that
    /// everything parses).
    pub fn new<'a>(lang: Lang, sources: impl IntoIterator<Item = &'a str>) -> Messages {
        let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        bundle.set_use_isolating(false);
        for text in sources {
            let res = FluentResource::try_new(text.to_owned()).unwrap_or_else(|(r, _)| r);
            let _ = bundle.add_resource(res);
        }
        Messages { lang, bundle }
    }

    /// Formats message `id` with `args`; a missing id yields the id itself.
    pub fn tr(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_owned();
        };
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            match v {
                Arg::Number(n) => fargs.set(*k, FluentValue::from(*n)),
                Arg::Decimal(d) => {
                    fargs.set(*k, FluentValue::from(format_thousandths(self.lang, *d)))
                }
                Arg::Text(s) => fargs.set(*k, FluentValue::from(s.clone())),
            }
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fargs), &mut errors)
            .into_owned()
    }

    /// Whether message `id` exists.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }
}

/// Formats message `id` in `lang` with `args`.
///
/// A missing id yields the id itself, so a gap is visible rather than blank; the tests
/// make sure no id is missing in any language.
pub fn tr(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    catalog().bundles[&lang].tr(id, args)
}

/// Formats message `id` without arguments.
pub fn t(lang: Lang, id: &str) -> String {
    tr(lang, id, &[])
}

/// Whether message `id` exists in `lang`.
pub fn has(lang: Lang, id: &str) -> bool {
    catalog().bundles[&lang].has(id)
}

/// Formats a message of the rules engine (an announcement, an error, a prompt).
pub fn message(lang: Lang, m: &carom_core::Message) -> String {
    let args: Vec<(&str, Arg)> = m.args.iter().map(|(k, v)| (*k, v.clone())).collect();
    tr(lang, m.id, &args)
}

/// The message that says an undone action, as the sheet and the end screen show it:
/// what (an already translated `sheet-event-…`), whose, in which inning ("carom of
/// Gómez in inning 12 cancelled"), as much of it as is known. Returns the id and its
/// arguments.
pub fn undo_message(
    what: String,
    name: Option<String>,
    inning: Option<u32>,
) -> (&'static str, Vec<(&'static str, Arg)>) {
    let what = ("what", Arg::Text(what));
    match (name, inning) {
        (Some(name), Some(inning)) => (
            "sheet-correction-undo-inning",
            vec![
                what,
                ("name", Arg::Text(name)),
                ("inning", Arg::from(inning)),
            ],
        ),
        (Some(name), None) => (
            "sheet-correction-undo-player",
            vec![what, ("name", Arg::Text(name))],
        ),
        (None, _) => ("sheet-correction-undo", vec![what]),
    }
}

/// Formats thousandths (e.g. an average 1.234 as `1234`) with three decimals and the
/// language's decimal separator: `1.234` in English, `1,234` in French and Spanish.
pub fn format_thousandths(lang: Lang, thousandths: i64) -> String {
    let sign = if thousandths < 0 { "-" } else { "" };
    let v = thousandths.unsigned_abs();
    format!(
        "{sign}{}{}{:03}",
        v / 1000,
        lang.decimal_separator(),
        v % 1000
    )
}

/// A day as the language writes it, the one date format of every screen and of the
/// PDF: `2026-11-14` in English (ISO), `14/11/2026` in French and Spanish.
pub fn format_date(lang: Lang, year: i32, month: u32, day: u32) -> String {
    match lang {
        Lang::En => format!("{year:04}-{month:02}-{day:02}"),
        Lang::Fr | Lang::Es => format!("{day:02}/{month:02}/{year:04}"),
    }
}

/// A day and a time of day: [`format_date`] then `HH:MM` (24 hours, every language).
pub fn format_date_time(
    lang: Lang,
    (year, month, day): (i32, u32, u32),
    hour: u32,
    minute: u32,
) -> String {
    format!(
        "{} {hour:02}:{minute:02}",
        format_date(lang, year, month, day)
    )
}

/// The message ids defined by `lang`'s files (terms, which start with `-`, excluded).
pub fn message_ids(lang: Lang) -> BTreeSet<String> {
    SOURCES
        .iter()
        .filter(|(c, _, _)| *c == lang.code())
        .flat_map(|(_, _, text)| text.lines())
        .filter_map(|line| {
            let (id, _) = line.split_once('=')?;
            let id = id.trim_end();
            let ok = id.chars().next()?.is_ascii_alphabetic()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            ok.then(|| id.to_owned())
        })
        .collect()
}

/// The `(language, file name)` pairs embedded at build time.
pub fn sources() -> impl Iterator<Item = (&'static str, &'static str)> {
    SOURCES.iter().map(|(l, f, _)| (*l, *f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_languages_define_exactly_the_same_message_ids() {
        let en = message_ids(Lang::En);
        assert!(en.len() > 10, "English defines only {} ids", en.len());
        for lang in [Lang::Fr, Lang::Es] {
            let other = message_ids(lang);
            let missing: Vec<_> = en.difference(&other).collect();
            let extra: Vec<_> = other.difference(&en).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{lang:?}: missing {missing:?}, not in English {extra:?}"
            );
        }
    }

    #[test]
    fn no_message_id_is_defined_twice_in_a_language() {
        for lang in Lang::ALL {
            let mut seen = BTreeSet::new();
            for (_, file, text) in SOURCES.iter().filter(|(c, _, _)| *c == lang.code()) {
                let res = FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(r, _)| r);
                for entry in res.entries() {
                    if let fluent_syntax::ast::Entry::Message(m) = entry {
                        assert!(
                            seen.insert(m.id.name.to_owned()),
                            "{lang:?}: {} again in {file}",
                            m.id.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_three_languages_have_the_same_files() {
        let files = |l: Lang| -> BTreeSet<&str> {
            sources()
                .filter(|(c, _)| *c == l.code())
                .map(|(_, f)| f)
                .collect()
        };
        assert_eq!(files(Lang::En), files(Lang::Fr));
        assert_eq!(files(Lang::En), files(Lang::Es));
    }

    #[test]
    fn every_file_parses_without_fluent_errors() {
        for (lang, file, text) in SOURCES {
            if let Err((_, errors)) = FluentResource::try_new((*text).to_owned()) {
                panic!("{lang}/{file}: {errors:?}");
            }
        }
    }

    #[test]
    fn every_message_formats_in_every_language_without_isolation_marks() {
        for lang in Lang::ALL {
            for id in message_ids(lang) {
                let s = tr(lang, &id, &[("n", Arg::Number(2)), ("name", "X".into())]);
                assert!(!s.contains('\u{2068}') && !s.contains('\u{2069}'), "{id}");
                assert!(has(lang, &id));
            }
        }
    }

    /// The text of every message and attribute value of `lang`'s files, variant by
    /// variant, with `{}` where a placeable stands: `(file, id, text)`.
    fn texts(lang: Lang) -> Vec<(&'static str, String, String)> {
        use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
        fn walk(pattern: &Pattern<&str>, prefix: &str, out: &mut Vec<String>) {
            let mut texts = vec![prefix.to_owned()];
            for element in &pattern.elements {
                match element {
                    PatternElement::TextElement { value } => {
                        texts.iter_mut().for_each(|t| t.push_str(value));
                    }
                    PatternElement::Placeable { expression } => match expression {
                        Expression::Select { variants, .. } => {
                            // Each variant continues the text so far on its own.
                            let mut next = Vec::new();
                            for t in &texts {
                                for v in variants {
                                    let mut sub = Vec::new();
                                    walk(&v.value, &format!("{t}{{}}"), &mut sub);
                                    next.extend(sub.into_iter().map(|s| s + "{}"));
                                }
                            }
                            texts = next;
                        }
                        Expression::Inline(InlineExpression::StringLiteral { value }) => {
                            texts.iter_mut().for_each(|t| t.push_str(value));
                        }
                        Expression::Inline(_) => texts.iter_mut().for_each(|t| t.push_str("{}")),
                    },
                }
            }
            out.extend(texts);
        }
        let mut out = Vec::new();
        for (_, file, text) in SOURCES.iter().filter(|(c, _, _)| *c == lang.code()) {
            let res = FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(r, _)| r);
            for entry in res.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    let patterns = m.value.iter().chain(m.attributes.iter().map(|a| &a.value));
                    for pattern in patterns {
                        let mut found = Vec::new();
                        walk(pattern, "", &mut found);
                        out.extend(found.into_iter().map(|t| (*file, m.id.name.to_owned(), t)));
                    }
                }
            }
        }
        out
    }

    /// French typography: a no-break space before `: ; ! ?` and `»` and after `«`, so that
    /// a line never starts with them. The one chosen (docs/words.md): U+00A0 everywhere, not
    /// the narrow U+202F, which some of the fonts the screens fall back to draw as a box
    /// or as a full space; a plain space, no space or U+202F is a fault.
    fn french_spacing_faults(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let nbsp = |c: Option<&char>| matches!(c, Some('\u{a0}'));
        let mut faults = Vec::new();
        for (i, c) in chars.iter().enumerate() {
            let before = i.checked_sub(1).and_then(|j| chars.get(j));
            let after = chars.get(i + 1);
            // A colon, semicolon, ! or ? that ends a word (a space or the end follows):
            // `https://` or `15:30` are not punctuation of the sentence.
            let ends_word = after.is_none_or(|a| a.is_whitespace() || *a == '{');
            let fault = match c {
                // (A JSON key quoted in the CLI's help, `"command":`, is code.)
                ':' => ends_word && !nbsp(before) && before != Some(&'"'),
                ';' | '!' | '?' => ends_word && !nbsp(before),
                '»' => !nbsp(before),
                '«' => !nbsp(after),
                _ => false,
            };
            if fault {
                let from = i.saturating_sub(12);
                faults.push(chars[from..(i + 1).min(chars.len())].iter().collect());
            }
        }
        faults
    }

    #[test]
    fn french_puts_a_non_breaking_space_before_colons_semicolons_and_marks() {
        let mut faults = Vec::new();
        for (file, id, text) in texts(Lang::Fr) {
            for fault in french_spacing_faults(&text) {
                faults.push(format!("{file} {id}: …{fault}"));
            }
        }
        assert!(faults.is_empty(), "{}", faults.join("\n"));
        // The check itself sees what it must.
        assert_eq!(french_spacing_faults("Rappel : joue"), ["Rappel :"]);
        assert_eq!(french_spacing_faults("Qui ?"), ["Qui ?"]);
        assert_eq!(french_spacing_faults("« carambole »").len(), 2);
        assert_eq!(french_spacing_faults("Rappel:"), ["Rappel:"]);
        assert_eq!(french_spacing_faults("Temps\u{202f}!"), ["Temps\u{202f}!"]);
        assert!(
            french_spacing_faults("Rappel\u{a0}: 15:30 https://x «\u{a0}a\u{a0}» ok\u{a0}!")
                .is_empty()
        );
    }

    /// One apostrophe in every language (docs/words.md): the straight `'` the keyboard
    /// types, so that a text searched or compared (a test, a referee's search in the
    /// history) finds "l'acquit" however it was typed; a `’` beside it is a fault.
    #[test]
    fn every_language_writes_its_apostrophes_one_way() {
        let mut faults = Vec::new();
        for lang in [Lang::En, Lang::Fr, Lang::Es] {
            for (file, id, text) in texts(lang) {
                if text.contains('\u{2019}') {
                    faults.push(format!("{file} {id}: {text}"));
                }
            }
        }
        assert!(faults.is_empty(), "{}", faults.join("\n"));
    }

    #[test]
    fn system_locales_are_negotiated_to_a_supported_language() {
        assert_eq!(Lang::negotiate(["fr_FR.UTF-8"]), Lang::Fr);
        assert_eq!(Lang::negotiate(["de-DE", "es-AR"]), Lang::Es);
        assert_eq!(Lang::negotiate(["de-DE"]), Lang::En);
        assert_eq!(Lang::negotiate(["C"]), Lang::En);
    }

    #[test]
    fn averages_use_the_languages_decimal_separator() {
        assert_eq!(format_thousandths(Lang::En, 3076), "3.076");
        assert_eq!(format_thousandths(Lang::Fr, 3076), "3,076");
        assert_eq!(format_thousandths(Lang::Es, 42), "0,042");
    }

    #[test]
    fn an_undo_says_whose_action_and_which_inning_when_known() {
        let say = |name: Option<&str>, inning| {
            let (id, args) = undo_message("carom".into(), name.map(str::to_owned), inning);
            tr(Lang::En, id, &args)
        };
        assert_eq!(
            say(Some("Gómez"), Some(12)),
            "carom of Gómez in inning 12 cancelled"
        );
        assert_eq!(say(Some("Gómez"), None), "carom of Gómez cancelled");
        assert_eq!(say(None, Some(3)), "carom cancelled");
    }

    #[test]
    fn each_language_has_one_date_format() {
        assert_eq!(format_date(Lang::En, 2026, 12, 4), "2026-12-04");
        assert_eq!(format_date(Lang::Fr, 2026, 12, 4), "04/12/2026");
        assert_eq!(format_date(Lang::Es, 2026, 12, 4), "04/12/2026");
        assert_eq!(
            format_date_time(Lang::Fr, (2026, 1, 31), 9, 5),
            "31/01/2026 09:05"
        );
        assert_eq!(
            format_date_time(Lang::En, (2026, 1, 31), 21, 45),
            "2026-01-31 21:45"
        );
    }

    #[test]
    fn a_missing_id_shows_itself_rather_than_nothing() {
        assert_eq!(t(Lang::En, "no-such-message"), "no-such-message");
    }
}
