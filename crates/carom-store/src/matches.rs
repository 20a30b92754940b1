//! Matches: creation from the new-match form, and the list the home screen shows.

use carom_core::Discipline;
use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::{Store, StoreError};

/// The longest player name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// The largest distance (target points) accepted.
pub const MAX_TARGET: u32 = 10_000;

/// One player as typed in the new-match form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPlayer {
    /// The player's name.
    pub name: String,
    /// The points he must reach.
    pub target: u32,
}

/// A match as requested by the new-match form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewMatch {
    /// The discipline.
    pub discipline: Discipline,
    /// Player 1 and player 2.
    pub players: [NewPlayer; 2],
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchStatus {
    /// Created, lag not played.
    Setup,
    /// Under way.
    InProgress,
    /// Over.
    Finished,
}

impl MatchStatus {
    fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Setup => "setup",
            MatchStatus::InProgress => "in-progress",
            MatchStatus::Finished => "finished",
        }
    }

    fn parse(s: &str) -> Result<MatchStatus, StoreError> {
        match s {
            "setup" => Ok(MatchStatus::Setup),
            "in-progress" => Ok(MatchStatus::InProgress),
            "finished" => Ok(MatchStatus::Finished),
            other => Err(StoreError::Corrupt(format!("match status {other:?}"))),
        }
    }
}

/// A stored match as listed on the home screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRow {
    /// Database id.
    pub id: i64,
    /// The discipline.
    pub discipline: Discipline,
    /// Both players with their targets.
    pub players: [NewPlayer; 2],
    /// Where the match stands.
    pub status: MatchStatus,
    /// When it was created (RFC 3339, UTC).
    pub created_at: String,
}

const NAME_FIELDS: [&str; 2] = ["player-a-name", "player-b-name"];
const TARGET_FIELDS: [&str; 2] = ["player-a-target", "player-b-target"];

fn check_name(field: &'static str, raw: &str) -> Result<String, StoreError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(StoreError::invalid(field, "error-name-empty"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(StoreError::invalid(field, "error-name-too-long")
            .with_arg("max", MAX_NAME_CHARS as i64));
    }
    if name.chars().any(char::is_control) {
        return Err(StoreError::invalid(field, "error-name-control-chars"));
    }
    Ok(name.to_owned())
}

impl NewMatch {
    /// Checks the form: names present, printable, at most [`MAX_NAME_CHARS`]; targets
    /// in `1..=MAX_TARGET`. Returns the cleaned-up request.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] naming the first bad field.
    pub fn validated(&self) -> Result<NewMatch, StoreError> {
        let mut players = self.players.clone();
        for (i, p) in players.iter_mut().enumerate() {
            p.name = check_name(NAME_FIELDS[i], &p.name)?;
            if !(1..=MAX_TARGET).contains(&p.target) {
                return Err(StoreError::invalid(TARGET_FIELDS[i], "error-target-out-of-range")
                    .with_arg("min", 1)
                    .with_arg("max", MAX_TARGET.into()));
            }
        }
        Ok(NewMatch { discipline: self.discipline, players })
    }

    /// The match's setup in the `carambole-match/1` shape, with the discipline's defaults.
    fn setup_json(&self) -> serde_json::Value {
        serde_json::json!({
            "format": "carambole-match/1",
            "discipline": self.discipline,
            "table": "match",
            "players": self.players,
            "innings_limit": null,
            "equalizing_inning": true,
            "sets": null,
            "average": "truncate",
        })
    }
}

impl Store {
    /// Validates and stores a new match in one transaction; returns its id.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for bad input (nothing is stored), or a database error.
    pub fn create_match(&mut self, request: &NewMatch) -> Result<i64, StoreError> {
        let m = request.validated()?;
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO matches (discipline, setup, status, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?4)",
            params![m.discipline.id(), m.setup_json().to_string(), MatchStatus::Setup.as_str(), now],
        )?;
        let id = tx.last_insert_rowid();
        tx.commit()?;
        Ok(id)
    }

    /// Stored matches, newest first.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`] if a stored row cannot be decoded.
    pub fn list_matches(&self, limit: u32) -> Result<Vec<MatchRow>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT id, setup, status, created_at FROM matches
             ORDER BY created_at DESC, id DESC LIMIT ?1",
        )?;
        let rows = stmt.query_map([limit], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get(3)?))
        })?;
        rows.map(|row| {
            let (id, setup, status, created_at) = row?;
            #[derive(Deserialize)]
            struct Setup {
                discipline: Discipline,
                players: [NewPlayer; 2],
            }
            let s: Setup = serde_json::from_str(&setup)
                .map_err(|e| StoreError::Corrupt(format!("match {id}: {e}")))?;
            Ok(MatchRow {
                id,
                discipline: s.discipline,
                players: s.players,
                status: MatchStatus::parse(&status)?,
                created_at,
            })
        })
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(a: &str, b: &str, target: u32) -> NewMatch {
        NewMatch {
            discipline: Discipline::ThreeCushion,
            players: [
                NewPlayer { name: a.into(), target },
                NewPlayer { name: b.into(), target },
            ],
        }
    }

    #[test]
    fn a_created_match_is_listed_newest_first_with_trimmed_names() {
        let mut s = Store::open_in_memory().unwrap();
        s.create_match(&request("  Caudron ", "Jaspers", 40)).unwrap();
        let second = s.create_match(&request("Blomdahl", "Sánchez", 50)).unwrap();
        let list = s.list_matches(10).unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].id, second);
        assert_eq!(list[1].players[0].name, "Caudron");
        assert_eq!(list[0].status, MatchStatus::Setup);
        assert_eq!(list[0].discipline, Discipline::ThreeCushion);
    }

    #[test]
    fn invalid_forms_are_refused_with_the_field_and_code_and_store_nothing() {
        let mut s = Store::open_in_memory().unwrap();
        let cases = [
            (request("", "B", 40), "player-a-name", "error-name-empty"),
            (request("A", "   ", 40), "player-b-name", "error-name-empty"),
            (request(&"x".repeat(10_240), "B", 40), "player-a-name", "error-name-too-long"),
            (request("A\u{7}", "B", 40), "player-a-name", "error-name-control-chars"),
            (request("A", "B", 0), "player-a-target", "error-target-out-of-range"),
            (request("A", "B", 10_001), "player-a-target", "error-target-out-of-range"),
        ];
        for (req, want_field, want_code) in cases {
            match s.create_match(&req) {
                Err(StoreError::Invalid { field, code, .. }) => {
                    assert_eq!((field, code), (want_field, want_code));
                }
                other => panic!("expected {want_code}, got {other:?}"),
            }
        }
        assert!(s.list_matches(10).unwrap().is_empty());
    }

    #[test]
    fn matches_survive_reopening_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/db.sqlite");
        let id = Store::open(&path).unwrap().create_match(&request("A", "B", 30)).unwrap();
        let list = Store::open(&path).unwrap().list_matches(10).unwrap();
        assert_eq!(list.iter().map(|m| m.id).collect::<Vec<_>>(), vec![id]);
    }
}
