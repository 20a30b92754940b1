//! Headless store subcommands, all on `--db PATH`:
//! `import FILE…`, `export --match ID -o FILE`, `backup FILE`, `restore FILE`, `list`.
//!
//! Exit 0 on success, 2 on bad input (one localized line per problem on stderr).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carom_app::App;
use carom_i18n::{t, tr, Lang};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};

/// The names of the subcommands this module runs.
pub const NAMES: [&str; 5] = ["import", "export", "backup", "restore", "list"];

fn file_arg(lang: Lang, id: &'static str, help: &str) -> Arg {
    Arg::new(id)
        .value_name("FILE")
        .required(true)
        .value_parser(value_parser!(PathBuf))
        .help(t(lang, help))
}

/// The store subcommands, labelled in `lang`.
pub fn commands(lang: Lang) -> Vec<Command> {
    vec![
        Command::new("import")
            .about(t(lang, "store-cli-import-about"))
            .arg(
                file_arg(lang, "files", "store-cli-import-files-help")
                    .action(ArgAction::Append)
                    .num_args(1..),
            ),
        Command::new("export")
            .about(t(lang, "store-cli-export-about"))
            .arg(super::match_arg(lang, "store-cli-export-match-help"))
            .arg(super::output_arg(lang, "store-cli-export-output-help")),
        Command::new("backup")
            .about(t(lang, "store-cli-backup-about"))
            .arg(file_arg(lang, "file", "store-cli-backup-file-help")),
        Command::new("restore")
            .about(t(lang, "store-cli-restore-about"))
            .arg(file_arg(lang, "file", "store-cli-restore-file-help")),
        Command::new("list").about(t(lang, "store-cli-list-about")),
    ]
}

fn db_path(matches: &ArgMatches) -> Option<PathBuf> {
    matches.get_one::<PathBuf>("db").cloned()
}

fn shown(p: &Path) -> String {
    p.display().to_string()
}

