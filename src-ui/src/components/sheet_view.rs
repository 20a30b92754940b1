//! The score sheet on screen (issue 5): header, innings grid set by set, totals, result,
//! and the signatures given so far, drawn from their vector strokes.

use carom_i18n::format_thousandths;
use leptos::prelude::*;
use serde::Deserialize;

use crate::state::i18n::use_i18n;

/// A player's column as the backend sends it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ScreenPlayer {
    pub name: String,
    pub target: u32,
    pub points: u32,
    pub innings: u32,
    pub general_average: u32,
    pub high_run: u32,
    pub best_game_average: u32,
    pub sets_won: Option<u32>,
}

/// One inning row.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct InningRow {
    pub inning: u32,
    pub runs: [Option<u32>; 2],
    pub totals: [u32; 2],
    #[serde(default)]
    pub equalizing: bool,
}

/// One set of the grid.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SheetSet {
    pub number: u32,
    pub rows: Vec<InningRow>,
}

/// A signature: an SVG path on its pad.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ScreenSignature {
    pub role: String,
    pub name: String,
    pub width: u16,
    pub height: u16,
    pub path: String,
}

/// A warning, protest or reclamation line.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ScreenNote {
    pub player: u8,
    pub text: String,
}

/// The sheet as the backend's `get_sheet` gives it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SheetScreen {
    pub match_id: i64,
    pub locked: bool,
    pub discipline: String,
    pub result: String,
    pub winner: Option<u8>,
    pub referee: String,
    pub players: [ScreenPlayer; 2],
    pub sets: Vec<SheetSet>,
    pub warnings: Vec<ScreenNote>,
    pub protests: Vec<ScreenNote>,
    pub reclamations: [Option<String>; 2],
    pub signatures: Vec<ScreenSignature>,
    pub missing: Vec<String>,
}

impl SheetScreen {
    /// The signature of `role`, if given.
    pub fn signature(&self, role: &str) -> Option<&ScreenSignature> {
        self.signatures.iter().find(|s| s.role == role)
    }
}

fn cell(v: Option<u32>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| v.to_string())
}

/// The sheet, read-only.
#[component]
pub fn SheetView(sheet: SheetScreen) -> impl IntoView {
    let i18n = use_i18n();
    let [a, b] = sheet.players.clone();
    let names = [a.name.clone(), b.name.clone()];
    let result = match (sheet.result.as_str(), sheet.winner) {
        ("draw", _) | (_, None) => ("sheet-result-draw", String::new()),
        ("forfeit", Some(w)) => ("sheet-result-forfeit", names[usize::from(w.min(1))].clone()),
        (_, Some(w)) => ("sheet-result-win", names[usize::from(w.min(1))].clone()),
    };
    let discipline = format!("sheet-discipline-{}", sheet.discipline);
    let with_sets = sheet.sets.len() > 1;
    let totals = sheet.players.clone();
    view! {
        <article class="sheet" data-testid="sheet-view">
            <header class="sheet-head">
                <h2>{move || i18n.t("sheet-title")}</h2>
                <p>{move || i18n.t(&discipline)}</p>
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
                                <th rowspan="2">{move || i18n.t("sheet-inning-short")}</th>
                                <th colspan="2">{names[0].clone()}</th>
                                <th colspan="2">{names[1].clone()}</th>
                            </tr>
                            <tr>
                                <th>{move || i18n.t("sheet-run")}</th>
                                <th>{move || i18n.t("sheet-total")}</th>
                                <th>{move || i18n.t("sheet-run")}</th>
                                <th>{move || i18n.t("sheet-total")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {set.rows.into_iter().map(|r| view! {
                                <tr class:equalizing=r.equalizing>
                                    <td>{r.inning}</td>
                                    <td>{cell(r.runs[0])}</td>
                                    <td>{r.totals[0]}</td>
                                    <td>{cell(r.runs[1])}</td>
                                    <td>{r.totals[1]}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                }
            }).collect_view()}
            <table class="sheet-totals" data-testid="sheet-totals">
                <thead>
                    <tr>
                        <th></th>
                        <th>{move || i18n.t("sheet-points")}</th>
                        <th>{move || i18n.t("sheet-innings")}</th>
                        <th>{move || i18n.t("sheet-general-average")}</th>
                        <th>{move || i18n.t("sheet-high-run")}</th>
                        <th>{move || i18n.t("sheet-best-game-average")}</th>
                    </tr>
                </thead>
                <tbody>
                    {totals.into_iter().map(|p| {
                        let (general, best) = (p.general_average, p.best_game_average);
                        view! {
                        <tr>
                            <th>{p.name.clone()}</th>
                            <td>{p.points}" / "{p.target}</td>
                            <td>{p.innings}</td>
                            <td>{move || format_thousandths(i18n.0.get(), general.into())}</td>
                            <td>{p.high_run}</td>
                            <td>{move || format_thousandths(i18n.0.get(), best.into())}</td>
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
