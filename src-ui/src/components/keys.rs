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
                    <tr><th scope="row"><kbd>{k}</kbd></th><td>{i18n.text(id)}</td></tr>
                })}
            </tbody>
        </table>
    }
}

/// What a key does on the spectator board, which shows no dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnBoard {
    /// Scores through the same command as on the scoring screen (a remote keeps working
    /// while the spectators watch).
    Score,
    /// Back to the referee's screens, with the dialog of this action open (foul, contact,
    /// undo and the keys need the referee's eyes).
    Referee(Option<Dialog>),
    /// Nothing (a board in a window of its own has no referee's screens to go back to).
    Ignore,
}

/// What `action` does on the board; `board_only` when the board is a window of its own.
pub fn on_board(action: KeyAction, board_only: bool) -> OnBoard {
    let back = |d| {
        if board_only {
            OnBoard::Ignore
        } else {
            OnBoard::Referee(d)
        }
    };
    match action {
        KeyAction::Carom
        | KeyAction::Miss
        | KeyAction::Pause
        | KeyAction::TimeOut
        | KeyAction::Time
        | KeyAction::Zone(_) => OnBoard::Score,
        KeyAction::Foul => back(Some(Dialog::Foul)),
        KeyAction::Contact => back(Some(Dialog::Contact)),
        KeyAction::Undo => back(Some(Dialog::Undo)),
        KeyAction::Help => back(Some(Dialog::Keys)),
        KeyAction::Scoreboard | KeyAction::Close => back(None),
    }
}

/// Listens to the keyboard while the scoring screen or the spectator board is up;
/// `board_only` when this window shows nothing but the board.
pub fn install(live: Live, dialogs: Dialogs, mode: Mode, board_only: bool) {
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
        let Some(v) = live.view.get_untracked() else {
            return;
        };
        if board_only || mode.0.get_untracked() == View::Scoreboard {
            match on_board(action, board_only) {
                OnBoard::Score => {}
                OnBoard::Referee(dialog) => {
                    ev.prevent_default();
                    mode.0.set(View::Referee);
                    if let Some(d) = dialog {
                        open_if_allowed(&v, live.locked.get_untracked(), d, dialogs);
                    }
                    return;
                }
                OnBoard::Ignore => return,
            }
        }
        ev.prevent_default();
        match action {
            KeyAction::Foul => {
                open_if_allowed(&v, live.locked.get_untracked(), Dialog::Foul, dialogs)
            }
            KeyAction::Contact => {
                open_if_allowed(&v, live.locked.get_untracked(), Dialog::Contact, dialogs)
            }
            KeyAction::Undo => {
                open_if_allowed(&v, live.locked.get_untracked(), Dialog::Undo, dialogs)
            }
            KeyAction::Help => dialogs.open(Dialog::Keys),
            KeyAction::Scoreboard => mode.0.set(View::Scoreboard),
            KeyAction::Close => {}
            _ => {
                if let Some(e) = scoring_event(action, &v) {
                    live.send(e);
                }
            }
        }
    });
    on_cleanup(move || handle.remove());
}

/// Opens dialog `d` when the match allows its action now.
fn open_if_allowed(v: &carom_core::MatchView, locked: bool, d: Dialog, dialogs: Dialogs) {
    let allowed = match d {
        Dialog::Foul | Dialog::Contact => v.accepts_shots(),
        // A signed match is read-only: no undo, not even by the keyboard.
        Dialog::Undo => v.can_undo && !locked,
        _ => true,
    };
    if allowed {
        dialogs.open(d);
    }
}

/// The event a key sends at once (no dialog), when the match accepts it now: the same
/// events the scoring screen's buttons send.
pub fn scoring_event(action: KeyAction, v: &carom_core::MatchView) -> Option<Event> {
    let playing = v.accepts_shots();
    let clock = playing && v.shot_clock.is_some();
    let at = Live::now();
    Some(match action {
        KeyAction::Carom if playing => Event::Carom { at },
        KeyAction::Miss if playing => Event::Miss { at },
        KeyAction::Pause if v.paused => Event::PauseEnd { at },
        KeyAction::Pause if playing => Event::PauseStart { at },
        KeyAction::TimeOut if clock => Event::TimeOut { player: None, at },
        KeyAction::Time if clock => Event::ShotClockExpired { at },
        KeyAction::Zone(call) if playing && v.discipline.has_zones() => Event::Zone {
            call,
            anchor: false,
            at,
        },
        _ => return None,
    })
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
    fn on_the_full_screen_board_scoring_keys_score_and_dialog_keys_go_back_to_the_referee() {
        for key in ["+", "PageDown", "-", "PageUp", "p", "t", "x", "1"] {
            let action = action_for(key).unwrap();
            assert_eq!(on_board(action, false), OnBoard::Score, "{key}");
            assert_eq!(
                on_board(action, true),
                OnBoard::Score,
                "{key} in the board window"
            );
        }
        assert_eq!(
            on_board(KeyAction::Undo, false),
            OnBoard::Referee(Some(Dialog::Undo))
        );
        assert_eq!(on_board(KeyAction::Close, false), OnBoard::Referee(None));
        // The board window has no referee's screen: those keys do nothing there.
        assert_eq!(on_board(KeyAction::Foul, true), OnBoard::Ignore);
        assert_eq!(on_board(KeyAction::Scoreboard, true), OnBoard::Ignore);
    }

    #[test]
    fn every_action_has_a_row_in_the_help() {
        assert!(HELP.iter().all(|(_, id)| !id.is_empty()));
        assert_eq!(HELP.len(), 12);
    }
}
