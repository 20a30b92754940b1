//! The commands of the stored data (issue: history): the history and its search, the
//! trash, import and export of match files (`carambole-match/1`), backup and restore of
//! the whole database.
//!
//! Every command that touches a file takes its path, so that it is testable without a
//! window; the file pickers are thin `pick_…` wrappers around them (dialog plugin, as
//! `export_sheet_pdf` does). Errors are [`IpcError`] codes the UI localizes.

use std::io::Read;
use std::path::{Path, PathBuf};

use carom_core::{Discipline, Player};
use carom_i18n::Lang;
use carom_store::{HistoryQuery, MatchStatus, NewPlayer, Store, StoreError, MAX_IMPORT_BYTES};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use tauri::State;

use crate::state::backups_dir;
use crate::{file_dialog, AppState, IpcError};

/// Matches per history page when the UI does not say.
const PAGE_SIZE: u32 = 20;

/// A history search as the UI sends it: loosely typed, so that bad input comes back as
/// a localized code naming the field.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct HistoryRequest {
    /// Part of a player's name.
    player: String,
    /// A discipline id, or empty for all.
    discipline: String,
    /// `YYYY-MM-DD` or empty.
    from: String,
    /// `YYYY-MM-DD` or empty.
    until: String,
    /// `all` (or empty), `unfinished`, `finished`.
    status: String,
    /// The trash instead of the live matches.
    trash: bool,
    /// 0-based page.
    page: u32,
    /// Matches per page (0: the default).
    page_size: u32,
}

fn field_error(code: &str, field: &str) -> IpcError {
    let mut e = IpcError::new(code);
    e.field = Some(field.to_owned());
    e
}

fn parse_day(raw: &str, field: &str) -> Result<Option<NaiveDate>, IpcError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| field_error("history-error-date", field))
}

impl HistoryRequest {
    fn query(&self) -> Result<HistoryQuery, IpcError> {
        let discipline = match self.discipline.trim() {
            "" | "all" => None,
            id => Some(
                Discipline::from_id(id)
                    .ok_or_else(|| field_error("error-unknown-discipline", "history-discipline"))?,
            ),
        };
        let from = parse_day(&self.from, "history-from")?;
        let until = parse_day(&self.until, "history-until")?;
        if let (Some(f), Some(u)) = (from, until) {
            if f > u {
                return Err(field_error("history-error-date-order", "history-until"));
            }
        }
        let (status, unfinished) = match self.status.trim() {
            "" | "all" => (None, false),
            "unfinished" => (None, true),
            "finished" => (Some(MatchStatus::Finished), false),
            _ => return Err(field_error("history-error-status", "history-status")),
        };
        let player = Some(self.player.trim().to_owned()).filter(|p| !p.is_empty());
        Ok(HistoryQuery {
            player,
            discipline,
            from,
            until,
            status,
            unfinished,
            trash: self.trash,
            page: self.page,
            page_size: if self.page_size == 0 {
                PAGE_SIZE
            } else {
                self.page_size
            },
            ..HistoryQuery::default()
        })
    }
}

/// One line of the history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistoryEntry {
    /// The match.
    pub id: i64,
    /// Its discipline.
    pub discipline: Discipline,
    /// Both players with their distances.
    pub players: [NewPlayer; 2],
    /// `setup`, `in-progress`, `finished`.
    pub status: MatchStatus,
    /// When it was created (RFC 3339, UTC).
    pub created_at: String,
    /// When it finished.
    pub finished_at: Option<String>,
    /// When it was put in the trash.
    pub deleted_at: Option<String>,
    /// Signed.
    pub locked: bool,
    /// Points of the whole match, per player (`None` if its log does not replay).
    pub points: Option<[u32; 2]>,
    /// Sets won, when sets are played.
    pub sets: Option<[u16; 2]>,
    /// The winner (0 or 1) of a finished match that is not a draw.
    pub winner: Option<carom_core::Player>,
}

