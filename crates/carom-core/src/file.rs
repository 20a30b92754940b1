//! The match file `carambole-match/2` (JSON: set-up plus ordered events), its earlier
//! version `carambole-match/1` (read forever, see [`FileFormat`]), and the replay report
//! printed by `carambole replay`.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use thiserror::Error;

use crate::announce::AnnouncementRecord;
use crate::discipline::Discipline;
use crate::error::PlayError;
use crate::event::{Event, Foul};
use crate::format::FileFormat;
use crate::game::Match;
use crate::message::Message;
use crate::player::{ByPlayer, Player};
use crate::setup::{
    AverageRule, MatchSetup, PausePolicy, PlayerSetup, SetsSetup, SetupError, ShotClock,
};
use crate::table::TableSize;
use crate::view::{Phase, Winner};

/// The format identifier every export writes (unless the match needs `/1`, see
/// [`Match::file_format`]).
pub const FORMAT: &str = FileFormat::CURRENT.id();

/// The identifier of version 1, still read (leniently, as it always was).
pub const FORMAT_V1: &str = FileFormat::V1.id();

/// Event `type` tags known to this version.
pub const EVENT_TYPES: [&str; 19] = [
    "lag",
    "choose-breaker",
    "break",
    "carom",
    "miss",
    "inning",
    "foul",
    "contact",
    "zone",
    "shot-clock-expired",
    "time-out",
    "pause-start",
    "pause-end",
    "warning",
    "forfeit",
    "edit-inning",
    "protest",
    "edit-setup",
    "undo",
];

/// Longest value from input echoed in an error line, in characters.
pub const MAX_ECHOED_CHARS: usize = 60;

/// A value read from input, safe to echo inside one line of text: control, format (bidi,
/// zero-width) and line-separator characters are written as escapes (`\n`, `\u{202e}`), a
/// backslash as `\\`, and a value longer than [`MAX_ECHOED_CHARS`] is cut with an ellipsis.
/// So a file cannot forge a second error line nor send escape sequences to a terminal.
pub fn printable(value: &str) -> String {
    let mut out = String::new();
    for (i, c) in value.chars().enumerate() {
        if i == MAX_ECHOED_CHARS {
            out.push('…');
            break;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\\' => out.push_str("\\\\"),
            c if crate::setup::is_unprintable(c) => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// A parsed match file: its version, its set-up (not yet checked) and its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchFile {
    /// The version it is written in, whose rules its events follow.
    pub format: FileFormat,
    /// The set-up.
    pub setup: MatchSetup,
    /// The events, in order.
    pub events: Vec<Event>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile<E> {
    format: String,
    discipline: Discipline,
    table: TableSize,
    players: ByPlayer<PlayerSetup>,
    #[serde(default)]
    innings_limit: Option<u32>,
    #[serde(default = "yes")]
    equalizing_inning: bool,
    #[serde(default)]
    sets: Option<SetsSetup>,
    #[serde(default)]
    average: AverageRule,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shot_clock: Option<ShotClock>,
    #[serde(default, skip_serializing_if = "is_default_pause")]
    pause: PausePolicy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    competition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    venue: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    table_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    referee: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    marker: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    events: Vec<E>,
}

fn yes() -> bool {
    true
}

fn is_default_pause(p: &PausePolicy) -> bool {
    *p == PausePolicy::default()
}

impl<E> RawFile<E> {
    fn split(self) -> (String, MatchSetup, Vec<E>) {
        let setup = MatchSetup {
            discipline: self.discipline,
            table: self.table,
            players: self.players,
            innings_limit: self.innings_limit,
            equalizing_inning: self.equalizing_inning,
            sets: self.sets,
            average: self.average,
            shot_clock: self.shot_clock,
            pause: self.pause,
            competition: self.competition,
            venue: self.venue,
            table_name: self.table_name,
            referee: self.referee,
            marker: self.marker,
            date: self.date,
        };
        (self.format, setup, self.events)
    }

    fn join(format: FileFormat, setup: MatchSetup, events: Vec<E>) -> RawFile<E> {
        RawFile {
            format: format.id().to_string(),
            discipline: setup.discipline,
            table: setup.table,
            players: setup.players,
            innings_limit: setup.innings_limit,
            equalizing_inning: setup.equalizing_inning,
            sets: setup.sets,
            average: setup.average,
            shot_clock: setup.shot_clock,
            pause: setup.pause,
            competition: setup.competition,
            venue: setup.venue,
            table_name: setup.table_name,
            referee: setup.referee,
            marker: setup.marker,
            date: setup.date,
            events,
        }
    }
}

/// Why a match file cannot be read or replayed. `Display` is one line naming the event
/// index where there is one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileError {
    /// Not JSON, or a top-level field is unknown, missing or has a wrong value.
    #[error("line {line}, column {column}: {detail}")]
    Json {
        /// `invalid-json`, `unknown-field`, `missing-field` or `invalid-field`.
        code: &'static str,
        /// serde_json's description.
        detail: String,
        /// Line (1-based).
        line: usize,
        /// Column (1-based).
        column: usize,
    },
    /// `format` is neither `carambole-match/1` nor `carambole-match/2`.
    #[error(
        "unsupported format `{}` (expected `{FORMAT}` or `{FORMAT_V1}`)",
        printable(found)
    )]
    UnsupportedFormat {
        /// The format found.
        found: String,
    },
    /// An event with an unknown `type` (or none).
    #[error("event {index}: unknown event type `{}`", printable(kind))]
    UnknownEventType {
        /// Event index.
        index: usize,
        /// The type found (empty when missing).
        kind: String,
    },
    /// An event with unknown or invalid fields.
    #[error("event {index}: {detail}")]
    InvalidEvent {
        /// `unknown-event-field`, `no-such-player` or `invalid-event`.
        code: &'static str,
        /// Event index.
        index: usize,
        /// serde_json's description.
        detail: String,
    },
    /// An event that `carambole-match/1` accepted and `/2` refuses, in a `/2` file.
    #[error("event {index}: `{}`: {} (refused since {FORMAT})", refusal.field(), refusal.detail())]
    Refused {
        /// Event index.
        index: usize,
        /// Which of the checks added by `/2`.
        refusal: V2Refusal,
    },
    /// The set-up is invalid.
    #[error("setup: {0}")]
    Setup(SetupError),
    /// An event is impossible at its place in the match.
    #[error("event {index}: {} ({error})", error.code())]
    Play {
        /// Event index.
        index: usize,
        /// Why.
        error: PlayError,
    },
}

