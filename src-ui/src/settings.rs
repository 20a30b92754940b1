//! Settings: theme, spoken announcements, the default averaging rule. The language is in
//! the top bar. Every choice is stored before it is applied.

use carom_core::AverageRule;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};

use crate::app::{Screen, Shell};
use crate::i18n::use_i18n;
use crate::ipc::invoke;

/// Light, dark, or as the system says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The referee's preferences, as the backend stores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Preferences {
    #[serde(default)]
    pub theme: Theme,
    #[serde(default)]
    pub voice: bool,
    #[serde(default)]
    pub average: AverageRule,
}

#[derive(Serialize)]
struct SetPreferences {
    preferences: Preferences,
}

fn save(shell: Shell, p: Preferences) {
    spawn_local(async move {
        match invoke::<_, Preferences>("set_preferences", &SetPreferences { preferences: p }).await
        {
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
            <h2 id="settings-title">{move || i18n.t("settings-title")}</h2>
            <fieldset>
                <legend>{move || i18n.t("settings-theme")}</legend>
                <div class="choice-row">
                    {Theme::ALL.map(|t| view! {
                        <button class="toggle" data-testid=format!("theme-{}", t.as_str())
                            aria-pressed=move || (prefs.get().theme == t).to_string()
                            on:click=move |_| save(shell, Preferences { theme: t, ..prefs.get_untracked() })>
                            {move || i18n.t(&format!("settings-theme-{}", t.as_str()))}
                        </button>
                    })}
                </div>
            </fieldset>
            <fieldset>
                <legend>{move || i18n.t("settings-voice")}</legend>
                <label class="check">
                    <input type="checkbox" data-testid="voice" prop:checked=move || prefs.get().voice
                        on:change=move |_| save(shell, Preferences { voice: !prefs.get_untracked().voice, ..prefs.get_untracked() })/>
                    {move || i18n.t("settings-voice-on")}
                </label>
            </fieldset>
            <fieldset>
                <legend>{move || i18n.t("settings-average")}</legend>
                <div class="choice-row">
                    {[(AverageRule::Truncate, "settings-average-truncate", "truncate"), (AverageRule::Round, "settings-average-round", "round")].map(|(r, id, tid)| view! {
                        <button class="toggle" data-testid=format!("average-{tid}")
                            aria-pressed=move || (prefs.get().average == r).to_string()
                            on:click=move |_| save(shell, Preferences { average: r, ..prefs.get_untracked() })>
                            {move || i18n.t(id)}
                        </button>
                    })}
                </div>
            </fieldset>
            <crate::data::DataLink/>
            <div class="actions">
                <button class="primary" data-testid="settings-done" on:click=move |_| shell.screen.set(Screen::Home)>
                    {move || i18n.t("ui-done")}
                </button>
            </div>
        </section>
    }
}
