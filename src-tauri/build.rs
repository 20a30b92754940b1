fn main() {
    // Declaring the app's commands generates one `allow-<command>` permission each, so
    // the capability file can grant exactly the commands the UI uses and nothing more.
    let commands = &[
        "get_settings",
        "set_language",
        "create_match",
        "list_matches",
        "restore_backup",
        "start_match",
        "open_match",
        "play",
        "unfinished_matches",
        "open_scoreboard",
        "player_names",
        "get_preferences",
        "set_preferences",
        // Players, statistics, ranking (stats_commands.rs).
        "list_players",
        "add_player",
        "update_player",
        "merge_players",
        "player_matches",
        "player_stats",
        "club_ranking",
        "get_handicap_rule",
        "set_handicap_rule",
        "export_player_stats_csv",
        "export_ranking_csv",
        "get_sheet",
        "save_reclamation",
        "sign_sheet",
        "export_sheet_pdf",
        // History, trash, match files, backups (data_commands.rs). The ones taking a
        // path to write or import are declared (so denied) but not granted: the UI goes
        // through the pickers.
        "history",
        "trash_match",
        "restore_from_trash",
        "import_match_files",
        "pick_and_import_match_files",
        "export_match_file",
        "pick_and_export_match_file",
        "backup_database",
        "pick_and_backup_database",
        "inspect_backup_file",
        "pick_backup_file",
        "list_backups",
        "restore_database",
        // Spoken announcements (speech.rs) and the handicap suggestion (stats_commands.rs).
        "speak",
        "suggest_target",
    ];
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("tauri build script");
}
