//! App-wide state, shared through context by every screen: which screen is up and the
//! stored matches ([`shell`]), the language ([`i18n`]), the preferences ([`prefs`]), the
//! match being scored ([`live`]) and its screen's view and dialog ([`match_ui`]), the
//! history's search ([`history`]), the voice that speaks the announcements
//! ([`speech`]), and the page's copy of the language and preferences for the next start
//! ([`start`]). Nothing here draws anything.

pub mod history;
pub mod i18n;
pub mod live;
pub mod match_ui;
pub mod prefs;
pub mod shell;
pub mod speech;
pub mod start;
