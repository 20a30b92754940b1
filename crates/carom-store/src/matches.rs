//! Matches: creation, the history (search, pages), opening a match read-only, the trash.

use carom_core::{
    Discipline, Match, MatchSetup, MatchStatus, MatchView, Player, PlayerSetup, ScoreSheet,
    TableSize,
};
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::types::ToSql;
use rusqlite::{params, OptionalExtension, Row};
use serde::{Deserialize, Serialize};

use crate::names::{check_name, player_key};
use crate::signatures::{StoredReclamation, StoredSignature};
use crate::{timestamp, Input, Refusal, Store, StoreError};

/// The largest distance (target points) accepted.
pub const MAX_TARGET: u32 = carom_core::setup::MAX_TARGET;

/// A player of a stored match: his name and distance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchEntrant {
    /// Name.
    pub name: String,
    /// Distance.
    pub target: u32,
}

/// A stored match as the lists need it: its row, without replaying the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRecord {
    /// Database id.
    pub id: i64,
    /// Discipline.
    pub discipline: Discipline,
    /// Both players.
    pub players: [MatchEntrant; 2],
    /// Where it stands.
    pub status: MatchStatus,
    /// Created (RFC 3339, UTC).
    pub created_at: String,
    /// Last changed (RFC 3339, UTC).
    pub updated_at: String,
    /// Finished, if it is.
    pub finished_at: Option<String>,
    /// The roster players, when linked.
    pub player_ids: [Option<i64>; 2],
    /// Events in its log.
    pub events: u32,
    /// The device that created it.
    pub device: String,
    /// Put in the trash, if it is.
    pub deleted_at: Option<String>,
    /// Signed: no more changes.
    pub locked: bool,
}

/// A page of matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchPage {
    /// The matches, newest first.
    pub matches: Vec<MatchRecord>,
    /// The page number.
    pub page: u32,
    /// Whether a next page exists.
    pub has_more: bool,
}

/// A match as requested by the new-match form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewMatch {
    /// The discipline.
    pub discipline: Discipline,
    /// Player 1 and player 2.
    pub players: [MatchEntrant; 2],
}

/// A status as stored (its wire id, [`MatchStatus::id`]).
pub(crate) fn parse_status(s: &str) -> Result<MatchStatus, StoreError> {
    match s {
        "setup" => Ok(MatchStatus::Setup),
        "in-progress" => Ok(MatchStatus::InProgress),
        "finished" => Ok(MatchStatus::Finished),
        other => Err(StoreError::Corrupt(format!("match status {other:?}"))),
    }
}

/// A history search; every filter is optional. Newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HistoryQuery {
    /// Part of a player's name (case-insensitive for ASCII letters).
    pub player: Option<String>,
    /// A player's id.
    pub player_id: Option<i64>,
    /// The discipline.
    pub discipline: Option<Discipline>,
    /// Created on or after this day (UTC).
    pub from: Option<NaiveDate>,
    /// Created on or before this day (UTC).
    pub until: Option<NaiveDate>,
    /// The status.
    pub status: Option<MatchStatus>,
    /// Only matches not finished yet (set up or under way).
    pub unfinished: bool,
    /// List the trash instead of the live matches.
    pub trash: bool,
    /// 0-based page number.
    pub page: u32,
    /// Matches per page (0 means [`HistoryQuery::DEFAULT_PAGE_SIZE`]; at most 200).
    pub page_size: u32,
}

impl HistoryQuery {
    /// The page size when none is given.
    pub const DEFAULT_PAGE_SIZE: u32 = 20;
    /// The largest page size.
    pub const MAX_PAGE_SIZE: u32 = 200;
}

/// A match opened read-only: its row, its current view, its full sheet, signatures and
/// reclamations.
#[derive(Debug, Clone)]
pub struct StoredMatch {
    /// The row.
    pub row: MatchRecord,
    /// The match's set-up.
    pub setup: MatchSetup,
    /// The view (scores, phase, result).
    pub view: MatchView,
    /// The score sheet.
    pub sheet: ScoreSheet,
    /// Signatures given.
    pub signatures: Vec<StoredSignature>,
    /// Reclamations written.
    pub reclamations: Vec<StoredReclamation>,
}

const NAME_INPUTS: [Input; 2] = [Input::PlayerAName, Input::PlayerBName];
const TARGET_INPUTS: [Input; 2] = [Input::PlayerATarget, Input::PlayerBTarget];

