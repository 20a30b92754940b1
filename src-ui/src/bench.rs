//! Tap-to-screen timing, measured in the page: from the click handler to the next
//! animation frame after the committed state reached the DOM. The samples (ms) are kept
//! in `window.__caramboleTaps` for the benchmark to read.

use wasm_bindgen::JsValue;

thread_local! {
    /// The page's clock, looked up once (each lookup is calls into the browser, on
    /// every tap).
    static PERFORMANCE: Option<web_sys::Performance> =
        web_sys::window().and_then(|w| w.performance());
}

fn now() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, web_sys::Performance::now))
}

/// The time of a tap, read in its click handler.
pub fn tap_started() -> f64 {
    now()
}

/// Records the tap once the frame after the DOM update is drawn.
pub fn tap_committed(started: f64) {
    // Leptos applies the change to the DOM in its next tick; the frame after that is
    // the one the referee sees.
    leptos::prelude::request_animation_frame(move || push("__caramboleTaps", now() - started));
}

/// Records the round trip of one `play` command (the durable commit seen from the page).
pub fn round_trip(started: f64) {
    push("__caramboleRounds", now() - started);
}

fn push(key: &str, ms: f64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str(key);
    let list = match js_sys::Reflect::get(&window, &key) {
        Ok(v) if js_sys::Array::is_array(&v) => {
            wasm_bindgen::JsCast::unchecked_into::<js_sys::Array>(v)
        }
        _ => {
            let a = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &a);
            a
        }
    };
    list.push(&JsValue::from_f64(ms));
}
