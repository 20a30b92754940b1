//! What the headless CLI runs besides the catalogue's commands: a match file replayed
//! without a database, one file imported at a path named on the command line (its
//! events counted), every stored match listed, players found by their exact name, and a
//! backup restored over a database that may not open. The same store calls as the
//! window's commands; the errors keep what one line on a terminal says ([`LineError`]).

use std::path::{Path, PathBuf};

use carom_api::{Error, ErrorCode, MatchRow, RosterPlayer};
use carom_core::{replay_report, FileError, MatchFile, ReplayReport};
use carom_i18n::{tr, Lang};
use carom_store::{Store, StoreError, MAX_IMPORT_BYTES};
use chrono::{DateTime, Utc};

use crate::errors::{error_text, store_error, OrStoreError};
use crate::{rows, App};

/// An error as the CLI words it in one line: the error as it crosses to the UI and, when
/// the rules refused an event of a match file, that event's index, which the rules'
/// message does not name (beside the event in a list it needs not; alone on a terminal
/// line it does). The other event-level file errors name their event themselves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The error.
    pub error: Error,
    /// The index of the match file's event the rules refused.
    pub event: Option<usize>,
}

impl LineError {
    /// The line in `lang`: the error's message, after the event's index when there is one.
    pub fn text(&self, lang: Lang) -> String {
        let text = error_text(lang, &self.error.code);
        match self.event {
            Some(index) => tr(
                lang,
                "cli-error-at-event",
                &[
                    ("index", i64::try_from(index).unwrap_or(i64::MAX).into()),
                    ("error", text.into()),
                ],
            ),
            None => text,
        }
    }
}

impl From<Error> for LineError {
    fn from(error: Error) -> Self {
        LineError { error, event: None }
    }
}

/// A refused match file as one line says it.
fn file_line_error(e: &FileError) -> LineError {
    LineError {
        error: ErrorCode::from(&e.message()).into(),
        event: match e {
            FileError::Play { index, .. } => Some(*index),
            _ => None,
        },
    }
}

/// A store error as one line says it (a refused match file, by [`file_line_error`]).
fn store_line_error(e: &StoreError) -> LineError {
    match e {
        StoreError::File(f) => file_line_error(f),
        other => store_error(other).into(),
    }
}

/// A match stored by an import of one file named on the command line (the store's
/// `Imported` without the status, which the CLI does not print).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CliImport {
    /// Its new id.
    pub id: i64,
    /// The events stored.
    pub events: u32,
}

impl App {
    /// Replays the match file `bytes` (at most [`MAX_IMPORT_BYTES`], the import's limit,
    /// so that a replay accepts what an import does) and reports its result, with the
    /// announcements when asked. Reads no database.
    ///
    /// # Errors
    /// [`ErrorCode::ImportTooLarge`], [`ErrorCode::ImportNotText`], or why the file does
    /// not parse or replay (the refused event's index in [`LineError::event`]).
    pub fn replay_match_file(
        &self,
        bytes: &[u8],
        with_announcements: bool,
    ) -> Result<ReplayReport, LineError> {
        if bytes.len() as u64 > MAX_IMPORT_BYTES {
            return Err(store_line_error(&StoreError::TooLarge {
                max: MAX_IMPORT_BYTES,
            }));
        }
        let text =
            std::str::from_utf8(bytes).map_err(|_| store_line_error(&StoreError::NotText))?;
        MatchFile::parse(text)
            .and_then(|f| replay_report(&f, with_announcements))
            .map_err(|e| file_line_error(&e))
    }

    /// Imports the match file at `path`: checked and replayed, then stored in one
    /// transaction (a refused file leaves no trace). One file at a time, so that each
    /// answer names the events stored.
    ///
    /// # Errors
    /// A file that cannot be read (named by its whole path), is too large, not text,
    /// malformed, impossible, or already stored; or the store's.
    pub fn import_match_file_at(&self, path: &Path) -> Result<CliImport, LineError> {
        let now = self.services.clock.now();
        self.db
            .with(|store| Ok(store.import_path(path, now)))?
            .map(|done| CliImport {
                id: done.id,
                events: done.events,
            })
            .map_err(|e| store_line_error(&e))
    }

    /// Every stored match (the trash aside), newest first, without their points: the
    /// logs are not replayed (`list_matches` replays the last 200 for the home screen).
    ///
    /// # Errors
    /// The store's.
    pub fn list_all_matches(&self) -> Result<Vec<MatchRow>, Error> {
        self.db.with(|store| {
            Ok(store
                .list_matches(u32::MAX)
                .or_store()?
                .into_iter()
                .map(|r| rows::match_row(r, None))
                .collect())
        })
    }

    /// The players named `name` exactly (trimmed, case-insensitive), by club: whom a
    /// name typed on the command line means.
    ///
    /// # Errors
    /// The store's.
    pub fn players_named(&self, name: &str) -> Result<Vec<RosterPlayer>, Error> {
        self.db
            .with(|store| store.players_named(name).or_store())
            .map(|found| found.into_iter().map(rows::player).collect())
    }

    /// Replaces the database file `db` by the backup `backup`, `now` that time, for a
    /// command line: through the store when the database opens (its data is copied into
    /// `backups/` beside it first, and returned), over the file when it does not (damaged,
    /// from a newer app; the file is copied first, and returned, if there was one); never
    /// while another instance holds it. Nothing is reopened afterwards, so no automatic
    /// backup is made.
    ///
    /// # Errors
    /// [`ErrorCode::DatabaseLocked`], [`ErrorCode::DatabaseReadOnly`], why the backup
    /// was refused, or a file error (the current data is then unchanged).
    pub fn restore_database_file(
        db: &Path,
        backup: &Path,
        now: DateTime<Utc>,
    ) -> Result<Option<PathBuf>, Error> {
        let safety_dir = db
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .join("backups");
        match Store::open(db) {
            Ok(mut store) => store.restore_from(backup, &safety_dir, now).map(Some),
            Err(e @ (StoreError::Locked | StoreError::ReadOnly)) => Err(e),
            Err(_) => Store::restore_file(db, backup, &safety_dir, now),
        }
        .or_store()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_store_error_has_a_line_in_every_language() {
        let errors = [
            StoreError::NewerSchema,
            StoreError::Locked,
            StoreError::ReadOnly,
            StoreError::DiskFull,
            StoreError::Io("x".into()),
            StoreError::Corrupt("x".into()),
            StoreError::Migration("x".into()),
            StoreError::NoSuchMatch(1),
            StoreError::MatchLocked(1),
            StoreError::InTrash(1),
            StoreError::NotInTrash(1),
            StoreError::NotFinished(1),
            StoreError::NoSuchConflict("0f3a.1".into()),
            StoreError::TooLarge { max: 1 },
            StoreError::NotText,
            StoreError::Duplicate { existing: 1 },
            StoreError::BackupOntoItself,
        ];
        for lang in [Lang::En, Lang::Fr, Lang::Es] {
            for e in &errors {
                let line = store_line_error(e);
                assert_eq!(line.event, None);
                assert!(
                    carom_i18n::has(lang, line.error.code.message().0),
                    "{lang:?}: {e:?}"
                );
                let text = line.text(lang);
                assert!(!text.contains('{'), "{lang:?}: {text}");
            }
        }
    }
}
