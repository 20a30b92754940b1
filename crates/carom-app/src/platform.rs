//! What only a platform can do, as small traits the shells implement: the clock, the
//! device key's storage, file dialogs, speech, windows, the system language and the
//! sheet engine (printing and checking signed PDFs).

use std::path::{Path, PathBuf};

use carom_api::ErrorCode;
use carom_i18n::Lang;
use carom_sheet::{Sealed, SheetError, Verified};
use chrono::{DateTime, FixedOffset, Utc};

/// The time. The application never reads a clock of its own.
pub trait Clock: Send + Sync {
    /// Now.
    fn now(&self) -> DateTime<Utc>;
    /// The local time zone's offset at `at` (sheets print local times).
    fn offset(&self, at: DateTime<Utc>) -> FixedOffset;
}

/// The system clock and time zone (native platforms).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    fn offset(&self, at: DateTime<Utc>) -> FixedOffset {
        *at.with_timezone(&chrono::Local).offset()
    }
}

/// Where the device's signing key (the 32 seed bytes of an Ed25519 key) is kept.
pub trait KeyStorage: Send + Sync {
    /// The stored seed, `None` if there is none yet.
    ///
    /// # Errors
    /// Why it cannot be read (a damaged key is an error, never replaced silently).
    fn load(&self) -> Result<Option<[u8; 32]>, String>;
    /// 32 fresh random bytes for a new key.
    ///
    /// # Errors
    /// When the platform has no random source.
    fn fresh_seed(&self) -> Result<[u8; 32], String>;
    /// Keeps `seed` as the device's key; answers the key kept (an existing one wins, if
    /// another process stored one first).
    ///
    /// # Errors
    /// Why it cannot be written.
    fn store(&self, seed: &[u8; 32]) -> Result<[u8; 32], String>;
}

/// No place for a device key: for an application that signs nothing (the CLI's `verify`,
/// which so reads no key file, nor changes its mode, and never says a sheet was signed
/// here). There is no key to load, and none can be made.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoKey;

impl KeyStorage for NoKey {
    fn load(&self) -> Result<Option<[u8; 32]>, String> {
        Ok(None)
    }

    fn fresh_seed(&self) -> Result<[u8; 32], String> {
        Err("no key storage".to_owned())
    }

    fn store(&self, _: &[u8; 32]) -> Result<[u8; 32], String> {
        Err("no key storage".to_owned())
    }
}

/// What a file dialog shows: its title and the kind of files it offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picker {
    /// The title.
    pub title: String,
    /// The files' kind (a filter's label).
    pub label: String,
    /// The extensions offered.
    pub extensions: &'static [&'static str],
}

impl Picker {
    /// The answer an automated run gives instead of a dialog: the files of `dir` with one
    /// of this picker's extensions, sorted by name (only the first unless `many`).
    pub fn answer_from_folder(&self, dir: &Path, many: bool) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.extension()
                    .is_some_and(|e| self.extensions.iter().any(|x| e == *x))
            })
            .collect();
        found.sort();
        if !many {
            found.truncate(1);
        }
        found
    }
}

/// File dialogs and the folders the application writes to.
pub trait Files: Send + Sync {
    /// Asks for files to open (one, or several when `many`); `None` when cancelled.
    fn pick_files(&self, picker: &Picker, many: bool) -> Option<Vec<PathBuf>>;
    /// Asks where to save a file named `name` by default; `None` when cancelled.
    fn save_path(&self, picker: &Picker, name: &str) -> Option<PathBuf>;
    /// Opens a saved file with the system's viewer.
    ///
    /// # Errors
    /// [`ErrorCode::OpenFile`] when the system cannot.
    fn show(&self, path: &Path) -> Result<(), ErrorCode>;
    /// The folder exports go to (Downloads…), `None` when there is none.
    fn export_dir(&self) -> Option<PathBuf>;

