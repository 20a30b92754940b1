//! Exporting one stored match to a match file (`carambole-match/1`) the user picks: from
//! the history's list and from a finished match's page.

use crate::backend::{call, ApiError};
use crate::state::i18n::I18n;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Exports match `id` to a file the user picks; `notice` says where, `error` why not.
pub fn export_match(
    i18n: I18n,
    id: i64,
    notice: RwSignal<Option<String>>,
    error: RwSignal<Option<ApiError>>,
) {
    spawn_local(async move {
        let lang = i18n.0.get_untracked();
        let args = carom_api::PickAndExportMatchFile {
            match_id: id,
            language: lang.code().to_owned(),
        };
        match call(&args).await {
            Ok(Some(path)) => {
                error.set(None);
                notice.set(Some(i18n.tr("history-exported", &[("path", path.into())])));
            }
            Ok(None) => {}
            Err(e) => error.set(Some(e)),
        }
    });
}
