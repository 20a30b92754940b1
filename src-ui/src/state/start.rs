//! The page's own copy of the language and the preferences, so that the next start shows
//! its first screen in them at once, before the store has answered. On a phone the web
//! worker's start (SQLite's wasm, the OPFS file) is most of the time to the first screen,
//! and nothing on the home screen needs the store to be drawn. The store keeps the last
//! word: its answer replaces the copy (app.rs), and every change is copied again.
//!
//! A first visit (or a page whose storage was cleared) has no copy and waits for the store
//! as before: a first screen in a guessed language that then changes would be worse.

use carom_core::Lang;
use serde::{Deserialize, Serialize};

use crate::state::prefs::Preferences;

/// The key of the copy in the page's `localStorage`.
const KEY: &str = "carambole-start";

/// What a start needs before the store answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartCopy {
    pub language: Lang,
    pub prefs: Preferences,
}

impl StartCopy {
    /// The copy a previous start left, if any (a copy that does not read is no copy).
    pub fn recall() -> Option<StartCopy> {
        let text = storage()?.get_item(KEY).ok().flatten()?;
        serde_json::from_str(&text).ok()
    }

    /// Keeps this copy for the next start. A page that may not store (a private window
    /// over quota) simply starts as a first visit does.
    pub fn keep(self) {
        if let (Some(storage), Ok(text)) = (storage(), serde_json::to_string(&self)) {
            let _ = storage.set_item(KEY, &text);
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
