//! Settings: the language (also in the top bar), theme, spoken announcements, the default
//! averaging rule, and the way to the backup and restore. Every choice is stored before
//! it is applied.

use carom_api::SetPreferences;
use carom_core::AverageRule;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::call;
use crate::state::i18n::{choose_language, use_i18n};
use crate::state::prefs::{Preferences, Theme};
use crate::state::shell::{Screen, Shell};
use carom_i18n::Lang;

fn save(shell: Shell, p: Preferences) {
    spawn_local(async move {
        match call(&SetPreferences { preferences: p }).await {
            Ok(saved) => shell.prefs.set(saved),
            Err(e) => shell.fatal.set(Some(e)),
        }
    });
}

#[component]
pub fn SettingsScreen() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let prefs = shell.prefs;
    view! {
        <section class="settings card" data-testid="settings-screen" aria-labelledby="settings-title">
            <h2 id="settings-title" data-testid="settings-title">{i18n.text("settings-title")}</h2>
            // Also here, where a referee looks for it (the top bar has it too).
            <fieldset>
                <legend>{i18n.text("language-label")}</legend>
                <div class="choice-row">
                    {Lang::ALL.map(|l| view! {
                        <button class="toggle" data-testid=format!("settings-language-{}", l.code())
                            aria-pressed=move || (i18n.0.get() == l).to_string()
                            on:click=move |_| choose_language(i18n, shell, l)>
                            {move || i18n.t(&format!("language-{}", l.code()))}
                        </button>
                    })}
                </div>
            </fieldset>
            <fieldset>
                <legend>{i18n.text("settings-theme")}</legend>
                <div class="choice-row">
                    {Theme::ALL.map(|t| view! {
                        <button class="toggle" data-testid=format!("theme-{}", t.id())
                            aria-pressed=move || (prefs.get().theme == t).to_string()
                            on:click=move |_| save(shell, Preferences { theme: t, ..prefs.get_untracked() })>
                            {move || i18n.t(&format!("settings-theme-{}", t.id()))}
                        </button>
                    })}
                </div>
            </fieldset>
            <fieldset>
                <legend>{i18n.text("settings-voice")}</legend>
                <label class="check">
                    <input type="checkbox" data-testid="voice" prop:checked=move || prefs.get().voice
                        on:change=move |_| save(shell, Preferences { voice: !prefs.get_untracked().voice, ..prefs.get_untracked() })/>
                    {i18n.text("settings-voice-on")}
                </label>
            </fieldset>
            <fieldset>
                <legend>{i18n.text("settings-average")}</legend>
                <div class="choice-row">
                    {[(AverageRule::Truncate, "settings-average-truncate", "truncate"), (AverageRule::Round, "settings-average-round", "round")].map(|(r, id, tid)| view! {
                        <button class="toggle" data-testid=format!("average-{tid}")
                            aria-pressed=move || (prefs.get().average == r).to_string()
                            on:click=move |_| save(shell, Preferences { average: r, ..prefs.get_untracked() })>
                            {i18n.text(id)}
                        </button>
                    })}
                </div>
            </fieldset>
            <DataLink/>
            <div class="actions">
                <button class="primary" data-testid="settings-done" on:click=move |_| shell.navigate(Screen::Home)>
                    {i18n.text("ui-back")}
                </button>
            </div>
        </section>
    }
}

/// The way to the backup and restore of the database.
#[component]
fn DataLink() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    view! {
        <fieldset>
            <legend>{i18n.text("data-title")}</legend>
            <p class="help">{i18n.text("data-settings-hint")}</p>
            <button class="secondary" data-testid="open-data" on:click=move |_| shell.navigate(Screen::Data)>
                {i18n.text("data-open")}
            </button>
        </fieldset>
    }
}
