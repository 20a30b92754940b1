//! Carambole's UI: a Leptos client-side app running in the Tauri webview.
//!
//! Layers, each using only the ones listed before it (no module import cycle):
//! - [`backend`]: the one place that talks to the shell (commands, events, the clock);
//! - [`state`]: app-wide signals — the screen shown, the live match, preferences, language;
//! - [`components`]: reusable pieces — dialogs, table diagram, sheet, clock, charts, keys;
//! - [`screens`]: one folder per screen family; a screen never names another screen, it
//!   navigates through [`state::shell::Shell::navigate`];
//! - [`app`]: the top bar and the router, the only module that knows every screen.

mod app;
mod backend;
mod bench;
mod components;
mod screens;
mod state;
#[cfg(all(test, target_family = "wasm"))]
mod tests;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
