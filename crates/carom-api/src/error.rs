//! Errors as they cross the boundary: an [`ErrorCode`] with typed parameters, and the
//! form field it concerns. Never prose: the UI turns [`ErrorCode::message`] into a
//! sentence in the user's language with Fluent.

use std::collections::BTreeMap;

use carom_core::{Arg, SignerRole};
use serde::{Deserialize, Serialize};

/// How an error parameter becomes a message argument (`None` leaves it out: a flag that
/// is not set), and how it is read back from the wire.
trait Param: Sized {
    fn to_arg(&self) -> Option<Arg>;
    /// The argument with each signer role in it named by `name` (the role's word in the
    /// reader's language); other parameters are as [`Param::to_arg`] gives them.
    fn to_named_arg(&self, _name: &dyn Fn(SignerRole) -> String) -> Option<Arg> {
        self.to_arg()
    }
    /// The parameter from its wire form (`None`: not of this type).
    fn from_wire(arg: WireArg) -> Option<Self>;
    /// The parameter when the wire leaves it out: a flag that is not set, else an empty or
    /// zero value (`None`: it may not be left out).
    fn absent() -> Option<Self>;
}

impl Param for String {
    fn absent() -> Option<Self> {
        Some(String::new())
    }
    fn to_arg(&self) -> Option<Arg> {
        Some(Arg::Text(self.clone()))
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        match arg {
            WireArg::Text(t) => Some(t),
            WireArg::Number(n) => Some(n.to_string()),
        }
    }
}

impl Param for i64 {
    fn absent() -> Option<Self> {
        Some(0)
    }
    fn to_arg(&self) -> Option<Arg> {
        Some(Arg::Number(*self))
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        match arg {
            WireArg::Number(n) => Some(n),
            WireArg::Text(_) => None,
        }
    }
}

impl Param for u32 {
    fn absent() -> Option<Self> {
        Some(0)
    }
    fn to_arg(&self) -> Option<Arg> {
        Some(Arg::Number(i64::from(*self)))
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        i64::from_wire(arg).and_then(|n| u32::try_from(n).ok())
    }
}

impl Param for u64 {
    fn absent() -> Option<Self> {
        Some(0)
    }
    fn to_arg(&self) -> Option<Arg> {
        Some(Arg::Number(i64::try_from(*self).unwrap_or(i64::MAX)))
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        i64::from_wire(arg).and_then(|n| u64::try_from(n).ok())
    }
}

impl Param for bool {
    fn absent() -> Option<Self> {
        Some(false)
    }
    /// A flag is given as `1` when set (Fluent selects on it), left out otherwise.
    fn to_arg(&self) -> Option<Arg> {
        self.then_some(Arg::Number(1))
    }
    fn from_wire(_: WireArg) -> Option<Self> {
        Some(true)
    }
}

impl Param for Option<u32> {
    fn absent() -> Option<Self> {
        Some(None)
    }
    /// A number that may be unknown: empty text then (the message still reads).
    fn to_arg(&self) -> Option<Arg> {
        Some(match self {
            Some(n) => Arg::Number(i64::from(*n)),
            None => Arg::Text(String::new()),
        })
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        match arg {
            WireArg::Text(t) if t.is_empty() => Some(None),
            other => u32::from_wire(other).map(Some),
        }
    }
}

/// A signer role crosses as its id (`player-1`).
impl Param for SignerRole {
    fn absent() -> Option<Self> {
        None
    }
    fn to_arg(&self) -> Option<Arg> {
        Some(Arg::Text(self.id().to_owned()))
    }
    fn to_named_arg(&self, name: &dyn Fn(SignerRole) -> String) -> Option<Arg> {
        Some(Arg::Text(name(*self)))
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        match arg {
            WireArg::Text(t) => SignerRole::from_id(&t),
            WireArg::Number(_) => None,
        }
    }
}

