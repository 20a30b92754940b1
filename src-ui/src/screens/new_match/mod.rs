//! The new-match form: players and their distances (handicap, [`players`]), discipline
//! with its usual defaults, table size, innings limit, sets, equalizing inning, shot
//! clock, pause, averaging rule ([`rules`]), and the sheet's header (competition, venue,
//! table, referee, marker).

pub use carom_api::TargetSuggestion as Suggestion;
use carom_api::{PlayerNames, StartMatch};
use carom_core::{
    AverageRule, ByPlayer, Discipline, MatchSetup, PausePolicy, Player, PlayerSetup, SetsSetup,
    ShotClock, TableSize,
};
use leptos::prelude::*;

use crate::backend::call;
use crate::components::form::{parse_number, parse_optional, show_field};
use crate::screens::new_match::players::PlayerSide;
use crate::screens::new_match::rules::{DisciplineAndTable, MatchDetails, MatchRules};
use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell};

mod players;
mod rules;

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
    /// The core's usual three-cushion set-up, averaged by `average`; a set match and the
    /// shot clock, once switched on, start from their usual values.
    fn usual(average: AverageRule) -> Form {
        let usual = MatchSetup::usual(Discipline::ThreeCushion);
        let clock = usual.shot_clock.unwrap_or_default();
        let target = usual
            .players
            .clone()
            .map(|p| RwSignal::new(p.target.to_string()));
        Form {
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
            clock_warning: RwSignal::new(
                clock.warning_at.map(|w| w.to_string()).unwrap_or_default(),
            ),
            timeouts: RwSignal::new(clock.timeouts.to_string()),
            pause: RwSignal::new(usual.pause.enabled),
            average: RwSignal::new(average),
            details: std::array::from_fn(|_| RwSignal::new(String::new())),
        }
    }

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

/// A text or number field bound to `value`, its `data-testid` its id.
fn text_input(id: &'static str, value: RwSignal<String>, kind: &'static str) -> impl IntoView {
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
}

/// The new-match form; the match it starts opens, a refusal is said beside the field it
/// names (or above the form) and the field brought into view.
#[component]
pub fn NewMatchForm() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let form = Form::usual(shell.prefs.get_untracked().average);
    // The players the app knows: the names offered, and whom a distance is suggested for.
    let known = LocalResource::new(|| call(&PlayerNames {}));
    let start = Action::new_local(move |setup: &MatchSetup| {
        let setup = setup.clone();
        async move {
            let started = call(&StartMatch { setup }).await;
            match &started {
                Ok(s) => {
                    shell.reload_matches();
                    shell.navigate(Screen::Match(s.id));
                }
                // To the field it names, or to the form's message.
                Err(e) => show_field(
                    e.field
                        .map(carom_api::FormField::id)
                        .unwrap_or("form-error"),
                ),
            }
            started
        }
    });
    let error = Signal::derive(move || start.value().get().and_then(Result::err));
    let busy = start.pending();
    let general_error = move || {
        error.get().filter(|e| e.field.is_none()).map(|e| {
            view! { <p class="banner error" role="alert" id="form-error" tabindex="-1" data-testid="form-error">{move || i18n.error(&e)}</p> }
        })
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if !busy.get_untracked() {
            start.dispatch(form.setup());
        }
    };

    view! {
        <form class="new-match" on:submit=submit novalidate=true data-testid="new-match-form">
            <h2>{i18n.text("new-match-title")}</h2>
            {general_error}
            <DisciplineAndTable form/>
            <datalist id="known-players">
                {move || known.get().and_then(Result::ok).unwrap_or_default().into_iter().map(|n| view! { <option value=n/> }).collect_view()}
            </datalist>
            <div class="players"><PlayerSide i=0 form known error/><PlayerSide i=1 form known error/></div>
            <MatchRules form error/>
            <MatchDetails form error/>
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
        use crate::backend::ApiError;
        use carom_api::{ErrorCode, FormField};
        use carom_i18n::Lang;
        // What carom-app answers when both sides are the same person.
        let e = ApiError::from(ErrorCode::SamePlayerBothSides).at(FormField::PlayerBName);
        for (lang, word) in [
            (Lang::En, "different"),
            (Lang::Fr, "différentes"),
            (Lang::Es, "distintas"),
        ] {
            // The field the error names (`field_error` shows it under that field only).
            let at = e.field.map(FormField::id);
            assert_eq!(at, Some(NAME_FIELDS[1]));
            assert_ne!(at, Some(NAME_FIELDS[0]));
            let shown = carom_i18n::t(lang, e.code.message().0);
            assert!(shown.contains(word), "{lang:?}: {shown}");
        }
    }

    #[test]
    fn three_cushion_is_played_to_40_by_default() {
        assert_eq!(default_target(Discipline::ThreeCushion), 40);
        assert_eq!(default_target(Discipline::Libre), 100);
    }
}
