//! The file pickers the app uses (save one file, open one or many) and opening a saved
//! file with the system's viewer.
//!
//! Native dialogs cannot be driven over WebDriver, so the end-to-end tests start the app
//! with the hidden `--dialog-dir DIR`: a save dialog then answers `DIR/<suggested name>`,
//! an open dialog answers the files in `DIR` with the wanted extension (sorted), and
//! nothing is opened afterwards. Everything after the dialog runs as for a user.

use std::path::PathBuf;

use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::DialogExt;
use tauri_plugin_opener::OpenerExt;

use crate::IpcError;

/// Where automated runs answer file dialogs (`None` for a user: real dialogs).
#[derive(Debug, Clone, Default)]
pub struct DialogDir(pub Option<PathBuf>);

fn automation_dir<R: Runtime>(app: &AppHandle<R>) -> Option<PathBuf> {
    app.try_state::<DialogDir>().and_then(|d| d.0.clone())
}

/// Asks where to save a file named `name` by default, of type `filter` (`(label, ext)`).
/// `None` when the user cancels.
pub fn save_path<R: Runtime>(
    app: &AppHandle<R>,
    name: &str,
    filter: (&str, &str),
) -> Option<PathBuf> {
    if let Some(dir) = automation_dir(app) {
        return Some(dir.join(name));
    }
    app.dialog()
        .file()
        .set_file_name(name)
        .add_filter(filter.0, &[filter.1])
        .blocking_save_file()
        .and_then(|p| p.into_path().ok())
}

/// Asks for one file (or several when `many`) of type `filter`. Empty when cancelled.
pub fn open_paths<R: Runtime>(
    app: &AppHandle<R>,
    filter: (&str, &str),
    many: bool,
) -> Vec<PathBuf> {
    if let Some(dir) = automation_dir(app) {
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == filter.1))
            .collect();
        found.sort();
        if !many {
            found.truncate(1);
        }
        return found;
    }
    let dialog = app.dialog().file().add_filter(filter.0, &[filter.1]);
    let chosen = if many {
        dialog.blocking_pick_files().unwrap_or_default()
    } else {
        dialog.blocking_pick_file().into_iter().collect()
    };
    chosen
        .into_iter()
        .filter_map(|p| p.into_path().ok())
        .collect()
}

/// Opens a saved file with the system's viewer (not in automated runs).
///
/// # Errors
/// `error-open-file` when the system cannot open it.
pub fn show<R: Runtime>(app: &AppHandle<R>, path: &std::path::Path) -> Result<(), IpcError> {
    if automation_dir(app).is_some() {
        return Ok(());
    }
    app.opener()
        .open_path(path.display().to_string(), None::<&str>)
        .map_err(|e| IpcError::new("sign-error-open").arg("detail", e.to_string()))
}
