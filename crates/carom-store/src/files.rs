//! Import and export of match files (`carambole-match/2`, and `/1`, whose matches keep its
//! rules: `matches.format`).
//!
//! An imported file is parsed and replayed by the core before anything is stored; a
//! duplicate (same canonical content, see `events::digest`) is refused. A rejected file
//! changes nothing. Only parameterized SQL touches the file's content.

use std::path::Path;

use carom_core::{MatchFile, MatchStatus};
use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::events::digest;
use crate::matches::insert_match;
use crate::{timestamp, Store, StoreError};

/// The largest match file accepted for import (a long match is well under 100 KB).
pub const MAX_IMPORT_BYTES: u64 = 2 * 1024 * 1024;

/// A match stored by an import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Imported {
    /// Its new id.
    pub id: i64,
    /// Its status after replay.
    pub status: MatchStatus,
    /// Events stored.
    pub events: u32,
}

/// Checks size and encoding, parses and replays: the match a file describes.
fn checked(bytes: &[u8]) -> Result<(carom_core::Match, String), StoreError> {
    if bytes.len() as u64 > MAX_IMPORT_BYTES {
        return Err(StoreError::TooLarge {
            max: MAX_IMPORT_BYTES,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| StoreError::NotText)?;
    let file = MatchFile::parse(text).map_err(StoreError::File)?;
    let m = file.replay().map_err(StoreError::File)?;
    // The digest of what is stored, whatever the spacing of the file.
    let digest = digest(&MatchFile::from_match(&m));
    Ok((m, digest))
}

fn store_checked(
    tx: &rusqlite::Connection,
    m: &carom_core::Match,
    digest: &str,
    at: &str,
    device: &str,
) -> Result<Imported, StoreError> {
    let existing: Option<i64> = tx
        .prepare_cached("SELECT id FROM matches WHERE digest = ?1")?
        .query_row([digest], |r| r.get(0))
        .optional()?;
    if let Some(existing) = existing {
        return Err(StoreError::Duplicate { existing });
    }
    let id = insert_match(tx, m, at, device, Some(digest))?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO events (match_id, seq, event, recorded_at) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (seq, e) in m.events().iter().enumerate() {
        let json = serde_json::to_string(e)
            .map_err(|e| StoreError::Corrupt(format!("event does not serialize: {e}")))?;
        insert.execute(params![id, seq as i64, json, at])?;
    }
    Ok(Imported {
        id,
        status: MatchStatus::of(m),
        events: m.events().len() as u32,
    })
}

impl Store {
    /// Imports one match file (its bytes): checked, replayed, then stored in one
    /// transaction.
    ///
    /// # Errors
    /// [`StoreError::TooLarge`], [`StoreError::NotText`], [`StoreError::File`] (malformed,
    /// unknown fields, invalid set-up such as a 10 KB or control-character name, an
    /// impossible event), [`StoreError::Duplicate`], or a database fault. Nothing is
    /// stored then.
    pub fn import_match(
        &mut self,
        bytes: &[u8],
        at: DateTime<Utc>,
    ) -> Result<Imported, StoreError> {
        let (m, digest) = checked(bytes)?;
        let at = timestamp(at);
        let tx = self.conn.transaction()?;
        let imported = store_checked(&tx, &m, &digest, &at, &self.device)?;
        tx.commit()?;
        Ok(imported)
    }

    /// Imports many files at once, in one transaction (one durable commit), each file on
    /// its own: a rejected file is reported in its slot and leaves no trace; duplicates
    /// within the batch are detected too.
    ///
    /// # Errors
    /// Only a database fault that stops the whole batch (nothing is stored then).
    pub fn import_matches(
        &mut self,
        files: &[&[u8]],
        at: DateTime<Utc>,
    ) -> Result<Vec<Result<Imported, StoreError>>, StoreError> {
        let at = timestamp(at);
        let mut tx = self.conn.transaction()?;
        let mut results = Vec::with_capacity(files.len());
        for bytes in files {
            let result = match checked(bytes) {
                Err(e) => Err(e),
                Ok((m, digest)) => {
                    let sp = tx.savepoint()?;
                    match store_checked(&sp, &m, &digest, &at, &self.device) {
                        Ok(imported) => {
                            sp.commit()?;
                            Ok(imported)
                        }
                        // A database fault ends the batch; a refusal is this file's.
                        Err(e @ (StoreError::Duplicate { .. } | StoreError::Setup(_))) => Err(e),
                        Err(e) => return Err(e),
                    }
                }
            };
            results.push(result);
        }
        tx.commit()?;
        Ok(results)
    }

    /// Imports the file at `path`, `at` that time (see [`Store::import_match`]).
    ///
    /// # Errors
    /// As [`Store::import_match`], or [`StoreError::Io`] if the file cannot be read.
    pub fn import_path(&mut self, path: &Path, at: DateTime<Utc>) -> Result<Imported, StoreError> {
        let bytes = read_limited(path)?;
        self.import_match(&bytes, at)
    }

    /// The match file of match `id` (set-up and every event, undos included).
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Corrupt`], or a database error.
    pub fn export_match(&mut self, id: i64) -> Result<String, StoreError> {
        let m = self.replayed(id)?;
        Ok(MatchFile::from_match(m).to_json_pretty())
    }

    /// Writes the match file of match `id` to `path` (a temporary file renamed into place,
    /// so an existing file is replaced whole or not at all).
    ///
    /// # Errors
    /// As [`Store::export_match`], or a file error.
    pub fn export_match_to(&mut self, id: i64, path: &Path) -> Result<(), StoreError> {
        let text = self.export_match(id)?;
        write_atomically(path, text.as_bytes())
    }
}

/// Reads a file of at most [`MAX_IMPORT_BYTES`] without reading more than that.
pub(crate) fn read_limited(path: &Path) -> Result<Vec<u8>, StoreError> {
    use std::io::Read;
    let file = std::fs::File::open(path)
        .map_err(|e| StoreError::Io(format!("{}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(MAX_IMPORT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::Io(format!("{}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_IMPORT_BYTES {
        return Err(StoreError::TooLarge {
            max: MAX_IMPORT_BYTES,
        });
    }
    Ok(bytes)
}

/// Writes `bytes` to a temporary file beside `path`, syncs it, and renames it over `path`:
/// an existing file is replaced whole or not at all. Shared with the app's PDF export.
///
/// # Errors
/// The I/O error; the temporary file is removed then.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = temp_beside(path);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    write_file_atomically(path, bytes).map_err(StoreError::io)
}

/// A fresh temporary name in the folder of `path`.
pub(crate) fn temp_beside(path: &Path) -> std::path::PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::finished_file;

    #[test]
    fn export_to_a_file_writes_the_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open_in_memory().unwrap();
        let id = s
            .import_match(finished_file(["A", "B"]).as_bytes(), Utc::now())
            .unwrap()
            .id;
        let path = dir.path().join("m.json");
        std::fs::write(&path, "old").unwrap();
        s.export_match_to(id, &path).unwrap();
        let back = std::fs::read_to_string(&path).unwrap();
        assert_eq!(back, s.export_match(id).unwrap());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }
}
