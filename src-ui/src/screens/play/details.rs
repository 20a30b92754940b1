//! "Edit match details" during the match: the sheet's header (competition, venue, table,
//! referee, marker) and the shot clock. Each change is an `edit-setup` event sent through
//! the normal play path, so it is committed to the log before the screen shows it, and
//! it is listed among the sheet's corrections. The core refuses what the rules do not
//! allow (the discipline, distances and limits are not editable here at all).

use carom_core::{Event, MatchSetup, SetupField, SetupValue, ShotClock};
use leptos::prelude::*;

use crate::components::form::{parse_number, parse_optional};
use crate::components::modal::Modal;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};
use crate::state::match_ui::Dialogs;

/// The header fields of the form: field, input id, label.
const TEXT_FIELDS: [(SetupField, &str, &str); 5] = [
    (
        SetupField::Competition,
        "edit-competition",
        "new-match-competition",
    ),
    (SetupField::Venue, "edit-venue", "new-match-venue"),
    (
        SetupField::TableName,
        "edit-table-name",
        "new-match-table-name",
    ),
    (SetupField::Referee, "edit-referee", "new-match-referee"),
    (SetupField::Marker, "edit-marker", "new-match-marker"),
];

/// The `edit-setup` changes that turn `current` into `edited`, in the form's order
/// (fields left as they were are not sent).
pub fn changes(current: &MatchSetup, edited: &MatchSetup) -> Vec<(SetupField, Option<SetupValue>)> {
    SetupField::ALL
        .into_iter()
        .filter_map(|f| {
            let after = f.get(edited);
            (f.get(current) != after).then_some((f, after))
        })
        .collect()
}

/// A typed text: trimmed, empty means none.
fn text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

#[component]
pub fn DetailsDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let Some(current) = live
        .game
        .with_untracked(|g| g.as_ref().map(|g| g.current_setup().clone()))
    else {
        return ().into_any();
    };
    let texts: [RwSignal<String>; 5] = std::array::from_fn(|i| {
        let value = match TEXT_FIELDS[i].0.get(&current) {
            Some(SetupValue::Text(t)) => t,
            _ => String::new(),
        };
        RwSignal::new(value)
    });
    let clock = current.shot_clock;
    let clock_on = RwSignal::new(clock.is_some());
    let c = clock.unwrap_or_default();
    let seconds = RwSignal::new(c.seconds.to_string());
    let warning = RwSignal::new(c.warning_at.map(|w| w.to_string()).unwrap_or_default());
    let timeouts = RwSignal::new(c.timeouts.to_string());
    let timeout_seconds = c.timeout_seconds;

    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut edited = current.clone();
        edited.competition = text(&texts[0].get_untracked());
        edited.venue = text(&texts[1].get_untracked());
        edited.table_name = text(&texts[2].get_untracked());
        edited.referee = text(&texts[3].get_untracked());
        edited.marker = text(&texts[4].get_untracked());
        edited.shot_clock = clock_on.get_untracked().then(|| {
            let s = parse_number(&seconds.get_untracked());
            ShotClock {
                seconds: s,
                warning_at: parse_optional(&warning.get_untracked()),
                timeouts: u8::try_from(parse_number(&timeouts.get_untracked())).unwrap_or(u8::MAX),
                // Kept as set up; a clock switched on here gives a time-out a full shot.
                timeout_seconds: if clock.is_some() { timeout_seconds } else { s },
            }
        });
        for (field, value) in changes(&current, &edited) {
            live.send(Event::EditSetup {
                field,
                value,
                at: Live::now(),
            });
        }
        dialogs.close();
    };

    let input = move |id: &'static str, value: RwSignal<String>, kind: &'static str| {
        view! {
            <input id=id data-testid=id type=kind autocomplete="off"
                inputmode=if kind == "number" { "numeric" } else { "text" }
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))/>
        }
    };

    view! {
        <Modal title=Signal::derive(i18n.text("details-title")) testid="details-dialog">
            <form class="details-form" on:submit=save novalidate=true data-testid="details-form">
                <p class="hint">{i18n.text("details-hint")}</p>
                {TEXT_FIELDS.iter().enumerate().map(|(i, (_, id, label))| {
                    let (id, label) = (*id, *label);
                    view! {
                        <label for=id>{i18n.text(label)}</label>
                        {input(id, texts[i], "text")}
                    }
                }).collect_view()}
                <label class="check">
                    <input type="checkbox" data-testid="edit-shot-clock" prop:checked=move || clock_on.get()
                        on:change=move |_| clock_on.update(|v| *v = !*v)/>
                    {i18n.text("new-match-shot-clock")}
                </label>
                <Show when=move || clock_on.get()>
                    <div class="grid-3">
                        <div>
                            <label for="edit-clock-seconds">{i18n.text("new-match-clock-seconds")}</label>
                            {input("edit-clock-seconds", seconds, "number")}
                        </div>
                        <div>
                            <label for="edit-clock-warning">{i18n.text("new-match-clock-warning")}</label>
                            {input("edit-clock-warning", warning, "number")}
                        </div>
                        <div>
                            <label for="edit-timeouts">{i18n.text("new-match-timeouts")}</label>
                            {input("edit-timeouts", timeouts, "number")}
                        </div>
                    </div>
                </Show>
                <div class="choice-row">
                    <button type="button" class="secondary" data-testid="details-cancel" on:click=move |_| dialogs.close()>
                        {i18n.text("ui-cancel")}
                    </button>
                    <button type="submit" class="primary" data-testid="details-save">
                        {i18n.text("details-save")}
                    </button>
                </div>
            </form>
        </Modal>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use carom_core::{Discipline, TableSize};

    use super::*;

    #[test]
    fn only_the_fields_that_changed_are_sent() {
        let mut current =
            MatchSetup::race(Discipline::Libre, TableSize::Match, ["Ana", "Blanca"], 50);
        current.referee = Some("M. Arbitre".into());
        current.venue = Some("Lyon".into());
        assert!(changes(&current, &current).is_empty());
        let mut edited = current.clone();
        edited.referee = Some("Mme Remplaçante".into());
        edited.venue = None;
        let clock = ShotClock {
            seconds: 40,
            warning_at: Some(30),
            timeouts: 2,
            timeout_seconds: 40,
        };
        edited.shot_clock = Some(clock);
        // The discipline is not a field the form can send.
        edited.discipline = Discipline::ThreeCushion;
        assert_eq!(
            changes(&current, &edited),
            [
                (SetupField::Venue, None),
                (
                    SetupField::Referee,
                    Some(SetupValue::Text("Mme Remplaçante".into()))
                ),
                (SetupField::ShotClock, Some(SetupValue::ShotClock(clock))),
            ]
        );
    }
}
