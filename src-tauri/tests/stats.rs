//! `carambole stats` and `carambole ranking` run as real processes on a database built
//! from `tests/fixtures/stats` (figures computed by hand in
//! `crates/carom-store/src/conformance/stats.rs`), and the statistics strings in every
//! language.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn carambole(lang: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carambole"));
    c.env("LC_ALL", lang).env("LANG", lang);
    c
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A database holding the six fixture matches.
fn league(dir: &Path) -> PathBuf {
    let db = dir.join("club.sqlite");
    let mut store = carom_store::Store::open(&db).unwrap();
    for entry in std::fs::read_dir(repo().join("tests/fixtures/stats")).unwrap() {
        store
            .import_path(&entry.unwrap().path(), chrono::Utc::now())
            .unwrap();
    }
    db
}

fn run(db: &Path, lang: &str, args: &[&str]) -> Output {
    carambole(lang)
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn stats_prints_a_players_figures_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = league(dir.path());
    let out = run(&db, "en_US.UTF-8", &["stats", "--player", "ana ruiz"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["player"]["name"], "Ana Ruiz");
    let disciplines = json["disciplines"].as_array().unwrap();
    assert_eq!(disciplines.len(), 2);
    let tc = &disciplines[1];
    assert_eq!(tc["discipline"], "three-cushion");
    // 24 points in 13 innings = 1.846; 1 won, 1 drawn, 2 lost; high run 6.
    assert_eq!(
        (
            &tc["points"],
            &tc["innings"],
            &tc["general_average"]["thousandths"]
        ),
        (&24.into(), &13.into(), &1846.into())
    );
    assert_eq!(
        (&tc["won"], &tc["drawn"], &tc["lost"]),
        (&1.into(), &1.into(), &2.into())
    );
    assert_eq!(tc["high_run"], 6);
    assert_eq!(
        tc["form"],
        serde_json::json!(["won", "lost", "lost", "drawn"])
    );

    let only = run(
        &db,
        "en_US.UTF-8",
        &["stats", "--player", "Ana Ruiz", "--discipline", "libre"],
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&only)).unwrap();
    assert_eq!(json["disciplines"].as_array().unwrap().len(), 1);
    assert_eq!(
        json["disciplines"][0]["general_average"]["thousandths"],
        25_000
    );
}

#[test]
fn an_unknown_player_exits_2_with_one_localized_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = league(dir.path());
    for (lang, text) in [
        ("en_US.UTF-8", "No player is named “Nobody”."),
        (
            "fr_FR.UTF-8",
            "Aucun joueur ne s'appelle «\u{a0}Nobody\u{a0}».",
        ),
        ("es_ES.UTF-8", "Ningún jugador se llama «Nobody»."),
    ] {
        let out = run(&db, lang, &["stats", "--player", "Nobody"]);
        assert_eq!(out.status.code(), Some(2), "{lang}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{lang}: {err}");
        assert!(err.contains(text), "{lang}: {err}");
    }
    let out = run(
        &db,
        "en_US.UTF-8",
        &["stats", "--player", "Ana Ruiz", "--discipline", "pool"],
    );
    assert_eq!(out.status.code(), Some(2));
    let out = run(
        &db,
        "en_US.UTF-8",
        &["stats", "--player", "Ana Ruiz", "--from", "yesterday"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("YYYY-MM-DD"));
}

#[test]
fn the_ranking_and_the_statistics_export_as_csv_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = league(dir.path());
    let out = run(
        &db,
        "fr_FR.UTF-8",
        &["ranking", "--discipline", "three-cushion", "--csv"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = stdout(&out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "Rang;Joueur;Club;Mode de jeu;Matchs;Gagnés;Nuls;Perdus;Points;Reprises;Moyenne générale;Moyenne particulière;Meilleure série;Handicap conseillé");
    // Carla: 16 points in 6 innings = 2,666; best game 6 in 1 = 6,000; 2,666 × 30 → 80.
    assert_eq!(
        lines[1],
        "1;Carla Díaz;CB Madrid;Trois bandes;2;1;1;0;16;6;2,666;6,000;6;80"
    );
    assert_eq!(lines.len(), 5);

    let out = run(
        &db,
        "en_US.UTF-8",
        &[
            "ranking",
            "--discipline",
            "three-cushion",
            "--club",
            "Billar Sevilla",
            "--csv",
        ],
    );
    let csv = stdout(&out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[2]
            .starts_with("2,Ana Ruiz,Billar Sevilla,Three-cushion,4,1,1,2,24,13,1.846,6.000,6,55"),
        "{}",
        lines[2]
    );

    let out = run(
        &db,
        "es_ES.UTF-8",
        &["stats", "--player", "Ana Ruiz", "--csv"],
    );
    let csv = stdout(&out);
    assert!(
        csv.contains("Ana Ruiz;Billar Sevilla;;Tres bandas;4;1;1;2;24;13;1,846;6,000;6;3,250;55"),
        "{csv}"
    );
    assert!(
        csv.contains("2025-03-20;Tres bandas;Carla Díaz;6;1;6,000;6;empatada"),
        "{csv}"
    );

    let out = run(&db, "en_US.UTF-8", &["ranking", "--discipline", "libre"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["rows"][0]["general_average"]["thousandths"], 25_000);
}

fn ids(lang: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo().join(format!("locales/{lang}/stats.ftl"))).unwrap();
    text.lines()
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id))
        .filter(|id| id.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_three_languages_define_the_same_statistics_strings_with_the_area_prefixes() {
    let en = ids("en");
    assert!(en.len() > 80, "{}", en.len());
    for lang in ["fr", "es"] {
        assert_eq!(ids(lang), en, "{lang}");
    }
    for id in &en {
        assert!(
            ["stats-", "players-", "ranking-", "chart-"]
                .iter()
                .any(|p| id.starts_with(p)),
            "{id}"
        );
        for lang in [
            carom_i18n::Lang::En,
            carom_i18n::Lang::Fr,
            carom_i18n::Lang::Es,
        ] {
            assert!(carom_i18n::has(lang, id), "{id} in {lang:?}");
        }
    }
}
