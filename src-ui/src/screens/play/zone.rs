//! The zone tracker of libre and cadre (R-ZONE): the referee's calls, and where the run
//! stands ("in", "inside": the next carom must bring an object ball out).

use carom_core::{Event, ZoneCall, ZoneStatus};
use leptos::prelude::*;

use crate::components::slot::Slot;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};

/// The calls in the order the referee makes them, with their keys.
pub const CALLS: [(ZoneCall, &str); 3] = [
    (ZoneCall::ACheval, "1"),
    (ZoneCall::Entree, "2"),
    (ZoneCall::Dedans, "3"),
];

/// The test id of a call button.
pub fn call_id(c: ZoneCall) -> &'static str {
    match c {
        ZoneCall::ACheval => "zone-a-cheval",
        ZoneCall::Entree => "zone-entree",
        ZoneCall::Dedans => "zone-dedans",
    }
}

/// Where the run stands in the zones, as a line above the panels (read between two
/// shots, so never under the bar of buttons).
#[component]
pub fn ZoneStatusLine() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let status = move || {
        live.view.with(|v| match v.as_ref().map(|v| v.zone) {
            Some(ZoneStatus::Entered { caroms }) => i18n.tr(
                "zone-status-entered",
                &[("caroms", u32::from(caroms).into())],
            ),
            Some(ZoneStatus::Dedans) => i18n.t("zone-status-dedans"),
            _ => i18n.t("zone-status-clear"),
        })
    };
    let dedans = move || {
        live.view
            .with(|v| v.as_ref().is_some_and(|v| v.zone == ZoneStatus::Dedans))
    };
    view! {
        // Its own layout: the caroms in the zone change on every carom.
        <Slot>
            <p class="zone-status" class:dedans=dedans data-testid="zone-status" role="status">{status}</p>
        </Slot>
    }
}

/// The referee's zone calls, a row of the bar of buttons (they are made during the run,
/// between two caroms: beside the carom key, never scrolled away).
#[component]
pub fn ZoneCalls() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let anchor = RwSignal::new(false);
    let anchors = move || live.with_turn(|t| t.anchors).unwrap_or(false);
    let playing = move || live.with_turn(|t| t.playing).unwrap_or(false);
    view! {
        <div class="zone-calls" role="group" aria-label=i18n.text("zone-title") data-testid="zone-tracker">
            {CALLS.map(|(call, key)| view! {
                <button class="secondary" data-testid=call_id(call) disabled=move || !playing()
                    aria-keyshortcuts=key
                    on:click=move |_| live.send(Event::Zone { call, anchor: anchor.get_untracked(), at: Live::now() })>
                    {move || i18n.msg(&carom_core::Announcement::Zone { call, anchor: false }.message())}
                </button>
            })}
            <Show when=anchors>
                <label class="check">
                    <input type="checkbox" data-testid="zone-anchor" prop:checked=move || anchor.get()
                        on:change=move |_| anchor.update(|a| *a = !*a)/>
                    {i18n.text("zone-anchor")}
                </label>
            </Show>
        </div>
    }
}
