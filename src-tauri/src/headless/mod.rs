//! Headless subcommands of the `carambole` binary: they work without a window.
//! Each lives in its own module and registers here. `serve` is the app itself without
//! its window, for programs: catalogue commands as JSON lines.
//!
//! Exit codes: 0 success, 1 a check failed (e.g. `verify`) or `serve` cannot read its
//! input or write its answers, 2 bad input or usage.

mod replay;
mod serve;
mod sheet;
mod stats;
mod store;

use std::path::PathBuf;
use std::process::ExitCode;

use carom_i18n::{t, Lang};
use clap::{value_parser, Arg, ArgMatches, Command};

/// The subcommands, labelled in `lang`.
pub fn subcommands(lang: Lang) -> Vec<Command> {
    let mut commands = vec![replay::command(lang)];
    commands.extend(store::commands(lang));
    commands.extend(stats::commands(lang));
    commands.extend(sheet::commands(lang));
    commands.push(serve::command(lang));
    commands
}

/// Runs subcommand `name`; `None` if it is not a headless subcommand.
pub fn run(lang: Lang, name: &str, matches: &ArgMatches) -> Option<ExitCode> {
    Some(match name {
        "replay" => replay::run(lang, matches),
        serve::NAME => serve::run(lang, matches),
        "stats" | "ranking" => return stats::run(lang, name, matches),
        _ if sheet::NAMES.contains(&name) => return sheet::run(lang, name, matches),
        _ => return store::run(lang, name, matches),
    })
}

/// Prints `error: <line>` on stderr and returns exit code 2 (bad input).
pub fn fail(lang: Lang, line: &str) -> ExitCode {
    eprintln!("{}: {line}", t(lang, "cli-error-prefix"));
    ExitCode::from(2)
}

/// Prints the application's error `e` as [`fail`] does, worded as the window words it.
pub(crate) fn fail_with(lang: Lang, e: &carom_api::Error) -> ExitCode {
    fail(lang, &carom_app::error_text(lang, &e.code))
}

/// The value of argument `id`, which the subcommand declares `required(true)` with a
/// value parser of `T`.
pub(crate) fn required<'a, T: Clone + Send + Sync + 'static>(
    matches: &'a ArgMatches,
    id: &str,
) -> &'a T {
    // Cannot fail: clap refuses a command line without a required argument (exit code 2,
    // its own message) before any subcommand runs, and every caller names an argument
    // its subcommand declares required with a parser of `T`.
    #[allow(clippy::expect_used)]
    matches.get_one::<T>(id).expect("required by clap")
}

/// The values of argument `id`, declared as [`required`] says, taking one or more.
pub(crate) fn required_many<'a, T: Clone + Send + Sync + 'static>(
    matches: &'a ArgMatches,
    id: &str,
) -> impl Iterator<Item = &'a T> {
    // Cannot fail: see `required`.
    #[allow(clippy::expect_used)]
    matches.get_many::<T>(id).expect("required by clap")
}

/// The required `--match ID` of a subcommand, with help `help` (a message id).
pub(crate) fn match_arg(lang: Lang, help: &str) -> Arg {
    Arg::new("match")
        .long("match")
        .value_name("ID")
        .required(true)
        .value_parser(value_parser!(i64))
        .help(t(lang, help))
}

/// The required `-o/--output FILE` of a subcommand, with help `help` (a message id).
pub(crate) fn output_arg(lang: Lang, help: &str) -> Arg {
    Arg::new("output")
        .short('o')
        .long("output")
        .value_name("FILE")
        .required(true)
        .value_parser(value_parser!(PathBuf))
        .help(t(lang, help))
}
