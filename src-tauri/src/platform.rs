//! The desktop's platform services for carom-app: the system clock, the key file beside
//! the database, native dialogs, espeak-ng, Tauri windows, the system locale; and the
//! same without a window for the headless `serve`.

use std::path::{Path, PathBuf};

use carom_api::ErrorCode;
use carom_app::platform::{NoDialogs, NoKey, SystemClock, SystemLocale, Windows};
use carom_app::Services;
use tauri::{AppHandle, Manager, Runtime};

use crate::device_key::{path_beside, KeyFile};
use crate::file_dialog::TauriFiles;
use crate::speech::Espeak;

/// The system's preferred languages.
#[derive(Debug, Default)]
pub struct SysLocale;

impl SystemLocale for SysLocale {
    fn languages(&self) -> Vec<String> {
        sys_locale::get_locales().collect()
    }
}

/// Tauri's windows: the spectator scoreboard.
pub struct TauriWindows<R: Runtime>(pub AppHandle<R>);

impl<R: Runtime> Windows for TauriWindows<R> {
    /// Opens the scoreboard of match `id` in a window of its own (or brings it forward);
    /// the page learns which match from an initialization script.
    fn open_scoreboard(&self, id: i64) -> Result<(), ErrorCode> {
        let label = format!("scoreboard-{id}");
        let internal = |e: tauri::Error| ErrorCode::internal(e.to_string());
        if let Some(w) = self.0.get_webview_window(&label) {
            return w.set_focus().map_err(internal);
        }
        tauri::WebviewWindowBuilder::new(
            &self.0,
            &label,
            tauri::WebviewUrl::App("index.html".into()),
        )
        .title("Carambole")
        .inner_size(1280.0, 800.0)
        .initialization_script(format!("window.__CARAMBOLE_SCOREBOARD__ = {id};"))
        .build()
        .map_err(internal)?;
        Ok(())
    }
}

/// The services of the app on database `db`; dialogs answer from `dialog_dir` in
/// automated runs.
pub fn services<R: Runtime>(
    app: &AppHandle<R>,
    db: &Path,
    dialog_dir: Option<PathBuf>,
) -> Services {
    Services {
        clock: Box::new(SystemClock),
        keys: Box::new(KeyFile(path_beside(db))),
        files: Box::new(TauriFiles {
            app: app.clone(),
            dialog_dir,
        }),
        speech: Box::new(Espeak),
        windows: Box::new(TauriWindows(app.clone())),
        locale: Box::new(SysLocale),
        printer: Box::new(carom_app::platform::LocalPrinter),
    }
}

/// The windows of the headless `serve`: there are none.
#[derive(Debug, Default)]
pub struct NoWindows;

impl Windows for NoWindows {
    fn open_scoreboard(&self, _: i64) -> Result<(), ErrorCode> {
        Err(ErrorCode::internal(
            "no window: the scoreboard opens only in the window app",
        ))
    }
}

/// The services of the headless app on database `db`: those of the window app (clock,
/// the key file beside the database, espeak-ng, the system locale) without its dialogs
/// and windows.
pub fn headless_services(db: &Path) -> Services {
    Services {
        clock: Box::new(SystemClock),
        keys: Box::new(KeyFile(path_beside(db))),
        // Downloads, else Documents, as in the window app.
        files: Box::new(NoDialogs {
            export_dir: dirs::download_dir().or_else(dirs::document_dir),
        }),
        speech: Box::new(Espeak),
        windows: Box::new(NoWindows),
        locale: Box::new(SysLocale),
        printer: Box::new(carom_app::platform::LocalPrinter),
    }
}

/// The services of the headless commands that read no database (`replay`, `verify`):
/// those of [`headless_services`] with no device key, which they never use, so that no
/// key file is read or made.
pub fn services_without_database() -> Services {
    Services {
        keys: Box::new(NoKey),
        ..headless_services(Path::new(""))
    }
}
