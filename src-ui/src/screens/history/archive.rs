//! A finished match opened from the history: read-only, its full sheet (fouls and the
//! equalizing inning marked), the warnings, protests and reclamations, the signatures,
//! and the exports — the signed PDF again, the match file.

use leptos::prelude::*;

use crate::backend::call;
use crate::components::loaded::{error_toast, loaded};
use crate::components::nav::Back;
use crate::components::sheet_view::{SheetScreen, SheetView, SignatureImage};
use crate::screens::history::export::{export_action, Export};
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell};

/// The warnings, protests and reclamations of the sheet, each under its player's name.
#[component]
fn Notes(sheet: SheetScreen) -> impl IntoView {
    let i18n = use_i18n();
    let names = [sheet.players[0].name.clone(), sheet.players[1].name.clone()];
    let listed = |notes: Vec<carom_api::ScreenNote>| {
        notes
            .into_iter()
            .map(|n| {
                let who = names[n.player.index()].clone();
                view! { <li><strong>{i18n.tr("ui-labelled", &[("label", who.into())])}</strong>" "{n.text}</li> }
            })
            .collect_view()
    };
    let warnings = sheet.warnings.clone();
    let protests = sheet.protests.clone();
    let reclamations: Vec<carom_api::ScreenNote> = sheet
        .reclamations
        .iter()
        .enumerate()
        .filter_map(|(i, text)| {
            let player = if i == 0 {
                carom_core::Player::A
            } else {
                carom_core::Player::B
            };
            text.clone()
                .map(|text| carom_api::ScreenNote { player, text })
        })
        .collect();
    view! {
        <section class="notes archive-notes" data-testid="archive-notes">
            <h3>{i18n.text("sign-warnings")}</h3>
            {if warnings.is_empty() {
                view! { <p class="empty">{i18n.text("sheet-no-warnings")}</p> }.into_any()
            } else {
                view! { <ul data-testid="archive-warnings">{listed(warnings)}</ul> }.into_any()
            }}
            {(!protests.is_empty()).then(|| view! {
                <h3>{i18n.text("sign-protests")}</h3>
                <ul data-testid="archive-protests">{listed(protests)}</ul>
            })}
            <h3>{i18n.text("sign-reclamations")}</h3>
            {if reclamations.is_empty() {
                view! { <p class="empty" data-testid="archive-reclamations">{i18n.text("sheet-no-reclamations")}</p> }.into_any()
            } else {
                view! { <ul data-testid="archive-reclamations">{listed(reclamations)}</ul> }.into_any()
            }}
        </section>
    }
}

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
        <div class="sheet-scroll">
            <SheetView sheet=s.clone()/>
        </div>
        <Notes sheet=s/>
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
