//! carom-app on a real SQLite file with fake platform services: dialogs answer from a
//! folder, the key is kept in memory, speech and windows are recorded.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use carom_api::ErrorCode;
use carom_app::platform::{Files, KeyStorage, Picker, Speech, SystemClock, SystemLocale, Windows};
use carom_app::{App, Services};
use carom_i18n::Lang;
use serde_json::Value;

/// Dialogs that answer from a folder: a save dialog answers `DIR/<suggested name>`, an
/// open dialog the files in `DIR` with a wanted extension (sorted); `None` when there
/// is no folder (the user cancelled).
pub struct FolderFiles(pub Option<PathBuf>);

impl Files for FolderFiles {
    fn pick_files(&self, picker: &Picker, many: bool) -> Option<Vec<PathBuf>> {
        let dir = self.0.as_ref()?;
        Some(picker.answer_from_folder(dir, many))
    }

    fn save_path(&self, _: &Picker, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(name))
    }

    fn show(&self, _: &Path) -> Result<(), ErrorCode> {
        Ok(())
    }

    fn export_dir(&self) -> Option<PathBuf> {
        self.0.clone()
    }
}

/// What the web app's page and worker do with files (carom-web's `PageFiles`), without
/// a browser: a pick answers the names of the files the page staged (then readable, at
/// most the limit plus one byte), a save or a new file is a download, recorded here.
/// Nothing touches the file system.
#[derive(Clone, Default)]
pub struct PageFiles(Arc<Mutex<Page>>);

#[derive(Default)]
struct Page {
    staged: Vec<(PathBuf, Vec<u8>)>,
    picked: Vec<(PathBuf, Vec<u8>)>,
    downloads: Vec<(String, Vec<u8>)>,
}

impl PageFiles {
    /// The page hands file `name` over for the next pick (its file input's choice).
    pub fn stage(&self, name: &str, bytes: Vec<u8>) {
        self.0.lock().unwrap().staged.push((name.into(), bytes));
    }

    /// The downloads so far, oldest first: name and bytes.
    pub fn downloads(&self) -> Vec<(String, Vec<u8>)> {
        self.0.lock().unwrap().downloads.clone()
    }

    fn download(&self, name: &Path, bytes: &[u8]) {
        let name = name.file_name().unwrap().to_string_lossy().into_owned();
        self.0
            .lock()
            .unwrap()
            .downloads
            .push((name, bytes.to_vec()));
    }
}

impl Files for PageFiles {
    fn pick_files(&self, _: &Picker, many: bool) -> Option<Vec<PathBuf>> {
        let mut page = self.0.lock().unwrap();
        page.picked = std::mem::take(&mut page.staged);
        let mut names: Vec<PathBuf> = page.picked.iter().map(|(n, _)| n.clone()).collect();
        if !many {
            names.truncate(1);
        }
        (!names.is_empty()).then_some(names)
    }

    fn save_path(&self, _: &Picker, name: &str) -> Option<PathBuf> {
        Some(PathBuf::from(name))
    }

    fn show(&self, _: &Path) -> Result<(), ErrorCode> {
        Ok(())
    }

    fn export_dir(&self) -> Option<PathBuf> {
        Some(PathBuf::new())
    }

    fn read(&self, path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
        let page = self.0.lock().unwrap();
        let (_, bytes) = page
            .picked
            .iter()
            .find(|(n, _)| n == path)
            .ok_or(std::io::ErrorKind::NotFound)?;
        let end = bytes.len().min(usize::try_from(max + 1).unwrap());
        Ok(bytes[..end].to_vec())
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        self.download(path, bytes);
        Ok(())
    }

    fn write_new(&self, _: &Path, stem: &str, ext: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
        let name = PathBuf::from(format!("{stem}.{ext}"));
        self.download(&name, bytes);
        Ok(name)
    }
}

/// A key kept in memory.
#[derive(Default)]
pub struct MemoryKeys(pub Mutex<Option<[u8; 32]>>);

impl KeyStorage for MemoryKeys {
    fn load(&self) -> Result<Option<[u8; 32]>, String> {
        Ok(*self.0.lock().unwrap())
    }
    fn fresh_seed(&self) -> Result<[u8; 32], String> {
        Ok([7; 32])
    }
    fn store(&self, seed: &[u8; 32]) -> Result<[u8; 32], String> {
        Ok(*self.0.lock().unwrap().get_or_insert(*seed))
    }
}

