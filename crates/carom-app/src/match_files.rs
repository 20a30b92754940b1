//! Match files (`carambole-match/2`, `/1` read too) in and out: each imported file is checked and
//! replayed before it is stored; an export is replaced whole or not at all.

use std::path::{Path, PathBuf};

use carom_api::{
    Error, ErrorCode, ExportMatchFile, ImportMatchFiles, ImportOutcome, ImportReport, ImportedFile,
    PickAndExportMatchFile, PickAndImportMatchFiles,
};
use carom_store::{StoreError, MAX_IMPORT_BYTES};

use crate::errors::{store_error, OrStoreError};
use crate::platform::{Files, Picker};
use crate::App;

/// A file's name without its folder.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Reads at most [`MAX_IMPORT_BYTES`] (plus one, to tell a larger file).
fn read_match_file(files: &dyn Files, path: &Path) -> Result<Vec<u8>, StoreError> {
    let bytes = files
        .read(path, MAX_IMPORT_BYTES)
        .map_err(|e| StoreError::Io(format!("{}: {e}", file_name(path))))?;
    if bytes.len() as u64 > MAX_IMPORT_BYTES {
        return Err(StoreError::TooLarge {
            max: MAX_IMPORT_BYTES,
        });
    }
    Ok(bytes)
}

fn match_files_picker(lang: carom_i18n::Lang, title: &str) -> Picker {
    Picker {
        title: carom_i18n::t(lang, title),
        label: carom_i18n::t(lang, "history-match-files"),
        extensions: &["json"],
    }
}

impl App {
    fn import_paths(&self, paths: &[PathBuf]) -> Result<ImportReport, Error> {
        let now = self.services.clock.now();
        let read: Vec<Result<Vec<u8>, StoreError>> = paths
            .iter()
            .map(|p| read_match_file(&*self.services.files, p))
            .collect();
        let readable: Vec<&[u8]> = read
            .iter()
            .filter_map(|r| r.as_ref().ok().map(Vec::as_slice))
            .collect();
        let mut stored = self
            .db
            .with(|store| store.import_matches(&readable, now).or_store())?
            .into_iter();
        let mut report = ImportReport::default();
        for (path, bytes) in paths.iter().zip(read) {
            let result = match bytes {
                Err(e) => Err(e),
                Ok(_) => stored
                    .next()
                    .ok_or_else(|| Error::from(ErrorCode::internal("import result missing")))?,
            };
            let (outcome, id, error) = match result {
                Ok(imported) => {
                    report.imported += 1;
                    (ImportOutcome::Imported, Some(imported.id), None)
                }
                Err(e @ StoreError::Duplicate { existing }) => {
                    report.duplicates += 1;
                    (
                        ImportOutcome::Duplicate,
                        Some(existing),
                        Some(store_error(&e)),
                    )
                }
                Err(e) => {
                    report.rejected += 1;
                    (ImportOutcome::Rejected, None, Some(store_error(&e)))
                }
            };
            report.files.push(ImportedFile {
                file: file_name(path),
                outcome,
                id,
                error,
            });
        }
        Ok(report)
    }

    /// Imports the match files at `paths`: duplicates are skipped; a refused file is
    /// reported with its reason and leaves no trace.
    ///
    /// # Errors
    /// The store's, when it cannot be used at all (each file's own error is in the
    /// report).
    pub fn import_match_files(&self, req: ImportMatchFiles) -> Result<ImportReport, Error> {
        let paths: Vec<PathBuf> = req.paths.iter().map(PathBuf::from).collect();
        self.import_paths(&paths)
    }

    /// Asks for match files (several at once) and imports them; `None` if cancelled.
    ///
    /// # Errors
    /// As [`App::import_match_files`].
    pub fn pick_and_import_match_files(
        &self,
        req: PickAndImportMatchFiles,
    ) -> Result<Option<ImportReport>, Error> {
        let picker = match_files_picker(req.language, "history-import-title");
        let Some(paths) = self.services.files.pick_files(&picker, true) else {
            return Ok(None);
        };
        self.import_paths(&paths).map(Some)
    }

    /// Writes a match's file to `path` (replaced whole or not at all); answers the path:
    /// [`App::export_match_file`] for a path that is not text (a command line's).
    ///
    /// # Errors
    /// As [`App::export_match_file`].
    pub fn export_match_file_to(&self, match_id: i64, path: &Path) -> Result<String, Error> {
        let text = self
            .db
            .with(|store| store.export_match(match_id).or_store())?;
        self.services
            .files
            .write(path, text.as_bytes())
            .map_err(|e| store_error(&StoreError::Io(format!("{}: {e}", path.display()))))?;
        Ok(path.display().to_string())
    }

    /// Writes a match's file to `path` (replaced whole or not at all); answers the path.
    ///
    /// # Errors
    /// [`ErrorCode::MatchNotFound`], [`ErrorCode::FileSystem`], or the store's.
    pub fn export_match_file(&self, req: ExportMatchFile) -> Result<String, Error> {
        self.export_match_file_to(req.match_id, Path::new(&req.path))
    }

    /// Asks where to save a match's file and writes it there; answers the path, or
    /// `None` if cancelled. An unknown match is refused before the dialog.
    ///
    /// # Errors
    /// As [`App::export_match_file`].
    pub fn pick_and_export_match_file(
        &self,
        req: PickAndExportMatchFile,
    ) -> Result<Option<String>, Error> {
        let name = format!("{}.json", self.match_file_stem(req.match_id)?);
        let picker = match_files_picker(req.language, "history-export-title");
        let Some(path) = self.services.files.save_path(&picker, &name) else {
            return Ok(None);
        };
        self.export_match_file_to(req.match_id, &path).map(Some)
    }
}
