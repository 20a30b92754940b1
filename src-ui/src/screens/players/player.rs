//! One player's page: his details and their edit, the merge of two entries of the same
//! person, his statistics, and his matches page by page.

use carom_api::{ListPlayers, MatchRow as MatchItem, MergePlayers, PlayerMatches, UpdatePlayer};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, ApiError};
use crate::components::format::{discipline_name, local_day};
use crate::components::nav::Back;
use crate::screens::players::form::{PlayerFields, PlayerInfo};
use crate::screens::players::stats::PlayerStatsView;
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, StatsRoute};
use carom_api::Player;

/// A player's page.
#[component]
pub fn PlayerPage(id: i64) -> impl IntoView {
    let i18n = use_i18n();
    let player: RwSignal<Option<Player>> = RwSignal::new(None);
    let others: RwSignal<Vec<Player>> = RwSignal::new(Vec::new());
    let error: RwSignal<Option<ApiError>> = RwSignal::new(None);
    let notice: RwSignal<Option<String>> = RwSignal::new(None);
    let editing = RwSignal::new(false);
    let info = RwSignal::new(PlayerInfo::default());
    let merge_with: RwSignal<Option<i64>> = RwSignal::new(None);
    let reload = RwSignal::new(0u32);
    let matches: RwSignal<Vec<MatchItem>> = RwSignal::new(Vec::new());
    let page = RwSignal::new(0u32);
    let has_more = RwSignal::new(false);

    let load_matches = move |p: u32| {
        spawn_local(async move {
            match call(&PlayerMatches { id, page: p }).await {
                Ok(h) => {
                    has_more.set(h.has_more);
                    page.set(p);
                    if p == 0 {
                        matches.set(h.matches);
                    } else {
                        matches.update(|m| m.extend(h.matches));
                    }
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    Effect::new(move |_| {
        reload.track();
        spawn_local(async move {
            match call(&ListPlayers { search: None }).await {
                Ok(list) => {
                    player.set(list.iter().find(|p| p.id == id).cloned());
                    others.set(list.into_iter().filter(|p| p.id != id).collect());
                }
                Err(e) => error.set(Some(e)),
            }
        });
        load_matches(0);
    });

    let start_edit = move |_| {
        if let Some(p) = player.get_untracked() {
            info.set(PlayerInfo {
                name: p.name,
                club: p.club,
                licence: p.licence,
                notes: p.notes,
            });
            error.set(None);
            editing.set(true);
        }
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let args = UpdatePlayer {
            id,
            info: info.get_untracked(),
        };
        spawn_local(async move {
            match call(&args).await {
                Ok(p) => {
                    player.set(Some(p));
                    editing.set(false);
                    error.set(None);
                    reload.update(|r| *r += 1);
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let merge = move |_| {
        let Some(merged) = merge_with.get_untracked() else {
            return;
        };
        spawn_local(async move {
            match call(&MergePlayers { kept: id, merged }).await {
                Ok(m) => {
                    notice.set(Some(i18n.tr(
                        "players-merge-done",
                        &[
                            ("count", i64::from(m.matches_moved).into()),
                            ("name", m.player.name.clone().into()),
                        ],
                    )));
                    merge_with.set(None);
                    player.set(Some(m.player));
                    reload.update(|r| *r += 1);
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };

    view! {
        <section class="player-page" data-testid="player-page">
            <Back screen=Screen::Stats(StatsRoute::Players)/>
            {move || player.get().map(|p| view! {
                <header class="player-head">
                    <h2 data-testid="player-title">{p.name.clone()}</h2>
                    <p class="player-meta">
                        <span>{p.club.clone()}</span>
                        {(!p.licence.is_empty()).then(|| {
                            let licence = p.licence.clone();
                            view! { <span>{move || i18n.tr("players-licence-line", &[("licence", licence.clone().into())])}</span> }
                        })}
                    </p>
                    {(!p.notes.is_empty()).then(|| view! { <p class="player-notes">{p.notes.clone()}</p> })}
                </header>
            })}
            {move || error.get().filter(|e| e.field.is_none()).map(|e| view! {
                <div class="toasts" aria-live="polite"><p class="toast error" role="alert" data-testid="player-error">{i18n.error(&e)}</p></div>
            })}
            {move || notice.get().map(|n| view! { <div class="toasts" aria-live="polite"><p class="toast ok" role="status" data-testid="player-notice">{n}</p></div> })}
            <Show
                when=move || editing.get()
                fallback=move || view! {
                    <div class="actions">
                        <button class="secondary" data-testid="edit-player" on:click=start_edit>{i18n.text("players-edit")}</button>
                    </div>
                }
            >
                <form class="player-form" data-testid="edit-form" on:submit=save>
                    <PlayerFields info error/>
                    <div class="actions">
                        <button type="button" class="secondary" on:click=move |_| editing.set(false)>
                            {i18n.text("players-cancel")}
                        </button>
                        <button type="submit" class="primary" data-testid="save-player">{i18n.text("players-save")}</button>
                    </div>
                </form>
            </Show>
            <details class="merge" data-testid="merge">
                <summary>{i18n.text("players-merge")}</summary>
                <p>{i18n.text("players-merge-help")}</p>
                <label for="merge-with">{i18n.text("players-merge-pick")}</label>
                <select id="merge-with" data-testid="merge-with"
                    on:change=move |ev| merge_with.set(event_target_value(&ev).parse().ok())>
                    <option value="" selected=move || merge_with.get().is_none()>"—"</option>
                    {move || others.get().into_iter().map(|o| {
                        let label = if o.club.is_empty() { o.name.clone() } else { format!("{} ({})", o.name, o.club) };
                        view! { <option value=o.id.to_string()>{label}</option> }
                    }).collect_view()}
                </select>
                {move || merge_with.get().and_then(|m| {
                    let merged = others.get().into_iter().find(|o| o.id == m)?;
                    let kept = player.get()?;
                    Some(view! {
                        <button class="primary" data-testid="merge-confirm" on:click=merge>
                            {move || i18n.tr("players-merge-confirm", &[
                                ("merged", merged.name.clone().into()),
                                ("kept", kept.name.clone().into()),
                            ])}
                        </button>
                    })
                })}
            </details>
            <PlayerStatsView id reload/>
            <h3>{i18n.text("players-matches")}</h3>
            <Show
                when=move || !matches.get().is_empty()
                fallback=move || view! { <p class="empty">{i18n.text("players-no-matches")}</p> }
            >
                <ul class="match-list" data-testid="player-matches">
                    <For
                        each=move || matches.get()
                        key=|m: &MatchItem| m.id
                        children=move |m: MatchItem| {
                            let (a, b) = (m.players[0].name.clone(), m.players[1].name.clone());
                            let status = format!("match-status-{}", m.status.id());
                            let created = m.created_at.clone();
                            let discipline = m.discipline;
                            view! {
                                <li class="match-card" data-testid="player-match">
                                    <div class="match-players">
                                        {move || i18n.tr("players-match-vs", &[("a", a.clone().into()), ("b", b.clone().into())])}
                                    </div>
                                    <div class="match-meta">
                                        <span class="discipline">{move || discipline_name(i18n, discipline)}</span>
                                        <span class="status">{move || i18n.t(&status)}</span>
                                        <time>{move || local_day(&created, i18n.0.get().code())}</time>
                                    </div>
                                </li>
                            }
                        }
                    />
                </ul>
                <Show when=move || has_more.get()>
                    <button class="secondary" data-testid="more-matches" on:click=move |_| load_matches(page.get_untracked() + 1)>
                        {i18n.text("players-more")}
                    </button>
                </Show>
            </Show>
        </section>
    }
}
