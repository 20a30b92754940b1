//! A match on screen: the committed state, replayed with `carom-core` from the store's
//! log, and the referee's taps, sent one at a time in the order they were made.
//!
//! Nothing is shown as done before the store committed it: a tap is sent with the number
//! of events the screen showed (plus the taps still on their way) and the player the
//! screen showed at the table; the backend refuses it when either no longer holds (a late
//! tap after a change of turn is never credited to the other player). Only after the
//! commit is the same event applied to the local copy of the match.
//!
//! A carom is shown at once, in the frame after the finger lands, as *pending*
//! ([`Live::pending`]: the score and the run in a pending style, `aria-busy`): the referee
//! sees his tap counted without waiting for the round trip to the store, and the screen
//! never shows as done a point that a kill could still lose. The commit turns it into the
//! plain score in the same update; a refusal takes it back, with its reason.

use std::collections::VecDeque;

use carom_api::{ErrorCode, OpenedMatch};
use carom_core::{AnnouncementRecord, Ball, ByPlayer, Event, Match, MatchView, Player};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, now_ms, ApiError};

/// A stored match as fetched: the match its log replays to, and whether it is signed.
pub struct Fetched {
    /// The replayed match.
    pub game: Match,
    /// Signed: an official record, read-only (no undo).
    pub locked: bool,
}

/// The match a stored one describes (the store only ever holds logs that replay).
fn replay(opened: OpenedMatch) -> Option<Fetched> {
    let locked = opened.locked;
    let game = Match::replay(opened.setup, opened.events).ok()?;
    Some(Fetched { game, locked })
}

/// What a screen shows of one player that no carom changes: only the end of an inning
/// (or another of the referee's actions) does.
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    /// His name.
    pub name: String,
    /// His cue ball.
    pub ball: Option<Ball>,
    /// His target.
    pub target: u32,
    /// His innings.
    pub innings: u32,
    /// His last run.
    pub last_run: Option<u32>,
}

/// What the screens show of the match that no carom changes (the player at the table,
/// what the referee may do, the names…), apart from what does (the score, the run): the
/// parts that show only these read [`Live::turn`], which a carom leaves equal, so a tap
/// does not run them again — on a phone, dozens of effects per tap.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// The player at the table.
    pub at_table: Option<Player>,
    /// Shots are recorded now ([`MatchView::accepts_shots`]).
    pub playing: bool,
    /// A pause is in progress.
    pub paused: bool,
    /// The last action can be undone: the core allows it and the match is not signed (a
    /// signed sheet is an official record; the store refuses it too).
    pub can_undo: bool,
    /// The discipline has zones (the zone tracker is shown).
    pub zones: bool,
    /// The discipline has anchor zones.
    pub anchors: bool,
    /// The match has a shot clock.
    pub clock: bool,
    /// Both players.
    pub seats: ByPlayer<Seat>,
}

impl Turn {
    fn of(v: &MatchView, locked: bool) -> Turn {
        Turn {
            at_table: v.at_table,
            playing: v.accepts_shots(),
            paused: v.paused,
            can_undo: v.can_undo && !locked,
            zones: v.discipline.has_zones(),
            anchors: v.discipline.has_anchors(),
            clock: v.shot_clock.is_some(),
            seats: ByPlayer::from_fn(|p| {
                let pv = &v.players[p];
                Seat {
                    name: pv.name.clone(),
                    ball: pv.ball,
                    target: pv.target,
                    innings: pv.innings,
                    last_run: pv.last_run,
                }
            }),
        }
    }
}

#[derive(Debug, Clone)]
struct Tap {
    expected_seq: usize,
    player: Option<carom_core::Player>,
    event: Event,
    started: f64,
}

/// Fetches match `id` from the store and replays it.
pub async fn fetch(id: i64) -> Result<Fetched, ApiError> {
    let opened = call(&carom_api::OpenMatch { id }).await?;
    replay(opened).ok_or_else(|| {
        ApiError::from(ErrorCode::DatabaseCorrupt {
            detail: format!("match {id}"),
            restore: false,
        })
    })
}

