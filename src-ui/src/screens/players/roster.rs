//! The roster: the players list, searched by name, and a new player's form.

use carom_api::{AddPlayer, ListPlayers};
use leptos::prelude::*;

use crate::backend::call;
use crate::components::loaded::{error_toast, loaded};
use crate::components::nav::Back;
use crate::screens::players::form::{PlayerFields, PlayerFormActions, PlayerInfo};
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell, StatsRoute};
use carom_api::RosterPlayer;

/// The players list: search, open, add.
#[component]
pub fn PlayersScreen() -> impl IntoView {
    let i18n = use_i18n();
    let search = RwSignal::new(String::new());
    let players = LocalResource::new(move || {
        let args = ListPlayers {
            search: Some(search.get()).filter(|t| !t.trim().is_empty()),
        };
        async move { call(&args).await }
    });
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
            {loaded("players-error", move || {
                players.get().map(|r| r.map(|list| view! { <PlayerList list/> }.into_any()))
            })}
            <NewPlayer/>
        </section>
    }
}

/// The players found, each opening his page.
#[component]
fn PlayerList(list: Vec<RosterPlayer>) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let count = list.len() as i64;
    let items = (!list.is_empty()).then(|| {
        view! {
            <ul class="player-list" data-testid="player-list">
                {list.into_iter().map(|p| {
                    let id = p.id;
                    view! {
                        <li>
                            <button class="player-card" data-testid="player-item"
                                on:click=move |_| shell.navigate(Screen::Stats(StatsRoute::Player(id)))>
                                <span class="player-name">{p.name}</span>
                                <span class="player-club">{p.club}</span>
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }
    });
    let none = items.is_none();
    view! {
        <p class="count">{move || i18n.tr("players-count", &[("count", count.into())])}</p>
        {none.then(|| view! { <p class="empty" data-testid="no-players">{i18n.text("players-none")}</p> })}
        {items}
    }
}

/// A new player's form, behind its button; saved, his page opens.
#[component]
fn NewPlayer() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let adding = RwSignal::new(false);
    let info = RwSignal::new(PlayerInfo::default());
    let add = Action::new_local(move |args: &AddPlayer| {
        let args = args.clone();
        async move {
            let added = call(&args).await;
            if let Ok(p) = &added {
                shell.navigate(Screen::Stats(StatsRoute::Player(p.id)));
            }
            added
        }
    });
    let error = Signal::derive(move || add.value().get().and_then(Result::err));
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        add.dispatch(AddPlayer {
            info: info.get_untracked(),
        });
    };
    view! {
        {move || error.get().filter(|e| e.field.is_none()).map(|e| error_toast("players-error", i18n.error(&e)))}
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
                <PlayerFormActions open=adding/>
            </form>
        </Show>
    }
}