impl FileError {
    /// A stable kebab-case code (for play and setup errors, the inner error's code).
    pub fn code(&self) -> &'static str {
        match self {
            FileError::Json { code, .. } | FileError::InvalidEvent { code, .. } => code,
            FileError::UnsupportedFormat { .. } => "unsupported-format",
            FileError::UnknownEventType { .. } => "unknown-event-type",
            FileError::Refused { refusal, .. } => refusal.code(),
            FileError::Setup(e) => e.code(),
            FileError::Play { error, .. } => error.code(),
        }
    }

    /// The index of the event the error is about, if any.
    pub fn event_index(&self) -> Option<usize> {
        match self {
            FileError::UnknownEventType { index, .. }
            | FileError::InvalidEvent { index, .. }
            | FileError::Refused { index, .. }
            | FileError::Play { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// The localizable message (`error-file-…`, or the inner error's with `index`).
    pub fn message(&self) -> Message {
        match self {
            FileError::Json {
                code, line, column, ..
            } => Message::new(match *code {
                "unknown-field" => "error-file-unknown-field",
                "missing-field" => "error-file-missing-field",
                "invalid-field" => "error-file-invalid-field",
                _ => "error-file-invalid-json",
            })
            .number("line", *line as i64)
            .number("column", *column as i64),
            FileError::UnsupportedFormat { found } => {
                Message::new("error-file-unsupported-format").text("format", printable(found))
            }
            FileError::UnknownEventType { index, kind } => {
                Message::new("error-file-unknown-event-type")
                    .number("index", *index as i64)
                    .text("type", printable(kind))
            }
            FileError::InvalidEvent { index, code, .. } => Message::new(match *code {
                "unknown-event-field" => "error-file-unknown-event-field",
                "no-such-player" => "error-file-no-such-player",
                _ => "error-file-invalid-event",
            })
            .number("index", *index as i64),
            FileError::Refused { index, refusal } => Message::new(refusal.message_id())
                .number("index", *index as i64)
                .text("field", refusal.field()),
            FileError::Setup(e) => e.message(),
            FileError::Play { index, error } => {
                let mut m = error.message();
                m.args
                    .push(("index", crate::message::Arg::Number(*index as i64)));
                m
            }
        }
    }

    /// One sample of every file-level kind (for the locale test).
    pub fn samples() -> Vec<FileError> {
        let json = |code| FileError::Json {
            code,
            detail: String::new(),
            line: 1,
            column: 1,
        };
        vec![
            json("invalid-json"),
            json("unknown-field"),
            json("missing-field"),
            json("invalid-field"),
            FileError::UnsupportedFormat { found: "x".into() },
            FileError::UnknownEventType {
                index: 0,
                kind: "x".into(),
            },
            FileError::InvalidEvent {
                code: "unknown-event-field",
                index: 0,
                detail: String::new(),
            },
            FileError::InvalidEvent {
                code: "no-such-player",
                index: 0,
                detail: String::new(),
            },
            FileError::InvalidEvent {
                code: "invalid-event",
                index: 0,
                detail: String::new(),
            },
            FileError::Refused {
                index: 0,
                refusal: V2Refusal::OffTableNoBall,
            },
            FileError::Refused {
                index: 0,
                refusal: V2Refusal::LagRedTouchedAndOutcome,
            },
        ]
    }
}

/// The events `carambole-match/1` accepted that `/2` refuses. A `/1` file keeps them (and
/// the result it always had); a `/2` file is refused at the first, when it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum V2Refusal {
    /// A ball off the table in three-cushion that does not name the ball (`balls`): only
    /// the jumped balls are re-spotted there (R-OFF-3), so the sheet must say which.
    OffTableNoBall,
    /// A lag where the red was touched (`red_touched_by`) that also names a winner or a
    /// re-lag: one attempt has one outcome (R-LAG-4).
    LagRedTouchedAndOutcome,
}

impl V2Refusal {
    /// Every refusal, for tests.
    pub const ALL: [V2Refusal; 2] = [
        V2Refusal::OffTableNoBall,
        V2Refusal::LagRedTouchedAndOutcome,
    ];

    /// The refusal of `event` in a `/2` file of a match in `discipline`, if any. The same
    /// events a match under `/2` rules refuses when played ([`crate::PlayError`] of the
    /// same code); checked when the file is read so that the error names the field.
    pub fn of(discipline: Discipline, event: &Event) -> Option<V2Refusal> {
        match event {
            Event::Foul {
                foul: Foul::BallOffTable,
                balls,
                ..
            } if balls.is_empty()
                && discipline.off_table_rule() == crate::OffTableRule::RespotJumped =>
            {
                Some(V2Refusal::OffTableNoBall)
            }
            Event::Lag {
                winner,
                relag,
                red_touched_by: Some(_),
                ..
            } if winner.is_some() || relag.is_some() => Some(V2Refusal::LagRedTouchedAndOutcome),
            _ => None,
        }
    }

    /// A stable kebab-case code: the code of the [`crate::PlayError`] a `/2` match gives
    /// the same event.
    pub fn code(self) -> &'static str {
        match self {
            V2Refusal::OffTableNoBall => "off-table-no-ball",
            V2Refusal::LagRedTouchedAndOutcome => "lag-red-touched-and-outcome",
        }
    }

    /// The event's field at fault, as the file spells it.
    pub fn field(self) -> &'static str {
        match self {
            V2Refusal::OffTableNoBall => "balls",
            V2Refusal::LagRedTouchedAndOutcome => "red_touched_by",
        }
    }

    fn detail(self) -> &'static str {
        match self {
            V2Refusal::OffTableNoBall => {
                "a ball off the table in three-cushion names the ball that left"
            }
            V2Refusal::LagRedTouchedAndOutcome => {
                "a lag where the red was touched has no winner and no re-lag"
            }
        }
    }

    fn message_id(self) -> &'static str {
        match self {
            V2Refusal::OffTableNoBall => "error-file-off-table-no-ball",
            V2Refusal::LagRedTouchedAndOutcome => "error-file-lag-red-touched-and-outcome",
        }
    }
}

