//! `carambole replay [--announcements] FILE`: replays a `carambole-match/1` file and
//! prints the derived result as JSON. A bad file exits 2 with one line naming the event.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carom_core::{replay_report, FileError, MatchFile};
use carom_i18n::{t, tr, Lang};
use carom_store::{StoreError, MAX_IMPORT_BYTES};
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

/// Reads at most [`MAX_IMPORT_BYTES`] of the file at `path` (plus one, to tell a larger
/// file), the same limit as an import: a replay never reads a huge file into memory.
fn read_limited(path: &Path) -> Result<Vec<u8>, std::io::Error> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_IMPORT_BYTES + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Runs `replay`.
pub fn run(lang: Lang, matches: &ArgMatches) -> ExitCode {
    let path = super::required::<PathBuf>(matches, "file");
    let with_announcements = matches.get_flag("announcements");
    let bytes = match read_limited(path) {
        Ok(b) => b,
        Err(e) => {
            let detail = format!("{}: {e}", path.display());
            return super::fail(
                lang,
                &tr(lang, "cli-error-read-file", &[("detail", detail.into())]),
            );
        }
    };
    if bytes.len() as u64 > MAX_IMPORT_BYTES {
        let e = StoreError::TooLarge {
            max: MAX_IMPORT_BYTES,
        };
        return super::fail(lang, &super::store_error_line(lang, &e));
    }
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return super::fail(lang, &super::store_error_line(lang, &StoreError::NotText));
    };
    let report = MatchFile::parse(text).and_then(|f| replay_report(&f, with_announcements));
    match report {
        Ok(report) => {
            // Cannot fail: a derived struct of numbers, strings and lists (a JSON value).
            #[allow(clippy::expect_used)]
            let json = serde_json::to_string_pretty(&report).expect("report serializes");
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(lang, &error_line(lang, &e)),
    }
}
