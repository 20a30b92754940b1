//! The match: a checked set-up and the fold of its events.

use serde::Serialize;

use crate::announce::{Announcement, AnnouncementRecord};
use crate::discipline::ContactRule;
use crate::error::{PlayError, ReplayError};
use crate::event::{ContactChoice, ContactWith, Event, Foul, SetupField, SetupValue, ZoneCall};
use crate::guidance::{Ball, Side, Spot};
use crate::player::{ByPlayer, Player};
use crate::setup::{MatchSetup, SetupError};
use crate::view::{MatchResult, Phase, ResultReason, Winner, ZoneStatus};

/// How an inning ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum InningEnd {
    /// A miss.
    Miss,
    /// A foul.
    Foul {
        /// Which.
        foul: Foul,
    },
    /// The shot clock ran out.
    ShotClock,
    /// The player reached his distance.
    Target,
    /// The match was stopped (forfeit, second warning).
    Stopped,
}

/// One completed inning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct InningRecord {
    /// Game (set) number, 1-based.
    pub set: u16,
    /// The player.
    pub player: Player,
    /// His inning number in that game.
    pub inning: u32,
    /// The run (after any edit).
    pub run: u32,
    /// How it ended.
    pub end: InningEnd,
    /// The event that ended it.
    pub event_index: usize,
    /// Caller's time of that event.
    pub at: Option<u64>,
}

/// One finished game (the single game, or a set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// Game (set) number, 1-based.
    pub number: u16,
    /// Who broke.
    pub breaker: Player,
    /// Each player's distance.
    pub targets: ByPlayer<u32>,
    /// Points.
    pub points: ByPlayer<u32>,
    /// Innings.
    pub innings: ByPlayer<u32>,
    /// Winner (`None` when stopped by a forfeit or a second warning).
    pub winner: Option<Winner>,
    /// How it ended.
    pub reason: ResultReason,
}

/// A recorded foul.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FoulRecord {
    /// Event index.
    pub event_index: usize,
    /// Caller's time.
    pub at: Option<u64>,
    /// Game number.
    pub set: u16,
    /// The player.
    pub player: Player,
    /// The foul.
    pub foul: Foul,
}

/// A recorded warning or protest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NoteRecord {
    /// Event index.
    pub event_index: usize,
    /// Caller's time.
    pub at: Option<u64>,
    /// The player.
    pub player: Player,
    /// The protest text (empty for a warning).
    pub text: String,
}

/// A correction (R-SHEET-3): kept on the sheet even when what it corrected is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Correction {
    /// An undo (R-FOUL-2, Art. 8.5).
    Undo {
        /// The undo event's index.
        event_index: usize,
        /// Its time.
        at: Option<u64>,
        /// The index of the event it revoked.
        undone_index: usize,
        /// The event it revoked.
        undone: Event,
    },
    /// An edited inning.
    EditInning {
        /// The edit event's index.
        event_index: usize,
        /// Its time.
        at: Option<u64>,
        /// Game number.
        set: u16,
        /// Player.
        player: Player,
        /// Inning.
        inning: u32,
        /// The run before.
        old_run: u32,
        /// The run after.
        new_run: u32,
    },
    /// A set-up field changed during the match (officials, header, shot clock).
    EditSetup {
        /// The edit event's index.
        event_index: usize,
        /// Its time.
        at: Option<u64>,
        /// The field.
        field: SetupField,
        /// Its value before (`None`: empty, or no shot clock).
        before: Option<SetupValue>,
        /// Its value after.
        after: Option<SetupValue>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EqualizingCause {
    Target,
    InningsLimit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    None,
    Contact {
        touching: Ball,
        open: bool,
        compulsory: bool,
    },
    OffTable {
        jumped: u8,
        /// Balls on the top, centre and bottom spots.
        occupied: [Option<Ball>; 3],
        incoming: Ball,
    },
}

/// The whole rule state that an event can change; `Copy` so that undo restores it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct State {
    pub phase: Phase,
    pub paused: bool,
    pub relags: ByPlayer<u8>,
    pub chooser: Option<Player>,
    pub chosen_breaker: Option<Player>,
    pub chosen_side: Option<Side>,
    pub white: Option<Player>,
    pub set: u16,
    pub sets_won: ByPlayer<u16>,
    pub breaker: Player,
    pub turn: Player,
    pub score: ByPlayer<u32>,
    pub innings: ByPlayer<u32>,
    pub run: u32,
    pub break_shot: bool,
    pub equalizing: Option<EqualizingCause>,
    pub told_one: ByPlayer<bool>,
    pub zone: ZoneStatus,
    pub pending: Pending,
    pub pause_due: bool,
    pub half_pause_done: bool,
    pub warnings: ByPlayer<u8>,
    pub timeouts_used: ByPlayer<u8>,
    pub shot_started: Option<u64>,
    pub extension: u32,
    pub result: Option<MatchResult>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Checkpoint {
    state: State,
    innings: usize,
    games: usize,
    announcements: usize,
    fouls: usize,
    warnings: usize,
    protests: usize,
    setups: usize,
    edited: Option<(usize, u32)>,
    event_index: usize,
    last_start: usize,
}

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
    history: Vec<Checkpoint>,
    last_start: usize,
    edited: Option<(usize, u32)>,
}