impl NewMatch {
    /// Checks the form: names present, printable, at most [`crate::MAX_NAME_CHARS`]; targets
    /// in `1..=MAX_TARGET`. Returns the cleaned-up request.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] naming the first bad field.
    pub fn validated(&self) -> Result<NewMatch, StoreError> {
        let mut players = self.players.clone();
        for ((p, name), target) in players.iter_mut().zip(NAME_INPUTS).zip(TARGET_INPUTS) {
            p.name = check_name(name, &p.name)?;
            if !(1..=MAX_TARGET).contains(&p.target) {
                return Err(StoreError::invalid(
                    target,
                    Refusal::TargetOutOfRange {
                        min: 1,
                        max: MAX_TARGET,
                    },
                ));
            }
        }
        Ok(NewMatch {
            discipline: self.discipline,
            players,
        })
    }

    /// The match's `carambole-match` set-up: a race with each player's distance, on a
    /// match table, with the discipline's defaults.
    pub fn setup(&self) -> MatchSetup {
        let mut setup = MatchSetup::race(
            self.discipline,
            TableSize::Match,
            [&self.players[0].name, &self.players[1].name],
            1,
        );
        for ((_, p), new) in setup.players.iter_mut().zip(&self.players) {
            p.target = new.target;
        }
        setup
    }
}

/// The columns [`row`] reads, from `matches m`. A match last changed when its row did
/// (created, finished, renamed…) or when its last event was recorded, whichever is later.
pub(crate) const ROW_COLUMNS: &str = concat!(
    "m.id, m.setup, m.status, m.created_at,
    max(m.updated_at, ifnull((SELECT e.recorded_at FROM events e WHERE e.match_id = m.id
                              ORDER BY e.seq DESC LIMIT 1), '')),
    m.finished_at, m.player_a, m.player_b, ",
    event_count_of_m!(),
    ", m.device, m.deleted_at,
    EXISTS (SELECT 1 FROM signatures s WHERE s.match_id = m.id)"
);

/// Decodes a row of [`ROW_COLUMNS`].
pub(crate) fn row(r: &Row<'_>) -> rusqlite::Result<Result<MatchRecord, StoreError>> {
    let id: i64 = r.get(0)?;
    let setup: String = r.get(1)?;
    let status: String = r.get(2)?;
    let decoded = (|| {
        let setup = parse_setup(id, &setup)?;
        Ok(MatchRecord {
            id,
            discipline: setup.discipline,
            players: Player::ALL.map(|p| MatchEntrant {
                name: setup.players[p].name.clone(),
                target: setup.target_of(p),
            }),
            status: parse_status(&status)?,
            created_at: r.get(3)?,
            updated_at: r.get(4)?,
            finished_at: r.get(5)?,
            player_ids: [r.get(6)?, r.get(7)?],
            events: r.get(8)?,
            device: r.get(9)?,
            deleted_at: r.get(10)?,
            locked: r.get(11)?,
        })
    })();
    Ok(decoded)
}

pub(crate) fn parse_setup(id: i64, json: &str) -> Result<MatchSetup, StoreError> {
    serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("match {id} setup: {e}")))
}

/// Finds the player (by name and club) or adds him; returns his id.
pub(crate) fn player_id(
    tx: &rusqlite::Connection,
    p: &PlayerSetup,
    at: &str,
) -> Result<i64, StoreError> {
    let (name, club) = player_key(p);
    tx.execute(
        "INSERT INTO players (name, club, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (name, club) DO NOTHING",
        params![name, club, at],
    )?;
    Ok(tx.query_row(
        "SELECT id FROM players WHERE name = ?1 AND club = ?2",
        params![name, club],
        |r| r.get(0),
    )?)
}

