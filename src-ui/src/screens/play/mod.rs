//! One match on screen: fetched from the store, then the screen its phase calls for —
//! lag ([`lag`]), starting position ([`start`]), scoring ([`scoring`], with its zone
//! tracker [`zone`] and its [`dialogs`]: [`fouls`], [`contact`], [`undo`], [`details`]), end
//! ([`end`]) — or the spectator scoreboard ([`scoreboard`]); after the end, the signing
//! of the sheet ([`signing`]).

use carom_core::{PendingDecision, Phase};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::components::keys;
use crate::screens::play::end::EndScreen;
use crate::screens::play::lag::LagAssistant;
use crate::screens::play::scoreboard::Scoreboard;
use crate::screens::play::scoring::Scoring;
use crate::screens::play::start::StartPosition;
use crate::state::i18n::use_i18n;
use crate::state::live::{fetch, use_live, Live};
use crate::state::match_ui::{Dialogs, Mode, View};
use crate::state::shell::{Screen, Shell};

pub mod contact;
pub mod details;
pub mod dialogs;
pub mod end;
pub mod fouls;
pub mod lag;
pub mod scoreboard;
pub mod scoring;
pub mod signing;
pub mod start;
pub mod undo;
pub mod zone;

/// Which referee screen a match needs now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Lag,
    Start,
    Scoring,
    End,
}

/// The stage for a phase and pending decision.
pub fn stage(phase: Phase, pending: Option<&PendingDecision>) -> Stage {
    match phase {
        Phase::Lag => match pending {
            Some(PendingDecision::Break { .. }) => Stage::Start,
            _ => Stage::Lag,
        },
        Phase::Break => match pending {
            Some(PendingDecision::ChooseBreaker { .. }) => Stage::Lag,
            _ => Stage::Start,
        },
        Phase::SetOver => match pending {
            Some(PendingDecision::NextSet { .. }) => Stage::Start,
            _ => Stage::Scoring,
        },
        Phase::Play | Phase::EqualizingInning => Stage::Scoring,
        Phase::Finished => Stage::End,
    }
}

#[component]
pub fn MatchScreen(id: i64, #[prop(optional)] scoreboard_only: bool) -> impl IntoView {
    let i18n = use_i18n();
    // A match is refereed (or watched) for an hour or more: the phone must not sleep.
    crate::components::web_app::keep_screen_awake();
    let shell = expect_context::<Shell>();
    let live = RwSignal::new(None::<Live>);
    let failed = RwSignal::new(None);
    spawn_local(async move {
        match fetch(id).await {
            Ok(fetched) => live.set(Some(Live::new(id, fetched))),
            Err(e) => failed.set(Some(e)),
        }
    });
    view! {
        {move || failed.get().map(|e| view! {
            <p class="banner error" role="alert" data-testid="match-error">{move || i18n.error(&e)}</p>
        })}
        {move || live.get().map(|l| {
            let initial = if scoreboard_only { View::Scoreboard } else { View::Referee };
            let mode = Mode(RwSignal::new(initial));
            let dialogs = Dialogs(RwSignal::new(None));
            provide_context(l);
            provide_context(mode);
            provide_context(dialogs);
            // The board takes the scoring keys too: a remote keeps working while the
            // spectators watch, in this window or in a board window of its own.
            keys::install(l, dialogs, mode, scoreboard_only);
            // Another window (or this one) committed a change: read it again.
            let seen = shell.updated;
            Effect::new(move |prev: Option<()>| {
                let (id, count) = seen.get();
                if prev.is_some() && id == l.id {
                    l.refresh_to(count);
                }
            });
            view! { <Stages scoreboard_only=scoreboard_only/> }
        })}
    }
}

#[component]
fn Stages(scoreboard_only: bool) -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let mode = expect_context::<Mode>();
    let shell = expect_context::<Shell>();
    let current = Memo::new(move |_| {
        live.view
            .with(|v| v.as_ref().map(|v| stage(v.phase, v.pending.as_ref())))
    });
    view! {
        <Show
            when=move || mode.0.get() == View::Referee
            fallback=move || view! { <Scoreboard exit=!scoreboard_only/> }
        >
            <nav class="match-nav">
                <button class="secondary" data-testid="back-home"
                    on:click=move |_| { shell.reload_matches(); shell.navigate(Screen::Home); }>
                    {i18n.text("ui-back")}
                </button>
            </nav>
            {move || match current.get() {
                Some(Stage::Lag) => view! { <LagAssistant/> }.into_any(),
                Some(Stage::Start) => view! { <StartPosition/> }.into_any(),
                Some(Stage::Scoring) => view! { <Scoring/> }.into_any(),
                Some(Stage::End) => view! { <EndScreen/> }.into_any(),
                None => ().into_any(),
            }}
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_phase_has_its_screen() {
        assert_eq!(stage(Phase::Lag, None), Stage::Lag);
        assert_eq!(
            stage(
                Phase::Break,
                Some(&PendingDecision::ChooseBreaker {
                    player: carom_core::Player::B
                })
            ),
            Stage::Lag
        );
        assert_eq!(stage(Phase::Play, None), Stage::Scoring);
        assert_eq!(
            stage(
                Phase::SetOver,
                Some(&PendingDecision::PauseDue { minutes: 3 })
            ),
            Stage::Scoring
        );
        assert_eq!(stage(Phase::Finished, None), Stage::End);
    }
}
