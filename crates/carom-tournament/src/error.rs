//! Why a tournament file, a draw or an export is refused: a stable code and where.
//!
//! Errors cross to the app as codes (DESIGN.md, "Errors"): the app maps
//! [`ErrorCode::id`] to its Fluent message `tournament-error-<id>`; the `Display` text is
//! for the CLI's one line and the tests, never shown to a user as it is.

use std::fmt;

use thiserror::Error;

/// What is wrong. One variant per thing a consumer can tell the user to fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// Not JSON, or trailing data after it.
    InvalidJson,
    /// Longer than [`crate::MAX_FILE_BYTES`].
    FileTooLarge,
    /// A field the format does not have.
    UnknownField,
    /// A field the format requires is missing.
    MissingField,
    /// A field of the wrong type or value (serde's own check).
    InvalidField,
    /// `format` is not `carambole-tournament/1`.
    UnsupportedFormat,
    /// A name or text empty, too long, untrimmed, or with control or format characters.
    InvalidText,
    /// A time that is not `HH:MM`.
    InvalidTime,
    /// A distance, innings limit or figure out of its range.
    OutOfRange,
    /// Fewer than two players.
    TooFewPlayers,
    /// Both the tournament's distance and a player's own distance.
    DistanceTwice,
    /// Neither the tournament's distance nor the player's own distance.
    DistanceMissing,
    /// Some players seeded by ranking, others by average.
    SeedingMixed,
    /// Handicap distances computed from a ranking instead of an average.
    SeedingNotAverage,
    /// Two players with the same licence or roster uid.
    PlayerTwice,
    /// A player index beyond the list of players (or beyond a game's two).
    NoSuchPlayer,
    /// A poule with fewer than 3 or more than 6 players.
    PouleSize,
    /// A player in two poules of one phase, or twice in one poule.
    PlayerInTwoPoules,
    /// A game of a poule with a player who is not in that poule.
    PlayerNotInPoule,
    /// A game whose two players are one.
    SamePlayer,
    /// The same two players twice in one poule.
    GameTwice,
    /// A game with other than two players (a knock-out bye has one).
    GamePlayers,
    /// A bye (a knock-out game with one player) with a result.
    ByeWithResult,
    /// A result with neither figures nor a forfeit nor a match id.
    ResultEmpty,
    /// Some of `points`, `innings`, `high_run` but not all three.
    FiguresIncomplete,
    /// A forfeit with figures.
    ForfeitWithFigures,
    /// A result typed by hand without `entered_by`.
    EnteredByMissing,
    /// Figures that cannot come from a game: high run above points, points above what
    /// the runs allow, no inning.
    FiguresImpossible,
    /// More points than the player's distance.
    PointsAboveDistance,
    /// More innings than the innings limit.
    InningsAboveLimit,
    /// Innings of the two players that no game ends with (equal with the equalizing
    /// inning or at the limit; otherwise the breaker may have one more).
    InningsMismatch,
    /// Neither player reached his distance and the innings limit was not reached.
    ResultUnfinished,
    /// A knock-out game drawn without `tie_break`.
    TieBreakMissing,
    /// `tie_break` on a game that is not a drawn knock-out game.
    TieBreakNotAllowed,
    /// A result that names a match but carries no figures, and the caller found none.
    FiguresMissing,
    /// A draw that the rules do not allow (field size, poule count).
    DrawImpossible,
    /// A final phase from poules that the rules do not define.
    FinalPhaseUnsupported,
    /// A knock-out field beyond 32 or below 2.
    BracketSize,
    /// A knock-out round that does not follow from the one before (its places, or its
    /// players against the winners or losers of the one before).
    BracketMismatch,
    /// An export field would hold the file's separator or a line break.
    SeparatorInField,
    /// A knock-out round that the FFB's E2i file has no phase code for.
    FfbPhaseUnknown,
    /// The DBU's file needs every player's licence (ClubCloud id).
    LicenceMissing,
    /// The DBU's file needs a time for every game (the game's or the tournament's).
    TimeMissing,
}

impl ErrorCode {
    /// The stable identifier (kebab-case), the suffix of the Fluent message id.
    pub const fn id(self) -> &'static str {
        match self {
            ErrorCode::InvalidJson => "invalid-json",
            ErrorCode::FileTooLarge => "file-too-large",
            ErrorCode::UnknownField => "unknown-field",
            ErrorCode::MissingField => "missing-field",
            ErrorCode::InvalidField => "invalid-field",
            ErrorCode::UnsupportedFormat => "unsupported-format",
            ErrorCode::InvalidText => "invalid-text",
            ErrorCode::InvalidTime => "invalid-time",
            ErrorCode::OutOfRange => "out-of-range",
            ErrorCode::TooFewPlayers => "too-few-players",
            ErrorCode::DistanceTwice => "distance-twice",
            ErrorCode::DistanceMissing => "distance-missing",
            ErrorCode::SeedingMixed => "seeding-mixed",
            ErrorCode::SeedingNotAverage => "seeding-not-average",
            ErrorCode::PlayerTwice => "player-twice",
            ErrorCode::NoSuchPlayer => "no-such-player",
            ErrorCode::PouleSize => "poule-size",
            ErrorCode::PlayerInTwoPoules => "player-in-two-poules",
            ErrorCode::PlayerNotInPoule => "player-not-in-poule",
            ErrorCode::SamePlayer => "same-player",
            ErrorCode::GameTwice => "game-twice",
            ErrorCode::GamePlayers => "game-players",
            ErrorCode::ByeWithResult => "bye-with-result",
            ErrorCode::ResultEmpty => "result-empty",
            ErrorCode::FiguresIncomplete => "figures-incomplete",
            ErrorCode::ForfeitWithFigures => "forfeit-with-figures",
            ErrorCode::EnteredByMissing => "entered-by-missing",
            ErrorCode::FiguresImpossible => "figures-impossible",
            ErrorCode::PointsAboveDistance => "points-above-distance",
            ErrorCode::InningsAboveLimit => "innings-above-limit",
            ErrorCode::InningsMismatch => "innings-mismatch",
            ErrorCode::ResultUnfinished => "result-unfinished",
            ErrorCode::TieBreakMissing => "tie-break-missing",
            ErrorCode::TieBreakNotAllowed => "tie-break-not-allowed",
            ErrorCode::FiguresMissing => "figures-missing",
            ErrorCode::DrawImpossible => "draw-impossible",
            ErrorCode::FinalPhaseUnsupported => "final-phase-unsupported",
            ErrorCode::BracketSize => "bracket-size",
            ErrorCode::BracketMismatch => "bracket-mismatch",
            ErrorCode::SeparatorInField => "separator-in-field",
            ErrorCode::FfbPhaseUnknown => "ffb-phase-unknown",
            ErrorCode::LicenceMissing => "licence-missing",
            ErrorCode::TimeMissing => "time-missing",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A refusal: the code, where (a JSON path into the tournament file such as
/// `phases[0].round-robin.poules[1].games[3].result.points`, `.` for the whole file),
/// and for serde's own checks its description.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct Error {
    /// What is wrong.
    pub code: ErrorCode,
    /// Where.
    pub path: String,
    /// serde_json's description of a JSON error (English, for the CLI and the logs).
    pub detail: Option<String>,
}

impl Error {
    /// A refusal at `path`.
    pub fn at(code: ErrorCode, path: impl Into<String>) -> Error {
        Error {
            code,
            path: path.into(),
            detail: None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.code)?;
        if let Some(d) = &self.detail {
            write!(f, " ({})", d.replace(['\n', '\r'], " "))?;
        }
        Ok(())
    }
}
