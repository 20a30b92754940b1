//! Errors of play: an event that is impossible in the current state.

use thiserror::Error;

use crate::message::Message;
use crate::player::Player;
use crate::setup::SetupError;

/// Why an event cannot be applied. The match is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The match is over; only `undo` and `protest` remain possible.
    #[error("the match is over")]
    MatchFinished,
    /// A shot before the break.
    #[error("the game has not started: the break comes first")]
    NotStarted,
    /// A shot while a set is over: the next set starts with its break.
    #[error("the set is over: the next set starts with a break")]
    SetOver,
    /// A second break in a game in progress.
    #[error("the break was already played")]
    AlreadyStarted,
    /// A lag or a choice of breaker after the lag was decided or the match started.
    #[error("the lag is over")]
    LagOver,
    /// A lag attempt with both a winner and a re-lag.
    #[error("a lag has a winner or is played again, not both")]
    LagWinnerAndRelag,
    /// A lag naming who caused a re-lag without a re-lag.
    #[error("a lag names who caused a re-lag but has no re-lag")]
    LagCauseWithoutRelag,
    /// A lag where the red was touched that also names a winner or a re-lag.
    #[error("a lag where the red was touched has no winner and no re-lag")]
    LagRedTouchedAndOutcome,
    /// A break after 65,535 sets.
    #[error("there cannot be more sets")]
    TooManySets,
    /// The break is played by the other player than the one chosen.
    #[error("player {expected} was chosen to break")]
    WrongBreaker {
        /// The chosen breaker.
        expected: Player,
    },
    /// An event during the pause other than its end, a warning, a forfeit or an undo.
    #[error("the match is paused")]
    Paused,
    /// A pause end without a pause.
    #[error("the match is not paused")]
    NotPaused,
    /// A second pause start.
    #[error("the match is already paused")]
    AlreadyPaused,
    /// R-PAUSE: never during a run.
    #[error("no pause during a run")]
    PauseDuringRun,
    /// An `inning` longer than the points the player has to go.
    #[error("a run of {run} is longer than the {max} points the player can make")]
    RunTooLong {
        /// The run given.
        run: u32,
        /// The most he can make.
        max: u32,
    },
    /// A zone call in a discipline without zones.
    #[error("this discipline has no zones")]
    NoZones,
    /// An anchor call in a discipline without anchors.
    #[error("this discipline has no anchors")]
    NoAnchors,
    /// R-ZONE: an anchor call not preceded by the field call.
    #[error("the field is called before the anchor")]
    AnchorBeforeField,
    /// "Entrée" while "dedans" was called.
    #[error("\"dedans\" was already called")]
    AlreadyDedans,
    /// R-FOUL i) without a "dedans" call.
    #[error("no \"dedans\" was called")]
    NoDedans,
    /// R-START-2 foul on another shot than the break.
    #[error("only the break must hit the red first")]
    NotTheBreakShot,
    /// A contact naming the cue ball of the player at the table as the ball it touches.
    #[error("the cue ball cannot touch itself")]
    ContactOwnBall,
    /// R-OFF-3: a ball off the table in three-cushion that names no ball.
    #[error("the foul must say which ball left the table")]
    OffTableNoBall,
    /// R-CONTACT (Art. 5.4 → 6b): a contact naming occupied spots where they play no
    /// part: outside three-cushion, on a spot other than the top, centre or bottom spot,
    /// with a ball in contact (it is the one re-spotted), or a spot or ball named twice.
    #[error("the occupied spots do not fit this contact: only in three-cushion, the top, centre or bottom spot, each taken by the ball not in contact")]
    ContactOccupiedInvalid,
    /// R-CONTACT: libre on a match table — the re-spot is compulsory.
    #[error("the re-spot is compulsory here")]
    RespotCompulsory,
    /// A time-out without a shot clock.
    #[error("there is no shot clock")]
    NoShotClock,
    /// No time-outs left.
    #[error("player {player} has no time-outs left")]
    NoTimeOutsLeft {
        /// The player.
        player: Player,
    },
    /// Only the player at the table takes a time-out.
    #[error("player {player} is not at the table")]
    NotAtTable {
        /// The player.
        player: Player,
    },
    /// Nothing to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// An edit of an inning that does not exist (completed, in the current game).
    #[error("player {player} has no completed inning {inning} in this game")]
    NoSuchInning {
        /// The player.
        player: Player,
        /// The inning.
        inning: u32,
    },
    /// An edit that would bring the player to his distance.
    #[error("an edited inning cannot reach the distance")]
    EditReachesTarget,
    /// R-END-2: the player made his distance after "plays for 1": it stands.
    #[error("the player was credited with the full distance")]
    FullDistanceCredited,
    /// An edit of a player who already reached his distance.
    #[error("the player already reached his distance")]
    TargetAlreadyReached,
    /// A protest without text, too long or with control characters.
    #[error("the protest text is empty, too long or not printable")]
    ProtestInvalid,
    /// An `edit-setup` whose value does not fit its field (a text for the shot clock, a
    /// shot clock for a name).
    #[error("the value does not fit the set-up field {field}")]
    SetupValueMismatch {
        /// The field's id.
        field: &'static str,
    },
    /// An `edit-setup` that would make the set-up invalid (too long a name, a shot clock
    /// out of range…).
    #[error("{0}")]
    SetupChange(SetupError),
}

