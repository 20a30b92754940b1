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
    pub matches: RwSignal<Vec<MatchSummary>>,
    pub fatal: RwSignal<Option<ApiError>>,
    /// The last match changed by any window: `(id, events)`.
    pub updated: RwSignal<(i64, usize)>,
    pub prefs: RwSignal<Preferences>,
}

impl Shell {
    /// Shows `screen` instead of the current one.
    pub fn navigate(self, screen: Screen) {
        self.screen.set(screen);
    }

    /// Reloads the match list from the store.
    pub fn reload_matches(self) {
        spawn_local(async move {
            match call(&carom_api::ListMatches {}).await {
                Ok(list) => self.matches.set(list),
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
