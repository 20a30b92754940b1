//! The shot clock (R-CLOCK), counted from the time stamped on the events: it stays right
//! when the window was hidden or the app restarted.

use leptos::prelude::*;

use crate::backend::now_ms;
use crate::components::slot::Slot;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};

/// Whole seconds left (rounded up, never below 0) from a deadline.
pub fn seconds_left(deadline_ms: u64, now_ms: u64) -> u64 {
    deadline_ms.saturating_sub(now_ms).div_ceil(1000)
}

/// Whether the warning is due: `warning_at` is the elapsed mark of the shot's base time.
pub fn warning_due(left: u64, seconds: u32, warning_at: Option<u32>) -> bool {
    warning_at.is_some_and(|w| left <= u64::from(seconds.saturating_sub(w)))
}

/// The time (ms), read again five times a second for as long as the component that asked
/// for it is on the page: a countdown's seconds turn on time.
fn ticking_now() -> RwSignal<u64> {
    let now = RwSignal::new(now_ms());
    let handle = set_interval_with_handle(
        move || now.set(now_ms()),
        std::time::Duration::from_millis(200),
    )
    .ok();
    on_cleanup(move || {
        if let Some(h) = handle {
            h.clear();
        }
    });
    now
}

#[component]
pub fn ShotClockPanel() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let now = ticking_now();
    let clock = move || {
        live.view.with(|v| {
            v.as_ref()
                .and_then(|v| v.shot_clock.filter(|_| v.accepts_shots()))
        })
    };
    let left = move || clock().and_then(|c| c.deadline.map(|d| seconds_left(d, now.get())));
    let warning = move || {
        clock()
            .zip(left())
            .is_some_and(|(c, l)| warning_due(l, c.seconds, c.warning_at))
    };
    let expired = move || left() == Some(0);
    view! {
        // Its own layout: the seconds change every second.
        <Slot>
            <div class="clock" class:warning=warning class:expired=expired role="timer"
                aria-label=i18n.text("clock-label") data-testid="shot-clock">
                <span class="clock-label">{i18n.text("clock-label")}</span>
                <span class="clock-digits" data-testid="clock-seconds">
                    {move || left().map(|l| l.to_string()).unwrap_or_else(|| "–".into())}
                </span>
                <Show when=expired>
                    <button class="danger" data-testid="clock-time"
                        on:click=move |_| live.send(carom_core::Event::ShotClockExpired { at: Live::now() })>
                        {i18n.text("scoring-time-expired")}
                    </button>
                </Show>
            </div>
        </Slot>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_whole_seconds_up_and_stops_at_zero() {
        assert_eq!(seconds_left(40_000, 0), 40);
        assert_eq!(seconds_left(40_000, 100), 40);
        assert_eq!(seconds_left(40_000, 39_001), 1);
        assert_eq!(seconds_left(40_000, 45_000), 0);
    }

    #[test]
    fn the_warning_comes_at_the_elapsed_mark() {
        // 40 s with the warning at 30 s elapsed: from 10 s left.
        assert!(!warning_due(11, 40, Some(30)));
        assert!(warning_due(10, 40, Some(30)));
        assert!(!warning_due(1, 40, None));
    }
}

/// `m:ss` of `seconds`.
pub fn minutes_seconds(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The pause's countdown (R-PAUSE): the time left of its length, from its stamped start;
/// then that the pause is over (the referee resumes play).
#[component]
pub fn PauseCountdown() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let now = ticking_now();
    let left = move || {
        live.view
            .with(|v| v.as_ref().and_then(|v| v.pause_ends_at))
            .map(|end| seconds_left(end, now.get()))
    };
    move || {
        left().map(|l| {
            let text = if l == 0 {
                i18n.t("pause-over")
            } else {
                i18n.tr("pause-left", &[("time", minutes_seconds(l).into())])
            };
            view! {
                <p class="pause-countdown" class:over=l == 0 role="timer" data-testid="pause-countdown">{text}</p>
            }
        })
    }
}
