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

/// The wording the app prints new sheets in: the messages of `locales/`, French
/// non-breaking spaces before `: ; ! ?`, "l'acquit", a title without an empty
/// competition, corrections that name the player and the inning.
pub const CURRENT_WORDING: u32 = 2;

/// The wording of the sheets sealed before the wording was sealed: frozen messages.
pub const FIRST_WORDING: u32 = 1;

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
            FIRST_WORDING => Ok(Words::Frozen {
                wording,
                messages: first(lang),
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

#[cfg(feature = "render")]
const FIRST: [(Lang, &str); 3] = [
    (Lang::En, include_str!("wording/1-en.ftl")),
    (Lang::Fr, include_str!("wording/1-fr.ftl")),
    (Lang::Es, include_str!("wording/1-es.ftl")),
];

#[cfg(feature = "render")]
fn first(lang: Lang) -> &'static Messages {
    static EN: OnceLock<Messages> = OnceLock::new();
    static FR: OnceLock<Messages> = OnceLock::new();
    static ES: OnceLock<Messages> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
        Lang::Es => &ES,
    };
    cell.get_or_init(|| {
        let text = FIRST
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or("", |(_, text)| *text);
        Messages::new(lang, [text])
    })
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
    }

    #[test]
    fn a_wording_from_a_later_version_is_refused() {
        assert!(Words::of(CURRENT_WORDING + 1, Lang::En).is_err());
        assert!(Words::of(0, Lang::En).is_err());
    }
}
