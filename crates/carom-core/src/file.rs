//! The match file `carambole-match/1` (JSON: set-up plus ordered events) and the replay
//! report printed by `carambole replay`.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use thiserror::Error;

use crate::announce::AnnouncementRecord;
use crate::discipline::Discipline;
use crate::error::PlayError;
use crate::event::Event;
use crate::game::Match;
use crate::message::Message;
use crate::player::{ByPlayer, Player};
use crate::setup::{
    AverageRule, MatchSetup, PausePolicy, PlayerSetup, SetsSetup, SetupError, ShotClock,
};
use crate::table::TableSize;
use crate::view::{Phase, Winner};

/// The format identifier of version 1.
pub const FORMAT: &str = "carambole-match/1";

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

/// A parsed match file: its set-up (not yet checked) and its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchFile {
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

    fn join(setup: MatchSetup, events: Vec<E>) -> RawFile<E> {
        RawFile {
            format: FORMAT.to_string(),
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
    /// `format` is not `carambole-match/1`.
    #[error("unsupported format `{}` (expected `{FORMAT}`)", printable(found))]
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
            FileError::Setup(e) => e.code(),
            FileError::Play { error, .. } => error.code(),
        }
    }

    /// The index of the event the error is about, if any.
    pub fn event_index(&self) -> Option<usize> {
        match self {
            FileError::UnknownEventType { index, .. }
            | FileError::InvalidEvent { index, .. }
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
        ]
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
    /// Parses a `carambole-match/1` file. Unknown fields and unknown event types are errors;
    /// fields the format leaves optional take their defaults.
    ///
    /// # Errors
    /// A [`FileError`]: JSON, format, or event errors naming the event index.
    pub fn parse(text: &str) -> Result<MatchFile, FileError> {
        let raw: RawFile<Box<RawValue>> = serde_json::from_str(text).map_err(|e| json_error(&e))?;
        let (format, setup, raw_events) = raw.split();
        if format != FORMAT {
            return Err(FileError::UnsupportedFormat { found: format });
        }
        let events = raw_events
            .iter()
            .enumerate()
            .map(|(i, v)| parse_event(i, v))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MatchFile { setup, events })
    }

    /// The file of a match: its set-up and every event (undos included).
    pub fn from_match(m: &Match) -> MatchFile {
        MatchFile {
            setup: m.setup().clone(),
            events: m.events().to_vec(),
        }
    }

    /// Pretty JSON, in the format's field order.
    pub fn to_json_pretty(&self) -> String {
        let raw = RawFile::join(self.setup.clone(), self.events.clone());
        // Serializing plain data to a string cannot fail.
        serde_json::to_string_pretty(&raw).unwrap_or_default()
    }

    /// Replays the events: the match they describe.
    ///
    /// # Errors
    /// [`FileError::Setup`] or [`FileError::Play`] naming the first impossible event.
    pub fn replay(&self) -> Result<Match, FileError> {
        let mut m = Match::new(self.setup.clone()).map_err(FileError::Setup)?;
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
