//! Keyboard shortcuts for every scoring action: numpad keys and the keys presenter remotes
//! send (PageDown / PageUp), shown in a help overlay.

use carom_core::{Event, ZoneCall};
use leptos::prelude::*;

use crate::state::i18n::use_i18n;
use crate::state::live::Live;
use crate::state::match_ui::{Dialog, Dialogs, Mode, View};

/// A scoring action a key triggers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAction {
    Carom,
    Miss,
    Foul,
    Contact,
    Undo,
    Pause,
    TimeOut,
    Time,
    Zone(ZoneCall),
    Scoreboard,
    Help,
    Close,
}

/// The action of a key (`KeyboardEvent.key`), if any.
pub fn action_for(key: &str) -> Option<KeyAction> {
    Some(match key {
        "+" | "Enter" | "PageDown" | "ArrowRight" => KeyAction::Carom,
        "-" | "0" | "PageUp" | "ArrowLeft" => KeyAction::Miss,
        "f" | "F" | "*" => KeyAction::Foul,
        "c" | "C" => KeyAction::Contact,
        "u" | "U" | "Backspace" | "/" => KeyAction::Undo,
        "p" | "P" => KeyAction::Pause,
        "t" | "T" => KeyAction::TimeOut,
        "x" | "X" => KeyAction::Time,
        "1" => KeyAction::Zone(ZoneCall::ACheval),
        "2" => KeyAction::Zone(ZoneCall::Entree),
        "3" => KeyAction::Zone(ZoneCall::Dedans),
        "s" | "S" | "b" | "B" => KeyAction::Scoreboard,
        "?" | "h" | "H" | "F1" => KeyAction::Help,
        "Escape" => KeyAction::Close,
        _ => return None,
    })
}

/// The rows of the help overlay: keys and the message id of what they do.
pub const HELP: [(&str, &str); 12] = [
    ("+ / Enter / PageDown / →", "scoring-carom"),
    ("− / 0 / PageUp / ←", "scoring-miss"),
    ("F / *", "scoring-foul"),
    ("C", "scoring-contact"),
    ("U / Backspace / /", "scoring-undo"),
    ("P", "keys-pause"),
    ("T", "scoring-time-out"),
    ("X", "scoring-time-expired"),
    ("1 / 2 / 3", "keys-zone"),
    ("S / B", "scoring-scoreboard"),
    ("? / H / F1", "scoring-keys"),
    ("Esc", "ui-close"),
];

#[component]
pub fn KeyHelp() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <table class="keys" data-testid="keys-table">
            <tbody>
                {HELP.map(|(k, id)| view! {
                    <tr><th scope="row"><kbd>{k}</kbd></th><td>{move || i18n.t(id)}</td></tr>
                })}
            </tbody>
        </table>
    }
}

/// Listens to the keyboard while the scoring screen is up.
pub fn install(live: Live, dialogs: Dialogs, mode: Mode) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        // Keys typed into a form field are the field's.
        let in_field = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .map(|el| el.tag_name())
            .is_some_and(|tag| {
                matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                    // Enter on a focused button is that button's click.
                    || (tag == "BUTTON" && ev.key() == "Enter")
            });
        if in_field || ev.ctrl_key() || ev.alt_key() || ev.meta_key() {
            return;
        }
        let Some(action) = action_for(&ev.key()) else {
            return;
        };
        let open = dialogs.0.get_untracked();
        // In a dialog only Escape (and Enter on the undo confirmation) act.
        if open.is_some() {
            match (action, open) {
                (KeyAction::Close, _) => dialogs.close(),
                (KeyAction::Carom, Some(Dialog::Undo)) if ev.key() == "Enter" => {
                    ev.prevent_default();
                    live.send(Event::Undo { at: Live::now() });
                    dialogs.close();
                }
                _ => {}
            }
            return;
        }
        if mode.0.get_untracked() == View::Scoreboard {
            if matches!(action, KeyAction::Scoreboard | KeyAction::Close) {
                mode.0.set(View::Referee);
            }
            return;
        }
        let Some(v) = live.view.get_untracked() else {
            return;
        };
        let playing = v.accepts_shots();
        ev.prevent_default();
        match action {
            KeyAction::Carom if playing => live.send(Event::Carom { at: Live::now() }),
            KeyAction::Miss if playing => live.send(Event::Miss { at: Live::now() }),
            KeyAction::Foul if playing => dialogs.open(Dialog::Foul),
            KeyAction::Contact if playing => dialogs.open(Dialog::Contact),
            KeyAction::Undo if v.can_undo && !live.locked.get_untracked() => {
                dialogs.open(Dialog::Undo)
            }
            KeyAction::Pause if v.paused => live.send(Event::PauseEnd { at: Live::now() }),
            KeyAction::Pause if playing => live.send(Event::PauseStart { at: Live::now() }),
            KeyAction::TimeOut if playing && v.shot_clock.is_some() => live.send(Event::TimeOut {
                player: None,
                at: Live::now(),
            }),
            KeyAction::Time if playing && v.shot_clock.is_some() => {
                live.send(Event::ShotClockExpired { at: Live::now() })
            }
            KeyAction::Zone(call) if playing && v.discipline.has_zones() => {
                live.send(Event::Zone {
                    call,
                    anchor: false,
                    at: Live::now(),
                })
            }
            KeyAction::Scoreboard => mode.0.set(View::Scoreboard),
            KeyAction::Help => dialogs.open(Dialog::Keys),
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presenter_remote_keys_score_a_carom_and_a_miss() {
        assert_eq!(action_for("PageDown"), Some(KeyAction::Carom));
        assert_eq!(action_for("PageUp"), Some(KeyAction::Miss));
        assert_eq!(action_for("+"), Some(KeyAction::Carom));
        assert_eq!(action_for("0"), Some(KeyAction::Miss));
        assert_eq!(action_for("q"), None);
    }

    #[test]
    fn every_action_has_a_row_in_the_help() {
        assert!(HELP.iter().all(|(_, id)| !id.is_empty()));
        assert_eq!(HELP.len(), 12);
    }
}
