//! The history's search, kept for the life of the app: the user looks at a match and
//! comes back to the page he left.

use leptos::prelude::*;

/// The search as the user set it; kept while he looks at a match and comes back.
pub use carom_api::HistorySearch as HistoryFilter;

/// The history's search, shared by its screens (context).
#[derive(Clone, Copy)]
pub struct HistoryState {
    /// The history's search and page.
    pub filter: RwSignal<HistoryFilter>,
    /// The page of the trash.
    pub trash_page: RwSignal<u32>,
}

/// Provides the history's state for the life of the app.
pub fn provide_history_state() {
    provide_context(HistoryState {
        filter: RwSignal::new(HistoryFilter::default()),
        trash_page: RwSignal::new(0),
    });
}
