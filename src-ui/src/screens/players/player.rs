//! One player's page: his details and their edit, the merge of two entries of the same
//! person, his statistics, and his matches page by page.

use carom_api::{HistoryPage, ListPlayers, MergePlayers, PlayerMatches, UpdatePlayer};
use leptos::prelude::*;

use crate::backend::{call, ApiError};
use crate::components::format::{discipline_name, local_day};
use crate::components::loaded::{error_toast, loaded, Answer};
use crate::components::nav::Back;
use crate::screens::players::form::{PlayerFields, PlayerFormActions, PlayerInfo};
use crate::screens::players::stats::PlayerStatsView;
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, StatsRoute};
use carom_api::RosterPlayer;
use carom_core::ByPlayer;

/// A player's page.
#[component]
pub fn PlayerPage(id: i64) -> impl IntoView {
    let i18n = use_i18n();
    let editing = RwSignal::new(false);
    let save = Action::new_local(move |args: &UpdatePlayer| {
        let args = args.clone();
        async move {
            let saved = call(&args).await;
            if saved.is_ok() {
                editing.set(false);
            }
            saved
        }
    });
    let merge = Action::new_local(|args: &MergePlayers| {
        let args = *args;
        async move { call(&args).await }
    });
    // What the page shows is read again after a save or a merge.
    let changed = Signal::derive(move || save.version().get() + merge.version().get());
    let players = LocalResource::new(move || {
        changed.track();
        call(&ListPlayers { search: None })
    });
    let player = move || {
        players
            .get()
            .map(|r| r.map(|list| list.into_iter().find(|p| p.id == id)))
    };
    let error = Signal::derive(move || {
        let saved = save.value().get().and_then(Result::err);
        saved.or_else(|| merge.value().get().and_then(Result::err))
    });
    let notice = move || {
        merge.value().get().and_then(Result::ok).map(|m| {
            let text = i18n.tr(
                "players-merge-done",
                &[
                    ("count", i64::from(m.matches_moved).into()),
                    ("name", m.player.name.into()),
                ],
            );
            view! { <div class="toasts" aria-live="polite"><p class="toast ok" role="status" data-testid="player-notice">{text}</p></div> }
        })
    };

    view! {
        <section class="player-page" data-testid="player-page">
            <Back screen=Screen::Stats(StatsRoute::Players)/>
            {loaded("player-error", move || {
                player().map(|r| r.map(|p| p.map(|p| view! { <PlayerHead p/> }).into_any()))
            })}
            {move || error.get().filter(|e| e.field.is_none()).map(|e| error_toast("player-error", i18n.error(&e)))}
            {notice}
            <PlayerEdit id players editing save error/>
            <Merge id players merge/>
            <PlayerStatsView id changed/>
            <h3>{i18n.text("players-matches")}</h3>
            <PlayerMatchList id changed/>
        </section>
    }
}

/// His name, club, licence and notes.
#[component]
fn PlayerHead(p: RosterPlayer) -> impl IntoView {
    let i18n = use_i18n();
    let licence = (!p.licence.is_empty()).then(|| {
        let licence = p.licence;
        view! { <span>{move || i18n.tr("players-licence-line", &[("licence", licence.clone().into())])}</span> }
    });
    view! {
        <header class="player-head">
            <h2 data-testid="player-title">{p.name}</h2>
            <p class="player-meta">
                <span>{p.club}</span>
                {licence}
            </p>
            {(!p.notes.is_empty()).then(|| view! { <p class="player-notes">{p.notes}</p> })}
        </header>
    }
}

