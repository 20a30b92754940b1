//! The stored data: the history and its search, the trash, match files
//! (`carambole-match/1`) in and out, backups of the whole database.
//!
//! Commands that take a path the user did not pick through the app's own dialog are in
//! the catalogue but not granted to the web view (see [`crate::COMMANDS`]).

use carom_core::{ByPlayer, Discipline, Lang, Player};
use serde::{Deserialize, Serialize};

use crate::{Error, MatchPlayer, MatchStatus};

/// A history search as the UI sends it. The discipline and the status are typed (picked
/// from a list); the name and the dates stay text as typed, so that a bad date comes back
/// as a localized code naming the field.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HistorySearch {
    /// Part of a player's name, as typed (free text).
    pub player: String,
    /// One discipline, or `None` for all (read from `null`, `""` or `"all"` too, as the
    /// UI's "all" option has always sent it).
    #[serde(deserialize_with = "all_or_discipline")]
    pub discipline: Option<Discipline>,
    /// `YYYY-MM-DD` or empty, as typed in the date field (checked by the application,
    /// which names the field when it is no date).
    pub from: String,
    /// `YYYY-MM-DD` or empty, as typed.
    pub until: String,
    /// Which matches by where they stand.
    pub status: StatusFilter,
    /// The trash instead of the live matches.
    pub trash: bool,
    /// 0-based page.
    pub page: u32,
    /// Matches per page (0: the default).
    pub page_size: u32,
}

/// Reads a history search's discipline: `null`, `""` or `"all"` for all, else a
/// discipline id.
fn all_or_discipline<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Discipline>, D::Error> {
    match Option::<String>::deserialize(d)?.as_deref() {
        None | Some("" | "all") => Ok(None),
        Some(id) => Discipline::from_id(id).map(Some).ok_or_else(|| {
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(id), &"a discipline id")
        }),
    }
}

/// Which matches a history search keeps, by where they stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StatusFilter {
    /// Every match (also read from `""`, as the UI's "all" option has always sent it).
    #[default]
    #[serde(alias = "")]
    All,
    /// Only the unfinished ones.
    Unfinished,
    /// Only the finished ones.
    Finished,
}

impl StatusFilter {
    /// Every filter, in the order the history's list offers them.
    pub const ALL: [StatusFilter; 3] = [
        StatusFilter::All,
        StatusFilter::Unfinished,
        StatusFilter::Finished,
    ];

    /// The id on the wire (`all`, `unfinished`, `finished`); also the suffix of its
    /// Fluent message (`history-status-<id>`).
    pub const fn id(self) -> &'static str {
        match self {
            StatusFilter::All => "all",
            StatusFilter::Unfinished => "unfinished",
            StatusFilter::Finished => "finished",
        }
    }
}

/// `history`: one page of the history (or of the trash), newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// The search.
    pub request: HistorySearch,
}

/// One line of the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The match.
    pub id: i64,
    /// Its discipline.
    pub discipline: Discipline,
    /// Both players with their distances.
    pub players: ByPlayer<MatchPlayer>,
    /// Where it stands.
    pub status: MatchStatus,
    /// Created (RFC 3339, UTC).
    pub created_at: String,
    /// Finished.
    pub finished_at: Option<String>,
    /// Put in the trash.
    pub deleted_at: Option<String>,
    /// Signed.
    pub locked: bool,
    /// Points of the whole match, per player (`None` if its log does not replay).
    pub points: Option<ByPlayer<u32>>,
    /// Sets won, when sets are played.
    pub sets: Option<ByPlayer<u16>>,
    /// The winner (0 or 1) of a finished match that is not a draw.
    pub winner: Option<Player>,
}

/// One page of the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// `trash_match`: puts a match in the trash (restorable until the next backup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrashMatch {
    /// The match.
    pub match_id: i64,
    /// The user confirmed a second time that a signed match (an official record) goes
    /// to the trash; without it a signed match is refused.
    #[serde(default)]
    pub confirm_signed: bool,
}

/// `restore_from_trash`: takes a match back out of the trash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreFromTrash {
    /// The match.
    pub match_id: i64,
}

/// What became of one imported file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImportOutcome {
    /// Stored as a new match.
    Imported,
    /// Already stored: skipped.
    Duplicate,
    /// Refused (unreadable, malformed, not replayable…).
    Rejected,
}

/// One imported file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedFile {
    /// The file's name (without its folder).
    pub file: String,
    /// What became of it.
    pub outcome: ImportOutcome,
    /// The new match (imported) or the stored copy (duplicate).
    pub id: Option<i64>,
    /// Why it was not imported.
    pub error: Option<Error>,
}

/// The result of an import of one or many files.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportReport {
    /// Matches stored.
    pub imported: u32,
    /// Files skipped because their match is already stored.
    pub duplicates: u32,
    /// Files refused.
    pub rejected: u32,
    /// Each file, in the order given.
    pub files: Vec<ImportedFile>,
}

/// `import_match_files`: imports match files at the given paths (not granted to the web
/// view: the UI goes through the picker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportMatchFiles {
    /// The files.
    pub paths: Vec<String>,
}

/// `pick_and_import_match_files`: asks for match files and imports them; `None` when
/// the dialog was cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickAndImportMatchFiles {
    /// The dialog's language.
    pub language: Lang,
}

/// `export_match_file`: writes a match file to a path (not granted to the web view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportMatchFile {
    /// The match.
    pub match_id: i64,
    /// Where.
    pub path: String,
}

/// `pick_and_export_match_file`: asks where to save a match file and writes it there;
/// answers the path, or `None` when cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickAndExportMatchFile {
    /// The match.
    pub match_id: i64,
    /// The dialog's language.
    pub language: Lang,
}

/// A backup written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupDone {
    /// Where.
    pub path: String,
    /// Matches removed from the trash for good (they are in the backup).
    pub trash_emptied: u32,
}

/// `backup_database`: copies the whole database to a path (not granted to the web view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupDatabase {
    /// Where.
    pub path: String,
}

/// `pick_and_backup_database`: asks where to write a backup and writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickAndBackupDatabase {
    /// The dialog's language.
    pub language: Lang,
}

/// What a backup file holds, as the restore confirmation shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupSummary {
    /// The file.
    pub path: String,
    /// Its name.
    pub file: String,
    /// Matches in it (its trash included); `-1` for a damaged automatic backup.
    pub matches: i64,
    /// Last written (RFC 3339, UTC), when the file system says.
    pub modified: Option<String>,
    /// Its size in bytes.
    pub bytes: u64,
}

/// `inspect_backup_file`: checks a backup file (read-only) and says what it holds (not
/// granted to the web view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InspectBackupFile {
    /// The file.
    pub path: String,
}

/// `pick_backup_file`: asks for a backup file and checks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickBackupFile {
    /// The dialog's language.
    pub language: Lang,
}

/// `list_backups`: the automatic backups, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListBackups {}

/// `restore_database`: replaces the whole database by the backup file at any path (not
/// granted to the web view, which restores through `restore_offered_backup`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreDatabase {
    /// The backup file.
    pub path: String,
}

/// `restore_offered_backup`: replaces the whole database by a backup the app itself
/// offered: the file last chosen in the native picker (`pick_backup_file`) or one of the
/// automatic backups (`list_backups`). Any other path is refused, so the web view cannot
/// make the app read a file the user did not choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreOfferedBackup {
    /// The backup file, as `pick_backup_file` or `list_backups` answered it.
    pub path: String,
}

/// A restore done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreDone {
    /// Where the replaced data was kept.
    pub kept: Option<String>,
}
