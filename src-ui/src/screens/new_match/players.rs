//! One player's side of the new-match form: his name (the known players offered), his
//! distance, and the distance his recent average suggests when the app knows him.

use carom_api::SuggestTarget;
use leptos::prelude::*;

use crate::backend::{call, ApiError};
use crate::components::form::field_error;
use crate::components::loaded::Answer;
use crate::screens::new_match::{is_known, text_input, Form, Suggestion, NAME_FIELDS};
use crate::state::i18n::use_i18n;

/// Player `i`'s name and distance (0 is A, 1 is B); `known` the players the app knows,
/// `error` the form's refusal, said under the field it names.
#[component]
pub(super) fn PlayerSide(
    i: usize,
    form: Form,
    known: LocalResource<Answer<Vec<String>>>,
    error: Signal<Option<ApiError>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let field_error = move |field: &'static str| field_error(error, field);
    // A known player picked for the discipline: the distance his recent average suggests.
    let suggestion = LocalResource::new(move || {
        let name = form.names[i].get();
        let discipline = form.discipline.get();
        let ask = known.with(|k| matches!(k, Some(Ok(k)) if is_known(k, &name)));
        async move {
            if !ask {
                return None;
            }
            let args = SuggestTarget {
                player: name.clone(),
                discipline,
            };
            let found = call(&args).await.ok().flatten();
            // Only if the form still shows what was asked about.
            let same = form.names[i].get_untracked() == name
                && form.discipline.get_untracked() == discipline;
            found.filter(|_| same)
        }
    });
    let label = ["new-match-player-a", "new-match-player-b"][i];
    let name_id = NAME_FIELDS[i];
    let target_id = ["player-a-target", "player-b-target"][i];
    view! {
        <fieldset class="player">
            <legend>{i18n.text(label)}</legend>
            <label for=name_id>{i18n.text("new-match-name-placeholder")}</label>
            <input
                id=name_id
                data-testid=name_id
                type="text"
                list="known-players"
                autocomplete="off"
                maxlength="200"
                prop:value=move || form.names[i].get()
                on:input=move |ev| form.names[i].set(event_target_value(&ev))
            />
            {field_error(name_id)}
            <Show when=move || form.best_of.get() == 1>
                <label for=target_id>{i18n.text("new-match-target")}</label>
                {text_input(target_id, form.targets[i], "number")}
                {field_error(target_id)}
                {move || suggestion.get().flatten().map(|s| view! { <SuggestionLine i s form/> })}
            </Show>
        </fieldset>
    }
}

/// The distance suggested to player `i`, and the button that takes it.
#[component]
fn SuggestionLine(i: usize, s: Suggestion, form: Form) -> impl IntoView {
    let i18n = use_i18n();
    let suffix = ["a", "b"][i];
    view! {
        <p class="suggestion" data-testid=format!("suggestion-{suffix}")>
            <span>{move || i18n.tr("new-match-suggested", &[
                ("target", s.target.into()),
                ("average", i18n.average(&s.average).into()),
                ("matches", s.matches.into()),
            ])}</span>
            " "
            <button type="button" class="secondary small" data-testid=format!("use-suggestion-{suffix}")
                on:click=move |_| form.targets[i].set(s.target.to_string())>
                {i18n.text("new-match-use-suggestion")}
            </button>
        </p>
    }
}