/// One page of the history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistoryScreenPage {
    /// The matches, newest first.
    pub entries: Vec<HistoryEntry>,
    /// The page number.
    pub page: u32,
    /// Whether a next page exists.
    pub has_more: bool,
    /// Matches in the trash.
    pub in_trash: u32,
}

fn history_page(store: &mut Store, q: &HistoryQuery) -> Result<HistoryScreenPage, IpcError> {
    let page = store.history(q)?;
    let entries = page
        .matches
        .into_iter()
        .map(|row| {
            // A match whose log does not replay is still listed, without its score.
            let view = store.match_view(row.id).ok();
            let points = view.as_ref().map(|v| {
                [
                    v.players[Player::A].total_points,
                    v.players[Player::B].total_points,
                ]
            });
            let sets = view
                .as_ref()
                .filter(|v| v.set.is_some())
                .map(|v| [v.players[Player::A].sets_won, v.players[Player::B].sets_won]);
            let winner =
                view.as_ref()
                    .and_then(|v| v.result.as_ref())
                    .and_then(|r| match r.winner {
                        carom_core::Winner::Player(p) => Some(p),
                        carom_core::Winner::Draw => None,
                    });
            HistoryEntry {
                id: row.id,
                discipline: row.discipline,
                players: row.players,
                status: row.status,
                created_at: row.created_at,
                finished_at: row.finished_at,
                deleted_at: row.deleted_at,
                locked: row.locked,
                points,
                sets,
                winner,
            }
        })
        .collect();
    Ok(HistoryScreenPage {
        entries,
        page: page.page,
        has_more: page.has_more,
        in_trash: store.trash_count()?,
    })
}

/// One page of the history (or of the trash), searched by player, discipline, dates
/// and status, newest first, each match with its score.
#[tauri::command]
pub fn history(
    state: State<'_, AppState>,
    request: HistoryRequest,
) -> Result<HistoryScreenPage, IpcError> {
    let q = request.query()?;
    state.with_store(|store| history_page(store, &q))
}

/// Puts a match in the trash (the UI asked for confirmation). It can be restored until
/// the next backup.
#[tauri::command]
pub fn trash_match(state: State<'_, AppState>, match_id: i64) -> Result<(), IpcError> {
    state.with_store(|store| Ok(store.trash_match(match_id)?))
}

/// Takes a match back out of the trash.
#[tauri::command]
pub fn restore_from_trash(state: State<'_, AppState>, match_id: i64) -> Result<(), IpcError> {
    state.with_store(|store| Ok(store.restore_from_trash(match_id)?))
}

/// What became of one imported file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImportedFile {
    /// The file's name (without its folder).
    pub file: String,
    /// `imported`, `duplicate` or `rejected`.
    pub outcome: &'static str,
    /// The new match (imported) or the stored copy (duplicate).
    pub id: Option<i64>,
    /// Why it was not imported.
    pub error: Option<IpcError>,
}

/// The result of an import of one or many files.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ImportReport {
    /// Matches stored.
    pub imported: u32,
    /// Files skipped because their match is already stored.
    pub duplicates: u32,
    /// Files refused (unreadable, malformed, not replayable…).
    pub rejected: u32,
    /// Each file, in the order given.
    pub files: Vec<ImportedFile>,
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Reads at most [`MAX_IMPORT_BYTES`] (plus one, to tell a larger file).
fn read_match_file(path: &Path) -> Result<Vec<u8>, StoreError> {
    let file = std::fs::File::open(path)
        .map_err(|e| StoreError::Io(format!("{}: {e}", file_name(path))))?;
    let mut bytes = Vec::new();
    file.take(MAX_IMPORT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::Io(format!("{}: {e}", file_name(path))))?;
    if bytes.len() as u64 > MAX_IMPORT_BYTES {
        return Err(StoreError::TooLarge {
            max: MAX_IMPORT_BYTES,
        });
    }
    Ok(bytes)
}

