//! The scoring screen's dialogs: [`DialogHost`] draws the one that is open — the foul
//! menu and the ball-off-the-table dialog (`fouls.rs`), balls in contact (`contact.rs`),
//! the undo confirmation (`undo.rs`), the match details (`details.rs`), the keys — and
//! holds the dialog of the less frequent actions.

use carom_core::{Event, Player};
use leptos::prelude::*;

use crate::components::keys::KeyHelp;
use crate::components::modal::{Confirm, ConfirmWords, Modal};
use crate::screens::play::contact::ContactDialog;
use crate::screens::play::details::DetailsDialog;
use crate::screens::play::fouls::{FoulMenu, OffTableDialog};
use crate::screens::play::undo::UndoDialog;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};
use crate::state::match_ui::{Dialog, Dialogs, Mode, View};
use crate::state::shell::open_scoreboard_window;

/// The forfeit confirmation's question and answers.
const FORFEIT_WORDS: ConfirmWords = ConfirmWords {
    title: "scoring-forfeit-title",
    keep: "scoring-forfeit-keep",
    act: "scoring-forfeit-confirm",
};

/// The second warning's confirmation: it loses the match (R-END-4, Art. 18.1).
const SECOND_WARNING_WORDS: ConfirmWords = ConfirmWords {
    title: "scoring-second-warning-title",
    keep: "scoring-second-warning-keep",
    act: "scoring-second-warning-confirm",
};

/// An action of the More menu that ends the match, waiting for the referee's yes.
#[derive(Clone, Copy)]
enum Asking {
    /// A second warning to the player.
    SecondWarning(Player),
    /// The player's forfeit.
    Forfeit(Player),
}

/// Less frequent actions: time-outs, time, warnings, the scoreboard, the keys, and apart
/// from them the forfeits. What ends the match (a forfeit, a second warning) asks first.
#[component]
fn MoreDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let mode = expect_context::<Mode>();
    let Some(v) = live.view.get_untracked() else {
        return ().into_any();
    };
    let clock = v.shot_clock.is_some();
    let playing = v.accepts_shots();
    let names = [
        v.players[Player::A].name.clone(),
        v.players[Player::B].name.clone(),
    ];
    let act = move |e: Event| {
        live.send(e);
        dialogs.close();
    };
    let asking = RwSignal::new(None::<Asking>);
    let confirm = {
        let names = names.clone();
        move || {
            let ask = asking.get()?;
            let (words, body, p) = match ask {
                Asking::SecondWarning(p) => {
                    (SECOND_WARNING_WORDS, "scoring-second-warning-explain", p)
                }
                Asking::Forfeit(p) => (FORFEIT_WORDS, "scoring-forfeit-explain", p),
            };
            let name = names[p.index()].clone();
            let n = name.clone();
            let on_confirm = Callback::new(move |()| match ask {
                Asking::SecondWarning(p) => act(Event::Warning {
                    player: p,
                    at: Live::now(),
                }),
                Asking::Forfeit(p) => act(Event::Forfeit {
                    player: p,
                    at: Live::now(),
                }),
            });
            Some(view! {
                <Confirm words=words testid="match-end-confirm" name=name
                    on_cancel=Callback::new(move |()| asking.set(None)) on_confirm=on_confirm>
                    <p class="prompt">{move || i18n.tr(body, &[("name", n.clone().into())])}</p>
                </Confirm>
            })
        }
    };
    let menu = move || {
        if asking.get().is_some() {
            return None;
        }
        let forfeits = names.clone();
        let names = names.clone();
        Some(view! {
        <Modal title=Signal::derive(i18n.text("scoring-more")) testid="more-dialog">
            <div class="menu-grid">
                <Show when=move || clock && playing>
                    <button class="secondary" data-testid="time-out" on:click=move |_| act(Event::TimeOut { player: None, at: Live::now() })>
                        {i18n.text("scoring-time-out")}
                    </button>
                    <button class="secondary" data-testid="shot-clock-expired" on:click=move |_| act(Event::ShotClockExpired { at: Live::now() })>
                        {i18n.text("scoring-time-expired")}
                    </button>
                </Show>
                {Player::ALL.map(|p| {
                    let n = names[p.index()].clone();
                    // Read when tapped: the view may have changed since the menu opened.
                    let second = move || live.view.with_untracked(|v| {
                        v.as_ref().is_some_and(|v| v.players[p].warnings > 0)
                    });
                    view! {
                        <button class="secondary" data-testid=format!("warning-{p}") on:click=move |_| if second() {
                            asking.set(Some(Asking::SecondWarning(p)));
                        } else {
                            act(Event::Warning { player: p, at: Live::now() });
                        }>
                            {move || i18n.tr("scoring-warning", &[("name", n.clone().into())])}
                        </button>
                    }
                })}
                <button class="secondary" data-testid="scoreboard-mode"
                    on:click=move |_| { dialogs.close(); mode.0.set(View::Scoreboard); }>
                    {i18n.text("scoring-scoreboard")}
                </button>
                <button class="secondary" data-testid="scoreboard-window"
                    on:click=move |_| { dialogs.close(); open_scoreboard_window(live.id); }>
                    {i18n.text("scoring-scoreboard-window")}
                </button>
                <button class="secondary" data-testid="edit-details" on:click=move |_| dialogs.open(Dialog::Details)>
                    {i18n.text("details-open")}
                </button>
                <button class="secondary" data-testid="keys-help" on:click=move |_| dialogs.open(Dialog::Keys)>
                    {i18n.text("scoring-keys")}
                </button>
            </div>
            // Apart from the warnings, so that a slip of the finger cannot end the match.
            <h3 class="menu-section">{i18n.text("scoring-forfeits")}</h3>
            <div class="menu-grid">
                {Player::ALL.map(|p| {
                    let n = forfeits[p.index()].clone();
                    view! {
                        <button class="danger" data-testid=format!("forfeit-{p}")
                            on:click=move |_| asking.set(Some(Asking::Forfeit(p)))>
                            {move || i18n.tr("scoring-forfeit", &[("name", n.clone().into())])}
                        </button>
                    }
                })}
            </div>
        </Modal>
        })
    };
    view! {
        {confirm}
        {menu}
    }
    .into_any()
}

/// Renders the open dialog.
#[component]
pub fn DialogHost() -> impl IntoView {
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    move || match dialogs.0.get() {
        None => ().into_any(),
        Some(Dialog::Foul) => view! { <FoulMenu/> }.into_any(),
        Some(Dialog::OffTable) => view! { <OffTableDialog/> }.into_any(),
        Some(Dialog::Contact) => view! { <ContactDialog/> }.into_any(),
        Some(Dialog::Undo) => view! { <UndoDialog/> }.into_any(),
        Some(Dialog::More) => view! { <MoreDialog/> }.into_any(),
        Some(Dialog::Details) => view! { <DetailsDialog/> }.into_any(),
        Some(Dialog::Keys) => view! {
            <Modal title=Signal::derive(i18n.text("keys-title")) testid="keys-dialog">
                <KeyHelp/>
            </Modal>
        }
        .into_any(),
    }
}
