//! Checking a signed score sheet PDF, made on this device or any other: the sheet
//! engine verifies it ([`crate::platform::Printer::verify`]: seal, signature, replay, and
//! pages that are exactly what the sealed match file prints), and the answer says what a
//! genuine sheet certifies or why a sheet is not genuine.

use std::path::Path;

use carom_api::{
    CertifiedPlayer, CertifiedSheet, Error, ErrorCode, PickAndCheckSheet, SheetCheck, SheetFault,
    SheetVerdict,
};
use carom_core::{ByPlayer, Winner};
use carom_i18n::{t, Lang};
use carom_sheet::{SealedResult, SheetError, Verified};

use crate::errors::{sheet_code, sheet_error, words_in};
use crate::match_files::file_name;
use crate::platform::Picker;
use crate::sheet::slot_index;
use crate::App;

/// The largest file checked as a score sheet. A sheet of the longest match is a few
/// hundred kilobytes; a file much larger is none of ours, and is not read whole.
pub const MAX_SHEET_BYTES: u64 = 64 * 1024 * 1024;

/// What a genuine sheet certifies in one line, as the sheet prints its result: each
/// player's name, points and innings (`Dupont 18 (3) – Martin 20 (3)`).
pub fn sheet_summary(sheet: &CertifiedSheet) -> String {
    let (p1, p2) = (&sheet.players.a, &sheet.players.b);
    format!(
        "{} {} ({}) – {} {} ({})",
        p1.name, p1.points, p1.innings, p2.name, p2.points, p2.innings
    )
}

/// The kind of failure a verification error is; `None` when it is no verdict on the
/// sheet but the engine failing (the sheet could not be laid out again).
fn fault(e: &SheetError) -> Option<SheetFault> {
    Some(match e {
        SheetError::NotAPdf { .. } => SheetFault::NotAPdf,
        SheetError::AttachmentMissing { .. } | SheetError::EnvelopeInvalid { .. } => {
            SheetFault::NotASheet
        }
        SheetError::SealInvalid { .. }
        | SheetError::DigestMismatch { .. }
        | SheetError::BadSignature => SheetFault::SealBroken,
        SheetError::MissingSignature { .. }
        | SheetError::DuplicateSignature { .. }
        | SheetError::EmptySignature { .. } => SheetFault::NotSigned,
        SheetError::MatchNotFinished
        | SheetError::InvalidDocument { .. }
        | SheetError::ReplayFailed { .. }
        | SheetError::GridDiffers { .. }
        | SheetError::TotalsDiffer { .. } => SheetFault::FiguresDiffer,
        SheetError::ExtraAttachment { .. }
        | SheetError::PageCountDiffers { .. }
        | SheetError::PageDiffers { .. }
        | SheetError::PageAnnotations { .. }
        | SheetError::ActiveContent { .. }
        | SheetError::DocumentDiffers { .. } => SheetFault::PagesDiffer,
        SheetError::Layout { .. } => return None,
    })
}

/// The verdict on a sheet the engine refused: its fault and the exact reason, a signer
/// role or a totals field put into words in `lang`.
fn not_genuine(e: &SheetError, lang: Lang) -> Result<SheetVerdict, Error> {
    let Some(fault) = fault(e) else {
        return Err(sheet_error(e));
    };
    let reason = Error::from(sheet_code(e, &words_in(lang)));
    Ok(SheetVerdict::NotGenuine { fault, reason })
}

/// What a verified sheet certifies.
fn certified(v: &Verified, own_fingerprint: Option<&str>) -> Result<CertifiedSheet, Error> {
    let sheet = &v.envelope.sheet;
    let header = &sheet.header;
    let date = chrono::NaiveDate::from_ymd_opt(
        header.date.year,
        u32::from(header.date.month),
        u32::from(header.date.day),
    )
    .ok_or_else(|| ErrorCode::internal("the sheet's date"))?;
    let [p1, p2] = &sheet.players;
    let [t1, t2] = &sheet.totals;
    let player = |p: &carom_sheet::SealedPlayer, t: &carom_sheet::PlayerTotals| CertifiedPlayer {
        name: p.name.clone(),
        club: p.club.clone(),
        target: p.target,
        points: t.points,
        innings: t.innings,
        sets_won: t.sets_won,
    };
    let (winner, forfeit) = match sheet.result {
        SealedResult::Win { winner } => (Winner::Player(slot_index(winner)), false),
        SealedResult::Forfeit { winner } => (Winner::Player(slot_index(winner)), true),
        SealedResult::Draw => (Winner::Draw, false),
    };
    Ok(CertifiedSheet {
        discipline: header.discipline,
        date,
        competition: header.competition.clone(),
        venue: header.venue.clone(),
        referee: header.referee.clone(),
        players: ByPlayer::new(player(p1, t1), player(p2, t2)),
        winner,
        forfeit,
        signed_here: own_fingerprint == Some(v.fingerprint.as_str()),
        fingerprint: v.fingerprint.clone(),
        digest: v.digest.clone(),
        language: v.lang,
    })
}

