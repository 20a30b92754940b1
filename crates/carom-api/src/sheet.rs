//! The score sheet on screen, reclamations, signatures and the signed PDF.

use carom_core::{ByPlayer, Discipline, Lang, Player, ScoreSheet, SignerRole, Winner};
use serde::{Deserialize, Serialize};

/// `get_sheet`: the score sheet of a finished match as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GetSheet {
    /// The match.
    pub match_id: i64,
}

/// `save_reclamation`: writes (or rewrites) a player's reclamation before signing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveReclamation {
    /// The match.
    pub match_id: i64,
    /// Whose reclamation (`0` or `1` on the wire).
    pub player: Player,
    /// The text, as typed (free text, checked for length and control characters).
    pub text: String,
}

/// A signature as the pad draws it: polylines of `[x, y]` points in pad units (origin
/// top left, y down).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PadStrokes {
    /// Pad width.
    pub width: u16,
    /// Pad height.
    pub height: u16,
    /// The polylines.
    pub strokes: Vec<Vec<[u16; 2]>>,
}

impl PadStrokes {
    /// Whether something is drawn: at least one stroke, none empty, a pad with a size,
    /// every point on the pad.
    pub fn is_drawn(&self) -> bool {
        self.width > 0
            && self.height > 0
            && !self.strokes.is_empty()
            && self.strokes.iter().all(|s| {
                !s.is_empty() && s.iter().all(|[x, y]| *x <= self.width && *y <= self.height)
            })
    }
}

/// `sign_sheet`: signs the sheet as `role`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignSheet {
    /// The match.
    pub match_id: i64,
    /// Who signs.
    pub role: SignerRole,
    /// The signer's name.
    pub name: String,
    /// The pad.
    pub strokes: PadStrokes,
}

/// `export_sheet_pdf`: renders the signed PDF, asks where to save it, writes and opens
/// it; answers the path, or `None` when cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportSheetPdf {
    /// The match.
    pub match_id: i64,
    /// The sheet's language.
    pub language: Lang,
}

/// A signature on screen: the strokes as one SVG path on its pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScreenSignature {
    /// Who signed.
    pub role: SignerRole,
    /// The signer's name.
    pub name: String,
    /// Pad width.
    pub width: u16,
    /// Pad height.
    pub height: u16,
    /// SVG path `d`.
    pub path: String,
}

/// The signing screen and the archive of a finished match: the core's score sheet, and
/// what the sheet is not — the lock, the reclamations written on this screen, the
/// signatures given and those still to give.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetScreen {
    /// The match.
    pub match_id: i64,
    /// All three signed: no more changes.
    pub locked: bool,
    /// The score sheet, as the rules core derives it from the events; its referee is the
    /// one who signed as the referee once he has (the set-up's name until then, which
    /// prefills his signature), as the signed sheet prints him.
    pub sheet: ScoreSheet,
    /// Reclamations written on this screen, by player (the protests recorded during the
    /// match are the sheet's).
    pub reclamations: ByPlayer<Option<String>>,
    /// Signatures given.
    pub signatures: Vec<ScreenSignature>,
    /// Roles still to sign.
    pub missing: Vec<SignerRole>,
}

/// `pick_and_check_sheet`: asks for a signed score sheet (a PDF, made on this device or
/// any other) and checks it; answers what it found, or `None` when cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickAndCheckSheet {
    /// The language of the dialog and of the words inside the reason (a role, a field).
    pub language: Lang,
}

/// What a sheet check found about one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetCheck {
    /// The file's name (without its folder).
    pub file: String,
    /// Genuine, with what it certifies, or not, with why.
    pub verdict: SheetVerdict,
}

/// The answer of a sheet check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SheetVerdict {
    /// Every check passed: the pages are exactly what the sealed match file prints,
    /// signed by the device key named.
    Genuine(CertifiedSheet),
    /// A check failed.
    NotGenuine {
        /// What kind of failure it is (the panel's headline).
        fault: SheetFault,
        /// Exactly what failed (the sheet library's message, with its arguments).
        reason: crate::Error,
    },
}

/// Why a sheet is not genuine, in the words a club uses; the exact check that failed is
/// in the verdict's `reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SheetFault {
    /// The file is not a readable PDF.
    NotAPdf,
    /// A PDF, but not a Carambole score sheet: no sealed match file, or one that does not
    /// parse.
    NotASheet,
    /// The seal is broken: the match file was changed after signing, or the signature
    /// does not match the key.
    SealBroken,
    /// The sealed sheet lacks a signature of the referee or of a player.
    NotSigned,
    /// The figures printed are not those of the match replayed by the rules.
    FiguresDiffer,
    /// The pages (or something else in the PDF) differ from what the sealed match file
    /// prints: the PDF was edited after it was made.
    PagesDiffer,
}

impl SheetFault {
    /// Stable identifier (`not-a-pdf`…), also the suffix of its Fluent message.
    pub const fn id(self) -> &'static str {
        match self {
            SheetFault::NotAPdf => "not-a-pdf",
            SheetFault::NotASheet => "not-a-sheet",
            SheetFault::SealBroken => "seal-broken",
            SheetFault::NotSigned => "not-signed",
            SheetFault::FiguresDiffer => "figures-differ",
            SheetFault::PagesDiffer => "pages-differ",
        }
    }

    /// Every fault.
    pub const ALL: [SheetFault; 6] = [
        SheetFault::NotAPdf,
        SheetFault::NotASheet,
        SheetFault::SealBroken,
        SheetFault::NotSigned,
        SheetFault::FiguresDiffer,
        SheetFault::PagesDiffer,
    ];
}

/// One player as a genuine sheet certifies him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertifiedPlayer {
    /// Name.
    pub name: String,
    /// Club (may be empty).
    pub club: String,
    /// Distance.
    pub target: u32,
    /// Points made.
    pub points: u32,
    /// Innings played.
    pub innings: u32,
    /// Sets won, when sets are played.
    pub sets_won: Option<u32>,
}

/// What a genuine sheet certifies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertifiedSheet {
    /// The discipline.
    pub discipline: Discipline,
    /// The day of the match.
    pub date: chrono::NaiveDate,
    /// The competition (may be empty).
    pub competition: String,
    /// The venue (may be empty).
    pub venue: String,
    /// The referee's name.
    pub referee: String,
    /// Both players, in sheet order.
    pub players: ByPlayer<CertifiedPlayer>,
    /// The winner (`0` or `1`), or `"draw"`.
    pub winner: Winner,
    /// Won by forfeit (the other abandoned, or got a second warning).
    pub forfeit: bool,
    /// The fingerprint of the device key that signed it, as printed on the sheet
    /// (`3f2a 91bc 04de 7781`): compare it with the devices you trust.
    pub fingerprint: String,
    /// Whether this device's own key signed it.
    pub signed_here: bool,
    /// SHA-256 of the sealed match file, hex.
    pub digest: String,
    /// The language the sheet is printed in.
    pub language: Lang,
}
