//! `carom-sheet`: the official score sheet (R-SHEET-1…3) as a signed, tamper-evident PDF,
//! and the verification of such PDFs.
//!
//! - [`render_pdf`]: a finished [`SheetDocument`] + a language + the device's [`DeviceKey`]
//!   → PDF/A-3b bytes laid out by Typst (used as a library, fonts from `typst-assets`).
//!   The PDF embeds `match.json` (an [`Envelope`]: the `carambole-match/1` match file,
//!   the sheet as printed with reclamations, warnings and signature strokes, the public
//!   key) and `seal.json` (a [`Seal`]: SHA-256 of `match.json` and its Ed25519
//!   signature). The page prints the digest, the key fingerprint and a QR code carrying
//!   digest and signature.
//! - [`verify_pdf`]: checks the seal and the signature, has the rules core replay the
//!   embedded match file to the sheet's grid and totals, renders the sheet again from the
//!   sealed envelope and compares what the PDF shows with that render — pages, decoded
//!   content, fonts, images, and nothing added; a failure names exactly what differs
//!   ([`SheetError::code`]).
//!
//! What a person reads is therefore sealed too: the pages are a deterministic function
//! of the sealed `match.json` (the sheet as printed, its language and render options), so
//! a page that does not compare equal to the render was changed — an edited digit, text
//! kept invisible under new figures, a box painted over, a page removed, repeated or
//! taken from another match, another QR code, an annotation, an extra attachment.
//!
//! A sheet re-rendered and signed with another key is self-consistent: compare
//! [`Verified::fingerprint`] with the devices you trust.
//!
//! The crate never reads the disk, the clock or a random source: times are in the
//! document, the key comes from seed bytes the caller keeps. The same input gives the
//! same bytes.

mod error;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
mod from_core;
mod model;
mod options;
#[cfg(feature = "render")]
mod render;
mod seal;
mod verified;
#[cfg(feature = "render")]
mod verify;
#[cfg(feature = "render")]
mod visible;
mod wording;

pub use error::{PagePart, SheetError, TotalsField};
pub use from_core::{sets_from_core, sheet_date, signed_referee, totals_from_core, SheetExtras};
pub use model::{
    rows_from_runs, BallColour, CorrectionKind, InningRow, PlayerSlot, PlayerTotals, Reclamation,
    SealedAverageRule, SealedCorrection, SealedHeader, SealedPlayer, SealedResult, SealedSet,
    SheetDate, SheetDateTime, SheetDocument, SheetTime, Signature, SignerRole, StrokePoint,
    Warning,
};
pub use options::RenderOptions;
#[cfg(feature = "render")]
pub use render::warm_up;
pub use seal::{sha256, DeviceKey, DevicePublicKey, Envelope, Seal, ENVELOPE_FORMAT, SEAL_FORMAT};
pub use verified::Verified;
#[cfg(feature = "render")]
pub use verify::{
    attachments, verify_pdf, verify_pdf_cached, RenderCache, ENVELOPE_ATTACHMENT, SEAL_ATTACHMENT,
};
pub use wording::{CURRENT_WORDING, FIRST_WORDING};

use carom_i18n::Lang;

/// Verification errors are [`SheetError`]s (the crate has one error type).
pub type VerifyError = SheetError;

/// A sheet sealed and ready to print: the exact `match.json` bytes, their seal, the
/// sheet's language and the signing key's fingerprint. Sealing is cheap and needs no
/// fonts; printing ([`print`]) is Typst's work — in the web app a separate module,
/// loaded only when a sheet is exported, which receives this as JSON.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sealed {
    /// The embedded `match.json` ([`Envelope::to_bytes`]), as text.
    pub envelope: String,
    /// Its seal.
    pub seal: Seal,
    /// The sheet's language code.
    pub lang: String,
    /// The signing key's fingerprint, as printed.
    pub fingerprint: String,
}

/// Checks `doc` and seals it with `signing`, embedding `match_file` (the
/// `carambole-match/1` text the sheet was derived from), for [`print`].
///
/// # Errors
/// [`SheetError::MissingSignature`] / [`SheetError::EmptySignature`] /
/// [`SheetError::DuplicateSignature`] when the sheet is not signed by the referee and
/// both players; [`SheetError::InvalidDocument`].
pub fn seal_sheet(
    doc: &SheetDocument,
    match_file: &str,
    lang: Lang,
    signing: &DeviceKey,
    options: &RenderOptions,
) -> Result<Sealed, SheetError> {
    doc.check()?;
    let envelope = seal_envelope(doc, match_file, lang, signing, options);
    let bytes = envelope.to_bytes();
    let seal = Seal::new(&bytes, signing);
    Ok(Sealed {
        envelope: String::from_utf8(bytes).map_err(|e| SheetError::InvalidDocument {
            detail: e.to_string(),
        })?,
        seal,
        lang: lang.code().into(),
        fingerprint: signing.fingerprint(),
    })
}

/// Prints a sealed sheet: the PDF/A-3b bytes, with the envelope and seal attached.
///
/// # Errors
/// [`SheetError::EnvelopeInvalid`] when `sealed` does not hold a valid envelope or
/// language; [`SheetError::Layout`] if Typst fails.
#[cfg(feature = "render")]
pub fn print(sealed: &Sealed) -> Result<Vec<u8>, SheetError> {
    let bytes = sealed.envelope.clone().into_bytes();
    let envelope = Envelope::from_bytes(&bytes)?;
    let lang = Lang::from_code(&sealed.lang).ok_or_else(|| SheetError::EnvelopeInvalid {
        detail: format!("language {}", sealed.lang),
    })?;
    render::render(&envelope, bytes, &sealed.seal, lang, &sealed.fingerprint)
}

/// Renders the signed score sheet of `doc` in `lang`, embedding `match_file` (the
/// `carambole-match/1` text the sheet was derived from) and sealing it with `signing`:
/// [`seal_sheet`] then [`print`].
///
/// # Errors
/// As [`seal_sheet`] and [`print`].
#[cfg(feature = "render")]
pub fn render_pdf(
    doc: &SheetDocument,
    match_file: &str,
    lang: Lang,
    signing: &DeviceKey,
    options: &RenderOptions,
) -> Result<Vec<u8>, SheetError> {
    print(&seal_sheet(doc, match_file, lang, signing, options)?)
}

fn seal_envelope(
    doc: &SheetDocument,
    match_file: &str,
    lang: Lang,
    key: &DeviceKey,
    options: &RenderOptions,
) -> Envelope {
    Envelope {
        format: ENVELOPE_FORMAT.into(),
        public_key: key.public().to_hex(),
        lang: lang.code().into(),
        match_file: match_file.into(),
        sheet: doc.clone(),
        options: options.clone(),
    }
}

/// Renders a PDF from an envelope as given (with its options), sealed with `signing` —
/// without checking the sheet. For tests that forge sheets (e.g. signed by a key other than the one in
/// the envelope); never for filing.
///
/// # Errors
/// [`SheetError::Layout`].
#[doc(hidden)]
#[cfg(feature = "render")]
pub fn render_envelope_unchecked(
    envelope: &Envelope,
    signing: &DeviceKey,
    lang: Lang,
) -> Result<Vec<u8>, SheetError> {
    let bytes = envelope.to_bytes();
    let seal = Seal::new(&bytes, signing);
    render::render(envelope, bytes, &seal, lang, &signing.fingerprint())
}
