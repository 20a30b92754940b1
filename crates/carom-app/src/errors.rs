//! From the libraries' errors to the [`carom_api::Error`] that crosses to the UI. The
//! store and the sheet library say what went wrong with typed data and know no message
//! ids; each of their variants is mapped here, by an exhaustive `match` (a new library
//! error does not compile until it has its code).

use carom_api::{Error, ErrorCode, FormField};
use carom_core::SetupError;
use carom_i18n::{t, Lang};
use carom_sheet::{SheetError, SignerRole, TotalsField};
use carom_store::{Input, Refusal, StoreError};

/// The name of `role` in `lang`, as the sheet prints it.
pub fn role_name(lang: Lang, role: SignerRole) -> String {
    t(lang, &format!("sheet-role-{}", role.id()))
}

/// The form field named by its kebab-case id, if it is one the UI knows.
pub(crate) fn field(id: &str) -> Option<FormField> {
    serde_json::from_value(serde_json::Value::String(id.to_owned())).ok()
}

/// An error about `field`.
pub(crate) fn at(code: ErrorCode, field: FormField) -> Error {
    Error::from(code).at(field)
}

/// The form field a set-up error is about (the new-match form's ids).
fn setup_field(e: &SetupError) -> Option<FormField> {
    let path = e.field();
    Some(match path.as_str() {
        "players[0].name" => FormField::PlayerAName,
        "players[1].name" => FormField::PlayerBName,
        "players[0].target" => FormField::PlayerATarget,
        "players[1].target" => FormField::PlayerBTarget,
        "sets.best_of" | "sets.target" => FormField::SetTarget,
        other => return field(&other.replace('_', "-")),
    })
}

/// A set-up refused by the core, naming the form field.
pub(crate) fn setup_error(e: &SetupError) -> Error {
    Error {
        code: ErrorCode::from(&e.message()),
        field: setup_field(e),
    }
}

/// A count as a message argument (the limits are small; a larger one reads as the most).
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The form field an input the store refused came from (`None`: no field of a form).
fn input_field(input: Input) -> Option<FormField> {
    Some(match input {
        Input::PlayerAName => FormField::PlayerAName,
        Input::PlayerBName => FormField::PlayerBName,
        Input::PlayerATarget => FormField::PlayerATarget,
        Input::PlayerBTarget => FormField::PlayerBTarget,
        Input::HandicapFactor => FormField::HandicapFactor,
        Input::HandicapMinimum => FormField::HandicapMinimum,
        Input::PlayerName => FormField::PlayerName,
        Input::PlayerClub => FormField::PlayerClub,
        Input::PlayerLicence => FormField::PlayerLicence,
        Input::PlayerNotes => FormField::PlayerNotes,
        Input::Reclamation => FormField::Reclamation,
        // The signer's name is checked on the sheet, beside the pad: the app names the pad.
        Input::SignerName => return None,
    })
}

/// The code of a refused input.
fn refusal_code(refusal: Refusal) -> ErrorCode {
    match refusal {
        Refusal::NameEmpty => ErrorCode::NameEmpty,
        Refusal::NameTooLong { max } => ErrorCode::NameTooLong { max: count(max) },
        Refusal::NameControlChars => ErrorCode::NameControlChars,
        Refusal::TextTooLong { max } => ErrorCode::TextTooLong { max: count(max) },
        Refusal::TextControlChars => ErrorCode::TextControlChars,
        Refusal::TargetOutOfRange { min, max } => ErrorCode::TargetOutOfRange { min, max },
        Refusal::HandicapOutOfRange { min, max } => ErrorCode::StatsOutOfRange {
            min: min.into(),
            max: max.into(),
        },
    }
}

