//! The languages the app speaks, as a type: the UI, the CLI, the PDF and the wire all name
//! a language by [`Lang`]. Pure and tiny, so that the wire contract (carom-api, which
//! depends on the core only) can carry it; carom-i18n re-exports it beside its messages.
//!
//! On the wire a language is its BCP 47 code, `"en"`, `"fr"` or `"es"`, exactly as the
//! settings store it; any other text is a deserialization error.

use serde::{Deserialize, Serialize};

/// A language the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    En,
    /// Français.
    Fr,
    /// Español.
    Es,
}

impl Lang {
    /// All languages, in the order the language switcher shows them.
    pub const ALL: [Lang; 3] = [Lang::Fr, Lang::Es, Lang::En];

    /// The BCP 47 code stored in settings and sent on the wire (`en`, `fr`, `es`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
        }
    }

    /// Parses a code such as `fr`, `fr-FR`, `es_ES.UTF-8` or `en-GB`; `None` for others.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code
            .split(['-', '_', '.'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// Picks the first supported language among the system's preferences, else English.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(Lang::from_code)
            .unwrap_or(Lang::En)
    }

    /// The decimal separator of this language (Fluent does not localise decimals).
    pub const fn decimal_separator(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Fr | Lang::Es => ',',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_crosses_as_its_code_and_only_an_exact_code_is_read() {
        for lang in Lang::ALL {
            let wire = serde_json::to_string(&lang).unwrap();
            assert_eq!(wire, format!("\"{}\"", lang.code()));
            assert_eq!(serde_json::from_str::<Lang>(&wire).unwrap(), lang);
        }
        assert!(serde_json::from_str::<Lang>("\"fr-FR\"").is_err());
        assert!(serde_json::from_str::<Lang>("\"klingon\"").is_err());
    }
}
