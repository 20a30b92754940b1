//! A player's statistics per discipline: figures, form, charts, head-to-head, CSV
//! export. The figures come computed from the store; this file only shows them.

use carom_core::{Discipline, Lang};
use carom_i18n::format_thousandths;
use leptos::prelude::*;

use crate::backend::call;
use crate::components::charts::{AverageChart, HighRunsChart, RunsChart};
use crate::components::format::{average_text, discipline_name};
use crate::components::loaded::{error_toast, loaded};
use crate::state::i18n::use_i18n;

use carom_api::{DisciplineStats, Outcome, PlayerStats};
use carom_api::{ExportPlayerStatsCsv, GetPlayerStats, StatsFilter};

/// An outcome's short label (`W`, `D`, `L`).
fn outcome_short(o: Outcome) -> &'static str {
    match o {
        Outcome::Won => "stats-outcome-won",
        Outcome::Drawn => "stats-outcome-drawn",
        Outcome::Lost => "stats-outcome-lost",
    }
}

/// An outcome's full word.
fn outcome_long(o: Outcome) -> &'static str {
    match o {
        Outcome::Won => "stats-outcome-won-long",
        Outcome::Drawn => "stats-outcome-drawn-long",
        Outcome::Lost => "stats-outcome-lost-long",
    }
}

/// An outcome's CSS class.
fn outcome_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Won => "outcome won",
        Outcome::Drawn => "outcome drawn",
        Outcome::Lost => "outcome lost",
    }
}

/// One figure: a label over a value.
#[component]
fn Figure(label: &'static str, value: String, testid: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="figure" data-testid=testid>
            <span class="figure-label">{i18n.text(label)}</span>
            <span class="figure-value">{value}</span>
        </div>
    }
}

/// The statistics of player `id`, read again whenever `changed` does (his details saved,
/// another entry merged into him).
#[component]
pub fn PlayerStatsView(id: i64, changed: Signal<usize>) -> impl IntoView {
    let i18n = use_i18n();
    let stats = LocalResource::new(move || {
        changed.track();
        async move {
            let args = GetPlayerStats {
                id,
                request: StatsFilter::default(),
            };
            call(&args).await
        }
    });
    let export = Action::new_local(move |language: &Lang| {
        let args = ExportPlayerStatsCsv {
            id,
            request: StatsFilter::default(),
            language: *language,
        };
        async move { call(&args).await }
    });
    let on_export = Callback::new(move |()| {
        export.dispatch(i18n.0.get_untracked());
    });
    // The discipline the user chose, kept while the figures are read again.
    let chosen: RwSignal<Option<Discipline>> = RwSignal::new(None);
    view! {
        <section class="player-stats" data-testid="player-stats">
            <h3>{i18n.text("stats-title")}</h3>
            {move || export.value().get().and_then(Result::err).map(|e| error_toast("stats-error", i18n.error(&e)))}
            {loaded("stats-error", move || {
                stats.get().map(|r| r.map(|stats| view! { <StatsBody stats chosen on_export/> }.into_any()))
            })}
            {move || export.value().get().and_then(Result::ok).map(|e| view! {
                <p class="banner ok" role="status" data-testid="exported">
                    {move || i18n.tr("stats-exported", &[("path", e.path.clone().into())])}
                </p>
            })}
        </section>
    }
}

/// A player's statistics: a tab per discipline played (the one with the most matches
/// first, or the one chosen), its figures, and the export.
#[component]
fn StatsBody(
    stats: PlayerStats,
    chosen: RwSignal<Option<Discipline>>,
    on_export: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    if stats.disciplines.is_empty() {
        return view! { <p class="empty" data-testid="no-stats">{i18n.text("stats-no-stats")}</p> }
            .into_any();
    }
    let busiest = stats
        .disciplines
        .iter()
        .max_by_key(|d| d.matches)
        .map(|d| d.discipline);
    let disciplines = StoredValue::new(stats.disciplines);
    let shown = move || {
        chosen
            .get()
            .filter(|d| disciplines.with_value(|all| all.iter().any(|x| x.discipline == *d)))
            .or(busiest)
    };
    let current = move || {
        let d = shown()?;
        disciplines.with_value(|all| all.iter().find(|x| x.discipline == d).cloned())
    };
    view! {
        <div class="discipline-tabs" role="tablist">
            {disciplines.with_value(|all| all.iter().map(|d| {
                let discipline = d.discipline;
                let count = d.matches;
                view! {
                    <button
                        role="tab"
                        class="tab"
                        aria-selected=move || (shown() == Some(discipline)).to_string()
                        data-testid=format!("stats-tab-{}", discipline.id())
                        on:click=move |_| chosen.set(Some(discipline))
                    >
                        {move || format!("{} ({count})", discipline_name(i18n, discipline))}
                    </button>
                }
            }).collect_view())}
        </div>
        {move || current().map(|d| view! { <DisciplineView d/> })}
        <div class="actions">
            <button class="secondary" data-testid="export-stats" on:click=move |_| on_export.run(())>
                {i18n.text("stats-export-csv")}
            </button>
        </div>
    }
    .into_any()
}

