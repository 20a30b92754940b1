//! Files between the page and the worker. A worker cannot show a file dialog or save a
//! file: the page shows a file input before a command that opens files and hands the
//! chosen files over with the command (staged here by [`stage`]); a file the app saves
//! goes back to the page as a [`FromWorker::Download`] message, which the page saves.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use carom_api::{FileBytes, FromWorker};
use wasm_bindgen::JsCast;

thread_local! {
    /// The files the page handed over for the next command, by name.
    static STAGED: RefCell<Vec<(PathBuf, Vec<u8>)>> = const { RefCell::new(Vec::new()) };
    /// The files the last pick answered (read by the same command).
    static PICKED: RefCell<Vec<(PathBuf, Vec<u8>)>> = const { RefCell::new(Vec::new()) };
}

/// Keeps file `name` with `bytes` for the command that opens files (the page hands
/// over the files chosen in its file input with the command).
pub(crate) fn stage(name: String, bytes: Vec<u8>) {
    STAGED.with(|s| s.borrow_mut().push((PathBuf::from(name), bytes)));
}

/// Forgets the files handed over and not taken (a cancelled or failed command).
pub(crate) fn clear_staged() {
    STAGED.with(|s| s.borrow_mut().clear());
}

/// Takes the staged files for a pick: their names, now readable with [`read_staged`].
pub(crate) fn take_staged() -> Vec<PathBuf> {
    let taken = STAGED.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let names = taken.iter().map(|(n, _)| n.clone()).collect();
    PICKED.with(|p| *p.borrow_mut() = taken);
    names
}

/// Reads picked file `path`, at most `max` bytes plus one.
pub(crate) fn read_staged(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    PICKED.with(|p| {
        p.borrow()
            .iter()
            .find(|(n, _)| n == path)
            .map(|(_, b)| {
                b[..b
                    .len()
                    .min(usize::try_from(max.saturating_add(1)).unwrap_or(usize::MAX))]
                    .to_vec()
            })
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
    })
}

/// Sends `bytes` to the page to be saved as `name` (a download).
pub(crate) fn download(name: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let scope = js_sys::global()
        .dyn_into::<web_sys::DedicatedWorkerGlobalScope>()
        .map_err(|_| std::io::Error::other("not in a worker"))?;
    let name = name.file_name().map_or_else(
        || name.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let message = crate::js::to_js(&FromWorker::Download(FileBytes {
        name,
        bytes: bytes.to_vec(),
    }));
    scope
        .post_message(&message)
        .map_err(|e| std::io::Error::other(format!("{e:?}")))
}
