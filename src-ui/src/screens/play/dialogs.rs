//! The scoring screen's dialogs: [`DialogHost`] draws the one that is open — the foul
//! menu and the ball-off-the-table dialog (`fouls.rs`), balls in contact (`contact.rs`),
//! the undo confirmation (`undo.rs`), the match details (`details.rs`), the keys — and
//! holds the dialog of the less frequent actions.

use carom_core::Event;
use leptos::prelude::*;

use crate::components::keys::KeyHelp;
use crate::components::modal::Modal;
use crate::screens::play::contact::ContactDialog;
use crate::screens::play::details::DetailsDialog;
use crate::screens::play::fouls::{FoulMenu, OffTableDialog};
use crate::screens::play::undo::UndoDialog;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};
use crate::state::match_ui::{Dialog, Dialogs, Mode, View};
use crate::state::shell::open_scoreboard_window;

/// Less frequent actions: time-outs, time, warnings, forfeits, the scoreboard, the keys.
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
    let playing = v.at_table.is_some() && !v.paused;
    let names = [v.players[0].name.clone(), v.players[1].name.clone()];
    let act = move |e: Event| {
        live.send(e);
        dialogs.close();
    };
    view! {
        <Modal title=Signal::derive(move || i18n.t("scoring-more")) testid="more-dialog">
            <div class="menu-grid">
                <Show when=move || clock && playing>
                    <button class="secondary" data-testid="time-out" on:click=move |_| act(Event::TimeOut { player: None, at: Live::now() })>
                        {move || i18n.t("scoring-time-out")}
                    </button>
                    <button class="secondary" data-testid="shot-clock-expired" on:click=move |_| act(Event::ShotClockExpired { at: Live::now() })>
                        {move || i18n.t("scoring-time-expired")}
                    </button>
                </Show>
                {[0u8, 1].map(|p| {
                    let n = names[p as usize].clone();
                    let n2 = n.clone();
                    view! {
                        <button class="secondary" data-testid=format!("warning-{p}") on:click=move |_| act(Event::Warning { player: p, at: Live::now() })>
                            {move || i18n.tr("scoring-warning", &[("name", n.clone().into())])}
                        </button>
                        <button class="danger" data-testid=format!("forfeit-{p}") on:click=move |_| act(Event::Forfeit { player: p, at: Live::now() })>
                            {move || i18n.tr("scoring-forfeit", &[("name", n2.clone().into())])}
                        </button>
                    }
                })}
                <button class="secondary" data-testid="scoreboard-mode"
                    on:click=move |_| { dialogs.close(); mode.0.set(View::Scoreboard); }>
                    {move || i18n.t("scoring-scoreboard")}
                </button>
                <button class="secondary" data-testid="scoreboard-window"
                    on:click=move |_| { dialogs.close(); open_scoreboard_window(live.id); }>
                    {move || i18n.t("scoring-scoreboard-window")}
                </button>
                <button class="secondary" data-testid="edit-details" on:click=move |_| dialogs.open(Dialog::Details)>
                    {move || i18n.t("details-open")}
                </button>
                <button class="secondary" data-testid="keys-help" on:click=move |_| dialogs.open(Dialog::Keys)>
                    {move || i18n.t("scoring-keys")}
                </button>
            </div>
        </Modal>
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
            <Modal title=Signal::derive(move || i18n.t("keys-title")) testid="keys-dialog">
                <KeyHelp/>
            </Modal>
        }
        .into_any(),
    }
}
