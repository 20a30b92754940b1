//! The Tauri commands: each is one call into [`carom_app::App`]. The UI sends a command's
//! carom-api request as the arguments object, so each command's parameters are the
//! fields of its request, snake_case on the wire like every carom-api type. Every answer
//! comes after the store committed.

use carom_api as api;
use carom_api::Error;
use carom_app::App;
use carom_core::{Event, MatchSetup, Player};
use tauri::{AppHandle, Emitter, Runtime, State};

type Answer<T> = Result<T, Error>;

#[tauri::command(rename_all = "snake_case")]
pub fn get_settings(app: State<'_, App>) -> Answer<api::Settings> {
    app.get_settings(api::GetSettings {})
}

/// Stores the language, then tells every window (each reads the settings again).
#[tauri::command(rename_all = "snake_case")]
pub fn set_language<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, App>,
    language: String,
) -> Answer<api::Settings> {
    let settings = app.set_language(api::SetLanguage { language })?;
    let _ = handle.emit(api::SETTINGS_UPDATED, ());
    Ok(settings)
}

#[tauri::command(rename_all = "snake_case")]
pub fn create_match(app: State<'_, App>, request: api::CreateMatchForm) -> Answer<api::MatchRow> {
    app.create_match(api::CreateMatch { request })
}

#[tauri::command(rename_all = "snake_case")]
pub fn list_matches(app: State<'_, App>) -> Answer<Vec<api::MatchRow>> {
    app.list_matches(api::ListMatches {})
}

#[tauri::command(rename_all = "snake_case")]
pub fn restore_backup(app: State<'_, App>) -> Answer<()> {
    app.restore_backup(api::RestoreBackup {})
}

#[tauri::command(rename_all = "snake_case")]
pub fn start_match(app: State<'_, App>, setup: MatchSetup) -> Answer<api::Started> {
    app.start_match(api::StartMatch { setup })
}

#[tauri::command(rename_all = "snake_case")]
pub fn open_match(app: State<'_, App>, id: i64) -> Answer<api::OpenedMatch> {
    app.open_match(api::OpenMatch { id })
}

/// Applies the action, then tells every window (a scoreboard follows); a window that
/// cannot be told reads the match when it next opens it.
#[tauri::command(rename_all = "snake_case")]
pub fn play<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, App>,
    id: i64,
    expected_seq: u64,
    player: Option<Player>,
    event: Event,
) -> Answer<api::Applied> {
    let applied = app.play(api::Play {
        id,
        expected_seq,
        player,
        event,
    })?;
    let _ = handle.emit(
        api::MATCH_UPDATED,
        api::Updated {
            id,
            events: applied.events,
        },
    );
    Ok(applied)
}

#[tauri::command(rename_all = "snake_case")]
pub fn unfinished_matches(app: State<'_, App>) -> Answer<Vec<api::ResumeItem>> {
    app.unfinished_matches(api::UnfinishedMatches {})
}

#[tauri::command(async, rename_all = "snake_case")]
pub async fn open_scoreboard(app: State<'_, App>, id: i64) -> Answer<()> {
    app.open_scoreboard(api::OpenScoreboard { id })
}

#[tauri::command(rename_all = "snake_case")]
pub fn player_names(app: State<'_, App>) -> Answer<Vec<String>> {
    app.player_names(api::PlayerNames {})
}

#[tauri::command(rename_all = "snake_case")]
pub fn get_preferences(app: State<'_, App>) -> Answer<api::Preferences> {
    app.get_preferences(api::GetPreferences {})
}

/// Stores the preferences, then tells every window (each reads the settings again).
#[tauri::command(rename_all = "snake_case")]
pub fn set_preferences<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, App>,
    preferences: api::Preferences,
) -> Answer<api::Preferences> {
    let saved = app.set_preferences(api::SetPreferences { preferences })?;
    let _ = handle.emit(api::SETTINGS_UPDATED, ());
    Ok(saved)
}

