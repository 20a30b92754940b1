//! Backups of the whole database: written where the user says, listed (the automatic
//! ones), inspected before a restore, restored. Where the database lives in a VFS (the
//! browser) there is no file system: a backup is a download of the database's bytes, a
//! restore reads an uploaded file whole, and the data it replaces is downloaded first.

use std::path::{Path, PathBuf};

use carom_api::{
    BackupDatabase, BackupDone, BackupSummary, Error, ErrorCode, InspectBackupFile, ListBackups,
    PickAndBackupDatabase, PickBackupFile, RestoreDatabase, RestoreDone, RestoreOfferedBackup,
};
use carom_store::{Store, StoreError};
use chrono::{DateTime, Utc};

use crate::database::Location;
use crate::errors::{store_error, OrStoreError};
use crate::match_files::file_name;
use crate::platform::Picker;
use crate::{backups_dir, App};

/// The largest backup file read whole into memory (the web app's upload): 256 MiB, far
/// above a club's years of matches (a few KB a match), and little enough that a phone's
/// tab holds it a few times over (the upload, SQLite's copy, the current data's image).
pub const MAX_BACKUP_BYTES: u64 = 256 * 1024 * 1024;

/// The backup last chosen in the picker: the only one besides the automatic backups
/// that the web view may restore.
#[derive(Debug)]
pub(crate) enum PickedBackup {
    /// A file, read again when restored.
    File(PathBuf),
    /// A file handed over whole (the browser's upload), by its name, and its bytes.
    Bytes {
        /// The name the page gave.
        name: PathBuf,
        /// The file.
        bytes: Vec<u8>,
    },
}

/// A platform's file error as the store words it (it then crosses as
/// [`ErrorCode::FileSystem`]).
fn io_error(path: &Path, e: &std::io::Error) -> StoreError {
    StoreError::Io(format!("{}: {e}", file_name(path)))
}

/// What the backup file at `path` holds (only read).
fn summary(path: &Path) -> Result<BackupSummary, Error> {
    let info = Store::inspect_backup(path).map_err(|e| store_error(&e))?;
    let meta = std::fs::metadata(path).ok();
    Ok(BackupSummary {
        path: path.display().to_string(),
        file: file_name(path),
        matches: info.matches,
        modified: meta
            .as_ref()
            .and_then(|m| m.modified().ok())
            .map(|t| DateTime::<Utc>::from(t).to_rfc3339()),
        bytes: meta.map_or(0, |m| m.len()),
    })
}

fn backup_picker(
    lang: carom_i18n::Lang,
    title: &str,
    extensions: &'static [&'static str],
) -> Picker {
    Picker {
        title: carom_i18n::t(lang, title),
        label: carom_i18n::t(lang, "data-backup-files"),
        extensions,
    }
}

impl App {
    /// Copies the whole database to the file `path` (replaced whole or not at all), then
    /// empties the trash: [`App::backup_database`] for a path that is not text (a
    /// command line's).
    ///
    /// # Errors
    /// As [`App::backup_database`].
    pub fn backup_to_file(&self, path: &Path) -> Result<BackupDone, Error> {
        self.db.with(|store| {
            let trashed = store.trash_count().or_store()?;
            store.backup_to(path).or_store()?;
            Ok(BackupDone {
                path: path.display().to_string(),
                trash_emptied: trashed,
            })
        })
    }

    /// Hands the whole database as bytes to the platform, saved as `path` (a download),
    /// then empties the trash (its matches are in the backup).
    fn backup_as_download(&self, path: &Path) -> Result<BackupDone, Error> {
        self.db.with(|store| {
            let trashed = store.trash_count().or_store()?;
            store
                .backup_bytes(|bytes| {
                    self.services
                        .files
                        .write(path, bytes)
                        .map_err(|e| io_error(path, &e))
                })
                .or_store()?;
            Ok(BackupDone {
                path: file_name(path),
                trash_emptied: trashed,
            })
        })
    }

