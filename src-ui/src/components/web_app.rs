//! What the installable web app adds on a phone: the "new version ready" banner, the
//! install button, and the screen kept awake during a match. The service worker and the
//! install prompt are caught by `boot-web.js` (the desktop shell has neither, so none of
//! this shows there).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::i18n::use_i18n;

/// Calls the page function `name` that `boot-web.js` defines, if it does.
fn call_page(name: &str) {
    let Some(w) = web_sys::window() else {
        return;
    };
    if let Ok(f) = js_sys::Reflect::get(&w, &name.into()) {
        if let Some(f) = f.dyn_ref::<js_sys::Function>() {
            let _ = f.call0(&JsValue::NULL);
        }
    }
}

/// In the web app, has the service worker keep the sheet module (left out of the first
/// visit) in idle time, so that a signed sheet can be exported with no network; nothing
/// on the desktop, which has it built in.
pub fn keep_sheet_module() {
    call_page("__caramboleKeepSheetModule");
}

/// "A new version is ready — reload": shown when the service worker installed a new
/// version of the app; the reload switches to it (never in the middle of a tap: the
/// referee chooses when).
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let i18n = use_i18n();
    let ready = RwSignal::new(false);
    let handle = window_event_listener_untyped("carambole-update-ready", move |_| ready.set(true));
    on_cleanup(move || handle.remove());
    view! {
        <Show when=move || ready.get()>
            <div class="update-banner" role="status" data-testid="update-banner">
                <span>{i18n.text("web-update-ready")}</span>
                <button data-testid="update-reload" on:click=move |_| call_page("__caramboleApplyUpdate")>
                    {i18n.text("web-update-reload")}
                </button>
            </div>
        </Show>
    }
}

/// Said on every screen when the browser keeps nothing (no private file system, e.g.
/// WebKitGTK's MiniBrowser or some private windows): scoring works, but the matches go
/// with the tab.
#[component]
pub fn MemoryOnlyBanner() -> impl IntoView {
    let i18n = use_i18n();
    let shown = RwSignal::new(crate::backend::memory_only());
    let handle =
        window_event_listener_untyped(crate::backend::MEMORY_ONLY_EVENT, move |_| shown.set(true));
    on_cleanup(move || handle.remove());
    view! {
        <Show when=move || shown.get()>
            <p class="memory-only" role="alert" data-testid="memory-only">
                {i18n.text("web-memory-only")}
            </p>
        </Show>
    }
}

/// "Install": offered on the app's home screen when the browser can install the app on
/// the phone's.
#[component]
pub fn InstallButton() -> impl IntoView {
    let i18n = use_i18n();
    let installable = RwSignal::new(
        web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"__caramboleInstallPrompt".into()).ok())
            .is_some_and(|p| !p.is_undefined()),
    );
    let handle =
        window_event_listener_untyped("carambole-installable", move |_| installable.set(true));
    on_cleanup(move || handle.remove());
    view! {
        <Show when=move || installable.get()>
            <button class="secondary install" data-testid="install-app" on:click=move |_| {
                installable.set(false);
                call_page("__caramboleInstall");
            }>
                {i18n.text("web-install")}
            </button>
        </Show>
    }
}

/// Keeps the screen on while the calling component (a match) is shown, where the
/// browser offers a Screen Wake Lock; taken again when the page comes back into view
/// (the browser drops it when the page is hidden).
pub fn keep_screen_awake() {
    let sentinel: StoredValue<Option<JsValue>, LocalStorage> = StoredValue::new_local(None);
    let request = move || {
        let Some(w) = web_sys::window() else {
            return;
        };
        let Ok(lock) = js_sys::Reflect::get(&w.navigator(), &"wakeLock".into()) else {
            return;
        };
        let Ok(request) = js_sys::Reflect::get(&lock, &"request".into()) else {
            return;
        };
        let Some(request) = request.dyn_ref::<js_sys::Function>() else {
            return;
        };
        let Ok(promise) = request.call1(&lock, &"screen".into()) else {
            return;
        };
        let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(s) = wasm_bindgen_futures::JsFuture::from(promise).await {
                sentinel.set_value(Some(s));
            }
        });
    };
    request();
    let visible = window_event_listener_untyped("visibilitychange", move |_| {
        if document().visibility_state() == web_sys::VisibilityState::Visible {
            request();
        }
    });
    on_cleanup(move || {
        visible.remove();
        if let Some(s) = sentinel.get_value() {
            if let Ok(release) = js_sys::Reflect::get(&s, &"release".into()) {
                if let Some(release) = release.dyn_ref::<js_sys::Function>() {
                    let _ = release.call0(&s);
                }
            }
        }
    });
}
