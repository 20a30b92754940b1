//! The roster: the players list, searched by name, and a new player's form.

use carom_api::{AddPlayer, ListPlayers};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, ApiError};
use crate::components::nav::Back;
use crate::screens::players::form::{PlayerFields, PlayerInfo};
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell, StatsRoute};
use carom_api::Player;

/// Opens a screen of the statistics area.
fn go(route: StatsRoute) {
    expect_context::<Shell>().navigate(Screen::Stats(route));
}

/// The players list: search, open, add.
#[component]
pub fn PlayersScreen() -> impl IntoView {
    let i18n = use_i18n();
    let search = RwSignal::new(String::new());
    let players: RwSignal<Vec<Player>> = RwSignal::new(Vec::new());
    let error: RwSignal<Option<ApiError>> = RwSignal::new(None);
    let adding = RwSignal::new(false);
    let info = RwSignal::new(PlayerInfo::default());
    Effect::new(move |_| {
        let text = search.get();
        spawn_local(async move {
            let args = ListPlayers {
                search: Some(text).filter(|t| !t.trim().is_empty()),
            };
            match call(&args).await {
                Ok(list) => players.set(list),
                Err(e) => error.set(Some(e)),
            }
        });
    });
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let args = AddPlayer {
            info: info.get_untracked(),
        };
        spawn_local(async move {
            match call(&args).await {
                Ok(p) => go(StatsRoute::Player(p.id)),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    view! {
        <section class="players" data-testid="players-screen">
            <Back screen=Screen::Home/>
            <h2>{i18n.text("players-title")}</h2>
            <input
                type="search"
                class="search"
                data-testid="player-search"
                placeholder=i18n.text("players-search")
                aria-label=i18n.text("players-search")
                prop:value=move || search.get()
                on:input=move |ev| search.set(event_target_value(&ev))
            />
            {move || error.get().filter(|e| e.field.is_none()).map(|e| view! {
                <div class="toasts" aria-live="polite"><p class="toast error" role="alert">{i18n.error(&e)}</p></div>
            })}
            <p class="count">{move || i18n.tr("players-count", &[("count", (players.get().len() as i64).into())])}</p>
            <Show
                when=move || !players.get().is_empty()
                fallback=move || view! { <p class="empty" data-testid="no-players">{i18n.text("players-none")}</p> }
            >
                <ul class="player-list" data-testid="player-list">
                    <For
                        each=move || players.get()
                        key=|p: &Player| (p.id, p.name.clone(), p.club.clone())
                        children=move |p: Player| {
                            let id = p.id;
                            view! {
                                <li>
                                    <button class="player-card" data-testid="player-item" on:click=move |_| go(StatsRoute::Player(id))>
                                        <span class="player-name">{p.name.clone()}</span>
                                        <span class="player-club">{p.club.clone()}</span>
                                    </button>
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
            <Show
                when=move || adding.get()
                fallback=move || view! {
                    <button class="primary big" data-testid="add-player" on:click=move |_| adding.set(true)>
                        {i18n.text("players-add")}
                    </button>
                }
            >
                <form class="player-form" data-testid="player-form" on:submit=save>
                    <h3>{i18n.text("players-add")}</h3>
                    <PlayerFields info error/>
                    <div class="actions">
                        <button type="button" class="secondary" on:click=move |_| adding.set(false)>
                            {i18n.text("players-cancel")}
                        </button>
                        <button type="submit" class="primary" data-testid="save-player">{i18n.text("players-save")}</button>
                    </div>
                </form>
            </Show>
        </section>
    }
}