fn json_error(e: &serde_json::Error) -> FileError {
    let detail = e.to_string();
    let code = if e.is_syntax() || e.is_eof() || e.is_io() {
        "invalid-json"
    } else if detail.starts_with("unknown field") {
        "unknown-field"
    } else if detail.starts_with("missing field") {
        "missing-field"
    } else {
        "invalid-field"
    };
    // serde_json appends " at line L column C"; keep the one-line description short.
    let detail = match detail.rfind(" at line ") {
        Some(i) => detail[..i].to_string(),
        None => detail,
    };
    FileError::Json {
        code,
        detail,
        line: e.line(),
        column: e.column(),
    }
}

/// Parses one event of a match file, naming `index` in errors.
///
/// # Errors
/// [`FileError::UnknownEventType`] or [`FileError::InvalidEvent`].
pub fn parse_event(index: usize, value: &RawValue) -> Result<Event, FileError> {
    serde_json::from_str::<Event>(value.get()).map_err(|e| {
        #[derive(Deserialize)]
        struct Tag {
            #[serde(rename = "type")]
            kind: Option<serde_json::Value>,
        }
        let kind = serde_json::from_str::<Tag>(value.get())
            .ok()
            .and_then(|t| t.kind);
        let kind = match kind {
            Some(serde_json::Value::String(s)) => s,
            Some(other) => other.to_string(),
            None => String::new(),
        };
        if !EVENT_TYPES.contains(&kind.as_str()) {
            return FileError::UnknownEventType { index, kind };
        }
        let detail = e.to_string();
        let detail = match detail.rfind(" at line ") {
            Some(i) => detail[..i].to_string(),
            None => detail,
        };
        FileError::InvalidEvent {
            // A player other than 0 or 1 keeps the code it had when replay found it
            // (`no-such-player`): readers of the CLI's JSON match on it.
            code: if detail.starts_with("unknown field") {
                "unknown-event-field"
            } else if detail.contains(crate::player::EXPECTED_PLAYER) {
                "no-such-player"
            } else {
                "invalid-event"
            },
            index,
            detail,
        }
    })
}

