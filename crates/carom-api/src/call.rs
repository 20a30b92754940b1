//! A catalogue command by name and its answer, as one JSON value each: the lines of the
//! headless `carambole serve` (one request per line on stdin, one answer per line on
//! stdout), written by whoever drives it (the soak, scripts).
//!
//! - request: `{"command": "play", "args": {"id": 1, "expected_seq": 0, …}}`; `args` is
//!   the command's request (the same fields the UI sends) and may be left out when the
//!   request has none;
//! - answer: `{"ok": OUTPUT}` or `{"error": ERROR}`, ERROR as [`Error`] crosses
//!   everywhere (`{"code": "<fluent id>", "args": {…}, "field": …}`).

use serde::{Deserialize, Serialize};

use crate::{Command, Error};

/// One request: catalogue command `command` with its request `args`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Call<A> {
    /// The command's name in the catalogue (`play`, `open_match`…).
    pub command: String,
    /// The command's request; absent (or `null`) means a request with no fields.
    pub args: Option<A>,
}

impl<C: Command> Call<C> {
    /// The call of `request` under its catalogue name.
    pub fn of(request: C) -> Call<C> {
        Call {
            command: C::NAME.to_owned(),
            args: Some(request),
        }
    }
}

/// One answer: the command's output, or the error it answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply<T> {
    /// The command ran (and, for a command that writes, committed).
    Ok(T),
    /// The command was refused, or the request could not be read.
    Error(Error),
}

impl<T> From<Result<T, Error>> for Reply<T> {
    fn from(r: Result<T, Error>) -> Reply<T> {
        match r {
            Ok(v) => Reply::Ok(v),
            Err(e) => Reply::Error(e),
        }
    }
}

impl<T> From<Reply<T>> for Result<T, Error> {
    fn from(r: Reply<T>) -> Result<T, Error> {
        match r {
            Reply::Ok(v) => Ok(v),
            Reply::Error(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Applied, ErrorCode, OpenMatch, UnfinishedMatches};

    #[test]
    fn a_call_names_its_command_and_carries_its_request_as_args() {
        let json = serde_json::to_value(Call::of(OpenMatch { id: 4 })).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"command": "open_match", "args": {"id": 4}})
        );
        let bare: Call<UnfinishedMatches> =
            serde_json::from_str(r#"{"command": "unfinished_matches"}"#).unwrap();
        assert_eq!(bare.args, None);
        assert!(
            serde_json::from_str::<Call<OpenMatch>>(r#"{"command": "x", "arg": {}}"#).is_err(),
            "a misspelt field is refused, not ignored"
        );
    }

    #[test]
    fn a_reply_is_ok_or_error_and_the_error_crosses_as_everywhere() {
        let ok = serde_json::to_value(Reply::Ok(Applied { events: 3 })).unwrap();
        assert_eq!(ok, serde_json::json!({"ok": {"events": 3}}));
        let refused: Reply<Applied> = Reply::Error(ErrorCode::MatchNotFound { id: 9 }.into());
        let json = serde_json::to_value(&refused).unwrap();
        assert_eq!(json["error"]["code"], "error-match-not-found");
        assert_eq!(json["error"]["args"]["id"], 9);
        assert_eq!(
            serde_json::from_value::<Reply<Applied>>(json).unwrap(),
            refused
        );
        let unit = serde_json::to_string(&Reply::Ok(())).unwrap();
        assert_eq!(unit, r#"{"ok":null}"#);
    }
}