/// A store error as it crosses: its code and, for an input, the form field. A refused
/// set-up names its field too; the rules core's refusals cross as its own messages.
pub fn store_error(e: &StoreError) -> Error {
    let (code, field) = match e {
        StoreError::Invalid { input, refusal } => (refusal_code(*refusal), input_field(*input)),
        StoreError::Setup(s) => return setup_error(s),
        StoreError::NoSuchPlayer(id) => (
            ErrorCode::PlayerNotFound { id: *id },
            Some(FormField::Player),
        ),
        StoreError::DuplicatePlayer { existing } => (
            ErrorCode::PlayerDuplicate { id: *existing },
            Some(FormField::PlayerName),
        ),
        StoreError::MergeSame => (ErrorCode::PlayerMergeSame, Some(FormField::Player)),
        StoreError::NoSuchConflict(_) => (ErrorCode::RosterConflictNotFound, None),
        StoreError::SignatureTooLarge => (ErrorCode::SignatureTooLarge, Some(FormField::Signature)),
        StoreError::SignatureDuplicate => {
            (ErrorCode::SignatureDuplicate, Some(FormField::Signature))
        }
        StoreError::NoSuchSide(_) => (ErrorCode::NoSuchPlayer, Some(FormField::ReclamationPlayer)),
        StoreError::NewerSchema => (ErrorCode::DatabaseNewer { restore: false }, None),
        StoreError::Locked => (ErrorCode::DatabaseLocked, None),
        StoreError::ReadOnly => (ErrorCode::DatabaseReadOnly, None),
        StoreError::NotAFile(path) => (
            ErrorCode::DatabaseNotAFile {
                file: path.display().to_string(),
            },
            None,
        ),
        StoreError::NoDatabase(path) => (
            ErrorCode::DatabaseMissing {
                file: path.display().to_string(),
            },
            None,
        ),
        StoreError::Foreign => (ErrorCode::DatabaseForeign, None),
        StoreError::DiskFull => (ErrorCode::DiskFull, None),
        StoreError::Sqlite(_) | StoreError::Migration(_) => (
            ErrorCode::Database {
                detail: e.to_string(),
            },
            None,
        ),
        StoreError::Io(_) => (
            ErrorCode::FileSystem {
                detail: e.to_string(),
            },
            None,
        ),
        StoreError::Corrupt(_) => (
            ErrorCode::DatabaseCorrupt {
                detail: e.to_string(),
                restore: false,
            },
            None,
        ),
        // The findings are for logs (`Display`); the user is told in one line.
        StoreError::Damaged(_) => (ErrorCode::DatabaseDamaged { restore: false }, None),
        StoreError::NoSuchMatch(id) => (ErrorCode::MatchNotFound { id: *id }, None),
        StoreError::MatchLocked(id) => (ErrorCode::MatchSigned { id: *id }, None),
        StoreError::InTrash(id) => (ErrorCode::MatchInTrash { id: *id }, None),
        StoreError::NotInTrash(id) => (ErrorCode::MatchNotInTrash { id: *id }, None),
        StoreError::NotFinished(id) => (ErrorCode::MatchNotFinished { id: *id }, None),
        StoreError::TurnChanged { name } => (ErrorCode::TurnChanged { name: name.clone() }, None),
        StoreError::Stale { expected, found } => (
            ErrorCode::StaleAction {
                expected: *expected,
                found: *found,
            },
            None,
        ),
        StoreError::Play(p) => (ErrorCode::from(&p.message()), None),
        StoreError::File(f) => (ErrorCode::from(&f.message()), None),
        StoreError::TooLarge { max } => (ErrorCode::ImportTooLarge { max: *max }, None),
        StoreError::NotText => (ErrorCode::ImportNotText, None),
        StoreError::Duplicate { existing } => (ErrorCode::ImportDuplicate { id: *existing }, None),
        StoreError::BackupOntoItself => (ErrorCode::BackupOntoItself, None),
    };
    Error { code, field }
}

