//! Files between the page and the worker. A worker cannot show a file dialog or save a
//! file: the page shows a file input before a command that opens files and hands the
//! chosen files over ([`stage`]); a file the app saves goes back to the page as a
//! download message (`{"download": {"name", "bytes"}}`), which the page saves.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    /// The files the page handed over for the next command, by name.
    static STAGED: RefCell<Vec<(PathBuf, Vec<u8>)>> = const { RefCell::new(Vec::new()) };
    /// The files the last pick answered (read by the same command).
    static PICKED: RefCell<Vec<(PathBuf, Vec<u8>)>> = const { RefCell::new(Vec::new()) };
}

/// Hands file `name` with `bytes` to the worker for the next command that opens files
/// (the page calls it once per file chosen in its file input, just before the command).
#[wasm_bindgen]
pub fn stage(name: &str, bytes: &[u8]) {
    STAGED.with(|s| s.borrow_mut().push((PathBuf::from(name), bytes.to_vec())));
}

/// Forgets the files handed over and not taken (a cancelled or failed command).
#[wasm_bindgen]
pub fn clear_staged() {
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
    let message = js_sys::Object::new();
    let file = js_sys::Object::new();
    let name = name.file_name().map_or_else(
        || name.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let set = |o: &js_sys::Object, k: &str, v: &JsValue| {
        js_sys::Reflect::set(o, &k.into(), v).map_err(|e| std::io::Error::other(format!("{e:?}")))
    };
    set(&file, "name", &name.into())?;
    set(&file, "bytes", &js_sys::Uint8Array::from(bytes).into())?;
    set(&message, "download", &file.into())?;
    scope
        .post_message(&message)
        .map_err(|e| std::io::Error::other(format!("{e:?}")))
}
