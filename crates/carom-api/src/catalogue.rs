//! The command catalogue: every command the UI can send, its request type and its
//! answer, in one list ([`for_each_command!`](crate::for_each_command)). The trait
//! impls, [`COMMANDS`], the application's dispatch and the shells' checks are all
//! generated from or tested against that one list, so they cannot drift apart.

use serde::de::DeserializeOwned;
use serde::Serialize;

#[allow(clippy::wildcard_imports)]
use crate::*;

/// A request the UI sends: its command name and the type of its answer.
pub trait Command: Serialize + DeserializeOwned {
    /// The command's name on the wire (snake_case).
    const NAME: &'static str;
    /// What the command answers.
    type Output: Serialize + DeserializeOwned;
}

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    /// The command's name.
    pub name: &'static str,
    /// Whether the web view may call it. Commands that take a path the user did not pick
    /// through the app's own dialog are not granted (the UI goes through the pickers),
    /// nor is `create_match`, the simple form the UI no longer uses (tests and scripts
    /// do).
    pub granted: bool,
}

/// Calls macro `$m` with the whole catalogue: one `method: Request => Output, granted;`
/// entry per command, where `method` is the command's name (and the application's method
/// that runs it) and `granted` says whether the web view may call it.
#[macro_export]
macro_rules! for_each_command {
    ($m:ident) => {
        $m! {
            get_settings: GetSettings => Settings, true;
            set_language: SetLanguage => Settings, true;
            create_match: CreateMatch => MatchRow, false;
            list_matches: ListMatches => Vec<MatchRow>, true;
            restore_backup: RestoreBackup => (), true;
            start_match: StartMatch => Started, true;
            open_match: OpenMatch => OpenedMatch, true;
            play: Play => Applied, true;
            unfinished_matches: UnfinishedMatches => Vec<ResumeItem>, true;
            open_scoreboard: OpenScoreboard => (), true;
            player_names: PlayerNames => Vec<String>, true;
            get_preferences: GetPreferences => Preferences, true;
            set_preferences: SetPreferences => Preferences, true;
            list_players: ListPlayers => Vec<Player>, true;
            add_player: AddPlayer => Player, true;
            update_player: UpdatePlayer => Player, true;
            merge_players: MergePlayers => Merged, true;
            player_matches: PlayerMatches => HistoryPage, true;
            player_stats: GetPlayerStats => PlayerStats, true;
            club_ranking: ClubRanking => Ranking, true;
            get_handicap_rule: GetHandicapRule => HandicapRule, true;
            set_handicap_rule: SetHandicapRule => HandicapRule, true;
            export_player_stats_csv: ExportPlayerStatsCsv => Exported, true;
            export_ranking_csv: ExportRankingCsv => Exported, true;
            get_sheet: GetSheet => SheetScreen, true;
            save_reclamation: SaveReclamation => SheetScreen, true;
            sign_sheet: SignSheet => SheetScreen, true;
            export_sheet_pdf: ExportSheetPdf => Option<String>, true;
            pick_and_check_sheet: PickAndCheckSheet => Option<SheetCheck>, true;
            history: History => HistoryScreenPage, true;
            trash_match: TrashMatch => (), true;
            restore_from_trash: RestoreFromTrash => (), true;
            import_match_files: ImportMatchFiles => ImportReport, false;
            pick_and_import_match_files: PickAndImportMatchFiles => Option<ImportReport>, true;
            export_match_file: ExportMatchFile => String, false;
            pick_and_export_match_file: PickAndExportMatchFile => Option<String>, true;
            backup_database: BackupDatabase => BackupDone, false;
            pick_and_backup_database: PickAndBackupDatabase => Option<BackupDone>, true;
            inspect_backup_file: InspectBackupFile => BackupSummary, false;
            pick_backup_file: PickBackupFile => Option<BackupSummary>, true;
            list_backups: ListBackups => Vec<BackupSummary>, true;
            restore_database: RestoreDatabase => RestoreDone, false;
            restore_offered_backup: RestoreOfferedBackup => RestoreDone, true;
            speak: Speak => (), true;
            suggest_target: SuggestTarget => Option<TargetSuggestion>, true;
        }
    };
}

macro_rules! define_catalogue {
    ($($name:ident: $req:ident => $out:ty, $granted:literal;)*) => {
        $(
            impl Command for $req {
                const NAME: &'static str = stringify!($name);
                type Output = $out;
            }
        )*

        /// Every command, in catalogue order.
        pub const COMMANDS: &[CommandInfo] = &[$(CommandInfo {
            name: stringify!($name),
            granted: $granted,
        }),*];
    };
}

for_each_command!(define_catalogue);

/// The catalogue entry of command `name`.
pub fn command_info(name: &str) -> Option<CommandInfo> {
    COMMANDS.iter().copied().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_listed_once_with_its_request_type() {
        let mut names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), COMMANDS.len());
        assert_eq!(<Play as Command>::NAME, "play");
        assert_eq!(
            command_info("import_match_files").map(|c| c.granted),
            Some(false)
        );
        assert_eq!(
            command_info("restore_database").map(|c| c.granted),
            Some(false),
            "a path-taking command is reached through a picker"
        );
        assert_eq!(
            command_info("restore_offered_backup").map(|c| c.granted),
            Some(true)
        );
        assert!(command_info("launch_missiles").is_none());
    }
}

/// The files a command opens through the platform's file dialog: in the web app the
/// page shows a file input with these before sending the command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileInput {
    /// The extensions offered (without the dot).
    pub extensions: &'static [&'static str],
    /// Whether several files may be chosen.
    pub many: bool,
}

/// The files command `name` opens, if it opens any.
pub fn file_input(name: &str) -> Option<FileInput> {
    if name == <crate::PickAndImportMatchFiles as Command>::NAME {
        Some(FileInput {
            extensions: &["json"],
            many: true,
        })
    } else if name == <crate::PickAndCheckSheet as Command>::NAME {
        Some(FileInput {
            extensions: &["pdf"],
            many: false,
        })
    } else if name == <crate::PickBackupFile as Command>::NAME {
        Some(FileInput {
            extensions: &["sqlite", "db"],
            many: false,
        })
    } else {
        None
    }
}

#[cfg(test)]
mod file_input_tests {
    use super::*;

    #[test]
    fn a_sheet_check_opens_one_pdf_and_an_import_many_match_files() {
        assert_eq!(
            file_input(<crate::PickAndCheckSheet as Command>::NAME),
            Some(FileInput {
                extensions: &["pdf"],
                many: false
            })
        );
        assert_eq!(
            file_input("pick_and_import_match_files").map(|f| f.many),
            Some(true)
        );
        assert_eq!(file_input("export_sheet_pdf"), None);
        assert_eq!(
            command_info("pick_and_check_sheet").map(|c| c.granted),
            Some(true)
        );
    }
}