/// Signer roles cross as their ids, comma-separated (`referee,player-1`); named, they
/// are listed with a comma and a space.
impl Param for Vec<SignerRole> {
    fn absent() -> Option<Self> {
        Some(Vec::new())
    }
    fn to_arg(&self) -> Option<Arg> {
        let ids: Vec<&str> = self.iter().map(|r| r.id()).collect();
        Some(Arg::Text(ids.join(",")))
    }
    fn to_named_arg(&self, name: &dyn Fn(SignerRole) -> String) -> Option<Arg> {
        let names: Vec<String> = self.iter().map(|r| name(*r)).collect();
        Some(Arg::Text(names.join(", ")))
    }
    fn from_wire(arg: WireArg) -> Option<Self> {
        match arg {
            WireArg::Text(t) if t.is_empty() => Some(Vec::new()),
            WireArg::Text(t) => t.split(',').map(SignerRole::from_id).collect(),
            WireArg::Number(_) => None,
        }
    }
}

/// Reads a parameter of a [`WireCode`] (serde's `deserialize_with`; a parameter left out
/// is `None`, then [`Param::absent`]).
fn wire_param<'de, D: serde::Deserializer<'de>, T: Param>(d: D) -> Result<Option<T>, D::Error> {
    T::from_wire(WireArg::deserialize(d)?)
        .map(Some)
        .ok_or_else(|| serde::de::Error::custom("an error argument of another type"))
}

/// What the rules core said when it refused an event, a set-up or a match file: the
/// core's own Fluent message (ids `error-play-…`, `error-setup-…`, `error-file-…`, from
/// `locales/*/rules.ftl`) with its arguments. The core owns these ids; the UI shows them
/// without looking at them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleMessage {
    /// The core's Fluent message id.
    pub id: String,
    /// Its arguments, in the core's order.
    pub args: Vec<(String, Arg)>,
}

impl From<&carom_core::Message> for RuleMessage {
    fn from(m: &carom_core::Message) -> RuleMessage {
        RuleMessage {
            id: m.id.to_owned(),
            args: m
                .args
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        }
    }
}

/// Declares [`ErrorCode`] from one list: each variant with its parameters and its Fluent
/// message id, so that the wire code, the message id and the arguments cannot drift.
macro_rules! error_codes {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident $({ $($field:ident : $ty:ty),* $(,)? })? => $id:literal,
    )*) => {
        /// Every error that crosses the boundary between the application and the UI.
        ///
        /// On the wire (inside [`Error`]): `{"code": "<fluent id>", "args": {name: value}}`.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum ErrorCode {
            $(
                $(#[doc = $doc])*
                $variant $({ $(
                    #[doc = concat!("Message argument `", stringify!($field), "`.")]
                    $field: $ty
                ),* })?,
            )*
            /// The rules core refused (an impossible event, an invalid set-up, a match
            /// file that does not replay): its own message.
            Rules(RuleMessage),
        }

        impl ErrorCode {
            /// The Fluent message id and its arguments as they cross (a signer role by
            /// its id).
            pub fn message(&self) -> (&str, Vec<(&str, Arg)>) {
                self.message_with(None)
            }

            /// The Fluent message id and its arguments as a reader sees them: each signer
            /// role named by `name` (its word in the reader's language).
            pub fn message_naming(
                &self,
                name: impl Fn(SignerRole) -> String,
            ) -> (&str, Vec<(&str, Arg)>) {
                self.message_with(Some(&name))
            }

            fn message_with(
                &self,
                name: Option<&dyn Fn(SignerRole) -> String>,
            ) -> (&str, Vec<(&str, Arg)>) {
                match self {
                    $(
                        #[allow(unused_variables)]
                        ErrorCode::$variant $({ $($field),* })? => {
                            #[allow(unused_mut)]
                            let mut args: Vec<(&str, Arg)> = Vec::new();
                            $($(
                                let arg = match name {
                                    Some(name) => Param::to_named_arg($field, name),
                                    None => Param::to_arg($field),
                                };
                                if let Some(v) = arg {
                                    args.push((stringify!($field), v));
                                }
                            )*)?
                            ($id, args)
                        }
                    )*
                    ErrorCode::Rules(m) => (
                        m.id.as_str(),
                        m.args.iter().map(|(k, v)| (k.as_str(), v.clone())).collect(),
                    ),
                }
            }
        }

        /// [`ErrorCode`] as it is read from the wire: serde's adjacently tagged enum, each
        /// code under its Fluent id (the one spelling of it, in this list), the rules
        /// core's messages under their own ids (any id not in the list).
        #[derive(Deserialize)]
        #[serde(tag = "code", content = "args")]
        enum WireCode {
            $(
                #[serde(rename = $id)]
                $variant { $($(
                    #[serde(default, deserialize_with = "wire_param")]
                    $field: Option<$ty>
                ),*)? },
            )*
            #[serde(untagged)]
            Rules {
                code: String,
                #[serde(default)]
                args: BTreeMap<String, WireArg>,
            },
        }

        impl WireCode {
            /// The code, each argument left out read as [`Param::absent`]; `Err` names an
            /// argument that may not be left out.
            fn into_code(self) -> Result<ErrorCode, &'static str> {
                Ok(match self {
                    $(WireCode::$variant { $($($field),*)? } => ErrorCode::$variant $({ $(
                        $field: $field.or_else(Param::absent).ok_or(stringify!($field))?
                    ),* })?,)*
                    WireCode::Rules { code, args } => ErrorCode::Rules(RuleMessage {
                        id: code,
                        args: args.into_iter().map(|(k, v)| (k, Arg::from(v))).collect(),
                    }),
                })
            }
        }

        /// Every Fluent id an [`ErrorCode`] can name outside [`ErrorCode::Rules`]
        /// (checked against `locales/`).
        pub const ERROR_MESSAGE_IDS: &[&str] = &[$($id),*];
    };
}

