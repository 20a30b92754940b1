//! The new-match form: players and their distances (handicap), discipline with its usual
//! defaults, table size, innings limit, sets, equalizing inning, shot clock, pause,
//! averaging rule, and the sheet's header (competition, venue, table, referee, marker).

pub use carom_api::TargetSuggestion as Suggestion;
use carom_api::{PlayerNames, StartMatch, SuggestTarget};
use carom_core::{
    AverageRule, ByPlayer, Discipline, MatchSetup, PausePolicy, Player, PlayerSetup, SetsSetup,
    ShotClock, TableSize,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, ApiError};
use crate::components::form::{parse_number, parse_optional};
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell};

/// The usual distance of a club match in each discipline: the core's usual set-up.
pub fn default_target(d: Discipline) -> u32 {
    MatchSetup::usual(d).players[Player::A].target
}

fn text(s: String) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// Whether `name` is one of the `known` players (any case, surrounding spaces ignored):
/// only then is a suggestion asked for.
pub fn is_known(known: &[String], name: &str) -> bool {
    let name = name.trim().to_lowercase();
    !name.is_empty() && known.iter().any(|k| k.trim().to_lowercase() == name)
}

/// The ids of the two name fields: the app names them when it refuses a name (an empty
/// name, the same player on both sides), and the message is shown beside the field.
const NAME_FIELDS: [&str; 2] = ["player-a-name", "player-b-name"];

/// The message of an error from the app when it is about the field `field`.
fn error_at(i18n_error: impl Fn(&ApiError) -> String, e: &ApiError, field: &str) -> Option<String> {
    (e.field.map(carom_api::FormField::id) == Some(field)).then(|| i18n_error(e))
}

/// Every field of the form, as typed.
#[derive(Clone, Copy)]
struct Form {
    names: [RwSignal<String>; 2],
    targets: [RwSignal<String>; 2],
    discipline: RwSignal<Discipline>,
    table: RwSignal<TableSize>,
    innings_limit: RwSignal<String>,
    best_of: RwSignal<u8>,
    set_target: RwSignal<String>,
    equalizing: RwSignal<bool>,
    clock: RwSignal<bool>,
    clock_seconds: RwSignal<String>,
    clock_warning: RwSignal<String>,
    timeouts: RwSignal<String>,
    pause: RwSignal<bool>,
    average: RwSignal<AverageRule>,
    details: [RwSignal<String>; 5],
}

/// The sheet header fields: form id and message id.
const DETAILS: [(&str, &str); 5] = [
    ("competition", "new-match-competition"),
    ("venue", "new-match-venue"),
    ("table-name", "new-match-table-name"),
    ("referee", "new-match-referee"),
    ("marker", "new-match-marker"),
];

impl Form {
    fn setup(self) -> MatchSetup {
        let discipline = self.discipline.get_untracked();
        let best_of = self.best_of.get_untracked();
        let d = |i: usize| text(self.details[i].get_untracked());
        MatchSetup {
            discipline,
            table: self.table.get_untracked(),
            players: ByPlayer::from_fn(|p| PlayerSetup {
                name: self.names[p.index()].get_untracked(),
                target: parse_number(&self.targets[p.index()].get_untracked()),
                club: None,
            }),
            innings_limit: parse_optional(&self.innings_limit.get_untracked()),
            equalizing_inning: self.equalizing.get_untracked(),
            sets: (best_of > 1).then(|| SetsSetup {
                best_of,
                target: parse_number(&self.set_target.get_untracked()),
            }),
            average: self.average.get_untracked(),
            shot_clock: self.clock.get_untracked().then(|| {
                let seconds = parse_number(&self.clock_seconds.get_untracked());
                ShotClock {
                    seconds,
                    warning_at: parse_optional(&self.clock_warning.get_untracked()),
                    timeouts: u8::try_from(parse_number(&self.timeouts.get_untracked()))
                        .unwrap_or(u8::MAX),
                    timeout_seconds: seconds,
                }
            }),
            pause: PausePolicy {
                enabled: self.pause.get_untracked(),
                ..PausePolicy::default()
            },
            competition: d(0),
            venue: d(1),
            table_name: d(2),
            referee: d(3),
            marker: d(4),
            date: None,
        }
    }

