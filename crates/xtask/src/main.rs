//! `cargo xtask <command>`: Carambole's developer commands.
//!
//! - `setup`: install what is missing (Debian packages, nats-server among them, wasm32
//!   target, exact wasm-bindgen-cli, wasm-opt from npm binaryen, tauri-driver). Idempotent.
//! - `run [-- APP ARGS]`: set up, build the UI, open the app.
//! - `run --web [--port N]`: set up, build the web app (PWA), serve it on localhost.
//! - `build-web`: build the web app into a static folder any HTTPS host can serve.
//! - `test`: set up, then fmt, clippy, every test, the wasm builds and the end-to-end
//!   tests in the real window; ends with `N passed, N failed`.
//! - `e2e [FILTER…]`: set up, build the web app and the debug app, then run only the
//!   end-to-end tests whose names contain a FILTER (all of them without one).
//! - `bench`: set up, run every benchmark, print a table with ratios to baselines.
//! - `package [--debug | --check]`: the desktop app as a `.deb` (release by default);
//!   prints its path. `--check` installs the debug one and runs it, as `test` does.
//! - `soak [--short]`: random event sequences through the app and SIGKILLs of the app
//!   binary (`carambole serve`) playing matches; prints the counts.

mod bench;
mod package;
mod setup;
mod sh;
mod soak;
mod test;
mod ui;
mod web;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r),
        None => ("help", &[][..]),
    };
    let result = match cmd {
        "setup" => setup::setup(setup::Extras::default()).map(|_| ExitCode::SUCCESS),
        "build-ui" => setup::setup(setup::Extras::default())
            .and_then(|tools| ui::build(&tools))
            .map(|()| ExitCode::SUCCESS),
        "build-web" => setup::setup(setup::Extras::default())
            .and_then(|tools| web::build(&tools))
            .map(|out| {
                println!("{}", out.display());
                ExitCode::SUCCESS
            }),
        "run" if rest.first().is_some_and(|a| a == "--web") => {
            setup::setup(setup::Extras::default())
                .and_then(|tools| web::run(&tools, &rest[1..]))
                .map(|()| ExitCode::SUCCESS)
        }
        "run" => run(rest),
        "test" => test::test(),
        "e2e" => test::e2e_only(rest),
        "bench" => bench::bench(),
        "soak" => soak::soak(rest),
        "package" => package::package(rest),
        _ => {
            eprintln!("usage: cargo xtask <setup|run [--web]|test|e2e [FILTER]|bench|soak|package|build-ui|build-web> [-- app arguments]");
            return if cmd == "help" {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            };
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(app_args: &[String]) -> sh::Result<ExitCode> {
    let tools = setup::setup(setup::Extras::default())?;
    ui::build(&tools)?;
    let app_args = app_args
        .strip_prefix(&["--".to_owned()])
        .unwrap_or(app_args);
    let mut cmd = sh::cargo();
    cmd.args(["run", "-p", "carambole", "--"]).args(app_args);
    Ok(if sh::status(&mut cmd)? {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
