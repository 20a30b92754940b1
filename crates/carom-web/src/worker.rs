//! The worker's entry points: [`start`] takes the database, [`handle`] answers one
//! message of the page ([`ToWorker`]) with the messages to post ([`FromWorker`]).

use std::cell::RefCell;

use carom_api::{command_info, Call, Error, ErrorCode, FileBytes, FromWorker, ToWorker};
use carom_app::{Answered, App};
use serde_json::value::RawValue;
use sqlite_wasm_vfs::sahpool::{install, OpfsSAHPoolCfgBuilder};
use wasm_bindgen::prelude::*;

use crate::js::to_js;
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
}

/// Opens the database in the origin's private file system (the worker script calls it
/// once it holds the origin's database lock). Never fails: a failure is what every later
/// command answers — except a browser with no private file system at all (WebKitGTK's
/// MiniBrowser, private browsing): the app then runs on a database in memory, so that a
/// match can still be scored, and tells the page so ([`FromWorker::MemoryOnly`]), which
/// then says, on every screen, that nothing is kept. Answers the messages for the page.
#[wasm_bindgen]
pub async fn start() -> Vec<JsValue> {
    let kept = has_opfs();
    let backend = if kept {
        open().await
    } else {
        Backend::Ready(Box::new(App::in_memory(services())))
    };
    BACKEND.with(|b| *b.borrow_mut() = backend);
    if kept {
        Vec::new()
    } else {
        vec![to_js(&FromWorker::MemoryOnly)]
    }
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

/// What [`handle`] resolves to: the message for the page that sent the request, and
/// the news for the other tabs (each a [`FromWorker::News`] message, posted after the
/// answer so that the tapping page is not kept waiting behind the news).
#[derive(serde::Serialize)]
struct Handled {
    /// For the page (none for a message that is not one of this build's page).
    reply: Option<FromWorker>,
    news: Vec<FromWorker>,
}

/// Answers `message`, a [`ToWorker`] the page posted (or another tab's worker forwarded):
/// a call runs through [`App::dispatch`] after the files chosen for it are staged and,
/// for a command that needs it, the sheet engine is loaded by `load_sheet` (the worker
/// script's loader, a function answering a promise). Resolves to `{reply, news}`: the
/// [`FromWorker`] message for the page, then those for the other tabs. The answer is
/// given after the commit.
#[wasm_bindgen]
pub async fn handle(message: JsValue, load_sheet: js_sys::Function) -> JsValue {
    #[cfg(feature = "bench")]
    let started = crate::bench::now();
    let handled = match serde_wasm_bindgen::from_value::<ToWorker>(message) {
        Ok(ToWorker::Call {
            id,
            command,
            args,
            files,
        }) => call(id, command, &args, files, &load_sheet).await,
        #[cfg(feature = "bench")]
        Ok(ToWorker::Bench(n)) => Handled {
            reply: Some(match crate::bench::bench_append(n).await {
                Ok(times) => FromWorker::Bench(times),
                Err(e) => FromWorker::BenchError(format!("{e:?}")),
            }),
            news: Vec::new(),
        },
        #[cfg(feature = "bench")]
        Ok(ToWorker::SlowDown(times)) => {
            crate::bench::slow_down(times);
            Handled {
                reply: None,
                news: Vec::new(),
            }
        }
        // Not a message of this build's page (the benchmark's messages are answered only
        // by `cargo xtask bench`'s build): there is no one to answer.
        _ => Handled {
            reply: None,
            news: Vec::new(),
        },
    };
    #[cfg(feature = "bench")]
    crate::bench::stretch(started);
    to_js(&handled)
}

/// Runs call `id` of command `command` with its arguments `args` (JSON text).
async fn call(
    id: u32,
    command: String,
    args: &str,
    files: Vec<FileBytes>,
    load_sheet: &js_sys::Function,
) -> Handled {
    let effects = command_info(&command).map(|c| c.effects);
    let answered = match prepare(&command, effects, files, load_sheet).await {
        Err(e) => Answered::error(e),
        Ok(()) => match serde_json::from_str::<&RawValue>(args) {
            Err(e) => Answered::error(ErrorCode::internal(format!("{command}: {e}")).into()),
            Ok(args) => BACKEND.with(|b| match &*b.borrow() {
                Backend::Ready(app) => app.dispatch(Call {
                    command,
                    args: Some(args),
                }),
                Backend::Unavailable(e) => Answered::error(e.clone()),
                Backend::Starting => {
                    Answered::error(ErrorCode::internal("the backend has not started").into())
                }
            }),
        },
    };
    Handled {
        reply: Some(FromWorker::Answer {
            id,
            reply: answered.reply_json(),
        }),
        news: answered.news.into_iter().map(FromWorker::News).collect(),
    }
}

/// Does what command `command` needs before it runs ([`carom_api::Effects`]): loads the
/// sheet engine, stages the files the page handed over (and forgets any left by a
/// command that did not take them).
async fn prepare(
    command: &str,
    effects: Option<carom_api::Effects>,
    files: Vec<FileBytes>,
    load_sheet: &js_sys::Function,
) -> Result<(), Error> {
    if effects.is_some_and(|e| e.sheet_engine) {
        let failed = |e: JsValue| Error::from(ErrorCode::internal(format!("{command}: {e:?}")));
        let loading = load_sheet.call0(&JsValue::NULL).map_err(failed)?;
        wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&loading))
            .await
            .map_err(failed)?;
    }
    crate::files::clear_staged();
    for f in files {
        crate::files::stage(f.name, f.bytes);
    }
    Ok(())
}

/// The BroadcastChannel of backend events ([`carom_api::EVENTS_CHANNEL`]).
#[wasm_bindgen]
pub fn events_channel() -> String {
    carom_api::EVENTS_CHANNEL.to_owned()
}
