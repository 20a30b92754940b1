//! Tap-to-screen timing, measured in the page: from the click handler to the next
//! animation frame after the committed state reached the DOM. The samples (ms) are kept
//! in `window.__caramboleTaps` for the benchmark to read.

use wasm_bindgen::JsValue;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// The time of a tap, read in its click handler.
pub fn tap_started() -> f64 {
    now()
}

/// Records the tap once the frame after the DOM update is drawn.
pub fn tap_committed(started: f64) {
    // Leptos applies the change to the DOM in its next tick; the frame after that is
    // the one the referee sees.
    leptos::prelude::request_animation_frame(move || {
        let elapsed = now() - started;
        let Some(window) = web_sys::window() else {
            return;
        };
        let key = JsValue::from_str("__caramboleTaps");
        let list = match js_sys::Reflect::get(&window, &key) {
            Ok(v) if v.is_object() => js_sys::Array::from(&v),
            _ => {
                let a = js_sys::Array::new();
                let _ = js_sys::Reflect::set(&window, &key, &a);
                a
            }
        };
        list.push(&JsValue::from_f64(elapsed));
    });
}