/// The figures and charts of one discipline.
#[component]
fn DisciplineView(d: DisciplineStats) -> impl IntoView {
    let i18n = use_i18n();
    let record = move || {
        i18n.tr(
            "stats-record",
            &[
                ("won", i64::from(d.won).into()),
                ("drawn", i64::from(d.drawn).into()),
                ("lost", i64::from(d.lost).into()),
            ],
        )
    };
    let ga = d.general_average;
    let best = d.best_game_average;
    let ipm = d.innings_per_match_thousandths;
    let form_average = d.form_average;
    let averages: Vec<u64> = d
        .match_lines
        .iter()
        .map(|l| l.average.thousandths)
        .collect();
    let high_runs: Vec<u32> = d.match_lines.iter().map(|l| l.high_run).collect();
    let runs: Vec<(u32, u64)> = d.runs.iter().map(|r| (r.run, r.count)).collect();
    let trend = d.trend.map(|t| (t.slope, t.intercept));
    let form = d.form.clone();
    let h2h = d.head_to_head.clone();
    view! {
        <div class="figures">
            <Figure label="stats-matches" testid="stat-matches" value=d.matches.to_string()/>
            <div class="figure" data-testid="stat-record">
                <span class="figure-label">{i18n.text("stats-result")}</span>
                <span class="figure-value">{record}</span>
            </div>
            <Figure label="stats-points" testid="stat-points" value=d.points.to_string()/>
            <Figure label="stats-innings" testid="stat-innings" value=d.innings.to_string()/>
            <div class="figure main" data-testid="stat-general-average">
                <span class="figure-label">{i18n.text("stats-general-average")}</span>
                <span class="figure-value">{move || average_text(i18n, &ga)}</span>
            </div>
            <div class="figure" data-testid="stat-best-game-average">
                <span class="figure-label">{i18n.text("stats-best-game-average")}</span>
                <span class="figure-value">{move || best.map(|b| average_text(i18n, &b)).unwrap_or_default()}</span>
            </div>
            <Figure label="stats-high-run" testid="stat-high-run" value=d.high_run.to_string()/>
            <div class="figure" data-testid="stat-innings-per-match">
                <span class="figure-label">{i18n.text("stats-innings-per-match")}</span>
                <span class="figure-value">
                    {move || format_thousandths(i18n.0.get(), i64::try_from(ipm).unwrap_or(i64::MAX))}
                </span>
            </div>
            <Figure label="stats-handicap-target" testid="stat-handicap" value=d.handicap_target.to_string()/>
        </div>
        <div class="form" data-testid="stat-form">
            <span class="figure-label">{i18n.text("stats-form")}</span>
            <ol class="form-chips">
                {form.into_iter().map(|o| view! {
                    <li class=outcome_class(o) title=i18n.text(outcome_long(o))>{i18n.text(outcome_short(o))}</li>
                }).collect_view()}
            </ol>
            <span class="form-average">
                {move || format!("{} {}", i18n.t("stats-form-average"), average_text(i18n, &form_average))}
            </span>
        </div>
        <div class="charts">
            <AverageChart averages trend/>
            <RunsChart runs/>
            <HighRunsChart high_runs/>
        </div>
        <h4>{i18n.text("stats-head-to-head")}</h4>
        <div class="table-scroll">
            <table class="stats-table" data-testid="head-to-head">
                <thead>
                    <tr>
                        <th scope="col">{i18n.text("stats-opponent")}</th>
                        <th scope="col" class="num">{i18n.text("stats-matches")}</th>
                        <th scope="col">{i18n.text("stats-result")}</th>
                        <th scope="col" class="num">{i18n.text("stats-general-average")}</th>
                    </tr>
                </thead>
                <tbody>
                    {h2h.into_iter().map(|h| {
                        let ga = h.general_average;
                        let (won, drawn, lost) = (h.won, h.drawn, h.lost);
                        view! {
                            <tr>
                                <th scope="row">{h.opponent.clone()}</th>
                                <td class="num">{h.matches}</td>
                                <td>{move || i18n.tr("stats-record", &[
                                    ("won", i64::from(won).into()),
                                    ("drawn", i64::from(drawn).into()),
                                    ("lost", i64::from(lost).into()),
                                ])}</td>
                                <td class="num">{move || average_text(i18n, &ga)}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}
