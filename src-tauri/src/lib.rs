//! The `carambole` app: the Tauri shell around `carom-core` and `carom-store`, its
//! commands, and the headless command line.

pub mod cli;
mod commands;
mod data_commands;
pub mod device_key;
mod error;
pub mod file_dialog;
pub mod headless;
mod play;
mod prefs;
pub mod sheet_export;
mod sign_commands;
mod speech;
mod state;
mod stats_commands;
pub mod stats_export;
#[cfg(test)]
mod test_support;

use std::path::PathBuf;

pub use error::IpcError;
pub use state::AppState;

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

/// Adds every command the UI uses to `builder` (the real one, or Tauri's mock builder
/// in tests).
pub fn with_commands<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        commands::get_settings,
        commands::set_language,
        commands::create_match,
        commands::list_matches,
        commands::restore_backup,
        play::start_match,
        play::open_match,
        play::play,
        play::unfinished_matches,
        play::open_scoreboard,
        play::player_names,
        prefs::get_preferences,
        prefs::set_preferences,
        stats_commands::list_players,
        stats_commands::add_player,
        stats_commands::update_player,
        stats_commands::merge_players,
        stats_commands::player_matches,
        stats_commands::player_stats,
        stats_commands::club_ranking,
        stats_commands::get_handicap_rule,
        stats_commands::set_handicap_rule,
        stats_commands::export_player_stats_csv,
        stats_commands::export_ranking_csv,
        sign_commands::get_sheet,
        sign_commands::save_reclamation,
        sign_commands::sign_sheet,
        sign_commands::export_sheet_pdf,
        data_commands::history,
        data_commands::trash_match,
        data_commands::restore_from_trash,
        data_commands::import_match_files,
        data_commands::pick_and_import_match_files,
        data_commands::export_match_file,
        data_commands::pick_and_export_match_file,
        data_commands::backup_database,
        data_commands::pick_and_backup_database,
        data_commands::inspect_backup_file,
        data_commands::pick_backup_file,
        data_commands::list_backups,
        data_commands::restore_database,
        speech::speak,
        stats_commands::suggest_target,
    ])
}

/// Opens the window and runs until it is closed.
///
/// # Errors
/// A Tauri error if the window cannot be created.
pub fn run_app(options: AppOptions) -> Result<(), tauri::Error> {
    with_commands(tauri::Builder::<tauri::Wry>::new())
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_opener::init())
        .setup(move |app| {
            use tauri::Manager;
            let db = match &options.db {
                Some(p) => p.clone(),
                None => app.path().app_data_dir()?.join("carambole.sqlite"),
            };
            app.manage(AppState::open(&db));
            app.manage(file_dialog::DialogDir(options.dialog_dir.clone()));
            if let (Some((w, h)), Some(win)) = (options.window_size, app.get_webview_window("main"))
            {
                win.set_size(tauri::LogicalSize::new(w, h))?;
            }
            Ok(())
        })
        .run(tauri::generate_context!())
}