/// What was said, in which language.
pub type Said = Arc<Mutex<Vec<(String, Lang)>>>;

/// Speech that records what it was asked to say.
pub struct RecordedSpeech(pub Said);

impl Speech for RecordedSpeech {
    fn speak(&self, text: &str, lang: Lang) -> Result<Option<Vec<u8>>, ErrorCode> {
        self.0.lock().unwrap().push((text.to_owned(), lang));
        Ok(None)
    }
}

/// Scoreboards opened.
pub struct RecordedWindows(pub Arc<Mutex<Vec<i64>>>);

impl Windows for RecordedWindows {
    fn open_scoreboard(&self, id: i64) -> Result<(), ErrorCode> {
        self.0.lock().unwrap().push(id);
        Ok(())
    }
}

/// A system that prefers these languages.
pub struct Locale(pub Vec<String>);

impl SystemLocale for Locale {
    fn languages(&self) -> Vec<String> {
        self.0.clone()
    }
}

/// The app under test and what its platform saw.
pub struct TestApp {
    pub app: App,
    pub said: Said,
    pub scoreboards: Arc<Mutex<Vec<i64>>>,
}

impl std::ops::Deref for TestApp {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

/// The app on database `db`, dialogs answering from `dialogs`, a French system.
pub fn app_with(db: &Path, dialogs: Option<&Path>) -> TestApp {
    test_app(folder_files(dialogs), |services| App::open(db, services))
}

/// The app over an in-memory database, no dialogs, a French system.
pub fn in_memory_app() -> TestApp {
    test_app(folder_files(None), App::in_memory)
}

/// The services of [`in_memory_app`], for an app opened another way.
pub fn services() -> Services {
    Services {
        clock: Box::new(SystemClock),
        keys: Box::new(MemoryKeys::default()),
        files: folder_files(None),
        speech: Box::new(RecordedSpeech(Said::default())),
        windows: Box::new(RecordedWindows(Arc::default())),
        locale: Box::new(Locale(vec!["fr-FR".into()])),
        printer: Box::new(carom_app::platform::LocalPrinter),
    }
}

/// The app without a database (the CLI's `replay` and `verify`), no dialogs.
pub fn app_without_database() -> TestApp {
    test_app(folder_files(None), App::without_database)
}

/// The app as the web app's worker runs it: its database `pool` opened through a VFS
/// (SQLite's native `unix` one standing in for the browser's OPFS pool), files handed
/// over by the page and saved as downloads (the [`PageFiles`] answered).
pub fn browser_app(pool: &Path) -> (TestApp, PageFiles) {
    let page = PageFiles::default();
    let name = pool.to_str().unwrap();
    let app = test_app(Box::new(page.clone()), |services| {
        App::open_vfs(name, "unix", services)
    });
    (app, page)
}

fn folder_files(dialogs: Option<&Path>) -> Box<dyn Files> {
    Box::new(FolderFiles(dialogs.map(Path::to_owned)))
}

fn test_app(files: Box<dyn Files>, open: impl FnOnce(Services) -> App) -> TestApp {
    let said = Said::default();
    let scoreboards = Arc::default();
    let services = Services {
        clock: Box::new(SystemClock),
        keys: Box::new(MemoryKeys::default()),
        files,
        speech: Box::new(RecordedSpeech(Arc::clone(&said))),
        windows: Box::new(RecordedWindows(Arc::clone(&scoreboards))),
        locale: Box::new(Locale(vec!["fr-FR".into()])),
        printer: Box::new(carom_app::platform::LocalPrinter),
    };
    TestApp {
        app: open(services),
        said,
        scoreboards,
    }
}

/// The app on database `db`, dialogs answering from the database's folder.
pub fn app(db: &Path) -> TestApp {
    app_with(db, db.parent())
}

/// Runs catalogue command `cmd` with `body` as the UI sends it; the error as it crosses.
pub fn invoke(app: &App, cmd: &str, body: Value) -> Result<Value, Value> {
    app.dispatch(carom_api::Call {
        command: cmd.to_owned(),
        args: Some(body),
    })
    .into_result()
    .map_err(|e| serde_json::to_value(e).unwrap())
}

/// A fixture match file.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name)
}
