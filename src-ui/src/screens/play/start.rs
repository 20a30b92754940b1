//! The starting position (R-START-1/2): red on the top spot, the opponent's ball on the
//! centre of the starting line, the breaker's ball on the outer spot he chooses; the break
//! must hit the red first. Also the break of each further set.

use carom_core::{Ball, Event, Guidance, PendingDecision, Player, Side, TableSize};
use leptos::prelude::*;

use crate::components::announcements::Announcements;
use crate::components::diagram::TableDiagram;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};

#[component]
pub fn StartPosition() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let side = RwSignal::new(Side::Left);
    let player = move || {
        live.view.with(|v| {
            v.as_ref()
                .and_then(|v| v.pending.as_ref().and_then(PendingDecision::breaker))
                .unwrap_or(Player::A)
        })
    };
    let name = move || {
        live.view.with(|v| {
            v.as_ref()
                .map(|v| v.players[player()].name.clone())
                .unwrap_or_default()
        })
    };
    let set = move || {
        live.view
            .with(|v| match v.as_ref().and_then(|v| v.pending.as_ref()) {
                Some(PendingDecision::NextSet { set, .. }) => Some(*set),
                _ => None,
            })
    };
    let guidance = Signal::derive(move || {
        live.view.with(|v| {
            // Shown only while a match is open (the play screen's stage); without one (the
            // screen being left), the diagram of a match table.
            let table = v.as_ref().map_or(TableSize::Match, |v| v.table);
            let ball = v
                .as_ref()
                .and_then(|v| v.players[player()].ball)
                .unwrap_or(Ball::White);
            Guidance::start(table, ball, Some(side.get()))
        })
    });
    let side_button = move |s: Side, id: &'static str| {
        view! {
            <button
                class="toggle"
                aria-pressed=move || (side.get() == s).to_string()
                data-testid=format!("side-{}", if s == Side::Left { "left" } else { "right" })
                on:click=move |_| side.set(s)
            >
                {i18n.text(id)}
            </button>
        }
    };
    view! {
        <section class="start" aria-labelledby="start-title" data-testid="start-screen">
            <h2 id="start-title">
                {move || match set() {
                    Some(s) => i18n.tr("start-title-set", &[("set", u32::from(s).into())]),
                    None => i18n.t("start-title"),
                }}
            </h2>
            <Announcements/>
            <p class="prompt" data-testid="start-breaker">{move || i18n.tr("start-breaker", &[("name", name().into())])}</p>
            <div class="choice-row" role="group" aria-label=i18n.text("start-side")>
                {side_button(Side::Left, "start-side-left")}
                {side_button(Side::Right, "start-side-right")}
            </div>
            <TableDiagram guidance=guidance/>
            <p class="reminder" role="note" data-testid="red-first">{i18n.text("start-red-first")}</p>
            <button class="primary big" data-testid="break"
                on:click=move |_| live.send(Event::Break { player: Some(player()), spot: Some(side.get_untracked()), at: Live::now() })>
                {move || i18n.tr("start-break", &[("name", name().into())])}
            </button>
        </section>
    }
}
