//! `carambole replay [--announcements] FILE`: replays a `carambole-match/1` file and
//! prints the derived result as JSON. A bad file exits 2 with one line naming the event.

use std::path::PathBuf;
use std::process::ExitCode;

use carom_core::{replay_report, FileError, MatchFile};
use carom_i18n::{t, tr, Lang};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};

/// The `replay` subcommand.
pub fn command(lang: Lang) -> Command {
    Command::new("replay")
        .about(t(lang, "cli-replay-about"))
        .arg(
            Arg::new("announcements")
                .long("announcements")
                .action(ArgAction::SetTrue)
                .help(t(lang, "cli-replay-announcements-help")),
        )
        .arg(
            Arg::new("file")
                .value_name("FILE")
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help(t(lang, "cli-replay-file-help")),
        )
}

/// One line for a file error in `lang`, naming the event index once: the messages of
/// event-level file errors name it themselves; a play error's message does not.
pub fn error_line(lang: Lang, e: &FileError) -> String {
    let text = carom_i18n::message(lang, &e.message());
    match e {
        FileError::Play { index, .. } => tr(
            lang,
            "cli-error-at-event",
            &[("index", (*index as i64).into()), ("error", text.into())],
        ),
        _ => text,
    }
}

/// Runs `replay`.
pub fn run(lang: Lang, matches: &ArgMatches) -> ExitCode {
    let path = matches.get_one::<PathBuf>("file").expect("required");
    let with_announcements = matches.get_flag("announcements");
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            let detail = format!("{}: {e}", path.display());
            return super::fail(
                lang,
                &tr(lang, "cli-error-read-file", &[("detail", detail.into())]),
            );
        }
    };
    let report = MatchFile::parse(&text).and_then(|f| replay_report(&f, with_announcements));
    match report {
        Ok(report) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&report).expect("report serializes")
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(lang, &error_line(lang, &e)),
    }
}
