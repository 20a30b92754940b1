fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The app has one command, `call`, which runs any command of carom-api's catalogue;
    // declaring it generates its `allow-call` permission, which the capability file
    // grants. Which catalogue commands the web view may run through it is said by the
    // catalogue itself (`CommandInfo::granted`), checked by `call`.
    // A failure is returned: cargo prints it and stops the build.
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(&["call"])),
    )?;
    Ok(())
}
