//! The Tauri shell's one command, `call`: the UI sends a catalogue command by name with
//! its carom-api request as `args` (`invoke("call", {command, args})`); the shell checks
//! in the catalogue that the web view may call it, hands it to [`App::dispatch`] and
//! answers its output, or its [`Error`] as the rejection. Every answer comes after the
//! store committed; then the other windows are told what the command declares
//! ([`carom_api::Effects::broadcast`]).
//!
//! It runs off the main thread (an async command), as a file dialog or a new window must.

use carom_api::{command_info, Call, Error, ErrorCode, News, Reply};
use carom_app::App;
use serde_json::value::RawValue;
use serde_json::Value;
use tauri::{AppHandle, Emitter, Runtime, State};

/// Runs catalogue command `command` with its request `args` for the web view.
#[tauri::command(async, rename_all = "snake_case")]
pub async fn call<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, App>,
    command: String,
    args: Option<Value>,
) -> Result<Box<RawValue>, Error> {
    if !command_info(&command).is_some_and(|c| c.granted) {
        return Err(
            ErrorCode::internal(format!("{command} is not a command of the web view")).into(),
        );
    }
    let answered = app.dispatch(Call { command, args });
    if let Some(news) = &answered.news {
        tell(&handle, news);
    }
    match answered.reply {
        Reply::Ok(out) => Ok(out),
        Reply::Error(e) => Err(e),
    }
}

/// Tells every window `news`; a window that cannot be told reads the match or the
/// settings when it next opens them.
fn tell<R: Runtime>(handle: &AppHandle<R>, news: &News) {
    let _ = match news {
        News::MatchUpdated(updated) => handle.emit(news.event(), updated),
        News::SettingsUpdated => handle.emit(news.event(), ()),
    };
}
