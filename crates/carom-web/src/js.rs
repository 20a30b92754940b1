//! Plain data to JavaScript values, as `postMessage` carries them. Its own module so that
//! the worker's loop (`worker`) and what posts from inside a command (`files`) share it
//! without reaching each other.

use wasm_bindgen::JsValue;

/// A value as the plain JavaScript object (or string) `postMessage` carries; bytes as a
/// `Uint8Array`. (The messages are plain data: this does not fail.)
pub(crate) fn to_js(value: &impl serde::Serialize) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}