    /// The discipline's usual set-up (the core's): its distance; the equalizing inning.
    fn apply_defaults(self, d: Discipline) {
        let usual = MatchSetup::usual(d);
        let t = default_target(d).to_string();
        self.targets[0].set(t.clone());
        self.targets[1].set(t.clone());
        self.set_target.set(t);
        self.equalizing.set(usual.equalizing_inning);
    }
}

#[component]
pub fn NewMatchForm() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    // The form opens on the core's usual three-cushion set-up; a set match and the shot
    // clock, once switched on, start from their usual values.
    let usual = MatchSetup::usual(Discipline::ThreeCushion);
    let clock = usual.shot_clock.unwrap_or_default();
    let target = usual
        .players
        .clone()
        .map(|p| RwSignal::new(p.target.to_string()));
    let form = Form {
        names: [RwSignal::new(String::new()), RwSignal::new(String::new())],
        targets: [target[Player::A], target[Player::B]],
        discipline: RwSignal::new(usual.discipline),
        table: RwSignal::new(usual.table),
        innings_limit: RwSignal::new(
            usual
                .innings_limit
                .map(|l| l.to_string())
                .unwrap_or_default(),
        ),
        best_of: RwSignal::new(usual.sets.map_or(1, |s| s.best_of)),
        set_target: RwSignal::new(usual.sets.unwrap_or(SetsSetup::USUAL).target.to_string()),
        equalizing: RwSignal::new(usual.equalizing_inning),
        clock: RwSignal::new(usual.shot_clock.is_some()),
        clock_seconds: RwSignal::new(clock.seconds.to_string()),
        clock_warning: RwSignal::new(clock.warning_at.map(|w| w.to_string()).unwrap_or_default()),
        timeouts: RwSignal::new(clock.timeouts.to_string()),
        pause: RwSignal::new(usual.pause.enabled),
        average: RwSignal::new(shell.prefs.get_untracked().average),
        details: std::array::from_fn(|_| RwSignal::new(String::new())),
    };
    let error = RwSignal::new(None::<ApiError>);
    let known = RwSignal::new(Vec::<String>::new());
    spawn_local(async move {
        if let Ok(names) = call(&PlayerNames {}).await {
            known.set(names);
        }
    });
    let busy = RwSignal::new(false);

    // A known player picked for the discipline: the distance his recent average suggests.
    let suggestions = [RwSignal::new(None::<Suggestion>), RwSignal::new(None)];
    for (i, suggestion) in suggestions.into_iter().enumerate() {
        Effect::new(move |_| {
            let name = form.names[i].get();
            let discipline = form.discipline.get();
            if !known.with(|k| is_known(k, &name)) {
                suggestion.set(None);
                return;
            }
            spawn_local(async move {
                let args = SuggestTarget {
                    player: name.clone(),
                    discipline,
                };
                let found = call(&args).await.ok().flatten();
                // Only if the form still shows what was asked about.
                if form.names[i].get_untracked() == name
                    && form.discipline.get_untracked() == discipline
                {
                    suggestion.set(found);
                }
            });
        });
    }

    let field_error = move |field: &'static str| {
        move || {
            error.get().and_then(|e| {
                error_at(|e| i18n.error(e), &e, field).map(|text| {
                    view! {
                        <p class="field-error" role="alert" data-testid=format!("error-{field}")>
                            {text}
                        </p>
                    }
                })
            })
        }
    };
    let general_error = move || {
        error.get().filter(|e| e.field.is_none()).map(|e| {
            view! { <p class="banner error" role="alert" id="form-error" tabindex="-1" data-testid="form-error">{move || i18n.error(&e)}</p> }
        })
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        let setup = form.setup();
        spawn_local(async move {
            match call(&StartMatch { setup }).await {
                Ok(started) => {
                    error.set(None);
                    shell.reload_matches();
                    shell.navigate(Screen::Match(started.id));
                }
                Err(e) => {
                    // To the field it names, or to the form's message.
                    crate::components::form::show_field(
                        e.field
                            .map(carom_api::FormField::id)
                            .unwrap_or("form-error"),
                    );
                    error.set(Some(e));
                }
            }
            busy.set(false);
        });
    };

    let text_input = move |id: &'static str, value: RwSignal<String>, kind: &'static str| {
        view! {
            <input
                id=id
                data-testid=id
                type=kind
                inputmode=if kind == "number" { "numeric" } else { "text" }
                autocomplete="off"
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
            />
        }
    };

    let player = move |i: usize| {
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
                    {move || suggestions[i].get().map(|s| {
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
                    })}
                </Show>
            </fieldset>
        }
    };

    let check = move |id: &'static str, label: &'static str, value: RwSignal<bool>| {
        view! {
            <label class="check">
                <input type="checkbox" data-testid=id prop:checked=move || value.get()
                    on:change=move |_| value.update(|v| *v = !*v)/>
                {i18n.text(label)}
            </label>
        }
    };

    view! {
        <form class="new-match" on:submit=submit novalidate=true data-testid="new-match-form">
            <h2>{i18n.text("new-match-title")}</h2>
            {general_error}
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
            <datalist id="known-players">
                {move || known.get().into_iter().map(|n| view! { <option value=n/> }).collect_view()}
            </datalist>
            <div class="players">{player(0)}{player(1)}</div>
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
            <details class="match-details">
                <summary>{i18n.text("new-match-details")}</summary>
                {DETAILS.iter().enumerate().map(|(i, (id, label))| {
                    let (id, label) = (*id, *label);
                    view! {
                        <label for=id>{i18n.text(label)}</label>
                        {text_input(id, form.details[i], "text")}
                        {field_error(id)}
                    }
                }).collect_view()}
            </details>
            <div class="actions">
                <button type="button" class="secondary" data-testid="cancel"
                    on:click=move |_| shell.navigate(Screen::Home)>
                    {i18n.text("new-match-cancel")}
                </button>
                <button type="submit" class="primary" data-testid="create-match" disabled=move || busy.get()>
                    {i18n.text("new-match-create")}
                </button>
            </div>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suggestion_is_asked_for_known_players_only() {
        let known = vec!["Ana Ruiz".to_owned(), "Carla Díaz".to_owned()];
        assert!(is_known(&known, " ana ruiz "));
        assert!(is_known(&known, "CARLA DÍAZ"));
        assert!(!is_known(&known, "Ana"));
        assert!(!is_known(&known, "  "));
    }

    #[test]
    fn the_same_player_on_both_sides_is_said_beside_the_second_name_in_each_language() {
        use carom_api::{ErrorCode, FormField};
        use carom_i18n::Lang;
        // What carom-app answers when both sides are the same person.
        let e = ApiError::from(ErrorCode::SamePlayerBothSides).at(FormField::PlayerBName);
        for (lang, word) in [
            (Lang::En, "different"),
            (Lang::Fr, "différentes"),
            (Lang::Es, "distintas"),
        ] {
            let words = |e: &ApiError| carom_i18n::t(lang, e.code.message().0);
            assert_eq!(error_at(words, &e, NAME_FIELDS[0]), None);
            let shown = error_at(words, &e, NAME_FIELDS[1]).unwrap_or_default();
            assert!(shown.contains(word), "{lang:?}: {shown}");
        }
    }

    #[test]
    fn three_cushion_is_played_to_40_by_default() {
        assert_eq!(default_target(Discipline::ThreeCushion), 40);
        assert_eq!(default_target(Discipline::Libre), 100);
    }
}
