//! Personal statistics and the club ranking.
//!
//! Every figure comes from the stored event logs, replayed by `carom-core`. Replaying
//! thousands of matches for each query would be slow, so each finished match is summed
//! up once per player in `match_stats` (points, innings, high run, best game, result,
//! runs distribution). Triggers on `matches` keep that table honest without any change
//! to the code that writes matches: a match that finishes, is imported, reopened by an
//! undo, trashed, restored, relinked to another player or purged is put in
//! `match_stats_queue` (and its old summary dropped); every statistics query first
//! summarizes what is queued ([`Store::refresh_stats`]). The migration queues every
//! finished match already stored (the backfill).
//!
//! Only finished matches that are not in the trash count. A match's date is the date on
//! its sheet (`setup.date`, `YYYY-MM-DD`) when it has one, else the day it finished.

use std::collections::HashMap;

use carom_core::figures::{
    ranking_order, run_counts, shared_ranks, DisciplineStats, HeadToHead, MatchLine, Ranking,
    RankingQuery, RankingRow, TargetSuggestion,
};
use carom_core::{Average, AverageRule, Discipline, HandicapRule, Match, Outcome, Tally, Trend};
use chrono::{Datelike, NaiveDate};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::players::PlayerRecord;
use crate::{Input, Refusal, Store, StoreError};

/// Schema version 3: the per-match summaries, their queue and the triggers that fill it.
pub(crate) const MIGRATION: &str = "CREATE TABLE match_stats (
        player_id    INTEGER NOT NULL,
        discipline   TEXT NOT NULL,
        played_on    INTEGER NOT NULL,
        match_id     INTEGER NOT NULL REFERENCES matches (id),
        slot         INTEGER NOT NULL CHECK (slot IN (0, 1)),
        opponent_id  INTEGER NOT NULL,
        rule         INTEGER NOT NULL CHECK (rule IN (0, 1)),
        points       INTEGER NOT NULL,
        innings      INTEGER NOT NULL,
        high_run     INTEGER NOT NULL,
        best_points  INTEGER NOT NULL,
        best_innings INTEGER NOT NULL,
        outcome      INTEGER CHECK (outcome IN (-1, 0, 1)),
        summary      BLOB NOT NULL,
        PRIMARY KEY (player_id, discipline, played_on, match_id, slot)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX match_stats_by_match ON match_stats (match_id);
    CREATE INDEX match_stats_ranking ON match_stats (discipline, played_on, player_id, rule,
        points, innings, high_run, best_points, best_innings, outcome);

    CREATE TABLE match_stats_queue (match_id INTEGER PRIMARY KEY) STRICT;
    INSERT INTO match_stats_queue
        SELECT id FROM matches WHERE status = 'finished' AND deleted_at IS NULL;

    CREATE TRIGGER match_stats_on_insert AFTER INSERT ON matches
    WHEN NEW.status = 'finished'
    BEGIN INSERT OR IGNORE INTO match_stats_queue VALUES (NEW.id); END;
    CREATE TRIGGER match_stats_on_update
    AFTER UPDATE OF status, event_count, setup, player_a, player_b, deleted_at ON matches
    WHEN NEW.status = 'finished' OR OLD.status = 'finished'
    BEGIN
        DELETE FROM match_stats WHERE match_id = NEW.id;
        INSERT OR IGNORE INTO match_stats_queue VALUES (NEW.id);
    END;
    CREATE TRIGGER match_stats_on_delete BEFORE DELETE ON matches
    BEGIN
        DELETE FROM match_stats WHERE match_id = OLD.id;
        DELETE FROM match_stats_queue WHERE match_id = OLD.id;
    END;";

/// The outcome as `match_stats.outcome` stores it (1 won, 0 drawn, -1 lost).
fn outcome_from_stored(v: Option<i64>) -> Option<Outcome> {
    match v {
        Some(1) => Some(Outcome::Won),
        Some(0) => Some(Outcome::Drawn),
        Some(-1) => Some(Outcome::Lost),
        _ => None,
    }
}

/// What to count: one discipline or all, over an optional date range (inclusive).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsQuery {
    /// Only this discipline.
    pub discipline: Option<Discipline>,
    /// Played on or after this day.
    pub from: Option<NaiveDate>,
    /// Played on or before this day.
    pub until: Option<NaiveDate>,
}

