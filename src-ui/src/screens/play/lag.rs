//! The lag assistant (R-LAG-1…4): where to place the balls, one button per outcome; the
//! core applies the re-lag rules and says who chooses; then the chooser names the breaker.

use carom_core::{Event, Guidance, PendingDecision, Player, RelagReason};
use leptos::prelude::*;

use crate::components::announcements::Announcements;
use crate::components::diagram::TableDiagram;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};

fn lag(
    winner: Option<Player>,
    relag: Option<RelagReason>,
    caused_by: Option<Player>,
    red: Option<Player>,
) -> Event {
    Event::Lag {
        winner,
        relag,
        caused_by,
        red_touched_by: red,
        at: Live::now(),
    }
}

/// The lag screen: set-up diagram and outcomes, then the choice of the breaker.
#[component]
pub fn LagAssistant() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let name = move |p: Player| {
        live.view.with(|v| {
            v.as_ref()
                .map(|v| v.players[p].name.clone())
                .unwrap_or_default()
        })
    };
    let guidance = Signal::derive(move || {
        live.view.with(|v| {
            v.as_ref()
                .and_then(|v| match &v.pending {
                    Some(PendingDecision::Lag { guidance }) => Some(guidance.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| {
                    Guidance::lag(live.view.with(|v| {
                        v.as_ref()
                            .map(|v| v.table)
                            .unwrap_or(carom_core::TableSize::Match)
                    }))
                })
        })
    });
    let chooser = move || {
        live.view
            .with(|v| match v.as_ref().and_then(|v| v.pending.clone()) {
                Some(PendingDecision::ChooseBreaker { player }) => Some(player),
                _ => None,
            })
    };
    let send = move |e: Event| live.send(e);
    let outcome = move |id: &'static str, testid: String, player: Option<Player>, event: Event| {
        view! {
            <button class="outcome" data-testid=testid on:click=move |_| send(event.clone())>
                {move || match player {
                    Some(p) => i18n.tr(id, &[("name", name(p).into())]),
                    None => i18n.t(id),
                }}
            </button>
        }
    };
    view! {
        <section class="lag" aria-labelledby="lag-title" data-testid="lag-screen">
            <h2 id="lag-title">{i18n.text("lag-title")}</h2>
            <Announcements/>
            <Show
                when=move || chooser().is_none()
                fallback=move || {
                    let p = chooser().unwrap_or(Player::A);
                    view! {
                        <div class="choose-breaker" data-testid="choose-breaker">
                            <p class="prompt">{move || i18n.tr("lag-who-breaks", &[("name", name(p).into())])}</p>
                            <div class="choice-row">
                                {Player::ALL.map(|b| view! {
                                    <button class="primary big" data-testid=format!("breaker-{b}")
                                        on:click=move |_| send(Event::ChooseBreaker { player: b, spot: None, at: Live::now() })>
                                        {move || i18n.tr("lag-breaks", &[("name", name(b).into())])}
                                    </button>
                                })}
                            </div>
                        </div>
                    }
                }
            >
                <p class="prompt">{i18n.text("lag-instructions")}</p>
                <TableDiagram guidance=guidance/>
                <div class="outcomes" role="group" aria-label=i18n.text("lag-outcomes")>
                    {outcome("lag-closer", "lag-winner-0".into(), Some(Player::A), lag(Some(Player::A), None, None, None))}
                    {outcome("lag-closer", "lag-winner-1".into(), Some(Player::B), lag(Some(Player::B), None, None, None))}
                    {outcome("lag-not-simultaneous-by", "lag-not-simultaneous-0".into(), Some(Player::A),
                        lag(None, Some(RelagReason::NotSimultaneous), Some(Player::A), None))}
                    {outcome("lag-not-simultaneous-by", "lag-not-simultaneous-1".into(), Some(Player::B),
                        lag(None, Some(RelagReason::NotSimultaneous), Some(Player::B), None))}
                    {outcome("lag-collision", "lag-collision".into(), None, lag(None, Some(RelagReason::Collision), None, None))}
                    {outcome("lag-crossed", "lag-crossed-0".into(), Some(Player::A), lag(None, Some(RelagReason::Collision), Some(Player::A), None))}
                    {outcome("lag-crossed", "lag-crossed-1".into(), Some(Player::B), lag(None, Some(RelagReason::Collision), Some(Player::B), None))}
                    {outcome("lag-equal", "lag-equal".into(), None, lag(None, Some(RelagReason::EqualDistance), None, None))}
                    {outcome("lag-red-touched", "lag-red-0".into(), Some(Player::A), lag(None, None, None, Some(Player::A)))}
                    {outcome("lag-red-touched", "lag-red-1".into(), Some(Player::B), lag(None, None, None, Some(Player::B)))}
                </div>
            </Show>
        </section>
    }
}