#[tauri::command(rename_all = "snake_case")]
pub fn list_players(app: State<'_, App>, search: Option<String>) -> Answer<Vec<api::Player>> {
    app.list_players(api::ListPlayers { search })
}

#[tauri::command(rename_all = "snake_case")]
pub fn add_player(app: State<'_, App>, info: api::PlayerInfo) -> Answer<api::Player> {
    app.add_player(api::AddPlayer { info })
}

#[tauri::command(rename_all = "snake_case")]
pub fn update_player(app: State<'_, App>, id: i64, info: api::PlayerInfo) -> Answer<api::Player> {
    app.update_player(api::UpdatePlayer { id, info })
}

#[tauri::command(rename_all = "snake_case")]
pub fn merge_players(app: State<'_, App>, kept: i64, merged: i64) -> Answer<api::Merged> {
    app.merge_players(api::MergePlayers { kept, merged })
}

#[tauri::command(rename_all = "snake_case")]
pub fn player_matches(app: State<'_, App>, id: i64, page: u32) -> Answer<api::HistoryPage> {
    app.player_matches(api::PlayerMatches { id, page })
}

#[tauri::command(rename_all = "snake_case")]
pub fn player_stats(
    app: State<'_, App>,
    id: i64,
    request: api::StatsFilter,
) -> Answer<api::PlayerStats> {
    app.player_stats(api::GetPlayerStats { id, request })
}

#[tauri::command(rename_all = "snake_case")]
pub fn club_ranking(app: State<'_, App>, request: api::RankingFilter) -> Answer<api::Ranking> {
    app.club_ranking(api::ClubRanking { request })
}

#[tauri::command(rename_all = "snake_case")]
pub fn get_handicap_rule(app: State<'_, App>) -> Answer<api::HandicapRule> {
    app.get_handicap_rule(api::GetHandicapRule {})
}

#[tauri::command(rename_all = "snake_case")]
pub fn set_handicap_rule(
    app: State<'_, App>,
    factor: i64,
    minimum: i64,
) -> Answer<api::HandicapRule> {
    app.set_handicap_rule(api::SetHandicapRule { factor, minimum })
}

#[tauri::command(rename_all = "snake_case")]
pub fn export_player_stats_csv(
    app: State<'_, App>,
    id: i64,
    request: api::StatsFilter,
    language: String,
) -> Answer<api::Exported> {
    app.export_player_stats_csv(api::ExportPlayerStatsCsv {
        id,
        request,
        language,
    })
}

#[tauri::command(rename_all = "snake_case")]
pub fn export_ranking_csv(
    app: State<'_, App>,
    request: api::RankingFilter,
    language: String,
) -> Answer<api::Exported> {
    app.export_ranking_csv(api::ExportRankingCsv { request, language })
}

#[tauri::command(rename_all = "snake_case")]
pub fn get_sheet(app: State<'_, App>, match_id: i64) -> Answer<api::SheetScreen> {
    app.get_sheet(api::GetSheet { match_id })
}

#[tauri::command(rename_all = "snake_case")]
pub fn save_reclamation(
    app: State<'_, App>,
    match_id: i64,
    player: i64,
    text: String,
) -> Answer<api::SheetScreen> {
    app.save_reclamation(api::SaveReclamation {
        match_id,
        player,
        text,
    })
}

#[tauri::command(rename_all = "snake_case")]
pub fn sign_sheet(
    app: State<'_, App>,
    match_id: i64,
    role: String,
    name: String,
    strokes: api::PadStrokes,
) -> Answer<api::SheetScreen> {
    app.sign_sheet(api::SignSheet {
        match_id,
        role,
        name,
        strokes,
    })
}

#[tauri::command(rename_all = "snake_case")]
pub async fn export_sheet_pdf(
    app: State<'_, App>,
    match_id: i64,
    language: String,
) -> Answer<Option<String>> {
    app.export_sheet_pdf(api::ExportSheetPdf { match_id, language })
}

#[tauri::command(rename_all = "snake_case")]
pub async fn pick_and_check_sheet(
    app: State<'_, App>,
    language: String,
) -> Answer<Option<api::SheetCheck>> {
    app.pick_and_check_sheet(api::PickAndCheckSheet { language })
}

