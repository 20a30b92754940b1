//! The new-match form: two players, the discipline, each player's distance.

use carom_core::Discipline;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::Serialize;

use crate::app::{MatchSummary, PlayerEntry, Screen, Shell};
use crate::i18n::use_i18n;
use crate::ipc::{invoke, IpcError};

/// The usual distance of a club match in each discipline.
fn default_target(d: Discipline) -> i64 {
    match d {
        Discipline::Libre => 100,
        Discipline::Cadre47_2 | Discipline::Cadre71_2 => 150,
        Discipline::Cadre47_1 => 100,
        Discipline::OneCushion => 50,
        Discipline::ThreeCushion => 40,
    }
}

#[derive(Serialize)]
struct CreateMatch {
    request: Request,
}

#[derive(Serialize)]
struct Request {
    discipline: &'static str,
    players: [PlayerEntry; 2],
}

/// A target as typed: anything that is not a whole number is sent as 0, which the
/// backend refuses with the localized range message.
fn parse_target(s: &str) -> i64 {
    s.trim().parse().unwrap_or(0)
}

#[component]
pub fn NewMatchForm() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let names = [RwSignal::new(String::new()), RwSignal::new(String::new())];
    let discipline = RwSignal::new(Discipline::ThreeCushion);
    let targets = [
        RwSignal::new("40".to_owned()),
        RwSignal::new("40".to_owned()),
    ];
    let error = RwSignal::new(None::<IpcError>);
    let busy = RwSignal::new(false);

    let field_error =
        move |field: &'static str| {
            move || {
                error.get().filter(|e| e.field.as_deref() == Some(field)).map(|e| {
                view! {
                    <p class="field-error" role="alert" data-testid=format!("error-{field}")>
                        {move || i18n.error(&e)}
                    </p>
                }
            })
            }
        };
    let general_error = move || {
        error.get().filter(|e| e.field.is_none()).map(|e| {
            view! { <p class="banner error" role="alert" data-testid="form-error">{move || i18n.error(&e)}</p> }
        })
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        let request = Request {
            discipline: discipline.get_untracked().id(),
            players: [0, 1].map(|i| PlayerEntry {
                name: names[i].get_untracked(),
                target: parse_target(&targets[i].get_untracked()),
            }),
        };
        spawn_local(async move {
            match invoke::<_, MatchSummary>("create_match", &CreateMatch { request }).await {
                Ok(_) => {
                    error.set(None);
                    shell.reload_matches();
                    shell.screen.set(Screen::Home);
                }
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    };

    let player = move |i: usize| {
        let label = ["new-match-player-a", "new-match-player-b"][i];
        let name_id = ["player-a-name", "player-b-name"][i];
        let target_id = ["player-a-target", "player-b-target"][i];
        view! {
            <fieldset class="player">
                <legend>{move || i18n.t(label)}</legend>
                <label for=name_id>{move || i18n.t("new-match-name-placeholder")}</label>
                <input
                    id=name_id
                    data-testid=name_id
                    type="text"
                    autocomplete="off"
                    maxlength="200"
                    prop:value=move || names[i].get()
                    on:input=move |ev| names[i].set(event_target_value(&ev))
                />
                {field_error(name_id)}
                <label for=target_id>{move || i18n.t("new-match-target")}</label>
                <input
                    id=target_id
                    data-testid=target_id
                    type="number"
                    inputmode="numeric"
                    min="1"
                    max="10000"
                    prop:value=move || targets[i].get()
                    on:input=move |ev| targets[i].set(event_target_value(&ev))
                />
                {field_error(target_id)}
            </fieldset>
        }
    };

    view! {
        <form class="new-match" on:submit=submit novalidate=true>
            <h2>{move || i18n.t("new-match-title")}</h2>
            {general_error}
            <label for="discipline">{move || i18n.t("new-match-discipline")}</label>
            <select
                id="discipline"
                data-testid="discipline"
                on:change=move |ev| {
                    if let Some(d) = Discipline::from_id(&event_target_value(&ev)) {
                        discipline.set(d);
                        let t = default_target(d).to_string();
                        targets[0].set(t.clone());
                        targets[1].set(t);
                    }
                }
            >
                {Discipline::ALL
                    .into_iter()
                    .map(|d| view! {
                        <option value=d.id() selected=move || discipline.get() == d>
                            {move || i18n.t(&format!("app-discipline-{}", d.id()))}
                        </option>
                    })
                    .collect_view()}
            </select>
            <div class="players">{player(0)}{player(1)}</div>
            <div class="actions">
                <button type="button" class="secondary" data-testid="cancel"
                    on:click=move |_| shell.screen.set(Screen::Home)>
                    {move || i18n.t("new-match-cancel")}
                </button>
                <button type="submit" class="primary" data-testid="create-match" disabled=move || busy.get()>
                    {move || i18n.t("new-match-create")}
                </button>
            </div>
        </form>
    }
}
