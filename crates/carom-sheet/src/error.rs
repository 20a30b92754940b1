//! The crate's one error type: what went wrong rendering a sheet, or what does not match
//! when verifying one, with typed data. The application words it for the CLI and the UI
//! (this crate knows no error message ids).

use crate::model::{PlayerSlot, SignerRole};

/// A field of a player's totals, named in [`SheetError::TotalsDiffer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TotalsField {
    /// Points.
    Points,
    /// Innings.
    Innings,
    /// General average.
    GeneralAverage,
    /// High run.
    HighRun,
    /// Best game average.
    BestGameAverage,
    /// Sets won.
    SetsWon,
}

impl TotalsField {
    /// The Fluent id of the field's label on the sheet.
    pub const fn label_id(self) -> &'static str {
        match self {
            TotalsField::Points => "sheet-points",
            TotalsField::Innings => "sheet-innings",
            TotalsField::GeneralAverage => "sheet-general-average",
            TotalsField::HighRun => "sheet-high-run",
            TotalsField::BestGameAverage => "sheet-best-game-average",
            TotalsField::SetsWon => "sheet-sets-won",
        }
    }
}

/// What differs on a page, named in [`SheetError::PageDiffers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PagePart {
    /// What the page draws: its content stream (text, lines, where things are).
    Content,
    /// A font the page draws with.
    Font,
    /// An image it shows (the QR code).
    Image,
    /// A drawing it places (a form XObject, e.g. a signature).
    Drawing,
    /// Another resource (colour spaces, graphic states, patterns).
    Resources,
    /// The page itself: its size, boxes, rotation, or another entry of the page.
    Layout,
}

impl PagePart {
    /// Stable identifier, the selector of the Fluent message.
    pub const fn id(self) -> &'static str {
        match self {
            PagePart::Content => "content",
            PagePart::Font => "font",
            PagePart::Image => "image",
            PagePart::Drawing => "drawing",
            PagePart::Resources => "resources",
            PagePart::Layout => "layout",
        }
    }
}

/// Rendering or verification failed; the variant says exactly what is missing or differs.
///
/// Serializable so that the web app's sheet module (a wasm module of its own) can hand
/// it to the worker as JSON; both ends are built from this one definition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum SheetError {
    // ---- rendering ----
    /// A signer has not signed (the sheet needs the referee and both players).
    #[error("the sheet is not signed by the {}", role.id())]
    MissingSignature {
        /// Who has not signed.
        role: SignerRole,
    },
    /// A signer signed twice.
    #[error("the {} signed twice", role.id())]
    DuplicateSignature {
        /// Who.
        role: SignerRole,
    },
    /// A signature has no strokes (or an empty stroke).
    #[error("the signature of the {} has no strokes", role.id())]
    EmptySignature {
        /// Whose signature.
        role: SignerRole,
    },
    /// The match is not finished: there is no result to file yet.
    #[error("the match is not finished")]
    MatchNotFinished,
    /// The document is inconsistent (e.g. no set).
    #[error("the score sheet is invalid: {detail}")]
    InvalidDocument {
        /// What is wrong.
        detail: String,
    },
    /// Typst could not lay the sheet out (a bug in the template).
    #[error("the sheet could not be laid out: {detail}")]
    Layout {
        /// Typst's diagnostics.
        detail: String,
    },

    // ---- verification ----
    /// The bytes are not a readable PDF.
    #[error("not a readable PDF: {detail}")]
    NotAPdf {
        /// Parser message.
        detail: String,
    },
    /// An expected attachment is missing.
    #[error("the PDF has no attachment {name}")]
    AttachmentMissing {
        /// `match.json` or `seal.json`.
        name: String,
    },
    /// `match.json` is not a valid signed-sheet envelope.
    #[error("the embedded match file is not valid: {detail}")]
    EnvelopeInvalid {
        /// Parser message.
        detail: String,
    },
    /// `seal.json` is not a valid seal.
    #[error("the embedded seal is not valid: {detail}")]
    SealInvalid {
        /// Parser message.
        detail: String,
    },
    /// The embedded match file's SHA-256 is not the sealed digest: it was changed.
    #[error("the embedded match file was changed: digest {computed} instead of {sealed}")]
    DigestMismatch {
        /// Digest in the seal.
        sealed: String,
        /// Digest of the attachment.
        computed: String,
    },
    /// The Ed25519 signature does not match the digest and the embedded public key.
    #[error("the signature does not match the embedded match file")]
    BadSignature,
    /// The embedded match file does not replay.
    #[error("the embedded match file does not replay (event {event:?}): {detail}")]
    ReplayFailed {
        /// The 1-based index of the event that failed, when known.
        event: Option<usize>,
        /// The rules core's message.
        detail: String,
    },
    /// The embedded sheet's innings grid differs from the replay of the match file.
    #[error("set {set}, inning {inning:?}: the innings grid differs from the replay")]
    GridDiffers {
        /// Set number (1 for a match without sets).
        set: u32,
        /// Inning number (row), or `None` when the number of sets or the set's winner
        /// differs.
        inning: Option<u32>,
    },
    /// The embedded sheet's totals differ from the replay of the match file.
    #[error("{name}: {field:?} is {printed} on the sheet but {replayed} by replay")]
    TotalsDiffer {
        /// Which player.
        player: PlayerSlot,
        /// His name.
        name: String,
        /// Which figure.
        field: TotalsField,
        /// On the sheet.
        printed: String,
        /// By replay.
        replayed: String,
    },
    /// The PDF carries an embedded file beyond the sealed `match.json` and `seal.json`
    /// (or one of them twice).
    #[error("the PDF carries an attachment {name} beyond the sealed ones")]
    ExtraAttachment {
        /// The extra file's name.
        name: String,
    },
    /// The PDF has another number of pages than the sealed match file renders to.
    #[error("the PDF has {found} pages; the sealed match file renders to {expected}")]
    PageCountDiffers {
        /// Pages in the PDF.
        found: usize,
        /// Pages of the sheet the envelope renders to.
        expected: usize,
    },
    /// A page does not show what the sealed match file renders to.
    #[error("page {page}: its {} differs from the sealed sheet's", part.id())]
    PageDiffers {
        /// The 1-based page number.
        page: usize,
        /// What differs on it.
        part: PagePart,
    },
    /// A page carries annotations (notes, links, form fields, stamps) the sealed sheet
    /// does not have: a viewer draws them over the page.
    #[error("page {page} carries annotations the sealed sheet does not have")]
    PageAnnotations {
        /// The 1-based page number.
        page: usize,
    },
    /// The PDF carries something a viewer runs or shows on opening (JavaScript, an
    /// open action, additional actions, a form) that the sealed sheet does not have.
    #[error("the PDF carries {what}, which the sealed sheet does not have")]
    ActiveContent {
        /// The PDF key that carries it (`JavaScript`, `OpenAction`, `AA`, `AcroForm`).
        what: String,
    },
    /// Something else in the document differs from the sheet the sealed match file
    /// renders to (document information, metadata, outline, structure).
    #[error("the PDF differs from the sealed sheet at {path}")]
    DocumentDiffers {
        /// Where, as a path of PDF keys (`/Info/Title`, `/Root/Outlines`).
        path: String,
    },
}
