//! Carambole's UI: a Leptos client-side app running in the Tauri webview.

mod app;
mod bench;
mod charts;
mod clock;
mod data;
mod details;
mod diagram;
mod dialogs;
mod end;
mod history;
mod home;
mod i18n;
mod ipc;
mod keys;
mod lag;
mod live;
mod match_screen;
mod new_match;
mod players;
mod ranking;
mod scoreboard;
mod scoring;
mod settings;
mod sheet_view;
mod signing;
mod speech;
mod start;
mod stats;
mod zone;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
