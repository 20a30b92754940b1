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

impl From<carom_core::Message> for IpcError {
    fn from(m: carom_core::Message) -> IpcError {
        let args = m
            .args
            .into_iter()
            .map(|(k, v)| {
                let v = match v {
                    carom_core::Arg::Number(n) | carom_core::Arg::Decimal(n) => n.into(),
                    carom_core::Arg::Text(t) => t.into(),
                };
                (k.to_owned(), v)
            })
            .collect();
        IpcError {
            code: m.id.to_owned(),
            field: None,
            args,
        }
    }
}

impl From<StoreError> for IpcError {
    fn from(e: StoreError) -> IpcError {
        let field = match &e {
            StoreError::Invalid { field, .. } => Some((*field).to_owned()),
            _ => None,
        };
        IpcError {
            field,
            ..IpcError::from(e.message())
        }
    }
}