fn import_files(state: &AppState, paths: &[PathBuf]) -> Result<ImportReport, IpcError> {
    let read: Vec<Result<Vec<u8>, StoreError>> = paths.iter().map(|p| read_match_file(p)).collect();
    let readable: Vec<&[u8]> = read
        .iter()
        .filter_map(|r| r.as_ref().ok().map(Vec::as_slice))
        .collect();
    let mut stored = state
        .with_store(|store| Ok(store.import_matches(&readable, Utc::now())?))?
        .into_iter();
    let mut report = ImportReport::default();
    for (path, bytes) in paths.iter().zip(read) {
        let result = match bytes {
            Err(e) => Err(e),
            Ok(_) => stored.next().ok_or_else(|| {
                IpcError::new("error-internal").arg("detail", "import result missing")
            })?,
        };
        let (outcome, id, error) = match result {
            Ok(imported) => {
                report.imported += 1;
                ("imported", Some(imported.id), None)
            }
            Err(e @ StoreError::Duplicate { existing }) => {
                report.duplicates += 1;
                ("duplicate", Some(existing), Some(IpcError::from(e)))
            }
            Err(e) => {
                report.rejected += 1;
                ("rejected", None, Some(IpcError::from(e)))
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

/// Imports match files (`carambole-match/1`): each is checked and replayed before it is
/// stored; duplicates are skipped; a refused file is reported with its reason and leaves
/// no trace.
#[tauri::command]
pub fn import_match_files(
    state: State<'_, AppState>,
    paths: Vec<PathBuf>,
) -> Result<ImportReport, IpcError> {
    import_files(&state, &paths)
}

fn lang(language: &str) -> Lang {
    Lang::from_code(language).unwrap_or(Lang::En)
}

/// Asks for match files (open dialog, several at once) and imports them. `None` if the
/// dialog was cancelled.
#[tauri::command]
pub async fn pick_and_import_match_files<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    language: String,
) -> Result<Option<ImportReport>, IpcError> {
    let lang = lang(&language);
    let picker = file_dialog::Picker {
        title: carom_i18n::t(lang, "history-import-title"),
        label: carom_i18n::t(lang, "history-match-files"),
        extensions: &["json"],
    };
    let Some(paths) = file_dialog::open_paths(&app, &picker, true) else {
        return Ok(None);
    };
    import_files(&state, &paths).map(Some)
}

fn export_to(state: &AppState, match_id: i64, path: &Path) -> Result<String, IpcError> {
    state.with_store(|store| Ok(store.export_match_to(match_id, path)?))?;
    Ok(path.display().to_string())
}

/// Writes match `match_id` to the match file `path` (replaced whole or not at all).
#[tauri::command]
pub fn export_match_file(
    state: State<'_, AppState>,
    match_id: i64,
    path: PathBuf,
) -> Result<String, IpcError> {
    export_to(&state, match_id, &path)
}

/// Asks where to save match `match_id` (save dialog) and writes its match file there.
/// Answers the path, or `None` if the dialog was cancelled.
#[tauri::command]
pub async fn pick_and_export_match_file<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    match_id: i64,
    language: String,
) -> Result<Option<String>, IpcError> {
    let lang = lang(&language);
    // Refuse an unknown match before asking for a file.
    state.with_store(|store| Ok(store.match_row(match_id)?))?;
    let picker = file_dialog::Picker {
        title: carom_i18n::t(lang, "history-export-title"),
        label: carom_i18n::t(lang, "history-match-files"),
        extensions: &["json"],
    };
    let name = format!("carambole-match-{match_id}.json");
    let Some(path) = file_dialog::save_path(&app, &picker, &name) else {
        return Ok(None);
    };
    export_to(&state, match_id, &path).map(Some)
}

/// A backup written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BackupDone {
    /// Where.
    pub path: String,
    /// Matches removed from the trash for good (they are in the backup).
    pub trash_emptied: u32,
}

fn backup_to(state: &AppState, path: &Path) -> Result<BackupDone, IpcError> {
    state.with_store(|store| {
        let trashed = store.trash_count()?;
        store.backup_to(path)?;
        Ok(BackupDone {
            path: path.display().to_string(),
            trash_emptied: trashed,
        })
    })
}

/// Copies the whole database to `path` (SQLite online backup; the file is replaced whole
/// or not at all), then empties the trash.
#[tauri::command]
pub fn backup_database(state: State<'_, AppState>, path: PathBuf) -> Result<BackupDone, IpcError> {
    backup_to(&state, &path)
}

/// Asks where to write a backup (save dialog) and writes it. `None` if cancelled.
#[tauri::command]
pub async fn pick_and_backup_database<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    language: String,
) -> Result<Option<BackupDone>, IpcError> {
    let lang = lang(&language);
    let picker = file_dialog::Picker {
        title: carom_i18n::t(lang, "data-backup-title"),
        label: carom_i18n::t(lang, "data-backup-files"),
        extensions: &["sqlite"],
    };
    let name = format!("carambole-backup-{}.sqlite", Utc::now().format("%Y-%m-%d"));
    let Some(path) = file_dialog::save_path(&app, &picker, &name) else {
        return Ok(None);
    };
    backup_to(&state, &path).map(Some)
}

