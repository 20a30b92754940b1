//! Settings and preferences: the language, the theme, spoken announcements, the
//! averaging rule the new-match form proposes; and spoken announcements themselves.

use carom_core::{AverageRule, Lang};
use serde::{Deserialize, Serialize};

/// `get_settings`: what the UI needs at start.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GetSettings {}

/// The settings the UI needs at start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The language to show.
    pub language: Lang,
}

/// `set_language`: stores the user's language choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetLanguage {
    /// The language chosen.
    pub language: Lang,
}

/// The event told to every window (every tab of the web app) after the language or the
/// preferences changed, with no payload: each reads them again, so the scoreboard beside
/// the referee's window changes language and theme with it.
pub const SETTINGS_UPDATED: &str = "settings-updated";

/// `restore_backup`: replaces a database that cannot be opened by the newest automatic
/// backup.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreBackup {}

/// Light, dark, or as the system says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// As the system says.
    #[default]
    Auto,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl Theme {
    /// Every theme, in the order the settings offer them.
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// The id on the wire and in message ids (`settings-theme-<id>`).
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The referee's stored preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Preferences {
    /// Theme.
    #[serde(default)]
    pub theme: Theme,
    /// Speak the announcements.
    #[serde(default)]
    pub voice: bool,
    /// The averaging rule the new-match form proposes.
    #[serde(default)]
    pub average: AverageRule,
}

/// `get_preferences`: the stored preferences (defaults when none).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GetPreferences {}

/// `set_preferences`: stores the preferences; answers with what was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetPreferences {
    /// What to store.
    pub preferences: Preferences,
}

/// `speak`: says an announcement in a language, cutting the one still being spoken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Speak {
    /// The announcement.
    pub text: String,
    /// The announcement's language.
    pub lang: Lang,
}
