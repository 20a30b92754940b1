//! The `carambole` command line: with no subcommand it opens the window; subcommands
//! work headless. Help and errors are in the system's language.

use std::path::PathBuf;
use std::process::ExitCode;

use carom_i18n::{t, Lang};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};

use crate::{run_app, AppOptions};

/// The language of the terminal user.
pub fn system_lang() -> Lang {
    let locales: Vec<String> = sys_locale::get_locales().collect();
    Lang::negotiate(locales.iter().map(String::as_str))
}

/// The command-line interface, labelled in `lang`.
pub fn command(lang: Lang) -> Command {
    Command::new("carambole")
        .version(env!("CARGO_PKG_VERSION"))
        .about(t(lang, "cli-about"))
        .arg(
            Arg::new("db")
                .long("db")
                .value_name("PATH")
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help(t(lang, "cli-db-help")),
        )
        .arg(
            Arg::new("window-size")
                .long("window-size")
                .value_name("WxH")
                .value_parser(parse_size)
                .help(t(lang, "cli-window-size-help")),
        )
        // WebKitWebDriver starts the app with `--automation` during end-to-end tests.
        .arg(
            Arg::new("automation")
                .long("automation")
                .action(ArgAction::SetTrue)
                .hide(true),
        )
        // End-to-end tests answer file dialogs from a folder (see `file_dialog`).
        .arg(
            Arg::new("dialog-dir")
                .long("dialog-dir")
                .value_parser(value_parser!(PathBuf))
                .hide(true),
        )
        .subcommands(crate::headless::subcommands(lang))
}

fn parse_size(s: &str) -> Result<(f64, f64), String> {
    let (w, h) = s
        .split_once('x')
        .ok_or_else(|| format!("{s}: expected WIDTHxHEIGHT"))?;
    let n = |v: &str| {
        v.parse::<f64>()
            .ok()
            .filter(|v| (200.0..=10_000.0).contains(v))
    };
    match (n(w), n(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("{s}: expected WIDTHxHEIGHT")),
    }
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let lang = system_lang();
    let matches = match command(lang).try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    run(lang, &matches)
}

fn run(lang: Lang, matches: &ArgMatches) -> ExitCode {
    if let Some((name, sub)) = matches.subcommand() {
        if let Some(code) = crate::headless::run(lang, name, sub) {
            return code;
        }
    }
    let options = AppOptions {
        db: matches.get_one::<PathBuf>("db").cloned(),
        window_size: matches.get_one::<(f64, f64)>("window-size").copied(),
        dialog_dir: matches.get_one::<PathBuf>("dialog-dir").cloned(),
    };
    match run_app(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "{}: {}",
                t(lang, "cli-error-prefix"),
                carom_app::error_text(lang, &carom_api::ErrorCode::internal(e.to_string()))
            );
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_is_written_in_the_users_language() {
        let fr = command(Lang::Fr).render_help().to_string();
        assert!(fr.contains("marqueur de billard"), "{fr}");
        let es = command(Lang::Es).render_long_help().to_string();
        assert!(es.contains("base de partidas"), "{es}");
    }

    #[test]
    fn window_sizes_are_parsed_and_bounded() {
        assert_eq!(parse_size("390x844"), Ok((390.0, 844.0)));
        assert!(parse_size("390").is_err());
        assert!(parse_size("10x844").is_err());
    }
}