/// Checks the club's handicap rule before it is stored: factor
/// `1..=`[`HandicapRule::MAX_FACTOR`], minimum `1..=`[`HandicapRule::MAX_MINIMUM`].
///
/// # Errors
/// [`StoreError::Invalid`] naming [`Input::HandicapFactor`] or [`Input::HandicapMinimum`].
fn validated(rule: HandicapRule) -> Result<HandicapRule, StoreError> {
    if !(1..=HandicapRule::MAX_FACTOR).contains(&rule.factor) {
        return Err(StoreError::invalid(
            Input::HandicapFactor,
            Refusal::HandicapOutOfRange {
                min: 1,
                max: HandicapRule::MAX_FACTOR,
            },
        ));
    }
    if !(1..=HandicapRule::MAX_MINIMUM).contains(&rule.minimum) {
        return Err(StoreError::invalid(
            Input::HandicapMinimum,
            Refusal::HandicapOutOfRange {
                min: 1,
                max: HandicapRule::MAX_MINIMUM,
            },
        ));
    }
    Ok(rule)
}

/// A player's statistics: his record, the club's handicap rule and his figures per
/// discipline played.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerFigures {
    /// The player.
    pub player: PlayerRecord,
    /// The club's rule the handicap targets follow.
    pub handicap: HandicapRule,
    /// One entry per discipline played, in the order of [`Discipline::ALL`].
    pub disciplines: Vec<DisciplineStats>,
}

const HANDICAP_FACTOR_KEY: &str = "handicap-factor";
const HANDICAP_MINIMUM_KEY: &str = "handicap-minimum";
/// The recent matches the form and the handicap suggestion look at.
pub const FORM_MATCHES: usize = 10;

fn corrupt(e: rusqlite::types::FromSqlError) -> StoreError {
    StoreError::Corrupt(format!("statistics: {e}"))
}

fn rule_of(stored: i64) -> AverageRule {
    if stored == 1 {
        AverageRule::Round
    } else {
        AverageRule::Truncate
    }
}

fn stored_rule(rule: AverageRule) -> i64 {
    match rule {
        AverageRule::Truncate => 0,
        AverageRule::Round => 1,
    }
}

/// One player's figures in one match as `match_stats.summary` packs them for the
/// personal statistics (one column to read per match instead of twelve): LEB128
/// varints — match id, day, opponent id, rule, points, innings, high run, best game
/// points and innings, outcome (0 none, 1 won, 2 drawn, 3 lost) — then the runs
/// distribution as `(run, count)` pairs by run. The plain columns beside it serve SQL
/// (the ranking, ad-hoc queries).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Summary {
    match_id: i64,
    played_on: i32,
    opponent_id: i64,
    rule: i64,
    points: u32,
    innings: u32,
    high_run: u32,
    best: (u32, u32),
    outcome: Option<Outcome>,
}

impl Summary {
    /// Packs the summary and the runs of the match (in order).
    fn pack(&self, runs: &[u32]) -> Vec<u8> {
        let mut out = Vec::with_capacity(32);
        for v in [
            zigzag(self.match_id),
            zigzag(self.played_on.into()),
            zigzag(self.opponent_id),
            zigzag(self.rule),
            self.points.into(),
            self.innings.into(),
            self.high_run.into(),
            self.best.0.into(),
            self.best.1.into(),
            match self.outcome {
                None => 0,
                Some(Outcome::Won) => 1,
                Some(Outcome::Drawn) => 2,
                Some(Outcome::Lost) => 3,
            },
        ] {
            leb128(&mut out, v);
        }
        let mut counts: Vec<u64> = Vec::new();
        for &r in runs {
            let r = r as usize;
            if counts.len() <= r {
                counts.resize(r + 1, 0);
            }
            counts[r] += 1;
        }
        for (run, &count) in counts.iter().enumerate() {
            if count > 0 {
                leb128(&mut out, run as u64);
                leb128(&mut out, count);
            }
        }
        out
    }

