//! The current language as a reactive value, and message lookup in it.

use carom_i18n::{Arg, Lang};
use leptos::prelude::*;

use crate::backend::{call, ApiError};
use crate::state::shell::Shell;

/// The language signal shared through context.
#[derive(Clone, Copy)]
pub struct I18n(pub RwSignal<Lang>);

/// The language context.
pub fn use_i18n() -> I18n {
    expect_context::<I18n>()
}

impl I18n {
    /// Message `id` in the current language (reactive when called inside a view).
    pub fn t(self, id: &str) -> String {
        carom_i18n::t(self.0.get(), id)
    }

    /// Message `id` as a view's text or attribute, relabelled when the language changes.
    /// One closure type for every fixed label of the UI, where each `move || i18n.t(..)`
    /// is a type of its own: the view code Leptos generates for a label is then shared
    /// by all of them (the app shell's wasm is what a phone downloads first).
    pub fn text(self, id: &'static str) -> impl Fn() -> String + Copy + Send + Sync + 'static {
        move || self.t(id)
    }

    /// Message `id` with arguments.
    pub fn tr(self, id: &str, args: &[(&str, Arg)]) -> String {
        carom_i18n::tr(self.0.get(), id, args)
    }

    /// A backend error in the current language, a signer role in it named as the sheet
    /// names it.
    pub fn error(self, e: &ApiError) -> String {
        let (id, args) = e
            .code
            .message_naming(|r| self.t(&format!("sheet-role-{}", r.id())));
        self.tr(id, &args)
    }
}

impl I18n {
    /// A message of the rules engine (announcement, prompt, foul, error) in the current
    /// language.
    pub fn msg(self, m: &carom_core::Message) -> String {
        carom_i18n::message(self.0.get(), m)
    }

    /// An average (thousandths) with the language's decimal separator.
    pub fn average(self, a: &carom_core::Average) -> String {
        carom_i18n::format_thousandths(self.0.get(), a.thousandths as i64)
    }
}

/// Stores the language `code` as the app's, then shows the app in it.
pub fn choose_language(i18n: I18n, shell: Shell, lang: Lang) {
    leptos::task::spawn_local(async move {
        match call(&carom_api::SetLanguage { language: lang }).await {
            Ok(s) => i18n.0.set(s.language),
            Err(e) => shell.fatal.set(Some(e)),
        }
    });
}

#[cfg(test)]
mod tests {
    //! The words of issue 12 checked in the three languages of `locales/`.

    use carom_i18n::{tr, Arg, Lang};

    /// Message `id` with every argument of `args` set, and `count` for `var`.
    fn say(lang: Lang, id: &str, var: &str, count: i64) -> String {
        let mut args: Vec<(&str, Arg)> =
            ["a", "b", "points", "innings", "n", "events", "max", "run"]
                .into_iter()
                .map(|k| (k, Arg::Number(7)))
                .collect();
        args.extend([
            ("average", Arg::Text("1.000".into())),
            ("high", Arg::Number(1)),
            ("file", Arg::Text("m.json".into())),
            ("id", Arg::Number(3)),
        ]);
        args.retain(|(k, _)| *k != var);
        args.push((var, Arg::Number(count)));
        tr(lang, id, &args)
    }

    #[test]
    fn counts_of_one_take_the_singular_through_a_plural_selector_in_every_language() {
        // (id, variable, [(singular, plural); en, fr, es]).
        type Case = (
            &'static str,
            &'static str,
            [(&'static str, &'static str); 3],
        );
        let cases: [Case; 6] = [
            (
                "end-totals-line",
                "points",
                [
                    ("1 point ", "2 points"),
                    ("1 point ", "2 points"),
                    ("1 punto ", "2 puntos"),
                ],
            ),
            (
                "end-totals-line",
                "innings",
                [
                    ("1 inning,", "2 innings"),
                    ("1 reprise,", "2 reprises"),
                    ("1 entrada,", "2 entradas"),
                ],
            ),
            (
                "home-match-targets",
                "b",
                [
                    ("1 point", "2 points"),
                    ("1 point", "2 points"),
                    ("1 punto", "2 puntos"),
                ],
            ),
            (
                "sheet-distance-points",
                "n",
                [
                    ("1 point", "2 points"),
                    ("1 point", "2 points"),
                    ("1 punto", "2 puntos"),
                ],
            ),
            (
                "store-cli-imported",
                "events",
                [
                    ("1 event)", "2 events"),
                    ("1 événement)", "2 événements"),
                    ("1 evento)", "2 eventos"),
                ],
            ),
            (
                "error-play-run-too-long",
                "max",
                [
                    ("1 point ", "2 points"),
                    ("1 point ", "2 points"),
                    ("1 punto ", "2 puntos"),
                ],
            ),
        ];
        for (id, var, words) in cases {
            for (lang, (one, many)) in [Lang::En, Lang::Fr, Lang::Es].into_iter().zip(words) {
                let single = say(lang, id, var, 1);
                let plural = say(lang, id, var, 2);
                // "1 points" contains "1 point": the plural word with 1 must be absent.
                let wrong = many.replace('2', "1");
                assert!(
                    single.contains(one) && !single.contains(&wrong),
                    "{id} {lang:?} with {var}=1: {single}"
                );
                assert!(
                    plural.contains(many),
                    "{id} {lang:?} with {var}=2: {plural}"
                );
            }
        }
    }

    #[test]
    fn the_error_on_a_too_long_referee_name_names_the_referee() {
        for (lang, word) in [
            (Lang::En, "referee"),
            (Lang::Fr, "arbitre"),
            (Lang::Es, "árbitro"),
        ] {
            for e in [
                carom_core::setup::SetupError::TextTooLong { field: "referee" },
                carom_core::setup::SetupError::TextControlChars { field: "referee" },
            ] {
                let text = carom_i18n::message(lang, &e.message());
                assert!(text.contains(word), "{lang:?}: {text}");
                assert!(!text.starts_with("referee"), "{lang:?}: {text}");
            }
        }
    }

    #[test]
    fn every_event_undone_on_the_sheet_is_named_in_the_sheets_language() {
        for lang in Lang::ALL {
            for kind in carom_core::file::EVENT_TYPES {
                let id = format!("sheet-event-{kind}");
                assert!(carom_i18n::has(lang, &id), "{id} missing in {lang:?}");
            }
        }
        // The Spanish sheet names the zone call in Spanish, not "zone".
        assert_eq!(
            carom_i18n::t(Lang::Es, "sheet-event-zone"),
            "anuncio de zona"
        );
    }

    #[test]
    fn the_spanish_push_shot_foul_is_named_in_the_sports_spanish() {
        let name = carom_i18n::t(Lang::Es, "foul-push-shot");
        assert!(name.starts_with("Doble toque"), "{name}");
    }
}
