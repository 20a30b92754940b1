//! The app shell: language, top bar, and which screen is shown.

use carom_core::Discipline;
use carom_i18n::Lang;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};

use crate::home::Home;
use crate::i18n::{use_i18n, I18n};
use crate::ipc::{invoke, IpcError, NoArgs};
use crate::new_match::NewMatchForm;
use crate::signing::SignSheet;

/// The settings the backend hands out at start.
#[derive(Debug, Clone, Deserialize)]
struct Settings {
    language: String,
}

/// A player with his target, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerEntry {
    pub name: String,
    pub target: i64,
}

/// A stored match as the home screen lists it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct MatchSummary {
    pub id: i64,
    pub discipline: Discipline,
    pub players: [PlayerEntry; 2],
    pub status: String,
    pub created_at: String,
}

/// Which screen is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewMatch,
    /// Signing and exporting the score sheet of a finished match.
    Sign(i64),
}

/// State shared by the screens.
#[derive(Clone, Copy)]
pub struct Shell {
    pub screen: RwSignal<Screen>,
    pub matches: RwSignal<Vec<MatchSummary>>,
    pub fatal: RwSignal<Option<IpcError>>,
}

impl Shell {
    /// Reloads the match list from the store.
    pub fn reload_matches(self) {
        spawn_local(async move {
            match invoke::<_, Vec<MatchSummary>>("list_matches", &NoArgs {}).await {
                Ok(list) => self.matches.set(list),
                Err(e) => self.fatal.set(Some(e)),
            }
        });
    }
}

#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(Lang::En);
    let i18n = I18n(lang);
    provide_context(i18n);
    let shell = Shell {
        screen: RwSignal::new(Screen::Home),
        matches: RwSignal::new(Vec::new()),
        fatal: RwSignal::new(None),
    };
    provide_context(shell);
    let ready = RwSignal::new(false);

    spawn_local(async move {
        match invoke::<_, Settings>("get_settings", &NoArgs {}).await {
            Ok(s) => lang.set(Lang::from_code(&s.language).unwrap_or(Lang::En)),
            Err(e) => shell.fatal.set(Some(e)),
        }
        shell.reload_matches();
        ready.set(true);
    });

    // Screen readers and hyphenation follow the page language.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });

    view! {
        <header class="topbar">
            <div class="brand">
                <img src="icon.svg" alt="" class="logo"/>
                <h1 data-testid="app-title">{move || i18n.t("app-title")}</h1>
            </div>
            <LanguageSwitch/>
        </header>
        <main class="content">
            {move || shell.fatal.get().map(|e| view! {
                <p class="banner error" role="alert" data-testid="fatal-error">{move || i18n.error(&e)}</p>
            })}
            <Show when=move || ready.get()>
                {move || match shell.screen.get() {
                    Screen::Home => view! { <Home/> }.into_any(),
                    Screen::NewMatch => view! { <NewMatchForm/> }.into_any(),
                    Screen::Sign(id) => view! { <SignSheet match_id=id/> }.into_any(),
                }}
            </Show>
        </main>
    }
}

#[derive(Serialize)]
struct SetLanguage<'a> {
    language: &'a str,
}

/// The always-visible language control; the choice is stored before it is applied.
#[component]
fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let choose = move |code: String| {
        spawn_local(async move {
            match invoke::<_, Settings>("set_language", &SetLanguage { language: &code }).await {
                Ok(s) => i18n.0.set(Lang::from_code(&s.language).unwrap_or(Lang::En)),
                Err(e) => shell.fatal.set(Some(e)),
            }
        });
    };
    view! {
        <label class="language">
            <span class="visually-hidden">{move || i18n.t("language-label")}</span>
            <select
                data-testid="language-select"
                aria-label=move || i18n.t("language-label")
                on:change=move |ev| choose(event_target_value(&ev))
                prop:value=move || i18n.0.get().code()
            >
                {Lang::ALL
                    .into_iter()
                    .map(|l| view! {
                        <option value=l.code() selected=move || i18n.0.get() == l>
                            {move || i18n.t(&format!("language-{}", l.code()))}
                        </option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
