//! The app's state: the open store, or why it could not be opened — and the way out
//! (restore the newest automatic backup) when there is one.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use carom_store::Store;

use crate::IpcError;

/// Managed Tauri state. A database that cannot be opened does not stop the app: every
/// command then answers with the reason, which the UI shows in the user's language,
/// with `restore: 1` in its arguments when a backup can be restored.
pub struct AppState {
    store: Mutex<Result<Store, IpcError>>,
    db: PathBuf,
}

/// Where automatic backups of `db` are kept: `backups/` beside it.
pub fn backups_dir(db: &Path) -> PathBuf {
    db.parent().unwrap_or(Path::new(".")).join("backups")
}

fn open_store(db: &Path) -> Result<Store, IpcError> {
    match Store::open(db) {
        Ok(mut store) => {
            // One rotating backup per start: the last seven starts can be restored.
            if let Err(e) = store.backup_rotating(&backups_dir(db), chrono::Utc::now()) {
                eprintln!("carambole: automatic backup failed: {e}");
            }
            Ok(store)
        }
        Err(e) => {
            let restorable = e.offers_restore() && Store::latest_backup(&backups_dir(db)).is_some();
            let ipc = IpcError::from(e);
            Err(if restorable {
                ipc.arg("restore", 1)
            } else {
                ipc
            })
        }
    }
}

impl AppState {
    /// Opens the store at `db`, making an automatic backup when it opens.
    pub fn open(db: &Path) -> AppState {
        AppState {
            store: Mutex::new(open_store(db)),
            db: db.to_owned(),
        }
    }

    fn lock(&self) -> Result<MutexGuard<'_, Result<Store, IpcError>>, IpcError> {
        self.store
            .lock()
            .map_err(|_| IpcError::new("error-internal").arg("detail", "poisoned lock"))
    }

    /// Runs `f` with the store.
    ///
    /// # Errors
    /// The reason the store is unusable, or `f`'s error.
    pub fn with_store<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, IpcError>,
    ) -> Result<T, IpcError> {
        match &mut *self.lock()? {
            Ok(store) => f(store),
            Err(e) => Err(e.clone()),
        }
    }

    /// The database file.
    pub fn db(&self) -> &Path {
        &self.db
    }

    /// Replaces the whole database by the backup file `backup` (checked first; a copy of
    /// the current data is written to `backups/safety/` and returned). Works also when the
    /// current database cannot be opened. The backup file is only read.
    ///
    /// # Errors
    /// `data-error-restore-itself` when `backup` is the database itself, or why the
    /// backup was refused or the restore failed (the current data is then unchanged).
    pub fn restore_from_file(&self, backup: &Path) -> Result<Option<PathBuf>, IpcError> {
        let same = match (self.db.canonicalize(), backup.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            return Err(IpcError::new("data-error-restore-itself"));
        }
        let safety_dir = backups_dir(&self.db).join("safety");
        let mut guard = self.lock()?;
        match &mut *guard {
            Ok(store) => Ok(Some(store.restore_from(backup, &safety_dir)?)),
            Err(_) => {
                let safety = Store::restore_file(&self.db, backup, &safety_dir)?;
                *guard = open_store(&self.db);
                guard.as_ref().map(|_| safety).map_err(Clone::clone)
            }
        }
    }

    /// Replaces a database that cannot be opened by the newest automatic backup (the
    /// damaged file is kept in `backups/safety/`), then opens it.
    ///
    /// # Errors
    /// `error-no-backup` when there is none, or why the restore or reopening failed.
    pub fn restore_latest_backup(&self) -> Result<(), IpcError> {
        let mut guard = self.lock()?;
        if guard.is_ok() {
            return Err(IpcError::new("error-database-is-fine"));
        }
        let dir = backups_dir(&self.db);
        let backup = Store::latest_backup(&dir).ok_or_else(|| IpcError::new("error-no-backup"))?;
        Store::restore_file(&self.db, &backup, &dir.join("safety"))?;
        *guard = open_store(&self.db);
        guard.as_ref().map(|_| ()).map_err(Clone::clone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_database_offers_and_restores_the_latest_backup_keeping_the_damaged_file() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("carambole.sqlite");
        let state = AppState::open(&db);
        state
            .with_store(|s| Ok(s.set_setting("language", "fr")?))
            .unwrap();
        drop(state);
        // A second start makes a backup holding the setting.
        drop(AppState::open(&db));
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        std::fs::write(&db, b"this is not a database at all, just garbage bytes").unwrap();

        let state = AppState::open(&db);
        let err = state.with_store(|_| Ok(())).unwrap_err();
        assert_eq!(err.code, "error-database-corrupt");
        assert_eq!(err.args.get("restore"), Some(&serde_json::json!(1)));

        state.restore_latest_backup().unwrap();
        let lang = state.with_store(|s| Ok(s.setting("language")?)).unwrap();
        assert_eq!(lang.as_deref(), Some("fr"));
        let kept: Vec<_> = std::fs::read_dir(backups_dir(&db).join("safety"))
            .unwrap()
            .collect();
        assert_eq!(kept.len(), 1, "the damaged file is kept");
    }

    #[test]
    fn a_damaged_database_without_backups_says_so_and_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("carambole.sqlite");
        std::fs::write(&db, b"garbage").unwrap();
        let state = AppState::open(&db);
        let err = state.with_store(|_| Ok(())).unwrap_err();
        assert!(!err.args.contains_key("restore"));
        assert_eq!(
            state.restore_latest_backup().unwrap_err().code,
            "error-no-backup"
        );
        assert_eq!(std::fs::read(&db).unwrap(), b"garbage");
    }
}
