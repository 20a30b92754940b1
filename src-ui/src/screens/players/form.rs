//! The player form (name, club, licence, notes), for a new player and for editing one;
//! each field shows the backend's error about it; its Cancel and Save buttons.

pub use carom_api::PlayerInfo;
use leptos::prelude::*;

use crate::backend::ApiError;
use crate::components::form::field_error;
use crate::state::i18n::use_i18n;

/// The player form's fields, bound to `info`; `error` names the bad field.
#[component]
pub fn PlayerFields(info: RwSignal<PlayerInfo>, error: Signal<Option<ApiError>>) -> impl IntoView {
    let i18n = use_i18n();
    let field_error = move |field: &'static str| field_error(error, field);
    view! {
        <label for="player-name">{i18n.text("players-name")}</label>
        <input id="player-name" data-testid="player-name" maxlength="100" autocomplete="off"
            prop:value=move || info.get().name
            on:input=move |ev| info.update(|i| i.name = event_target_value(&ev))/>
        {field_error("player-name")}
        <label for="player-club">{i18n.text("players-club")}</label>
        <input id="player-club" data-testid="player-club" maxlength="200"
            prop:value=move || info.get().club
            on:input=move |ev| info.update(|i| i.club = event_target_value(&ev))/>
        {field_error("player-club")}
        <label for="player-licence">{i18n.text("players-licence")}</label>
        <input id="player-licence" data-testid="player-licence" maxlength="200"
            prop:value=move || info.get().licence
            on:input=move |ev| info.update(|i| i.licence = event_target_value(&ev))/>
        {field_error("player-licence")}
        <label for="player-notes">{i18n.text("players-notes")}</label>
        <textarea id="player-notes" data-testid="player-notes" maxlength="2000" rows="3"
            prop:value=move || info.get().notes
            on:input=move |ev| info.update(|i| i.notes = event_target_value(&ev))/>
        {field_error("player-notes")}
    }
}

/// The player form's answers: Cancel closes it (`open` off), Save submits it.
#[component]
pub fn PlayerFormActions(open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="actions">
            <button type="button" class="secondary" on:click=move |_| open.set(false)>
                {i18n.text("players-cancel")}
            </button>
            <button type="submit" class="primary" data-testid="save-player">{i18n.text("players-save")}</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use carom_i18n::Lang;

    #[test]
    fn the_form_answers_say_different_words_in_each_language() {
        for lang in [Lang::En, Lang::Fr, Lang::Es] {
            let cancel = carom_i18n::t(lang, "players-cancel");
            let save = carom_i18n::t(lang, "players-save");
            assert!(!cancel.is_empty() && !save.is_empty(), "{lang:?}");
            assert_ne!(cancel, save, "{lang:?}");
        }
    }
}
