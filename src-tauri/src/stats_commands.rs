//! The commands of the players, statistics and ranking screens.
//!
//! Requests take loosely typed fields (strings, wide integers) so that bad input comes
//! back as a localized error code, never as a serde message in English.

use std::path::{Path, PathBuf};

use carom_core::Discipline;
use carom_i18n::Lang;
use carom_store::{
    HandicapRule, HistoryPage, Merged, Player, PlayerInfo, PlayerStats, Ranking, RankingQuery,
    StatsQuery, TargetSuggestion,
};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use tauri::{AppHandle, Manager, Runtime, State};

use crate::stats_export::{player_csv, ranking_csv};
use crate::{AppState, IpcError};

/// Matches per page of a player's match list.
const MATCHES_PER_PAGE: u32 = 20;

fn discipline(raw: Option<&str>) -> Result<Option<Discipline>, IpcError> {
    match raw.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(id) => Discipline::from_id(id)
            .map(Some)
            .ok_or_else(|| IpcError::new("error-unknown-discipline")),
    }
}

fn day(raw: Option<&str>, field: &str) -> Result<Option<NaiveDate>, IpcError> {
    match raw.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                let mut e = IpcError::new("stats-error-bad-date").arg("date", d);
                e.field = Some(field.to_owned());
                e
            }),
    }
}

/// What the statistics screen asks for.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct StatsRequest {
    discipline: Option<String>,
    from: Option<String>,
    until: Option<String>,
}

impl StatsRequest {
    fn query(&self) -> Result<StatsQuery, IpcError> {
        Ok(StatsQuery {
            discipline: discipline(self.discipline.as_deref())?,
            from: day(self.from.as_deref(), "stats-from")?,
            until: day(self.until.as_deref(), "stats-until")?,
        })
    }
}

/// What the ranking screen asks for.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct RankingRequest {
    discipline: String,
    from: Option<String>,
    until: Option<String>,
    club: Option<String>,
}

impl RankingRequest {
    fn query(&self) -> Result<RankingQuery, IpcError> {
        Ok(RankingQuery {
            discipline: discipline(Some(&self.discipline))?
                .ok_or_else(|| IpcError::new("error-unknown-discipline"))?,
            from: day(self.from.as_deref(), "ranking-from")?,
            until: day(self.until.as_deref(), "ranking-until")?,
            club: self.club.clone().filter(|c| !c.trim().is_empty()),
        })
    }
}

/// Players whose name contains `search` (all without), by name.
#[tauri::command]
pub fn list_players(
    state: State<'_, AppState>,
    search: Option<String>,
) -> Result<Vec<Player>, IpcError> {
    state.with_store(|store| Ok(store.players(search.as_deref().map(str::trim))?))
}

/// Adds a player (or updates the one with the same name and club); returns him.
#[tauri::command]
pub fn add_player(state: State<'_, AppState>, info: PlayerInfo) -> Result<Player, IpcError> {
    state.with_store(|store| {
        let id = store.save_player(&info)?;
        store
            .player(id)?
            .ok_or_else(|| IpcError::new("players-error-not-found"))
    })
}

/// Changes a player's name, club, licence number and notes.
#[tauri::command]
pub fn update_player(
    state: State<'_, AppState>,
    id: i64,
    info: PlayerInfo,
) -> Result<Player, IpcError> {
    state.with_store(|store| Ok(store.update_player(id, &info)?))
}

/// Merges player `merged` into player `kept`.
#[tauri::command]
pub fn merge_players(
    state: State<'_, AppState>,
    kept: i64,
    merged: i64,
) -> Result<Merged, IpcError> {
    state.with_store(|store| Ok(store.merge_players(kept, merged)?))
}

/// A page of a player's matches, newest first.
#[tauri::command]
pub fn player_matches(
    state: State<'_, AppState>,
    id: i64,
    page: u32,
) -> Result<HistoryPage, IpcError> {
    state.with_store(|store| Ok(store.player_matches(id, page, MATCHES_PER_PAGE)?))
}

/// A player's statistics per discipline.
#[tauri::command]
pub fn player_stats(
    state: State<'_, AppState>,
    id: i64,
    request: StatsRequest,
) -> Result<PlayerStats, IpcError> {
    let q = request.query()?;
    state.with_store(|store| Ok(store.player_stats(id, &q)?))
}

/// The club ranking of one discipline.
#[tauri::command]
pub fn club_ranking(
    state: State<'_, AppState>,
    request: RankingRequest,
) -> Result<Ranking, IpcError> {
    let q = request.query()?;
    state.with_store(|store| Ok(store.ranking(&q)?))
}