    /// Copies the whole database to `path` (replaced whole or not at all), then empties
    /// the trash (its matches are in the backup).
    ///
    /// # Errors
    /// [`carom_api::ErrorCode::BackupOntoItself`], or the store's.
    pub fn backup_database(&self, req: BackupDatabase) -> Result<BackupDone, Error> {
        self.backup_to_file(Path::new(&req.path))
    }

    /// Asks where to write a backup and writes it; `None` if cancelled. In a VFS (the
    /// browser) the backup is a download `carambole-sauvegarde-YYYY-MM-DD.sqlite` in French (see `file_names`).
    ///
    /// # Errors
    /// As [`App::backup_database`].
    pub fn pick_and_backup_database(
        &self,
        req: PickAndBackupDatabase,
    ) -> Result<Option<BackupDone>, Error> {
        let picker = backup_picker(req.language, "data-backup-title", &["sqlite"]);
        let name = format!(
            "{}.sqlite",
            crate::file_names::backup_stem(req.language, &self.today())
        );
        let Some(path) = self.services.files.save_path(&picker, &name) else {
            return Ok(None);
        };
        match self.db.location() {
            Location::Vfs(_) => self.backup_as_download(&path).map(Some),
            Location::File(_) | Location::Memory => self.backup_to_file(&path).map(Some),
        }
    }

    /// Checks a backup file (read-only) and says what it holds.
    ///
    /// # Errors
    /// [`carom_api::ErrorCode::DatabaseCorrupt`], [`carom_api::ErrorCode::FileSystem`]…
    pub fn inspect_backup_file(&self, req: InspectBackupFile) -> Result<BackupSummary, Error> {
        summary(Path::new(&req.path))
    }

    /// Asks for a backup file and checks it; `None` if cancelled. In a VFS (the browser)
    /// the file is read whole (at most [`MAX_BACKUP_BYTES`]) and kept until restored.
    ///
    /// # Errors
    /// As [`App::inspect_backup_file`]; [`ErrorCode::BackupTooLarge`].
    pub fn pick_backup_file(&self, req: PickBackupFile) -> Result<Option<BackupSummary>, Error> {
        let picker = backup_picker(req.language, "data-restore-title", &["sqlite", "db"]);
        let Some(path) = self
            .services
            .files
            .pick_files(&picker, false)
            .and_then(|p| p.into_iter().next())
        else {
            return Ok(None);
        };
        if let Location::Vfs(_) = self.db.location() {
            return self.read_backup(path).map(Some);
        }
        let found = summary(&path)?;
        *self.picked_backup() = Some(PickedBackup::File(path));
        Ok(Some(found))
    }

    /// Reads the picked backup `path` whole through the platform (an upload), checks it
    /// and keeps it for the restore.
    fn read_backup(&self, path: PathBuf) -> Result<BackupSummary, Error> {
        let bytes = self
            .services
            .files
            .read(&path, MAX_BACKUP_BYTES)
            .map_err(|e| io_error(&path, &e))
            .or_store()?;
        if bytes.len() as u64 > MAX_BACKUP_BYTES {
            return Err(ErrorCode::BackupTooLarge {
                max_mb: MAX_BACKUP_BYTES / (1024 * 1024),
            }
            .into());
        }
        let info = Store::inspect_backup_bytes(&bytes).or_store()?;
        let found = BackupSummary {
            path: path.display().to_string(),
            file: file_name(&path),
            matches: info.matches,
            modified: None,
            bytes: bytes.len() as u64,
        };
        *self.picked_backup() = Some(PickedBackup::Bytes { name: path, bytes });
        Ok(found)
    }

