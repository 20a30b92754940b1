//! The figures and views derived from a match: totals, runs, averages, the pending
//! decision and the scoring screen's [`MatchView`].

use serde::Serialize;

use super::{Match, Pending};
use crate::announce::AnnouncementRecord;
use crate::error::PlayError;
use crate::event::Event;
use crate::guidance::{Ball, Guidance, Spot};
use crate::player::{ByPlayer, Player};
use crate::view::{
    Average, MatchView, PendingDecision, Phase, PlayerView, ShotClockView, ZoneStatus,
};

/// What an event would do if applied now, without applying it ([`crate::Match::preview`]):
/// the UI shows it (a foul passes the turn, a contact asks for a re-spot) by asking the
/// core instead of restating a rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Preview {
    /// The scoring screen after the event (scores, runs, who is at the table, what the
    /// referee must do next with the ball positions).
    pub view: MatchView,
    /// What the referee would announce, in speaking order.
    pub announcements: Vec<AnnouncementRecord>,
    /// Whether the other player would come to the table (or the game would end).
    pub turn_passes: bool,
}

/// The occupied top, centre and bottom spots of a re-spot, with the ball on each.
fn spot_list(slots: [Option<Ball>; 3]) -> Vec<(Spot, Ball)> {
    Spot::RESPOT
        .into_iter()
        .zip(slots)
        .filter_map(|(s, b)| b.map(|b| (s, b)))
        .collect()
}

impl Match {
    /// Points and innings of player `p` over the whole match (all sets), the game in
    /// progress included.
    pub fn totals(&self, p: Player) -> (u32, u32) {
        let mut points: u32 = self.games.iter().map(|g| g.points[p]).sum();
        let mut innings: u32 = self.games.iter().map(|g| g.innings[p]).sum();
        if self.in_game() {
            points += self.state.score[p];
            innings += self.state.innings[p];
        }
        (points, innings)
    }

    /// The runs of player `p` in order over the whole match; the inning in progress is the
    /// last one when he is at the table.
    pub fn runs(&self, p: Player) -> Vec<u32> {
        let mut runs: Vec<u32> = self
            .innings_log
            .iter()
            .filter(|r| r.player == p)
            .map(|r| r.run)
            .collect();
        if self.at_table() == Some(p) {
            runs.push(self.state.run);
        }
        runs
    }

    /// The general average of player `p` (R-FMT-4).
    pub fn general_average(&self, p: Player) -> Average {
        let (points, innings) = self.totals(p);
        Average::new(u64::from(points), u64::from(innings), self.setup().average)
    }

    /// The high run of player `p`.
    pub fn high_run(&self, p: Player) -> u32 {
        self.runs(p).into_iter().max().unwrap_or(0)
    }

    /// The best single-game average of player `p` (R-FMT-4).
    pub fn best_game_average(&self, p: Player) -> Option<Average> {
        let rule = self.setup().average;
        let mut games: Vec<Average> = self
            .games
            .iter()
            .filter(|g| g.innings[p] > 0)
            .map(|g| Average::new(u64::from(g.points[p]), u64::from(g.innings[p]), rule))
            .collect();
        if self.in_game() && self.state.innings[p] > 0 {
            games.push(Average::new(
                u64::from(self.state.score[p]),
                u64::from(self.state.innings[p]),
                rule,
            ));
        }
        Average::best(games)
    }

    /// The shot-clock time left at the caller's time `now` (ms), when the clock is used
    /// and the shot's start time is known. Negative once expired.
    pub fn shot_clock_remaining_ms(&self, now: u64) -> Option<i64> {
        let view = self.shot_clock_view()?;
        let deadline = view.deadline?;
        // Times are the caller's u64 milliseconds: the difference fits in i128, then is
        // clamped to i64.
        let ms = i128::from(deadline) - i128::from(now);
        Some(i64::try_from(ms).unwrap_or(if ms < 0 { i64::MIN } else { i64::MAX }))
    }

    fn shot_clock_view(&self) -> Option<ShotClockView> {
        let c = self.current_setup().shot_clock?;
        let extension_seconds = self.state.extension;
        let started_at = self.state.shot_started;
        Some(ShotClockView {
            seconds: c.seconds,
            warning_at: c.warning_at,
            started_at,
            extension_seconds,
            // `None` when the caller's clock is so near its end that the deadline overflows.
            deadline: started_at.and_then(|s| {
                s.checked_add(1000 * (u64::from(c.seconds) + u64::from(extension_seconds)))
            }),
        })
    }

