//! The match: a checked set-up and the fold of its events.
//!
//! [`Match`] itself lives here with the dispatch of each [`Event`]; each rule family has
//! its module: the lag (R-LAG), the break (R-START), innings and runs (R-ANN, R-END-2), the
//! equalizing inning and the innings limit (R-END-1), games and sets (R-FMT-2, R-END-3),
//! conduct (R-END-4), fouls (R-FOUL, R-OFF), balls in contact (R-CONTACT), zones (R-ZONE),
//! the shot clock (R-CLOCK), the pause (R-PAUSE), edits (R-SHEET-3) and undo.

use crate::announce::{Announcement, AnnouncementRecord};
use crate::error::{PlayError, ReplayError};
use crate::event::Event;
use crate::format::FileFormat;
use crate::guidance::Ball;
use crate::player::{ByPlayer, Player};
use crate::setup::{MatchSetup, SetupError};
use crate::view::{MatchResult, Phase, ZoneStatus};

mod break_shot;
mod clock;
mod conduct;
mod contact;
mod derive;
mod edits;
mod equalizing;
mod fouls;
mod inning;
mod lag;
mod pause;
mod record;
mod sets;
mod state;
mod undo;
mod zones;

pub use derive::Preview;
pub use record::{Correction, FoulRecord, GameRecord, InningEnd, InningRecord, NoteRecord};
pub(crate) use state::{Pending, State};

/// A match in progress or finished: a checked [`MatchSetup`] and its events.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// The set-up the match started with (what its file stores).
    setup: MatchSetup,
    /// The set-up with the `edit-setup` changes applied.
    current: MatchSetup,
    /// The `current` set-ups replaced by `edit-setup` events, for undo.
    replaced_setups: Vec<MatchSetup>,
    events: Vec<Event>,
    pub(crate) state: State,
    pub(crate) innings_log: Vec<InningRecord>,
    pub(crate) games: Vec<GameRecord>,
    pub(crate) announcements: Vec<AnnouncementRecord>,
    pub(crate) fouls: Vec<FoulRecord>,
    pub(crate) warnings_log: Vec<NoteRecord>,
    pub(crate) protests: Vec<NoteRecord>,
    pub(crate) corrections: Vec<Correction>,
    history: Vec<undo::Checkpoint>,
    last_start: usize,
    edited: Option<(usize, u32)>,
    /// The match-file version whose rules its events follow.
    format: FileFormat,
    /// Whether an event was accepted that only [`FileFormat::V1`]'s lenient rules accept.
    /// Never cleared, not even by an undo: the event stays in the match's file, which
    /// can then only be written as `/1`.
    needs_v1: bool,
}

impl Match {
    /// Checks the set-up and starts a match in the lag phase.
    ///
    /// # Errors
    /// [`SetupError`] naming the first invalid field.
    pub fn new(setup: MatchSetup) -> Result<Match, SetupError> {
        Match::with_format(setup, FileFormat::CURRENT)
    }

    /// Checks the set-up and starts a match whose events follow the rules of the match
    /// file version `format` (an imported `/1` file keeps `/1`'s rules).
    ///
    /// # Errors
    /// [`SetupError`] naming the first invalid field.
    pub fn with_format(setup: MatchSetup, format: FileFormat) -> Result<Match, SetupError> {
        setup.validate()?;
        Ok(Match {
            current: setup.clone(),
            replaced_setups: Vec::new(),
            setup,
            events: Vec::new(),
            state: State {
                phase: Phase::Lag,
                paused: false,
                pause_started: None,
                relags: ByPlayer::default(),
                chooser: None,
                chosen_breaker: None,
                chosen_side: None,
                white: None,
                set: 0,
                sets_won: ByPlayer::default(),
                breaker: Player::A,
                turn: Player::A,
                score: ByPlayer::default(),
                innings: ByPlayer::default(),
                run: 0,
                break_shot: false,
                red_first_v1: false,
                told_one: ByPlayer::default(),
                zone: ZoneStatus::Clear,
                pending: Pending::None,
                pause_due: false,
                half_pause_done: false,
                warnings: ByPlayer::default(),
                timeouts_used: ByPlayer::default(),
                shot_started: None,
                extension: 0,
                result: None,
            },
            innings_log: Vec::new(),
            games: Vec::new(),
            announcements: Vec::new(),
            fouls: Vec::new(),
            warnings_log: Vec::new(),
            protests: Vec::new(),
            corrections: Vec::new(),
            history: Vec::new(),
            last_start: 0,
            edited: None,
            format,
            needs_v1: false,
        })
    }

