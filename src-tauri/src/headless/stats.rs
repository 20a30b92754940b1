//! `carambole stats --player NAME [--club C] [--discipline D] [--from DAY] [--until DAY]
//! [--csv] --db PATH`: a player's statistics per discipline as JSON (or CSV), and
//! `carambole ranking --discipline D [--club C] [--from DAY] [--until DAY] [--csv] --db
//! PATH`: the club ranking.
//!
//! Exit 0 on success; 2 with one localized line on stderr for an unknown or ambiguous
//! player, a bad discipline or date, or a database that cannot be opened.

use std::path::PathBuf;
use std::process::ExitCode;

use carom_core::figures::RankingQuery;
use carom_core::Discipline;
use carom_i18n::{t, tr, Lang};
use carom_store::{StatsQuery, Store};
use chrono::NaiveDate;
use clap::{Arg, ArgAction, ArgMatches, Command};

use carom_app::csv::{player_csv, ranking_csv};
use carom_app::rows;

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

fn discipline(lang: Lang, raw: &str) -> Result<Discipline, String> {
    Discipline::from_id(raw.trim()).ok_or_else(|| {
        let list: Vec<&str> = Discipline::ALL.iter().map(|d| d.id()).collect();
        tr(
            lang,
            "stats-error-unknown-discipline",
            &[("discipline", raw.into()), ("list", list.join(", ").into())],
        )
    })
}

fn day(lang: Lang, matches: &ArgMatches, id: &str) -> Result<Option<NaiveDate>, String> {
    matches
        .get_one::<String>(id)
        .map(|raw| {
            NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| {
                let code = carom_api::ErrorCode::StatsBadDate { date: raw.clone() };
                carom_app::error_text(lang, &code)
            })
        })
        .transpose()
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
    let db = matches
        .get_one::<PathBuf>("db")
        .ok_or_else(|| t(lang, "stats-cli-db-required"))?;
    let from = day(lang, matches, "from")?;
    let until = day(lang, matches, "until")?;
    let club = matches
        .get_one::<String>("club")
        .map(|c| c.trim().to_owned());
    let csv = matches.get_flag("csv");
    let discipline = matches
        .get_one::<String>("discipline")
        .map(|d| discipline(lang, d))
        .transpose()?;
    let store_error = |e: carom_store::StoreError| super::store::error_line(lang, &e);
    let mut store = Store::open_existing(db).map_err(store_error)?;
    if name == "ranking" {
        let q = RankingQuery {
            // Checked above when given, and `ranking` requires it.
            discipline: self::discipline(lang, super::required::<String>(matches, "discipline"))?,
            from,
            until,
            club,
        };
        let ranking = store.ranking(&q).map_err(store_error)?;
        return Ok(if csv {
            ranking_csv(lang, &ranking)
        } else {
            json(&ranking)
        });
    }
    let wanted = super::required::<String>(matches, "player");
    let mut found = store.players_named(wanted).map_err(store_error)?;
    if let Some(club) = &club {
        found.retain(|p| p.club.to_lowercase() == club.to_lowercase());
    }
    let player = match found.as_slice() {
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
    let q = StatsQuery {
        discipline,
        from,
        until,
    };
    let stats = rows::player_stats(store.player_stats(player, &q).map_err(store_error)?);
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
