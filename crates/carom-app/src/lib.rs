//! The Carambole application: one method per command of the carom-api catalogue
//! ([`App`]), over the rules core, the store and the sheet. It knows no shell: what only
//! a platform can do (the clock, keeping the device key, file dialogs, speech, windows,
//! the system language) comes in through the small traits of [`platform`]. The Tauri
//! shell, the web worker, the CLI and the tests all run this same code.

mod backups;
pub mod csv;
mod database;
mod dispatch;
mod errors;
pub mod file_names;
mod headless;
mod history;
mod match_files;
mod matches;
pub mod platform;
mod players;
mod rows;
mod settings;
mod sheet;
mod sheet_check;
pub mod sheet_document;
mod speech;
mod stats;

use std::path::{Path, PathBuf};

use carom_api::Error;

pub use backups::MAX_BACKUP_BYTES;
/// The largest match file read, by an import or a replay.
pub use carom_store::MAX_IMPORT_BYTES;
pub use database::backups_dir;
pub use dispatch::{read_args, Answered};
pub use errors::{error_text, sheet_error_text, store_error};
pub use headless::{CliImport, LineError};
pub use platform::Services;
pub use sheet_check::{sheet_summary, MAX_SHEET_BYTES};
pub use speech::MAX_SPEECH_CHARS;

use database::Database;

/// The application over one database file. Every answer comes after the store committed.
pub struct App {
    db: Database,
    services: Services,
    /// The backup last chosen in the picker: the only one besides the automatic backups
    /// that the web view may restore.
    picked_backup: std::sync::Mutex<Option<backups::PickedBackup>>,
}

impl App {
    /// Opens the database at `db` (making the automatic backup of this start) with the
    /// platform's `services`. A database that cannot be opened does not stop the app:
    /// every command then answers with the reason, and `restore_backup` is the way out.
    pub fn open(db: &Path, services: Services) -> App {
        App {
            db: Database::open(db, services.clock.now()),
            services,
            picked_backup: std::sync::Mutex::default(),
        }
    }

    /// Opens the existing database at `db` for one command that only reads it (the CLI's
    /// `list`, `export`, `stats`, `ranking`, `export-pdf`), with no automatic backup: the
    /// automatic backups are one per start of the window app, the last seven kept, and a
    /// script running `list` seven times would otherwise rotate every one of them away
    /// (and a command that reads would write a file). A mistyped path creates nothing, and
    /// a database that cannot be opened is left as it is (no restore is offered: a
    /// command line names the backup to restore itself).
    ///
    /// # Errors
    /// [`carom_api::ErrorCode::DatabaseMissing`] when there is no database at `db`, or why
    /// it cannot be opened ([`carom_api::ErrorCode::DatabaseLocked`] while another
    /// instance holds it, damaged, from a newer app…).
    pub fn open_existing(db: &Path, services: Services) -> Result<App, Error> {
        Ok(App::with_database(
            Database::open_for_command(db, false)?,
            services,
        ))
    }

    /// Opens the database at `db` for one command that writes (the CLI's `import`) or
    /// copies it (`backup`), creating it if there is none yet; no automatic backup, as
    /// [`App::open_existing`] says why.
    ///
    /// # Errors
    /// Why it cannot be opened or created.
    pub fn open_or_create(db: &Path, services: Services) -> Result<App, Error> {
        Ok(App::with_database(
            Database::open_for_command(db, true)?,
            services,
        ))
    }

    /// The application without a database, for the headless commands that read none
    /// (`replay` a match file, `verify` a sheet): nothing is opened or created, and a
    /// command that needs the store answers [`carom_api::ErrorCode::DatabaseMissing`].
    pub fn without_database(services: Services) -> App {
        App::with_database(Database::none(), services)
    }

    fn with_database(db: Database, services: Services) -> App {
        App {
            db,
            services,
            picked_backup: std::sync::Mutex::default(),
        }
    }

    /// The application over the database `name` in the registered SQLite VFS `vfs`: the
    /// web app's worker, over the browser's Origin Private File System.
    pub fn open_vfs(name: &str, vfs: &str, services: Services) -> App {
        App {
            db: Database::open_vfs(name, vfs),
            services,
            picked_backup: std::sync::Mutex::default(),
        }
    }

    /// The application over a private in-memory database, for tests and soak runs: every
    /// command takes the same path as over a file, but nothing is written to disk (so no
    /// commit waits for an fsync) and nothing survives the `App`. There is no automatic
    /// backup; [`App::db_path`] is empty, so the backup commands look in `./backups`.
    pub fn in_memory(services: Services) -> App {
        App {
            db: Database::in_memory(),
            services,
            picked_backup: std::sync::Mutex::default(),
        }
    }

    /// The database file.
    pub fn db_path(&self) -> &Path {
        self.db.path()
    }

    /// Where the automatic backups are kept.
    pub fn backups(&self) -> PathBuf {
        backups_dir(self.db.path())
    }
}
