//! The command catalogue: every command the UI can send, its request type, its answer,
//! whether the web view may call it and what it does besides answering ([`Effects`],
//! [`News`]), in one list ([`for_each_command!`](crate::for_each_command)). The trait
//! impls, [`COMMANDS`], the application's dispatch and the shells' checks are all
//! generated from or tested against that one list, so they cannot drift apart.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[allow(clippy::wildcard_imports)]
use crate::*;

/// A request the UI sends: its command name and the type of its answer.
pub trait Command: Serialize + DeserializeOwned {
    /// The command's name on the wire (snake_case).
    const NAME: &'static str;
    /// What the command answers.
    type Output: Serialize + DeserializeOwned;
    /// What the command does besides answering, which each shell carries out.
    const EFFECTS: Effects;

    /// What the other windows and tabs are told once the command answered `out` (only
    /// commands whose [`Effects::broadcast`] is set tell anything).
    fn news(&self, out: &Self::Output) -> Option<News> {
        let _ = out;
        None
    }
}

/// What a command does besides answering: declared once here, carried out by each shell
/// (the desktop shell, the web app's page and worker) from here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effects {
    /// Once it answered, every other window or tab is told ([`Command::news`]): the
    /// desktop shell emits the news to its windows, the web worker posts it to the other
    /// tabs.
    pub broadcast: bool,
    /// An accepted call is felt: a phone vibrates briefly (the web app; the desktop has
    /// nothing to vibrate).
    pub vibrate: bool,
    /// It prints or checks a sheet: the web worker loads the sheet engine (a module of
    /// its own, several megabytes) first.
    pub sheet_engine: bool,
    /// It opens files through the platform's file dialog: in the web app the page shows
    /// a file input with these first and stages the files chosen in the worker.
    pub files: Option<FileInput>,
}

impl Effects {
    /// Nothing besides the answer.
    pub const NONE: Effects = Effects {
        broadcast: false,
        vibrate: false,
        sheet_engine: false,
        files: None,
    };

    /// These effects, and the other windows are told.
    pub const fn broadcast(self) -> Effects {
        Effects {
            broadcast: true,
            ..self
        }
    }

    /// These effects, and an accepted call vibrates.
    pub const fn vibrate(self) -> Effects {
        Effects {
            vibrate: true,
            ..self
        }
    }

    /// These effects, and the sheet engine is loaded first.
    pub const fn sheet_engine(self) -> Effects {
        Effects {
            sheet_engine: true,
            ..self
        }
    }

    /// These effects, and files with `extensions` (one, or `many`) are chosen first.
    pub const fn files(self, extensions: &'static [&'static str], many: bool) -> Effects {
        Effects {
            files: Some(FileInput { extensions, many }),
            ..self
        }
    }
}

/// What a command tells the other windows and tabs, with its payload: on the desktop the
/// Tauri event [`News::event`] with the payload, in the web app this value itself,
/// `{"event": name, "payload": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", content = "payload")]
pub enum News {
    /// A match took an event ([`MATCH_UPDATED`]): a scoreboard showing it follows.
    #[serde(rename = "match-updated")]
    MatchUpdated(Updated),
    /// The settings changed ([`SETTINGS_UPDATED`]): each window reads them again.
    #[serde(rename = "settings-updated")]
    SettingsUpdated,
}

impl News {
    /// The event's name ([`MATCH_UPDATED`], [`SETTINGS_UPDATED`]).
    pub fn event(&self) -> &'static str {
        match self {
            News::MatchUpdated(_) => MATCH_UPDATED,
            News::SettingsUpdated => SETTINGS_UPDATED,
        }
    }
}

/// `play` tells which match took an event and how many it has now.
fn match_updated(req: &Play, out: &Applied) -> News {
    News::MatchUpdated(Updated {
        id: req.id,
        events: out.events,
    })
}

/// A change of settings tells every window to read them again.
fn settings_updated<C, O>(_: &C, _: &O) -> News {
    News::SettingsUpdated
}

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    /// The command's name.
    pub name: &'static str,
    /// Whether the web view may call it. Commands that take a path the user did not pick
    /// through the app's own dialog are not granted (the UI goes through the pickers).
    pub granted: bool,
    /// What it does besides answering.
    pub effects: Effects,
}