error_codes! {
    /// Something that should not happen (a poisoned lock, a missing row just written).
    Internal { detail: String } => "error-internal",
    /// A request of a known command whose arguments do not read as that request (a field
    /// missing, a discipline, language or role that does not exist): `detail` says which.
    RequestInvalid { command: String, detail: String } => "error-request-invalid",
    /// A distance outside `min..=max`.
    TargetOutOfRange { min: u32, max: u32 } => "error-target-out-of-range",
    /// The turn passed to another player since the screen was drawn.
    TurnChanged { name: String } => "error-turn-changed",
    /// The screen showed `expected` events; the match now has `found`.
    StaleAction { expected: u64, found: u64 } => "error-stale-action",
    /// A name is empty.
    NameEmpty => "error-name-empty",
    /// A name is longer than `max` characters.
    NameTooLong { max: i64 } => "error-name-too-long",
    /// A name holds control characters.
    NameControlChars => "error-name-control-chars",
    /// The same person on both sides of a new match: the two players are one stored player
    /// (same name and club).
    SamePlayerBothSides => "error-same-players",
    /// A text is longer than `max` characters.
    TextTooLong { max: i64 } => "error-text-too-long",
    /// A text holds control characters.
    TextControlChars => "error-text-control-chars",
    /// The database was written by a newer Carambole; `restore` when a backup can be
    /// restored.
    DatabaseNewer { restore: bool } => "error-database-newer",
    /// Another instance holds the database.
    DatabaseLocked => "error-database-locked",
    /// The web app is open in another tab of this browser, which holds the database.
    OpenInAnotherTab => "error-open-in-another-tab",
    /// The browser gives the web app no private file storage (OPFS) to keep matches in.
    BrowserStorage { detail: String } => "error-browser-storage",
    /// The database cannot be written.
    DatabaseReadOnly => "error-database-read-only",
    /// The disk is full; the last change was not saved.
    DiskFull => "error-disk-full",
    /// SQLite refused.
    Database { detail: String } => "error-database",
    /// The file system refused.
    FileSystem { detail: String } => "error-file-system",
    /// The database (or a backup) is damaged; `restore` when a backup can be restored.
    DatabaseCorrupt { detail: String, restore: bool } => "error-database-corrupt",
    /// Pages of the database are damaged; `restore` when a backup can be restored.
    DatabaseDamaged { restore: bool } => "error-database-damaged",
    /// The database path is not a regular file (a folder, a device…).
    DatabaseNotAFile { file: String } => "error-database-not-a-file",
    /// The file is another program's SQLite database.
    DatabaseForeign => "error-database-foreign",
    /// There is no database at this path.
    DatabaseMissing { file: String } => "error-database-missing",
    /// No match `id`.
    MatchNotFound { id: i64 } => "error-match-not-found",
    /// Match `id` is signed and takes no more changes.
    MatchSigned { id: i64 } => "error-match-signed",
    /// Match `id` is signed (an official record): deleting it needs a second, explicit
    /// confirmation.
    SignedDeleteUnconfirmed { id: i64 } => "error-match-signed-delete",
    /// Match `id` is in the trash.
    MatchInTrash { id: i64 } => "error-match-in-trash",
    /// Match `id` is not in the trash.
    MatchNotInTrash { id: i64 } => "error-match-not-in-trash",
    /// Match `id` is not finished.
    MatchNotFinished { id: i64 } => "error-match-not-finished",
    /// An imported file is larger than `max` bytes.
    ImportTooLarge { max: u64 } => "error-import-too-large",
    /// An imported file is not text.
    ImportNotText => "error-import-not-text",
    /// The imported match is already stored as match `id`.
    ImportDuplicate { id: i64 } => "error-import-duplicate",
    /// A backup cannot be written over the database it copies.
    BackupOntoItself => "error-backup-onto-itself",
    /// A backup file handed over whole (the web app's upload) is larger than `max_mb`
    /// MiB, more than the app reads into memory.
    BackupTooLarge { max_mb: u64 } => "error-backup-too-large",
    /// There is no automatic backup to restore.
    NoBackup => "error-no-backup",
    /// The database works; there is nothing to restore.
    DatabaseIsFine => "error-database-is-fine",
    /// The chosen backup is the database itself.
    RestoreItself => "data-error-restore-itself",
    /// A date that is not `YYYY-MM-DD` (history search).
    HistoryDate => "history-error-date",
    /// A search whose end comes before its start.
    HistoryDateOrder => "history-error-date-order",
    /// A statistics date that is not `YYYY-MM-DD`.
    StatsBadDate { date: String } => "stats-error-bad-date",
    /// A number of the handicap rule outside `min..=max`.
    StatsOutOfRange { min: i64, max: i64 } => "stats-error-out-of-range",
    /// No folder to write an export to.
    StatsNoFolder => "stats-error-no-folder",
    /// No player `id`.
    PlayerNotFound { id: i64 } => "players-error-not-found",
    /// Another player (`id`) already has this name and club.
    PlayerDuplicate { id: i64 } => "players-error-duplicate",
    /// A player cannot be merged into himself.
    PlayerMergeSame => "players-error-merge-same",
    /// No roster conflict about this player is open here (resolved meanwhile, on this
    /// device or another).
    RosterConflictNotFound => "players-error-no-conflict",
    /// A signature too large to keep.
    SignatureTooLarge => "error-signature-too-large",
    /// This signer has signed already.
    SignatureDuplicate => "error-signature-duplicate",
    /// A reclamation by a player the match does not have.
    NoSuchPlayer => "error-no-such-player",
    /// An empty signature pad.
    EmptySignature => "sign-error-empty-signature",
    /// These signers have not signed yet (on the wire: their ids, comma-separated).
    MissingSignatures { roles: Vec<SignerRole> } => "sign-missing-signatures",
    /// The device's signing key cannot be read or written.
    DeviceKey { detail: String } => "sign-device-key-error",
    /// The PDF cannot be written.
    PdfWrite { detail: String } => "sign-error-write",
    /// The saved file cannot be opened with the system's viewer.
    OpenFile { detail: String } => "sign-error-open",
    /// The sheet lacks the signature of `role`.
    SheetMissingSignature { role: SignerRole } => "sheet-error-missing-signature",
    /// The sheet has two signatures of `role`.
    SheetDuplicateSignature { role: SignerRole } => "sheet-error-duplicate-signature",
    /// The signature of `role` is empty.
    SheetEmptySignature { role: SignerRole } => "sheet-error-empty-signature",
    /// The match is not finished: it has no sheet yet.
    SheetMatchNotFinished => "sheet-error-match-not-finished",
    /// The sheet document is invalid.
    SheetInvalidDocument { detail: String } => "sheet-error-invalid-document",
    /// The sheet could not be laid out.
    SheetLayout { detail: String } => "sheet-error-layout",
    /// A file picked to be checked as a score sheet is larger than `max` bytes.
    SheetFileTooLarge { max: u64 } => "check-error-too-large",
    /// Not a readable PDF.
    SheetNotAPdf { detail: String } => "sheet-verify-not-a-pdf",
    /// The PDF has no attachment `name` (`match.json`, `seal.json`).
    SheetAttachmentMissing { name: String } => "sheet-verify-attachment-missing",
    /// The attached match file is not a valid envelope.
    SheetEnvelopeInvalid { detail: String } => "sheet-verify-envelope-invalid",
    /// The attached seal is not valid.
    SheetSealInvalid { detail: String } => "sheet-verify-seal-invalid",
    /// The attached match file is not the sealed one (its SHA-256 differs).
    SheetDigestMismatch { sealed: String, computed: String } => "sheet-verify-digest-mismatch",
    /// The signature does not match the match file and the key.
    SheetBadSignature => "sheet-verify-bad-signature",
    /// The attached match file does not replay (at `event`, 1-based, when known).
    SheetReplayFailed { event: Option<u32>, detail: String } => "sheet-verify-replay-failed",
    /// The printed innings differ from the replay in `set` (at `inning`; `None` when the
    /// set as a whole differs).
    SheetGridDiffers { set: u32, inning: Option<u32> } => "sheet-verify-grid-differs",
    /// A printed total (`field`, its label in the request's language) differs from the
    /// replay.
    SheetTotalsDiffer { name: String, field: String, printed: String, replayed: String } => "sheet-verify-totals-differ",
    /// An attachment beyond the match file and the seal.
    SheetExtraAttachment { name: String } => "sheet-verify-extra-attachment",
    /// Another number of pages than the sealed match file prints.
    SheetPageCountDiffers { found: u32, expected: u32 } => "sheet-verify-page-count-differs",
    /// A page differs (`part`: `content`, `font`, `image`, `drawing`, `resources`,
    /// `layout`).
    SheetPageDiffers { page: u32, part: String } => "sheet-verify-page-differs",
    /// A page carries annotations the sealed sheet does not have.
    SheetPageAnnotations { page: u32 } => "sheet-verify-page-annotations",
    /// The PDF carries active content (`what`: the PDF key).
    SheetActiveContent { what: String } => "sheet-verify-active-content",
    /// Something else in the document differs (`path` of PDF keys).
    SheetDocumentDiffers { path: String } => "sheet-verify-document-differs",
    /// The speech engine (`engine`) is not installed.
    SpeechEngineMissing { engine: String } => "error-speech-engine-missing",
    /// The speech engine failed.
    SpeechFailed { detail: String } => "error-speech-failed",
    /// A text to speak longer than `max` characters.
    SpeechTooLong { max: i64 } => "error-speech-too-long",
}

