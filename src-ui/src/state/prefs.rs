//! The referee's preferences (theme, voice, averaging rule) are carom-api's
//! [`Preferences`]; the live values are in
//! [`Shell::prefs`](crate::state::shell::Shell) and the [`I18n`](crate::state::i18n::I18n)
//! signal.

pub use carom_api::{Preferences, Theme};
