//! The words a sheet is printed in. A sealed sheet is verified by rendering it again, so
//! its words must not change once it is signed: each wording the app ever printed is a
//! number sealed in the envelope's options ([`crate::RenderOptions::wording`]). The
//! current one is the app's own messages (`locales/`); earlier ones are frozen here.

#[cfg(feature = "render")]
use carom_i18n::{Arg, Lang, Messages};
#[cfg(feature = "render")]
use std::sync::OnceLock;

#[cfg(feature = "render")]
use crate::SheetError;

/// The wording the app prints new sheets in: the messages of `locales/`. Wording 3 has
/// one word for a match in Spanish ("partida", where 2 printed "datos del partido").
pub const CURRENT_WORDING: u32 = 3;

/// The wording of the sheets sealed before the wording was sealed: frozen messages.
pub const FIRST_WORDING: u32 = 1;

/// Wording 2 (frozen): French non-breaking spaces before `: ; ! ?`, "l'acquit", a title
/// without an empty competition, corrections that name the player and the inning.
#[cfg(feature = "render")]
const SECOND_WORDING: u32 = 2;

/// The messages a sheet is printed with.
#[cfg(feature = "render")]
#[derive(Debug, Clone, Copy)]
pub(crate) enum Words {
    /// The app's messages in this language ([`CURRENT_WORDING`]).
    Current(Lang),
    /// A frozen earlier wording.
    Frozen {
        /// Which.
        wording: u32,
        /// Its messages in the sheet's language.
        messages: &'static Messages,
    },
}

#[cfg(feature = "render")]
impl Words {
    /// The words of `wording` in `lang`.
    ///
    /// # Errors
    /// [`SheetError::EnvelopeInvalid`] for a wording this version does not know (a sheet
    /// from a later version of the app).
    pub(crate) fn of(wording: u32, lang: Lang) -> Result<Words, SheetError> {
        match wording {
            CURRENT_WORDING => Ok(Words::Current(lang)),
            FIRST_WORDING | SECOND_WORDING => Ok(Words::Frozen {
                wording,
                messages: frozen(wording, lang),
            }),
            other => Err(SheetError::EnvelopeInvalid {
                detail: format!("unknown sheet wording {other}"),
            }),
        }
    }

    /// Which wording.
    pub(crate) fn wording(self) -> u32 {
        match self {
            Words::Current(_) => CURRENT_WORDING,
            Words::Frozen { wording, .. } => wording,
        }
    }

    /// Formats message `id` with `args`.
    pub(crate) fn tr(self, id: &str, args: &[(&str, Arg)]) -> String {
        match self {
            Words::Current(lang) => carom_i18n::tr(lang, id, args),
            Words::Frozen { messages, .. } => messages.tr(id, args),
        }
    }

    /// Formats message `id`.
    pub(crate) fn t(self, id: &str) -> String {
        self.tr(id, &[])
    }

    /// Whether message `id` exists.
    pub(crate) fn has(self, id: &str) -> bool {
        match self {
            Words::Current(lang) => carom_i18n::has(lang, id),
            Words::Frozen { messages, .. } => messages.has(id),
        }
    }
}

/// The frozen wordings' messages: `(wording, language, Fluent text)`.
#[cfg(feature = "render")]
const FROZEN: [(u32, Lang, &str); 6] = [
    (FIRST_WORDING, Lang::En, include_str!("wording/1-en.ftl")),
    (FIRST_WORDING, Lang::Fr, include_str!("wording/1-fr.ftl")),
    (FIRST_WORDING, Lang::Es, include_str!("wording/1-es.ftl")),
    (SECOND_WORDING, Lang::En, include_str!("wording/2-en.ftl")),
    (SECOND_WORDING, Lang::Fr, include_str!("wording/2-fr.ftl")),
    (SECOND_WORDING, Lang::Es, include_str!("wording/2-es.ftl")),
];

/// The messages of frozen `wording` in `lang`, parsed once.
#[cfg(feature = "render")]
fn frozen(wording: u32, lang: Lang) -> &'static Messages {
    static CELLS: [OnceLock<Messages>; FROZEN.len()] = [const { OnceLock::new() }; FROZEN.len()];
    let at = FROZEN
        .iter()
        .position(|(w, l, _)| *w == wording && *l == lang)
        .unwrap_or(0);
    CELLS[at].get_or_init(|| Messages::new(lang, [FROZEN[at].2]))
}

#[cfg(all(test, feature = "render"))]
mod tests {
    use super::*;

    #[test]
    fn the_first_wording_has_every_sheet_label_in_the_three_languages() {
        for lang in Lang::ALL {
            let Ok(words) = Words::of(FIRST_WORDING, lang) else {
                panic!("wording 1")
            };
            for id in [
                "sheet-title",
                "sheet-seal-note",
                "table-small",
                "setup-field-venue",
            ] {
                assert!(words.has(id), "{lang:?} {id}");
            }
            assert_eq!(words.wording(), FIRST_WORDING);
        }
        // Its French is the one printed then: plain spaces, "coup d'envoi".
        let Ok(fr) = Words::of(FIRST_WORDING, Lang::Fr) else {
            panic!("wording 1")
        };
        assert_eq!(fr.t("sheet-event-break"), "coup d’envoi");
        // Wording 2's: no-break spaces, "l'acquit", and "partido" in Spanish.
        let (Ok(fr), Ok(es)) = (
            Words::of(SECOND_WORDING, Lang::Fr),
            Words::of(SECOND_WORDING, Lang::Es),
        ) else {
            panic!("wording 2")
        };
        assert_eq!(fr.wording(), SECOND_WORDING);
        assert_eq!(fr.t("sheet-event-break"), "acquit");
        assert_eq!(fr.t("sheet-set-score"), "Score\u{a0}:");
        assert_eq!(
            es.t("sheet-event-edit-setup"),
            "datos del partido cambiados"
        );
    }

    #[test]
    fn every_frozen_wording_has_the_same_messages_in_the_three_languages() {
        let ids = |text: &str| -> Vec<String> {
            text.lines()
                .filter_map(|l| l.split_once(" = ").map(|(id, _)| id.to_owned()))
                .filter(|id| id.starts_with(|c: char| c.is_ascii_lowercase()))
                .collect()
        };
        for (wording, _, en) in FROZEN.iter().filter(|(_, l, _)| *l == Lang::En) {
            for (_, lang, text) in FROZEN.iter().filter(|(w, _, _)| w == wording) {
                assert_eq!(ids(text), ids(en), "wording {wording} {lang:?}");
            }
        }
        // The current wording prints what wording 2 printed, and more: no message a
        // sheet prints was dropped from the app's files.
        for (_, lang, text) in FROZEN.iter().filter(|(w, _, _)| *w == SECOND_WORDING) {
            for id in ids(text) {
                assert!(carom_i18n::has(*lang, &id), "{lang:?} {id}");
            }
        }
    }

    #[test]
    fn a_wording_from_a_later_version_is_refused() {
        assert!(Words::of(CURRENT_WORDING + 1, Lang::En).is_err());
        assert!(Words::of(0, Lang::En).is_err());
    }
}