impl ErrorCode {
    /// An internal error with its detail.
    pub fn internal(detail: impl Into<String>) -> ErrorCode {
        ErrorCode::Internal {
            detail: detail.into(),
        }
    }
}

impl From<&carom_core::Message> for ErrorCode {
    fn from(m: &carom_core::Message) -> ErrorCode {
        ErrorCode::Rules(RuleMessage::from(m))
    }
}

/// Declares [`FormField`] from one list: each field with its kebab-case id (the id the
/// UI's form uses, on the wire too).
macro_rules! form_fields {
    ($($(#[doc = $doc:literal])* $variant:ident => $id:literal,)*) => {
        /// A form field an error is about: the UI shows the message beside it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum FormField {
            $($(#[doc = $doc])* #[serde(rename = $id)] $variant,)*
        }

        impl FormField {
            /// The field's id in the UI's forms (`player-a-name`…).
            pub const fn id(self) -> &'static str {
                match self {
                    $(FormField::$variant => $id,)*
                }
            }
        }
    };
}

form_fields! {
    /// The first player's name (new-match form).
    PlayerAName => "player-a-name",
    /// The second player's name.
    PlayerBName => "player-b-name",
    /// The first player's distance.
    PlayerATarget => "player-a-target",
    /// The second player's distance.
    PlayerBTarget => "player-b-target",
    /// The innings limit.
    InningsLimit => "innings-limit",
    /// The sets (best of, points per set).
    SetTarget => "set-target",
    /// The shot clock.
    ShotClock => "shot-clock",
    /// The pause.
    Pause => "pause",
    /// The competition's name.
    Competition => "competition",
    /// The venue.
    Venue => "venue",
    /// The table's name.
    TableName => "table-name",
    /// The referee's name.
    Referee => "referee",
    /// The marker's name.
    Marker => "marker",
    /// History search: the discipline.
    HistoryDiscipline => "history-discipline",
    /// History search: the first day.
    HistoryFrom => "history-from",
    /// History search: the last day.
    HistoryUntil => "history-until",
    /// History search: the status.
    HistoryStatus => "history-status",
    /// Statistics: the first day.
    StatsFrom => "stats-from",
    /// Statistics: the last day.
    StatsUntil => "stats-until",
    /// Ranking: the first day.
    RankingFrom => "ranking-from",
    /// Ranking: the last day.
    RankingUntil => "ranking-until",
    /// The handicap rule's factor.
    HandicapFactor => "handicap-factor",
    /// The handicap rule's minimum.
    HandicapMinimum => "handicap-minimum",
    /// A player (the players screen).
    Player => "player",
    /// A player's name (the players screen).
    PlayerName => "player-name",
    /// A player's club.
    PlayerClub => "player-club",
    /// A player's licence number.
    PlayerLicence => "player-licence",
    /// Notes about a player.
    PlayerNotes => "player-notes",
    /// A signature.
    Signature => "signature",
    /// The referee's signature pad.
    SignatureReferee => "signature-referee",
    /// The first player's signature pad.
    SignaturePlayer1 => "signature-player-1",
    /// The second player's signature pad.
    SignaturePlayer2 => "signature-player-2",
    /// A reclamation's text.
    Reclamation => "reclamation",
    /// A reclamation's player.
    ReclamationPlayer => "reclamation-player",
}

/// An error as it crosses: the code and, for a form, the field it concerns.
///
/// On the wire: `{"code": "<fluent id>", "args": {name: number or text}, "field":
/// "<form field>" or null}` — the Fluent id and arguments of [`ErrorCode::message`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What went wrong.
    pub code: ErrorCode,
    /// The form field it concerns, if any.
    pub field: Option<FormField>,
}

/// An argument on the wire: a plain number or text.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum WireArg {
    Number(i64),
    Text(String),
}

