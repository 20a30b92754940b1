//! Small helpers to run commands and find the workspace.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Errors are strings for a dev tool: they are printed and the command exits.
pub type Result<T> = std::result::Result<T, String>;

/// The workspace root: the nearest folder above the current one whose `Cargo.toml` has a
/// `[workspace]` table. Found at run time, not from `CARGO_MANIFEST_DIR`, because a warm
/// shared target dir may hold an xtask binary built from another clone (CI reuses it).
pub fn root() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    cwd.ancestors()
        .find(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml"))
                .is_ok_and(|toml| toml.lines().any(|l| l.trim() == "[workspace]"))
        })
        .map_or_else(|| cwd.clone(), Path::to_path_buf)
}

/// Where set-up keeps tools it installs outside system paths.
pub fn tools_dir() -> PathBuf {
    std::env::var_os("CARAMBOLE_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| home().join(".cache/carambole/tools"))
}

/// The user's home folder.
pub fn home() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/root"))
}

/// Cargo's target folder (honours `CARGO_TARGET_DIR`).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

/// The packages the native builds and tests select: the workspace but the UI (a wasm
/// crate whose native unit tests run alone). The native `cargo test`s of `cargo xtask
/// test` (unit, app binary, end-to-end) all select these, with the same features, so they
/// share one build: cargo resolves the features of shared dependencies over the packages
/// a command selects, and `-p` of one package rebuilt most of the tree.
pub const NATIVE_PACKAGES: [&str; 3] = ["--workspace", "--exclude", "carambole-ui"];

/// `cargo` from the toolchain that runs xtask, in the workspace root.
pub fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.current_dir(root());
    c
}

/// Runs `cmd` with inherited output; `Ok(true)` when it exits 0.
pub fn status(cmd: &mut Command) -> Result<bool> {
    eprintln!("$ {}", describe(cmd));
    cmd.status()
        .map(|s| s.success())
        .map_err(|e| format!("{}: {e}", describe(cmd)))
}

/// Runs `cmd`, failing unless it exits 0.
pub fn run(cmd: &mut Command) -> Result<()> {
    if status(cmd)? {
        Ok(())
    } else {
        Err(format!("failed: {}", describe(cmd)))
    }
}

/// Runs `cmd` quietly and returns its stdout if it exits 0.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs `cmd`, echoing its stdout line by line to ours and handing each line to `seen`.
pub fn stream(cmd: &mut Command, mut seen: impl FnMut(&str)) -> Result<bool> {
    eprintln!("$ {}", describe(cmd));
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", describe(cmd)))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| format!("{}: no standard output", describe(cmd)))?;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| e.to_string())?;
        println!("{line}");
        seen(&line);
    }
    Ok(child.wait().map_err(|e| e.to_string())?.success())
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}