    /// Reads a file [`Files::pick_files`] answered, at most `max` bytes plus one (so a
    /// larger file is told without reading it all). Natively the file system.
    ///
    /// # Errors
    /// Why it cannot be read.
    fn read(&self, path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(max.saturating_add(1))
            .read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// Writes `bytes` to `path` (a path [`Files::save_path`] answered), replacing it
    /// whole or not at all. Natively a temporary file renamed into place.
    ///
    /// # Errors
    /// Why it cannot be written.
    fn write(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        carom_store::write_file_atomically(path, bytes)
    }

    /// Writes `bytes` to a new file `<stem>.<ext>` in `dir` (`<stem>-2.<ext>`… if taken:
    /// an export never overwrites an earlier one); answers its path.
    ///
    /// # Errors
    /// Why it cannot be written.
    fn write_new(
        &self,
        dir: &Path,
        stem: &str,
        ext: &str,
        bytes: &[u8],
    ) -> std::io::Result<PathBuf> {
        use std::io::Write;
        std::fs::create_dir_all(dir)?;
        for n in 1..1000 {
            let name = if n == 1 {
                format!("{stem}.{ext}")
            } else {
                format!("{stem}-{n}.{ext}")
            };
            let path = dir.join(name);
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut f) => {
                    f.write_all(bytes).and_then(|()| f.sync_all())?;
                    return Ok(path);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        Err(std::io::Error::other(format!(
            "{}: {stem}.{ext}",
            dir.display()
        )))
    }
}

/// Files where there is no one to ask (the headless `serve`, soak runs, tests): every
/// dialog is cancelled (the `pick_and_…` commands answer `null`; the path-taking commands
/// take their path in the request), nothing is opened with a viewer, and exports go to
/// `export_dir`.
#[derive(Debug, Clone, Default)]
pub struct NoDialogs {
    /// Where exports without a path go; `None`: nowhere (they are refused).
    pub export_dir: Option<PathBuf>,
}

impl Files for NoDialogs {
    fn pick_files(&self, _: &Picker, _: bool) -> Option<Vec<PathBuf>> {
        None
    }

    fn save_path(&self, _: &Picker, _: &str) -> Option<PathBuf> {
        None
    }

    fn show(&self, _: &Path) -> Result<(), ErrorCode> {
        Ok(())
    }

    fn export_dir(&self) -> Option<PathBuf> {
        self.export_dir.clone()
    }
}

/// The platform's speech engine.
pub trait Speech: Send + Sync {
    /// Speaks `text` in `lang`, cutting what is still being spoken; an empty text only
    /// stops. Answers the audio when the platform hands it back to be played (a
    /// browser), `None` when it spoke itself.
    ///
    /// # Errors
    /// [`ErrorCode::SpeechEngineMissing`], [`ErrorCode::SpeechFailed`].
    fn speak(&self, text: &str, lang: Lang) -> Result<Option<Vec<u8>>, ErrorCode>;
}

/// Windows beside the main one.
pub trait Windows: Send + Sync {
    /// Opens (or brings forward) the spectator scoreboard of match `id`.
    ///
    /// # Errors
    /// [`ErrorCode::Internal`] when the window cannot be made.
    fn open_scoreboard(&self, id: i64) -> Result<(), ErrorCode>;
}

/// The user's system settings.
pub trait SystemLocale: Send + Sync {
    /// The system's preferred languages, best first (`fr-FR`, `en`…).
    fn languages(&self) -> Vec<String>;
}

/// The sheet engine: prints sealed score sheets to PDF and checks signed ones (both
/// Typst's work, since a check renders the sheet again: in the web app a module loaded
/// only when a sheet is exported or checked).
pub trait Printer: Send + Sync {
    /// The PDF of `sealed`.
    ///
    /// # Errors
    /// The sheet library's error ([`SheetError::Layout`]…).
    fn print(&self, sealed: &Sealed) -> Result<Vec<u8>, SheetError>;

    /// Checks the signed score sheet `pdf` (`carom_sheet::verify_pdf`).
    ///
    /// # Errors
    /// The first check that fails ([`SheetError::NotAPdf`], [`SheetError::DigestMismatch`],
    /// [`SheetError::PageDiffers`]…).
    fn verify(&self, pdf: &[u8]) -> Result<Verified, SheetError>;
}

/// Typst in this process: the desktop, the CLI, the tests.
#[cfg(feature = "pdf")]
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalPrinter;

#[cfg(feature = "pdf")]
impl Printer for LocalPrinter {
    fn print(&self, sealed: &Sealed) -> Result<Vec<u8>, SheetError> {
        carom_sheet::print(sealed)
    }

    fn verify(&self, pdf: &[u8]) -> Result<Verified, SheetError> {
        carom_sheet::verify_pdf(pdf)
    }
}

/// Every platform service the application uses.
pub struct Services {
    /// The clock.
    pub clock: Box<dyn Clock>,
    /// The device key's storage.
    pub keys: Box<dyn KeyStorage>,
    /// File dialogs.
    pub files: Box<dyn Files>,
    /// Speech.
    pub speech: Box<dyn Speech>,
    /// Windows.
    pub windows: Box<dyn Windows>,
    /// The system language.
    pub locale: Box<dyn SystemLocale>,
    /// The sheet engine (prints and checks PDFs).
    pub printer: Box<dyn Printer>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_never_overwrites_an_earlier_one() {
        let dir = tempfile::tempdir().unwrap();
        let a = NoDialogs::default()
            .write_new(dir.path(), "carambole-ana", "csv", b"one")
            .unwrap();
        let b = NoDialogs::default()
            .write_new(dir.path(), "carambole-ana", "csv", b"two")
            .unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read_to_string(a).unwrap(), "one");
        assert!(b.ends_with("carambole-ana-2.csv"));
    }

    #[test]
    fn a_read_stops_one_byte_past_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("m.json");
        std::fs::write(&f, vec![b'x'; 100]).unwrap();
        assert_eq!(NoDialogs::default().read(&f, 10).unwrap().len(), 11);
        assert_eq!(NoDialogs::default().read(&f, 1000).unwrap().len(), 100);
    }
}
