//! Signatures and reclamations of a finished match's score sheet. Once a match carries a
//! signature it is locked: no more events, no changed reclamations (triggers enforce it
//! too).

use chrono::{DateTime, Utc};
use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::names::checked_signature;
use crate::{timestamp, Input, Refusal, Store, StoreError};
use carom_core::MatchStatus;
/// Longest reclamation, in characters.
const MAX_RECLAMATION_CHARS: usize = 2000;

pub use carom_core::SignerRole;

/// A signature as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredSignature {
    /// Who signed.
    pub role: SignerRole,
    /// The name printed under it.
    pub name: String,
    /// When (RFC 3339, UTC).
    pub signed_at: String,
    /// The strokes as the signature pad gave them (opaque JSON).
    pub strokes: serde_json::Value,
}

/// A player's reclamation (Art. 16.2), written on the sheet at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredReclamation {
    /// Player 0 or 1.
    pub player: u8,
    /// The text.
    pub text: String,
    /// When it was (last) written (RFC 3339, UTC).
    pub written_at: String,
}

impl Store {
    /// Adds a signature to a finished match; from then on the match is locked.
    ///
    /// # Errors
    /// [`StoreError::NotFinished`], [`StoreError::InTrash`], [`StoreError::Invalid`] (empty
    /// or bad name), [`StoreError::SignatureTooLarge`], [`StoreError::SignatureDuplicate`]
    /// (a role that already signed), or a database error.
    pub fn sign(
        &mut self,
        id: i64,
        role: SignerRole,
        name: &str,
        strokes: &serde_json::Value,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let (name, strokes) = checked_signature(name, strokes)?;
        let row = self.match_row(id)?;
        if row.deleted_at.is_some() {
            return Err(StoreError::InTrash(id));
        }
        if row.status != MatchStatus::Finished {
            return Err(StoreError::NotFinished(id));
        }
        let inserted = self.conn.execute(
            "INSERT INTO signatures (match_id, role, name, signed_at, strokes)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
            params![id, role.id(), name, timestamp(at), strokes],
        )?;
        if inserted == 0 {
            return Err(StoreError::SignatureDuplicate);
        }
        Ok(())
    }

    /// The signatures of match `id`.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Corrupt`].
    pub fn signatures(&self, id: i64) -> Result<Vec<StoredSignature>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT role, name, signed_at, strokes FROM signatures WHERE match_id = ?1
             ORDER BY signed_at, role",
        )?;
        let rows = stmt.query_map([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        rows.map(|r| {
            let (role, name, signed_at, strokes) = r?;
            Ok(StoredSignature {
                role: SignerRole::from_id(&role)
                    .ok_or_else(|| StoreError::Corrupt(format!("signer role {role:?}")))?,
                name,
                signed_at,
                strokes: serde_json::from_str(&strokes)
                    .map_err(|e| StoreError::Corrupt(format!("signature strokes: {e}")))?,
            })
        })
        .collect()
    }

    /// Writes (or rewrites) player `player`'s reclamation, until the sheet is signed.
    ///
    /// # Errors
    /// [`StoreError::MatchLocked`], [`StoreError::InTrash`], [`StoreError::Invalid`], or a
    /// database error.
    pub fn set_reclamation(
        &mut self,
        id: i64,
        player: u8,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if player > 1 {
            return Err(StoreError::NoSuchSide(player));
        }
        let text = text.trim();
        if text.is_empty() || text.chars().count() > MAX_RECLAMATION_CHARS {
            return Err(StoreError::invalid(
                Input::Reclamation,
                Refusal::TextTooLong {
                    max: MAX_RECLAMATION_CHARS,
                },
            ));
        }
        if text.chars().any(|c| c.is_control() && c != '\n') {
            return Err(StoreError::invalid(
                Input::Reclamation,
                Refusal::TextControlChars,
            ));
        }
        let row = self.match_row(id)?;
        if row.deleted_at.is_some() {
            return Err(StoreError::InTrash(id));
        }
        if row.locked {
            return Err(StoreError::MatchLocked(id));
        }
        self.conn.execute(
            "INSERT INTO reclamations (match_id, player, text, written_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (match_id, player) DO UPDATE SET text = excluded.text,
                 written_at = excluded.written_at",
            params![id, player, text, timestamp(at)],
        )?;
        Ok(())
    }

    /// The reclamations of match `id`, by player.
    ///
    /// # Errors
    /// A database error.
    pub fn reclamations(&self, id: i64) -> Result<Vec<StoredReclamation>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT player, text, written_at FROM reclamations WHERE match_id = ?1 ORDER BY player",
        )?;
        let rows = stmt.query_map([id], |r| {
            Ok(StoredReclamation {
                player: r.get(0)?,
                text: r.get(1)?,
                written_at: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
