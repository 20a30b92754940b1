//! The process `cargo xtask soak` kills: plays matches through carom-app on the database
//! given as the first argument (seed as the second) until it is killed.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(db) = args.next().map(PathBuf::from) else {
        eprintln!("usage: soak-player DB SEED");
        return ExitCode::from(2);
    };
    let seed = args
        .next()
        .and_then(|s| s.to_str().and_then(|s| s.parse().ok()))
        .unwrap_or(1);
    let mut out = std::io::stdout().lock();
    match carom_soak::kill::play_forever(&db, seed, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("soak-player: {e}");
            ExitCode::FAILURE
        }
    }
}