/// The match being scored, shared by its screens through context.
#[derive(Clone, Copy)]
pub struct Live {
    /// Database id.
    pub id: i64,
    /// The committed state.
    pub game: RwSignal<Option<Match>>,
    /// Its view (what the screens draw).
    pub view: Memo<Option<MatchView>>,
    /// The part of the view no carom changes.
    pub turn: Memo<Option<Turn>>,
    /// Signed: read-only, whatever the core would allow.
    pub locked: RwSignal<bool>,
    /// The last refused tap or failure, shown until the next tap.
    pub notice: RwSignal<Option<ApiError>>,
    /// Caroms tapped but not yet committed by the store, shown as pending.
    pub pending: RwSignal<u32>,
    queue: StoredValue<VecDeque<Tap>>,
    outstanding: StoredValue<usize>,
    running: StoredValue<bool>,
}

/// The live match context.
pub fn use_live() -> Live {
    expect_context::<Live>()
}

impl Live {
    /// A live match over `fetched` (already fetched).
    pub fn new(id: i64, fetched: Fetched) -> Live {
        let game = RwSignal::new(Some(fetched.game));
        let view = Memo::new(move |_| game.with(|g| g.as_ref().map(Match::view)));
        let locked = RwSignal::new(fetched.locked);
        Live {
            id,
            game,
            view,
            turn: Memo::new(move |_| {
                let locked = locked.get();
                view.with(|v| v.as_ref().map(|v| Turn::of(v, locked)))
            }),
            locked,
            notice: RwSignal::new(None),
            pending: RwSignal::new(0),
            queue: StoredValue::new(VecDeque::new()),
            outstanding: StoredValue::new(0),
            running: StoredValue::new(false),
        }
    }

    /// Whether the last action can be undone ([`Turn::can_undo`]).
    pub fn can_undo(self) -> bool {
        self.with_turn(|t| t.can_undo).unwrap_or(false)
    }

    /// Reads the part of the view no carom changes (tracked: a reader runs again when it
    /// changes, not on every carom).
    pub fn with_turn<T>(self, f: impl FnOnce(&Turn) -> T) -> Option<T> {
        self.turn.with(|t| t.as_ref().map(f))
    }

    /// The announcements of the last committed event, in speaking order (R-ANN-5).
    pub fn announcements(self) -> Vec<AnnouncementRecord> {
        self.game.with(|g| {
            g.as_ref()
                .map(|g| g.last_announcements().to_vec())
                .unwrap_or_default()
        })
    }

    /// Sends a referee action, stamped with the time of the tap. Taps are queued and sent
    /// in order; the screen changes only when the store has committed each.
    pub fn send(self, event: Event) {
        let started = crate::bench::tap_started();
        // Two figures of the view, not a copy of it.
        let Some((events, at_table)) = self
            .view
            .with_untracked(|v| v.as_ref().map(|v| (v.events, v.at_table)))
        else {
            return;
        };
        let queued = self.outstanding.get_value();
        self.outstanding.set_value(queued + 1);
        if self.notice.with_untracked(Option::is_some) {
            self.notice.set(None);
        }
        if matches!(event, Event::Carom { .. }) {
            self.pending.update(|n| *n += 1);
            crate::bench::tap_shown(started);
        }
        let tap = Tap {
            expected_seq: events + queued,
            player: at_table,
            event,
            started,
        };
        self.queue.update_value(|q| q.push_back(tap));
        self.pump();
    }

    /// Stamps `event` with the current time (for the shot clock and the sheet).
    pub fn now() -> Option<u64> {
        Some(now_ms())
    }

