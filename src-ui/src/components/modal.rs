//! Dialogs over a screen: [`Modal`], the match screen's dialog frame (closed through
//! [`Dialogs`]), and [`Confirm`], a question with a cancel and a confirm button.

use leptos::prelude::*;

use crate::state::i18n::use_i18n;
use crate::state::match_ui::Dialogs;

/// A dialog over the match screen: `title`, a close button, the `children`; a click
/// outside it or on the close button closes it.
#[component]
pub fn Modal(title: Signal<String>, testid: &'static str, children: Children) -> impl IntoView {
    let i18n = use_i18n();
    let dialogs = expect_context::<Dialogs>();
    view! {
        <div class="modal-backdrop" on:click=move |_| dialogs.close()>
            <div class="modal" role="dialog" aria-modal="true" aria-label=title data-testid=testid
                on:click=|ev| ev.stop_propagation()>
                <header class="modal-head">
                    <h2>{title}</h2>
                    <button class="secondary close" data-testid="dialog-close"
                        aria-label=move || i18n.t("ui-close") on:click=move |_| dialogs.close()>
                        "×"
                    </button>
                </header>
                {children()}
            </div>
        </div>
    }
}

/// A confirmation over the screen: `title`, the `body`, a cancel and a confirm button.
#[component]
pub fn Confirm(
    title: Signal<String>,
    testid: &'static str,
    confirm_label: Signal<String>,
    on_cancel: Callback<()>,
    on_confirm: Callback<()>,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="modal-backdrop" on:click=move |_| on_cancel.run(())>
            <div class="modal confirm" role="alertdialog" aria-modal="true" aria-label=title data-testid=testid
                on:click=|ev| ev.stop_propagation()>
                <h2>{title}</h2>
                {children()}
                <div class="choice-row">
                    <button class="secondary" data-testid="confirm-cancel" on:click=move |_| on_cancel.run(())>
                        {move || i18n.t("ui-cancel")}
                    </button>
                    <button class="danger" data-testid="confirm-ok" on:click=move |_| on_confirm.run(())>
                        {confirm_label}
                    </button>
                </div>
            </div>
        </div>
    }
}
