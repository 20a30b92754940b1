//! The end of the match: the result and the score sheet on screen (R-SHEET-2/3), both
//! derived by the core from the events.

use carom_core::{ScoreSheet, Winner};
use leptos::prelude::*;

use crate::components::announcements::Announcements;
use crate::components::sheet_view::SheetView;
use crate::screens::play::dialogs::DialogHost;
use crate::state::i18n::{use_i18n, I18n};
use crate::state::live::use_live;
use crate::state::match_ui::{Dialog, Dialogs};
use crate::state::shell::{Screen, Shell};

/// The result in words.
fn result_text(i18n: I18n, sheet: &ScoreSheet) -> String {
    match sheet.result {
        Some(r) => {
            let reason = i18n.msg(&r.reason.message());
            match r.winner {
                Winner::Player(p) => i18n.tr(
                    "end-won",
                    &[
                        ("name", sheet.players[p].name.clone().into()),
                        ("reason", reason.into()),
                    ],
                ),
                Winner::Draw => i18n.tr("end-draw", &[("reason", reason.into())]),
            }
        }
        None => i18n.t("end-in-progress"),
    }
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    // Shown only while a match is open (the play screen's stage); should the match close
    // while this screen is still up, its last sheet stays.
    let Some(first) = live.game.with_untracked(|g| g.as_ref().map(|g| g.sheet())) else {
        return ().into_any();
    };
    let sheet = Memo::new(move |last: Option<&ScoreSheet>| {
        live.game
            .with(|g| g.as_ref().map(|g| g.sheet()))
            .or_else(|| last.cloned())
            .unwrap_or_else(|| first.clone())
    });
    let can_undo = move || live.can_undo();
    let locked = move || live.locked.get();
    let dialogs = expect_context::<Dialogs>();
    let shell = expect_context::<Shell>();
    view! {
        <section class="end" data-testid="end-screen" aria-labelledby="end-title">
            <h2 id="end-title">{i18n.text("end-title")}</h2>
            <Announcements/>
            <p class="result" role="status" data-testid="result">{move || result_text(i18n, &sheet.get())}</p>
            <div class="result-players">
                {move || sheet.with(|s| s.players.iter().map(|(i, p)| {
                    let t = p.totals;
                    let name = p.name.clone();
                    view! {
                        <div class="result-player" data-testid=format!("final-{i}")>
                            <h3>{name}</h3>
                            <p class="final-score">{t.points}</p>
                            <p>{move || i18n.tr("end-totals-line", &[
                                ("points", t.points.into()),
                                ("innings", t.innings.into()),
                                ("average", i18n.average(&t.general_average).into()),
                                ("high", t.high_run.into()),
                            ])}</p>
                        </div>
                    }
                }).collect_view())}
            </div>
            <div data-testid="sheet"><SheetView sheet=sheet/></div>
            // Next: reclamations and the three signatures, then the PDF (`signing.rs`). A
            // signed match is an official record: it is only looked at (the archive).
            <Show
                when=locked
                fallback=move || view! {
                    <button class="primary big" data-testid="end-sign"
                        on:click=move |_| shell.navigate(Screen::Sign(live.id))>
                        {i18n.text("sign-open")}
                    </button>
                }
            >
                <p class="read-only" data-testid="end-signed">{i18n.text("end-signed")}</p>
                <button class="primary big" data-testid="end-view-sheet"
                    on:click=move |_| shell.navigate(Screen::Archive(live.id))>
                    {i18n.text("history-view-sheet")}
                </button>
            </Show>
            <Show when=can_undo>
                <button class="secondary" data-testid="undo"
                    on:click=move |_| dialogs.open(Dialog::Undo)>
                    {i18n.text("scoring-undo")}
                </button>
            </Show>
            <DialogHost/>
        </section>
    }
    .into_any()
}
