//! The club ranking by discipline over a date range, the handicap rule, CSV export.

use carom_api::{
    ClubRanking, ExportRankingCsv, GetHandicapRule, ListPlayers, Ranking, RankingFilter,
    SetHandicapRule,
};
use carom_core::Discipline;
use leptos::prelude::*;

use crate::backend::{call, ApiError};
use crate::components::form::field_error;
use crate::components::format::{average_text, discipline_name};
use crate::components::loaded::{error_toast, loaded, Answer};
use crate::components::nav::Back;
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell, StatsRoute};

/// The search of the ranking, as chosen.
#[derive(Clone, Copy)]
struct Search {
    discipline: RwSignal<Discipline>,
    from: RwSignal<String>,
    until: RwSignal<String>,
    club: RwSignal<String>,
}

impl Search {
    fn request(self) -> RankingFilter {
        let chosen = |s: RwSignal<String>| Some(s.get()).filter(|d| !d.is_empty());
        RankingFilter {
            discipline: self.discipline.get(),
            from: chosen(self.from),
            until: chosen(self.until),
            club: chosen(self.club),
        }
    }
}

/// The club ranking screen.
#[component]
pub fn RankingScreen() -> impl IntoView {
    let i18n = use_i18n();
    let search = Search {
        discipline: RwSignal::new(Discipline::ThreeCushion),
        from: RwSignal::new(String::new()),
        until: RwSignal::new(String::new()),
        club: RwSignal::new(String::new()),
    };
    let ranking = LocalResource::new(move || {
        let args = ClubRanking {
            request: search.request(),
        };
        async move { call(&args).await }
    });
    let save = Action::new_local(move |args: &SetHandicapRule| {
        let args = *args;
        async move {
            let saved = call(&args).await;
            if saved.is_ok() {
                ranking.refetch();
            }
            saved
        }
    });
    let export = Action::new_local(|args: &ExportRankingCsv| {
        let args = args.clone();
        async move { call(&args).await }
    });
    // A field's error: the ranking's (its dates), or the saved rule's.
    let error = Signal::derive(move || {
        let saved = save.value().get().and_then(Result::err);
        saved.or_else(|| ranking.get().and_then(Result::err))
    });
    let on_export = Callback::new(move |()| {
        export.dispatch(ExportRankingCsv {
            request: search.request(),
            language: i18n.0.get_untracked(),
        });
    });
    let action_error = move || {
        let failed = save.value().get().and_then(Result::err);
        failed
            .or_else(|| export.value().get().and_then(Result::err))
            .filter(|e| e.field.is_none())
            .map(|e| error_toast("ranking-error", i18n.error(&e)))
    };

    view! {
        <section class="ranking" data-testid="ranking-screen">
            <Back screen=Screen::Home/>
            <h2>{i18n.text("ranking-title")}</h2>
            <RankingSearch search error/>
            {action_error}
            {loaded("ranking-error", move || {
                ranking.get().map(|r| r.map(|r| view! { <RankingTable ranking=r on_export/> }.into_any()))
            })}
            {move || export.value().get().and_then(Result::ok).map(|e| view! {
                <p class="banner ok" role="status" data-testid="exported">
                    {move || i18n.tr("stats-exported", &[("path", e.path.clone().into())])}
                </p>
            })}
            <HandicapRuleForm ranking save error/>
        </section>
    }
}

/// The ranking's search: discipline, dates, club.
#[component]
fn RankingSearch(search: Search, error: Signal<Option<ApiError>>) -> impl IntoView {
    let i18n = use_i18n();
    let players = LocalResource::new(|| call(&ListPlayers { search: None }));
    let clubs = move || {
        let mut names: Vec<String> = players
            .get()
            .and_then(Result::ok)
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.club)
            .filter(|c| !c.is_empty())
            .collect();
        names.sort_by_key(|c| c.to_lowercase());
        names.dedup();
        names
    };
    let Search {
        discipline,
        from,
        until,
        club,
    } = search;
    view! {
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
                {field_error(error, "ranking-from")}
            </label>
            <label>
                <span>{i18n.text("ranking-until")}</span>
                <input type="date" data-testid="ranking-until" prop:value=move || until.get()
                    on:change=move |ev| until.set(event_target_value(&ev))/>
                {field_error(error, "ranking-until")}
            </label>
            <label>
                <span>{i18n.text("ranking-club")}</span>
                <select data-testid="ranking-club" on:change=move |ev| club.set(event_target_value(&ev))>
                    <option value="" selected=move || club.get().is_empty()>{i18n.text("ranking-all-clubs")}</option>
                    {move || clubs().into_iter().map(|c| {
                        let value = c.clone();
                        view! { <option value=value.clone() selected=move || club.get() == value>{c}</option> }
                    }).collect_view()}
                </select>
            </label>
        </div>
    }
}

