//! `soak [--sequences N] [--durable-every N] [--kills N] [--seed S]`: runs both soak halves and
//! prints the counts; exits 1 on a panic, a broken invariant, a lost event or a failed
//! integrity check. `cargo xtask soak` runs it in release.

use std::process::ExitCode;

use carom_soak::report::{run, Plan};

fn main() -> ExitCode {
    let mut plan = Plan {
        seed: 0x5eed_ca20,
        sequences: 1_000_000,
        durable_every: 100,
        kills: 500,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| parse(v));
        let slot = match pair.first().map(String::as_str) {
            Some("--sequences") => &mut plan.sequences,
            Some("--durable-every") => &mut plan.durable_every,
            Some("--kills") => &mut plan.kills,
            Some("--seed") => &mut plan.seed,
            _ => {
                eprintln!("usage: soak [--sequences N] [--durable-every N] [--kills N] [--seed S]");
                return ExitCode::from(2);
            }
        };
        match value {
            Some(v) => *slot = v,
            None => {
                eprintln!("soak: {pair:?}: a number is needed");
                return ExitCode::from(2);
            }
        }
    }
    // The player is the binary built beside this one.
    let player = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("soak-player")))
        .unwrap_or_default();
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("soak: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "soak: seed {:#x}, {} sequences through carom-app (every {} on a durable file), {} kills",
        plan.seed, plan.sequences, plan.durable_every, plan.kills
    );
    match run(plan, &player, dir.path()) {
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
