//! The referee's preferences (theme, voice, averaging rule) and the language setting, as
//! the backend stores them; the live values are in [`Shell::prefs`](crate::state::shell::Shell)
//! and the [`I18n`](crate::state::i18n::I18n) signal.

use carom_core::AverageRule;
use serde::{Deserialize, Serialize};

/// Light, dark, or as the system says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The referee's preferences, as the backend stores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Preferences {
    #[serde(default)]
    pub theme: Theme,
    #[serde(default)]
    pub voice: bool,
    #[serde(default)]
    pub average: AverageRule,
}

/// The settings the backend hands out: the language chosen, by its code.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub language: String,
}