    /// The slot of the backup last chosen in the picker (a poisoned lock still holds a
    /// backup the user chose).
    fn picked_backup(&self) -> std::sync::MutexGuard<'_, Option<PickedBackup>> {
        self.picked_backup
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The automatic backups, newest first; a damaged one is listed with `matches: -1`.
    /// None in a VFS (the browser's pool holds only the database).
    ///
    /// # Errors
    /// None today; the signature is the catalogue's.
    pub fn list_backups(&self, _: ListBackups) -> Result<Vec<BackupSummary>, Error> {
        if let Location::Vfs(_) = self.db.location() {
            return Ok(Vec::new());
        }
        Ok(Store::automatic_backups(&backups_dir(self.db.path()))
            .iter()
            .map(|p| {
                summary(p).unwrap_or_else(|_| BackupSummary {
                    path: p.display().to_string(),
                    file: file_name(p),
                    matches: -1,
                    modified: None,
                    bytes: std::fs::metadata(p).map_or(0, |m| m.len()),
                })
            })
            .collect())
    }

    /// Replaces the whole database by a backup file, after checking it; the current data
    /// is first copied to `backups/safety/`. The backup is only read; on failure the
    /// current data is unchanged.
    ///
    /// # Errors
    /// [`carom_api::ErrorCode::RestoreItself`], or why the backup was refused.
    pub fn restore_database(&self, req: RestoreDatabase) -> Result<RestoreDone, Error> {
        let kept = self
            .db
            .restore_from_file(Path::new(&req.path), self.services.clock.now())?;
        Ok(RestoreDone {
            kept: kept.map(|p| p.display().to_string()),
        })
    }

    /// Restores a backup the app offered: the file last chosen in the native picker
    /// ([`App::pick_backup_file`]) or one of the automatic backups ([`App::list_backups`]),
    /// as [`App::restore_database`] does. A file uploaded in the browser is restored from
    /// its bytes, after the current data was downloaded as
    /// `carambole-before-restore-YYYYMMDD-HHMMSS.sqlite` (its name is in the answer).
    ///
    /// # Errors
    /// [`ErrorCode::NoBackup`] for any other path (nothing is read); else as
    /// [`App::restore_database`].
    pub fn restore_offered_backup(&self, req: RestoreOfferedBackup) -> Result<RestoreDone, Error> {
        let path = PathBuf::from(&req.path);
        let mut slot = self.picked_backup();
        match slot.take() {
            Some(PickedBackup::Bytes { name, bytes }) if name == path => {
                drop(slot);
                let done = self.restore_upload(&bytes);
                if done.is_err() {
                    // Kept for another try (the safety download may have failed).
                    *self.picked_backup() = Some(PickedBackup::Bytes { name, bytes });
                }
                return done;
            }
            other => *slot = other,
        }
        let picked = matches!(&*slot, Some(PickedBackup::File(p)) if *p == path);
        drop(slot);
        let automatic = || match self.db.location() {
            Location::Vfs(_) => false,
            Location::File(_) | Location::Memory => {
                Store::automatic_backups(&backups_dir(self.db.path())).contains(&path)
            }
        };
        if !picked && !automatic() {
            return Err(ErrorCode::NoBackup.into());
        }
        self.restore_database(RestoreDatabase { path: req.path })
    }

    /// Replaces the whole database by the uploaded backup `bytes`, the current data first
    /// downloaded as `carambole-before-restore-YYYYMMDD-HHMMSS.sqlite`.
    fn restore_upload(&self, bytes: &[u8]) -> Result<RestoreDone, Error> {
        let stem = format!(
            "carambole-before-restore-{}",
            self.services.clock.now().format("%Y%m%d-%H%M%S")
        );
        let dir = self.services.files.export_dir().unwrap_or_default();
        let kept = self.db.with(|store| {
            store
                .restore_from_bytes(bytes, |current| {
                    self.services
                        .files
                        .write_new(&dir, &stem, "sqlite", current)
                        .map_err(|e| io_error(&dir.join(&stem), &e))
                })
                .or_store()
        })?;
        Ok(RestoreDone {
            kept: Some(file_name(&kept)),
        })
    }
}