/// The edit of his details, behind its button.
#[component]
fn PlayerEdit(
    id: i64,
    players: LocalResource<Answer<Vec<RosterPlayer>>>,
    editing: RwSignal<bool>,
    save: Action<UpdatePlayer, Answer<RosterPlayer>>,
    error: Signal<Option<ApiError>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let info = RwSignal::new(PlayerInfo::default());
    let start_edit = move |_| {
        let found = players.get_untracked().and_then(Result::ok);
        if let Some(p) = found.and_then(|list| list.into_iter().find(|p| p.id == id)) {
            info.set(PlayerInfo {
                name: p.name,
                club: p.club,
                licence: p.licence,
                notes: p.notes,
            });
            save.value().set(None);
            editing.set(true);
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        save.dispatch(UpdatePlayer {
            id,
            info: info.get_untracked(),
        });
    };
    view! {
        <Show
            when=move || editing.get()
            fallback=move || view! {
                <div class="actions">
                    <button class="secondary" data-testid="edit-player" on:click=start_edit>{i18n.text("players-edit")}</button>
                </div>
            }
        >
            <form class="player-form" data-testid="edit-form" on:submit=submit>
                <PlayerFields info error/>
                <PlayerFormActions open=editing/>
            </form>
        </Show>
    }
}

/// The merge of another entry of the same person into this one.
#[component]
fn Merge(
    id: i64,
    players: LocalResource<Answer<Vec<RosterPlayer>>>,
    merge: Action<MergePlayers, Answer<carom_api::Merged>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let merge_with: RwSignal<Option<i64>> = RwSignal::new(None);
    let list = move || players.get().and_then(Result::ok).unwrap_or_default();
    let others = move || {
        list()
            .into_iter()
            .filter(|p| p.id != id)
            .collect::<Vec<_>>()
    };
    let confirm = move |_| {
        if let Some(merged) = merge_with.get_untracked() {
            merge.dispatch(MergePlayers { kept: id, merged });
            merge_with.set(None);
        }
    };
    view! {
        <details class="merge" data-testid="merge">
            <summary>{i18n.text("players-merge")}</summary>
            <p>{i18n.text("players-merge-help")}</p>
            <label for="merge-with">{i18n.text("players-merge-pick")}</label>
            <select id="merge-with" data-testid="merge-with"
                on:change=move |ev| merge_with.set(event_target_value(&ev).parse().ok())>
                <option value="" selected=move || merge_with.get().is_none()>"—"</option>
                {move || others().into_iter().map(|o| {
                    let label = if o.club.is_empty() { o.name.clone() } else { format!("{} ({})", o.name, o.club) };
                    view! { <option value=o.id.to_string()>{label}</option> }
                }).collect_view()}
            </select>
            {move || merge_with.get().and_then(|m| {
                let all = list();
                let merged = all.iter().find(|o| o.id == m && o.id != id)?.name.clone();
                let kept = all.iter().find(|p| p.id == id)?.name.clone();
                Some(view! {
                    <button class="primary" data-testid="merge-confirm" on:click=confirm>
                        {move || i18n.tr("players-merge-confirm", &[
                            ("merged", merged.clone().into()),
                            ("kept", kept.clone().into()),
                        ])}
                    </button>
                })
            })}
        </details>
    }
}

/// His matches, newest first, a page more at each tap; read again whenever `changed` does.
#[component]
fn PlayerMatchList(id: i64, changed: Signal<usize>) -> impl IntoView {
    let i18n = use_i18n();
    let pages = RwSignal::new(1u32);
    // The pages shown, as one.
    let history = LocalResource::new(move || {
        changed.track();
        let shown = pages.get();
        async move {
            let mut all = HistoryPage {
                matches: Vec::new(),
                page: 0,
                has_more: false,
            };
            for page in 0..shown {
                let next = call(&PlayerMatches { id, page }).await?;
                all.matches.extend(next.matches);
                (all.page, all.has_more) = (page, next.has_more);
            }
            Ok(all)
        }
    });
    let list = move |h: HistoryPage| {
        if h.matches.is_empty() {
            return view! { <p class="empty">{i18n.text("players-no-matches")}</p> }.into_any();
        }
        view! {
            <ul class="match-list" data-testid="player-matches">
                {h.matches.into_iter().map(|m| {
                    let ByPlayer { a, b } = m.players.map(|p| p.name);
                    let status = format!("match-status-{}", m.status.id());
                    let (created, discipline) = (m.created_at, m.discipline);
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
                }).collect_view()}
            </ul>
            {h.has_more.then(|| view! {
                <button class="secondary" data-testid="more-matches" on:click=move |_| pages.update(|n| *n += 1)>
                    {i18n.text("players-more")}
                </button>
            })}
        }
        .into_any()
    };
    loaded("player-error", move || history.get().map(|r| r.map(list)))
}
