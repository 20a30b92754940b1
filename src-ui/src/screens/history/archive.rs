//! A finished match opened from the history: read-only, its full sheet and signatures,
//! and the export of its match file.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, ApiError};
use crate::components::nav::Back;
use crate::components::sheet_view::{SheetScreen, SheetView, SignatureImage};
use crate::screens::history::export::export_match;
use crate::state::i18n::use_i18n;
use crate::state::shell::Screen;

/// A finished match, read-only: its full sheet and signatures. Nothing here changes it.
#[component]
pub fn ArchivedMatch(id: i64) -> impl IntoView {
    let i18n = use_i18n();
    let sheet: RwSignal<Option<SheetScreen>> = RwSignal::new(None);
    let error: RwSignal<Option<ApiError>> = RwSignal::new(None);
    let notice: RwSignal<Option<String>> = RwSignal::new(None);
    spawn_local(async move {
        match call(&carom_api::GetSheet { match_id: id }).await {
            Ok(s) => sheet.set(Some(s)),
            Err(e) => error.set(Some(e)),
        }
    });
    view! {
        <link rel="stylesheet" href="stats.css"/>
        <link rel="stylesheet" href="history.css"/>
        <section class="archive" data-testid="archived-match">
            <Back screen=Screen::History/>
            <p class="read-only" data-testid="read-only">{move || i18n.t("history-read-only")}</p>
            {move || error.get().map(|e| view! {
                <p class="banner error" role="alert" data-testid="archive-error">{i18n.error(&e)}</p>
            })}
            {move || notice.get().map(|n| view! { <p class="banner ok" role="status" data-testid="archive-notice">{n}</p> })}
            {move || sheet.get().map(|s| {
                let signatures = s.signatures.clone();
                view! {
                    <div class="sheet-scroll">
                        <SheetView sheet=s/>
                    </div>
                    {(!signatures.is_empty()).then(|| view! {
                        <h3>{move || i18n.t("history-signatures")}</h3>
                        <ul class="archive-signatures" data-testid="archive-signatures">
                            {signatures.into_iter().map(|sig| {
                                let role = format!("sheet-role-{}", sig.role);
                                let name = sig.name.clone();
                                view! {
                                    <li>
                                        <span class="signer">{move || i18n.t(&role)}" · "{name.clone()}</span>
                                        <SignatureImage signature=sig/>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    })}
                }
            })}
            <div class="actions">
                <button class="secondary" data-testid="archive-export" on:click=move |_| export_match(i18n, id, notice, error)>
                    {move || i18n.t("history-export-file")}
                </button>
            </div>
        </section>
    }
}