#[tauri::command(rename_all = "snake_case")]
pub fn history(app: State<'_, App>, request: api::HistorySearch) -> Answer<api::HistoryScreenPage> {
    app.history(api::History { request })
}

#[tauri::command(rename_all = "snake_case")]
pub fn trash_match(app: State<'_, App>, match_id: i64, confirm_signed: Option<bool>) -> Answer<()> {
    app.trash_match(api::TrashMatch {
        match_id,
        confirm_signed: confirm_signed.unwrap_or_default(),
    })
}

#[tauri::command(rename_all = "snake_case")]
pub fn restore_from_trash(app: State<'_, App>, match_id: i64) -> Answer<()> {
    app.restore_from_trash(api::RestoreFromTrash { match_id })
}

#[tauri::command(rename_all = "snake_case")]
pub fn import_match_files(app: State<'_, App>, paths: Vec<String>) -> Answer<api::ImportReport> {
    app.import_match_files(api::ImportMatchFiles { paths })
}

#[tauri::command(rename_all = "snake_case")]
pub async fn pick_and_import_match_files(
    app: State<'_, App>,
    language: String,
) -> Answer<Option<api::ImportReport>> {
    app.pick_and_import_match_files(api::PickAndImportMatchFiles { language })
}

#[tauri::command(rename_all = "snake_case")]
pub fn export_match_file(app: State<'_, App>, match_id: i64, path: String) -> Answer<String> {
    app.export_match_file(api::ExportMatchFile { match_id, path })
}

#[tauri::command(rename_all = "snake_case")]
pub async fn pick_and_export_match_file(
    app: State<'_, App>,
    match_id: i64,
    language: String,
) -> Answer<Option<String>> {
    app.pick_and_export_match_file(api::PickAndExportMatchFile { match_id, language })
}

#[tauri::command(rename_all = "snake_case")]
pub fn backup_database(app: State<'_, App>, path: String) -> Answer<api::BackupDone> {
    app.backup_database(api::BackupDatabase { path })
}

#[tauri::command(rename_all = "snake_case")]
pub async fn pick_and_backup_database(
    app: State<'_, App>,
    language: String,
) -> Answer<Option<api::BackupDone>> {
    app.pick_and_backup_database(api::PickAndBackupDatabase { language })
}

#[tauri::command(rename_all = "snake_case")]
pub fn inspect_backup_file(app: State<'_, App>, path: String) -> Answer<api::BackupSummary> {
    app.inspect_backup_file(api::InspectBackupFile { path })
}

#[tauri::command(rename_all = "snake_case")]
pub async fn pick_backup_file(
    app: State<'_, App>,
    language: String,
) -> Answer<Option<api::BackupSummary>> {
    app.pick_backup_file(api::PickBackupFile { language })
}

#[tauri::command(rename_all = "snake_case")]
pub fn list_backups(app: State<'_, App>) -> Answer<Vec<api::BackupSummary>> {
    app.list_backups(api::ListBackups {})
}

#[tauri::command(rename_all = "snake_case")]
pub fn restore_database(app: State<'_, App>, path: String) -> Answer<api::RestoreDone> {
    app.restore_database(api::RestoreDatabase { path })
}

#[tauri::command(rename_all = "snake_case")]
pub fn restore_offered_backup(app: State<'_, App>, path: String) -> Answer<api::RestoreDone> {
    app.restore_offered_backup(api::RestoreOfferedBackup { path })
}

#[tauri::command(rename_all = "snake_case")]
pub fn speak(app: State<'_, App>, text: String, lang: String) -> Answer<()> {
    app.speak(api::Speak { text, lang })
}

#[tauri::command(rename_all = "snake_case")]
pub fn suggest_target(
    app: State<'_, App>,
    player: String,
    discipline: String,
) -> Answer<Option<api::TargetSuggestion>> {
    app.suggest_target(api::SuggestTarget { player, discipline })
}
