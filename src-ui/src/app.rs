//! The app shell: language, theme, top bar, and the router — the one module that maps
//! each [`Screen`] to its component (screens themselves only navigate through state).

use crate::backend::{call, listen, scoreboard_window, ApiError};
use crate::components::web_app::{MemoryOnlyBanner, UpdateBanner};
use crate::screens::history::archive::ArchivedMatch;
use crate::screens::history::data::DataScreen;
use crate::screens::history::list::HistoryScreen;
use crate::screens::home::Home;
use crate::screens::new_match::NewMatchForm;
use crate::screens::play::signing::SignSheet;
use crate::screens::play::MatchScreen;
use crate::screens::players::StatsScreens;
use crate::screens::settings::SettingsScreen;
use crate::state::i18n::{choose_language, use_i18n, I18n};
use crate::state::shell::{Screen, Shell};
use crate::state::start::StartCopy;
use carom_api::ErrorCode;
use carom_i18n::Lang;
use leptos::prelude::*;
use leptos::task::spawn_local;

#[component]
pub fn App() -> impl IntoView {
    // The last start's language and preferences, shown at once (state/start.rs).
    let copy = StartCopy::recall();
    let lang = RwSignal::new(copy.map_or(Lang::En, |c| c.language));
    let i18n = I18n(lang);
    provide_context(i18n);
    let board = scoreboard_window();
    let shell = Shell {
        screen: RwSignal::new(Screen::Home),
        matches: RwSignal::new(None),
        fatal: RwSignal::new(None),
        updated: RwSignal::new((0, 0)),
        prefs: RwSignal::new(copy.map(|c| c.prefs).unwrap_or_default()),
    };
    provide_context(shell);
    crate::state::history::provide_history_state();
    // With a copy the screens need not wait for the store's first answer.
    let ready = RwSignal::new(copy.is_some());
    let answered = RwSignal::new(false);

    listen(carom_api::MATCH_UPDATED, move |u: carom_api::Updated| {
        shell
            .updated
            .set((u.id, usize::try_from(u.events).unwrap_or(usize::MAX)))
    });
    // Another window (another tab) changed the language or the preferences: this one
    // follows, the scoreboard beside the referee's window included.
    listen(carom_api::SETTINGS_UPDATED, move |()| {
        spawn_local(read_settings(i18n, shell));
    });
    spawn_local(async move {
        read_settings(i18n, shell).await;
        shell.reload_matches();
        answered.set(true);
        ready.set(true);
    });
    // What the store said, and every change since, is the next start's copy.
    Effect::new(move |_| {
        let (language, prefs) = (lang.get(), shell.prefs.get());
        if answered.get() {
            StartCopy { language, prefs }.keep();
        }
    });

    // Screen readers and hyphenation follow the page language; so does the voice.
    Effect::new(move |_| {
        let l = lang.get();
        crate::state::speech::set_lang(l);
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", l.code());
        }
    });
    Effect::new(move |_| {
        let p = shell.prefs.get();
        crate::state::speech::set_voice(p.voice);
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", p.theme.id());
        }
    });

    if let Some(id) = board {
        return view! {
            <main class="content board-window">
                <Show when=move || ready.get()>
                    <MatchScreen id=id scoreboard_only=true/>
                </Show>
            </main>
        }
        .into_any();
    }

    view! {
        <header class="topbar">
            <div class="brand">
                <img src="icon.svg" alt="" class="logo"/>
                <h1 data-testid="app-title">{i18n.text("app-title")}</h1>
            </div>
            <div class="topbar-tools">
                <button class="icon" data-testid="open-settings" aria-label=i18n.text("settings-title")
                    on:click=move |_| shell.navigate(Screen::Settings)>
                    "⚙"
                </button>
                <LanguageSwitch/>
            </div>
        </header>
        <UpdateBanner/>
        <MemoryOnlyBanner/>
        <main class="content">
            {move || shell.fatal.get().map(|e| view! { <FatalError error=e/> })}
            <Show when=move || ready.get()>
                {move || match shell.screen.get() {
                    Screen::Home => view! { <Home/> }.into_any(),
                    Screen::NewMatch => view! { <NewMatchForm/> }.into_any(),
                    Screen::Match(id) => view! { <MatchScreen id=id/> }.into_any(),
                    Screen::Settings => view! { <SettingsScreen/> }.into_any(),
                    Screen::Stats(route) => view! { <StatsScreens route/> }.into_any(),
                    Screen::Sign(id) => view! { <SignSheet match_id=id/> }.into_any(),
                    Screen::History => view! { <HistoryScreen trash=false/> }.into_any(),
                    Screen::Trash => view! { <HistoryScreen trash=true/> }.into_any(),
                    Screen::Archive(id) => view! { <ArchivedMatch id/> }.into_any(),
                    Screen::Data => view! { <DataScreen/> }.into_any(),
                }}
            </Show>
        </main>
    }
    .into_any()
}

/// Reads the stored language and preferences into the app's state. Only what changed is
/// set: the window that made the change is told too, and has already applied it (setting
/// the language again would relabel every screen a second time).
async fn read_settings(i18n: I18n, shell: Shell) {
    match call(&carom_api::GetSettings {}).await {
        Ok(s) => {
            let lang = s.language;
            if i18n.0.get_untracked() != lang {
                i18n.0.set(lang);
            }
        }
        Err(e) => shell.fatal.set(Some(e)),
    }
    if let Ok(p) = call(&carom_api::GetPreferences {}).await {
        if shell.prefs.get_untracked() != p {
            shell.prefs.set(p);
        }
    }
}

/// The always-visible language control; the choice is stored before it is applied.
#[component]
fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    // The options' values are the languages' codes, so one always reads back.
    let choose = move |code: String| {
        if let Some(lang) = Lang::ALL.into_iter().find(|l| l.code() == code) {
            choose_language(i18n, shell, lang);
        }
    };
    view! {
        <label class="language">
            <span class="visually-hidden">{i18n.text("language-label")}</span>
            <select
                data-testid="language-select"
                aria-label=i18n.text("language-label")
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

/// Why the app cannot work (e.g. a damaged database), with the way out when there is one.
#[component]
fn FatalError(error: ApiError) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let restorable = matches!(
        error.code,
        ErrorCode::DatabaseCorrupt { restore: true, .. }
            | ErrorCode::DatabaseDamaged { restore: true }
            | ErrorCode::DatabaseNewer { restore: true }
    );
    let restore = move |_| {
        spawn_local(async move {
            match call(&carom_api::RestoreBackup {}).await {
                Ok(()) => {
                    shell.fatal.set(None);
                    shell.reload_matches();
                }
                Err(e) => shell.fatal.set(Some(e)),
            }
        });
    };
    view! {
        <div class="banner error" role="alert" data-testid="fatal-error">
            <p>{move || i18n.error(&error)}</p>
            <Show when=move || restorable>
                <button class="primary" data-testid="restore-backup" on:click=restore>
                    {i18n.text("app-restore-backup")}
                </button>
                <p class="hint">{i18n.text("app-restore-hint")}</p>
            </Show>
        </div>
    }
}
