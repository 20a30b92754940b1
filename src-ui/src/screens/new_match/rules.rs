//! The rules of the match in the new-match form: discipline (with its usual defaults)
//! and table size; innings limit, sets, equalizing inning, pause, shot clock and
//! averaging rule; then the sheet's header, folded away.

use carom_core::{AverageRule, Discipline, TableSize};
use leptos::prelude::*;

use crate::backend::ApiError;
use crate::components::form::field_error;
use crate::screens::new_match::{text_input, Form, DETAILS};
use crate::state::i18n::use_i18n;

/// The discipline (its usual distance and equalizing inning follow it) and the table.
#[component]
pub(super) fn DisciplineAndTable(form: Form) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="grid-2">
            <div>
                <label for="discipline">{i18n.text("new-match-discipline")}</label>
                <select id="discipline" data-testid="discipline"
                    on:change=move |ev| {
                        if let Some(d) = Discipline::from_id(&event_target_value(&ev)) {
                            form.discipline.set(d);
                            form.apply_defaults(d);
                        }
                    }>
                    {Discipline::ALL.into_iter().map(|d| view! {
                        <option value=d.id() selected=move || form.discipline.get() == d>
                            {move || i18n.t(&format!("app-discipline-{}", d.id()))}
                        </option>
                    }).collect_view()}
                </select>
            </div>
            <div>
                <label for="table-size">{i18n.text("new-match-table")}</label>
                <select id="table-size" data-testid="table-size"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(t) = TableSize::ALL.into_iter().find(|t| t.id() == v) {
                            form.table.set(t);
                        }
                    }>
                    {TableSize::ALL.into_iter().map(|t| view! {
                        <option value=t.id() selected=move || form.table.get() == t>
                            {move || i18n.msg(&t.message())}
                        </option>
                    }).collect_view()}
                </select>
            </div>
        </div>
    }
}

/// A check box bound to `value`.
fn check(id: &'static str, label: &'static str, value: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="check">
            <input type="checkbox" data-testid=id prop:checked=move || value.get()
                on:change=move |_| value.update(|v| *v = !*v)/>
            {i18n.text(label)}
        </label>
    }
}

/// The innings limit, the sets, the equalizing inning, the pause, the shot clock and the
/// averaging rule; `error` said under the field it names.
#[component]
pub(super) fn MatchRules(form: Form, error: Signal<Option<ApiError>>) -> impl IntoView {
    let i18n = use_i18n();
    let field_error = move |field: &'static str| field_error(error, field);
    view! {
        <div class="grid-2">
            <div>
                <label for="innings-limit">{i18n.text("new-match-innings-limit")}</label>
                {text_input("innings-limit", form.innings_limit, "number")}
                {field_error("innings-limit")}
            </div>
            <div>
                <label for="sets">{i18n.text("new-match-sets")}</label>
                <select id="sets" data-testid="sets"
                    on:change=move |ev| form.best_of.set(event_target_value(&ev).parse().unwrap_or(1))>
                    {[1u8, 3, 5].map(|n| view! {
                        <option value=n.to_string() selected=move || form.best_of.get() == n>
                            {move || if n == 1 { i18n.t("new-match-single-game") } else { i18n.tr("new-match-best-of", &[("sets", u32::from(n).into())]) }}
                        </option>
                    })}
                </select>
            </div>
        </div>
        <Show when=move || { form.best_of.get() > 1 }>
            <label for="set-target">{i18n.text("new-match-set-target")}</label>
            {text_input("set-target", form.set_target, "number")}
            {field_error("set-target")}
        </Show>
        <div class="checks">
            {check("equalizing", "new-match-equalizing", form.equalizing)}
            {check("pause", "new-match-pause", form.pause)}
            {check("shot-clock", "new-match-shot-clock", form.clock)}
        </div>
        <Show when=move || form.clock.get()>
            <div class="grid-3">
                <div>
                    <label for="clock-seconds">{i18n.text("new-match-clock-seconds")}</label>
                    {text_input("clock-seconds", form.clock_seconds, "number")}
                </div>
                <div>
                    <label for="clock-warning">{i18n.text("new-match-clock-warning")}</label>
                    {text_input("clock-warning", form.clock_warning, "number")}
                </div>
                <div>
                    <label for="timeouts">{i18n.text("new-match-timeouts")}</label>
                    {text_input("timeouts", form.timeouts, "number")}
                </div>
            </div>
            {field_error("shot-clock")}
        </Show>
        <label for="average">{i18n.text("settings-average")}</label>
        <select id="average" data-testid="average"
            on:change=move |ev| form.average.set(if event_target_value(&ev) == "round" { AverageRule::Round } else { AverageRule::Truncate })>
            <option value="truncate" selected=move || form.average.get() == AverageRule::Truncate>{i18n.text("settings-average-truncate")}</option>
            <option value="round" selected=move || form.average.get() == AverageRule::Round>{i18n.text("settings-average-round")}</option>
        </select>
    }
}

/// The sheet's header (competition, venue, table, referee, marker), folded away.
#[component]
pub(super) fn MatchDetails(form: Form, error: Signal<Option<ApiError>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <details class="match-details">
            <summary>{i18n.text("new-match-details")}</summary>
            {DETAILS.iter().enumerate().map(|(i, (id, label))| {
                let (id, label) = (*id, *label);
                view! {
                    <label for=id>{i18n.text(label)}</label>
                    {text_input(id, form.details[i], "text")}
                    {field_error(error, id)}
                }
            }).collect_view()}
        </details>
    }
}