/// The ranking's table (or that nobody is ranked) and its export.
#[component]
fn RankingTable(ranking: Ranking, on_export: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    if ranking.rows.is_empty() {
        return view! { <p class="empty" data-testid="ranking-empty">{i18n.text("ranking-empty")}</p> }
            .into_any();
    }
    let heads = [
        "stats-general-average",
        "stats-matches",
        "stats-points",
        "stats-innings",
        "stats-high-run",
        "stats-handicap-target",
    ];
    view! {
        <div class="table-scroll">
            <table class="stats-table ranking-table" data-testid="ranking-table">
                <thead>
                    <tr>
                        <th scope="col" class="num">{i18n.text("ranking-rank")}</th>
                        <th scope="col">{i18n.text("ranking-player")}</th>
                        {heads.map(|h| view! { <th scope="col" class="num">{i18n.text(h)}</th> })}
                    </tr>
                </thead>
                <tbody>
                    {ranking.rows.into_iter().map(|row| {
                        let ga = row.general_average;
                        let id = row.player_id;
                        view! {
                            <tr data-testid="ranking-row">
                                <td class="num">{row.rank}</td>
                                <th scope="row">
                                    <button class="link" on:click=move |_| shell.navigate(Screen::Stats(StatsRoute::Player(id)))>
                                        {row.name}
                                    </button>
                                    <span class="club">{row.club}</span>
                                </th>
                                <td class="num strong">{move || average_text(i18n, &ga)}</td>
                                <td class="num">{row.matches}</td>
                                <td class="num">{row.points}</td>
                                <td class="num">{row.innings}</td>
                                <td class="num">{row.high_run}</td>
                                <td class="num">{row.handicap_target}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        <div class="actions">
            <button class="secondary" data-testid="export-ranking" on:click=move |_| on_export.run(())>
                {i18n.text("stats-export-csv")}
            </button>
        </div>
    }
    .into_any()
}

/// The handicap rule: the formula in force, and its two numbers to change.
#[component]
fn HandicapRuleForm(
    ranking: LocalResource<Answer<Ranking>>,
    save: Action<SetHandicapRule, Answer<carom_api::HandicapRule>>,
    error: Signal<Option<ApiError>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let factor = RwSignal::new(String::new());
    let minimum = RwSignal::new(String::new());
    // The fields open on the rule stored.
    let stored = LocalResource::new(|| call(&GetHandicapRule {}));
    Effect::new(move |_| {
        if let Some(Ok(rule)) = stored.get() {
            factor.set(rule.factor.to_string());
            minimum.set(rule.minimum.to_string());
        }
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let number = |s: String| s.trim().parse::<i64>().unwrap_or(0);
        save.dispatch(SetHandicapRule {
            factor: number(factor.get_untracked()),
            minimum: number(minimum.get_untracked()),
        });
    };
    view! {
        <form class="handicap-rule" data-testid="handicap-rule" on:submit=submit>
            <h3>{i18n.text("ranking-handicap-rule")}</h3>
            <p>{move || ranking.get().and_then(Result::ok).map(|r| i18n.tr("ranking-handicap-formula", &[
                ("factor", i64::from(r.handicap.factor).into()),
                ("minimum", i64::from(r.handicap.minimum).into()),
            ]))}</p>
            <label for="handicap-factor">{i18n.text("ranking-handicap-factor")}</label>
            <input id="handicap-factor" data-testid="handicap-factor" type="number" inputmode="numeric" min="1" max="1000"
                prop:value=move || factor.get() on:input=move |ev| factor.set(event_target_value(&ev))/>
            {field_error(error, "handicap-factor")}
            <label for="handicap-minimum">{i18n.text("ranking-handicap-minimum")}</label>
            <input id="handicap-minimum" data-testid="handicap-minimum" type="number" inputmode="numeric" min="1" max="10000"
                prop:value=move || minimum.get() on:input=move |ev| minimum.set(event_target_value(&ev))/>
            {field_error(error, "handicap-minimum")}
            <div class="actions">
                <button type="submit" class="primary" data-testid="save-handicap">{i18n.text("ranking-handicap-save")}</button>
            </div>
        </form>
    }
}
