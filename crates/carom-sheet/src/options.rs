//! How a sheet is rendered: sealed in its envelope, so verification renders it the same way.

use serde::{Deserialize, Serialize};

/// Options of [`crate::render_pdf`]. They are sealed in the envelope (when not the
/// defaults) so that verification renders the sheet again exactly as it was printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RenderOptions {
    /// Enforce PDF/A-3b (archival; the default). Off only for experiments.
    #[serde(default = "yes")]
    pub pdf_a: bool,
    /// Draw the QR code carrying the digest and the signature (default on).
    #[serde(default = "yes")]
    pub qr_code: bool,
}

const fn yes() -> bool {
    true
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            pdf_a: true,
            qr_code: true,
        }
    }
}

impl RenderOptions {
    /// Whether these are the defaults (an envelope then leaves them out, so that it
    /// stays byte for byte what earlier versions sealed).
    pub fn is_default(&self) -> bool {
        *self == RenderOptions::default()
    }
}
