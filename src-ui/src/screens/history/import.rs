//! What an import of match files did: how many were imported, already there or
//! refused, and why each file that was not imported was not.

use leptos::prelude::*;
use serde::Deserialize;

use crate::backend::IpcError;
use crate::state::i18n::use_i18n;

/// What became of one imported file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
struct ImportedFile {
    file: String,
    outcome: String,
    id: Option<i64>,
    error: Option<IpcError>,
}

/// The result of an import.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ImportReport {
    imported: u32,
    duplicates: u32,
    rejected: u32,
    files: Vec<ImportedFile>,
}

/// The result of an import: counts, then each file not imported with the reason.
#[component]
pub fn ImportResult(report: ImportReport) -> impl IntoView {
    let i18n = use_i18n();
    let (imported, duplicates, rejected) = (report.imported, report.duplicates, report.rejected);
    let lines: Vec<ImportedFile> = report
        .files
        .into_iter()
        .filter(|f| f.outcome != "imported")
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
                    let kind = if f.outcome == "duplicate" { "duplicate" } else { "rejected" };
                    view! {
                        <li class=kind data-testid="import-file">
                            {move || {
                                let reason = f.error.as_ref().map(|e| i18n.error(e)).unwrap_or_default();
                                let reason = match (f.outcome.as_str(), f.id) {
                                    ("duplicate", Some(id)) => i18n.tr("history-import-duplicate", &[("id", id.into())]),
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
