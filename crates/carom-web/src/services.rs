//! The browser's platform services for carom-app, as seen from the worker: the
//! JavaScript clock and time zone, the device key in the origin's pool, files handed
//! over by the page and downloads, no speech engine of its own (the page speaks with Web
//! Speech), the scoreboard opened by the page as a tab, the browser's languages, and the
//! sheet module that prints and checks PDFs.

use carom_api::ErrorCode;
use carom_app::platform::{
    Clock, Files, KeyStorage, Picker, Printer, Speech, SystemLocale, Windows,
};
use carom_app::Services;
use carom_i18n::Lang;
use carom_sheet::{Sealed, SheetError, Verified};
use chrono::{DateTime, FixedOffset, Utc};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use wasm_bindgen::{JsCast, JsValue};

use crate::{files, KEY_DATABASE, VFS};

/// The services of the web worker.
pub fn services() -> Services {
    Services {
        clock: Box::new(JsClock),
        keys: Box::new(PoolKey),
        files: Box::new(PageFiles),
        speech: Box::new(PageSpeech),
        windows: Box::new(PageWindows),
        locale: Box::new(BrowserLocale),
        printer: Box::new(SheetModule),
    }
}

/// `Date`: the time, and the browser's time zone.
struct JsClock;

impl Clock for JsClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    fn offset(&self, at: DateTime<Utc>) -> FixedOffset {
        // getTimezoneOffset is minutes *behind* UTC (Paris in winter: -60).
        let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(
            at.timestamp_millis() as f64
        ));
        let east = -(date.get_timezone_offset() as i32) * 60;
        // An offset out of range (a browser's bug) counts as UTC.
        FixedOffset::east_opt(east).unwrap_or_else(|| chrono::Offset::fix(&Utc))
    }
}

/// The device key, in a one-row database of its own in the origin's OPFS pool.
struct PoolKey;

impl PoolKey {
    fn open(&self) -> Result<Connection, String> {
        let conn = Connection::open_with_flags_and_vfs(
            KEY_DATABASE,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
            VFS,
        )
        .map_err(|e| e.to_string())?;
        conn.execute_batch(
            "PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS device_key (
                 id INTEGER PRIMARY KEY CHECK (id = 1),
                 seed BLOB NOT NULL CHECK (length(seed) = 32)
             );",
        )
        .map_err(|e| e.to_string())?;
        Ok(conn)
    }

    fn read(conn: &Connection) -> Result<Option<[u8; 32]>, String> {
        let seed: Option<Vec<u8>> = conn
            .query_row("SELECT seed FROM device_key WHERE id = 1", [], |r| r.get(0))
            .optional()
            .map_err(|e| e.to_string())?;
        seed.map(|s| {
            <[u8; 32]>::try_from(s.as_slice())
                .map_err(|_| format!("{KEY_DATABASE}: {} bytes instead of 32", s.len()))
        })
        .transpose()
    }
}

impl KeyStorage for PoolKey {
    fn load(&self) -> Result<Option<[u8; 32]>, String> {
        PoolKey::read(&self.open()?)
    }

    fn fresh_seed(&self) -> Result<[u8; 32], String> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| e.to_string())?;
        Ok(seed)
    }

    fn store(&self, seed: &[u8; 32]) -> Result<[u8; 32], String> {
        let conn = self.open()?;
        conn.execute(
            "INSERT OR IGNORE INTO device_key (id, seed) VALUES (1, ?1)",
            [seed.as_slice()],
        )
        .map_err(|e| e.to_string())?;
        PoolKey::read(&conn)?.ok_or_else(|| format!("{KEY_DATABASE}: no key after writing"))
    }
}

/// A worker shows no dialog: the page picks files with a file input and hands them over
/// just before the command ([`crate::files::stage`]); a saved file is handed to the page,
/// which downloads it ([`crate::files::download`]).
struct PageFiles;

