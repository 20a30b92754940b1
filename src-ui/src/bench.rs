//! Tap-to-screen timing, measured in the page: from the tap's handler to the next
//! animation frame after its point reached the DOM — as pending for a carom, committed
//! for any other action. The samples (ms) are kept in `window.__caramboleTaps`, a carom's
//! commit on screen in `window.__caramboleConfirmed`, for the benchmark to read.

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

/// Records a carom shown as pending, once the frame after the DOM update is drawn.
pub fn tap_shown(started: f64) {
    // Leptos applies the change to the DOM in its next tick; the frame after that is
    // the one the referee sees.
    leptos::prelude::request_animation_frame(move || push("__caramboleTaps", now() - started));
}

/// Records a committed tap once its frame is drawn: a carom (already shown as pending)
/// as confirmed, any other action as shown.
pub fn tap_committed(started: f64, carom: bool) {
    let key = if carom {
        "__caramboleConfirmed"
    } else {
        "__caramboleTaps"
    };
    leptos::prelude::request_animation_frame(move || push(key, now() - started));
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
