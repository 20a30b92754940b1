//! Players: name, club, licence number, notes. Matches link to them.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};

use crate::names::check_name;
use crate::{timestamp, Input, Refusal, Store, StoreError};

/// A player of the roster, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Database id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Club (empty if none).
    pub club: String,
    /// Licence number (empty if none).
    pub licence: String,
    /// Free notes (empty if none).
    pub notes: String,
}

/// A player's fields as the store receives them, before they are checked and trimmed.
/// (Serialized only into the store's own columns: a roster conflict's two values.)
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerFields {
    /// Name (required).
    pub name: String,
    /// Club.
    pub club: String,
    /// Licence number.
    pub licence: String,
    /// Notes (line breaks allowed).
    pub notes: String,
}

/// Longest club or licence number, in characters.
const MAX_FIELD_CHARS: usize = 200;
/// Longest notes, in characters.
const MAX_NOTES_CHARS: usize = 2000;

fn check_text(input: Input, raw: &str, max: usize, lines: bool) -> Result<String, StoreError> {
    let text = raw.trim();
    if text.chars().count() > max {
        return Err(StoreError::invalid(input, Refusal::TextTooLong { max }));
    }
    if text
        .chars()
        .any(|c| carom_core::setup::is_unprintable(c) && !(lines && (c == '\n' || c == '\t')))
    {
        return Err(StoreError::invalid(input, Refusal::TextControlChars));
    }
    Ok(text.to_owned())
}

/// Checks the player form; returns the trimmed values.
///
/// # Errors
/// [`StoreError::Invalid`] naming the first bad field.
pub(crate) fn validated(info: &PlayerFields) -> Result<PlayerFields, StoreError> {
    Ok(PlayerFields {
        name: check_name(Input::PlayerName, &info.name)?,
        club: check_text(Input::PlayerClub, &info.club, MAX_FIELD_CHARS, false)?,
        licence: check_text(Input::PlayerLicence, &info.licence, MAX_FIELD_CHARS, false)?,
        notes: check_text(Input::PlayerNotes, &info.notes, MAX_NOTES_CHARS, true)?,
    })
}

/// A player from a row of `id, name, club, licence, notes`.
pub(crate) fn player(r: &rusqlite::Row<'_>) -> rusqlite::Result<PlayerRecord> {
    Ok(PlayerRecord {
        id: r.get(0)?,
        name: r.get(1)?,
        club: r.get(2)?,
        licence: r.get(3)?,
        notes: r.get(4)?,
    })
}

impl Store {
    /// Adds a player, or updates the licence and notes of the one with the same name and
    /// club; returns his id. A new player is recorded as created `at`.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for bad input, or a database error.
    pub fn save_player(
        &mut self,
        info: &PlayerFields,
        at: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let p = validated(info)?;
        Ok(self.conn.query_row(
            "INSERT INTO players (name, club, licence, notes, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (name, club) DO UPDATE SET licence = excluded.licence, notes = excluded.notes
             RETURNING id",
            params![p.name, p.club, p.licence, p.notes, timestamp(at)],
            |r| r.get(0),
        )?)
    }

    /// One player.
    ///
    /// # Errors
    /// A database error.
    pub fn player(&self, id: i64) -> Result<Option<PlayerRecord>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, name, club, licence, notes FROM players WHERE id = ?1",
                [id],
                player,
            )
            .optional()?)
    }

    /// Players whose name contains `search` (all without), by name.
    ///
    /// # Errors
    /// A database error.
    pub fn players(&self, search: Option<&str>) -> Result<Vec<PlayerRecord>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, name, club, licence, notes FROM players
             WHERE ?1 IS NULL OR instr(lower(name), lower(?1)) > 0
             ORDER BY name COLLATE NOCASE, club",
        )?;
        let rows = stmt.query_map([search], player)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