/// Runs store subcommand `name`; `None` if it is not one.
pub fn run(lang: Lang, name: &str, matches: &ArgMatches) -> Option<ExitCode> {
    if !NAMES.contains(&name) {
        return None;
    }
    let Some(db) = db_path(matches) else {
        return Some(super::fail(lang, &t(lang, "store-cli-db-required")));
    };
    if name == "restore" {
        return Some(restore(
            lang,
            &db,
            super::required::<PathBuf>(matches, "file"),
        ));
    }
    let services = crate::platform::headless_services(&db);
    // Read commands never create a database (nor its folder) at a mistyped path; none
    // makes the window's automatic backup.
    let opened = if matches!(name, "export" | "list") {
        App::open_existing(&db, services)
    } else {
        App::open_or_create(&db, services)
    };
    let app = match opened {
        Ok(app) => app,
        Err(e) => return Some(super::fail_with(lang, &e)),
    };
    Some(match name {
        "import" => import(
            lang,
            &app,
            super::required_many::<PathBuf>(matches, "files"),
        ),
        "export" => {
            let id = *super::required::<i64>(matches, "match");
            let out = super::required::<PathBuf>(matches, "output");
            match app.export_match_file_to(id, out) {
                Ok(_) => {
                    println!(
                        "{}",
                        tr(
                            lang,
                            "store-cli-exported",
                            &[("id", id.into()), ("file", shown(out).into())]
                        )
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => super::fail_with(lang, &e),
            }
        }
        "backup" => {
            let file = super::required::<PathBuf>(matches, "file");
            match app.backup_to_file(file) {
                Ok(_) => {
                    println!(
                        "{}",
                        tr(lang, "store-cli-backed-up", &[("file", shown(file).into())])
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => super::fail_with(lang, &e),
            }
        }
        _ => match app.list_all_matches() {
            Ok(rows) => {
                use std::io::Write;
                // The wire rows, without the points (`null`) as always: `list` does not
                // replay the logs.
                // Cannot fail: derived structs of strings, numbers and options.
                #[allow(clippy::expect_used)]
                let json = serde_json::to_string_pretty(&rows).expect("rows serialize");
                // A closed pipe (`list | head`) is not an error of ours.
                let _ = writeln!(std::io::stdout(), "{json}");
                ExitCode::SUCCESS
            }
            Err(e) => super::fail_with(lang, &e),
        },
    })
}

/// `import FILE…`: each file on its own, one line each; exit 2 if any was refused.
fn import<'a>(lang: Lang, app: &App, files: impl Iterator<Item = &'a PathBuf>) -> ExitCode {
    let mut failed = false;
    for file in files {
        match app.import_match_file_at(file) {
            Ok(done) => println!(
                "{}",
                tr(
                    lang,
                    "store-cli-imported",
                    &[
                        ("file", shown(file).into()),
                        ("id", done.id.into()),
                        ("events", i64::from(done.events).into()),
                    ]
                )
            ),
            Err(e) => {
                failed = true;
                let line = tr(
                    lang,
                    "store-cli-import-failed",
                    &[("file", shown(file).into()), ("error", e.text(lang).into())],
                );
                eprintln!("{}: {line}", t(lang, "cli-error-prefix"));
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `restore FILE`: through the open store when the database opens; over the file when it
/// cannot be opened (damaged, newer); never while another instance holds it. The current
/// database is always copied into `backups/` beside it first.
fn restore(lang: Lang, db: &Path, backup: &Path) -> ExitCode {
    // The shell reads the clock; the app is handed the time.
    match App::restore_database_file(db, backup, chrono::Utc::now()) {
        Ok(Some(kept)) => {
            println!(
                "{}",
                tr(
                    lang,
                    "store-cli-restored",
                    &[
                        ("file", shown(backup).into()),
                        ("kept", shown(&kept).into())
                    ]
                )
            );
            ExitCode::SUCCESS
        }
        Ok(None) => {
            println!(
                "{}",
                tr(
                    lang,
                    "store-cli-restored-new",
                    &[("file", shown(backup).into())]
                )
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::fail_with(lang, &e),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::process::ExitCode;

    use carom_i18n::Lang;

    fn carambole(args: &[&str]) -> ExitCode {
        let mut argv = vec!["carambole"];
        argv.extend_from_slice(args);
        let matches = crate::cli::command(Lang::En)
            .try_get_matches_from(argv)
            .expect("valid usage");
        let (name, sub) = matches.subcommand().expect("a subcommand");
        crate::headless::run(Lang::En, name, sub).expect("a headless subcommand")
    }

    /// How many matches the database `db` holds, read as `list` reads them.
    fn stored(db: &str) -> usize {
        let services = crate::platform::headless_services(Path::new(db));
        let app = carom_app::App::open_existing(Path::new(db), services).unwrap();
        app.list_all_matches().unwrap().len()
    }

    fn fixture(name: &str) -> String {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures")
            .join(name)
            .display()
            .to_string()
    }

    #[test]
    fn import_export_backup_and_restore_work_headless_on_a_given_database() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite").display().to_string();
        let file = fixture("end-1-equalizing-inning-draw.json");
        assert_eq!(
            carambole(&["--db", &db, "import", &file]),
            ExitCode::SUCCESS
        );
        assert_eq!(carambole(&["--db", &db, "list"]), ExitCode::SUCCESS);
        let out = dir.path().join("out.json").display().to_string();
        assert_eq!(
            carambole(&["--db", &db, "export", "--match", "1", "-o", &out]),
            ExitCode::SUCCESS
        );
        let exported =
            carom_core::MatchFile::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let original =
            carom_core::MatchFile::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(exported, original);
        let backup = dir.path().join("backup.sqlite").display().to_string();
        assert_eq!(
            carambole(&["--db", &db, "backup", &backup]),
            ExitCode::SUCCESS
        );
        assert_eq!(
            carambole(&["--db", &db, "restore", &backup]),
            ExitCode::SUCCESS
        );
        assert!(
            dir.path()
                .join("backups")
                .read_dir()
                .unwrap()
                .next()
                .is_some(),
            "a copy was kept"
        );
        assert_eq!(stored(&db), 1);
    }

    #[test]
    fn commands_that_read_make_no_automatic_backup() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite").display().to_string();
        let file = fixture("end-1-equalizing-inning-draw.json");
        let out = dir.path().join("out.json").display().to_string();
        for args in [
            vec!["--db", &db, "import", &file],
            vec!["--db", &db, "list"],
            vec!["--db", &db, "export", "--match", "1", "-o", &out],
        ] {
            assert_eq!(carambole(&args), ExitCode::SUCCESS, "{args:?}");
        }
        assert!(
            !dir.path().join("backups").exists(),
            "the window's automatic backup is one per start of the app"
        );
    }

    #[test]
    fn bad_input_exits_2_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite").display().to_string();
        let file = fixture("end-1-equalizing-inning-draw.json");
        assert_eq!(
            carambole(&["--db", &db, "import", &file]),
            ExitCode::SUCCESS
        );
        let bad = dir.path().join("bad.json");
        std::fs::write(&bad, "{\"format\": \"carambole-match/1\", \"players\": [").unwrap();
        let bad = bad.display().to_string();
        let missing = dir.path().join("missing.json").display().to_string();
        let out = dir.path().join("x.json").display().to_string();
        for args in [
            vec!["--db", &db, "import", &bad],
            vec!["--db", &db, "import", &file],
            vec!["--db", &db, "import", &missing],
            vec!["--db", &db, "export", "--match", "42", "-o", &out],
            vec!["--db", &db, "restore", &bad],
            vec!["--db", &db, "backup", &db],
            vec!["list"],
        ] {
            assert_eq!(carambole(&args), ExitCode::from(2), "{args:?}");
        }
        assert_eq!(stored(&db), 1);
        assert!(!Path::new(&out).exists());
    }
}