impl PlayError {
    /// One sample of every kind (for the locale test).
    pub fn samples() -> Vec<PlayError> {
        use PlayError::*;
        vec![
            MatchFinished,
            NotStarted,
            SetOver,
            AlreadyStarted,
            LagOver,
            LagWinnerAndRelag,
            LagCauseWithoutRelag,
            LagRedTouchedAndOutcome,
            TooManySets,
            ContactOwnBall,
            OffTableNoBall,
            ContactOccupiedInvalid,
            WrongBreaker {
                expected: Player::A,
            },
            Paused,
            NotPaused,
            AlreadyPaused,
            PauseDuringRun,
            RunTooLong { run: 9, max: 3 },
            NoZones,
            NoAnchors,
            AnchorBeforeField,
            AlreadyDedans,
            NoDedans,
            NotTheBreakShot,
            RespotCompulsory,
            NoShotClock,
            NoTimeOutsLeft { player: Player::A },
            NotAtTable { player: Player::B },
            NothingToUndo,
            NoSuchInning {
                player: Player::A,
                inning: 3,
            },
            EditReachesTarget,
            FullDistanceCredited,
            TargetAlreadyReached,
            ProtestInvalid,
            SetupValueMismatch {
                field: "shot-clock",
            },
            SetupChange(SetupError::TextTooLong { field: "referee" }),
        ]
    }

