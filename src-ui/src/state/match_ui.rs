//! The match screen's own state, shared by its screens, the keyboard and the dialogs
//! through context: referee screens or the scoreboard, and the dialog that is open.

use leptos::prelude::*;

/// Referee screens or the spectator scoreboard (full screen, same window).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Referee,
    Scoreboard,
}

/// The mode of the match screen.
#[derive(Clone, Copy)]
pub struct Mode(pub RwSignal<View>);

/// Which dialog is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    Foul,
    OffTable,
    Contact,
    Undo,
    More,
    Keys,
    Details,
}

/// The open dialog, shared by the buttons and the keyboard.
#[derive(Clone, Copy)]
pub struct Dialogs(pub RwSignal<Option<Dialog>>);

impl Dialogs {
    /// Opens dialog `d` (in place of any open one).
    pub fn open(self, d: Dialog) {
        self.0.set(Some(d));
    }

    /// Closes the open dialog.
    pub fn close(self) {
        self.0.set(None);
        crate::state::shell::forget_selection();
    }
}
