//! `cargo xtask package [--debug]`: the desktop app as a Debian package, and the check
//! that `cargo xtask test` runs on it (install, then run the installed binary headless).
//!
//! The Tauri CLI bundles the `.deb`; the desktop entry is written here from the
//! `locales/{en,fr,es}` messages (a Handlebars template Tauri fills in), so the app's name
//! and description in the menus come from the same files as every other string.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::setup::{self, Extras, Tools};
use crate::sh::{self, Result};
use crate::ui;

/// Which build goes into the package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// `tauri build`: the release binary, what users get.
    Release,
    /// `tauri bundle --debug`: the debug binary [`build_debug_binary`] makes, the one the
    /// end-to-end tests run (CI's, which would otherwise spend many minutes on a release
    /// build of Tauri and Typst).
    Debug,
}

/// The locale languages the desktop entry carries; the first is the untranslated key.
const LANGS: [&str; 3] = ["en", "fr", "es"];

/// Desktop entry keys and the message ids (in `locales/*/app.ftl`) they are written from.
const ENTRY_KEYS: [(&str, &str); 3] = [
    ("Name", "app-title"),
    ("GenericName", "app-tagline"),
    ("Comment", "app-desktop-comment"),
];

/// The match file the installed binary replays, and lines its report must contain.
const REPLAY_FIXTURE: &str = "tests/fixtures/end-2-plays-for-1-full-distance.json";
const REPLAY_EXPECTED: [&str; 2] = ["\"status\": \"finished\"", "\"winner\": 1"];

