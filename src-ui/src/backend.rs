//! The one place that talks to the shell: commands ([`invoke`]), the events it sends
//! ([`listen`]), the clock stamped on events ([`now_ms`]) and what the shell told a
//! scoreboard window ([`scoreboard_window`]). Today the shell is Tauri;
//! nothing else in the UI declares a binding to it. Every answer comes after the store
//! committed.

use std::collections::BTreeMap;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ["window", "__TAURI__", "core"], js_name = invoke, catch)]
    async fn tauri_invoke(cmd: &str, args: JsValue) -> Result<JsValue, JsValue>;
}

/// An error from the backend: a Fluent message id, the form field, the arguments.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct IpcError {
    pub code: String,
    #[serde(default)]
    pub field: Option<String>,
    #[serde(default)]
    pub args: BTreeMap<String, serde_json::Value>,
}

impl IpcError {
    fn internal(detail: String) -> IpcError {
        let mut args = BTreeMap::new();
        args.insert("detail".to_owned(), serde_json::Value::String(detail));
        IpcError {
            code: "error-internal".into(),
            field: None,
            args,
        }
    }
}

/// Invokes backend command `cmd` with `args` (a struct whose fields are the command's
/// parameters) and decodes its answer.
pub async fn invoke<A: Serialize, T: DeserializeOwned>(cmd: &str, args: &A) -> Result<T, IpcError> {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    let args = args
        .serialize(&ser)
        .map_err(|e| IpcError::internal(e.to_string()))?;
    match tauri_invoke(cmd, args).await {
        Ok(v) => serde_wasm_bindgen::from_value(v).map_err(|e| IpcError::internal(e.to_string())),
        Err(e) => Err(serde_wasm_bindgen::from_value(e.clone())
            .unwrap_or_else(|_| IpcError::internal(format!("{e:?}")))),
    }
}

/// No arguments.
#[derive(Serialize)]
pub struct NoArgs {}

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