fn spot_index(s: Spot) -> Option<usize> {
    match s {
        Spot::Top => Some(0),
        Spot::Centre => Some(1),
        Spot::Bottom => Some(2),
        _ => None,
    }
}

impl Match {
    /// Checks the set-up and starts a match in the lag phase.
    ///
    /// # Errors
    /// [`SetupError`] naming the first invalid field.
    pub fn new(setup: MatchSetup) -> Result<Match, SetupError> {
        setup.validate()?;
        Ok(Match {
            current: setup.clone(),
            replaced_setups: Vec::new(),
            setup,
            events: Vec::new(),
            state: State {
                phase: Phase::Lag,
                paused: false,
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
                equalizing: None,
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
        let mut m = Match::new(setup)?;
        for (index, e) in events.into_iter().enumerate() {
            m.apply(e)
                .map_err(|error| ReplayError::Event { index, error })?;
        }
        Ok(m)
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

    pub(crate) fn in_game(&self) -> bool {
        matches!(self.state.phase, Phase::Play | Phase::EqualizingInning)
    }

    fn name(&self, p: Player) -> String {
        self.setup.players[p].name.clone()
    }

    fn announce(&mut self, event_index: usize, announcement: Announcement) {
        self.announcements.push(AnnouncementRecord {
            event_index,
            announcement,
        });
    }

    fn checkpoint(&self, event_index: usize) -> Checkpoint {
        Checkpoint {
            state: self.state,
            innings: self.innings_log.len(),
            games: self.games.len(),
            announcements: self.announcements.len(),
            fouls: self.fouls.len(),
            warnings: self.warnings_log.len(),
            protests: self.protests.len(),
            setups: self.replaced_setups.len(),
            edited: None,
            event_index,
            last_start: self.last_start,
        }
    }

    fn restore(&mut self, cp: &Checkpoint) {
        self.state = cp.state;
        if let Some((i, run)) = cp.edited {
            self.innings_log[i].run = run;
        }
        self.innings_log.truncate(cp.innings);
        self.games.truncate(cp.games);
        self.announcements.truncate(cp.announcements);
        self.fouls.truncate(cp.fouls);
        self.warnings_log.truncate(cp.warnings);
        self.protests.truncate(cp.protests);
        while self.replaced_setups.len() > cp.setups {
            if let Some(previous) = self.replaced_setups.pop() {
                self.current = previous;
            }
        }
        self.last_start = cp.last_start;
    }

    /// Applies one event.
    ///
    /// # Errors
    /// [`PlayError`] when the event is impossible now; the match is then unchanged.
    pub fn apply(&mut self, event: Event) -> Result<(), PlayError> {
        let index = self.events.len();
        if let Event::Undo { at } = event {
            let cp = self.history.pop().ok_or(PlayError::NothingToUndo)?;
            self.restore(&cp);
            self.corrections.push(Correction::Undo {
                event_index: index,
                at,
                undone_index: cp.event_index,
                undone: self.events[cp.event_index].clone(),
            });
            self.last_start = self.announcements.len();
            let p = self.state.turn;
            if self.state.set > 0 {
                self.announce(
                    index,
                    Announcement::Correction {
                        player: p,
                        name: self.name(p),
                        points: self.state.score[p],
                    },
                );
            }
            self.events.push(event);
            return Ok(());
        }
        let cp = self.checkpoint(index);
        let corrections = self.corrections.len();
        self.last_start = self.announcements.len();
        self.edited = None;
        match self.exec(&event, index) {
            Ok(()) => {
                let mut cp = cp;
                cp.edited = self.edited.take();
                self.history.push(cp);
                self.events.push(event);
                Ok(())
            }
            Err(e) => {
                let mut cp = cp;
                cp.edited = self.edited.take();
                self.restore(&cp);
                self.corrections.truncate(corrections);
                Err(e)
            }
        }
    }

    fn require_game(&self) -> Result<(), PlayError> {
        match self.state.phase {
            Phase::Play | Phase::EqualizingInning => Ok(()),
            Phase::Lag | Phase::Break => Err(PlayError::NotStarted),
            Phase::SetOver => Err(PlayError::SetOver),
            Phase::Finished => Err(PlayError::MatchFinished),
        }
    }

    /// A shot is being played: the pending re-spot or choice is settled, a due pause waived.
    fn shot(&mut self, at: Option<u64>) {
        self.state.pending = Pending::None;
        if self.state.pause_due {
            self.state.pause_due = false;
            self.state.half_pause_done = true;
        }
        self.clock_restart(at);
    }

    fn clock_restart(&mut self, at: Option<u64>) {
        if at.is_some() {
            self.state.shot_started = at;
        }
        self.state.extension = 0;
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
            Event::ChooseBreaker { player, spot, .. } => {
                let p = *player;
                if !matches!(self.state.phase, Phase::Lag | Phase::Break) {
                    return Err(PlayError::LagOver);
                }
                self.state.chosen_breaker = Some(p);
                self.state.chosen_side = *spot;
                self.state.phase = Phase::Break;
                Ok(())
            }
            Event::Break { player, spot, .. } => self.break_shot(idx, *player, *spot, at),
            Event::Carom { .. } => {
                self.require_game()?;
                self.shot(at);
                self.carom(idx, at);
                Ok(())
            }
            Event::Miss { .. } => {
                self.require_game()?;
                self.shot(at);
                self.end_inning(idx, at, InningEnd::Miss);
                Ok(())
            }
            Event::Inning { run, .. } => {
                self.require_game()?;
                let t = self.state.turn;
                let s = self.state.score[t];
                let target = self.target(t);
                let max = if self.state.told_one[t] && s + 1 < target {
                    1
                } else {
                    target - s
                };
                if *run > max {
                    return Err(PlayError::RunTooLong { run: *run, max });
                }
                self.shot(at);
                for _ in 0..*run {
                    self.carom(idx, at);
                }
                if *run < max {
                    self.end_inning(idx, at, InningEnd::Miss);
                }
                Ok(())
            }
            Event::Foul {
                foul,
                balls,
                occupied,
                ..
            } => self.foul(idx, at, *foul, balls, occupied),
            Event::Contact {
                choice, with, ball, ..
            } => self.contact(idx, *choice, with.unwrap_or_default(), *ball),
            Event::Zone { call, anchor, .. } => self.zone(idx, *call, *anchor),
            Event::ShotClockExpired { .. } => {
                self.require_game()?;
                let t = self.state.turn;
                self.shot(at);
                self.announce(idx, Announcement::ShotClockExpired { player: t });
                self.end_inning(idx, at, InningEnd::ShotClock);
                Ok(())
            }
            Event::TimeOut { player, .. } => {
                self.require_game()?;
                let clock = self.current.shot_clock.ok_or(PlayError::NoShotClock)?;
                let p = player.unwrap_or(self.state.turn);
                if p != self.state.turn {
                    return Err(PlayError::NotAtTable { player: p });
                }
                let used = &mut self.state.timeouts_used[p];
                if *used >= clock.timeouts {
                    return Err(PlayError::NoTimeOutsLeft { player: p });
                }
                *used += 1;
                let left = clock.timeouts - *used;
                self.state.extension += clock.timeout_seconds;
                self.announce(idx, Announcement::TimeOut { player: p, left });
                Ok(())
            }
            Event::PauseStart { .. } => {
                if self.state.paused {
                    return Err(PlayError::AlreadyPaused);
                }
                if self.in_game() && self.state.run > 0 {
                    return Err(PlayError::PauseDuringRun);
                }
                self.state.paused = true;
                self.state.pause_due = false;
                self.state.half_pause_done = true;
                let minutes = self.setup.pause.minutes;
                self.announce(idx, Announcement::PauseStart { minutes });
                Ok(())
            }
            Event::PauseEnd { .. } => {
                if !self.state.paused {
                    return Err(PlayError::NotPaused);
                }
                self.state.paused = false;
                self.clock_restart(at);
                self.announce(idx, Announcement::PauseEnd);
                Ok(())
            }
            Event::Warning { player, .. } => {
                let p = *player;
                self.state.warnings[p] += 1;
                let count = self.state.warnings[p];
                self.warnings_log.push(NoteRecord {
                    event_index: idx,
                    at,
                    player: p,
                    text: String::new(),
                });
                self.announce(
                    idx,
                    Announcement::Warning {
                        player: p,
                        name: self.name(p),
                        count,
                    },
                );
                if count >= 2 {
                    self.stop(idx, at, p.other(), ResultReason::SecondWarning);
                }
                Ok(())
            }
            Event::Forfeit { player, .. } => {
                let p = *player;
                self.announce(
                    idx,
                    Announcement::Forfeit {
                        player: p,
                        name: self.name(p),
                    },
                );
                self.stop(idx, at, p.other(), ResultReason::Forfeit);
                Ok(())
            }
            Event::EditInning {
                player,
                inning,
                run,
                ..
            } => self.edit_inning(idx, at, *player, *inning, *run),
            Event::Protest { player, text, .. } => {
                let p = *player;
                let t = text.trim();
                if t.is_empty()
                    || t.chars().count() > 1000
                    || t.chars().any(|c| c.is_control() && c != '\n')
                {
                    return Err(PlayError::ProtestInvalid);
                }
                self.protests.push(NoteRecord {
                    event_index: idx,
                    at,
                    player: p,
                    text: t.to_string(),
                });
                Ok(())
            }
            Event::EditSetup { field, value, .. } => {
                self.edit_setup(idx, at, *field, value.as_ref())
            }
            Event::Undo { .. } => Err(PlayError::NothingToUndo),
        }
    }

    /// A set-up change during the match: only the fields of [`SetupField`], checked like
    /// the set-up itself, kept among the corrections (R-SHEET-3).
    fn edit_setup(
        &mut self,
        idx: usize,
        at: Option<u64>,
        field: SetupField,
        value: Option<&SetupValue>,
    ) -> Result<(), PlayError> {
        let mut next = self.current.clone();
        if !field.set(&mut next, value) {
            return Err(PlayError::SetupValueMismatch { field: field.id() });
        }
        next.validate().map_err(PlayError::SetupChange)?;
        let before = field.get(&self.current);
        let after = field.get(&next);
        self.replaced_setups
            .push(std::mem::replace(&mut self.current, next));
        self.corrections.push(Correction::EditSetup {
            event_index: idx,
            at,
            field,
            before,
            after,
        });
        Ok(())
    }

    /// R-LAG-2…4.
    fn lag(
        &mut self,
        idx: usize,
        winner: Option<Player>,
        relag: Option<crate::event::RelagReason>,
        caused_by: Option<Player>,
        red_touched_by: Option<Player>,
    ) -> Result<(), PlayError> {
        if self.state.phase != Phase::Lag {
            return Err(PlayError::LagOver);
        }
        if let Some(p) = red_touched_by {
            // R-LAG-4: touching the red is a fault; the other player has the choice.
            self.lag_decided(idx, p.other());
        } else if let Some(reason) = relag {
            self.announce(idx, Announcement::Relag { reason });
            if let Some(p) = caused_by {
                if reason == crate::event::RelagReason::Collision {
                    // R-LAG-3 (UMB): the player who crossed into the other half loses.
                    self.lag_decided(idx, p.other());
                } else {
                    // R-LAG-2: two re-lags caused lose the choice.
                    self.state.relags[p] += 1;
                    if self.state.relags[p] >= 2 {
                        self.lag_decided(idx, p.other());
                    }
                }
            }
        } else if let Some(w) = winner {
            self.lag_decided(idx, w);
        }
        Ok(())
    }

    fn lag_decided(&mut self, idx: usize, p: Player) {
        self.state.chooser = Some(p);
        self.state.phase = Phase::Break;
        self.announce(
            idx,
            Announcement::LagWon {
                player: p,
                name: self.name(p),
            },
        );
    }

    /// R-START-1/2: a game (set) starts.
    fn break_shot(
        &mut self,
        idx: usize,
        player: Option<Player>,
        spot: Option<Side>,
        at: Option<u64>,
    ) -> Result<(), PlayError> {
        let p = match self.state.phase {
            Phase::Play | Phase::EqualizingInning => return Err(PlayError::AlreadyStarted),
            Phase::Finished => return Err(PlayError::MatchFinished),
            Phase::Lag | Phase::Break => {
                if let (Some(c), Some(p)) = (self.state.chosen_breaker, player) {
                    if c != p {
                        return Err(PlayError::WrongBreaker { expected: c });
                    }
                }
                let p = player
                    .or(self.state.chosen_breaker)
                    .or(self.state.chooser)
                    .unwrap_or(Player::A);
                self.state.white = Some(p);
                p
            }
            // Sets: the break alternates; the file may name the breaker.
            Phase::SetOver => player.unwrap_or(self.state.breaker.other()),
        };
        self.state.chosen_side = spot.or(self.state.chosen_side);
        self.state.set += 1;
        self.state.score = ByPlayer::default();
        self.state.innings = ByPlayer::default();
        self.state.run = 0;
        self.state.breaker = p;
        self.state.equalizing = None;
        self.state.told_one = ByPlayer::default();
        self.state.zone = ZoneStatus::Clear;
        self.state.pending = Pending::None;
        self.state.pause_due = false;
        self.state.timeouts_used = ByPlayer::default();
        self.state.phase = Phase::Play;
        self.state.break_shot = true;
        self.clock_restart(at);
        let set = self.setup.sets.map(|_| self.state.set);
        self.announce(
            idx,
            Announcement::Break {
                player: p,
                name: self.name(p),
                set,
            },
        );
        self.start_inning(idx, p, None);
        Ok(())
    }

    fn start_inning(&mut self, idx: usize, p: Player, outgoing: Option<(Player, u32)>) {
        let st = &mut self.state;
        st.turn = p;
        st.innings[p] += 1;
        st.run = 0;
        st.zone = ZoneStatus::Clear;
        let inning = st.innings[p];
        let is_breaker = p == st.breaker;
        if let Some((q, points)) = outgoing {
            self.announce(
                idx,
                Announcement::TurnChange {
                    player: q,
                    name: self.name(q),
                    points,
                    inning: is_breaker.then_some(inning),
                },
            );
        }
        if self.state.phase == Phase::EqualizingInning {
            self.announce(
                idx,
                Announcement::EqualizingInning {
                    player: p,
                    name: self.name(p),
                },
            );
        }
        // R-ANN-3: before the breaker plays.
        if let (true, Some(limit)) = (is_breaker, self.setup.innings_limit) {
            match (limit + 1).saturating_sub(inning) {
                3 => self.announce(idx, Announcement::InningsLeft { innings: 3 }),
                2 => self.announce(idx, Announcement::PenultimateInning),
                1 => self.announce(idx, Announcement::LastInning),
                _ => {}
            }
        }
        self.plays_for(idx, p);
        // R-PAUSE: at half distance, once both played the same number of innings.
        if is_breaker
            && outgoing.is_some()
            && self.setup.pause.enabled
            && self.setup.sets.is_none()
            && !self.state.half_pause_done
            && Player::ALL
                .into_iter()
                .any(|q| self.state.score[q] * 2 >= self.target(q))
        {
            self.state.pause_due = true;
        }
    }

    /// R-ANN-2.
    fn plays_for(&mut self, idx: usize, p: Player) {
        let to_go = self.target(p).saturating_sub(self.state.score[p]);
        if to_go >= 1 && to_go <= self.setup.discipline.plays_for_from() {
            if to_go == 1 {
                self.state.told_one[p] = true;
            }
            self.announce(
                idx,
                Announcement::PlaysFor {
                    player: p,
                    points: to_go,
                },
            );
        }
    }

    fn carom(&mut self, idx: usize, at: Option<u64>) {
        let t = self.state.turn;
        let target = self.target(t);
        self.state.break_shot = false;
        // R-END-2: told "plays for 1", he is credited with the full distance.
        let credit = if self.state.told_one[t] && self.state.score[t] + 1 < target {
            target - self.state.score[t]
        } else {
            1
        };
        self.state.run += credit;
        self.state.score[t] += credit;
        let run = self.state.run;
        self.announce(idx, Announcement::Count { run });
        // R-ZONE.
        let mut dedans = false;
        if let Some(n) = self.setup.discipline.zone_caroms() {
            self.state.zone = match self.state.zone {
                ZoneStatus::Clear => ZoneStatus::Clear,
                // A carom after "dedans" that is not a foul brought a ball out.
                ZoneStatus::Dedans => ZoneStatus::Clear,
                ZoneStatus::Entered { caroms } => {
                    if caroms + 1 >= n - 1 {
                        dedans = true;
                        ZoneStatus::Dedans
                    } else {
                        ZoneStatus::Entered { caroms: caroms + 1 }
                    }
                }
            };
        }
        if self.state.score[t] >= target {
            self.target_reached(idx, at);
            return;
        }
        self.plays_for(idx, t);
        if dedans {
            self.announce(
                idx,
                Announcement::Zone {
                    call: ZoneCall::Dedans,
                    anchor: false,
                },
            );
        }
    }

    fn record_inning(&mut self, idx: usize, at: Option<u64>, end: InningEnd) {
        let t = self.state.turn;
        self.innings_log.push(InningRecord {
            set: self.state.set,
            player: t,
            inning: self.state.innings[t],
            run: self.state.run,
            end,
            event_index: idx,
            at,
        });
    }

    /// R-END-1.
    fn target_reached(&mut self, idx: usize, at: Option<u64>) {
        let t = self.state.turn;
        let run = self.state.run;
        self.record_inning(idx, at, InningEnd::Target);
        if self.state.phase == Phase::EqualizingInning {
            let winner = match self.state.equalizing {
                Some(EqualizingCause::Target) => Winner::Draw,
                _ => Winner::Player(t),
            };
            self.end_game(idx, winner, ResultReason::Target);
        } else if t == self.state.breaker && self.setup.equalizing_inning {
            self.state.phase = Phase::EqualizingInning;
            self.state.equalizing = Some(EqualizingCause::Target);
            self.state.run = 0;
            self.start_inning(idx, t.other(), Some((t, run)));
        } else {
            self.end_game(idx, Winner::Player(t), ResultReason::Target);
        }
    }

    fn end_inning(&mut self, idx: usize, at: Option<u64>, end: InningEnd) {
        let t = self.state.turn;
        let run = self.state.run;
        self.record_inning(idx, at, end);
        self.state.run = 0;
        self.state.zone = ZoneStatus::Clear;
        if self.state.phase == Phase::EqualizingInning {
            self.announce(
                idx,
                Announcement::TurnChange {
                    player: t,
                    name: self.name(t),
                    points: run,
                    inning: None,
                },
            );
            let b = self.state.breaker;
            let winner = match self.state.equalizing {
                Some(EqualizingCause::Target) => Winner::Player(b),
                _ => self.limit_winner(),
            };
            let reason = match self.state.equalizing {
                Some(EqualizingCause::Target) => ResultReason::Target,
                _ => ResultReason::InningsLimit,
            };
            self.end_game(idx, winner, reason);
            return;
        }
        let limit_reached = self
            .setup
            .innings_limit
            .is_some_and(|l| self.state.innings[t] >= l);
        if t == self.state.breaker {
            if limit_reached {
                // R-END-1: the innings limit ends; the other player has his last inning.
                self.state.phase = Phase::EqualizingInning;
                self.state.equalizing = Some(EqualizingCause::InningsLimit);
            }
            self.start_inning(idx, t.other(), Some((t, run)));
        } else if limit_reached {
            self.announce(
                idx,
                Announcement::TurnChange {
                    player: t,
                    name: self.name(t),
                    points: run,
                    inning: None,
                },
            );
            let w = self.limit_winner();
            self.end_game(idx, w, ResultReason::InningsLimit);
        } else {
            self.start_inning(idx, t.other(), Some((t, run)));
        }
    }

    /// Innings-limit finish: on points, or with different distances on the share of each
    /// player's distance.
    fn limit_winner(&self) -> Winner {
        let a = u64::from(self.state.score[Player::A]) * u64::from(self.target(Player::B));
        let b = u64::from(self.state.score[Player::B]) * u64::from(self.target(Player::A));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Winner::Player(Player::A),
            std::cmp::Ordering::Less => Winner::Player(Player::B),
            std::cmp::Ordering::Equal => Winner::Draw,
        }
    }

    fn push_game(&mut self, winner: Option<Winner>, reason: ResultReason) {
        self.games.push(GameRecord {
            number: self.state.set,
            breaker: self.state.breaker,
            targets: ByPlayer::from_fn(|p| self.target(p)),
            points: self.state.score,
            innings: self.state.innings,
            winner,
            reason,
        });
    }

    fn end_game(&mut self, idx: usize, winner: Winner, reason: ResultReason) {
        self.push_game(Some(winner), reason);
        self.state.pending = Pending::None;
        self.state.pause_due = false;
        self.state.zone = ZoneStatus::Clear;
        match self.setup.sets {
            Some(sets) => {
                let set = self.state.set;
                match winner {
                    Winner::Player(w) => {
                        self.state.sets_won[w] += 1;
                        self.announce(
                            idx,
                            Announcement::SetWon {
                                set,
                                player: w,
                                name: self.name(w),
                            },
                        );
                        if self.state.sets_won[w] >= sets.to_win() {
                            self.finish(idx, Winner::Player(w), ResultReason::Sets);
                            return;
                        }
                    }
                    Winner::Draw => self.announce(idx, Announcement::SetDrawn { set }),
                }
                self.state.phase = Phase::SetOver;
                // R-PAUSE: after set 2 (best of 3), after sets 2 and 4 (best of 5).
                self.state.pause_due = self.setup.pause.enabled && set & 1 == 0;
            }
            None => self.finish(idx, winner, reason),
        }
    }

    fn finish(&mut self, idx: usize, winner: Winner, reason: ResultReason) {
        self.state.phase = Phase::Finished;
        self.state.pending = Pending::None;
        self.state.pause_due = false;
        self.state.paused = false;
        self.state.result = Some(MatchResult { winner, reason });
        match winner {
            Winner::Player(p) => self.announce(
                idx,
                Announcement::MatchWon {
                    player: p,
                    name: self.name(p),
                    reason,
                },
            ),
            Winner::Draw => self.announce(idx, Announcement::MatchDrawn),
        }
    }

    /// R-END-4: forfeit or second warning.
    fn stop(&mut self, idx: usize, at: Option<u64>, winner: Player, reason: ResultReason) {
        if self.in_game() {
            self.record_inning(idx, at, InningEnd::Stopped);
            self.state.run = 0;
            self.push_game(None, reason);
        }
        self.finish(idx, Winner::Player(winner), reason);
    }

    fn foul(
        &mut self,
        idx: usize,
        at: Option<u64>,
        foul: Foul,
        balls: &[Ball],
        occupied: &[crate::event::Occupied],
    ) -> Result<(), PlayError> {
        self.require_game()?;
        match foul {
            Foul::ZoneNotLeft => {
                if !self.setup.discipline.has_zones() {
                    return Err(PlayError::NoZones);
                }
                if self.state.zone != ZoneStatus::Dedans {
                    return Err(PlayError::NoDedans);
                }
            }
            Foul::RedNotHitFirst if !self.state.break_shot => {
                return Err(PlayError::NotTheBreakShot);
            }
            _ => {}
        }
        let t = self.state.turn;
        self.shot(at);
        self.state.break_shot = false;
        self.fouls.push(FoulRecord {
            event_index: idx,
            at,
            set: self.state.set,
            player: t,
            foul,
        });
        self.announce(idx, Announcement::Foul { player: t, foul });
        self.end_inning(idx, at, InningEnd::Foul { foul });
        if foul == Foul::BallOffTable && self.in_game() {
            let mut occ = [None; 3];
            for o in occupied {
                if let Some(i) = spot_index(o.spot) {
                    occ[i] = Some(o.ball);
                }
            }
            let incoming = self.ball_of(self.state.turn).unwrap_or(Ball::Yellow);
            self.state.pending = Pending::OffTable {
                jumped: balls.iter().fold(0, |m, b| m | b.bit()),
                occupied: occ,
                incoming,
            };
        }
        Ok(())
    }

    /// R-CONTACT.
    fn contact(
        &mut self,
        idx: usize,
        choice: Option<ContactChoice>,
        with: ContactWith,
        ball: Option<Ball>,
    ) -> Result<(), PlayError> {
        self.require_game()?;
        if with == ContactWith::Cushion {
            self.announce(idx, Announcement::Contact { with });
            return Ok(());
        }
        let rule = self.setup.discipline.contact_rule(self.setup.table);
        let compulsory = rule == ContactRule::RespotCompulsory;
        if compulsory && choice == Some(ContactChoice::PlayOn) {
            return Err(PlayError::RespotCompulsory);
        }
        self.announce(idx, Announcement::Contact { with });
        let touching = ball.unwrap_or(Ball::Red);
        self.state.pending = match (compulsory, choice) {
            (true, _) | (false, Some(ContactChoice::Respot)) => Pending::Contact {
                touching,
                open: false,
                compulsory,
            },
            (false, None) => Pending::Contact {
                touching,
                open: true,
                compulsory,
            },
            (false, Some(ContactChoice::PlayOn)) => Pending::None,
        };
        if matches!(self.state.pending, Pending::Contact { open: false, .. })
            && rule != ContactRule::ChooseRespotTouching
        {
            // All three balls back to the starting position: no zone any more.
            self.state.zone = ZoneStatus::Clear;
        }
        Ok(())
    }

    /// R-ZONE.
    fn zone(&mut self, idx: usize, call: ZoneCall, anchor: bool) -> Result<(), PlayError> {
        self.require_game()?;
        let d = self.setup.discipline;
        let n = d.zone_caroms().ok_or(PlayError::NoZones)?;
        if anchor && !d.has_anchors() {
            return Err(PlayError::NoAnchors);
        }
        if anchor && call != ZoneCall::ACheval && self.state.zone == ZoneStatus::Clear {
            return Err(PlayError::AnchorBeforeField);
        }
        match call {
            ZoneCall::ACheval => {}
            ZoneCall::Entree => {
                if self.state.zone == ZoneStatus::Dedans {
                    return Err(PlayError::AlreadyDedans);
                }
                self.state.zone = ZoneStatus::Entered { caroms: 0 };
            }
            ZoneCall::Dedans => self.state.zone = ZoneStatus::Dedans,
        }
        self.announce(idx, Announcement::Zone { call, anchor });
        if call == ZoneCall::Entree && n == 1 {
            // Cadre 47/1: "dedans" at once.
            self.state.zone = ZoneStatus::Dedans;
            self.announce(
                idx,
                Announcement::Zone {
                    call: ZoneCall::Dedans,
                    anchor,
                },
            );
        }
        Ok(())
    }

    /// R-SHEET-3 edited inning; R-END-2.
    fn edit_inning(
        &mut self,
        idx: usize,
        at: Option<u64>,
        p: Player,
        inning: u32,
        run: u32,
    ) -> Result<(), PlayError> {
        self.require_game()?;
        let set = self.state.set;
        let i = self
            .innings_log
            .iter()
            .rposition(|r| r.set == set && r.player == p && r.inning == inning)
            .ok_or(PlayError::NoSuchInning { player: p, inning })?;
        let target = self.target(p);
        if self.state.score[p] >= target {
            return Err(if self.state.told_one[p] {
                PlayError::FullDistanceCredited
            } else {
                PlayError::TargetAlreadyReached
            });
        }
        let old = self.innings_log[i].run;
        let new_score = self.state.score[p] - old + run;
        if new_score >= target {
            return Err(PlayError::EditReachesTarget);
        }
        self.edited = Some((i, old));
        self.innings_log[i].run = run;
        self.state.score[p] = new_score;
        if new_score + 1 < target {
            // The error was found before he made the point: he no longer plays for 1
            // (R-END-2 protects the distance only once made); re-announced when due.
            self.state.told_one[p] = false;
        }
        self.corrections.push(Correction::EditInning {
            event_index: idx,
            at,
            set,
            player: p,
            inning,
            old_run: old,
            new_run: run,
        });
        self.announce(
            idx,
            Announcement::Correction {
                player: p,
                name: self.name(p),
                points: new_score,
            },
        );
        Ok(())
    }
}