    /// The decision the referee faces now, with the ball positions to show.
    pub fn pending(&self) -> Option<PendingDecision> {
        let st = &self.state;
        let setup = self.setup();
        let table = setup.table;
        let shooter = self.ball_of(st.turn).unwrap_or(Ball::White);
        if st.paused {
            return None;
        }
        match st.phase {
            Phase::Lag if st.chosen_breaker.is_none() => {
                return Some(PendingDecision::Lag {
                    guidance: Guidance::lag(table),
                })
            }
            Phase::Lag | Phase::Break => {
                if let (Some(c), None) = (st.chooser, st.chosen_breaker) {
                    return Some(PendingDecision::ChooseBreaker { player: c });
                }
                return Some(PendingDecision::Break {
                    player: st.chosen_breaker.or(st.chooser),
                    guidance: Guidance::start(table, Ball::White, st.chosen_side),
                });
            }
            Phase::SetOver => {
                if st.pause_due {
                    return Some(PendingDecision::PauseDue {
                        minutes: setup.pause.minutes,
                    });
                }
                return Some(PendingDecision::NextSet {
                    player: st.breaker.other(),
                    set: st.set + 1,
                });
            }
            Phase::Finished => return None,
            Phase::Play | Phase::EqualizingInning => {}
        }
        match st.pending {
            Pending::Contact {
                touching,
                open,
                compulsory,
                occupied,
            } => {
                let guidance = Guidance::contact_respot(
                    setup.discipline,
                    table,
                    shooter,
                    touching,
                    &spot_list(occupied),
                );
                return Some(if open {
                    PendingDecision::ContactChoose {
                        player: st.turn,
                        guidance,
                    }
                } else {
                    PendingDecision::Respot {
                        compulsory,
                        guidance,
                    }
                });
            }
            Pending::OffTable {
                jumped,
                occupied,
                incoming,
            } => {
                let jumped: Vec<Ball> = Ball::ALL
                    .into_iter()
                    .filter(|b| jumped & b.bit() != 0)
                    .collect();
                let guidance = Guidance::off_table(
                    setup.discipline,
                    table,
                    incoming,
                    &jumped,
                    &spot_list(occupied),
                );
                return Some(PendingDecision::Respot {
                    compulsory: true,
                    guidance,
                });
            }
            Pending::None => {}
        }
        if st.pause_due {
            return Some(PendingDecision::PauseDue {
                minutes: setup.pause.minutes,
            });
        }
        if st.zone == ZoneStatus::Dedans {
            return Some(PendingDecision::ZoneDedans);
        }
        // The break and the equalizing inning start from the starting position (Art. 3,
        // Art. 17.4); so does the second player's last inning when the innings limit ends
        // the game (Art. 17.4: "esta obligación es la misma cuando la partida se detiene
        // debido a la limitación del número de entradas").
        if st.run == 0
            && (st.break_shot
                || st.phase == Phase::EqualizingInning
                || self.last_inning_of_the_limit())
        {
            return Some(PendingDecision::Break {
                player: Some(st.turn),
                guidance: Guidance::start(table, shooter, st.chosen_side),
            });
        }
        None
    }

    /// Everything a scoring screen needs, derived from the state.
    pub fn view(&self) -> MatchView {
        let st = &self.state;
        let setup = self.setup();
        let in_game = self.in_game();
        let players = ByPlayer::from_fn(|p| {
            let (total_points, total_innings) = self.totals(p);
            let target = self.target(p);
            // The last game's score stays visible until the next break.
            let (score, innings) = if st.set > 0 {
                (st.score[p], st.innings[p])
            } else {
                (0, 0)
            };
            PlayerView {
                name: setup.players[p].name.clone(),
                ball: self.ball_of(p),
                target,
                score,
                innings,
                to_go: target.saturating_sub(score),
                total_points,
                total_innings,
                general_average: self.general_average(p),
                high_run: self.high_run(p),
                last_run: self
                    .innings_log
                    .iter()
                    .rev()
                    .find(|r| r.player == p)
                    .map(|r| r.run),
                best_game_average: self.best_game_average(p),
                sets_won: st.sets_won[p],
                warnings: st.warnings[p],
                timeouts_left: self
                    .current_setup()
                    .shot_clock
                    .map(|c| c.timeouts.saturating_sub(st.timeouts_used[p])),
            }
        });
        let at_table = self.at_table();
        let plays_for = at_table.and_then(|t| {
            let to_go = self.target(t).saturating_sub(st.score[t]);
            (to_go >= 1 && to_go <= setup.discipline.plays_for_from()).then_some(to_go)
        });
        MatchView {
            discipline: setup.discipline,
            table: setup.table,
            contact_rule: setup.discipline.contact_rule(setup.table),
            phase: st.phase,
            paused: st.paused,
            pause_ends_at: st
                .pause_started
                .filter(|_| st.paused)
                .map(|at| at + u64::from(setup.pause.minutes) * 60_000),
            set: (setup.sets.is_some() && st.set > 0).then_some(st.set),
            at_table,
            ball: at_table.and_then(|t| self.ball_of(t)),
            breaker: (st.set > 0).then_some(st.breaker),
            players,
            current_run: if in_game { st.run } else { 0 },
            inning: if in_game { st.innings[st.turn] } else { 0 },
            innings_limit: setup.innings_limit,
            innings_left: setup.innings_limit.map(|l| self.innings_left(l)),
            equalizing_inning: st.phase == Phase::EqualizingInning,
            plays_for,
            shot_clock: self.shot_clock_view(),
            zone: st.zone,
            pending: self.pending(),
            result: st.result,
            can_undo: self.can_undo(),
            events: self.events().len(),
        }
    }

    /// What `event` would do now, without doing it: the view and announcements after it,
    /// and whether the turn passes. The match is not changed.
    ///
    /// # Errors
    /// The [`PlayError`] that [`Match::apply`] would return.
    pub fn preview(&self, event: &Event) -> Result<Preview, PlayError> {
        let mut next = self.clone();
        next.apply(event.clone())?;
        let before = self.view();
        let view = next.view();
        let turn_passes = before.at_table.is_some()
            && (view.at_table != before.at_table || view.set != before.set);
        Ok(Preview {
            announcements: next.last_announcements().to_vec(),
            turn_passes,
            view,
        })
    }
}
