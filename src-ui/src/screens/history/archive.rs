//! A finished match opened from the history: read-only, its full sheet (fouls and the
//! equalizing inning marked), the warnings, protests and reclamations, the signatures,
//! and the exports — the signed PDF again, the match file.

use leptos::prelude::*;

use crate::backend::call;
use crate::components::loaded::{error_toast, loaded};
use crate::components::nav::Back;
use crate::components::sheet_view::{SheetNotes, SheetScreen, SheetView, SignatureImage};
use crate::screens::history::export::{export_action, Export};
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell};

/// A finished match, read-only: its full sheet and signatures. Nothing here changes it.
#[component]
pub fn ArchivedMatch(id: i64) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let notice: RwSignal<Option<String>> = RwSignal::new(None);
    let sheet = LocalResource::new(move || {
        let args = carom_api::GetSheet { match_id: id };
        async move { call(&args).await }
    });
    let export = export_action(i18n, notice);
    let signed = move |all: bool| {
        move || {
            sheet
                .get()
                .and_then(Result::ok)
                .is_some_and(|s| s.missing.is_empty() == all)
        }
    };
    let save = move |what: Export| {
        notice.set(None);
        export.dispatch(what);
    };
    view! {
        <link rel="stylesheet" href="stats.css"/>
        <link rel="stylesheet" href="history.css"/>
        <section class="archive" data-testid="archived-match">
            <Back screen=Screen::History/>
            <p class="read-only" data-testid="read-only">{i18n.text("history-read-only")}</p>
            {loaded("archive-error", move || sheet.get().map(|r| r.map(|s| view! { <Archived s/> }.into_any())))}
            <div class="actions">
                <Show when=signed(true)>
                    <button class="primary" data-testid="archive-pdf" on:click=move |_| save(Export::SheetPdf(id))>
                        {i18n.text("history-export-pdf")}
                    </button>
                </Show>
                <Show when=signed(false)>
                    <button class="primary" data-testid="archive-sign" on:click=move |_| shell.navigate(Screen::Sign(id))>
                        {i18n.text("history-continue-signing")}
                    </button>
                </Show>
                <button class="secondary" data-testid="archive-export" on:click=move |_| save(Export::MatchFile(id))>
                    {i18n.text("history-export-file")}
                </button>
            </div>
            // The answer to the buttons above, inside the viewport whatever the scroll.
            {move || export.value().get().and_then(Result::err).map(|e| error_toast("archive-error", i18n.error(&e)))}
            <div class="toasts" aria-live="polite">
                {move || notice.get().map(|n| view! { <p class="toast ok" role="status" data-testid="archive-notice">{n}</p> })}
            </div>
        </section>
    }
}

/// The sheet, its notes and its signatures.
#[component]
fn Archived(s: SheetScreen) -> impl IntoView {
    let i18n = use_i18n();
    let signatures = s.signatures.clone();
    view! {
        <SheetView sheet=s.sheet.clone()/>
        <SheetNotes s archive=true/>
        {(!signatures.is_empty()).then(|| view! {
            <h3>{i18n.text("history-signatures")}</h3>
            <ul class="archive-signatures" data-testid="archive-signatures">
                {signatures.into_iter().map(|sig| {
                    let role = format!("sheet-role-{}", sig.role.id());
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
}
