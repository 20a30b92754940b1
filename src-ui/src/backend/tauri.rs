//! The desktop shell: Tauri's `invoke` of its one command, `call`, and `listen`.

use carom_api::{Call, Command};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

use super::{internal, ApiError};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ["window", "__TAURI__", "core"], js_name = invoke, catch)]
    async fn tauri_invoke(cmd: &str, args: JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_namespace = ["window", "__TAURI__", "event"], js_name = listen, catch)]
    async fn tauri_listen(event: &str, handler: &js_sys::Function) -> Result<JsValue, JsValue>;
}

/// Whether Tauri injected its API into the page (before the UI started: looked up once,
/// not on every command).
pub(super) fn present() -> bool {
    thread_local! {
        static PRESENT: bool = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"__TAURI__".into()).ok())
            .is_some_and(|t| !t.is_undefined());
    }
    PRESENT.with(|p| *p)
}

/// The shell's one command: it runs any catalogue command the web view may call.
const CALL: &str = "call";

/// A value the shell handed over, read as a `T` through its JSON text, as the web app's
/// answers are read: the wasm of the app shell then holds one deserializer of each wire
/// type (serde_json's), not a second one (serde_wasm_bindgen's) beside it.
fn read<T: DeserializeOwned>(v: &JsValue) -> Result<T, ApiError> {
    // `()` answers `null`; JSON.stringify of `undefined` is no text.
    let text = js_sys::JSON::stringify(v)
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_else(|| "null".to_owned());
    serde_json::from_str(&text).map_err(|e| internal(e.to_string()))
}

pub(super) async fn call<C: Command>(req: &C) -> Result<C::Output, ApiError> {
    let call = Call {
        command: C::NAME.to_owned(),
        args: Some(req),
    };
    // As JSON text first, as the web app sends it (one serializer of each wire type).
    let text = serde_json::to_string(&call).map_err(|e| internal(e.to_string()))?;
    let args = js_sys::JSON::parse(&text).map_err(|e| internal(format!("{e:?}")))?;
    match tauri_invoke(CALL, args).await {
        Ok(v) => read(&v),
        Err(e) => Err(read(&e).unwrap_or_else(|_| internal(format!("{e:?}")))),
    }
}

pub(super) fn listen<T: DeserializeOwned + 'static>(
    name: &'static str,
    handler: impl Fn(T) + 'static,
) {
    let closure = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        let payload = js_sys::Reflect::get(&event, &"payload".into()).unwrap_or(JsValue::NULL);
        if let Ok(p) = read::<T>(&payload) {
            handler(p);
        }
    });
    let function: js_sys::Function = closure.as_ref().clone().into();
    // The listener lives as long as the page.
    closure.forget();
    wasm_bindgen_futures::spawn_local(async move {
        let _ = tauri_listen(name, &function).await;
    });
}

/// The match the shell opened this scoreboard window for (its initialization script
/// sets it).
pub(super) fn scoreboard_window() -> Option<i64> {
    let w = web_sys::window()?;
    js_sys::Reflect::get(&w, &"__CARAMBOLE_SCOREBOARD__".into())
        .ok()?
        .as_f64()
        .map(|id| id as i64)
}
