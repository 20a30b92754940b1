//! The signed score sheet, headless (issue 5):
//! `export-pdf --match ID [--lang fr|es|en] -o FILE [--db PATH]` writes the signed PDF
//! of a finished match, sealed with the device key kept beside the database;
//! `verify FILE.pdf` checks a sheet (seal, signature, replay, printed totals).
//!
//! Exit codes: 0 success (`verify`: the sheet is valid), 1 `verify` found something that
//! does not match (named on stderr), 2 bad usage or input (one localized line).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carom_i18n::{t, tr, Lang};
use carom_sheet::{DeviceKey, SheetError};
use carom_store::Store;
use clap::{value_parser, Arg, ArgMatches, Command};

use crate::device_key;
use carom_app::sheet_document as sheet_export;

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
    if !db.exists() {
        let detail = db.display().to_string();
        return super::fail(
            lang,
            &tr(lang, "cli-sheet-no-database", &[("file", detail.into())]),
        );
    }
    let mut store = match Store::open(&db) {
        Ok(s) => s,
        Err(e) => return super::fail(lang, &super::store_error_line(lang, &e)),
    };
    let key_path = device_key::path_beside(&db);
    let key_error = |e: std::io::Error| {
        let detail = format!("{}: {e}", key_path.display());
        super::fail(
            lang,
            &carom_app::error_text(lang, &carom_api::ErrorCode::DeviceKey { detail }),
        )
    };
    // A new key is stored only once a sheet was signed with it: a failed export leaves
    // no key file behind.
    let (seed, fresh) = match device_key::load_seed(&key_path) {
        Ok(Some(seed)) => (seed, false),
        Ok(None) => match device_key::fresh_seed() {
            Ok(seed) => (seed, true),
            Err(e) => return key_error(e),
        },
        Err(e) => return key_error(e),
    };
    let now = chrono::Utc::now();
    let offset = carom_app::platform::Clock::offset(&carom_app::platform::SystemClock, now);
    let mut render = |seed: &[u8; 32]| {
        let key = DeviceKey::from_seed(seed);
        match sheet_export::render(&mut store, id, sheet_lang, &key, now, offset) {
            Ok(pdf) => Ok((key, pdf)),
            Err(e) => {
                let line = tr(
                    lang,
                    "cli-sheet-cannot-export",
                    &[
                        ("id", id.into()),
                        ("error", e.message(lang, super::store_error_line).into()),
                    ],
                );
                Err(super::fail(lang, &line))
            }
        }
    };
    let (mut key, mut pdf) = match render(&seed) {
        Ok(done) => done,
        Err(code) => return code,
    };
    if fresh {
        match device_key::store_seed(&key_path, &seed) {
            Ok(stored) if stored == seed => {}
            // Another process created the key meanwhile: sign with that one.
            Ok(stored) => match render(&stored) {
                Ok(done) => (key, pdf) = done,
                Err(code) => return code,
            },
            Err(e) => return key_error(e),
        }
    }
    if let Err(e) = carom_store::write_file_atomically(out, &pdf) {
        let detail = format!("{}: {e}", out.display());
        return super::fail(
            lang,
            &tr(lang, "cli-sheet-write-error", &[("detail", detail.into())]),
        );
    }
    println!(
        "{}",
        tr(
            lang,
            "cli-sheet-exported",
            &[
                ("id", id.into()),
                ("file", out.display().to_string().into()),
                ("fingerprint", key.fingerprint().into()),
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
    match carom_sheet::verify_pdf(&bytes) {
        Ok(v) => {
            println!(
                "{}",
                tr(lang, "cli-sheet-valid", &[("summary", v.summary().into())])
            );
            println!(
                "{}",
                tr(
                    lang,
                    "cli-sheet-digest",
                    &[("digest", v.digest.clone().into())]
                )
            );
            println!(
                "{}",
                tr(
                    lang,
                    "cli-sheet-fingerprint",
                    &[("fingerprint", v.fingerprint.clone().into())]
                )
            );
            ExitCode::SUCCESS
        }
        // Not a PDF at all: bad input rather than a sheet that fails its checks.
        Err(e @ SheetError::NotAPdf { .. }) => {
            super::fail(lang, &carom_app::sheet_error_text(lang, &e))
        }
        Err(e) => {
            eprintln!(
                "{}",
                tr(
                    lang,
                    "cli-sheet-invalid",
                    &[("reason", carom_app::sheet_error_text(lang, &e).into())]
                )
            );
            ExitCode::from(1)
        }
    }
}
