//! The open store, or why it could not be opened — and the way out (restore the newest
//! automatic backup) when there is one.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use carom_api::{Error, ErrorCode};
use carom_store::Store;
use chrono::{DateTime, Utc};

use crate::errors::store_error;

/// Where automatic backups of `db` are kept: `backups/` beside it.
pub fn backups_dir(db: &Path) -> PathBuf {
    db.parent().unwrap_or(Path::new(".")).join("backups")
}

/// Where the store lives, which decides what a backup is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Location {
    /// A database file: automatic backups in `backups/` beside it; a backup is written to,
    /// and a restore read from, a file.
    File(PathBuf),
    /// The database `name` in a registered SQLite VFS (the browser's OPFS pool): no file
    /// system, so no automatic backup; a backup is a download of the database's bytes, a
    /// restore an upload, both through the platform's files.
    Vfs(PathBuf),
    /// A private in-memory database (tests, soak runs): backups go to files, as from a
    /// database file with an empty path.
    Memory,
}

/// The store behind a lock, or the reason it is unusable.
pub(crate) struct Database {
    store: Mutex<Result<Store, Error>>,
    location: Location,
}

fn open_store(db: &Path, now: DateTime<Utc>) -> Result<Store, Error> {
    match Store::open(db) {
        Ok(mut store) => {
            // One rotating backup per start: the last seven starts can be restored.
            if let Err(e) = store.backup_rotating(&backups_dir(db), now) {
                eprintln!("carambole: automatic backup failed: {e}");
            }
            Ok(store)
        }
        Err(e) => {
            let restorable = e.offers_restore() && Store::latest_backup(&backups_dir(db)).is_some();
            let mut err = store_error(&e);
            if restorable {
                match &mut err.code {
                    ErrorCode::DatabaseCorrupt { restore, .. }
                    | ErrorCode::DatabaseDamaged { restore }
                    | ErrorCode::DatabaseNewer { restore } => *restore = true,
                    _ => {}
                }
            }
            Err(err)
        }
    }
}

impl Database {
    /// Opens the store at `path`, making an automatic backup when it opens.
    pub(crate) fn open(path: &Path, now: DateTime<Utc>) -> Database {
        Database {
            store: Mutex::new(open_store(path, now)),
            location: Location::File(path.to_owned()),
        }
    }

    /// Opens the store at `path` for one headless command, without the automatic backup
    /// that [`Database::open`] makes: an existing database only, unless `create`.
    ///
    /// # Errors
    /// Why the store cannot be opened, as it crosses (no restore is offered: a command
    /// line names the backup to restore itself).
    pub(crate) fn open_for_command(path: &Path, create: bool) -> Result<Database, Error> {
        let store = if create {
            Store::open(path)
        } else {
            Store::open_existing(path)
        };
        Ok(Database {
            store: Mutex::new(Ok(store.map_err(|e| store_error(&e))?)),
            location: Location::File(path.to_owned()),
        })
    }

    /// No store at all: every store command answers [`ErrorCode::DatabaseMissing`] for an
    /// empty path. For the headless commands that read no database.
    pub(crate) fn none() -> Database {
        Database {
            store: Mutex::new(Err(ErrorCode::DatabaseMissing {
                file: String::new(),
            }
            .into())),
            location: Location::Memory,
        }
    }

    /// The store `name` in the registered SQLite VFS `vfs` (the browser's OPFS pool). No
    /// automatic backup: the pool holds only the database (backups are downloads there).
    pub(crate) fn open_vfs(name: &str, vfs: &str) -> Database {
        Database {
            store: Mutex::new(Store::open_vfs(name, vfs).map_err(|e| store_error(&e))),
            location: Location::Vfs(PathBuf::from(name)),
        }
    }

    /// A private in-memory store (tests, soak runs); its path is empty.
    pub(crate) fn in_memory() -> Database {
        Database {
            store: Mutex::new(Store::open_in_memory().map_err(|e| store_error(&e))),
            location: Location::Memory,
        }
    }

    /// The database file (its name in the VFS; empty in memory).
    pub(crate) fn path(&self) -> &Path {
        match &self.location {
            Location::File(path) | Location::Vfs(path) => path,
            Location::Memory => Path::new(""),
        }
    }

    /// Where the store lives.
    pub(crate) fn location(&self) -> &Location {
        &self.location
    }

    fn lock(&self) -> Result<MutexGuard<'_, Result<Store, Error>>, Error> {
        self.store
            .lock()
            .map_err(|_| ErrorCode::internal("poisoned lock").into())
    }

    /// Runs `f` with the store.
    ///
    /// # Errors
    /// The reason the store is unusable, or `f`'s error.
    pub(crate) fn with<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, Error>,
    ) -> Result<T, Error> {
        match &mut *self.lock()? {
            Ok(store) => f(store),
            Err(e) => Err(e.clone()),
        }
    }

    /// Replaces the whole database by the backup file `backup` (checked first; a copy of
    /// the current data is kept in `backups/safety/` and returned). Works also when the
    /// current database cannot be opened. The backup file is only read.
    ///
    /// # Errors
    /// [`ErrorCode::RestoreItself`] when `backup` is the database itself, or why the
    /// backup was refused or the restore failed (the current data is then unchanged).
    pub(crate) fn restore_from_file(
        &self,
        backup: &Path,
        now: DateTime<Utc>,
    ) -> Result<Option<PathBuf>, Error> {
        let same = match (self.path().canonicalize(), backup.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            return Err(ErrorCode::RestoreItself.into());
        }
        let safety_dir = backups_dir(self.path()).join("safety");
        let mut guard = self.lock()?;
        match &mut *guard {
            Ok(store) => Ok(Some(
                store
                    .restore_from(backup, &safety_dir, now)
                    .map_err(|e| store_error(&e))?,
            )),
            // A VFS has no file to replace beside the store's back.
            Err(e) if matches!(self.location, Location::Vfs(_)) => Err(e.clone()),
            Err(_) => {
                let safety = Store::restore_file(self.path(), backup, &safety_dir, now)
                    .map_err(|e| store_error(&e))?;
                *guard = open_store(self.path(), now);
                guard.as_ref().map(|_| safety).map_err(Clone::clone)
            }
        }
    }

    /// Replaces a database that cannot be opened by the newest automatic backup (the
    /// damaged file is kept in `backups/safety/`), then opens it.
    ///
    /// # Errors
    /// [`ErrorCode::DatabaseIsFine`], [`ErrorCode::NoBackup`], or why the restore or
    /// reopening failed.
    pub(crate) fn restore_latest_backup(&self, now: DateTime<Utc>) -> Result<(), Error> {
        let mut guard = self.lock()?;
        if guard.is_ok() {
            return Err(ErrorCode::DatabaseIsFine.into());
        }
        if matches!(self.location, Location::Vfs(_)) {
            // The pool holds no automatic backup.
            return Err(ErrorCode::NoBackup.into());
        }
        let dir = backups_dir(self.path());
        let backup = Store::latest_backup(&dir).ok_or(Error::from(ErrorCode::NoBackup))?;
        Store::restore_file(self.path(), &backup, &dir.join("safety"), now)
            .map_err(|e| store_error(&e))?;
        *guard = open_store(self.path(), now);
        guard.as_ref().map(|_| ()).map_err(Clone::clone)
    }
}
