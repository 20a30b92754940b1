//! The web app: every command goes to the dedicated worker (`worker.js`, carom-web),
//! which answers after the commit is durable in the origin's private file system, and
//! passes on the backend events of the other tabs (their plays, their settings). The
//! messages both ways are carom-api's [`ToWorker`] and [`FromWorker`]. What a command
//! does besides answering is the catalogue's ([`carom_api::Effects`]): a file input
//! first, or on a phone a brief vibration when accepted.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use carom_api::{Command, FileBytes, FromWorker, News, Reply, ToWorker};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{internal, ApiError};

/// The worker script, beside the page.
const WORKER_SCRIPT: &str = "./worker.js";
/// The vibration of an accepted tap, in milliseconds: felt, not noticed.
const TAP_VIBRATION_MS: u32 = 12;

/// The page's worker and the answers it still owes.
struct Worker {
    worker: web_sys::Worker,
    next: Cell<u32>,
    pending: Rc<RefCell<HashMap<u32, js_sys::Function>>>,
}

thread_local! {
    static WORKER: RefCell<Option<Rc<Worker>>> = const { RefCell::new(None) };
    /// The browser gives no private file system: the matches are in memory only.
    static MEMORY_ONLY: Cell<bool> = const { Cell::new(false) };
}

/// The window event sent when the worker finds it can keep nothing.
pub const MEMORY_ONLY_EVENT: &str = "carambole-memory-only";

/// Whether the matches live in this tab's memory only (the browser has no private file
/// system), as the worker said.
pub fn memory_only() -> bool {
    MEMORY_ONLY.with(Cell::get)
}

/// The worker `boot-web.js` started before the UI (to open the database while the UI's
/// wasm compiles), with the messages it sent meanwhile; taken once.
fn started_early() -> Option<(web_sys::Worker, Vec<JsValue>)> {
    let window = web_sys::window()?;
    let worker = js_sys::Reflect::get(&window, &"__caramboleWorker".into()).ok()?;
    let worker = worker.dyn_into::<web_sys::Worker>().ok()?;
    let early = js_sys::Reflect::get(&window, &"__caramboleEarly".into())
        .ok()
        .filter(js_sys::Array::is_array)
        .map(|a| a.unchecked_into::<js_sys::Array>().iter().collect())
        .unwrap_or_default();
    let _ = js_sys::Reflect::delete_property(&window, &"__caramboleWorker".into());
    let _ = js_sys::Reflect::delete_property(&window, &"__caramboleEarly".into());
    Some((worker, early))
}

/// The page's worker, started on first use (or taken from `boot-web.js`).
fn worker() -> Result<Rc<Worker>, ApiError> {
    if let Some(w) = WORKER.with(|w| w.borrow().clone()) {
        return Ok(w);
    }
    let (worker, early) = match started_early() {
        Some(started) => started,
        None => {
            let options = web_sys::WorkerOptions::new();
            options.set_type(web_sys::WorkerType::Module);
            let worker = web_sys::Worker::new_with_options(WORKER_SCRIPT, &options)
                .map_err(|e| internal(format!("worker: {e:?}")))?;
            (worker, Vec::new())
        }
    };
    let pending: Rc<RefCell<HashMap<u32, js_sys::Function>>> = Rc::default();
    let answers = pending.clone();
    let onmessage =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Ok(message) = serde_wasm_bindgen::from_value::<FromWorker>(e.data()) else {
                return;
            };
            match message {
                FromWorker::Answer { id, reply } => {
                    if let Some(resolve) = answers.borrow_mut().remove(&id) {
                        let _ = resolve.call1(&JsValue::NULL, &reply.into());
                    }
                }
                FromWorker::News(news) => dispatch(&news),
                FromWorker::Download(file) => save(file),
                FromWorker::MemoryOnly => {
                    MEMORY_ONLY.with(|m| m.set(true));
                    if let Some(w) = web_sys::window() {
                        if let Ok(event) = web_sys::Event::new(MEMORY_ONLY_EVENT) {
                            let _ = w.dispatch_event(&event);
                        }
                    }
                }
                // The benchmark's page reads these itself.
                FromWorker::Bench(_) | FromWorker::BenchError(_) => {}
            }
        });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // What it said before this page took it over, in order.
    for e in early {
        let f: &js_sys::Function = onmessage.as_ref().unchecked_ref();
        let _ = f.call1(&JsValue::NULL, &e);
    }
    // The worker lives as long as the page.
    onmessage.forget();
    let w = Rc::new(Worker {
        worker,
        next: Cell::new(1),
        pending,
    });
    WORKER.with(|slot| *slot.borrow_mut() = Some(w.clone()));
    Ok(w)
}