    /// Rebuilds a match from its set-up and events: `fold(setup, events)`.
    ///
    /// # Errors
    /// [`ReplayError::Setup`] for an invalid set-up, [`ReplayError::Event`] with the index
    /// of the first impossible event.
    pub fn replay(
        setup: MatchSetup,
        events: impl IntoIterator<Item = Event>,
    ) -> Result<Match, ReplayError> {
        Match::replay_with_format(setup, events, FileFormat::CURRENT)
    }

    /// [`Match::replay`] under the rules of the match-file version `format`.
    ///
    /// # Errors
    /// As [`Match::replay`].
    pub fn replay_with_format(
        setup: MatchSetup,
        events: impl IntoIterator<Item = Event>,
        format: FileFormat,
    ) -> Result<Match, ReplayError> {
        let mut m = Match::with_format(setup, format)?;
        for (index, e) in events.into_iter().enumerate() {
            m.apply(e)
                .map_err(|error| ReplayError::Event { index, error })?;
        }
        Ok(m)
    }

    /// The match-file version whose rules the events follow.
    pub fn format(&self) -> FileFormat {
        self.format
    }

    /// The version its file is written in: [`FileFormat::CURRENT`], unless an event was
    /// accepted that only `/1`'s lenient rules accept: then `/1`, so that the file reads
    /// back (a `/2` reader would refuse it).
    pub fn file_format(&self) -> FileFormat {
        if self.needs_v1 {
            FileFormat::V1
        } else {
            FileFormat::CURRENT
        }
    }

    /// The set-up the match started with: what its file stores. The changes made during
    /// the match are in [`Match::current_setup`].
    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    /// The set-up as it stands now: the starting one with every `edit-setup` applied.
    pub fn current_setup(&self) -> &MatchSetup {
        &self.current
    }

    /// Every event applied, undos included, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The completed innings, in order.
    pub fn innings_log(&self) -> &[InningRecord] {
        &self.innings_log
    }

    /// The finished games (sets).
    pub fn games(&self) -> &[GameRecord] {
        &self.games
    }

    /// Corrections (undos, edited innings), never removed.
    pub fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    /// Whether an undo is possible now.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The result, once the match is over.
    pub fn result(&self) -> Option<MatchResult> {
        self.state.result
    }

    /// The whole announcement sequence of the match (revoked events' announcements are
    /// gone; the correction is announced).
    pub fn announcements(&self) -> &[AnnouncementRecord] {
        &self.announcements
    }

    /// The announcements caused by the last event, in speaking order (R-ANN-5).
    pub fn last_announcements(&self) -> &[AnnouncementRecord] {
        &self.announcements[self.last_start.min(self.announcements.len())..]
    }

    /// The cue ball of player `p`, known from the first break: the first breaker plays the
    /// white for the whole match (R-START-2).
    pub fn ball_of(&self, p: Player) -> Option<Ball> {
        self.state
            .white
            .map(|w| if w == p { Ball::White } else { Ball::Yellow })
    }

    pub(crate) fn target(&self, p: Player) -> u32 {
        self.setup.target_of(p)
    }

    /// The player at the table, while a game is being played.
    pub fn at_table(&self) -> Option<Player> {
        self.in_game().then_some(self.state.turn)
    }

    pub(crate) fn in_game(&self) -> bool {
        matches!(self.state.phase, Phase::Play | Phase::EqualizingInning)
    }

    pub(super) fn name(&self, p: Player) -> String {
        self.setup.players[p].name.clone()
    }

