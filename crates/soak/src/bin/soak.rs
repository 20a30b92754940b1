//! `soak --app PATH [--sequences N] [--durable-every N] [--kills N] [--seed S]`: runs both
//! soak halves and prints the counts; the kill half kills the app binary at `PATH`
//! (`carambole`). Exits 1 on a panic, a broken invariant, a lost event or a failed
//! integrity check. `cargo xtask soak` builds the app and runs this in release.

use std::path::PathBuf;
use std::process::ExitCode;

use carom_soak::report::{run, Plan};

const USAGE: &str =
    "usage: soak --app PATH [--sequences N] [--durable-every N] [--kills N] [--seed S]";

fn main() -> ExitCode {
    let mut plan = Plan {
        seed: 0x5eed_ca20,
        sequences: 1_000_000,
        durable_every: 100,
        kills: 500,
    };
    let mut app = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let (Some(name), Some(value)) = (pair.first(), pair.get(1)) else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        let slot = match name.as_str() {
            "--app" => {
                app = Some(PathBuf::from(value));
                continue;
            }
            "--sequences" => &mut plan.sequences,
            "--durable-every" => &mut plan.durable_every,
            "--kills" => &mut plan.kills,
            "--seed" => &mut plan.seed,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        };
        match parse(value) {
            Some(v) => *slot = v,
            None => {
                eprintln!("soak: {name} {value}: a number is needed");
                return ExitCode::from(2);
            }
        }
    }
    let Some(app) = app else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("soak: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "soak: seed {:#x}, {} sequences through carom-app (every {} on a durable file), {} kills of {}",
        plan.seed,
        plan.sequences,
        plan.durable_every,
        plan.kills,
        app.display()
    );
    match run(plan, &app, dir.path()) {
        Ok(report) => {
            print!("{}", report.table());
            if report.passed() {
                ExitCode::SUCCESS
            } else {
                eprintln!("soak: FAILED");
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("soak: {e}");
            ExitCode::FAILURE
        }
    }
}

fn parse(v: &str) -> Option<u64> {
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.replace('_', "").parse().ok(),
    }
}