impl MatchFile {
    /// Parses a `carambole-match/2` or `carambole-match/1` file. Unknown fields and
    /// unknown event types are errors; fields the format leaves optional take their
    /// defaults. A `/1` file is read as it always was ([`FileFormat::V1`]).
    ///
    /// # Errors
    /// A [`FileError`]: JSON, format, or event errors naming the event index (in a `/2`
    /// file, [`FileError::Refused`] for an event only `/1` accepts).
    pub fn parse(text: &str) -> Result<MatchFile, FileError> {
        let raw: RawFile<Box<RawValue>> = serde_json::from_str(text).map_err(|e| json_error(&e))?;
        let (found, setup, raw_events) = raw.split();
        let format = FileFormat::from_id(&found).ok_or(FileError::UnsupportedFormat { found })?;
        let events = raw_events
            .iter()
            .enumerate()
            .map(|(i, v)| parse_event(i, v))
            .collect::<Result<Vec<_>, _>>()?;
        if !format.is_lenient() {
            let refused = events.iter().enumerate().find_map(|(index, e)| {
                V2Refusal::of(setup.discipline, e).map(|refusal| (index, refusal))
            });
            if let Some((index, refusal)) = refused {
                return Err(FileError::Refused { index, refusal });
            }
        }
        Ok(MatchFile {
            format,
            setup,
            events,
        })
    }

    /// The file of a match: its set-up and every event (undos included), in the version
    /// that reads it back ([`Match::file_format`]).
    pub fn from_match(m: &Match) -> MatchFile {
        MatchFile {
            format: m.file_format(),
            setup: m.setup().clone(),
            events: m.events().to_vec(),
        }
    }

