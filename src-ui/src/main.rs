//! Carambole's UI: a Leptos client-side app running in the Tauri webview.

mod app;
mod bench;
mod clock;
mod diagram;
mod dialogs;
mod end;
mod charts;
mod home;
mod i18n;
mod ipc;
mod keys;
mod lag;
mod live;
mod match_screen;
mod new_match;
mod scoreboard;
mod scoring;
mod settings;
mod speech;
mod start;
mod zone;
mod players;
mod ranking;
mod stats;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
