//! The score sheet on screen (issue 5): header, innings grid set by set, totals, result,
//! and the signatures given so far, drawn from their vector strokes.

use carom_i18n::format_thousandths;
use leptos::prelude::*;

use crate::state::i18n::use_i18n;

use carom_api::SheetResult;
pub use carom_api::{ScreenSignature, SheetScreen};

/// The signature of `role` on `sheet`, if given.
pub fn signature_of(sheet: &SheetScreen, role: carom_core::SignerRole) -> Option<&ScreenSignature> {
    sheet.signatures.iter().find(|s| s.role == role)
}

fn cell(v: Option<u32>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| v.to_string())
}

/// A player's run in the grid, with the foul mark when his inning ended with a foul.
fn run_cell(i18n: crate::state::i18n::I18n, run: Option<u32>, foul: bool) -> impl IntoView {
    view! {
        <td class:foul=foul data-foul=foul.then_some("true")>
            {cell(run)}
            {foul.then(|| view! { <sup class="foul-mark">{i18n.text("sheet-foul-mark")}</sup> })}
        </td>
    }
}

/// The sheet, read-only.
#[component]
pub fn SheetView(sheet: SheetScreen) -> impl IntoView {
    let i18n = use_i18n();
    let [a, b] = sheet.players.clone();
    let names = [a.name.clone(), b.name.clone()];
    let result = match (sheet.result, sheet.winner) {
        (SheetResult::Draw, _) | (_, None) => ("sheet-result-draw", String::new()),
        (SheetResult::Forfeit, Some(w)) => ("sheet-result-forfeit", names[w.index()].clone()),
        (_, Some(w)) => ("sheet-result-win", names[w.index()].clone()),
    };
    let discipline = format!("sheet-discipline-{}", sheet.discipline.id());
    let with_sets = sheet.sets.len() > 1;
    let totals = sheet.players.clone();
    let rows = || sheet.sets.iter().flat_map(|s| s.rows.iter());
    let any_foul = rows().any(|r| r.fouls.contains(&true));
    let any_equalizing = rows().any(|r| r.equalizing);
    let referee = sheet.referee.trim().to_owned();
    view! {
        <article class="sheet" data-testid="sheet-view">
            <header class="sheet-head">
                <h2>{i18n.text("sheet-title")}</h2>
                <p>{move || i18n.t(&discipline)}</p>
                {(!referee.is_empty()).then(|| view! {
                    <p data-testid="sheet-referee">{move || i18n.tr("ui-labelled", &[("label", i18n.t("sheet-referee").into())])}" "<strong>{referee.clone()}</strong></p>
                })}
                <p class="sheet-result" data-testid="sheet-result">
                    {move || i18n.tr(result.0, &[("name", result.1.clone().into())])}
                </p>
            </header>
            {sheet.sets.into_iter().map(|set| {
                let names = names.clone();
                view! {
                    <table class="sheet-grid" data-testid="sheet-grid">
                        {with_sets.then(|| {
                            let n = set.number;
                            view! { <caption>{move || i18n.tr("sheet-set", &[("n", n.into())])}</caption> }
                        })}
                        <thead>
                            <tr>
                                <th rowspan="2">{i18n.text("sheet-inning-short")}</th>
                                <th colspan="2">{names[0].clone()}</th>
                                <th colspan="2">{names[1].clone()}</th>
                            </tr>
                            <tr>
                                <th>{i18n.text("sheet-run")}</th>
                                <th>{i18n.text("sheet-total")}</th>
                                <th>{i18n.text("sheet-run")}</th>
                                <th>{i18n.text("sheet-total")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {set.rows.into_iter().map(|r| view! {
                                <tr class:eq-row=r.equalizing data-testid=r.equalizing.then_some("equalizing-row")>
                                    <td>{r.inning}{r.equalizing.then_some("†")}</td>
                                    {run_cell(i18n, r.runs[0], r.fouls[0])}
                                    <td>{r.totals[0]}</td>
                                    {run_cell(i18n, r.runs[1], r.fouls[1])}
                                    <td>{r.totals[1]}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                }
            }).collect_view()}
            {(any_equalizing || any_foul).then(|| view! {
                <p class="sheet-legend" data-testid="sheet-legend">
                    {any_equalizing.then(|| view! { <span>"† "{i18n.text("sheet-equalizing-inning")}</span> })}
                    {any_foul.then(|| view! {
                        <span><sup class="foul-mark">{i18n.text("sheet-foul-mark")}</sup>" "{i18n.text("sheet-foul-note")}</span>
                    })}
                </p>
            })}
            <table class="sheet-totals" data-testid="sheet-totals">
                <thead>
                    <tr>
                        <th></th>
                        <th>{i18n.text("sheet-points")}</th>
                        <th>{i18n.text("sheet-innings")}</th>
                        <th>{i18n.text("sheet-general-average")}</th>
                        <th>{i18n.text("sheet-high-run")}</th>
                        <th>{i18n.text("sheet-best-game-average")}</th>
                    </tr>
                </thead>
                <tbody>
                    {totals.into_iter().map(|p| {
                        let (general, best) = (p.general_average, p.best_game_average);
                        view! {
                        // Each figure says what it is, for the phone, where the table stacks.
                        <tr>
                            <th>{p.name.clone()}</th>
                            <td data-label=i18n.text("sheet-points")>{p.points}" / "{p.target}</td>
                            <td data-label=i18n.text("sheet-innings")>{p.innings}</td>
                            <td data-label=i18n.text("sheet-general-average")>{move || format_thousandths(i18n.0.get(), general.into())}</td>
                            <td data-label=i18n.text("sheet-high-run")>{p.high_run}</td>
                            <td data-label=i18n.text("sheet-best-game-average")>{move || format_thousandths(i18n.0.get(), best.into())}</td>
                        </tr>
                    }}).collect_view()}
                </tbody>
            </table>
        </article>
    }
}

/// A signature drawn from its strokes.
#[component]
pub fn SignatureImage(signature: ScreenSignature) -> impl IntoView {
    let view_box = format!("0 0 {} {}", signature.width.max(1), signature.height.max(1));
    let width = (f32::from(signature.height.max(1)) / 60.0).max(1.0);
    view! {
        <svg class="signature-image" data-testid="signature-image" viewBox=view_box role="img" aria-label=signature.name.clone()>
            <path d=signature.path fill="none" stroke="currentColor" stroke-width=width
                stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}