impl From<WireArg> for Arg {
    fn from(v: WireArg) -> Arg {
        match v {
            WireArg::Number(n) => Arg::Number(n),
            WireArg::Text(t) => Arg::Text(t),
        }
    }
}

#[derive(Serialize)]
struct WireError {
    code: String,
    args: BTreeMap<String, WireArg>,
    field: Option<FormField>,
}

/// [`Error`] as it is read: its code flattened beside the field.
#[derive(Deserialize)]
struct WireErrorIn {
    #[serde(flatten)]
    code: WireCode,
    #[serde(default)]
    field: Option<FormField>,
}

impl Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (id, args) = self.code.message();
        WireError {
            code: id.to_owned(),
            args: args
                .into_iter()
                .map(|(k, v)| {
                    let v = match v {
                        Arg::Number(n) | Arg::Decimal(n) => WireArg::Number(n),
                        Arg::Text(t) => WireArg::Text(t),
                    };
                    (k.to_owned(), v)
                })
                .collect(),
            field: self.field,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Error {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Error, D::Error> {
        let wire = WireErrorIn::deserialize(d)?;
        Ok(Error {
            code: wire.code.into_code().map_err(|arg| {
                serde::de::Error::custom(format_args!("an error without its argument {arg}"))
            })?,
            field: wire.field,
        })
    }
}

impl Error {
    /// The same error, about `field`.
    #[must_use]
    pub fn at(mut self, field: FormField) -> Error {
        self.field = Some(field);
        self
    }
}

impl From<ErrorCode> for Error {
    fn from(code: ErrorCode) -> Error {
        Error { code, field: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_crosses_as_its_fluent_id_with_named_arguments_and_comes_back_typed() {
        let e = Error::from(ErrorCode::TargetOutOfRange { min: 1, max: 9999 })
            .at(FormField::PlayerATarget);
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"code": "error-target-out-of-range",
                "args": {"min": 1, "max": 9999}, "field": "player-a-target"})
        );
        assert_eq!(serde_json::from_value::<Error>(json).unwrap(), e);
        let unit = serde_json::to_value(Error::from(ErrorCode::NoBackup)).unwrap();
        assert_eq!(unit["code"], "error-no-backup");
        assert_eq!(
            serde_json::from_value::<Error>(unit).unwrap(),
            Error::from(ErrorCode::NoBackup)
        );
    }

    #[test]
    fn a_rules_message_crosses_under_the_cores_own_id() {
        let m = carom_core::Message::new("error-play-not-started").number("n", 3);
        let e = Error::from(ErrorCode::from(&m));
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["code"], "error-play-not-started");
        assert_eq!(json["args"]["n"], 3);
        assert_eq!(serde_json::from_value::<Error>(json).unwrap(), e);
    }

    #[test]
    fn an_unknown_number_crosses_as_empty_text_and_comes_back_unknown() {
        for inning in [Some(4), None] {
            let code = ErrorCode::SheetGridDiffers { set: 2, inning };
            let json = serde_json::to_value(Error::from(code.clone())).unwrap();
            let want = inning.map_or(serde_json::json!(""), |i| serde_json::json!(i));
            assert_eq!(json["args"]["inning"], want);
            assert_eq!(serde_json::from_value::<Error>(json).unwrap().code, code);
        }
    }

    #[test]
    fn an_id_none_of_ours_comes_back_as_the_rules_cores_message() {
        let json = serde_json::json!({"code": "error-play-not-started", "args": {"n": 2},
            "field": null});
        let e = serde_json::from_value::<Error>(json).unwrap();
        assert_eq!(
            e.code,
            ErrorCode::Rules(RuleMessage {
                id: "error-play-not-started".into(),
                args: vec![("n".into(), Arg::Number(2))],
            })
        );
    }

    #[test]
    fn the_message_names_the_fluent_id_and_leaves_unset_flags_out() {
        let turn = ErrorCode::TurnChanged {
            name: "Jaspers".into(),
        };
        let (id, args) = turn.message();
        assert_eq!(id, "error-turn-changed");
        assert_eq!(args, vec![("name", Arg::Text("Jaspers".into()))]);
        let corrupt = |restore| ErrorCode::DatabaseCorrupt {
            detail: "x".into(),
            restore,
        };
        assert_eq!(corrupt(false).message().1.len(), 1);
        assert_eq!(corrupt(true).message().1[1], ("restore", Arg::Number(1)));
        for code in [corrupt(true), corrupt(false)] {
            let json = serde_json::to_value(Error::from(code.clone())).unwrap();
            assert_eq!(serde_json::from_value::<Error>(json).unwrap().code, code);
        }
    }
}