pub(super) async fn call<C: Command>(req: &C) -> Result<C::Output, ApiError> {
    let args = serde_json::to_string(req).map_err(|e| internal(e.to_string()))?;
    let w = worker()?;
    let id = w.next.get();
    w.next.set(id.wrapping_add(1));
    let pending = w.pending.clone();
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        pending.borrow_mut().insert(id, resolve);
    });
    let files = match C::EFFECTS.files {
        Some(input) => choose_files(input).await,
        None => Vec::new(),
    };
    let message = ToWorker::Call {
        id,
        command: C::NAME.to_owned(),
        args,
        files,
    };
    let message = message
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| internal(format!("worker: {e}")));
    if let Err(e) = message.and_then(|m| {
        w.worker
            .post_message(&m)
            .map_err(|e| internal(format!("worker: {e:?}")))
    }) {
        w.pending.borrow_mut().remove(&id);
        return Err(e);
    }
    let answer = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| internal(format!("worker: {e:?}")))?;
    let text = answer
        .as_string()
        .ok_or_else(|| internal("worker: an answer that is not text".into()))?;
    match serde_json::from_str::<Reply<C::Output>>(&text) {
        Ok(Reply::Ok(out)) => {
            if C::EFFECTS.vibrate {
                // With the frame that shows the tap, not before it: the frame would
                // wait for the call.
                leptos::prelude::request_animation_frame(|| {
                    leptos::prelude::set_timeout(vibrate, std::time::Duration::ZERO);
                });
            }
            Ok(out)
        }
        Ok(Reply::Error(e)) => Err(e),
        Err(e) => Err(internal(format!("{}: {e}", C::NAME))),
    }
}

/// The file input's `data-testid` while it is in the page.
const FILE_INPUT_TESTID: &str = "file-input";

/// Shows a file input for `input` and reads the files chosen, none when the referee
/// cancelled. (The command then answers as after a cancelled dialog.)
/// The input is in the page while it waits, out of sight (some browsers open no chooser
/// for a detached one, and a WebDriver test hands it a file there), and removed after.
async fn choose_files(input: carom_api::FileInput) -> Vec<FileBytes> {
    let mut chosen = Vec::new();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return chosen;
    };
    let Ok(element) = document.create_element("input") else {
        return chosen;
    };
    let Ok(field) = element.dyn_into::<web_sys::HtmlInputElement>() else {
        return chosen;
    };
    field.set_type("file");
    field.set_multiple(input.many);
    let accept: Vec<String> = input.extensions.iter().map(|e| format!(".{e}")).collect();
    field.set_accept(&accept.join(","));
    let _ = field.set_attribute("data-testid", FILE_INPUT_TESTID);
    let _ = field.set_attribute(
        "style",
        "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none",
    );
    // One input at a time: one left by a chooser whose cancel was never told goes.
    if let Ok(Some(old)) = document.query_selector(&format!("[data-testid={FILE_INPUT_TESTID}]")) {
        old.remove();
    }
    if let Some(body) = document.body() {
        let _ = body.append_child(&field);
    }
    let picked = js_sys::Promise::new(&mut |resolve, _| {
        // Either the choice or the cancel settles it.
        let _ = field.add_event_listener_with_callback("change", &resolve);
        let _ = field.add_event_listener_with_callback("cancel", &resolve);
    });
    field.click();
    let _ = wasm_bindgen_futures::JsFuture::from(picked).await;
    field.remove();
    let Some(list) = field.files() else {
        return chosen;
    };
    for i in 0..list.length() {
        let Some(file) = list.get(i) else { continue };
        let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
            continue;
        };
        chosen.push(FileBytes {
            name: file.name(),
            bytes: js_sys::Uint8Array::new(&buffer).to_vec(),
        });
    }
    chosen
}