    /// Pretty JSON, in the format's field order.
    pub fn to_json_pretty(&self) -> String {
        let raw = RawFile::join(self.format, self.setup.clone(), self.events.clone());
        // Serializing plain data to a string cannot fail.
        serde_json::to_string_pretty(&raw).unwrap_or_default()
    }

    /// Replays the events under the rules of the file's version: the match they describe.
    ///
    /// # Errors
    /// [`FileError::Setup`] or [`FileError::Play`] naming the first impossible event.
    pub fn replay(&self) -> Result<Match, FileError> {
        let mut m =
            Match::with_format(self.setup.clone(), self.format).map_err(FileError::Setup)?;
        for (index, e) in self.events.iter().enumerate() {
            m.apply(e.clone())
                .map_err(|error| FileError::Play { index, error })?;
        }
        Ok(m)
    }
}

/// `"finished"` or `"in-progress"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReportStatus {
    /// The match is over.
    Finished,
    /// Not over yet.
    InProgress,
}

/// One player in the replay report.
#[derive(Debug, Clone, Serialize)]
pub struct ReportPlayer {
    /// Name.
    pub name: String,
    /// Points over the match.
    pub points: u32,
    /// Innings over the match.
    pub innings: u32,
    /// General average, a JSON number with exactly 3 decimals per the average rule.
    pub average: Box<RawValue>,
    /// High run.
    pub high_run: u32,
    /// Runs of every inning in order (the one in progress last).
    pub runs: Vec<u32>,
}

/// One set in the replay report.
#[derive(Debug, Clone, Serialize)]
pub struct ReportSet {
    /// 1-based.
    pub number: u16,
    /// Who broke.
    pub breaker: Player,
    /// Points per player.
    pub points: ByPlayer<u32>,
    /// Innings per player.
    pub innings: ByPlayer<u32>,
    /// Winner: 0, 1, `"draw"`, or null while in progress (or stopped).
    pub winner: Option<Winner>,
}

/// What `carambole replay` prints.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayReport {
    /// Finished or in progress.
    pub status: ReportStatus,
    /// 0, 1, `"draw"`, or null while in progress.
    pub winner: Option<Winner>,
    /// Both players.
    pub players: ByPlayer<ReportPlayer>,
    /// Sets (empty for a single game).
    pub sets: Vec<ReportSet>,
    /// The announcement sequence, only when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub announcements: Option<Vec<AnnouncementRecord>>,
}

impl Match {
    /// The replay report of this match.
    pub fn report(&self, with_announcements: bool) -> ReplayReport {
        let finished = self.phase() == Phase::Finished;
        let players = ByPlayer::from_fn(|p| {
            let (points, innings) = self.totals(p);
            let avg = self.general_average(p).to_decimal_string();
            ReportPlayer {
                name: self.setup().players[p].name.clone(),
                points,
                innings,
                average: RawValue::from_string(avg)
                    .unwrap_or_else(|_| RawValue::from_string("0.000".into()).unwrap_or_default()),
                high_run: self.high_run(p),
                runs: self.runs(p),
            }
        });
        let mut sets: Vec<ReportSet> = Vec::new();
        if self.setup().sets.is_some() {
            sets = self
                .games
                .iter()
                .map(|g| ReportSet {
                    number: g.number,
                    breaker: g.breaker,
                    points: g.points,
                    innings: g.innings,
                    winner: g.winner,
                })
                .collect();
            if self.in_game() {
                sets.push(ReportSet {
                    number: self.state.set,
                    breaker: self.state.breaker,
                    points: self.state.score,
                    innings: self.state.innings,
                    winner: None,
                });
            }
        }
        ReplayReport {
            status: if finished {
                ReportStatus::Finished
            } else {
                ReportStatus::InProgress
            },
            winner: self.result().map(|r| r.winner),
            players,
            sets,
            announcements: with_announcements.then(|| self.announcements().to_vec()),
        }
    }
}

/// Replays a match file into the report `carambole replay` prints.
///
/// # Errors
/// The [`FileError`] of [`MatchFile::replay`].
pub fn replay_report(
    file: &MatchFile,
    with_announcements: bool,
) -> Result<ReplayReport, FileError> {
    Ok(file.replay()?.report(with_announcements))
}