    fn pump(self) {
        if self.running.get_value() {
            return;
        }
        self.running.set_value(true);
        spawn_local(async move {
            while let Some(tap) = self.queue.try_update_value(VecDeque::pop_front).flatten() {
                let args = carom_api::Play {
                    id: self.id,
                    expected_seq: tap.expected_seq as u64,
                    player: tap.player,
                    event: tap.event.clone(),
                };
                let sent = crate::bench::tap_started();
                let result = call(&args).await;
                crate::bench::round_trip(sent);
                self.outstanding.update_value(|n| *n = n.saturating_sub(1));
                // Answered: no longer pending, in the same update as the score it becomes
                // (the screen's effects run after this task yields).
                let carom = matches!(tap.event, Event::Carom { .. });
                if carom {
                    self.pending.update(|n| *n = n.saturating_sub(1));
                }
                match result {
                    Ok(applied) => {
                        let mut in_step = true;
                        self.game.update(|g| {
                            if let Some(g) = g {
                                in_step = g.apply(tap.event).is_ok()
                                    && g.events().len() as u64 == applied.events;
                            }
                        });
                        if in_step {
                            crate::bench::tap_committed(tap.started, carom);
                            crate::state::speech::announce(&self.announcements());
                        } else {
                            self.reload().await;
                        }
                    }
                    Err(e) => {
                        // A refused tap: what the screen shows is still what is stored,
                        // unless another window changed it; read it again to be sure.
                        if matches!(
                            e.code,
                            ErrorCode::TurnChanged { .. } | ErrorCode::StaleAction { .. }
                        ) {
                            self.drop_queue();
                            self.reload().await;
                        }
                        // Signed meanwhile (another window): read-only from now on.
                        if matches!(e.code, ErrorCode::MatchSigned { .. }) {
                            self.drop_queue();
                            self.locked.set(true);
                        }
                        self.notice.set(Some(e));
                    }
                }
            }
            self.running.set_value(false);
        });
    }

    /// Taps made after a refused one were aimed at a state that no longer exists.
    fn drop_queue(self) {
        let dropped = self
            .queue
            .try_update_value(std::mem::take)
            .unwrap_or_default();
        let caroms = dropped
            .iter()
            .filter(|t| matches!(t.event, Event::Carom { .. }))
            .count() as u32;
        if caroms > 0 {
            self.pending.update(|n| *n = n.saturating_sub(caroms));
        }
        self.outstanding
            .update_value(|n| *n = n.saturating_sub(dropped.len()));
    }

    /// Another window committed event number `count`: read the match again, unless this
    /// window's own taps are on their way (their answers bring it up to date).
    pub fn refresh_to(self, count: usize) {
        let behind = self.view.with_untracked(|v| v.as_ref().map(|v| v.events)) != Some(count);
        if behind && self.outstanding.get_value() == 0 {
            spawn_local(async move {
                if let Ok(m) = fetch(self.id).await {
                    if self.outstanding.get_value() == 0 {
                        self.locked.set(m.locked);
                        self.game.set(Some(m.game));
                    }
                }
            });
        }
    }

    /// Reads the committed match again from the store.
    pub async fn reload(self) {
        match fetch(self.id).await {
            Ok(m) => {
                self.locked.set(m.locked);
                self.game.set(Some(m.game));
            }
            Err(e) => self.notice.set(Some(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use carom_core::{Discipline, MatchSetup, TableSize};

    use super::*;

    #[test]
    fn a_carom_leaves_the_turn_unchanged_and_the_end_of_an_inning_changes_it() {
        let setup = MatchSetup::race(Discipline::Libre, TableSize::Match, ["Ana", "Bea"], 50);
        let mut game = Match::new(setup).unwrap();
        game.apply(Event::break_by(Player::A)).unwrap();
        let turn = |g: &Match| Turn::of(&g.view(), false);
        let before = (game.view(), turn(&game));
        assert_eq!(before.1.at_table, Some(Player::A));
        assert!(before.1.playing);

        game.apply(Event::carom()).unwrap();
        assert_ne!(game.view(), before.0, "the view changes with the score");
        assert_eq!(turn(&game), before.1, "the turn does not");

        game.apply(Event::miss()).unwrap();
        let after = turn(&game);
        assert_eq!(after.at_table, Some(Player::B));
        assert_eq!(
            (after.seats.a.innings, after.seats.a.last_run),
            (1, Some(1))
        );
        assert!(
            Turn::of(&game.view(), true) != after,
            "signing takes the undo away"
        );
    }
}
