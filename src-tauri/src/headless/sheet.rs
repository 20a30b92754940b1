//! The signed score sheet, headless (issue 5):
//! `export-pdf --match ID [--lang fr|es|en] -o FILE [--db PATH]` writes the signed PDF
//! of a finished match, sealed with the device key kept beside the database;
//! `verify FILE.pdf` checks a sheet (seal, signature, replay, printed totals).
//!
//! Exit codes: 0 success (`verify`: the sheet is valid), 1 `verify` found something that
//! does not match (named on stderr), 2 bad usage or input (one localized line).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carom_api::{Error, ErrorCode, SheetCheck, SheetFault, SheetVerdict};
use carom_app::App;
use carom_i18n::{t, tr, Lang};
use clap::{value_parser, Arg, ArgMatches, Command};

/// The names of the subcommands this module runs.
pub const NAMES: [&str; 2] = ["export-pdf", "verify"];

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s)
        .filter(|l| l.code() == s)
        .ok_or_else(|| format!("{s}: en, fr, es"))
}

/// The sheet subcommands, labelled in `lang`.
pub fn commands(lang: Lang) -> Vec<Command> {
    vec![
        Command::new("export-pdf")
            .about(t(lang, "cli-sheet-export-about"))
            .arg(super::match_arg(lang, "cli-sheet-match-help"))
            .arg(
                Arg::new("lang")
                    .long("lang")
                    .value_name("fr|es|en")
                    .value_parser(parse_lang)
                    .help(t(lang, "cli-sheet-lang-help")),
            )
            .arg(super::output_arg(lang, "cli-sheet-output-help")),
        Command::new("verify")
            .about(t(lang, "cli-sheet-verify-about"))
            .arg(
                Arg::new("file")
                    .value_name("FILE.pdf")
                    .required(true)
                    .value_parser(value_parser!(PathBuf))
                    .help(t(lang, "cli-sheet-verify-file-help")),
            ),
    ]
}

/// Runs sheet subcommand `name`; `None` if it is not one.
pub fn run(lang: Lang, name: &str, matches: &ArgMatches) -> Option<ExitCode> {
    Some(match name {
        "export-pdf" => export_pdf(lang, matches),
        "verify" => verify(lang, super::required::<PathBuf>(matches, "file")),
        _ => return None,
    })
}

/// The app's default database, as the window app uses it: `carambole.sqlite` in the
/// platform's app-data folder for the app's identifier.
fn default_db() -> Option<PathBuf> {
    Some(
        dirs::data_dir()?
            .join("app.carambole.scorer")
            .join("carambole.sqlite"),
    )
}

fn export_pdf(lang: Lang, matches: &ArgMatches) -> ExitCode {
    let id = *super::required::<i64>(matches, "match");
    let out = super::required::<PathBuf>(matches, "output");
    let sheet_lang = matches.get_one::<Lang>("lang").copied().unwrap_or(lang);
    let Some(db) = matches
        .get_one::<PathBuf>("db")
        .cloned()
        .or_else(default_db)
    else {
        return super::fail(lang, &t(lang, "store-cli-db-required"));
    };
    // Only read: no automatic backup, and a mistyped path creates nothing.
    let app = match App::open_existing(&db, crate::platform::headless_services(&db)) {
        Ok(app) => app,
        Err(e) => return super::fail_with(lang, &e),
    };
    let fingerprint = match app.write_sheet_pdf(id, sheet_lang, out) {
        Ok(fingerprint) => fingerprint,
        // The device's key and the file written are not the match's fault.
        Err(
            e @ Error {
                code: ErrorCode::DeviceKey { .. } | ErrorCode::PdfWrite { .. },
                ..
            },
        ) => return super::fail_with(lang, &e),
        Err(e) => {
            let line = tr(
                lang,
                "cli-sheet-cannot-export",
                &[
                    ("id", id.into()),
                    ("error", carom_app::error_text(lang, &e.code).into()),
                ],
            );
            return super::fail(lang, &line);
        }
    };
    println!(
        "{}",
        tr(
            lang,
            "cli-sheet-exported",
            &[
                ("id", id.into()),
                ("file", out.display().to_string().into()),
                ("fingerprint", fingerprint.into()),
            ],
        )
    );
    ExitCode::SUCCESS
}

fn verify(lang: Lang, file: &Path) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            let detail = format!("{}: {e}", file.display());
            return super::fail(
                lang,
                &tr(lang, "cli-error-read-file", &[("detail", detail.into())]),
            );
        }
    };
    // Signs nothing: no key file is read (a sheet is never said to be signed here).
    let app = App::without_database(crate::platform::services_without_database());
    let invalid = |reason: &ErrorCode| {
        let reason = carom_app::error_text(lang, reason);
        eprintln!(
            "{}",
            tr(lang, "cli-sheet-invalid", &[("reason", reason.into())])
        );
        ExitCode::from(1)
    };
    match app.check_sheet(&file.display().to_string(), &bytes, lang) {
        Ok(SheetCheck {
            verdict: SheetVerdict::Genuine(sheet),
            ..
        }) => {
            let summary = carom_app::sheet_summary(&sheet);
            println!(
                "{}",
                tr(lang, "cli-sheet-valid", &[("summary", summary.into())])
            );
            println!(
                "{}",
                tr(lang, "cli-sheet-digest", &[("digest", sheet.digest.into())])
            );
            println!(
                "{}",
                tr(
                    lang,
                    "cli-sheet-fingerprint",
                    &[("fingerprint", sheet.fingerprint.into())]
                )
            );
            ExitCode::SUCCESS
        }
        // Not a PDF at all: bad input rather than a sheet that fails its checks.
        Ok(SheetCheck {
            verdict:
                SheetVerdict::NotGenuine {
                    fault: SheetFault::NotAPdf,
                    reason,
                },
            ..
        }) => super::fail_with(lang, &reason),
        Ok(SheetCheck {
            verdict: SheetVerdict::NotGenuine { reason, .. },
            ..
        }) => invalid(&reason.code),
        // The sheet could not be laid out again to compare its pages.
        Err(e) => invalid(&e.code),
    }
}
