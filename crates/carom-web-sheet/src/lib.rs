//! The web app's sheet module. Printing a score sheet needs Typst and its fonts, several
//! megabytes the referee should not download before scoring the first point: the worker
//! (carom-web) seals the sheet itself and loads this module only when a sheet is
//! exported, then calls [`print`]. The service worker caches it for offline use.

/// Prints `sealed` (a [`carom_sheet::Sealed`] as JSON) to PDF bytes.
///
/// # Errors
/// The sheet library's error, as text.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn print(sealed: &str) -> Result<Vec<u8>, String> {
    let sealed: carom_sheet::Sealed = serde_json::from_str(sealed).map_err(|e| e.to_string())?;
    carom_sheet::print(&sealed).map_err(|e| e.to_string())
}
