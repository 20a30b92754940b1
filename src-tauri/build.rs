fn main() {
    // Declaring the app's commands generates one `allow-<command>` permission each, so
    // the capability file can grant exactly the commands the UI uses and nothing more.
    // The names come from carom-api's catalogue, the one list of commands.
    // The manifest wants a 'static list; a build script may leak it.
    let commands: &'static [&'static str] =
        Vec::leak(carom_api::COMMANDS.iter().map(|c| c.name).collect());
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("tauri build script");
}
