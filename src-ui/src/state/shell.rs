//! Which screen is up, the stored matches the home screen lists, the error that stops the
//! app, and the way from one screen to another: screens never name each other, they
//! [`navigate`](Shell::navigate) to a [`Screen`] and the router in `app.rs` draws it.

use crate::backend::{call, ApiError};
use crate::state::prefs::Preferences;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// A stored match as the home screen lists it.
pub use carom_api::MatchRow as MatchSummary;

/// The statistics area's screens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsRoute {
    /// The players list.
    Players,
    /// One player's page.
    Player(i64),
    /// The club ranking.
    Ranking,
}

/// Which screen is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewMatch,
    Match(i64),
    Settings,
    /// Players, statistics and the club ranking (`screens/players/`).
    Stats(StatsRoute),
    /// Signing and exporting the score sheet of a finished match.
    Sign(i64),
    /// The history of stored matches: search, pages, delete, import (`screens/history/`).
    History,
    /// Matches put in the trash, to restore.
    Trash,
    /// A finished match, read-only with its full sheet.
    Archive(i64),
    /// Backup and restore of the whole database (`screens/history/data.rs`).
    Data,
}

/// State shared by the screens.
#[derive(Clone, Copy)]
pub struct Shell {
    pub screen: RwSignal<Screen>,
    /// The stored matches, `None` until the store first listed them.
    pub matches: RwSignal<Option<Vec<MatchSummary>>>,
    pub fatal: RwSignal<Option<ApiError>>,
    /// The last match changed by any window: `(id, events)`.
    pub updated: RwSignal<(i64, usize)>,
    pub prefs: RwSignal<Preferences>,
}

impl Shell {
    /// Shows `screen` instead of the current one.
    pub fn navigate(self, screen: Screen) {
        self.screen.set(screen);
        forget_selection();
        // A screen opens at its top, not where the last one was scrolled to.
        if let Some(w) = web_sys::window() {
            let at = web_sys::ScrollToOptions::new();
            at.set_top(0.0);
            at.set_left(0.0);
            at.set_behavior(web_sys::ScrollBehavior::Instant);
            w.scroll_to_with_scroll_to_options(&at);
        }
    }

    /// Reloads the match list from the store.
    pub fn reload_matches(self) {
        spawn_local(async move {
            match call(&carom_api::ListMatches {}).await {
                Ok(list) => self.matches.set(Some(list)),
                Err(e) => self.fatal.set(Some(e)),
            }
        });
    }
}

/// Opens (or brings forward) the scoreboard window of match `id`: a second window of the
/// shell, which shows the match's scoreboard only.
pub fn open_scoreboard_window(id: i64) {
    spawn_local(async move {
        let _ = crate::backend::open_scoreboard(id).await;
    });
}

/// Forgets the page's selection at the next frame, once the screen or dialog that was
/// left is out of the page. Why: a text field that leaves the page while it has the focus
/// (the names typed in the new-match form) leaves the selection behind, as a caret in the
/// text near where it was, and the browser then places that caret again after every
/// change of the page: on a phone at 4× CPU, about 3 ms of every tap on the scoring
/// screen. No screen keeps a selection across a change of screen or dialog.
pub fn forget_selection() {
    request_animation_frame(|| {
        if let Some(selection) = web_sys::window().and_then(|w| w.get_selection().ok().flatten()) {
            let _ = selection.remove_all_ranges();
        }
    });
}
