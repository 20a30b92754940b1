//! Exporting one stored match to a match file (`carambole-match/1`) the user picks: from
//! the history's list and from a finished match's page.

use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::Serialize;

use crate::backend::{invoke, IpcError};
use crate::state::i18n::I18n;

/// The one match a command is about.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchArgs {
    pub match_id: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExportArgs<'a> {
    match_id: i64,
    language: &'a str,
}

/// Exports match `id` to a file the user picks; `notice` says where, `error` why not.
pub fn export_match(
    i18n: I18n,
    id: i64,
    notice: RwSignal<Option<String>>,
    error: RwSignal<Option<IpcError>>,
) {
    spawn_local(async move {
        let lang = i18n.0.get_untracked();
        let args = ExportArgs {
            match_id: id,
            language: lang.code(),
        };
        match invoke::<_, Option<String>>("pick_and_export_match_file", &args).await {
            Ok(Some(path)) => {
                error.set(None);
                notice.set(Some(i18n.tr("history-exported", &[("path", path.into())])));
            }
            Ok(None) => {}
            Err(e) => error.set(Some(e)),
        }
    });
}
