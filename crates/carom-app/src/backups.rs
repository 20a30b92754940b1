//! Backups of the whole database: written where the user says, listed (the automatic
//! ones), inspected before a restore, restored.

use std::path::{Path, PathBuf};

use carom_api::{
    BackupDatabase, BackupDone, BackupSummary, Error, ErrorCode, InspectBackupFile, ListBackups,
    PickAndBackupDatabase, PickBackupFile, RestoreDatabase, RestoreDone, RestoreOfferedBackup,
};
use carom_store::Store;
use chrono::{DateTime, Utc};

use crate::errors::{store_error, OrStoreError};
use crate::match_files::file_name;
use crate::platform::Picker;
use crate::settings::lang_or_english;
use crate::{backups_dir, App};

/// What the backup file at `path` holds (only read).
fn summary(path: &Path) -> Result<BackupSummary, Error> {
    let info = Store::inspect_backup(path).map_err(store_error)?;
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
    fn backup_to(&self, path: &Path) -> Result<BackupDone, Error> {
        self.db.with(|store| {
            let trashed = store.trash_count().or_store()?;
            store.backup_to(path).or_store()?;
            Ok(BackupDone {
                path: path.display().to_string(),
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
        self.backup_to(Path::new(&req.path))
    }

    /// Asks where to write a backup and writes it; `None` if cancelled.
    ///
    /// # Errors
    /// As [`App::backup_database`].
    pub fn pick_and_backup_database(
        &self,
        req: PickAndBackupDatabase,
    ) -> Result<Option<BackupDone>, Error> {
        let picker = backup_picker(
            lang_or_english(&req.language),
            "data-backup-title",
            &["sqlite"],
        );
        let day = self.services.clock.now().format("%Y-%m-%d");
        let name = format!("carambole-backup-{day}.sqlite");
        let Some(path) = self.services.files.save_path(&picker, &name) else {
            return Ok(None);
        };
        self.backup_to(&path).map(Some)
    }

    /// Checks a backup file (read-only) and says what it holds.
    ///
    /// # Errors
    /// [`carom_api::ErrorCode::DatabaseCorrupt`], [`carom_api::ErrorCode::FileSystem`]…
    pub fn inspect_backup_file(&self, req: InspectBackupFile) -> Result<BackupSummary, Error> {
        summary(Path::new(&req.path))
    }

    /// Asks for a backup file and checks it; `None` if cancelled.
    ///
    /// # Errors
    /// As [`App::inspect_backup_file`].
    pub fn pick_backup_file(&self, req: PickBackupFile) -> Result<Option<BackupSummary>, Error> {
        let picker = backup_picker(
            lang_or_english(&req.language),
            "data-restore-title",
            &["sqlite", "db"],
        );
        let Some(path) = self
            .services
            .files
            .pick_files(&picker, false)
            .and_then(|p| p.into_iter().next())
        else {
            return Ok(None);
        };
        let found = summary(&path)?;
        *self.picked_backup() = Some(path);
        Ok(Some(found))
    }

    /// The slot of the backup last chosen in the picker (a poisoned lock still holds a
    /// path the user chose).
    fn picked_backup(&self) -> std::sync::MutexGuard<'_, Option<PathBuf>> {
        self.picked_backup
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The automatic backups, newest first; a damaged one is listed with `matches: -1`.
    ///
    /// # Errors
    /// None today; the signature is the catalogue's.
    pub fn list_backups(&self, _: ListBackups) -> Result<Vec<BackupSummary>, Error> {
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
    /// as [`App::restore_database`] does.
    ///
    /// # Errors
    /// [`ErrorCode::NoBackup`] for any other path (nothing is read); else as
    /// [`App::restore_database`].
    pub fn restore_offered_backup(&self, req: RestoreOfferedBackup) -> Result<RestoreDone, Error> {
        let path = PathBuf::from(&req.path);
        let picked = self.picked_backup().as_ref() == Some(&path);
        if !picked && !Store::automatic_backups(&backups_dir(self.db.path())).contains(&path) {
            return Err(ErrorCode::NoBackup.into());
        }
        self.restore_database(RestoreDatabase { path: req.path })
    }
}
