//! `carambole stats --player NAME [--club C] [--discipline D] [--from DAY] [--until DAY]
//! [--csv] --db PATH`: a player's statistics per discipline as JSON (or CSV), and
//! `carambole ranking --discipline D [--club C] [--from DAY] [--until DAY] [--csv] --db
//! PATH`: the club ranking.
//!
//! Both go through carom-app as the window's statistics do: the same requests, read and
//! answered the same way (a discipline that does not exist is `error-request-invalid`, a
//! bad day `stats-error-bad-date`), on the existing database, with no automatic backup.
//!
//! Exit 0 on success; 2 with one localized line on stderr for an unknown or ambiguous
//! player, a bad discipline or date, or a database that cannot be opened.

use std::path::PathBuf;
use std::process::ExitCode;

use carom_api::{ClubRanking, Error, GetPlayerStats, RankingFilter, StatsFilter};
use carom_app::csv::{player_csv, ranking_csv};
use carom_app::App;
use carom_i18n::{t, tr, Lang};
use clap::{Arg, ArgAction, ArgMatches, Command};
use serde_json::json;

/// The names of the subcommands this module runs.
pub const NAMES: [&str; 2] = ["stats", "ranking"];

fn text_arg(lang: Lang, id: &'static str, help: &str) -> Arg {
    Arg::new(id).long(id).help(t(lang, help))
}

fn common(lang: Lang, c: Command) -> Command {
    c.arg(text_arg(lang, "from", "stats-cli-from-help").value_name("YYYY-MM-DD"))
        .arg(text_arg(lang, "until", "stats-cli-until-help").value_name("YYYY-MM-DD"))
        .arg(
            Arg::new("csv")
                .long("csv")
                .action(ArgAction::SetTrue)
                .help(t(lang, "stats-cli-csv-help")),
        )
}

/// The `stats` and `ranking` subcommands, labelled in `lang`.
pub fn commands(lang: Lang) -> Vec<Command> {
    vec![
        common(
            lang,
            Command::new("stats")
                .about(t(lang, "stats-cli-about"))
                .arg(
                    text_arg(lang, "player", "stats-cli-player-help")
                        .value_name("NAME")
                        .required(true),
                )
                .arg(text_arg(lang, "club", "stats-cli-club-help").value_name("CLUB"))
                .arg(text_arg(lang, "discipline", "stats-cli-discipline-help").value_name("D")),
        ),
        common(
            lang,
            Command::new("ranking")
                .about(t(lang, "ranking-cli-about"))
                .arg(
                    text_arg(lang, "discipline", "ranking-cli-discipline-help")
                        .value_name("D")
                        .required(true),
                )
                .arg(text_arg(lang, "club", "ranking-cli-club-help").value_name("CLUB")),
        ),
    ]
}

/// Runs `stats` or `ranking`; `None` for another subcommand.
pub fn run(lang: Lang, name: &str, matches: &ArgMatches) -> Option<ExitCode> {
    if !NAMES.contains(&name) {
        return None;
    }
    Some(match run_checked(lang, name, matches) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(line) => super::fail(lang, &line),
    })
}

fn run_checked(lang: Lang, name: &str, matches: &ArgMatches) -> Result<String, String> {
    let text = |e: Error| carom_app::error_text(lang, &e.code);
    let db = matches
        .get_one::<PathBuf>("db")
        .ok_or_else(|| t(lang, "stats-cli-db-required"))?;
    let option = |id: &str| matches.get_one::<String>(id).map(|v| v.trim());
    // The options as the window's request (its discipline read once, as the wire reads
    // it; its days by the app, as the window's are).
    let mut filter = json!({
        "discipline": option("discipline"),
        "from": option("from"),
        "until": option("until"),
    });
    let csv = matches.get_flag("csv");
    if name == "ranking" {
        filter["club"] = json!(option("club"));
        let request: RankingFilter = carom_app::read_args(name, filter).map_err(text)?;
        let app = App::open_existing(db, crate::platform::headless_services(db)).map_err(text)?;
        let ranking = app.club_ranking(ClubRanking { request }).map_err(text)?;
        return Ok(if csv {
            ranking_csv(lang, &ranking)
        } else {
            json(&ranking)
        });
    }
    let request: StatsFilter = carom_app::read_args(name, filter).map_err(text)?;
    let app = App::open_existing(db, crate::platform::headless_services(db)).map_err(text)?;
    let wanted = super::required::<String>(matches, "player");
    let mut found = app.players_named(wanted).map_err(text)?;
    if let Some(club) = option("club") {
        found.retain(|p| p.club.to_lowercase() == club.to_lowercase());
    }
    let id = match found.as_slice() {
        [one] => one.id,
        [] => {
            return Err(tr(
                lang,
                "players-error-unknown-name",
                &[("name", wanted.trim().into())],
            ))
        }
        many => {
            let clubs: Vec<&str> = many.iter().map(|p| p.club.as_str()).collect();
            return Err(tr(
                lang,
                "players-error-ambiguous-name",
                &[
                    ("name", wanted.trim().into()),
                    ("clubs", clubs.join(", ").into()),
                ],
            ));
        }
    };
    let stats = app
        .player_stats(GetPlayerStats { id, request })
        .map_err(text)?;
    Ok(if csv {
        player_csv(lang, &stats)
    } else {
        json(&stats)
    })
}

fn json(value: &impl serde::Serialize) -> String {
    // Cannot fail: the statistics and the ranking are derived structs of strings, numbers,
    // options and lists (no map with non-string keys), written into memory.
    #[allow(clippy::expect_used)]
    let mut out = serde_json::to_string_pretty(value).expect("statistics serialize");
    out.push('\n');
    out
}
