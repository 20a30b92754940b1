//! The contract between the Carambole UI and the application behind it (the Tauri shell
//! or the web worker): every request and response type, defined once and used by both
//! ends; [`ErrorCode`], the only form in which an error crosses; and the command
//! catalogue ([`Command`], [`COMMANDS`]), which the Tauri handler, the capability file,
//! the worker's dispatch and the UI's calls are checked against; what a command does
//! besides answering ([`Effects`], [`News`]); and the web app's messages between the page
//! and its worker ([`ToWorker`], [`FromWorker`]); and what crosses between the machines of
//! a club ([`ClubRecord`], [`Refusal`], [`TableState`], [`RosterEntry`]).
//!
//! Depends on serde and carom-core only, so that it builds for wasm32 with the UI.

mod call;
mod catalogue;
mod club;
mod data;
mod error;
mod matches;
mod settings;
mod sheet;
mod stats;
mod worker;

pub use call::{Call, Reply};
pub use catalogue::{command_info, Command, CommandInfo, Effects, FileInput, News, COMMANDS};
pub use club::{
    ClubRecord, ClubSignature, FinishedMatch, MatchKey, Refusal, ResolveRosterConflict,
    RosterConflict, RosterConflicts, RosterEntry, RosterPick, TableMatch, TableState,
};
pub use data::*;
pub use error::{Error, ErrorCode, FormField, RuleMessage, ERROR_MESSAGE_IDS};
pub use matches::*;
pub use settings::*;
pub use sheet::*;
pub use stats::*;
pub use worker::{FileBytes, FromWorker, ToWorker};
