//! The one place that talks to the shell: commands ([`call`]), the events it sends
//! ([`listen`]), the clock stamped on events ([`now_ms`]), the scoreboard window
//! ([`scoreboard_window`], [`open_scoreboard`]) and the phone's feedback. Two shells
//! serve the same commands: Tauri on the desktop ([`tauri`]), and in a browser the web
//! app's worker ([`web`]). Nothing else in the UI knows which. Every answer comes after
//! the store committed.

#[cfg(all(test, target_family = "wasm"))]
pub mod fake;
mod tauri;
mod web;

pub use web::{memory_only, MEMORY_ONLY_EVENT};

pub use carom_api::Error as ApiError;
use carom_api::{Command, ErrorCode};
use serde::de::DeserializeOwned;

pub(crate) fn internal(detail: String) -> ApiError {
    ErrorCode::Internal { detail }.into()
}

/// Whether the page runs in the Tauri shell (else it is the web app).
pub fn is_desktop() -> bool {
    tauri::present()
}

/// Whether a file the app saves is a download (the web app: no file system, no
/// automatic backups) rather than a file written where the user chose (the desktop).
pub fn saves_as_downloads() -> bool {
    !is_desktop()
}

/// Sends catalogue command `req` (its fields are the command's arguments) and decodes
/// its answer.
///
/// # Errors
/// The command's [`ApiError`]; [`ErrorCode::Internal`] when the answer cannot be read.
pub async fn call<C: Command>(req: &C) -> Result<C::Output, ApiError> {
    // The component tests answer every command themselves (`fake`), in no shell.
    #[cfg(all(test, target_family = "wasm"))]
    if cfg!(test) {
        return fake::call(req);
    }
    if is_desktop() {
        tauri::call(req).await
    } else {
        web::call(req).await
    }
}

/// Calls `handler` with the payload of every backend event `name`, for the life of the
/// page.
pub fn listen<T: DeserializeOwned + 'static>(name: &'static str, handler: impl Fn(T) + 'static) {
    if is_desktop() {
        tauri::listen(name, handler);
    } else {
        web::listen(name, handler);
    }
}

/// Milliseconds since the Unix epoch: the time stamped on events (the shot clock counts
/// from it, so it stays right while the window is hidden).
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// The match a scoreboard window was opened for, if this is one.
pub fn scoreboard_window() -> Option<i64> {
    if is_desktop() {
        tauri::scoreboard_window()
    } else {
        web::scoreboard_window()
    }
}

/// Opens (or brings forward) the spectator scoreboard of match `id`: a window of the
/// desktop shell, a tab of the browser.
pub async fn open_scoreboard(id: i64) -> Result<(), ApiError> {
    if is_desktop() {
        tauri::call(&carom_api::OpenScoreboard { id }).await
    } else {
        web::open_scoreboard(id)
    }
}