/// Calls macro `$m` with the whole catalogue: one `method: Request => Output, granted
/// [, effects] [=> tells news];` entry per command, where `method` is the command's name
/// (and the application's method that runs it), `granted` says whether the web view may
/// call it, `effects` what it does besides answering ([`Effects::NONE`] when left out)
/// and `news` the function that words what the other windows are told (which makes it
/// [`Effects::broadcast`]).
#[macro_export]
macro_rules! for_each_command {
    ($m:ident) => {
        $m! {
            get_settings: GetSettings => Settings, true;
            set_language: SetLanguage => Settings, true => tells settings_updated;
            list_matches: ListMatches => Vec<MatchRow>, true;
            restore_backup: RestoreBackup => (), true;
            start_match: StartMatch => Started, true;
            open_match: OpenMatch => OpenedMatch, true;
            play: Play => Applied, true, Effects::NONE.vibrate() => tells match_updated;
            unfinished_matches: UnfinishedMatches => Vec<ResumeItem>, true;
            open_scoreboard: OpenScoreboard => (), true;
            player_names: PlayerNames => Vec<String>, true;
            get_preferences: GetPreferences => Preferences, true;
            set_preferences: SetPreferences => Preferences, true => tells settings_updated;
            list_players: ListPlayers => Vec<RosterPlayer>, true;
            add_player: AddPlayer => RosterPlayer, true;
            update_player: UpdatePlayer => RosterPlayer, true;
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
            export_sheet_pdf: ExportSheetPdf => Option<String>, true, Effects::NONE.sheet_engine();
            pick_and_check_sheet: PickAndCheckSheet => Option<SheetCheck>, true,
                Effects::NONE.sheet_engine().files(&["pdf"], false);
            history: History => HistoryScreenPage, true;
            trash_match: TrashMatch => (), true;
            restore_from_trash: RestoreFromTrash => (), true;
            import_match_files: ImportMatchFiles => ImportReport, false;
            pick_and_import_match_files: PickAndImportMatchFiles => Option<ImportReport>, true,
                Effects::NONE.files(&["json"], true);
            export_match_file: ExportMatchFile => String, false;
            pick_and_export_match_file: PickAndExportMatchFile => Option<String>, true;
            backup_database: BackupDatabase => BackupDone, false;
            pick_and_backup_database: PickAndBackupDatabase => Option<BackupDone>, true;
            inspect_backup_file: InspectBackupFile => BackupSummary, false;
            pick_backup_file: PickBackupFile => Option<BackupSummary>, true,
                Effects::NONE.files(&["sqlite", "db"], false);
            list_backups: ListBackups => Vec<BackupSummary>, true;
            restore_database: RestoreDatabase => RestoreDone, false;
            restore_offered_backup: RestoreOfferedBackup => RestoreDone, true;
            speak: Speak => (), true;
            suggest_target: SuggestTarget => Option<TargetSuggestion>, true;
            // Not the web view's until the UI shows the conflicts (the shell's test: the
            // UI calls exactly the granted commands).
            roster_conflicts: RosterConflicts => Vec<RosterConflict>, false;
            resolve_roster_conflict: ResolveRosterConflict => RosterPlayer, false;
        }
    };
}

/// A catalogue entry's effects: those given ([`Effects::NONE`] if none), told to the
/// other windows if the entry words news.
macro_rules! effects {
    (() ()) => {
        Effects::NONE
    };
    (($effects:expr) ()) => {
        $effects
    };
    (() ($news:ident)) => {
        Effects::NONE.broadcast()
    };
    (($effects:expr) ($news:ident)) => {
        $effects.broadcast()
    };
}

macro_rules! define_catalogue {
    ($($name:ident: $req:ident => $out:ty, $granted:literal $(, $effects:expr)?
        $(=> tells $news:ident)?;)*) => {
        $(
            impl Command for $req {
                const NAME: &'static str = stringify!($name);
                type Output = $out;
                const EFFECTS: Effects = effects!(($($effects)?) ($($news)?));

                $(fn news(&self, out: &$out) -> Option<News> {
                    Some($news(self, out))
                })?
            }
        )*

        /// Every command, in catalogue order.
        pub const COMMANDS: &[CommandInfo] = &[$(CommandInfo {
            name: stringify!($name),
            granted: $granted,
            effects: <$req as Command>::EFFECTS,
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

#[cfg(test)]
mod effects_tests {
    use super::*;

    fn effects(name: &str) -> Effects {
        command_info(name).map_or(Effects::NONE, |c| c.effects)
    }

    #[test]
    fn a_sheet_check_opens_one_pdf_and_an_import_many_match_files() {
        assert_eq!(
            PickAndCheckSheet::EFFECTS.files,
            Some(FileInput {
                extensions: &["pdf"],
                many: false
            })
        );
        assert_eq!(
            effects("pick_and_import_match_files").files.map(|f| f.many),
            Some(true)
        );
        assert_eq!(effects("export_sheet_pdf").files, None);
        assert_eq!(
            command_info("pick_and_check_sheet").map(|c| c.granted),
            Some(true)
        );
    }

    #[test]
    fn only_printing_or_checking_a_sheet_loads_the_sheet_engine() {
        let loading: Vec<&str> = COMMANDS
            .iter()
            .filter(|c| c.effects.sheet_engine)
            .map(|c| c.name)
            .collect();
        assert_eq!(loading, ["export_sheet_pdf", "pick_and_check_sheet"]);
    }

    #[test]
    fn a_play_vibrates_and_tells_its_match_a_change_of_settings_tells_the_settings() {
        const { assert!(Play::EFFECTS.vibrate && Play::EFFECTS.broadcast) };
        let telling: Vec<&str> = COMMANDS
            .iter()
            .filter(|c| c.effects.broadcast)
            .map(|c| c.name)
            .collect();
        assert_eq!(telling, ["set_language", "play", "set_preferences"]);
        let play = Play {
            id: 4,
            expected_seq: 2,
            player: None,
            event: carom_core::Event::carom(),
        };
        let news = play.news(&Applied { events: 3 }).unwrap();
        assert_eq!(news.event(), MATCH_UPDATED);
        assert_eq!(
            serde_json::to_value(&news).unwrap(),
            serde_json::json!({"event": "match-updated", "payload": {"id": 4, "events": 3}})
        );
        let settings = Some(settings_updated(&(), &()));
        assert_eq!(settings.as_ref().map(News::event), Some(SETTINGS_UPDATED));
        assert_eq!(
            serde_json::to_value(&settings).unwrap(),
            serde_json::json!({"event": "settings-updated"})
        );
        assert_eq!(ListMatches {}.news(&Vec::new()), None);
    }
}