    /// Unpacks a summary and adds its runs distribution into `runs` (indexed by run).
    fn unpack(bytes: &[u8], runs: &mut Vec<u64>) -> Result<Summary, StoreError> {
        let damaged = || StoreError::Corrupt("statistics: match summary".into());
        let mut r = Reader(bytes);
        let mut next = || r.next().ok_or_else(damaged);
        let small = |v: u64| u32::try_from(v).map_err(|_| damaged());
        let s = Summary {
            match_id: unzigzag(next()?),
            played_on: i32::try_from(unzigzag(next()?)).map_err(|_| damaged())?,
            opponent_id: unzigzag(next()?),
            rule: unzigzag(next()?),
            points: small(next()?)?,
            innings: small(next()?)?,
            high_run: small(next()?)?,
            best: (small(next()?)?, small(next()?)?),
            outcome: match next()? {
                0 => None,
                1 => Some(Outcome::Won),
                2 => Some(Outcome::Drawn),
                3 => Some(Outcome::Lost),
                _ => return Err(damaged()),
            },
        };
        while let Some(run) = r.next() {
            let count = r.next().ok_or_else(damaged)?;
            let run = usize::try_from(run)
                .ok()
                .filter(|&run| run <= crate::MAX_TARGET as usize)
                .ok_or_else(damaged)?;
            if runs.len() <= run {
                runs.resize(run + 1, 0);
            }
            runs[run] += count;
        }
        if !r.0.is_empty() {
            return Err(damaged());
        }
        Ok(s)
    }
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

fn leb128(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Reads LEB128 varints.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    /// The next varint; `None` at the end or on a truncated or oversized one (the
    /// bytes left then tell the two apart).
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        // Most values (runs, counts, points) fit in one byte.
        let (&first, rest) = self.0.split_first()?;
        if first < 0x80 {
            self.0 = rest;
            return Some(u64::from(first));
        }
        self.next_long()
    }

    #[cold]
    fn next_long(&mut self) -> Option<u64> {
        let mut v: u64 = 0;
        for (i, &b) in self.0.iter().enumerate().take(10) {
            v |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                self.0 = &self.0[i + 1..];
                return Some(v);
            }
        }
        None
    }
}

/// The day a match counts on: its sheet's date if it is one, else the day it finished
/// (or was created).
fn played_on(sheet_date: Option<&str>, finished_at: Option<&str>, created_at: &str) -> NaiveDate {
    let day = |s: &str| NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").ok();
    sheet_date
        .and_then(day)
        .or_else(|| finished_at.and_then(|s| s.get(..10)).and_then(day))
        .or_else(|| created_at.get(..10).and_then(day))
        .unwrap_or_default()
}

/// A day as stored: days since 1 January of year 1 (proleptic Gregorian).
fn stored_day(d: NaiveDate) -> i32 {
    d.num_days_from_ce()
}

fn day_of(stored: i32) -> Result<NaiveDate, StoreError> {
    NaiveDate::from_num_days_from_ce_opt(stored)
        .ok_or_else(|| StoreError::Corrupt(format!("statistics: day {stored}")))
}

/// How `m` ended for `p` as `match_stats.outcome` stores it (1 won, 0 drawn, -1 lost).
fn outcome_of(m: &Match, p: carom_core::Player) -> Option<i64> {
    Outcome::of(m, p).map(|o| match o {
        Outcome::Won => 1,
        Outcome::Drawn => 0,
        Outcome::Lost => -1,
    })
}

