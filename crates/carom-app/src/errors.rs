//! From the libraries' errors to the [`carom_api::Error`] that crosses to the UI. The
//! ids and arguments the store and the sheet give are turned into typed codes by
//! [`ErrorCode::from_message`], the inverse of the code's own message.

use carom_api::{ArgValue, Error, ErrorCode, FormField};
use carom_core::SetupError;
use carom_sheet::SheetError;
use carom_store::StoreError;

/// The form field named by its kebab-case id, if it is one the UI knows.
pub(crate) fn field(id: &str) -> Option<FormField> {
    serde_json::from_value(serde_json::Value::String(id.to_owned())).ok()
}

/// An error about `field`.
pub(crate) fn at(code: ErrorCode, field: FormField) -> Error {
    Error::from(code).at(field)
}

/// The typed error of a core message (the core's own ids stay [`ErrorCode::Rules`]).
pub(crate) fn core_message(m: &carom_core::Message) -> ErrorCode {
    let args: Vec<(String, ArgValue)> = carom_api::RuleMessage::from(m).args;
    ErrorCode::from_message(m.id, &args)
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
        code: core_message(&e.message()),
        field: setup_field(e),
    }
}

/// A store error as it crosses. The store words each error as a Fluent id with
/// arguments; [`ErrorCode::from_message`] turns that into the typed code (a new store
/// error whose id carom-api does not know yet still crosses, as [`ErrorCode::Rules`], and
/// shows its own message). A set-up error also names its form field.
pub fn store_error(e: StoreError) -> Error {
    match e {
        StoreError::Invalid { field, code, args } => {
            let args: Vec<(String, ArgValue)> = args
                .iter()
                .map(|(k, v)| ((*k).to_owned(), ArgValue::Number(*v)))
                .collect();
            Error {
                code: ErrorCode::from_message(code, &args),
                field: self::field(field),
            }
        }
        StoreError::Setup(s) => setup_error(&s),
        other => Error::from(core_message(&other.message())),
    }
}

/// A sheet library error as it crosses (signer roles by their ids).
pub(crate) fn sheet_error(e: &SheetError) -> Error {
    sheet_error_with(e, |_, v| v)
}

/// A sheet library error as it crosses, each parameter given by `word` (which may put
/// a role or a field into words). A parameter that is a number crosses as one.
pub(crate) fn sheet_error_with(e: &SheetError, word: impl Fn(&str, String) -> String) -> Error {
    let args: Vec<(String, ArgValue)> = e
        .params()
        .into_iter()
        .map(|(k, v)| {
            let v = match v.parse::<i64>() {
                Ok(n) => ArgValue::Number(n),
                Err(_) => ArgValue::Text(word(k, v)),
            };
            (k.to_owned(), v)
        })
        .collect();
    Error::from(ErrorCode::from_message(e.code(), &args))
}

/// Shorthand: a store result as the application answers it.
pub(crate) trait OrStoreError<T> {
    /// The value, or the store's error as it crosses.
    fn or_store(self) -> Result<T, Error>;
}

impl<T> OrStoreError<T> for Result<T, StoreError> {
    fn or_store(self) -> Result<T, Error> {
        self.map_err(store_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_store_error_crosses_as_its_typed_code() {
        let cases = [
            (
                StoreError::NewerSchema,
                ErrorCode::DatabaseNewer { restore: false },
            ),
            (StoreError::Locked, ErrorCode::DatabaseLocked),
            (StoreError::ReadOnly, ErrorCode::DatabaseReadOnly),
            (StoreError::DiskFull, ErrorCode::DiskFull),
            (
                StoreError::NoSuchMatch(4),
                ErrorCode::MatchNotFound { id: 4 },
            ),
            (StoreError::MatchLocked(4), ErrorCode::MatchSigned { id: 4 }),
            (StoreError::InTrash(4), ErrorCode::MatchInTrash { id: 4 }),
            (
                StoreError::NotInTrash(4),
                ErrorCode::MatchNotInTrash { id: 4 },
            ),
            (
                StoreError::NotFinished(4),
                ErrorCode::MatchNotFinished { id: 4 },
            ),
            (
                StoreError::TooLarge { max: 9 },
                ErrorCode::ImportTooLarge { max: 9 },
            ),
            (StoreError::NotText, ErrorCode::ImportNotText),
            (
                StoreError::Duplicate { existing: 2 },
                ErrorCode::ImportDuplicate { id: 2 },
            ),
            (StoreError::BackupOntoItself, ErrorCode::BackupOntoItself),
            (
                StoreError::TurnChanged {
                    name: "Caudron".into(),
                },
                ErrorCode::TurnChanged {
                    name: "Caudron".into(),
                },
            ),
            (
                StoreError::Stale {
                    expected: 2,
                    found: 3,
                },
                ErrorCode::StaleAction {
                    expected: 2,
                    found: 3,
                },
            ),
            (StoreError::Foreign, ErrorCode::DatabaseForeign),
            (
                StoreError::NoDatabase("x.sqlite".into()),
                ErrorCode::DatabaseMissing {
                    file: "x.sqlite".into(),
                },
            ),
            (
                StoreError::NotAFile("dir".into()),
                ErrorCode::DatabaseNotAFile { file: "dir".into() },
            ),
            (
                StoreError::Damaged("page 3".into()),
                ErrorCode::DatabaseDamaged { restore: false },
            ),
        ];
        for (e, code) in cases {
            assert_eq!(store_error(e).code, code);
        }
        let io = store_error(StoreError::Io("gone".into()));
        assert!(matches!(io.code, ErrorCode::FileSystem { .. }), "{io:?}");
        let corrupt = store_error(StoreError::Corrupt("bad".into()));
        assert!(
            matches!(
                corrupt.code,
                ErrorCode::DatabaseCorrupt { restore: false, .. }
            ),
            "{corrupt:?}"
        );
        let invalid = store_error(StoreError::Invalid {
            field: "player-a-name",
            code: "error-name-empty",
            args: Default::default(),
        });
        assert_eq!(
            invalid,
            Error::from(ErrorCode::NameEmpty).at(FormField::PlayerAName)
        );
    }
}
