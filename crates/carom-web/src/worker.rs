//! The worker's entry points: [`start`] takes the database, [`handle`] answers one
//! request.

use std::cell::RefCell;

use carom_api::{Command, Error, ErrorCode, Reply};
use carom_app::App;
use serde_json::Value;
use sqlite_wasm_vfs::sahpool::{install, OpfsSAHPoolCfgBuilder};
use wasm_bindgen::prelude::*;

use crate::services::services;
use crate::{DATABASE, POOL_DIRECTORY, VFS};

/// What this worker can answer with.
enum Backend {
    /// Not started yet.
    Starting,
    /// The database is open here.
    Ready(Box<App>),
    /// Every command answers this error (no storage, or another tab holds it).
    Unavailable(Error),
}

thread_local! {
    static BACKEND: RefCell<Backend> = const { RefCell::new(Backend::Starting) };
    /// Events of the requests answered but not told yet, as the JSON text the channel
    /// carries.
    static UPDATES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Opens the database in the origin's private file system (the worker script calls it
/// once it holds the origin's database lock). Never fails: a failure is what every later
/// command answers — except a browser with no private file system at all (WebKitGTK's
/// MiniBrowser, private browsing): the app then runs on a database in memory, so that a
/// match can still be scored, and answers `false` so the page says, on every screen,
/// that nothing is kept. Answers `true` when the matches are kept on the device.
#[wasm_bindgen]
pub async fn start() -> bool {
    let backend = if has_opfs() {
        open().await
    } else {
        Backend::Ready(Box::new(App::in_memory(services())))
    };
    let kept = has_opfs();
    BACKEND.with(|b| *b.borrow_mut() = backend);
    kept
}

/// Whether the worker has the Origin Private File System (`navigator.storage.getDirectory`).
fn has_opfs() -> bool {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into());
    let storage = navigator.and_then(|n| js_sys::Reflect::get(&n, &"storage".into()));
    storage
        .and_then(|s| js_sys::Reflect::get(&s, &"getDirectory".into()))
        .is_ok_and(|f| f.is_function())
}

async fn open() -> Backend {
    let cfg = OpfsSAHPoolCfgBuilder::new()
        .vfs_name(VFS)
        .directory(POOL_DIRECTORY)
        .build();
    match install::<sqlite_wasm_rs::WasmOsCallback>(&cfg, false).await {
        Ok(_) => Backend::Ready(Box::new(App::open_vfs(DATABASE, VFS, services()))),
        // The pool's access handles are exclusive: another tab's worker has them.
        Err(e) if format!("{e:?}").contains("NoModificationAllowed") => {
            Backend::Unavailable(ErrorCode::OpenInAnotherTab.into())
        }
        Err(e) => Backend::Unavailable(
            ErrorCode::BrowserStorage {
                detail: e.to_string(),
            }
            .into(),
        ),
    }
}

/// The [`Reply`] error for a request the worker script could not run (the sheet
/// module failed to load…), as JSON text.
#[wasm_bindgen]
pub fn internal_error(detail: &str) -> String {
    let reply: Reply<Value> = Reply::Error(ErrorCode::internal(detail).into());
    serde_json::to_string(&reply).unwrap_or_default()
}

/// Whether `command` needs the sheet engine (it prints a sheet, or checks one, which
/// renders it again): the worker script loads the sheet module first.
#[wasm_bindgen]
pub fn needs_sheet_engine(command: &str) -> bool {
    command == <carom_api::ExportSheetPdf as Command>::NAME
        || command == <carom_api::PickAndCheckSheet as Command>::NAME
}

/// Answers request `command` with JSON arguments `args`: a [`Reply`] as JSON text
/// (`{"ok": answer}` or `{"error": error}`, as `carambole serve` answers). The answer is given after the commit.
#[wasm_bindgen]
pub fn handle(command: &str, args: &str) -> String {
    let answer = BACKEND.with(|b| match &*b.borrow() {
        Backend::Ready(app) => run(app, command, args),
        Backend::Unavailable(e) => Err(e.clone()),
        Backend::Starting => Err(ErrorCode::internal("the backend has not started").into()),
    });
    serde_json::to_string(&Reply::from(answer)).unwrap_or_default()
}

fn run(app: &App, command: &str, args: &str) -> Result<Value, Error> {
    let bad = |e: serde_json::Error| Error::from(ErrorCode::internal(format!("{command}: {e}")));
    if command == <carom_api::Play as Command>::NAME {
        // The referee's tap, read straight into its type (no JSON tree in between).
        let req: carom_api::Play = serde_json::from_str(args).map_err(bad)?;
        let id = req.id;
        let applied = app.play(req)?;
        // As the desktop shell does, every other window showing the match is told, once
        // the page has its answer (`take_updates`): its tap is not queued behind the news.
        let update = carom_api::Updated {
            id,
            events: applied.events,
        };
        tell_later(carom_api::MATCH_UPDATED, update);
        return serde_json::to_value(applied)
            .map_err(|e| Error::from(ErrorCode::internal(e.to_string())));
    }
    let args: Value = serde_json::from_str(args).map_err(bad)?;
    let answer = app.dispatch(command, args)?;
    // Every tab speaks and looks the same: the others read the settings again.
    if command == <carom_api::SetLanguage as Command>::NAME
        || command == <carom_api::SetPreferences as Command>::NAME
    {
        tell_later(carom_api::SETTINGS_UPDATED, ());
    }
    Ok(answer)
}

/// Keeps `event` to be told once the page has its answer (`take_updates`). (Its payloads
/// are plain data: their JSON cannot fail.)
fn tell_later(event: &'static str, payload: impl serde::Serialize) {
    let message = serde_json::json!({
        "event": event,
        "payload": payload,
    });
    UPDATES.with(|u| u.borrow_mut().push(message.to_string()));
}

/// The changes of the requests answered since the last call, as `{"event": name,
/// "payload": …}` JSON texts: the worker script posts them on [`events_channel`] after
/// posting each answer, for the other tabs.
#[wasm_bindgen]
pub fn take_updates() -> Vec<String> {
    UPDATES.with(|u| std::mem::take(&mut *u.borrow_mut()))
}

/// The BroadcastChannel of backend events ([`carom_api::EVENTS_CHANNEL`]).
#[wasm_bindgen]
pub fn events_channel() -> String {
    carom_api::EVENTS_CHANNEL.to_owned()
}
