//! `carambole replay [--announcements] FILE`: replays a `carambole-match/1` file and
//! prints the derived result as JSON. A bad file exits 2 with one line naming the event.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carom_app::{App, MAX_IMPORT_BYTES};
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
    // No database is read: nothing is opened or created.
    let app = App::without_database(crate::platform::services_without_database());
    match app.replay_match_file(&bytes, with_announcements) {
        Ok(report) => {
            // Cannot fail: a derived struct of numbers, strings and lists (a JSON value).
            #[allow(clippy::expect_used)]
            let json = serde_json::to_string_pretty(&report).expect("report serializes");
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(lang, &e.text(lang)),
    }
}
