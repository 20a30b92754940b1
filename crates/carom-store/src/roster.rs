//! The roster: editing a player, merging two entries of the same person, finding a
//! player by name, and a player's matches.

use rusqlite::{params, OptionalExtension};

use crate::matches::{HistoryQuery, MatchPage};
use crate::players::{validated, PlayerFields, PlayerRecord};
use crate::{Store, StoreError};

/// Two players merged: the one kept, as he is now, and how many matches moved to him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergedPlayers {
    /// The player kept.
    pub player: PlayerRecord,
    /// Matches moved to him.
    pub matches_moved: u32,
}

fn not_found(id: i64) -> StoreError {
    StoreError::NoSuchPlayer(id)
}

impl Store {
    /// Changes a player's name, club, licence number and notes.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for bad input, [`StoreError::NoSuchPlayer`],
    /// [`StoreError::DuplicatePlayer`] when another player already has this name and club
    /// (merge them instead), or a database error.
    pub fn update_player(
        &mut self,
        id: i64,
        info: &PlayerFields,
    ) -> Result<PlayerRecord, StoreError> {
        let p = validated(info)?;
        let tx = self.conn.transaction()?;
        let taken: Option<i64> = tx
            .query_row(
                "SELECT id FROM players WHERE name = ?1 AND club = ?2 AND id <> ?3",
                params![p.name, p.club, id],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(other) = taken {
            return Err(StoreError::DuplicatePlayer { existing: other });
        }
        let changed = tx.execute(
            "UPDATE players SET name = ?2, club = ?3, licence = ?4, notes = ?5 WHERE id = ?1",
            params![id, p.name, p.club, p.licence, p.notes],
        )?;
        if changed == 0 {
            return Err(not_found(id));
        }
        tx.commit()?;
        self.player(id)?.ok_or_else(|| not_found(id))
    }

    /// Merges player `merged` into player `kept` (two entries of the same person): his
    /// matches move to `kept`, an empty licence number or notes of `kept` take `merged`'s,
    /// and `merged` is removed. The matches' sheets keep the names written on them.
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`], [`StoreError::MergeSame`] for the same player twice,
    /// or a database error; nothing changes then.
    pub fn merge_players(&mut self, kept: i64, merged: i64) -> Result<MergedPlayers, StoreError> {
        if kept == merged {
            return Err(StoreError::MergeSame);
        }
        let keep = self.player(kept)?.ok_or_else(|| not_found(kept))?;
        let gone = self.player(merged)?.ok_or_else(|| not_found(merged))?;
        let tx = self.conn.transaction()?;
        let moved: u32 = tx.query_row(
            "SELECT count(*) FROM matches WHERE ?1 IN (player_a, player_b)",
            [merged],
            |r| r.get(0),
        )?;
        tx.execute(
            "UPDATE matches SET player_a = ?1 WHERE player_a = ?2",
            params![kept, merged],
        )?;
        tx.execute(
            "UPDATE matches SET player_b = ?1 WHERE player_b = ?2",
            params![kept, merged],
        )?;
        let pick = |mine: &str, theirs: &str| {
            if mine.is_empty() {
                theirs.to_owned()
            } else {
                mine.to_owned()
            }
        };
        tx.execute(
            "UPDATE players SET licence = ?2, notes = ?3 WHERE id = ?1",
            params![
                kept,
                pick(&keep.licence, &gone.licence),
                pick(&keep.notes, &gone.notes)
            ],
        )?;
        tx.execute("DELETE FROM players WHERE id = ?1", [merged])?;
        tx.commit()?;
        Ok(MergedPlayers {
            player: self.player(kept)?.ok_or_else(|| not_found(kept))?,
            matches_moved: moved,
        })
    }

    /// The players named `name` (trimmed, case-insensitive), by club.
    ///
    /// # Errors
    /// A database error.
    pub fn players_named(&self, name: &str) -> Result<Vec<PlayerRecord>, StoreError> {
        let name = name.trim();
        Ok(self
            .players(Some(name))?
            .into_iter()
            .filter(|p| p.name.to_lowercase() == name.to_lowercase())
            .collect())
    }

    /// A page of player `id`'s matches, newest first (trash excluded).
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`] for an unknown player, or as
    /// [`Store::history`].
    pub fn player_matches(
        &self,
        id: i64,
        page: u32,
        page_size: u32,
    ) -> Result<MatchPage, StoreError> {
        if self.player(id)?.is_none() {
            return Err(not_found(id));
        }
        self.history(&HistoryQuery {
            player_id: Some(id),
            page,
            page_size,
            ..Default::default()
        })
    }
}
