//! The app's state: the open store, or why it could not be opened.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use carom_store::Store;

use crate::IpcError;

/// Managed Tauri state. A database that cannot be opened does not stop the app: every
/// command then answers with the reason, which the UI shows in the user's language.
pub struct AppState {
    store: Mutex<Result<Store, IpcError>>,
}

impl AppState {
    /// Opens the store at `db`.
    pub fn open(db: &Path) -> AppState {
        AppState {
            store: Mutex::new(Store::open(db).map_err(IpcError::from)),
        }
    }

    /// Runs `f` with the store.
    ///
    /// # Errors
    /// The reason the store is unusable, or `f`'s error.
    pub fn with_store<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, IpcError>,
    ) -> Result<T, IpcError> {
        let mut guard: MutexGuard<'_, _> = self
            .store
            .lock()
            .map_err(|_| IpcError::new("error-internal").arg("detail", "poisoned lock"))?;
        match &mut *guard {
            Ok(store) => f(store),
            Err(e) => Err(e.clone()),
        }
    }
}