/// Saves a file the worker wrote as a download.
fn save(file: FileBytes) {
    let FileBytes { name, bytes } = file;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes.as_slice()));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime(&name));
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        if let Ok(a) = document.create_element("a") {
            let _ = a.set_attribute("href", &url);
            let _ = a.set_attribute("download", &name);
            if let Some(a) = a.dyn_ref::<web_sys::HtmlElement>() {
                a.click();
            }
        }
    }
    // The download has its own copy once started; the URL may go with the page.
}

/// The type of a saved file, by its extension.
fn mime(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "pdf" => "application/pdf",
        "json" => "application/json",
        "csv" => "text/csv",
        _ => "application/octet-stream",
    }
}

/// A short vibration where the phone has one (nothing elsewhere).
fn vibrate() {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().vibrate_with_duration(TAP_VIBRATION_MS);
    }
}

/// A handler of backend events, given each payload of its event as JSON text (read as
/// the answers are, by one deserializer of each type).
type Handler = Rc<dyn Fn(&str)>;

thread_local! {
    /// The page's handlers of backend events, by event name.
    static HANDLERS: RefCell<Vec<(&'static str, Handler)>> = const { RefCell::new(Vec::new()) };
}

pub(super) fn listen<T: DeserializeOwned + 'static>(
    name: &'static str,
    handler: impl Fn(T) + 'static,
) {
    let handler: Handler = Rc::new(move |payload: &str| {
        if let Ok(p) = serde_json::from_str::<T>(payload) {
            handler(p);
        }
    });
    HANDLERS.with(|h| h.borrow_mut().push((name, handler)));
    // The events come through the worker: it must be there to pass them on.
    let _ = worker();
}

/// Runs the handlers of the backend event that `news` is, each with its payload.
fn dispatch(news: &News) {
    let payload = match news {
        News::MatchUpdated(updated) => serde_json::to_string(updated).unwrap_or_default(),
        News::SettingsUpdated => "null".to_owned(),
    };
    // Out of the registry before any runs: a handler may listen too.
    let handlers: Vec<Handler> = HANDLERS.with(|h| {
        h.borrow()
            .iter()
            .filter(|(name, _)| *name == news.event())
            .map(|(_, handler)| handler.clone())
            .collect()
    });
    for handler in handlers {
        handler(&payload);
    }
}

/// The query parameter that makes a tab the scoreboard of a match.
const SCOREBOARD_PARAM: &str = "scoreboard";

/// The match this tab is the scoreboard of (`?scoreboard=ID`), if it is one.
pub(super) fn scoreboard_window() -> Option<i64> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get(SCOREBOARD_PARAM)?.parse().ok()
}

/// Opens the scoreboard of match `id` in a tab of its own (or brings it forward: the tab
/// is named after the match).
pub(super) fn open_scoreboard(id: i64) -> Result<(), ApiError> {
    let window = web_sys::window().ok_or_else(|| internal("no window".into()))?;
    let url = format!("./?{SCOREBOARD_PARAM}={id}");
    window
        .open_with_url_and_target(&url, &format!("carambole-scoreboard-{id}"))
        .map_err(|e| internal(format!("{e:?}")))?;
    Ok(())
}
