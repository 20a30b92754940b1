//! `cargo xtask soak [--short]`: builds the app binary and the soak tool (in release) and
//! runs it — at least 1,000,000 random event sequences through carom-app, mirrored by the
//! rules core (every 100th on a durable SQLite file, the others in memory), and 500
//! SIGKILLs of the real app process, `carambole --db FILE serve`, while scripted matches
//! are played through its command path — then prints its table of counts. Fails on a
//! panic, a broken invariant, a lost event or a failed integrity check. `--short` runs
//! the small counts of the normal test run's soak test (`src-tauri/tests/soak.rs`).

use std::process::ExitCode;

use crate::setup::{self, Extras};
use crate::sh::{self, Result};
use crate::ui;

/// Runs the soak; `args` may be `--short`.
pub fn soak(args: &[String]) -> Result<ExitCode> {
    let short = match args {
        [] => false,
        [a] if a == "--short" => true,
        _ => return Err("usage: cargo xtask soak [--short]".into()),
    };
    // The app embeds src-ui/dist at compile time; the soak never shows it, so the UI last
    // built will do, and it is built only when there is none.
    if !sh::root().join("src-ui/dist/index.html").exists() {
        let tools = setup::setup(Extras::default())?;
        ui::build(&tools)?;
    }
    // The debug build, the binary the end-to-end tests drive too.
    crate::package::build_debug_binary()?;
    let app = sh::target_dir().join("debug/carambole");
    let mut cmd = sh::cargo();
    cmd.args([
        "run",
        "--release",
        "-p",
        "carom-soak",
        "--bin",
        "soak",
        "--",
        "--app",
    ])
    .arg(&app);
    if short {
        cmd.args([
            "--sequences",
            "2000",
            "--durable-every",
            "20",
            "--kills",
            "12",
        ]);
    }
    let started = std::time::Instant::now();
    let ok = sh::status(&mut cmd)?;
    eprintln!(
        "xtask soak: {} in {:.0} s",
        if ok { "passed" } else { "FAILED" },
        started.elapsed().as_secs_f64()
    );
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