/// Escapes `%`, `_` and `\` for `LIKE … ESCAPE '\'`.
fn like_pattern(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('%');
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

impl Store {
    /// Validates and stores a new match from the new-match form, created `at`; returns
    /// its id.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for bad input (nothing is stored), or a database error.
    pub fn create_match(
        &mut self,
        request: &NewMatch,
        at: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let m = request.validated()?;
        self.create_match_with_setup(m.setup(), at)
    }

    /// Checks `setup` through the core and stores a new match, created `at`; returns its
    /// id.
    ///
    /// # Errors
    /// [`StoreError::Setup`] for an invalid set-up (nothing is stored), or a database error.
    pub fn create_match_with_setup(
        &mut self,
        setup: MatchSetup,
        at: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let m = Match::new(setup).map_err(StoreError::Setup)?;
        let at = timestamp(at);
        let tx = self.conn.transaction()?;
        let id = insert_match(&tx, &m, &at, &self.device, None)?;
        tx.commit()?;
        self.remember(id, m);
        Ok(id)
    }

    /// Stored live matches, newest first (the home screen).
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] if a stored row cannot be decoded.
    pub fn list_matches(&self, limit: u32) -> Result<Vec<MatchRecord>, StoreError> {
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM matches m WHERE m.deleted_at IS NULL
             ORDER BY m.created_at DESC, m.id DESC LIMIT ?1"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map([limit], row)?;
        rows.map(|r| r?).collect()
    }

    /// One stored match's row (live or in the trash).
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], or a database error.
    pub fn match_row(&self, id: i64) -> Result<MatchRecord, StoreError> {
        let sql = format!("SELECT {ROW_COLUMNS} FROM matches m WHERE m.id = ?1");
        self.conn
            .prepare_cached(&sql)?
            .query_row([id], row)
            .optional()?
            .ok_or(StoreError::NoSuchMatch(id))?
    }

    /// One page of the history: matches matching every filter of `q`, newest first.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] if a stored row cannot be decoded.
    pub fn history(&self, q: &HistoryQuery) -> Result<MatchPage, StoreError> {
        let mut sql = format!("SELECT {ROW_COLUMNS} FROM matches m WHERE ");
        sql.push_str(if q.trash {
            "m.deleted_at IS NOT NULL"
        } else {
            "m.deleted_at IS NULL"
        });
        let mut args: Vec<Box<dyn ToSql>> = Vec::new();
        let mut filter = |clause: &str, arg: Box<dyn ToSql>| {
            args.push(arg);
            sql.push_str(&clause.replace("?#", &format!("?{}", args.len())));
        };
        if let Some(d) = q.discipline {
            filter(" AND m.discipline = ?#", Box::new(d.id()));
        }
        if let Some(s) = q.status {
            filter(" AND m.status = ?#", Box::new(s.id()));
        }
        if q.unfinished {
            filter(" AND m.status <> ?#", Box::new(MatchStatus::Finished.id()));
        }
        if let Some(p) = q.player_id {
            filter(" AND ?# IN (m.player_a, m.player_b)", Box::new(p));
        }
        if let Some(name) = q.player.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            filter(
                " AND EXISTS (SELECT 1 FROM players p WHERE p.id IN (m.player_a, m.player_b)
                   AND p.name LIKE ?# ESCAPE '\\')",
                Box::new(like_pattern(name)),
            );
        }
        if let Some(from) = q.from {
            filter(
                " AND m.created_at >= ?#",
                Box::new(from.format("%Y-%m-%d").to_string()),
            );
        }
        if let Some(until) = q.until.and_then(|d| d.succ_opt()) {
            filter(
                " AND m.created_at < ?#",
                Box::new(until.format("%Y-%m-%d").to_string()),
            );
        }
        let size = match q.page_size {
            0 => HistoryQuery::DEFAULT_PAGE_SIZE,
            n => n.min(HistoryQuery::MAX_PAGE_SIZE),
        };
        filter(
            " ORDER BY m.created_at DESC, m.id DESC LIMIT ?#",
            Box::new(size + 1),
        );
        filter(" OFFSET ?#", Box::new(i64::from(q.page) * i64::from(size)));
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let params: Vec<&dyn ToSql> = args.iter().map(AsRef::as_ref).collect();
        let mut matches = stmt
            .query_map(params.as_slice(), row)?
            .map(|r| r?)
            .collect::<Result<Vec<_>, _>>()?;
        let has_more = matches.len() > size as usize;
        matches.truncate(size as usize);
        Ok(MatchPage {
            matches,
            page: q.page,
            has_more,
        })
    }

    /// Opens a match read-only (live, finished or in the trash): its view, its full sheet,
    /// its signatures and reclamations.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Corrupt`] if its log does not replay, or
    /// a database error.
    pub fn open_match(&mut self, id: i64) -> Result<StoredMatch, StoreError> {
        let row = self.match_row(id)?;
        let m = self.replayed(id)?;
        Ok(StoredMatch {
            setup: m.setup().clone(),
            view: m.view(),
            sheet: m.sheet(),
            signatures: self.signatures(id)?,
            reclamations: self.reclamations(id)?,
            row,
        })
    }

    /// Puts a match in the trash `at` (the UI asks for confirmation first). It stays
    /// recoverable with [`Store::restore_from_trash`] until the next backup.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::InTrash`], or a database error.
    pub fn trash_match(&mut self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        let row = self.match_row(id)?;
        if row.deleted_at.is_some() {
            return Err(StoreError::InTrash(id));
        }
        self.conn.execute(
            "UPDATE matches SET deleted_at = ?2 WHERE id = ?1 AND deleted_at IS NULL",
            params![id, timestamp(at)],
        )?;
        self.cache.remove(&id);
        Ok(())
    }

    /// How many matches are in the trash.
    ///
    /// # Errors
    /// A database error.
    pub fn trash_count(&self) -> Result<u32, StoreError> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM matches WHERE deleted_at IS NOT NULL",
            [],
            |r| r.get(0),
        )?)
    }

    /// Takes a match back out of the trash.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`] (also once purged), [`StoreError::NotInTrash`], or a
    /// database error.
    pub fn restore_from_trash(&mut self, id: i64) -> Result<(), StoreError> {
        let row = self.match_row(id)?;
        if row.deleted_at.is_none() {
            return Err(StoreError::NotInTrash(id));
        }
        self.conn
            .execute("UPDATE matches SET deleted_at = NULL WHERE id = ?1", [id])?;
        Ok(())
    }

    /// Removes every match in the trash for good, with its events, signatures and
    /// reclamations (done after each backup); returns how many.
    ///
    /// # Errors
    /// A database error (nothing is removed then).
    pub fn purge_trash(&mut self) -> Result<usize, StoreError> {
        let tx = self.conn.transaction()?;
        let trashed = "SELECT id FROM matches WHERE deleted_at IS NOT NULL";
        tx.execute(
            &format!("DELETE FROM events WHERE match_id IN ({trashed})"),
            [],
        )?;
        tx.execute(
            &format!("DELETE FROM signatures WHERE match_id IN ({trashed})"),
            [],
        )?;
        tx.execute(
            &format!("DELETE FROM reclamations WHERE match_id IN ({trashed})"),
            [],
        )?;
        let n = tx.execute("DELETE FROM matches WHERE deleted_at IS NOT NULL", [])?;
        tx.commit()?;
        Ok(n)
    }

    /// Keeps a replayed live match for the next append (bounded).
    pub(crate) fn remember(&mut self, id: i64, m: Match) -> &mut Match {
        remember(&mut self.cache, id, m)
    }
}

