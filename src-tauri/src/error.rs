//! Errors as they cross the IPC boundary: a message code plus parameters, never prose.
//! The UI turns the code into a sentence in the user's language.

use std::collections::BTreeMap;

use carom_store::StoreError;
use serde::Serialize;

/// An error the UI localizes: `code` is a Fluent message id (`error-…`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IpcError {
    /// Fluent message id.
    pub code: String,
    /// The form field it concerns, if any (e.g. `player-a-name`).
    pub field: Option<String>,
    /// Message arguments.
    pub args: BTreeMap<String, serde_json::Value>,
}

impl IpcError {
    /// An error with a code and no field.
    pub fn new(code: &str) -> IpcError {
        IpcError {
            code: code.to_owned(),
            field: None,
            args: BTreeMap::new(),
        }
    }

    /// Adds a message argument.
    pub fn arg(mut self, key: &str, value: impl Into<serde_json::Value>) -> IpcError {
        self.args.insert(key.to_owned(), value.into());
        self
    }
}

impl From<StoreError> for IpcError {
    fn from(e: StoreError) -> IpcError {
        match &e {
            StoreError::Invalid { field, code, args } => IpcError {
                code: (*code).to_owned(),
                field: Some((*field).to_owned()),
                args: args
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).into()))
                    .collect(),
            },
            _ => IpcError::new(e.code()).arg("detail", e.to_string()),
        }
    }
}
