//! The club ranking by discipline over a date range, the handicap rule, CSV export.

use crate::backend::{call, ApiError};
use crate::components::format::{average_text, discipline_name};
use crate::components::nav::Back;
use carom_api::{
    ClubRanking, ExportRankingCsv, GetHandicapRule, ListPlayers, Ranking, RankingFilter,
    SetHandicapRule,
};
use carom_core::Discipline;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell, StatsRoute};

/// The club ranking screen.
#[component]
pub fn RankingScreen() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let discipline = RwSignal::new(Discipline::ThreeCushion);
    let from = RwSignal::new(String::new());
    let until = RwSignal::new(String::new());
    let club = RwSignal::new(String::new());
    let clubs: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
    let ranking: RwSignal<Option<Ranking>> = RwSignal::new(None);
    let error: RwSignal<Option<ApiError>> = RwSignal::new(None);
    let exported: RwSignal<Option<String>> = RwSignal::new(None);
    let factor = RwSignal::new(String::new());
    let minimum = RwSignal::new(String::new());
    let reload = RwSignal::new(0u32);

    let request = move || RankingFilter {
        discipline: discipline.get().id().to_owned(),
        from: Some(from.get()).filter(|d| !d.is_empty()),
        until: Some(until.get()).filter(|d| !d.is_empty()),
        club: Some(club.get()).filter(|c| !c.is_empty()),
    };
    spawn_local(async move {
        if let Ok(players) = call(&ListPlayers { search: None }).await {
            let mut names: Vec<String> = players
                .into_iter()
                .map(|p| p.club)
                .filter(|c| !c.is_empty())
                .collect();
            names.sort_by_key(|c| c.to_lowercase());
            names.dedup();
            clubs.set(names);
        }
        if let Ok(rule) = call(&GetHandicapRule {}).await {
            factor.set(rule.factor.to_string());
            minimum.set(rule.minimum.to_string());
        }
    });
    Effect::new(move |_| {
        reload.track();
        let args = ClubRanking { request: request() };
        spawn_local(async move {
            match call(&args).await {
                Ok(r) => {
                    error.set(None);
                    ranking.set(Some(r));
                }
                Err(e) => error.set(Some(e)),
            }
        });
    });
    let export = move |_| {
        let args = ExportRankingCsv {
            request: request(),
            language: i18n.0.get_untracked().code().to_owned(),
        };
        spawn_local(async move {
            match call(&args).await {
                Ok(e) => exported.set(Some(e.path)),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let save_rule = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let number = |s: String| s.trim().parse::<i64>().unwrap_or(0);
        let args = SetHandicapRule {
            factor: number(factor.get_untracked()),
            minimum: number(minimum.get_untracked()),
        };
        spawn_local(async move {
            match call(&args).await {
                Ok(_) => {
                    error.set(None);
                    reload.update(|r| *r += 1);
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let field_error = move |field: &'static str| {
        move || {
            error
                .get()
                .filter(|e| e.field.map(carom_api::FormField::id) == Some(field))
                .map(|e| view! { <p class="field-error" role="alert">{i18n.error(&e)}</p> })
        }
    };

    view! {
        <section class="ranking" data-testid="ranking-screen">
            <Back screen=Screen::Home/>
            <h2>{i18n.text("ranking-title")}</h2>
            <div class="filters">
                <label>
                    <span>{i18n.text("ranking-discipline")}</span>
                    <select data-testid="ranking-discipline"
                        on:change=move |ev| {
                            if let Some(d) = Discipline::from_id(&event_target_value(&ev)) {
                                discipline.set(d);
                            }
                        }>
                        {Discipline::ALL.into_iter().map(|d| view! {
                            <option value=d.id() selected=move || discipline.get() == d>
                                {move || discipline_name(i18n, d)}
                            </option>
                        }).collect_view()}
                    </select>
                </label>
                <label>
                    <span>{i18n.text("ranking-from")}</span>
                    <input type="date" data-testid="ranking-from" prop:value=move || from.get()
                        on:change=move |ev| from.set(event_target_value(&ev))/>
                    {field_error("ranking-from")}
                </label>
                <label>
                    <span>{i18n.text("ranking-until")}</span>
                    <input type="date" data-testid="ranking-until" prop:value=move || until.get()
                        on:change=move |ev| until.set(event_target_value(&ev))/>
                    {field_error("ranking-until")}
                </label>
                <label>
                    <span>{i18n.text("ranking-club")}</span>
                    <select data-testid="ranking-club" on:change=move |ev| club.set(event_target_value(&ev))>
                        <option value="" selected=move || club.get().is_empty()>{i18n.text("ranking-all-clubs")}</option>
                        {move || clubs.get().into_iter().map(|c| {
                            let value = c.clone();
                            view! { <option value=value.clone() selected=move || club.get() == value>{c}</option> }
                        }).collect_view()}
                    </select>
                </label>
            </div>
            {move || error.get().filter(|e| e.field.is_none()).map(|e| view! {
                <div class="toasts" aria-live="polite"><p class="toast error" role="alert">{i18n.error(&e)}</p></div>
            })}
            <Show
                when=move || ranking.get().is_some_and(|r| !r.rows.is_empty())
                fallback=move || view! { <p class="empty" data-testid="ranking-empty">{i18n.text("ranking-empty")}</p> }
            >
                <div class="table-scroll">
                    <table class="stats-table ranking-table" data-testid="ranking-table">
                        <thead>
                            <tr>
                                <th scope="col" class="num">{i18n.text("ranking-rank")}</th>
                                <th scope="col">{i18n.text("ranking-player")}</th>
                                <th scope="col" class="num">{i18n.text("stats-general-average")}</th>
                                <th scope="col" class="num">{i18n.text("stats-matches")}</th>
                                <th scope="col" class="num">{i18n.text("stats-points")}</th>
                                <th scope="col" class="num">{i18n.text("stats-innings")}</th>
                                <th scope="col" class="num">{i18n.text("stats-high-run")}</th>
                                <th scope="col" class="num">{i18n.text("stats-handicap-target")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {move || ranking.get().map(|r| r.rows.into_iter().map(|row| {
                                let ga = row.general_average;
                                let id = row.player_id;
                                view! {
                                    <tr data-testid="ranking-row">
                                        <td class="num">{row.rank}</td>
                                        <th scope="row">
                                            <button class="link" on:click=move |_| shell.navigate(Screen::Stats(StatsRoute::Player(id)))>
                                                {row.name.clone()}
                                            </button>
                                            <span class="club">{row.club.clone()}</span>
                                        </th>
                                        <td class="num strong">{move || average_text(i18n, &ga)}</td>
                                        <td class="num">{row.matches}</td>
                                        <td class="num">{row.points}</td>
                                        <td class="num">{row.innings}</td>
                                        <td class="num">{row.high_run}</td>
                                        <td class="num">{row.handicap_target}</td>
                                    </tr>
                                }
                            }).collect_view())}
                        </tbody>
                    </table>
                </div>
                <div class="actions">
                    <button class="secondary" data-testid="export-ranking" on:click=export>
                        {i18n.text("stats-export-csv")}
                    </button>
                </div>
                {move || exported.get().map(|p| view! {
                    <p class="banner ok" role="status" data-testid="exported">
                        {move || i18n.tr("stats-exported", &[("path", p.clone().into())])}
                    </p>
                })}
            </Show>
            <form class="handicap-rule" data-testid="handicap-rule" on:submit=save_rule>
                <h3>{i18n.text("ranking-handicap-rule")}</h3>
                <p>{move || ranking.get().map(|r| i18n.tr("ranking-handicap-formula", &[
                    ("factor", i64::from(r.handicap.factor).into()),
                    ("minimum", i64::from(r.handicap.minimum).into()),
                ]))}</p>
                <label for="handicap-factor">{i18n.text("ranking-handicap-factor")}</label>
                <input id="handicap-factor" data-testid="handicap-factor" type="number" inputmode="numeric" min="1" max="1000"
                    prop:value=move || factor.get() on:input=move |ev| factor.set(event_target_value(&ev))/>
                {field_error("handicap-factor")}
                <label for="handicap-minimum">{i18n.text("ranking-handicap-minimum")}</label>
                <input id="handicap-minimum" data-testid="handicap-minimum" type="number" inputmode="numeric" min="1" max="10000"
                    prop:value=move || minimum.get() on:input=move |ev| minimum.set(event_target_value(&ev))/>
                {field_error("handicap-minimum")}
                <div class="actions">
                    <button type="submit" class="primary" data-testid="save-handicap">{i18n.text("ranking-handicap-save")}</button>
                </div>
            </form>
        </section>
    }
}