/// The club's handicap rule.
#[tauri::command]
pub fn get_handicap_rule(state: State<'_, AppState>) -> Result<HandicapRule, IpcError> {
    state.with_store(|store| Ok(store.handicap_rule()?))
}

/// Stores the club's handicap rule.
#[tauri::command]
pub fn set_handicap_rule(
    state: State<'_, AppState>,
    factor: i64,
    minimum: i64,
) -> Result<HandicapRule, IpcError> {
    // Out-of-range numbers become 0, which the store refuses with the field named.
    let rule = HandicapRule {
        factor: u32::try_from(factor).unwrap_or(0),
        minimum: u32::try_from(minimum).unwrap_or(0),
    };
    state.with_store(|store| Ok(store.set_handicap_rule(rule)?))
}

/// The distance the club's handicap rule suggests for the player named `player` in
/// `discipline`, from his recent average; `None` when he has no finished match in it.
#[tauri::command]
pub fn suggest_target(
    state: State<'_, AppState>,
    player: String,
    discipline: String,
) -> Result<Option<TargetSuggestion>, IpcError> {
    let d = self::discipline(Some(discipline.as_str()))?
        .ok_or_else(|| IpcError::new("error-unknown-discipline"))?;
    state.with_store(|store| Ok(store.suggest_target(&player, d)?))
}

/// Where an export was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exported {
    /// The file.
    pub path: String,
}

/// The folder exports go to: Downloads, else Documents, else the app's data folder.
fn export_dir<R: Runtime>(app: &AppHandle<R>) -> Result<PathBuf, IpcError> {
    if let Some(dir) = app
        .try_state::<crate::file_dialog::DialogDir>()
        .and_then(|d| d.0.clone())
    {
        return Ok(dir);
    }
    let paths = app.path();
    paths
        .download_dir()
        .or_else(|_| paths.document_dir())
        .or_else(|_| paths.app_data_dir())
        .map_err(|_| IpcError::new("stats-error-no-folder"))
}

/// A file name made of letters, digits and dashes.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(60).collect()
}

/// Writes `text` to a new file `<stem>.csv` in `dir` (`<stem>-2.csv`… if taken).
pub fn write_new(dir: &Path, stem: &str, text: &str) -> Result<PathBuf, IpcError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| IpcError::new("error-file-system").arg("detail", e.to_string()))?;
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{stem}.csv")
        } else {
            format!("{stem}-{n}.csv")
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                use std::io::Write;
                f.write_all(text.as_bytes())
                    .and_then(|()| f.sync_all())
                    .map_err(|e| IpcError::new("error-file-system").arg("detail", e.to_string()))?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(IpcError::new("error-file-system").arg("detail", e.to_string())),
        }
    }
    Err(IpcError::new("error-file-system").arg("detail", stem))
}

fn lang(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

/// Saves a player's statistics as CSV in the user's Downloads folder.
#[tauri::command]
pub fn export_player_stats_csv<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: i64,
    request: StatsRequest,
    language: String,
) -> Result<Exported, IpcError> {
    let q = request.query()?;
    let stats = state.with_store(|store| Ok(store.player_stats(id, &q)?))?;
    let text = player_csv(lang(&language), &stats);
    let stem = format!("carambole-{}", slug(&stats.player.name));
    let path = write_new(&export_dir(&app)?, &stem, &text)?;
    Ok(Exported {
        path: path.display().to_string(),
    })
}

