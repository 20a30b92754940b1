//! `carambole serve --db PATH`: the app without its window, for programs. It reads one
//! request per line on standard input, `{"command": NAME, "args": {…}}` — a command of
//! the carom-api catalogue with its request, the same that the window's UI sends — runs
//! it through [`App::dispatch`] (the path of the Tauri commands: the same `App` methods,
//! the same commit) and writes one answer line on standard output, `{"ok": OUTPUT}` or
//! `{"error": {"code": …, "args": …}}` ([`Reply`]), flushed, only after the command
//! returned, i.e. after its commit. Answers come in the order of the requests, one per
//! line, even for a line that is not a request (an `error-internal` answer naming the
//! line) or a known command whose arguments are not its request (`error-request-invalid`,
//! naming the command and what does not read). It ends at the end of its input, with exit code 0.
//!
//! The database is opened as the window app opens it (`App::open`, with its automatic
//! backup); the device key is the one beside it. There is no window and no one to ask:
//! file dialogs are cancelled and `open_scoreboard` is refused.

use std::io::{BufRead, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;

use carom_api::{Call, ErrorCode, Reply};
use carom_app::App;
use carom_i18n::{t, Lang};
use clap::{ArgMatches, Command};
use serde_json::value::RawValue;
use serde_json::Value;

/// The subcommand's name.
pub const NAME: &str = "serve";

/// The longest request line read (a signature's strokes are at most 512 KiB in the store;
/// as JSON numbers they take a few times more). A longer line is answered with an error
/// and skipped.
pub const MAX_LINE_BYTES: u64 = 8 * 1024 * 1024;

/// The `serve` subcommand.
pub fn command(lang: Lang) -> Command {
    Command::new(NAME)
        .about(t(lang, "cli-serve-about"))
        .long_about(t(lang, "cli-serve-long-about"))
}

/// Runs `serve` on the standard input and output.
pub fn run(lang: Lang, matches: &ArgMatches) -> ExitCode {
    let Some(db) = matches.get_one::<PathBuf>("db") else {
        return super::fail(lang, &t(lang, "store-cli-db-required"));
    };
    let app = App::open(db, crate::platform::headless_services(db));
    match serve(&app, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The other end went away (a closed pipe) or the input cannot be read: nothing
        // more can be answered.
        Err(e) => {
            eprintln!(
                "{}: {}",
                t(lang, "cli-error-prefix"),
                carom_app::error_text(lang, &ErrorCode::internal(e.to_string()))
            );
            ExitCode::FAILURE
        }
    }
}

/// Answers every request line of `input` on `output` until the input ends.
///
/// # Errors
/// When `input` cannot be read or `output` written.
pub fn serve(app: &App, mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut input)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            break;
        }
        let reply = if line.last() != Some(&b'\n') && read as u64 > MAX_LINE_BYTES {
            skip_line(&mut input)?;
            Reply::Error(
                ErrorCode::internal(format!("line {number}: longer than {MAX_LINE_BYTES} bytes"))
                    .into(),
            )
        } else {
            answer(app, number, &line)
        };
        // One write, the newline last: a line cut by a kill is never a whole answer.
        let mut bytes = serde_json::to_vec(&reply)?;
        bytes.push(b'\n');
        output.write_all(&bytes)?;
        output.flush()?;
    }
    Ok(())
}

/// Reads past the rest of the current line.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|b| *b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = buf.len();
                input.consume(len);
            }
        }
    }
}

/// The answer to request line `number` (its bytes, with or without the newline).
fn answer(app: &App, number: u64, line: &[u8]) -> Reply<Box<RawValue>> {
    let bad = |detail: String| {
        Reply::Error(ErrorCode::internal(format!("line {number}: {detail}")).into())
    };
    let Ok(text) = std::str::from_utf8(line) else {
        return bad("not UTF-8".to_owned());
    };
    let call: Call<Value> = match serde_json::from_str(text) {
        Ok(c) => c,
        Err(e) => return bad(e.to_string()),
    };
    // A panic would end the process with every later request unanswered: it is answered
    // as an internal error instead (the catalogue's commands do not panic on input; the
    // soak checks it). No other window hears of what a program does here.
    let command = call.command.clone();
    match catch_unwind(AssertUnwindSafe(|| app.dispatch(call))) {
        Ok(answered) => answered.reply,
        Err(_) => bad(format!("{command} failed")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(input: &[u8]) -> (tempfile::TempDir, Vec<Value>) {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite");
        let app = App::open(&db, crate::platform::headless_services(&db));
        let mut out = Vec::new();
        serve(&app, input, &mut out).unwrap();
        let answers = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (dir, answers)
    }

    #[test]
    fn every_line_gets_one_answer_in_order_and_bad_lines_are_errors_not_the_end() {
        let mut input = Vec::new();
        input.extend_from_slice(b"{\"command\": \"list_matches\"}\n");
        input.extend_from_slice(b"not json\n");
        input.extend_from_slice(b"\n");
        input.extend_from_slice(b"\xff\xfe\n");
        input.extend_from_slice(b"{\"command\": \"launch_missiles\"}\n");
        input.extend_from_slice(b"{\"command\": \"open_match\", \"args\": {\"id\": \"x\"}}\n");
        input.extend_from_slice(b"{\"command\": \"open_match\", \"args\": {\"id\": 7}}\n");
        input.extend_from_slice(b"{\"command\": \"get_settings\", \"args\": null}");
        let (_dir, answers) = served(&input);
        assert_eq!(answers.len(), 8, "{answers:?}");
        assert_eq!(answers[0], serde_json::json!({"ok": []}));
        for (i, a) in answers.iter().enumerate().skip(1).take(4) {
            assert_eq!(a["error"]["code"], "error-internal", "{i}: {a}");
        }
        // A known command whose arguments are not its request: said so, naming it.
        assert_eq!(
            answers[5]["error"]["code"], "error-request-invalid",
            "{}",
            answers[5]
        );
        assert_eq!(answers[5]["error"]["args"]["command"], "open_match");
        assert!(
            answers[1]["error"]["args"]["detail"]
                .as_str()
                .unwrap()
                .starts_with("line 2: "),
            "{}",
            answers[1]
        );
        assert_eq!(
            answers[6],
            serde_json::json!({"error": {"code": "error-match-not-found",
                "args": {"id": 7}, "field": null}})
        );
        assert!(answers[7]["ok"]["language"].is_string(), "{}", answers[7]);
    }

    #[test]
    fn a_line_longer_than_the_limit_is_answered_and_skipped() {
        let mut input = vec![b' '; usize::try_from(MAX_LINE_BYTES).unwrap() + 10];
        input.extend_from_slice(b"\n{\"command\": \"list_matches\"}\n");
        let (_dir, answers) = served(&input);
        assert_eq!(answers.len(), 2, "{answers:?}");
        assert_eq!(answers[0]["error"]["code"], "error-internal");
        assert_eq!(answers[1], serde_json::json!({"ok": []}));
    }

    #[test]
    fn headless_there_is_no_dialog_and_no_window() {
        let (_dir, answers) = served(
            b"{\"command\": \"pick_and_import_match_files\", \"args\": {\"language\": \"en\"}}\n\
              {\"command\": \"open_scoreboard\", \"args\": {\"id\": 1}}\n",
        );
        assert_eq!(answers[0], serde_json::json!({"ok": null}));
        assert_eq!(answers[1]["error"]["code"], "error-internal");
    }
}
