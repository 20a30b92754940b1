//! What an import of match files did: how many were imported, already there or
//! refused, and why each file that was not imported was not.

pub use carom_api::ImportReport;
use carom_api::{ImportOutcome, ImportedFile};
use leptos::prelude::*;

use crate::state::i18n::use_i18n;

/// The result of an import: counts, then each file not imported with the reason.
#[component]
pub fn ImportResult(report: ImportReport) -> impl IntoView {
    let i18n = use_i18n();
    let (imported, duplicates, rejected) = (report.imported, report.duplicates, report.rejected);
    let lines: Vec<ImportedFile> = report
        .files
        .into_iter()
        .filter(|f| f.outcome != ImportOutcome::Imported)
        .collect();
    view! {
        <div class="banner ok import-report" role="status" data-testid="import-report">
            <p data-testid="import-summary">
                {move || [
                    i18n.tr("history-import-imported", &[("count", imported.into())]),
                    i18n.tr("history-import-duplicates", &[("count", duplicates.into())]),
                    i18n.tr("history-import-rejected", &[("count", rejected.into())]),
                ].into_iter().filter(|s| !s.trim().is_empty()).collect::<Vec<_>>().join(" ")}
            </p>
            <ul class="import-files">
                {lines.into_iter().map(|f| {
                    let kind = if f.outcome == ImportOutcome::Duplicate { "duplicate" } else { "rejected" };
                    view! {
                        <li class=kind data-testid="import-file">
                            {move || {
                                let reason = f.error.as_ref().map(|e| i18n.error(e)).unwrap_or_default();
                                let reason = match (f.outcome, f.id) {
                                    (ImportOutcome::Duplicate, Some(id)) => i18n.tr("history-import-duplicate", &[("id", id.into())]),
                                    _ => reason,
                                };
                                i18n.tr("history-import-file", &[("file", f.file.clone().into()), ("reason", reason.into())])
                            }}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </div>
    }
}
