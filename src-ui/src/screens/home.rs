//! The home screen: unfinished matches to resume in one tap, a new match, the history.

use crate::backend::call;
use crate::components::format::local_time;
use crate::components::web_app::InstallButton;
use crate::state::i18n::use_i18n;
use crate::state::shell::{MatchSummary, Screen, Shell, StatsRoute};
use carom_api::{MatchStatus, ResumeItem, UnfinishedMatches};
use carom_core::{ByPlayer, Player};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// "Caudron 15 – 12 Jaspers": the score, never the distances alone (`None` when the log
/// does not replay).
fn score_line(m: &MatchSummary) -> Option<String> {
    let ByPlayer { a, b } = m.points?;
    Some(format!(
        "{} {a} – {b} {}",
        m.players[Player::A].name,
        m.players[Player::B].name
    ))
}

#[component]
fn ResumeList() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let items = RwSignal::new(Vec::<ResumeItem>::new());
    spawn_local(async move {
        match call(&UnfinishedMatches {}).await {
            Ok(list) => items.set(list),
            Err(e) => shell.fatal.set(Some(e)),
        }
    });
    view! {
        <Show when=move || !items.get().is_empty()>
            <h2>{i18n.text("home-resume")}</h2>
            <ul class="resume-list" data-testid="resume-list">
                <For each=move || items.get() key=|m| m.id children=move |m: ResumeItem| {
                    let id = m.id;
                    let line = m.clone();
                    view! {
                        <li>
                            <button class="resume-card" data-testid=format!("resume-{id}")
                                on:click=move |_| shell.navigate(Screen::Match(id))>
                                <span class="resume-score">
                                    {format!("{} {} – {} {}", line.names[Player::A], line.scores[Player::A], line.scores[Player::B], line.names[Player::B])}
                                </span>
                                <span class="resume-meta">
                                    {move || i18n.t(&format!("app-discipline-{}", line.discipline.id()))}
                                    " · "
                                    {move || i18n.msg(&line.phase.message())}
                                    {move || line.at_table.map(|t| format!(" · {}", i18n.tr("home-resume-at-table", &[
                                        ("name", line.names[t].clone().into()),
                                        ("run", line.current_run.into()),
                                    ])))}
                                </span>
                                <span class="resume-go">{i18n.text("home-resume-go")}</span>
                            </button>
                        </li>
                    }
                }/>
            </ul>
        </Show>
    }
}

/// The home screen's way to the players and the ranking.
#[component]
fn StatsLinks() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let go = move |route| shell.navigate(Screen::Stats(route));
    view! {
        <link rel="stylesheet" href="stats.css"/>
        <nav class="stats-links">
            <button class="secondary" data-testid="open-players" on:click=move |_| go(StatsRoute::Players)>
                {i18n.text("players-title")}
            </button>
            <button class="secondary" data-testid="open-ranking" on:click=move |_| go(StatsRoute::Ranking)>
                {i18n.text("ranking-title")}
            </button>
        </nav>
    }
}

/// The home screen's way to the history.
#[component]
fn HistoryLink() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    view! {
        <button class="secondary history-link" data-testid="open-history" on:click=move |_| shell.navigate(Screen::History)>
            {i18n.text("history-title")}
        </button>
    }
}

#[component]
pub fn Home() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    view! {
        <section class="home">
            <button
                class="primary big"
                data-testid="new-match"
                on:click=move |_| shell.navigate(Screen::NewMatch)
            >
                {i18n.text("home-new-match")}
            </button>
            <ResumeList/>
            <StatsLinks/>
            <HistoryLink/>
            <InstallButton/>
            <h2>{i18n.text("home-matches")}</h2>
            // "No matches" only once the store has said so, not while it starts.
            <Show
                when=move || shell.matches.with(|m| m.as_ref().is_some_and(|m| !m.is_empty()))
                fallback=move || shell.matches.with(Option::is_some).then(|| view! {
                    <p class="empty" data-testid="no-matches">{i18n.text("home-no-matches")}</p>
                })
            >
                <ul class="match-list" data-testid="match-list">
                    <For
                        each=move || shell.matches.get().unwrap_or_default()
                        key=|m: &MatchSummary| (m.id, m.status)
                        children=move |m: MatchSummary| {
                            let (a, b) = (m.players[Player::A].name.clone(), m.players[Player::B].name.clone());
                            let line = score_line(&m);
                            let (ta, tb) = (m.players[Player::A].target, m.players[Player::B].target);
                            let discipline = format!("app-discipline-{}", m.discipline.id());
                            let status = format!("match-status-{}", m.status.id());
                            let created = m.created_at.clone();
                            let (id, finished, signed) = (m.id, m.status == MatchStatus::Finished, m.locked);
                            view! {
                                <li class="match-card" data-testid="match-item">
                                    <button class="match-open" data-testid=format!("open-{id}")
                                        on:click=move |_| shell.navigate(Screen::Match(id))>
                                        <span class="match-players" data-testid="match-score">
                                            {move || line.clone().unwrap_or_else(|| i18n.tr("home-match-vs", &[("a", a.clone().into()), ("b", b.clone().into())]))}
                                        </span>
                                        <span class="match-meta">
                                            <span class="discipline">{move || i18n.t(&discipline)}</span>
                                            <span>{move || i18n.tr("home-match-targets", &[("a", ta.into()), ("b", tb.into())])}</span>
                                            <span class="status" data-testid="match-status">{move || i18n.t(&status)}</span>
                                            {signed.then(|| view! { <span class="status signed" data-testid="match-signed">{i18n.text("history-signed")}</span> })}
                                            <time>{move || local_time(&created, i18n.0.get().code())}</time>
                                        </span>
                                    </button>
                                    // A signed sheet is an official record: looked at, never signed again.
                                    {(finished && signed).then(|| view! {
                                        <button data-testid=format!("view-sheet-{id}") on:click=move |_| shell.navigate(Screen::Archive(id))>
                                            {i18n.text("history-view-sheet")}
                                        </button>
                                    })}
                                    {(finished && !signed).then(|| view! {
                                        <button data-testid=format!("sign-open-{id}") on:click=move |_| shell.navigate(Screen::Sign(id))>
                                            {i18n.text("sign-open")}
                                        </button>
                                    })}
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
        </section>
    }
}
