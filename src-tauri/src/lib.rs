//! The `carambole` app: the Tauri shell around `carom-app` — one generic command, native
//! dialogs, the opener, espeak-ng speech, the scoreboard window — and the headless
//! command line.

#[cfg(test)]
mod catalogue_tests;
pub mod cli;
mod commands;
pub mod device_key;
pub mod file_dialog;
pub mod headless;
mod page_recovery;
pub mod platform;
mod speech;
#[cfg(test)]
mod test_support;

use std::path::PathBuf;

/// How the window app is started.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// The database file; `None` uses `carambole.sqlite` in the platform's app-data folder.
    pub db: Option<PathBuf>,
    /// Initial inner window size in logical pixels (phone / tablet checks).
    pub window_size: Option<(f64, f64)>,
    /// Automated runs only: file dialogs answer with paths in this folder.
    pub dialog_dir: Option<PathBuf>,
}

/// Mobile entry point: the same app with default options.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    if let Err(e) = run_app(AppOptions::default()) {
        eprintln!("{e}");
    }
}

/// Adds the one command the UI calls, `call` (every catalogue command goes through it),
/// to `builder` (the real one, or Tauri's mock builder in tests).
pub fn with_commands<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![commands::call])
}

/// Opens the window and runs until it is closed.
///
/// # Errors
/// A Tauri error if the window cannot be created.
pub fn run_app(options: AppOptions) -> Result<(), tauri::Error> {
    with_commands(tauri::Builder::<tauri::Wry>::new())
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_opener::init())
        .plugin(page_recovery::plugin())
        .setup(move |app| {
            use tauri::Manager;
            let db = match &options.db {
                Some(p) => p.clone(),
                None => app.path().app_data_dir()?.join("carambole.sqlite"),
            };
            let services = platform::services(app.handle(), &db, options.dialog_dir.clone());
            app.manage(carom_app::App::open(&db, services));
            if let (Some((w, h)), Some(win)) = (options.window_size, app.get_webview_window("main"))
            {
                win.set_size(tauri::LogicalSize::new(w, h))?;
            }
            Ok(())
        })
        .run(tauri::generate_context!())
}