/// Summarizes every queued match (see the module docs); returns how many were looked at.
fn refresh(conn: &Connection) -> Result<usize, StoreError> {
    let queued: Vec<i64> = conn
        .prepare_cached("SELECT match_id FROM match_stats_queue")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if queued.is_empty() {
        return Ok(0);
    }
    let tx = conn.unchecked_transaction()?;
    for &id in &queued {
        tx.prepare_cached("DELETE FROM match_stats WHERE match_id = ?1")?
            .execute([id])?;
        /// Status, finished at, created at, both players.
        type Row = (String, Option<String>, String, Option<i64>, Option<i64>);
        let row: Option<Row> = tx
            .prepare_cached(
                "SELECT status, finished_at, created_at, player_a, player_b FROM matches
                 WHERE id = ?1 AND deleted_at IS NULL",
            )?
            .query_row([id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .optional()?;
        if let Some((status, finished_at, created_at, Some(a), Some(b))) = row {
            if status == "finished" {
                let m = crate::events::load(&tx, id)?;
                let setup = m.setup();
                let day = played_on(setup.date.as_deref(), finished_at.as_deref(), &created_at);
                let mut insert = tx.prepare_cached(
                    "INSERT INTO match_stats (player_id, discipline, played_on, match_id, slot,
                         opponent_id, rule, points, innings, high_run, best_points,
                         best_innings, outcome, summary)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                )?;
                for (p, (me, them)) in [
                    (carom_core::Player::A, (a, b)),
                    (carom_core::Player::B, (b, a)),
                ] {
                    let (points, innings) = m.totals(p);
                    let best = m
                        .best_game_average(p)
                        // One match's figures: u32 scores and innings in the core.
                        .map_or((0, 0), |a| {
                            (
                                u32::try_from(a.points).unwrap_or(u32::MAX),
                                u32::try_from(a.innings).unwrap_or(u32::MAX),
                            )
                        });
                    let outcome = outcome_of(&m, p);
                    let summary = Summary {
                        match_id: id,
                        played_on: stored_day(day),
                        opponent_id: them,
                        rule: stored_rule(setup.average),
                        points,
                        innings,
                        high_run: m.high_run(p),
                        best,
                        outcome: outcome_from_stored(outcome),
                    };
                    insert.execute(params![
                        me,
                        setup.discipline.id(),
                        summary.played_on,
                        id,
                        u8::from(p),
                        them,
                        summary.rule,
                        points,
                        innings,
                        summary.high_run,
                        best.0,
                        best.1,
                        outcome,
                        summary.pack(&m.runs(p)),
                    ])?;
                }
            }
        }
        tx.prepare_cached("DELETE FROM match_stats_queue WHERE match_id = ?1")?
            .execute([id])?;
    }
    tx.commit()?;
    Ok(queued.len())
}

/// Everything gathered for one discipline while reading the player's rows.
struct Gathered {
    discipline: Discipline,
    tally: Tally,
    runs: Vec<u64>,
    lines: Vec<MatchLine>,
    /// The stored day of the last line.
    last_day: i32,
    /// By opponent id; a handful, searched linearly.
    opponents: Vec<(i64, Tally)>,
}

fn date_bounds(from: Option<NaiveDate>, until: Option<NaiveDate>) -> (i32, i32) {
    (
        from.map_or(i32::MIN, stored_day),
        until.map_or(i32::MAX, stored_day),
    )
}

impl Store {
    /// Summarizes the matches that finished, changed or left since the last query (see
    /// the module docs); returns how many were looked at. Every statistics query calls it.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if a queued match's log does not replay, or a database
    /// error; nothing is summarized then.
    pub fn refresh_stats(&mut self) -> Result<usize, StoreError> {
        refresh(&self.conn)
    }

    /// The club's handicap rule (defaults: factor 30, minimum 25).
    ///
    /// # Errors
    /// A database error.
    pub fn handicap_rule(&self) -> Result<HandicapRule, StoreError> {
        let default = HandicapRule::default();
        let mut rule = default;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT key, value FROM settings WHERE key IN (?1, ?2)")?;
        let mut rows = stmt.query([HANDICAP_FACTOR_KEY, HANDICAP_MINIMUM_KEY])?;
        while let Some(r) = rows.next()? {
            let value: Option<u32> = r.get_ref(1)?.as_str().ok().and_then(|v| v.parse().ok());
            match r.get_ref(0)?.as_str().map_err(corrupt)? {
                HANDICAP_FACTOR_KEY => rule.factor = value.unwrap_or(default.factor),
                _ => rule.minimum = value.unwrap_or(default.minimum),
            }
        }
        Ok(validated(rule).unwrap_or(default))
    }

    /// Stores the club's handicap rule.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a factor or minimum out of range, or a database error.
    pub fn set_handicap_rule(&mut self, rule: HandicapRule) -> Result<HandicapRule, StoreError> {
        let rule = validated(rule)?;
        let tx = self.conn.transaction()?;
        for (key, value) in [
            (HANDICAP_FACTOR_KEY, rule.factor),
            (HANDICAP_MINIMUM_KEY, rule.minimum),
        ] {
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![key, value.to_string()],
            )?;
        }
        tx.commit()?;
        Ok(rule)
    }

    /// A player's statistics per discipline (see [`DisciplineStats`]).
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`] for an unknown player,
    /// [`StoreError::Corrupt`], or a database error.
    pub fn player_stats(
        &mut self,
        player_id: i64,
        q: &StatsQuery,
    ) -> Result<PlayerFigures, StoreError> {
        self.refresh_stats()?;
        let player = self
            .conn
            .prepare_cached("SELECT id, name, club, licence, notes FROM players WHERE id = ?1")?
            .query_row([player_id], crate::players::player)
            .optional()?
            .ok_or(StoreError::NoSuchPlayer(player_id))?;
        let handicap = self.handicap_rule()?;
        let (from, until) = date_bounds(q.from, q.until);
        // The common cases (no filter, one discipline) keep the plain primary-key scan.
        let sql = match (
            q.discipline.is_some(),
            q.from.is_some() || q.until.is_some(),
        ) {
            (false, false) => {
                "SELECT discipline, summary FROM match_stats WHERE player_id = ?1
                 ORDER BY discipline, played_on, match_id, slot"
            }
            (true, false) => {
                "SELECT discipline, summary FROM match_stats
                 WHERE player_id = ?1 AND discipline = ?2
                 ORDER BY discipline, played_on, match_id, slot"
            }
            (_, true) => {
                "SELECT discipline, summary FROM match_stats
                 WHERE player_id = ?1 AND (?2 IS NULL OR discipline = ?2)
                   AND played_on >= ?3 AND played_on <= ?4
                 ORDER BY discipline, played_on, match_id, slot"
            }
        };
        let mut stmt = self.conn.prepare_cached(sql)?;
        let discipline = q.discipline.map(Discipline::id);
        let mut rows = match (
            q.discipline.is_some(),
            q.from.is_some() || q.until.is_some(),
        ) {
            (false, false) => stmt.query(params![player_id])?,
            (true, false) => stmt.query(params![player_id, discipline])?,
            (_, true) => stmt.query(params![player_id, discipline, from, until])?,
        };
        let mut gathered: Vec<Gathered> = Vec::new();
        while let Some(r) = rows.next()? {
            let discipline = r.get_ref(0)?.as_bytes().map_err(corrupt)?;
            if gathered
                .last()
                .is_none_or(|g| g.discipline.id().as_bytes() != discipline)
            {
                let discipline = String::from_utf8_lossy(discipline);
                let d = Discipline::from_id(&discipline)
                    .ok_or_else(|| StoreError::Corrupt(format!("discipline {discipline:?}")))?;
                gathered.push(Gathered {
                    discipline: d,
                    tally: Tally::default(),
                    runs: Vec::new(),
                    lines: Vec::new(),
                    last_day: i32::MIN,
                    opponents: Vec::new(),
                });
            }
            let Some(g) = gathered.last_mut() else {
                // Never: when no discipline was gathered yet, one was pushed above.
                continue;
            };
            let s = Summary::unpack(r.get_ref(1)?.as_blob().map_err(corrupt)?, &mut g.runs)?;
            g.tally.rule = rule_of(s.rule);
            g.tally
                .add(s.points, s.innings, s.high_run, s.best, s.outcome);
            let i = match g.opponents.iter().position(|(id, _)| *id == s.opponent_id) {
                Some(i) => i,
                None => {
                    g.opponents.push((s.opponent_id, Tally::default()));
                    g.opponents.len() - 1
                }
            };
            let h2h = &mut g.opponents[i].1;
            h2h.rule = rule_of(s.rule);
            h2h.add(s.points, s.innings, s.high_run, s.best, s.outcome);
            let last_day = std::mem::replace(&mut g.last_day, s.played_on);
            g.lines.push(MatchLine {
                match_id: s.match_id,
                played_on: match g.lines.last() {
                    // Club nights: consecutive matches often share the day.
                    Some(l) if last_day == s.played_on => l.played_on,
                    _ => day_of(s.played_on)?,
                },
                opponent_id: s.opponent_id,
                points: s.points,
                innings: s.innings,
                average: Average::new(s.points.into(), s.innings.into(), rule_of(s.rule)),
                high_run: s.high_run,
                outcome: s.outcome,
            });
        }
        drop(rows);
        drop(stmt);
        let names = self.player_names(
            gathered
                .iter()
                .flat_map(|g| g.opponents.iter().map(|(id, _)| *id)),
        )?;
        let name_of = |id: i64| names.get(&id).cloned().unwrap_or_default();
        let mut disciplines: Vec<DisciplineStats> = gathered
            .into_iter()
            .map(|g| {
                let recent = &g.lines[g.lines.len().saturating_sub(FORM_MATCHES)..];
                let rule = g.tally.rule;
                let mut form = Tally {
                    rule,
                    ..Tally::default()
                };
                for l in recent {
                    form.add(
                        l.points,
                        l.innings,
                        l.high_run,
                        (l.points, l.innings),
                        l.outcome,
                    );
                }
                let mut head_to_head: Vec<HeadToHead> = g
                    .opponents
                    .iter()
                    .map(|&(id, ref t)| HeadToHead {
                        opponent_id: id,
                        opponent: name_of(id),
                        matches: t.matches,
                        won: t.won,
                        drawn: t.drawn,
                        lost: t.lost,
                        points: t.points,
                        innings: t.innings,
                        general_average: Average::new(t.points, t.innings, rule),
                    })
                    .collect();
                head_to_head.sort_by_cached_key(|h| {
                    (
                        std::cmp::Reverse(h.matches),
                        h.opponent.to_lowercase(),
                        h.opponent_id,
                    )
                });
                let averages: Vec<f64> = g.lines.iter().map(|l| l.average.value()).collect();
                let general_average = g.tally.general_average();
                DisciplineStats {
                    discipline: g.discipline,
                    matches: g.tally.matches,
                    won: g.tally.won,
                    drawn: g.tally.drawn,
                    lost: g.tally.lost,
                    points: g.tally.points,
                    innings: g.tally.innings,
                    best_game_average: g.tally.best_game_average(),
                    high_run: g.tally.high_run,
                    innings_per_match_thousandths: g.tally.innings_per_match_thousandths(),
                    runs: run_counts(&g.runs),
                    form: recent.iter().filter_map(|l| l.outcome).collect(),
                    form_average: form.general_average(),
                    head_to_head,
                    trend: Trend::fit(&averages),
                    handicap_target: handicap.target(&general_average),
                    general_average,
                    match_lines: g.lines,
                }
            })
            .collect();
        disciplines.sort_by_key(|d| Discipline::ALL.iter().position(|x| *x == d.discipline));
        Ok(PlayerFigures {
            player,
            handicap,
            disciplines,
        })
    }

    /// The distance the club's handicap rule suggests for the player called `name` (the
    /// exact name, any case) in `discipline`, from his average over his last
    /// [`FORM_MATCHES`] finished matches in it. `None` for an unknown name or a player
    /// without a finished match in the discipline. When several players share the name
    /// (different clubs), the one who played the discipline most recently counts.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`], or a database error.
    pub fn suggest_target(
        &mut self,
        name: &str,
        discipline: Discipline,
    ) -> Result<Option<TargetSuggestion>, StoreError> {
        if name.trim().is_empty() {
            return Ok(None);
        }
        let candidates: Vec<i64> = self
            .players_named(name)?
            .into_iter()
            .map(|p| p.id)
            .collect();
        let q = StatsQuery {
            discipline: Some(discipline),
            ..StatsQuery::default()
        };
        let mut best: Option<(NaiveDate, TargetSuggestion)> = None;
        for id in candidates {
            let stats = self.player_stats(id, &q)?;
            let Some(d) = stats
                .disciplines
                .into_iter()
                .find(|d| d.discipline == discipline)
            else {
                continue;
            };
            let Some(last) = d.match_lines.last().map(|l| l.played_on) else {
                continue;
            };
            let suggestion = TargetSuggestion {
                player_id: id,
                target: stats.handicap.target(&d.form_average),
                average: d.form_average,
                matches: d.match_lines.len().min(FORM_MATCHES) as u32,
            };
            if best.as_ref().is_none_or(|(day, _)| last > *day) {
                best = Some((last, suggestion));
            }
        }
        Ok(best.map(|(_, s)| s))
    }

    /// The names of players `ids` (unknown ids are left out).
    fn player_names(
        &self,
        ids: impl Iterator<Item = i64>,
    ) -> Result<HashMap<i64, String>, StoreError> {
        // One statement for all: the ids go in as one JSON array parameter.
        let ids: Vec<i64> = ids.collect();
        let json = serde_json::to_string(&ids)
            .map_err(|e| StoreError::Corrupt(format!("statistics: {e}")))?;
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, name FROM players WHERE id IN (SELECT value FROM json_each(?1))",
        )?;
        let names = stmt
            .query_map([json], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<HashMap<i64, String>, _>>()?;
        Ok(names)
    }

    /// The club ranking of one discipline over a date range: best general average first
    /// (exact comparison; equal averages share a rank and are ordered by points).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`], or a database error.
    pub fn ranking(&mut self, q: &RankingQuery) -> Result<Ranking, StoreError> {
        self.refresh_stats()?;
        let handicap = self.handicap_rule()?;
        let (from, until) = date_bounds(q.from, q.until);
        let mut tallies: HashMap<i64, Tally> = HashMap::new();
        {
            let mut stmt = self.conn.prepare_cached(
                "SELECT player_id, rule, points, innings, high_run, best_points, best_innings,
                        outcome
                 FROM match_stats
                 WHERE discipline = ?1 AND played_on >= ?2 AND played_on <= ?3
                 ORDER BY played_on",
            )?;
            let mut rows = stmt.query(params![q.discipline.id(), from, until])?;
            while let Some(r) = rows.next()? {
                let t = tallies.entry(r.get(0)?).or_default();
                t.rule = rule_of(r.get(1)?);
                t.add(
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    (r.get(5)?, r.get(6)?),
                    outcome_from_stored(r.get(7)?),
                );
            }
        }
        let club = q.club.as_deref().map(str::trim).filter(|c| !c.is_empty());
        let mut rows = Vec::with_capacity(tallies.len());
        for (id, t) in tallies {
            let Some(p) = self.player(id)? else { continue };
            if club.is_some_and(|c| p.club.to_lowercase() != c.to_lowercase()) {
                continue;
            }
            let general_average = t.general_average();
            rows.push(RankingRow {
                rank: 0,
                player_id: id,
                name: p.name,
                club: p.club,
                matches: t.matches,
                won: t.won,
                drawn: t.drawn,
                lost: t.lost,
                points: t.points,
                innings: t.innings,
                best_game_average: t.best_game_average(),
                high_run: t.high_run,
                handicap_target: handicap.target(&general_average),
                general_average,
            });
        }
        let key = |r: &RankingRow| (r.points, r.innings);
        rows.sort_by(|a, b| {
            ranking_order(key(a), key(b))
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                .then(a.player_id.cmp(&b.player_id))
        });
        let ranks = shared_ranks(&rows.iter().map(key).collect::<Vec<_>>());
        for (row, rank) in rows.iter_mut().zip(ranks) {
            row.rank = rank;
        }
        Ok(Ranking {
            query: q.clone(),
            handicap,
            rows,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_summary_survives_its_packed_form() {
        let summary = Summary {
            match_id: 123_456_789,
            played_on: 739_000,
            opponent_id: 7,
            rule: 1,
            points: 300,
            innings: 12,
            high_run: 200,
            best: (300, 12),
            outcome: Some(Outcome::Drawn),
        };
        let packed = summary.pack(&[0, 3, 0, 200, 1, 0, 3]);
        let mut counts = Vec::new();
        assert_eq!(Summary::unpack(&packed, &mut counts).unwrap(), summary);
        Summary::unpack(&summary.pack(&[3]), &mut counts).unwrap();
        assert_eq!(counts.len(), 201);
        assert_eq!((counts[0], counts[1], counts[3], counts[200]), (3, 1, 3, 1));
        assert_eq!(counts.iter().sum::<u64>(), 8);
        // Damaged: truncated, a run beyond any distance, a count missing.
        for bad in [
            &packed[..5],
            &summary.pack(&[70_000])[..],
            &packed[..packed.len() - 1],
        ] {
            assert!(Summary::unpack(bad, &mut Vec::new()).is_err());
        }
        assert_eq!(unzigzag(zigzag(-5)), -5);
    }

    #[test]
    fn a_handicap_rule_out_of_range_is_refused() {
        assert!(validated(HandicapRule {
            factor: 0,
            minimum: 25
        })
        .is_err());
        assert!(validated(HandicapRule {
            factor: 30,
            minimum: 0
        })
        .is_err());
        assert!(validated(HandicapRule::default()).is_ok());
    }

    #[test]
    fn a_match_counts_on_its_sheet_date_else_the_day_it_finished() {
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let finished = Some("2026-01-01T10:00:00.000Z");
        assert_eq!(
            played_on(Some(" 2025-03-14 "), finished, "x"),
            day("2025-03-14")
        );
        assert_eq!(
            played_on(Some("14/03/2025"), finished, "2025-12-31T00:00:00Z"),
            day("2026-01-01")
        );
        assert_eq!(
            played_on(None, None, "2025-12-31T23:00:00.000Z"),
            day("2025-12-31")
        );
        let d = day("2025-03-14");
        assert_eq!(day_of(stored_day(d)).unwrap(), d);
    }
}