impl App {
    /// Checks the score sheet `pdf` (from a file named `file`); `lang` puts the words
    /// inside a reason (a signer role, a totals field) into words.
    ///
    /// # Errors
    /// [`ErrorCode::SheetLayout`] when the engine cannot lay the sheet out again (a
    /// verdict needs that render); a sheet that fails a check is no error but a
    /// [`SheetVerdict::NotGenuine`].
    pub fn check_sheet(&self, file: &str, pdf: &[u8], lang: Lang) -> Result<SheetCheck, Error> {
        let verdict = match self.services.printer.verify(pdf) {
            Ok(v) => {
                // Only read: checking a sheet never creates this device's key.
                let own = self
                    .services
                    .keys
                    .load()
                    .ok()
                    .flatten()
                    .map(|seed| carom_sheet::DeviceKey::from_seed(&seed).fingerprint());
                SheetVerdict::Genuine(certified(&v, own.as_deref())?)
            }
            Err(e) => not_genuine(&e, lang)?,
        };
        Ok(SheetCheck {
            file: file.to_owned(),
            verdict,
        })
    }

    /// Reads the file at `path` (at most [`MAX_SHEET_BYTES`]) and checks it.
    fn check_sheet_at(&self, path: &Path, lang: Lang) -> Result<SheetCheck, Error> {
        let bytes = self
            .services
            .files
            .read(path, MAX_SHEET_BYTES)
            .map_err(|e| {
                Error::from(ErrorCode::FileSystem {
                    detail: format!("{}: {e}", file_name(path)),
                })
            })?;
        if bytes.len() as u64 > MAX_SHEET_BYTES {
            return Err(ErrorCode::SheetFileTooLarge {
                max: MAX_SHEET_BYTES,
            }
            .into());
        }
        self.check_sheet(&file_name(path), &bytes, lang)
    }

    /// Asks for a signed score sheet (one PDF) and checks it; `None` if cancelled.
    ///
    /// # Errors
    /// [`ErrorCode::FileSystem`] when the file cannot be read,
    /// [`ErrorCode::SheetFileTooLarge`], or as [`App::check_sheet`].
    pub fn pick_and_check_sheet(
        &self,
        req: PickAndCheckSheet,
    ) -> Result<Option<SheetCheck>, Error> {
        let lang = req.language;
        let picker = Picker {
            title: t(lang, "check-title"),
            label: t(lang, "check-files"),
            extensions: &["pdf"],
        };
        let Some(paths) = self.services.files.pick_files(&picker, false) else {
            return Ok(None);
        };
        let Some(path) = paths.first() else {
            return Ok(None);
        };
        self.check_sheet_at(path, lang).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verification_failure_is_a_fault_and_only_a_failed_layout_is_an_error() {
        use carom_sheet::{PagePart, PlayerSlot, SignerRole, TotalsField};
        let cases = [
            (
                SheetError::NotAPdf { detail: "x".into() },
                SheetFault::NotAPdf,
            ),
            (
                SheetError::AttachmentMissing {
                    name: "match.json".into(),
                },
                SheetFault::NotASheet,
            ),
            (SheetError::BadSignature, SheetFault::SealBroken),
            (
                SheetError::DigestMismatch {
                    sealed: "a".into(),
                    computed: "b".into(),
                },
                SheetFault::SealBroken,
            ),
            (
                SheetError::MissingSignature {
                    role: SignerRole::Referee,
                },
                SheetFault::NotSigned,
            ),
            (
                SheetError::TotalsDiffer {
                    player: PlayerSlot::One,
                    name: "Caudron".into(),
                    field: TotalsField::Points,
                    printed: "40".into(),
                    replayed: "39".into(),
                },
                SheetFault::FiguresDiffer,
            ),
            (
                SheetError::PageDiffers {
                    page: 1,
                    part: PagePart::Content,
                },
                SheetFault::PagesDiffer,
            ),
        ];
        for (e, want) in cases {
            let verdict = not_genuine(&e, Lang::En).unwrap();
            let SheetVerdict::NotGenuine { fault, reason } = verdict else {
                panic!("{e:?} is genuine");
            };
            assert_eq!(fault, want, "{e:?}");
            assert!(
                !matches!(
                    reason.code,
                    ErrorCode::Rules(_) | ErrorCode::Internal { .. }
                ),
                "{e:?} crosses as {reason:?}"
            );
        }
        let totals = not_genuine(
            &SheetError::TotalsDiffer {
                player: PlayerSlot::Two,
                name: "Jaspers".into(),
                field: TotalsField::HighRun,
                printed: "9".into(),
                replayed: "8".into(),
            },
            Lang::Fr,
        )
        .unwrap();
        let SheetVerdict::NotGenuine { reason, .. } = totals else {
            panic!("genuine");
        };
        assert_eq!(
            reason.code,
            ErrorCode::SheetTotalsDiffer {
                name: "Jaspers".into(),
                field: t(Lang::Fr, "sheet-high-run"),
                printed: "9".into(),
                replayed: "8".into(),
            }
        );
        let page = not_genuine(
            &SheetError::PageDiffers {
                page: 2,
                part: PagePart::Font,
            },
            Lang::En,
        )
        .unwrap();
        let SheetVerdict::NotGenuine { reason, .. } = page else {
            panic!("genuine");
        };
        assert_eq!(
            reason.code,
            ErrorCode::SheetPageDiffers {
                page: 2,
                part: "font".into()
            }
        );
        assert!(not_genuine(&SheetError::Layout { detail: "x".into() }, Lang::En).is_err());
    }
}
