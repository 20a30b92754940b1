//! Saving a stored match to a file the user picks: its match file (`carambole-match/1`),
//! from the history's list and from a finished match's page, or its signed PDF again.
//! One action type for both, which call the same kind of command.

use carom_api::{ExportSheetPdf, PickAndExportMatchFile};
use leptos::prelude::*;

use crate::backend::call;
use crate::components::loaded::Answer;
use crate::state::i18n::I18n;

/// What is saved, of which match.
#[derive(Debug, Clone, Copy)]
pub enum Export {
    /// The match file.
    MatchFile(i64),
    /// The signed sheet's PDF.
    SheetPdf(i64),
}

/// The saving of an [`Export`]: `notice` then says where the file went (nothing when the
/// user cancelled the dialog); the action's value holds the error.
pub fn export_action(
    i18n: I18n,
    notice: RwSignal<Option<String>>,
) -> Action<Export, Answer<Option<String>>> {
    Action::new_local(move |what: &Export| {
        let what = *what;
        let language = i18n.0.get_untracked();
        async move {
            let (saved, message, arg) = match what {
                Export::MatchFile(match_id) => (
                    call(&PickAndExportMatchFile { match_id, language }).await,
                    "history-exported",
                    "path",
                ),
                Export::SheetPdf(match_id) => (
                    call(&ExportSheetPdf { match_id, language }).await,
                    "sign-exported",
                    "file",
                ),
            };
            if let Ok(Some(file)) = &saved {
                notice.set(Some(i18n.tr(message, &[(arg, file.clone().into())])));
            }
            saved
        }
    })
}
