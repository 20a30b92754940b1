//! The score sheet (R-SHEET-1…3): header, one row per inning with run and running total
//! for each player, per set; totals, result, corrections, warnings, fouls, protests.

use serde::{Deserialize, Serialize};

use crate::discipline::Discipline;
use crate::game::{Correction, FoulRecord, Match, NoteRecord};
use crate::guidance::Ball;
use crate::player::{ByPlayer, Player};
use crate::setup::{AverageRule, SetsSetup};
use crate::table::TableSize;
use crate::view::{Average, MatchResult, ResultReason, Winner};

/// Sheet header (R-SHEET-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetHeader {
    /// Competition.
    pub competition: Option<String>,
    /// Venue.
    pub venue: Option<String>,
    /// Table name or number.
    pub table_name: Option<String>,
    /// Date as set up.
    pub date: Option<String>,
    /// Caller's time of the first event with a time.
    pub started_at: Option<u64>,
    /// Caller's time of the last event with a time.
    pub ended_at: Option<u64>,
    /// Discipline.
    pub discipline: Discipline,
    /// Table size.
    pub table: TableSize,
    /// Innings limit.
    pub innings_limit: Option<u32>,
    /// Equalizing inning on.
    pub equalizing_inning: bool,
    /// Sets.
    pub sets: Option<SetsSetup>,
    /// Average rule.
    pub average: AverageRule,
    /// Referee.
    pub referee: Option<String>,
    /// Marker.
    pub marker: Option<String>,
}

/// Totals of a player (per set or for the match).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetTotals {
    /// Points.
    pub points: u32,
    /// Innings.
    pub innings: u32,
    /// General average.
    pub general_average: Average,
    /// High run.
    pub high_run: u32,
}

/// A player on the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetPlayer {
    /// Name.
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// Ball colour.
    pub ball: Option<Ball>,
    /// Distance (single game) or set distance.
    pub target: u32,
    /// Match totals.
    pub totals: SheetTotals,
    /// Best single-game average.
    pub best_game_average: Option<Average>,
}

/// One player's cell in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetCell {
    /// The run.
    pub run: u32,
    /// The running total.
    pub total: u32,
    /// The inning is still being played.
    pub in_progress: bool,
    /// The inning ended with a foul.
    pub foul: bool,
}

/// One row: inning `inning` of both players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetRow {
    /// Inning number.
    pub inning: u32,
    /// Player A's and player B's cells.
    pub cells: ByPlayer<Option<SheetCell>>,
}

/// One game (the single game, or a set).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetSet {
    /// 1-based.
    pub number: u16,
    /// Who broke.
    pub breaker: Player,
    /// Rows.
    pub rows: Vec<SheetRow>,
    /// Totals per player.
    pub totals: ByPlayer<SheetTotals>,
    /// Winner, when over.
    pub winner: Option<Winner>,
    /// How it ended, when over.
    pub reason: Option<ResultReason>,
}

/// The score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSheet {
    /// Header.
    pub header: SheetHeader,
    /// Players.
    pub players: ByPlayer<SheetPlayer>,
    /// Games / sets.
    pub sets: Vec<SheetSet>,
    /// Sets won.
    pub sets_won: ByPlayer<u16>,
    /// Result.
    pub result: Option<MatchResult>,
    /// Corrections with their event index and time (R-SHEET-3).
    pub corrections: Vec<Correction>,
    /// Warnings.
    pub warnings: Vec<NoteRecord>,
    /// Fouls.
    pub fouls: Vec<FoulRecord>,
    /// Protests (reclamations, Art. 16.2).
    pub protests: Vec<NoteRecord>,
}

impl ScoreSheet {
    /// The inning of `set` that was its equalizing inning (R-END-1), if it had one: the
    /// breaker reached his distance, and the other player's last inning, played after,
    /// was the equalizing inning. The screen and the sealed sheet both mark it.
    pub fn equalizing_inning(&self, set: &SheetSet) -> Option<u32> {
        if !self.header.equalizing_inning || set.reason != Some(ResultReason::Target) {
            return None;
        }
        let last = set.rows.last()?;
        let breaker = set.breaker;
        let reached = set.totals[breaker].points >= self.players[breaker].target;
        (reached && last.cells[breaker.other()].is_some()).then_some(last.inning)
    }

