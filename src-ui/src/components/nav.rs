//! The way back: a button to the screen a screen was reached from.

use leptos::prelude::*;

use crate::state::i18n::use_i18n;
use crate::state::shell::{Screen, Shell};

/// A back button to `screen`.
#[component]
pub fn Back(screen: Screen) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    view! {
        <button class="secondary back" data-testid="back" on:click=move |_| shell.navigate(screen)>
            {i18n.text("ui-back")}
        </button>
    }
}
