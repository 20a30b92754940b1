//! The history's search form: player, discipline, status, dates; each field shows the
//! backend's error about it.

use carom_api::StatusFilter;
use carom_core::Discipline;
use leptos::prelude::*;

use crate::backend::ApiError;
use crate::components::form::field_error;
use crate::components::format::discipline_name;
use crate::state::history::HistoryFilter;
use crate::state::i18n::use_i18n;

/// A status's option value: its id, the empty value for all.
fn status_value(s: StatusFilter) -> &'static str {
    match s {
        StatusFilter::All => "",
        s => s.id(),
    }
}

/// The status an option value stands for.
fn status_of(value: &str) -> StatusFilter {
    StatusFilter::ALL
        .into_iter()
        .find(|s| status_value(*s) == value)
        .unwrap_or_default()
}

/// The search form.
#[component]
pub fn Filters(filter: RwSignal<HistoryFilter>, error: Signal<Option<ApiError>>) -> impl IntoView {
    let i18n = use_i18n();
    // Any change of the search starts again at its first page.
    let set = move |f: fn(&mut HistoryFilter, String), v: String| {
        filter.update(|h| {
            f(h, v);
            h.page = 0;
        })
    };
    view! {
        <form class="history-filters" data-testid="history-filters" role="search"
            on:submit=|ev| ev.prevent_default()>
            <label class="wide">
                {i18n.text("history-player")}
                <input type="search" data-testid="history-player" maxlength="100" autocomplete="off"
                    placeholder=i18n.text("history-player-hint")
                    prop:value=move || filter.get().player
                    on:input=move |ev| set(|h, v| h.player = v, event_target_value(&ev))/>
            </label>
            <label>
                {i18n.text("history-discipline")}
                <select data-testid="history-discipline"
                    prop:value=move || filter.get().discipline.map_or("", |d| d.id())
                    on:change=move |ev| set(|h, v| h.discipline = Discipline::from_id(&v), event_target_value(&ev))>
                    <option value="">{i18n.text("history-discipline-all")}</option>
                    {Discipline::ALL.map(|d| view! {
                        <option value=d.id() selected=move || filter.get().discipline == Some(d)>
                            {move || discipline_name(i18n, d)}
                        </option>
                    })}
                </select>
                {field_error(error, "history-discipline")}
            </label>
            <label>
                {i18n.text("history-status")}
                <select data-testid="history-status"
                    prop:value=move || status_value(filter.get().status)
                    on:change=move |ev| set(|h, v| h.status = status_of(&v), event_target_value(&ev))>
                    {StatusFilter::ALL.map(|s| view! {
                        <option value=status_value(s) selected=move || filter.get().status == s>
                            {move || i18n.t(&format!("history-status-{}", s.id()))}
                        </option>
                    })}
                </select>
                {field_error(error, "history-status")}
            </label>
            <label>
                {i18n.text("history-from")}
                <input type="date" data-testid="history-from"
                    prop:value=move || filter.get().from
                    on:change=move |ev| set(|h, v| h.from = v, event_target_value(&ev))/>
                {field_error(error, "history-from")}
            </label>
            <label>
                {i18n.text("history-until")}
                <input type="date" data-testid="history-until"
                    prop:value=move || filter.get().until
                    on:change=move |ev| set(|h, v| h.until = v, event_target_value(&ev))/>
                {field_error(error, "history-until")}
            </label>
            <button type="button" class="secondary wide" data-testid="history-clear"
                on:click=move |_| filter.set(HistoryFilter::default())>
                {i18n.text("history-clear")}
            </button>
        </form>
    }
}