/// `cargo xtask package [--debug | --check]`: prints the `.deb`'s path; `--check` runs
/// [`check_installed`], the step of `cargo xtask test`, alone.
pub fn package(args: &[String]) -> Result<ExitCode> {
    let (profile, check) = match args {
        [] => (Profile::Release, false),
        [flag] if flag == "--debug" => (Profile::Debug, false),
        [flag] if flag == "--check" => (Profile::Debug, true),
        _ => return Err("usage: cargo xtask package [--debug | --check]".into()),
    };
    let tools = setup::setup(Extras::default())?;
    if profile == Profile::Release || !sh::root().join("src-ui/dist/index.html").is_file() {
        ui::build(&tools)?;
    }
    if check {
        check_installed(&tools)?;
    } else {
        println!("{}", deb(&tools, profile)?.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The debug app binary, `target/debug/carambole`, as the workspace's tests build it
/// (src-tauri's CLI tests need it), so that it is the binary the tests already built: a
/// `cargo build -p carambole` resolves other features (no dev-dependencies, fewer
/// packages) and builds Tauri, Typst and fifty other packages a second time, minutes of
/// a cold run. Cargo puts the binary back in `target/debug` on every run, fresh or not.
///
/// # Errors
/// A failed build.
pub fn build_debug_binary() -> Result<()> {
    sh::run(
        sh::cargo()
            .arg("test")
            .args(sh::NATIVE_PACKAGES)
            .arg("--no-run"),
    )
}

/// Builds the `.deb` and returns its path. For [`Profile::Debug`] the debug binary is
/// built first if it is stale (a no-op after the workspace's tests).
///
/// # Errors
/// A failed build, a missing message in `locales`, or no `.deb` where Tauri writes it.
pub fn deb(tools: &Tools, profile: Profile) -> Result<PathBuf> {
    let root = sh::root();
    let template = sh::target_dir().join("carambole-package/carambole.desktop.hbs");
    write_file(&template, &desktop_template(&root)?)?;
    let config = format!(
        r#"{{"bundle":{{"linux":{{"deb":{{"desktopTemplate":{}}}}}}}}}"#,
        json_string(&template.to_string_lossy())
    );
    let mut tauri = Command::new(&tools.tauri_cli);
    tauri.current_dir(root.join("src-tauri"));
    match profile {
        Profile::Release => {
            tauri.args(["build", "--bundles", "deb", "--ci", "--config", &config]);
        }
        Profile::Debug => {
            build_debug_binary()?;
            // No binary patching: the debug binary is the one the end-to-end tests run,
            // shared with other builds; the package gets a copy either way.
            tauri.args([
                "bundle",
                "--debug",
                "--bundles",
                "deb",
                "--ci",
                "--no-binary-patching",
                "--config",
                &config,
            ]);
        }
    }
    let started = std::time::SystemTime::now();
    sh::run(&mut tauri)?;
    let dir = sh::target_dir()
        .join(match profile {
            Profile::Release => "release",
            Profile::Debug => "debug",
        })
        .join("bundle/deb");
    newest_deb(&dir, started)
}

/// The `.deb` in `dir` written at or after `since` (the one Tauri just wrote).
fn newest_deb(dir: &Path, since: std::time::SystemTime) -> Result<PathBuf> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "deb"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .filter(|(modified, _)| *modified >= since)
        .max()
        .map(|(_, path)| path)
        .ok_or_else(|| format!("no new .deb in {}", dir.display()))
}

/// The check `cargo xtask test` runs: package the debug build, install it with apt (so
/// its dependencies resolve), then run the installed `carambole --version` and a headless
/// `replay`, and validate the installed desktop entry.
///
/// # Errors
/// The first thing that did not work, in words.
pub fn check_installed(tools: &Tools) -> Result<()> {
    let deb = deb(tools, Profile::Debug)?;
    // `--reinstall`: the same version may be installed from an earlier run, and apt would
    // then keep the old files.
    sh::run(
        setup::as_root("apt-get")
            .args([
                "install",
                "-y",
                "-qq",
                "--reinstall",
                "--no-install-recommends",
            ])
            .arg(&deb)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )?;
    let installed = "/usr/bin/carambole";

    let version = headless_output(Command::new(installed).arg("--version"))?;
    let want = format!("carambole {}", env!("CARGO_PKG_VERSION"));
    if version.trim() != want {
        return Err(format!(
            "`{installed} --version` printed {version:?}, not {want:?}"
        ));
    }

    let fixture = sh::root().join(REPLAY_FIXTURE);
    let report = headless_output(Command::new(installed).arg("replay").arg(&fixture))?;
    if let Some(missing) = REPLAY_EXPECTED.iter().find(|l| !report.contains(**l)) {
        return Err(format!(
            "`{installed} replay {REPLAY_FIXTURE}` lacks {missing}:\n{report}"
        ));
    }

    let files = headless_output(Command::new("dpkg").args(["-L", "carambole"]))?;
    let entry = files
        .lines()
        .find(|l| l.starts_with("/usr/share/applications/") && l.ends_with(".desktop"))
        .ok_or("the package installs no desktop entry")?;
    for size in ["32x32", "64x64", "128x128", "256x256", "512x512"] {
        let icon = format!("/usr/share/icons/hicolor/{size}/apps/carambole.png");
        if !files.lines().any(|l| l == icon) {
            return Err(format!("the package installs no {icon}"));
        }
    }
    let text = std::fs::read_to_string(entry).map_err(|e| format!("{entry}: {e}"))?;
    for key in ["Name[fr]=", "Name[es]=", "Comment[fr]=", "Comment[es]="] {
        if !text.lines().any(|l| l.starts_with(key)) {
            return Err(format!("{entry} has no {key}:\n{text}"));
        }
    }
    // desktop-file-validate exits 0 on warnings and hints but prints them: both fail here.
    let out = Command::new("desktop-file-validate")
        .arg(entry)
        .output()
        .map_err(|e| format!("desktop-file-validate: {e}"))?;
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() || !said.trim().is_empty() {
        return Err(format!("desktop-file-validate {entry}: {said}"));
    }
    eprintln!("xtask: {} installed and runs", deb.display());
    Ok(())
}

/// Runs `cmd` with no display (the headless commands must not need one) and returns its
/// stdout, or an error with its stderr unless it exits 0.
fn headless_output(cmd: &mut Command) -> Result<String> {
    cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    let shown = format!("{cmd:?}");
    eprintln!("$ {shown}");
    let out = cmd.output().map_err(|e| format!("{shown}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{shown} exited with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The desktop entry template: the translated keys written out, `{{exec}}`, `{{icon}}` and
/// `{{categories}}` left for Tauri.
fn desktop_template(root: &Path) -> Result<String> {
    let mut sources = Vec::new();
    for lang in LANGS {
        let path = root.join("locales").join(lang).join("app.ftl");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        sources.push((lang, text));
    }
    let mut entry = String::from("[Desktop Entry]\nType=Application\n");
    for (key, id) in ENTRY_KEYS {
        for (i, (lang, text)) in sources.iter().enumerate() {
            let value = ftl_message(text, id)
                .ok_or_else(|| format!("locales/{lang}/app.ftl: no plain message {id}"))?;
            if i == 0 {
                entry.push_str(&format!("{key}={value}\n"));
            } else {
                entry.push_str(&format!("{key}[{lang}]={value}\n"));
            }
        }
    }
    entry.push_str(
        "Exec={{exec}}\nIcon={{icon}}\nTerminal=false\nCategories={{categories}}\nStartupWMClass={{exec}}\n",
    );
    Ok(entry)
}

/// The value of a one-line Fluent message with no placeables (`id = text`), the only kind
/// a desktop entry can hold.
fn ftl_message<'a>(ftl: &'a str, id: &str) -> Option<&'a str> {
    let mut lines = ftl.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(value) = line
            .strip_prefix(id)
            .and_then(|rest| rest.trim_start().strip_prefix('='))
        else {
            continue;
        };
        let value = value.trim();
        let continued = lines.peek().is_some_and(|next| next.starts_with(' '));
        let plain = !value.is_empty() && !continued && !value.contains(['{', '}', '\\']);
        return plain.then_some(value);
    }
    None
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_message_is_read_and_a_longer_id_or_a_placeable_is_not() {
        let ftl = "app-title-long = No\napp-title = Carambole\nx = { $n } points\n";
        assert_eq!(ftl_message(ftl, "app-title"), Some("Carambole"));
        assert_eq!(ftl_message(ftl, "x"), None);
        assert_eq!(ftl_message(ftl, "missing"), None);
        assert_eq!(ftl_message("multi =\n    line\n", "multi"), None);
    }

    #[test]
    fn the_desktop_entry_names_the_app_in_the_three_languages_from_the_locales() {
        let entry = desktop_template(&sh::root()).unwrap_or_else(|e| panic!("{e}"));
        for key in [
            "Name=",
            "Name[fr]=",
            "Name[es]=",
            "GenericName[fr]=Marqueur",
        ] {
            assert!(entry.lines().any(|l| l.starts_with(key)), "{key}:\n{entry}");
        }
        assert!(entry.contains("Comment[es]=Anote partidas"), "{entry}");
        assert!(entry.contains("Exec={{exec}}\n"), "{entry}");
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string(r#"a"b\c"#), r#""a\"b\\c""#);
    }
}