/// A number the sheet library counts in `usize`, as a message argument.
fn page(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// How the words inside a sheet error are given: a totals field, by its label's id (the UI
/// names it) or in a language (a reason given as text). Signer roles cross typed; each
/// front end names them ([`ErrorCode::message_naming`]).
pub(crate) struct SheetWords<F: Fn(TotalsField) -> String> {
    /// A totals field's word.
    pub field: F,
}

/// The words of a sheet error as ids: a field's label id.
pub(crate) fn ids() -> SheetWords<impl Fn(TotalsField) -> String> {
    SheetWords {
        field: |f: TotalsField| f.label_id().to_owned(),
    }
}

/// The words of a sheet error in `lang`, as the sheet prints them.
pub(crate) fn words_in(lang: Lang) -> SheetWords<impl Fn(TotalsField) -> String> {
    SheetWords {
        field: move |f: TotalsField| carom_i18n::t(lang, f.label_id()),
    }
}

/// The code of a sheet library error, its words given by `words`.
pub(crate) fn sheet_code<F>(e: &SheetError, words: &SheetWords<F>) -> ErrorCode
where
    F: Fn(TotalsField) -> String,
{
    match e {
        SheetError::MissingSignature { role } => ErrorCode::SheetMissingSignature { role: *role },
        SheetError::DuplicateSignature { role } => {
            ErrorCode::SheetDuplicateSignature { role: *role }
        }
        SheetError::EmptySignature { role } => ErrorCode::SheetEmptySignature { role: *role },
        SheetError::MatchNotFinished => ErrorCode::SheetMatchNotFinished,
        SheetError::InvalidDocument { detail } => ErrorCode::SheetInvalidDocument {
            detail: detail.clone(),
        },
        SheetError::Layout { detail } => ErrorCode::SheetLayout {
            detail: detail.clone(),
        },
        SheetError::NotAPdf { detail } => ErrorCode::SheetNotAPdf {
            detail: detail.clone(),
        },
        SheetError::AttachmentMissing { name } => {
            ErrorCode::SheetAttachmentMissing { name: name.clone() }
        }
        SheetError::EnvelopeInvalid { detail } => ErrorCode::SheetEnvelopeInvalid {
            detail: detail.clone(),
        },
        SheetError::SealInvalid { detail } => ErrorCode::SheetSealInvalid {
            detail: detail.clone(),
        },
        SheetError::DigestMismatch { sealed, computed } => ErrorCode::SheetDigestMismatch {
            sealed: sealed.clone(),
            computed: computed.clone(),
        },
        SheetError::BadSignature => ErrorCode::SheetBadSignature,
        SheetError::ReplayFailed { event, detail } => ErrorCode::SheetReplayFailed {
            event: event.map(page),
            detail: detail.clone(),
        },
        SheetError::GridDiffers { set, inning } => ErrorCode::SheetGridDiffers {
            set: *set,
            inning: *inning,
        },
        SheetError::TotalsDiffer {
            player: _,
            name,
            field,
            printed,
            replayed,
        } => ErrorCode::SheetTotalsDiffer {
            name: name.clone(),
            field: (words.field)(*field),
            printed: printed.clone(),
            replayed: replayed.clone(),
        },
        SheetError::ExtraAttachment { name } => {
            ErrorCode::SheetExtraAttachment { name: name.clone() }
        }
        SheetError::PageCountDiffers { found, expected } => ErrorCode::SheetPageCountDiffers {
            found: page(*found),
            expected: page(*expected),
        },
        SheetError::PageDiffers { page: p, part } => ErrorCode::SheetPageDiffers {
            page: page(*p),
            part: part.id().to_owned(),
        },
        SheetError::PageAnnotations { page: p } => {
            ErrorCode::SheetPageAnnotations { page: page(*p) }
        }
        SheetError::ActiveContent { what } => ErrorCode::SheetActiveContent { what: what.clone() },
        SheetError::DocumentDiffers { path } => {
            ErrorCode::SheetDocumentDiffers { path: path.clone() }
        }
    }
}

/// A sheet library error as it crosses (a totals field by its label's id).
pub(crate) fn sheet_error(e: &SheetError) -> Error {
    Error::from(sheet_code(e, &ids()))
}

/// A sheet library error in `lang`, a signer role and a totals field named as the sheet
/// prints them: what the CLI prints for a sheet it cannot export or verify.
pub fn sheet_error_text(lang: Lang, e: &SheetError) -> String {
    error_text(lang, &sheet_code(e, &words_in(lang)))
}

/// The message of `code` in `lang`: what the CLI prints for an error, and the reason a
/// sheet check gives. A signer role is named as the sheet prints it; a decimal reads with
/// the language's separator, as the core's messages do everywhere.
pub fn error_text(lang: Lang, code: &ErrorCode) -> String {
    let (id, args) = code.message_naming(|r| role_name(lang, r));
    carom_i18n::tr(lang, id, &args)
}

/// Shorthand: a store result as the application answers it.
pub(crate) trait OrStoreError<T> {
    /// The value, or the store's error as it crosses.
    fn or_store(self) -> Result<T, Error>;
}

impl<T> OrStoreError<T> for Result<T, StoreError> {
    fn or_store(self) -> Result<T, Error> {
        self.map_err(|e| store_error(&e))
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use carom_sheet::{PagePart, PlayerSlot};

    use super::*;

    fn invalid(input: Input, refusal: Refusal) -> StoreError {
        StoreError::Invalid { input, refusal }
    }

    #[test]
    fn each_store_error_crosses_as_its_own_code_with_its_parameters_and_field() {
        let cases = [
            (
                invalid(Input::PlayerAName, Refusal::NameEmpty),
                Error::from(ErrorCode::NameEmpty).at(FormField::PlayerAName),
            ),
            (
                invalid(Input::PlayerBName, Refusal::NameTooLong { max: 100 }),
                Error::from(ErrorCode::NameTooLong { max: 100 }).at(FormField::PlayerBName),
            ),
            (
                invalid(Input::PlayerName, Refusal::NameControlChars),
                Error::from(ErrorCode::NameControlChars).at(FormField::PlayerName),
            ),
            (
                invalid(Input::PlayerNotes, Refusal::TextTooLong { max: 2000 }),
                Error::from(ErrorCode::TextTooLong { max: 2000 }).at(FormField::PlayerNotes),
            ),
            (
                invalid(Input::PlayerClub, Refusal::TextControlChars),
                Error::from(ErrorCode::TextControlChars).at(FormField::PlayerClub),
            ),
            (
                invalid(Input::PlayerLicence, Refusal::TextControlChars),
                Error::from(ErrorCode::TextControlChars).at(FormField::PlayerLicence),
            ),
            (
                invalid(Input::Reclamation, Refusal::TextTooLong { max: 500 }),
                Error::from(ErrorCode::TextTooLong { max: 500 }).at(FormField::Reclamation),
            ),
            (
                invalid(Input::SignerName, Refusal::NameEmpty),
                Error::from(ErrorCode::NameEmpty),
            ),
            (
                invalid(
                    Input::PlayerATarget,
                    Refusal::TargetOutOfRange { min: 1, max: 9999 },
                ),
                Error::from(ErrorCode::TargetOutOfRange { min: 1, max: 9999 })
                    .at(FormField::PlayerATarget),
            ),
            (
                invalid(
                    Input::PlayerBTarget,
                    Refusal::TargetOutOfRange { min: 1, max: 9999 },
                ),
                Error::from(ErrorCode::TargetOutOfRange { min: 1, max: 9999 })
                    .at(FormField::PlayerBTarget),
            ),
            (
                invalid(
                    Input::HandicapFactor,
                    Refusal::HandicapOutOfRange { min: 1, max: 1000 },
                ),
                Error::from(ErrorCode::StatsOutOfRange { min: 1, max: 1000 })
                    .at(FormField::HandicapFactor),
            ),
            (
                invalid(
                    Input::HandicapMinimum,
                    Refusal::HandicapOutOfRange { min: 1, max: 9999 },
                ),
                Error::from(ErrorCode::StatsOutOfRange { min: 1, max: 9999 })
                    .at(FormField::HandicapMinimum),
            ),
            (
                StoreError::NoSuchPlayer(7),
                Error::from(ErrorCode::PlayerNotFound { id: 7 }).at(FormField::Player),
            ),
            (
                StoreError::DuplicatePlayer { existing: 3 },
                Error::from(ErrorCode::PlayerDuplicate { id: 3 }).at(FormField::PlayerName),
            ),
            (
                StoreError::MergeSame,
                Error::from(ErrorCode::PlayerMergeSame).at(FormField::Player),
            ),
            (
                StoreError::SignatureTooLarge,
                Error::from(ErrorCode::SignatureTooLarge).at(FormField::Signature),
            ),
            (
                StoreError::SignatureDuplicate,
                Error::from(ErrorCode::SignatureDuplicate).at(FormField::Signature),
            ),
            (
                StoreError::NoSuchSide(2),
                Error::from(ErrorCode::NoSuchPlayer).at(FormField::ReclamationPlayer),
            ),
            (
                StoreError::NewerSchema,
                ErrorCode::DatabaseNewer { restore: false }.into(),
            ),
            (StoreError::Locked, ErrorCode::DatabaseLocked.into()),
            (StoreError::ReadOnly, ErrorCode::DatabaseReadOnly.into()),
            (
                StoreError::NotAFile(PathBuf::from("dir")),
                ErrorCode::DatabaseNotAFile { file: "dir".into() }.into(),
            ),
            (
                StoreError::NoDatabase(PathBuf::from("x.sqlite")),
                ErrorCode::DatabaseMissing {
                    file: "x.sqlite".into(),
                }
                .into(),
            ),
            (StoreError::Foreign, ErrorCode::DatabaseForeign.into()),
            (StoreError::DiskFull, ErrorCode::DiskFull.into()),
            (
                StoreError::Migration("v3".into()),
                ErrorCode::Database {
                    detail: "migration error: v3".into(),
                }
                .into(),
            ),
            (
                StoreError::Io("gone".into()),
                ErrorCode::FileSystem {
                    detail: "file error: gone".into(),
                }
                .into(),
            ),
            (
                StoreError::Corrupt("bad".into()),
                ErrorCode::DatabaseCorrupt {
                    detail: "stored data is damaged: bad".into(),
                    restore: false,
                }
                .into(),
            ),
            (
                StoreError::Damaged("page 3".into()),
                ErrorCode::DatabaseDamaged { restore: false }.into(),
            ),
            (
                StoreError::NoSuchMatch(4),
                ErrorCode::MatchNotFound { id: 4 }.into(),
            ),
            (
                StoreError::NoSuchConflict("0f3a.1".into()),
                ErrorCode::RosterConflictNotFound.into(),
            ),
            (
                StoreError::MatchLocked(4),
                ErrorCode::MatchSigned { id: 4 }.into(),
            ),
            (
                StoreError::InTrash(4),
                ErrorCode::MatchInTrash { id: 4 }.into(),
            ),
            (
                StoreError::NotInTrash(4),
                ErrorCode::MatchNotInTrash { id: 4 }.into(),
            ),
            (
                StoreError::NotFinished(4),
                ErrorCode::MatchNotFinished { id: 4 }.into(),
            ),
            (
                StoreError::TurnChanged {
                    name: "Caudron".into(),
                },
                ErrorCode::TurnChanged {
                    name: "Caudron".into(),
                }
                .into(),
            ),
            (
                StoreError::Stale {
                    expected: 2,
                    found: 3,
                },
                ErrorCode::StaleAction {
                    expected: 2,
                    found: 3,
                }
                .into(),
            ),
            (
                StoreError::Play(carom_core::PlayError::NothingToUndo),
                ErrorCode::from(&carom_core::PlayError::NothingToUndo.message()).into(),
            ),
            (
                StoreError::TooLarge { max: 9 },
                ErrorCode::ImportTooLarge { max: 9 }.into(),
            ),
            (StoreError::NotText, ErrorCode::ImportNotText.into()),
            (
                StoreError::Duplicate { existing: 2 },
                ErrorCode::ImportDuplicate { id: 2 }.into(),
            ),
            (
                StoreError::BackupOntoItself,
                ErrorCode::BackupOntoItself.into(),
            ),
        ];
        for (e, want) in cases {
            assert_eq!(store_error(&e), want, "{e:?}");
        }
    }

    #[test]
    fn a_rules_refusal_crosses_as_the_cores_own_message() {
        let e = store_error(&StoreError::Play(carom_core::PlayError::NothingToUndo));
        let ErrorCode::Rules(m) = &e.code else {
            panic!("{e:?}");
        };
        assert_eq!(m.id, carom_core::PlayError::NothingToUndo.message().id);
    }

    /// One error of each kind the sheet library has.
    fn sheet_errors() -> Vec<SheetError> {
        let role = SignerRole::Player2;
        let mut errors = vec![
            SheetError::MissingSignature { role },
            SheetError::DuplicateSignature { role },
            SheetError::EmptySignature { role },
            SheetError::MatchNotFinished,
            SheetError::InvalidDocument { detail: "x".into() },
            SheetError::Layout { detail: "x".into() },
            SheetError::NotAPdf { detail: "x".into() },
            SheetError::AttachmentMissing {
                name: "seal.json".into(),
            },
            SheetError::EnvelopeInvalid { detail: "x".into() },
            SheetError::SealInvalid { detail: "x".into() },
            SheetError::DigestMismatch {
                sealed: "a".into(),
                computed: "b".into(),
            },
            SheetError::BadSignature,
            SheetError::ReplayFailed {
                event: Some(3),
                detail: "x".into(),
            },
            SheetError::ReplayFailed {
                event: None,
                detail: "x".into(),
            },
            SheetError::GridDiffers {
                set: 1,
                inning: Some(4),
            },
            SheetError::GridDiffers {
                set: 2,
                inning: None,
            },
            SheetError::TotalsDiffer {
                player: PlayerSlot::One,
                name: "A".into(),
                field: TotalsField::HighRun,
                printed: "1".into(),
                replayed: "2".into(),
            },
            SheetError::ExtraAttachment {
                name: "notes.txt".into(),
            },
            SheetError::PageCountDiffers {
                found: 3,
                expected: 2,
            },
            SheetError::PageAnnotations { page: 1 },
            SheetError::ActiveContent {
                what: "OpenAction".into(),
            },
            SheetError::DocumentDiffers {
                path: "/Info/Title".into(),
            },
        ];
        errors.extend(
            [
                PagePart::Content,
                PagePart::Font,
                PagePart::Image,
                PagePart::Drawing,
                PagePart::Resources,
                PagePart::Layout,
            ]
            .map(|part| SheetError::PageDiffers { page: 2, part }),
        );
        errors
    }

    #[test]
    fn each_sheet_error_crosses_as_its_own_code_with_typed_numbers() {
        let codes: Vec<ErrorCode> = sheet_errors().iter().map(|e| sheet_error(e).code).collect();
        let role = || SignerRole::Player2;
        let want = [
            ErrorCode::SheetMissingSignature { role: role() },
            ErrorCode::SheetDuplicateSignature { role: role() },
            ErrorCode::SheetEmptySignature { role: role() },
            ErrorCode::SheetMatchNotFinished,
            ErrorCode::SheetInvalidDocument { detail: "x".into() },
            ErrorCode::SheetLayout { detail: "x".into() },
            ErrorCode::SheetNotAPdf { detail: "x".into() },
            ErrorCode::SheetAttachmentMissing {
                name: "seal.json".into(),
            },
            ErrorCode::SheetEnvelopeInvalid { detail: "x".into() },
            ErrorCode::SheetSealInvalid { detail: "x".into() },
            ErrorCode::SheetDigestMismatch {
                sealed: "a".into(),
                computed: "b".into(),
            },
            ErrorCode::SheetBadSignature,
            ErrorCode::SheetReplayFailed {
                event: Some(3),
                detail: "x".into(),
            },
            ErrorCode::SheetReplayFailed {
                event: None,
                detail: "x".into(),
            },
            ErrorCode::SheetGridDiffers {
                set: 1,
                inning: Some(4),
            },
            ErrorCode::SheetGridDiffers {
                set: 2,
                inning: None,
            },
            ErrorCode::SheetTotalsDiffer {
                name: "A".into(),
                field: "sheet-high-run".into(),
                printed: "1".into(),
                replayed: "2".into(),
            },
            ErrorCode::SheetExtraAttachment {
                name: "notes.txt".into(),
            },
            ErrorCode::SheetPageCountDiffers {
                found: 3,
                expected: 2,
            },
            ErrorCode::SheetPageAnnotations { page: 1 },
            ErrorCode::SheetActiveContent {
                what: "OpenAction".into(),
            },
            ErrorCode::SheetDocumentDiffers {
                path: "/Info/Title".into(),
            },
        ];
        assert_eq!(codes[..want.len()], want);
        for (code, part) in codes[want.len()..].iter().zip([
            "content",
            "font",
            "image",
            "drawing",
            "resources",
            "layout",
        ]) {
            assert_eq!(
                code,
                &ErrorCode::SheetPageDiffers {
                    page: 2,
                    part: part.into()
                }
            );
        }
    }

    #[test]
    fn every_sheet_error_reads_as_a_whole_sentence_in_the_three_languages() {
        for lang in Lang::ALL {
            for e in sheet_errors() {
                let code = sheet_code(&e, &words_in(lang));
                assert!(
                    carom_i18n::has(lang, code.message().0),
                    "{lang:?}: {code:?}"
                );
                let m = error_text(lang, &code);
                assert!(!m.contains("sheet-"), "{lang:?}: {m}");
                assert!(!m.contains('{'), "{lang:?}: {m}");
            }
            let missing = SheetError::MissingSignature {
                role: SignerRole::Referee,
            };
            let m = error_text(lang, &sheet_code(&missing, &words_in(lang)));
            assert!(m.contains(&role_name(lang, SignerRole::Referee)), "{m}");
        }
    }
}
