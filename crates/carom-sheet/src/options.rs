//! How a sheet is rendered: sealed in its envelope, so verification renders it the same way.

use serde::{Deserialize, Serialize};

use crate::wording::{CURRENT_WORDING, FIRST_WORDING};

/// Options of [`crate::render_pdf`]. They are sealed in the envelope so that
/// verification renders the sheet again exactly as it was printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RenderOptions {
    /// Enforce PDF/A-3b (archival; the default). Off only for experiments.
    #[serde(default = "yes")]
    pub pdf_a: bool,
    /// Draw the QR code carrying the digest and the signature (default on).
    #[serde(default = "yes")]
    pub qr_code: bool,
    /// The wording the sheet is printed in ([`crate::CURRENT_WORDING`] for new sheets).
    /// Options sealed without it are those of wording 1 ([`crate::FIRST_WORDING`]), the
    /// one sheets were printed in before it was sealed.
    #[serde(default = "first_wording")]
    pub wording: u32,
}

const fn yes() -> bool {
    true
}

const fn first_wording() -> u32 {
    FIRST_WORDING
}

impl Default for RenderOptions {
    /// What the app prints new sheets with: PDF/A, the QR code, the current wording.
    fn default() -> Self {
        RenderOptions {
            pdf_a: true,
            qr_code: true,
            wording: CURRENT_WORDING,
        }
    }
}

impl RenderOptions {
    /// The options of an envelope that seals none: those of every sheet the app printed
    /// before options were sealed (PDF/A, the QR code, wording 1).
    pub fn unsealed() -> Self {
        RenderOptions {
            wording: FIRST_WORDING,
            ..RenderOptions::default()
        }
    }

    /// Whether these are [`RenderOptions::unsealed`] (an envelope then leaves them out,
    /// so that it stays byte for byte what earlier versions sealed).
    pub fn is_unsealed(&self) -> bool {
        *self == RenderOptions::unsealed()
    }
}