/// Keeps a replayed match in `cache` (bounded); answers the kept copy.
pub(crate) fn remember(
    cache: &mut std::collections::HashMap<i64, Match>,
    id: i64,
    m: Match,
) -> &mut Match {
    if cache.len() >= crate::CACHE_MATCHES && !cache.contains_key(&id) {
        cache.clear();
    }
    cache.entry(id).insert_entry(m).into_mut()
}

/// Inserts a match row (without its events) for `m`; returns the id.
pub(crate) fn insert_match(
    tx: &rusqlite::Connection,
    m: &Match,
    at: &str,
    device: &str,
    digest: Option<&str>,
) -> Result<i64, StoreError> {
    let setup = m.setup();
    let ids = [
        player_id(tx, &setup.players[Player::A], at)?,
        player_id(tx, &setup.players[Player::B], at)?,
    ];
    let status = MatchStatus::of(m);
    let finished_at = (status == MatchStatus::Finished).then_some(at);
    let setup_json = serde_json::to_string(setup)
        .map_err(|e| StoreError::Corrupt(format!("set-up does not serialize: {e}")))?;
    tx.execute(
        "INSERT INTO matches (discipline, setup, status, created_at, updated_at, finished_at,
                              player_a, player_b, device, digest, format)
         VALUES (?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            setup.discipline.id(),
            setup_json,
            status.id(),
            at,
            finished_at,
            ids[0],
            ids[1],
            device,
            digest,
            m.format().id()
        ],
    )?;
    Ok(tx.last_insert_rowid())
}
