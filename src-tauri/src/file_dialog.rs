//! The file pickers the app uses (save one file, open one or many) and opening a saved
//! file with the system's viewer.
//!
//! Native dialogs cannot be driven over WebDriver, so the end-to-end tests start the app
//! with the hidden `--dialog-dir DIR`: a save dialog then answers `DIR/<suggested name>`,
//! an open dialog answers the files in `DIR` with the wanted extension (sorted), and
//! nothing is opened afterwards. Everything after the dialog runs as for a user.

use std::path::PathBuf;

use std::path::Path;

use carom_api::ErrorCode;
use carom_app::platform::{Files, Picker};
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::DialogExt;
use tauri_plugin_opener::OpenerExt;

/// The native dialogs and folders of the Tauri app; in automated runs (`dialog_dir`),
/// dialogs answer from that folder and nothing is opened.
pub struct TauriFiles<R: Runtime> {
    /// The app.
    pub app: AppHandle<R>,
    /// Where automated runs answer file dialogs (`None` for a user: real dialogs).
    pub dialog_dir: Option<PathBuf>,
}

impl<R: Runtime> Files for TauriFiles<R> {
    fn pick_files(&self, picker: &Picker, many: bool) -> Option<Vec<PathBuf>> {
        open_paths(&self.app, self.dialog_dir.as_deref(), picker, many)
    }

    fn save_path(&self, picker: &Picker, name: &str) -> Option<PathBuf> {
        save_path(&self.app, self.dialog_dir.as_deref(), picker, name)
    }

    fn show(&self, path: &Path) -> Result<(), ErrorCode> {
        if self.dialog_dir.is_some() {
            return Ok(());
        }
        self.app
            .opener()
            .open_path(path.display().to_string(), None::<&str>)
            .map_err(|e| ErrorCode::OpenFile {
                detail: e.to_string(),
            })
    }

    /// The folder exports go to: Downloads, else Documents, else the app's data folder
    /// (the dialog folder in automated runs).
    fn export_dir(&self) -> Option<PathBuf> {
        if let Some(dir) = &self.dialog_dir {
            return Some(dir.clone());
        }
        let paths = self.app.path();
        paths
            .download_dir()
            .or_else(|_| paths.document_dir())
            .or_else(|_| paths.app_data_dir())
            .ok()
    }
}

/// Asks where to save a file named `name` by default. `None` when the user cancels.
fn save_path<R: Runtime>(
    app: &AppHandle<R>,
    automation: Option<&Path>,
    picker: &Picker,
    name: &str,
) -> Option<PathBuf> {
    if let Some(dir) = automation {
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
fn open_paths<R: Runtime>(
    app: &AppHandle<R>,
    automation: Option<&Path>,
    picker: &Picker,
    many: bool,
) -> Option<Vec<PathBuf>> {
    if let Some(dir) = automation {
        return Some(picker.answer_from_folder(dir, many));
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
