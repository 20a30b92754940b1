//! `cargo xtask soak [--short]`: builds the soak tool in release and runs it — at least
//! 1,000,000 random event sequences through carom-app, mirrored by the rules core (every
//! 100th on a durable SQLite file, the others in memory), and 500 SIGKILLs
//! of a process playing matches through carom-app's command path — then prints its table
//! of counts. Fails on a panic, a broken invariant, a lost event or a failed
//! integrity check. `--short` runs the small counts of the normal test run's soak test.

use std::process::ExitCode;

use crate::sh::{self, Result};

/// Runs the soak; `args` may be `--short`.
pub fn soak(args: &[String]) -> Result<ExitCode> {
    let short = match args {
        [] => false,
        [a] if a == "--short" => true,
        _ => return Err("usage: cargo xtask soak [--short]".into()),
    };
    let mut cmd = sh::cargo();
    cmd.args([
        "run",
        "--release",
        "-p",
        "carom-soak",
        "--bin",
        "soak",
        "--",
    ]);
    if short {
        cmd.args([
            "--sequences",
            "2000",
            "--durable-every",
            "20",
            "--kills",
            "5",
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
