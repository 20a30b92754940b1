//! The end of the match: the result and the score sheet on screen (R-SHEET-2/3), both
//! derived by the core from the events.

use carom_core::sheet::SheetCell;
use carom_core::{Correction, Player, ScoreSheet, Winner};
use leptos::prelude::*;

use crate::components::announcements::Announcements;
use crate::screens::play::dialogs::DialogHost;
use crate::state::i18n::{use_i18n, I18n};
use crate::state::live::use_live;
use crate::state::match_ui::{Dialog, Dialogs};
use crate::state::shell::{Screen, Shell};

/// The result in words.
pub fn result_text(i18n: I18n, sheet: &ScoreSheet) -> String {
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

fn cell(c: Option<SheetCell>) -> impl IntoView {
    match c {
        Some(c) => view! {
            <td class="sheet-run" class:foul=c.foul>{c.run}</td>
            <td class="total">{c.total}</td>
        }
        .into_any(),
        None => view! { <td></td><td></td> }.into_any(),
    }
}

/// The sheet as a table per game (set).
#[component]
pub fn SheetView(#[prop(into)] sheet: Signal<ScoreSheet>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="sheet" data-testid="sheet">
            {move || sheet.with(|s| s.sets.iter().map(|set| {
                let names = [s.players[Player::A].name.clone(), s.players[Player::B].name.clone()];
                let rows = set.rows.clone();
                let totals = set.totals;
                let multi = s.sets.len() > 1;
                let number = set.number;
                view! {
                    <div class="sheet-scroll">
                    <table class="sheet-table">
                        <caption>
                            {move || if multi { i18n.tr("end-set", &[("set", u32::from(number).into())]) } else { i18n.t("end-sheet") }}
                        </caption>
                        <thead>
                            <tr>
                                <th scope="col" rowspan="2">{i18n.text("end-inning")}</th>
                                <th scope="col" colspan="2">{names[0].clone()}</th>
                                <th scope="col" colspan="2">{names[1].clone()}</th>
                            </tr>
                            <tr>
                                <th scope="col">{i18n.text("end-run")}</th><th scope="col">{i18n.text("end-total")}</th>
                                <th scope="col">{i18n.text("end-run")}</th><th scope="col">{i18n.text("end-total")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {rows.into_iter().map(|r| view! {
                                <tr><th scope="row">{r.inning}</th>{cell(r.cells[Player::A])}{cell(r.cells[Player::B])}</tr>
                            }).collect_view()}
                        </tbody>
                        <tfoot>
                            <tr>
                                <th scope="row">{i18n.text("end-totals")}</th>
                                {totals.into_array().map(|t| view! {
                                    <td colspan="2">
                                        {move || i18n.tr("end-totals-line", &[
                                            ("points", t.points.into()),
                                            ("innings", t.innings.into()),
                                            ("average", i18n.average(&t.general_average).into()),
                                            ("high", t.high_run.into()),
                                        ])}
                                    </td>
                                })}
                            </tr>
                        </tfoot>
                    </table>
                    </div>
                }
            }).collect_view())}
            {move || sheet.with(|s| {
                let names = [s.players[Player::A].name.clone(), s.players[Player::B].name.clone()];
                let fixes: Vec<String> = s.corrections.iter().map(|c| match c {
                    Correction::Undo { undone, player, inning, .. } => {
                        let what = i18n.t(&format!("sheet-event-{}", undone.kind()));
                        let name = player.map(|p| names[p.index()].clone());
                        let (id, args) = carom_i18n::undo_message(what, name, *inning);
                        i18n.tr(id, &args)
                    }
                    Correction::EditInning { player, inning, old_run, new_run, .. } => i18n.tr("sheet-correction-edit", &[
                        ("name", names[player.index()].clone().into()),
                        ("inning", (*inning).into()),
                        ("before", (*old_run).into()),
                        ("after", (*new_run).into()),
                    ]),
                    Correction::EditSetup { field, before, after, .. } => {
                        let shown = |v: &Option<carom_core::SetupValue>| {
                            v.as_ref().map_or_else(|| i18n.t("sheet-setup-none"), carom_core::SetupValue::display)
                        };
                        i18n.tr("sheet-correction-setup", &[
                            ("field", i18n.t(field.message_id()).into()),
                            ("before", shown(before).into()),
                            ("after", shown(after).into()),
                        ])
                    }
                }).collect();
                (!fixes.is_empty()).then(|| view! {
                    <section class="corrections" data-testid="corrections">
                        <h3>{i18n.text("end-corrections")}</h3>
                        <ul>{fixes.into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}</ul>
                    </section>
                })
            })}
        </div>
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
            <SheetView sheet=sheet/>
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