impl Files for PageFiles {
    fn pick_files(&self, _: &Picker, many: bool) -> Option<Vec<PathBuf>> {
        let mut names = files::take_staged();
        if !many {
            names.truncate(1);
        }
        (!names.is_empty()).then_some(names)
    }

    fn save_path(&self, _: &Picker, name: &str) -> Option<PathBuf> {
        Some(PathBuf::from(name))
    }

    fn show(&self, _: &Path) -> Result<(), ErrorCode> {
        // The download is the showing: the browser offers to open it.
        Ok(())
    }

    fn export_dir(&self) -> Option<PathBuf> {
        Some(PathBuf::new())
    }

    fn read(&self, path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
        files::read_staged(path, max)
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        files::download(path, bytes)
    }

    fn write_new(&self, _: &Path, stem: &str, ext: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
        let name = PathBuf::from(format!("{stem}.{ext}"));
        files::download(&name, bytes)?;
        Ok(name)
    }
}

/// The sheet module, loaded by the worker script before a command that prints or checks
/// a sheet (`carom_api::Effects::sheet_engine`): `self.__caramboleSheet.print(sealedJson)`,
/// `self.__caramboleSheet.verify(pdfBytes)`.
struct SheetModule;

impl SheetModule {
    /// The module's export `name`.
    fn export(name: &str) -> Result<(JsValue, js_sys::Function), SheetError> {
        let layout = |detail: String| SheetError::Layout { detail };
        let module = js_sys::Reflect::get(&js_sys::global(), &"__caramboleSheet".into())
            .map_err(|e| layout(format!("{e:?}")))?;
        let function = js_sys::Reflect::get(&module, &name.into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(|| layout("the sheet module is not loaded".into()))?;
        Ok((module, function))
    }
}

/// A JavaScript exception as the text of a layout error.
fn thrown(e: &JsValue) -> SheetError {
    SheetError::Layout {
        detail: e.as_string().unwrap_or_else(|| format!("{e:?}")),
    }
}

impl Printer for SheetModule {
    fn print(&self, sealed: &Sealed) -> Result<Vec<u8>, SheetError> {
        let json = serde_json::to_string(sealed).map_err(|e| SheetError::Layout {
            detail: e.to_string(),
        })?;
        let (module, print) = SheetModule::export("print")?;
        let pdf = print.call1(&module, &json.into()).map_err(|e| thrown(&e))?;
        Ok(js_sys::Uint8Array::new(&pdf).to_vec())
    }

    fn verify(&self, pdf: &[u8]) -> Result<Verified, SheetError> {
        let (module, verify) = SheetModule::export("verify")?;
        let answer = verify
            .call1(&module, &js_sys::Uint8Array::from(pdf).into())
            .map_err(|e| thrown(&e))?;
        let text = answer.as_string().ok_or_else(|| SheetError::Layout {
            detail: "the sheet module answered no text".into(),
        })?;
        serde_json::from_str::<Result<Verified, SheetError>>(&text).map_err(|e| {
            SheetError::Layout {
                detail: format!("the sheet module's answer: {e}"),
            }
        })?
    }
}

/// The worker has no voice: the page speaks with Web Speech when told so.
struct PageSpeech;

impl Speech for PageSpeech {
    fn speak(&self, _: &str, _: Lang) -> Result<Option<Vec<u8>>, ErrorCode> {
        Err(ErrorCode::SpeechEngineMissing {
            engine: "Web Speech".into(),
        })
    }
}

/// The page opens the scoreboard tab itself (a worker cannot open windows).
struct PageWindows;

impl Windows for PageWindows {
    fn open_scoreboard(&self, _: i64) -> Result<(), ErrorCode> {
        Ok(())
    }
}

/// `navigator.languages` of the worker.
struct BrowserLocale;

impl SystemLocale for BrowserLocale {
    fn languages(&self) -> Vec<String> {
        let Ok(scope) = js_sys::global().dyn_into::<web_sys::WorkerGlobalScope>() else {
            return Vec::new();
        };
        scope
            .navigator()
            .languages()
            .iter()
            .filter_map(|l| l.as_string())
            .collect()
    }
}
