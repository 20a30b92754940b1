//! The banner of announcements under every match screen: what the referee says after
//! the last action; and why the last tap was refused, in a toast.

use leptos::prelude::*;

use crate::components::slot::Slot;
use crate::state::i18n::use_i18n;
use crate::state::live::use_live;

/// The announcements of the last action (R-ANN order) and the last refused tap.
#[component]
pub fn Announcements() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let text = Memo::new(move |_| {
        live.announcements()
            .iter()
            .map(|a| i18n.msg(&a.announcement.message()))
            .collect::<Vec<_>>()
            .join(" · ")
    });
    view! {
        // Its own layout: the announcement changes on every carom. Its line stays in the
        // page and takes the new words (a tap changes a text, it builds no element).
        <Slot>
            <div class="announce" role="status" aria-live="polite" data-testid="announcements">
                <p class="announce-text" hidden=move || text.with(String::is_empty)>
                    {move || text.get()}
                </p>
            </div>
        </Slot>
        // A refused tap is answered inside the viewport whatever the scroll, at the top,
        // away from the scoring buttons.
        <div class="toasts top">
            {move || live.notice.get().map(|e| view! {
                <p class="toast error" role="alert" data-testid="play-error">{move || i18n.error(&e)}</p>
            })}
        </div>
    }
}
