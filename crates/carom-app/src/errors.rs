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

/// A store error as it crosses.
pub fn store_error(e: StoreError) -> Error {
    let detail = e.to_string();
    let code = match e {
        StoreError::Invalid { field, code, args } => {
            let args: Vec<(String, ArgValue)> = args
                .iter()
                .map(|(k, v)| ((*k).to_owned(), ArgValue::Number(*v)))
                .collect();
            return Error {
                code: ErrorCode::from_message(code, &args),
                field: self::field(field),
            };
        }
        StoreError::Setup(s) => return setup_error(&s),
        StoreError::NewerSchema => ErrorCode::DatabaseNewer { restore: false },
        StoreError::Locked => ErrorCode::DatabaseLocked,
        StoreError::ReadOnly => ErrorCode::DatabaseReadOnly,
        StoreError::DiskFull => ErrorCode::DiskFull,
        StoreError::Sqlite(_) | StoreError::Migration(_) => ErrorCode::Database { detail },
        StoreError::Io(_) => ErrorCode::FileSystem { detail },
        StoreError::Corrupt(_) => ErrorCode::DatabaseCorrupt {
            detail,
            restore: false,
        },
        StoreError::NoSuchMatch(id) => ErrorCode::MatchNotFound { id },
        StoreError::MatchLocked(id) => ErrorCode::MatchSigned { id },
        StoreError::InTrash(id) => ErrorCode::MatchInTrash { id },
        StoreError::NotInTrash(id) => ErrorCode::MatchNotInTrash { id },
        StoreError::NotFinished(id) => ErrorCode::MatchNotFinished { id },
        StoreError::Play(p) => core_message(&p.message()),
        StoreError::File(f) => core_message(&f.message()),
        StoreError::TooLarge { max } => ErrorCode::ImportTooLarge { max },
        StoreError::NotText => ErrorCode::ImportNotText,
        StoreError::Duplicate { existing } => ErrorCode::ImportDuplicate { id: existing },
        StoreError::BackupOntoItself => ErrorCode::BackupOntoItself,
    };
    Error::from(code)
}

/// A sheet library error as it crosses (signer roles by their ids).
pub(crate) fn sheet_error(e: &SheetError) -> Error {
    let args: Vec<(String, ArgValue)> = e
        .params()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), ArgValue::Text(v)))
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
