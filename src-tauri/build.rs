fn main() {
    // Declaring the app's commands generates one `allow-<command>` permission each, so
    // the capability file can grant exactly the commands the UI uses and nothing more.
    let commands = &[
        "get_settings",
        "set_language",
        "create_match",
        "list_matches",
        "get_sheet",
        "save_reclamation",
        "sign_sheet",
        "export_sheet_pdf",
    ];
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("tauri build script");
}