/// What a backup file holds, as the restore confirmation shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BackupSummary {
    /// The file.
    pub path: String,
    /// Its name.
    pub file: String,
    /// Matches in it (its trash included).
    pub matches: i64,
    /// Last written (RFC 3339, UTC), when the file system says.
    pub modified: Option<String>,
    /// Its size in bytes.
    pub bytes: u64,
}

fn summary(path: &Path) -> Result<BackupSummary, IpcError> {
    let info = Store::inspect_backup(path)?;
    let meta = std::fs::metadata(path).ok();
    Ok(BackupSummary {
        path: path.display().to_string(),
        file: file_name(path),
        matches: info.matches,
        modified: meta
            .as_ref()
            .and_then(|m| m.modified().ok())
            .map(|t| DateTime::<Utc>::from(t).to_rfc3339()),
        bytes: meta.map_or(0, |m| m.len()),
    })
}

/// Checks the backup file `path` (read-only) and says what it holds.
#[tauri::command]
pub fn inspect_backup_file(path: PathBuf) -> Result<BackupSummary, IpcError> {
    summary(&path)
}

/// Asks for a backup file (open dialog) and checks it. `None` if cancelled.
#[tauri::command]
pub async fn pick_backup_file<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    language: String,
) -> Result<Option<BackupSummary>, IpcError> {
    let lang = lang(&language);
    let picker = file_dialog::Picker {
        title: carom_i18n::t(lang, "data-restore-title"),
        label: carom_i18n::t(lang, "data-backup-files"),
        extensions: &["sqlite", "db"],
    };
    let Some(path) =
        file_dialog::open_paths(&app, &picker, false).and_then(|p| p.into_iter().next())
    else {
        return Ok(None);
    };
    summary(&path).map(Some)
}

/// The automatic backups (one per start, the last [`carom_store::BACKUPS_KEPT`] kept),
/// newest first. A damaged one is listed with `matches: -1`.
#[tauri::command]
pub fn list_backups(state: State<'_, AppState>) -> Result<Vec<BackupSummary>, IpcError> {
    Ok(Store::automatic_backups(&backups_dir(state.db()))
        .iter()
        .map(|p| {
            summary(p).unwrap_or_else(|_| BackupSummary {
                path: p.display().to_string(),
                file: file_name(p),
                matches: -1,
                modified: None,
                bytes: std::fs::metadata(p).map_or(0, |m| m.len()),
            })
        })
        .collect())
}

/// A restore done.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RestoreDone {
    /// Where the replaced data was kept.
    pub kept: Option<String>,
}

