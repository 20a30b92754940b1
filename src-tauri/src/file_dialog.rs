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

/// What a picker shows: its title and the kind of files it offers (`label`, extensions).
pub struct Picker<'a> {
    pub title: String,
    pub label: String,
    pub extensions: &'a [&'a str],
}

/// Asks where to save a file named `name` by default. `None` when the user cancels.
pub fn save_path<R: Runtime>(
    app: &AppHandle<R>,
    picker: &Picker<'_>,
    name: &str,
) -> Option<PathBuf> {
    if let Some(dir) = automation_dir(app) {
        return Some(dir.join(name));
    }
    app.dialog()
        .file()
        .set_title(&picker.title)
        .set_file_name(name)
        .add_filter(&picker.label, picker.extensions)
        .blocking_save_file()
        .and_then(|p| p.into_path().ok())
}

/// Asks for one file (or several when `many`). `None` when the user cancels.
pub fn open_paths<R: Runtime>(
    app: &AppHandle<R>,
    picker: &Picker<'_>,
    many: bool,
) -> Option<Vec<PathBuf>> {
    if let Some(dir) = automation_dir(app) {
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.extension()
                    .is_some_and(|e| picker.extensions.iter().any(|x| e == *x))
            })
            .collect();
        found.sort();
        if !many {
            found.truncate(1);
        }
        return Some(found);
    }
    let dialog = app
        .dialog()
        .file()
        .set_title(&picker.title)
        .add_filter(&picker.label, picker.extensions);
    let chosen = if many {
        dialog.blocking_pick_files()?
    } else {
        vec![dialog.blocking_pick_file()?]
    };
    Some(
        chosen
            .into_iter()
            .filter_map(|p| p.into_path().ok())
            .collect(),
    )
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
