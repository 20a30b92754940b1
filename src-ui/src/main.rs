//! Carambole's UI: a Leptos client-side app running in the Tauri webview.

mod app;
mod home;
mod i18n;
mod ipc;
mod new_match;
mod sheet_view;
mod signing;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