    /// A stable kebab-case code.
    pub fn code(&self) -> &'static str {
        use PlayError::*;
        match self {
            MatchFinished => "match-finished",
            NotStarted => "not-started",
            SetOver => "set-over",
            AlreadyStarted => "already-started",
            LagOver => "lag-over",
            LagWinnerAndRelag => "lag-winner-and-relag",
            LagCauseWithoutRelag => "lag-cause-without-relag",
            LagRedTouchedAndOutcome => "lag-red-touched-and-outcome",
            TooManySets => "too-many-sets",
            ContactOwnBall => "contact-own-ball",
            OffTableNoBall => "off-table-no-ball",
            ContactOccupiedInvalid => "contact-occupied-invalid",
            WrongBreaker { .. } => "wrong-breaker",
            Paused => "paused",
            NotPaused => "not-paused",
            AlreadyPaused => "already-paused",
            PauseDuringRun => "pause-during-run",
            RunTooLong { .. } => "run-too-long",
            NoZones => "no-zones",
            NoAnchors => "no-anchors",
            AnchorBeforeField => "anchor-before-field",
            AlreadyDedans => "already-dedans",
            NoDedans => "no-dedans",
            NotTheBreakShot => "not-the-break-shot",
            RespotCompulsory => "respot-compulsory",
            NoShotClock => "no-shot-clock",
            NoTimeOutsLeft { .. } => "no-time-outs-left",
            NotAtTable { .. } => "not-at-table",
            NothingToUndo => "nothing-to-undo",
            NoSuchInning { .. } => "no-such-inning",
            EditReachesTarget => "edit-reaches-target",
            FullDistanceCredited => "full-distance-credited",
            TargetAlreadyReached => "target-already-reached",
            ProtestInvalid => "protest-invalid",
            SetupValueMismatch { .. } => "setup-value-mismatch",
            SetupChange(e) => e.code(),
        }
    }

    /// The localizable message (`error-play-<code>`).
    pub fn message(&self) -> Message {
        use PlayError::*;
        let id = match self {
            MatchFinished => "error-play-match-finished",
            NotStarted => "error-play-not-started",
            SetOver => "error-play-set-over",
            AlreadyStarted => "error-play-already-started",
            LagOver => "error-play-lag-over",
            LagWinnerAndRelag => "error-play-lag-winner-and-relag",
            LagCauseWithoutRelag => "error-play-lag-cause-without-relag",
            LagRedTouchedAndOutcome => "error-play-lag-red-touched-and-outcome",
            TooManySets => "error-play-too-many-sets",
            ContactOwnBall => "error-play-contact-own-ball",
            OffTableNoBall => "error-play-off-table-no-ball",
            ContactOccupiedInvalid => "error-play-contact-occupied-invalid",
            WrongBreaker { .. } => "error-play-wrong-breaker",
            Paused => "error-play-paused",
            NotPaused => "error-play-not-paused",
            AlreadyPaused => "error-play-already-paused",
            PauseDuringRun => "error-play-pause-during-run",
            RunTooLong { .. } => "error-play-run-too-long",
            NoZones => "error-play-no-zones",
            NoAnchors => "error-play-no-anchors",
            AnchorBeforeField => "error-play-anchor-before-field",
            AlreadyDedans => "error-play-already-dedans",
            NoDedans => "error-play-no-dedans",
            NotTheBreakShot => "error-play-not-the-break-shot",
            RespotCompulsory => "error-play-respot-compulsory",
            NoShotClock => "error-play-no-shot-clock",
            NoTimeOutsLeft { .. } => "error-play-no-time-outs-left",
            NotAtTable { .. } => "error-play-not-at-table",
            NothingToUndo => "error-play-nothing-to-undo",
            NoSuchInning { .. } => "error-play-no-such-inning",
            EditReachesTarget => "error-play-edit-reaches-target",
            FullDistanceCredited => "error-play-full-distance-credited",
            TargetAlreadyReached => "error-play-target-already-reached",
            ProtestInvalid => "error-play-protest-invalid",
            SetupValueMismatch { .. } => "error-play-setup-value-mismatch",
            SetupChange(e) => return e.message(),
        };
        let m = Message::new(id);
        match self {
            NoTimeOutsLeft { player } | NotAtTable { player } => m.number("player", *player),
            WrongBreaker { expected } => m.number("player", *expected),
            RunTooLong { run, max } => m.number("run", *run).number("max", *max),
            NoSuchInning { player, inning } => {
                m.number("player", *player).number("inning", *inning)
            }
            SetupValueMismatch { field } => m.text("field", *field),
            _ => m,
        }
    }
}

/// A match could not be rebuilt from its set-up and events.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The set-up is invalid.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    /// Event `index` is impossible.
    #[error("event {index}: {error}")]
    Event {
        /// Index of the event in the list.
        index: usize,
        /// Why.
        error: PlayError,
    },
}

impl ReplayError {
    /// The index of the failing event, if an event failed.
    pub fn index(&self) -> Option<usize> {
        match self {
            ReplayError::Setup(_) => None,
            ReplayError::Event { index, .. } => Some(*index),
        }
    }

    /// A stable kebab-case code (the inner error's).
    pub fn code(&self) -> &'static str {
        match self {
            ReplayError::Setup(e) => e.code(),
            ReplayError::Event { error, .. } => error.code(),
        }
    }

    /// The localizable message of the inner error.
    pub fn message(&self) -> Message {
        match self {
            ReplayError::Setup(e) => e.message(),
            ReplayError::Event { index, error } => {
                let mut m = error.message();
                m.args
                    .push(("index", crate::message::Arg::Number(*index as i64)));
                m
            }
        }
    }
}