    /// Whether the match ended by forfeit (the opponent abandoned, or got a second
    /// warning, R-END-4), as the sheet's result says it.
    pub fn forfeit(&self) -> bool {
        self.result.is_some_and(|r| {
            matches!(
                r.reason,
                ResultReason::Forfeit | ResultReason::SecondWarning
            )
        })
    }
}

impl Match {
    /// The score sheet of the match so far.
    pub fn sheet(&self) -> ScoreSheet {
        // The header shows the set-up as it stands (officials may have changed).
        let setup = self.current_setup();
        let rule = setup.average;
        let times: Vec<u64> = self.events().iter().filter_map(|e| e.at()).collect();
        let header = SheetHeader {
            competition: setup.competition.clone(),
            venue: setup.venue.clone(),
            table_name: setup.table_name.clone(),
            date: setup.date.clone(),
            started_at: times.first().copied(),
            ended_at: times.last().copied(),
            discipline: setup.discipline,
            table: setup.table,
            innings_limit: setup.innings_limit,
            equalizing_inning: setup.equalizing_inning,
            sets: setup.sets,
            average: rule,
            referee: setup.referee.clone(),
            marker: setup.marker.clone(),
        };
        let players = ByPlayer::from_fn(|p| {
            let (points, innings) = self.totals(p);
            SheetPlayer {
                name: setup.players[p].name.clone(),
                club: setup.players[p].club.clone(),
                ball: self.ball_of(p),
                target: self.target(p),
                totals: SheetTotals {
                    points,
                    innings,
                    general_average: Average::new(u64::from(points), u64::from(innings), rule),
                    high_run: self.high_run(p),
                },
                best_game_average: self.best_game_average(p),
            }
        });
        let mut sets = Vec::new();
        let current = self.in_game().then_some(self.state.set);
        let numbers: Vec<u16> = self.games.iter().map(|g| g.number).chain(current).collect();
        for number in numbers {
            let game = self.games.iter().find(|g| g.number == number);
            let mut rows: Vec<SheetRow> = Vec::new();
            let mut totals = ByPlayer::<u32>::default();
            let mut high = ByPlayer::<u32>::default();
            let mut innings = ByPlayer::<u32>::default();
            let mut cells: Vec<(Player, u32, u32, bool, bool)> = self
                .innings_log
                .iter()
                .filter(|r| r.set == number)
                .map(|r| {
                    (
                        r.player,
                        r.inning,
                        r.run,
                        false,
                        matches!(r.end, crate::game::InningEnd::Foul { .. }),
                    )
                })
                .collect();
            if current == Some(number) {
                let t = self.state.turn;
                cells.push((t, self.state.innings[t], self.state.run, true, false));
            }
            for (p, inning, run, in_progress, foul) in cells {
                totals[p] += run;
                high[p] = high[p].max(run);
                innings[p] = innings[p].max(inning);
                let cell = SheetCell {
                    run,
                    total: totals[p],
                    in_progress,
                    foul,
                };
                match rows.iter_mut().find(|r| r.inning == inning) {
                    Some(row) => row.cells[p] = Some(cell),
                    None => {
                        let mut row = SheetRow {
                            inning,
                            cells: ByPlayer::default(),
                        };
                        row.cells[p] = Some(cell);
                        rows.push(row);
                    }
                }
            }
            rows.sort_by_key(|r| r.inning);
            let breaker = game.map_or(self.state.breaker, |g| g.breaker);
            sets.push(SheetSet {
                number,
                breaker,
                rows,
                totals: ByPlayer::from_fn(|p| SheetTotals {
                    points: totals[p],
                    innings: innings[p],
                    general_average: Average::new(
                        u64::from(totals[p]),
                        u64::from(innings[p]),
                        rule,
                    ),
                    high_run: high[p],
                }),
                winner: game.and_then(|g| g.winner),
                reason: game.map(|g| g.reason),
            });
        }
        ScoreSheet {
            header,
            players,
            sets,
            sets_won: self.state.sets_won,
            result: self.state.result,
            corrections: self.corrections.clone(),
            warnings: self.warnings_log.clone(),
            fouls: self.fouls.clone(),
            protests: self.protests.clone(),
        }
    }
}