    pub(super) fn announce(&mut self, event_index: usize, announcement: Announcement) {
        self.announcements.push(AnnouncementRecord {
            event_index,
            announcement,
        });
    }

    /// Applies one event.
    ///
    /// # Errors
    /// [`PlayError`] when the event is impossible now; the match is then unchanged.
    pub fn apply(&mut self, event: Event) -> Result<(), PlayError> {
        let index = self.events.len();
        if let Event::Undo { at } = event {
            self.undo(index, at)?;
            self.events.push(event);
            return Ok(());
        }
        let cp = self.checkpoint(index);
        let needs_v1 = self.needs_v1;
        let corrections = self.corrections.len();
        self.last_start = self.announcements.len();
        self.edited = None;
        let outcome = self.exec(&event, index);
        let mut cp = cp;
        cp.edited = self.edited.take();
        match outcome {
            Ok(()) => {
                self.history.push(cp);
                self.events.push(event);
                Ok(())
            }
            Err(e) => {
                self.restore(&cp);
                self.needs_v1 = needs_v1;
                self.corrections.truncate(corrections);
                Err(e)
            }
        }
    }

    pub(super) fn require_game(&self) -> Result<(), PlayError> {
        match self.state.phase {
            Phase::Play | Phase::EqualizingInning => Ok(()),
            Phase::Lag | Phase::Break => Err(PlayError::NotStarted),
            Phase::SetOver => Err(PlayError::SetOver),
            Phase::Finished => Err(PlayError::MatchFinished),
        }
    }

    fn exec(&mut self, event: &Event, idx: usize) -> Result<(), PlayError> {
        let at = event.at();
        if self.state.phase == Phase::Finished && !matches!(event, Event::Protest { .. }) {
            return Err(PlayError::MatchFinished);
        }
        if self.state.paused
            && !matches!(
                event,
                Event::PauseEnd { .. }
                    | Event::Warning { .. }
                    | Event::Forfeit { .. }
                    | Event::Protest { .. }
                    | Event::EditSetup { .. }
            )
        {
            return Err(PlayError::Paused);
        }
        match event {
            Event::Lag {
                winner,
                relag,
                caused_by,
                red_touched_by,
                ..
            } => self.lag(idx, *winner, *relag, *caused_by, *red_touched_by),
            Event::ChooseBreaker { player, spot, .. } => self.choose_breaker(*player, *spot),
            Event::Break { player, spot, .. } => self.break_shot(idx, *player, *spot, at),
            Event::Carom { .. } => self.carom_shot(idx, at),
            Event::Miss { .. } => self.miss(idx, at),
            Event::Inning { run, .. } => self.inning(idx, at, *run),
            Event::Foul {
                foul,
                balls,
                occupied,
                ..
            } => self.foul(idx, at, *foul, balls, occupied),
            Event::Contact {
                choice,
                with,
                ball,
                occupied,
                ..
            } => self.contact(idx, *choice, with.unwrap_or_default(), *ball, occupied),
            Event::Zone { call, anchor, .. } => self.zone(idx, *call, *anchor),
            Event::ShotClockExpired { .. } => self.shot_clock_expired(idx, at),
            Event::TimeOut { player, .. } => self.time_out(idx, *player),
            Event::PauseStart { .. } => self.pause_start(idx, at),
            Event::PauseEnd { .. } => self.pause_end(idx, at),
            Event::Warning { player, .. } => {
                self.warning(idx, at, *player);
                Ok(())
            }
            Event::Forfeit { player, .. } => {
                self.forfeit(idx, at, *player);
                Ok(())
            }
            Event::EditInning {
                player,
                inning,
                run,
                ..
            } => self.edit_inning(idx, at, *player, *inning, *run),
            Event::Protest { player, text, .. } => self.protest(idx, at, *player, text),
            Event::EditSetup { field, value, .. } => {
                self.edit_setup(idx, at, *field, value.as_ref())
            }
            // Handled by `apply` before any other event.
            Event::Undo { .. } => Err(PlayError::NothingToUndo),
        }
    }
}