/// Saves the club ranking as CSV in the user's Downloads folder.
#[tauri::command]
pub fn export_ranking_csv<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    request: RankingRequest,
    language: String,
) -> Result<Exported, IpcError> {
    let q = request.query()?;
    let ranking = state.with_store(|store| Ok(store.ranking(&q)?))?;
    let text = ranking_csv(lang(&language), &ranking);
    let stem = format!("carambole-ranking-{}", q.discipline.id());
    let path = write_new(&export_dir(&app)?, &stem, &text)?;
    Ok(Exported {
        path: path.display().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::test_support::{app, invoke};

    fn league(db: &std::path::Path) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/stats");
        let mut store = carom_store::Store::open(db).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            store.import_path(&entry.unwrap().path()).unwrap();
        }
    }

    #[test]
    fn the_statistics_screens_get_players_figures_and_the_ranking_through_commands() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite");
        league(&db);
        let w = app(&db);
        let players = invoke(&w, "list_players", json!({"search": "ruiz"})).unwrap();
        let names: Vec<&str> = players
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["A. Ruiz", "Ana Ruiz"]);
        let ana = players[1]["id"].as_i64().unwrap();
        let alias = players[0]["id"].as_i64().unwrap();
        let stats = invoke(
            &w,
            "player_stats",
            json!({"id": ana, "request": {"discipline": "three-cushion"}}),
        )
        .unwrap();
        let tc = &stats["disciplines"][0];
        assert_eq!(tc["general_average"]["thousandths"], 1846);
        assert_eq!(tc["match_lines"][0]["played_on"], "2025-01-10");
        let ranking = invoke(
            &w,
            "club_ranking",
            json!({"request": {"discipline": "three-cushion", "from": "2025-03-01", "until": ""}}),
        )
        .unwrap();
        assert_eq!(ranking["rows"][0]["name"], "Carla Díaz");
        let merged = invoke(&w, "merge_players", json!({"kept": ana, "merged": alias})).unwrap();
        assert_eq!(merged["matches_moved"], 1);
        let page = invoke(&w, "player_matches", json!({"id": ana, "page": 0})).unwrap();
        assert_eq!(page["matches"].as_array().unwrap().len(), 6);
        let rule = invoke(
            &w,
            "set_handicap_rule",
            json!({"factor": 25, "minimum": 20}),
        )
        .unwrap();
        assert_eq!(rule, json!({"factor": 25, "minimum": 20}));
        assert_eq!(invoke(&w, "get_handicap_rule", json!({})).unwrap(), rule);
    }

    #[test]
    fn the_new_match_form_gets_a_distance_from_the_players_recent_average() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite");
        league(&db);
        let w = app(&db);
        let ask = |player: &str, discipline: &str| {
            invoke(
                &w,
                "suggest_target",
                json!({"player": player, "discipline": discipline}),
            )
        };
        // Ana Ruiz, three-cushion: 10/4, 3/3, 5/5, 6/1 = 24 in 13 = 1.846; × 30 = 55.38.
        let s = ask(" ana ruiz ", "three-cushion").unwrap();
        assert_eq!(s["target"], 55);
        assert_eq!(s["average"]["thousandths"], 1846);
        assert_eq!(s["matches"], 4);
        // Libre: 50 in 2 = 25.000 → 750.
        assert_eq!(ask("Ana Ruiz", "libre").unwrap()["target"], 750);
        // The club's rule applies: the minimum wins over a low average.
        invoke(
            &w,
            "set_handicap_rule",
            json!({"factor": 10, "minimum": 30}),
        )
        .unwrap();
        assert_eq!(ask("Ana Ruiz", "three-cushion").unwrap()["target"], 30);
        // No finished match in the discipline, an unknown or partial name: nothing.
        assert_eq!(ask("Carla Díaz", "libre").unwrap(), json!(null));
        assert_eq!(ask("Nobody", "three-cushion").unwrap(), json!(null));
        assert_eq!(ask("Ana", "three-cushion").unwrap(), json!(null));
        assert_eq!(
            ask("Ana Ruiz", "snooker").unwrap_err()["code"],
            "error-unknown-discipline"
        );
    }

    #[test]
    fn bad_requests_come_back_as_codes() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let err = invoke(&w, "player_stats", json!({"id": 5, "request": {}})).unwrap_err();
        assert_eq!(err["code"], "players-error-not-found");
        let err = invoke(
            &w,
            "club_ranking",
            json!({"request": {"discipline": "snooker"}}),
        )
        .unwrap_err();
        assert_eq!(err["code"], "error-unknown-discipline");
        let err = invoke(
            &w,
            "club_ranking",
            json!({"request": {"discipline": "libre", "from": "31/12/2025"}}),
        )
        .unwrap_err();
        assert_eq!(
            (err["code"].as_str(), err["field"].as_str()),
            (Some("stats-error-bad-date"), Some("ranking-from"))
        );
        let err = invoke(
            &w,
            "set_handicap_rule",
            json!({"factor": -1, "minimum": 25}),
        )
        .unwrap_err();
        assert_eq!(
            (err["code"].as_str(), err["field"].as_str()),
            (Some("stats-error-out-of-range"), Some("handicap-factor"))
        );
        let err = invoke(&w, "add_player", json!({"info": {"name": "  "}})).unwrap_err();
        assert_eq!(err["code"], "error-name-empty");
    }

    #[test]
    fn an_export_never_overwrites_an_earlier_one() {
        let dir = tempfile::tempdir().unwrap();
        let a = super::write_new(dir.path(), "carambole-ana", "one").unwrap();
        let b = super::write_new(dir.path(), "carambole-ana", "two").unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read_to_string(a).unwrap(), "one");
        assert!(b.ends_with("carambole-ana-2.csv"));
        assert_eq!(
            super::slug("Carla Díaz / CB Madrid"),
            "carla-díaz-cb-madrid"
        );
    }
}
