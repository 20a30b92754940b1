//! Players: name, club, licence number, notes. Matches link to them.

pub use carom_api::{Player, PlayerInfo};
use rusqlite::{params, OptionalExtension};

use crate::names::check_name;
use crate::{now, timestamp, Store, StoreError};

/// Longest club or licence number, in characters.
const MAX_FIELD_CHARS: usize = 200;
/// Longest notes, in characters.
const MAX_NOTES_CHARS: usize = 2000;

fn check_text(
    field: &'static str,
    raw: &str,
    max: usize,
    lines: bool,
) -> Result<String, StoreError> {
    let text = raw.trim();
    if text.chars().count() > max {
        return Err(StoreError::invalid(field, "error-text-too-long").with_arg("max", max as i64));
    }
    if text
        .chars()
        .any(|c| carom_core::setup::is_unprintable(c) && !(lines && (c == '\n' || c == '\t')))
    {
        return Err(StoreError::invalid(field, "error-text-control-chars"));
    }
    Ok(text.to_owned())
}

/// Checks the player form; returns the trimmed values.
///
/// # Errors
/// [`StoreError::Invalid`] naming the first bad field.
pub(crate) fn validated(info: &PlayerInfo) -> Result<PlayerInfo, StoreError> {
    Ok(PlayerInfo {
        name: check_name("player-name", &info.name)?,
        club: check_text("player-club", &info.club, MAX_FIELD_CHARS, false)?,
        licence: check_text("player-licence", &info.licence, MAX_FIELD_CHARS, false)?,
        notes: check_text("player-notes", &info.notes, MAX_NOTES_CHARS, true)?,
    })
}

/// A player from a row of `id, name, club, licence, notes`.
pub(crate) fn player(r: &rusqlite::Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        id: r.get(0)?,
        name: r.get(1)?,
        club: r.get(2)?,
        licence: r.get(3)?,
        notes: r.get(4)?,
    })
}

impl Store {
    /// Adds a player, or updates the licence and notes of the one with the same name and
    /// club; returns his id.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for bad input, or a database error.
    pub fn save_player(&mut self, info: &PlayerInfo) -> Result<i64, StoreError> {
        let p = validated(info)?;
        Ok(self.conn.query_row(
            "INSERT INTO players (name, club, licence, notes, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (name, club) DO UPDATE SET licence = excluded.licence, notes = excluded.notes
             RETURNING id",
            params![p.name, p.club, p.licence, p.notes, timestamp(now())],
            |r| r.get(0),
        )?)
    }

    /// One player.
    ///
    /// # Errors
    /// A database error.
    pub fn player(&self, id: i64) -> Result<Option<Player>, StoreError> {
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
    pub fn players(&self, search: Option<&str>) -> Result<Vec<Player>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, name, club, licence, notes FROM players
             WHERE ?1 IS NULL OR instr(lower(name), lower(?1)) > 0
             ORDER BY name COLLATE NOCASE, club",
        )?;
        let rows = stmt.query_map([search], player)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_saved_once_per_name_and_club_and_updated_in_place() {
        let mut s = Store::open_in_memory().unwrap();
        let info = PlayerInfo {
            name: " Caudron ".into(),
            club: "Ghent".into(),
            ..Default::default()
        };
        let id = s.save_player(&info).unwrap();
        let again = s
            .save_player(&PlayerInfo {
                licence: "BE-123".into(),
                notes: "left-handed\nfast".into(),
                ..info.clone()
            })
            .unwrap();
        assert_eq!(id, again);
        let p = s.player(id).unwrap().unwrap();
        assert_eq!((p.name.as_str(), p.licence.as_str()), ("Caudron", "BE-123"));
        assert_eq!(s.players(Some("caud")).unwrap(), vec![p]);
        let other_club = s
            .save_player(&PlayerInfo {
                club: "Antwerp".into(),
                ..info
            })
            .unwrap();
        assert_ne!(other_club, id);
    }

    #[test]
    fn bad_player_forms_are_refused_with_the_field() {
        let mut s = Store::open_in_memory().unwrap();
        for (info, field) in [
            (
                PlayerInfo {
                    name: " ".into(),
                    ..Default::default()
                },
                "player-name",
            ),
            (
                PlayerInfo {
                    name: "A".into(),
                    club: "x".repeat(201),
                    ..Default::default()
                },
                "player-club",
            ),
            (
                PlayerInfo {
                    name: "A".into(),
                    licence: "1\u{0}".into(),
                    ..Default::default()
                },
                "player-licence",
            ),
            (
                PlayerInfo {
                    name: "Du\u{200b}pont".into(),
                    ..Default::default()
                },
                "player-name",
            ),
            (
                PlayerInfo {
                    name: "\u{202e}tnopuD".into(),
                    ..Default::default()
                },
                "player-name",
            ),
            (
                PlayerInfo {
                    name: "A".into(),
                    club: "Club\u{2066}".into(),
                    ..Default::default()
                },
                "player-club",
            ),
        ] {
            match s.save_player(&info) {
                Err(StoreError::Invalid { field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
        assert!(s.players(None).unwrap().is_empty());
    }
}