/// Replaces the whole database by the backup file `path`, after checking it; the current
/// data is first copied to `backups/safety/`. The backup file is only read. On failure
/// the current data is unchanged.
#[tauri::command]
pub fn restore_database(
    state: State<'_, AppState>,
    path: PathBuf,
) -> Result<RestoreDone, IpcError> {
    let kept = state.restore_from_file(&path)?;
    Ok(RestoreDone {
        kept: kept.map(|p| p.display().to_string()),
    })
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use serde_json::{json, Value};

    use crate::test_support::{app, invoke, Window};

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures")
            .join(name)
    }

    /// Finished matches of the fixtures, in a stable order.
    const FINISHED: [&str; 4] = [
        "fmt-1-handicap-libre.json",
        "end-4-forfeit.json",
        "fmt-2-sets-best-of-3-three-cushion.json",
        "end-1-equalizing-inning-draw.json",
    ];

    fn import(w: &Window, names: &[&str]) -> Value {
        let paths: Vec<PathBuf> = names.iter().map(|n| fixture(n)).collect();
        invoke(w, "import_match_files", json!({ "paths": paths })).unwrap()
    }

    fn new_match(w: &Window, a: &str) -> i64 {
        let form = json!({"request": {"discipline": "libre",
            "players": [{"name": a, "target": 30}, {"name": "Zanetti", "target": 30}]}});
        invoke(w, "create_match", form).unwrap()["id"]
            .as_i64()
            .unwrap()
    }

    fn search(w: &Window, request: Value) -> Result<Value, Value> {
        invoke(w, "history", json!({ "request": request }))
    }

    fn ids(page: &Value) -> Vec<i64> {
        page["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].as_i64().unwrap())
            .collect()
    }

    #[test]
    fn the_history_searches_by_player_discipline_status_and_dates_and_pages_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let report = import(&w, &FINISHED);
        assert_eq!(report["imported"], 4, "{report}");
        let open = new_match(&w, "Caudron");

        let all = search(&w, json!({})).unwrap();
        let all_ids = ids(&all);
        assert_eq!(all_ids.len(), 5);
        assert_eq!(all_ids[0], open, "newest first");
        assert!(!all["has_more"].as_bool().unwrap());
        // Each line has its score; a finished one has its winner unless a draw.
        let first_import = &all["entries"][4];
        assert_eq!(first_import["status"], "finished");
        assert!(first_import["points"].is_array(), "{first_import}");
        let sets = all["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["sets"].is_array())
            .expect("the best-of-3 match lists its sets");
        assert_eq!(sets["discipline"], "three-cushion");

        let unfinished = search(&w, json!({"status": "unfinished"})).unwrap();
        assert_eq!(ids(&unfinished), vec![open]);
        let finished = search(&w, json!({"status": "finished"})).unwrap();
        assert_eq!(ids(&finished), all_ids[1..].to_vec());
        let caudron = search(&w, json!({"player": "  caud "})).unwrap();
        assert_eq!(ids(&caudron), vec![open]);
        let libre = search(&w, json!({"discipline": "libre"})).unwrap();
        assert!(libre["entries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["discipline"] == "libre"));
        assert!(ids(&libre).contains(&open));

        let today = chrono::Utc::now().date_naive();
        let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        let dated = search(&w, json!({"from": day(today), "until": day(today)})).unwrap();
        assert_eq!(ids(&dated).len(), 5);
        let tomorrow = today.succ_opt().unwrap();
        let later = search(&w, json!({"from": day(tomorrow)})).unwrap();
        assert!(ids(&later).is_empty());

        // Pages of two: 2 + 2 + 1, newest first, no overlap.
        let mut paged = Vec::new();
        for page in 0..3 {
            let p = search(&w, json!({"page": page, "pageSize": 2})).unwrap();
            assert_eq!(p["has_more"], page < 2, "page {page}");
            paged.extend(ids(&p));
        }
        assert_eq!(paged, all_ids);
    }

    #[test]
    fn bad_search_input_names_the_field() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        for (request, code, field) in [
            (
                json!({"from": "31/12/2025"}),
                "history-error-date",
                "history-from",
            ),
            (
                json!({"until": "2025-02-30"}),
                "history-error-date",
                "history-until",
            ),
            (
                json!({"from": "2025-03-02", "until": "2025-03-01"}),
                "history-error-date-order",
                "history-until",
            ),
            (
                json!({"discipline": "snooker"}),
                "error-unknown-discipline",
                "history-discipline",
            ),
            (
                json!({"status": "paused"}),
                "history-error-status",
                "history-status",
            ),
        ] {
            let err = search(&w, request.clone()).unwrap_err();
            assert_eq!(
                (err["code"].as_str(), err["field"].as_str()),
                (Some(code), Some(field)),
                "{request}"
            );
        }
    }

    #[test]
    fn a_trashed_match_leaves_the_history_for_the_trash_and_comes_back_on_restore() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let a = new_match(&w, "Kept");
        let b = new_match(&w, "Deleted");
        invoke(&w, "trash_match", json!({"matchId": b})).unwrap();
        let live = search(&w, json!({})).unwrap();
        assert_eq!(ids(&live), vec![a]);
        assert_eq!(live["in_trash"], 1);
        let trash = search(&w, json!({"trash": true})).unwrap();
        assert_eq!(ids(&trash), vec![b]);
        assert!(trash["entries"][0]["deleted_at"].is_string());
        assert_eq!(
            invoke(&w, "trash_match", json!({"matchId": b})).unwrap_err()["code"],
            "error-match-in-trash"
        );
        invoke(&w, "restore_from_trash", json!({"matchId": b})).unwrap();
        assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![b, a]);
        assert_eq!(
            invoke(&w, "restore_from_trash", json!({"matchId": b})).unwrap_err()["code"],
            "error-match-not-in-trash"
        );
        assert_eq!(
            invoke(&w, "trash_match", json!({"matchId": 999})).unwrap_err()["code"],
            "error-match-not-found"
        );
    }

    #[test]
    fn an_import_reports_each_file_imported_duplicate_or_rejected_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let not_json = dir.path().join("notes.json");
        std::fs::write(&not_json, "this is not a match").unwrap();
        let missing = dir.path().join("gone.json");
        let report = import(
            &w,
            &[
                FINISHED[0],
                "invalid/carom-before-break.json",
                FINISHED[1],
                FINISHED[0],
                not_json.to_str().unwrap(),
                missing.to_str().unwrap(),
            ],
        );
        assert_eq!(
            (
                &report["imported"],
                &report["duplicates"],
                &report["rejected"]
            ),
            (&json!(2), &json!(1), &json!(3)),
            "{report}"
        );
        let files = report["files"].as_array().unwrap();
        let outcomes: Vec<&str> = files
            .iter()
            .map(|f| f["outcome"].as_str().unwrap())
            .collect();
        assert_eq!(
            outcomes,
            [
                "imported",
                "rejected",
                "imported",
                "duplicate",
                "rejected",
                "rejected"
            ]
        );
        assert_eq!(files[0]["file"], FINISHED[0]);
        assert_eq!(files[3]["id"], files[0]["id"], "the stored copy is named");
        assert_eq!(files[3]["error"]["code"], "error-import-duplicate");
        assert_eq!(files[5]["error"]["code"], "error-file-system");
        for f in [&files[1], &files[4]] {
            let code = f["error"]["code"].as_str().unwrap();
            assert!(code.starts_with("error-"), "{f}");
            assert!(
                !carom_i18n::t(carom_i18n::Lang::Fr, code).starts_with("error-"),
                "{code} has a French message"
            );
        }
        assert_eq!(ids(&search(&w, json!({})).unwrap()).len(), 2);
    }

    #[test]
    fn an_exported_match_file_imports_elsewhere_as_the_same_match() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let report = import(&w, &[FINISHED[2]]);
        let id = report["files"][0]["id"].as_i64().unwrap();
        let out = dir.path().join("out.json");
        let written = invoke(&w, "export_match_file", json!({"matchId": id, "path": out})).unwrap();
        assert_eq!(written, json!(out.display().to_string()));
        let exported: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(exported["format"], "carambole-match/1");

        // The same file back here is a duplicate; in another database, the same match.
        let again = invoke(&w, "import_match_files", json!({"paths": [out]})).unwrap();
        assert_eq!(again["duplicates"], 1);
        let other = app(&dir.path().join("other.sqlite"));
        let there = invoke(&other, "import_match_files", json!({"paths": [out]})).unwrap();
        assert_eq!(there["imported"], 1);
        let mine = invoke(&w, "get_sheet", json!({"matchId": id})).unwrap();
        let theirs = invoke(
            &other,
            "get_sheet",
            json!({"matchId": there["files"][0]["id"]}),
        )
        .unwrap();
        assert_eq!(mine["sets"], theirs["sets"]);
        assert_eq!(mine["players"], theirs["players"]);

        let err = invoke(
            &w,
            "export_match_file",
            json!({"matchId": 999, "path": out}),
        )
        .unwrap_err();
        assert_eq!(err["code"], "error-match-not-found");
        let nowhere = dir.path().join("no/such/folder/m.json");
        let err = invoke(
            &w,
            "export_match_file",
            json!({"matchId": id, "path": nowhere}),
        )
        .unwrap_err();
        assert_eq!(err["code"], "error-file-system");
    }

    #[test]
    fn a_backup_restores_the_data_it_holds_and_empties_the_trash() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite");
        let w = app(&db);
        let before = new_match(&w, "Before");
        let trashed = new_match(&w, "Trashed");
        invoke(&w, "trash_match", json!({"matchId": trashed})).unwrap();
        let file = dir.path().join("picked/backup.sqlite");
        let done = invoke(&w, "backup_database", json!({"path": file})).unwrap();
        assert_eq!(done["trash_emptied"], 1);
        // The trash is gone from the database, still in the backup.
        assert_eq!(
            invoke(&w, "restore_from_trash", json!({"matchId": trashed})).unwrap_err()["code"],
            "error-match-not-found"
        );
        let summary = invoke(&w, "inspect_backup_file", json!({"path": file})).unwrap();
        assert_eq!(summary["matches"], 2);
        assert_eq!(summary["file"], "backup.sqlite");

        let after = new_match(&w, "After");
        assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![after, before]);
        let backup_bytes = std::fs::read(&file).unwrap();
        let restored = invoke(&w, "restore_database", json!({"path": file})).unwrap();
        let kept = restored["kept"]
            .as_str()
            .expect("a copy of the replaced data");
        assert!(Path::new(kept).is_file());
        assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![before]);
        assert_eq!(
            ids(&search(&w, json!({"trash": true})).unwrap()),
            vec![trashed],
            "the backup's trash comes back with it"
        );
        assert_eq!(std::fs::read(&file).unwrap(), backup_bytes, "only read");

        // Automatic backups: the one made at start is listed.
        let list = invoke(&w, "list_backups", json!({})).unwrap();
        let list = list.as_array().unwrap();
        assert_eq!(list.len(), 1);
        assert!(list[0]["file"].as_str().unwrap().starts_with("carambole-"));
        assert_eq!(list[0]["matches"], 0);
        invoke(&w, "restore_database", json!({"path": list[0]["path"]})).unwrap();
        assert!(ids(&search(&w, json!({})).unwrap()).is_empty());
    }

    #[test]
    fn a_bad_backup_is_refused_and_changes_neither_the_data_nor_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite");
        let w = app(&db);
        let kept = new_match(&w, "Kept");
        let garbage = dir.path().join("garbage.sqlite");
        std::fs::write(&garbage, b"not a database, only some bytes of text").unwrap();
        for path in [&garbage, &dir.path().join("missing.sqlite"), &db] {
            let err = invoke(&w, "restore_database", json!({"path": path})).unwrap_err();
            assert!(
                [
                    "error-database-corrupt",
                    "error-file-system",
                    "data-error-restore-itself"
                ]
                .contains(&err["code"].as_str().unwrap()),
                "{err}"
            );
            assert!(
                invoke(&w, "inspect_backup_file", json!({"path": path})).is_err() || path == &db
            );
        }
        assert_eq!(
            invoke(&w, "restore_database", json!({"path": db})).unwrap_err()["code"],
            "data-error-restore-itself"
        );
        assert_eq!(
            std::fs::read(&garbage).unwrap(),
            b"not a database, only some bytes of text"
        );
        assert_eq!(ids(&search(&w, json!({})).unwrap()), vec![kept]);
        let err = invoke(&w, "backup_database", json!({"path": db})).unwrap_err();
        assert_eq!(err["code"], "error-backup-onto-itself");
    }
}
