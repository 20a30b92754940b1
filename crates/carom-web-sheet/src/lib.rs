//! The web app's sheet module. Printing a score sheet needs Typst and its fonts, several
//! megabytes the referee should not download before scoring the first point: the worker
//! (carom-web) seals the sheet itself and loads this module only when a sheet is
//! exported or checked, then calls [`print`] or [`verify`]. The service worker caches it
//! for offline use.

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

/// Checks the signed score sheet `pdf`: the JSON of
/// `Result<carom_sheet::Verified, carom_sheet::SheetError>` (`{"Ok": …}` or `{"Err": …}`),
/// which the worker reads back into those types.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn verify(pdf: &[u8]) -> String {
    let verdict = carom_sheet::verify_pdf(pdf);
    serde_json::to_string(&verdict).unwrap_or_else(|e| {
        let failed: Result<carom_sheet::Verified, _> = Err(carom_sheet::SheetError::Layout {
            detail: e.to_string(),
        });
        serde_json::to_string(&failed).unwrap_or_default()
    })
}
