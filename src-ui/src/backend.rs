//! The one place that talks to the shell: commands ([`call`]), the events it sends
//! ([`listen`]), the clock stamped on events ([`now_ms`]) and what the shell told a
//! scoreboard window ([`scoreboard_window`]). Today the shell is Tauri;
//! nothing else in the UI declares a binding to it. Every answer comes after the store
//! committed.

pub use carom_api::Error as ApiError;
use carom_api::{Command, ErrorCode};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ["window", "__TAURI__", "core"], js_name = invoke, catch)]
    async fn tauri_invoke(cmd: &str, args: JsValue) -> Result<JsValue, JsValue>;
}

fn internal(detail: String) -> ApiError {
    ErrorCode::Internal { detail }.into()
}

/// Sends catalogue command `req` (its fields are the command's arguments) and decodes
/// its answer.
///
/// # Errors
/// The command's [`ApiError`]; [`ErrorCode::Internal`] when the answer cannot be read.
pub async fn call<C: Command>(req: &C) -> Result<C::Output, ApiError> {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    let args = req.serialize(&ser).map_err(|e| internal(e.to_string()))?;
    match tauri_invoke(C::NAME, args).await {
        Ok(v) => serde_wasm_bindgen::from_value(v).map_err(|e| internal(e.to_string())),
        Err(e) => Err(serde_wasm_bindgen::from_value(e.clone())
            .unwrap_or_else(|_| internal(format!("{e:?}")))),
    }
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ["window", "__TAURI__", "event"], js_name = listen, catch)]
    async fn tauri_listen(event: &str, handler: &js_sys::Function) -> Result<JsValue, JsValue>;
}

/// Calls `handler` with the payload of every backend event `name`, for the life of the
/// page.
pub fn listen<T: DeserializeOwned + 'static>(name: &'static str, handler: impl Fn(T) + 'static) {
    let closure = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        let payload = js_sys::Reflect::get(&event, &"payload".into()).unwrap_or(JsValue::NULL);
        if let Ok(p) = serde_wasm_bindgen::from_value::<T>(payload) {
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

/// Milliseconds since the Unix epoch: the time stamped on events (the shot clock counts
/// from it, so it stays right while the window is hidden).
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// The match a scoreboard window was opened for (set by the backend when it creates the
/// window), if this is one.
pub fn scoreboard_window() -> Option<i64> {
    let w = web_sys::window()?;
    js_sys::Reflect::get(&w, &"__CARAMBOLE_SCOREBOARD__".into())
        .ok()?
        .as_f64()
        .map(|id| id as i64)
}
