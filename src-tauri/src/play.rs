//! The referee's commands: start a match from its full set-up, open it, apply an action,
//! list the unfinished matches to resume, open the spectator scoreboard window.
//!
//! Every answer comes after the store committed. An action carries the number of events
//! the screen showed (`expected_seq`) and the player it showed at the table: when either
//! no longer holds — a late tap after a change of turn — it is refused, and nothing is
//! credited to anyone.

use carom_core::{Event, MatchSetup, Message, Phase, Player, SetupError};
use carom_store::{Store, StoreError};
use serde::Serialize;
use tauri::{AppHandle, Emitter, Manager, Runtime, State};

use crate::{AppState, IpcError};

/// An error from a core [`Message`]: its id as the code, its arguments.
pub(crate) fn message_error(m: &Message) -> IpcError {
    let mut e = IpcError::new(m.id);
    for (k, v) in &m.args {
        e = match v {
            carom_core::Arg::Number(n) | carom_core::Arg::Decimal(n) => e.arg(k, *n),
            carom_core::Arg::Text(s) => e.arg(k, s.clone()),
        };
    }
    e
}

/// The form field a set-up error is about (the new-match form's ids).
fn form_field(e: &SetupError) -> String {
    let path = e.field();
    match path.as_str() {
        "players[0].name" => "player-a-name".into(),
        "players[1].name" => "player-b-name".into(),
        "players[0].target" => "player-a-target".into(),
        "players[1].target" => "player-b-target".into(),
        "innings_limit" => "innings-limit".into(),
        "sets.best_of" | "sets.target" => "set-target".into(),
        "shot_clock" => "shot-clock".into(),
        "table_name" => "table-name".into(),
        other => other.replace('_', "-"),
    }
}

fn setup_error(e: &SetupError) -> IpcError {
    let mut err = message_error(&e.message());
    err.field = Some(form_field(e));
    err
}

fn store_error(e: StoreError) -> IpcError {
    match e {
        StoreError::Play(p) => message_error(&p.message()),
        StoreError::Setup(s) => setup_error(&s),
        other => IpcError::from(other),
    }
}

/// A new match's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Started {
    /// Database id.
    pub id: i64,
}

/// Checks the set-up through the core and stores the new match.
#[tauri::command(rename_all = "snake_case")]
pub fn start_match(state: State<'_, AppState>, setup: MatchSetup) -> Result<Started, IpcError> {
    let mut setup = setup;
    for (_, p) in setup.players.iter_mut() {
        p.name = p.name.trim().to_owned();
    }
    if let Err(e) = setup.validate() {
        return Err(setup_error(&e));
    }
    state.with_store(|store| {
        let id = store.create_match_with_setup(setup).map_err(store_error)?;
        Ok(Started { id })
    })
}

/// A stored match: its set-up and every event; the UI replays it with the same core.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpenedMatch {
    /// Database id.
    pub id: i64,
    /// The set-up.
    pub setup: MatchSetup,
    /// Every event, undos included.
    pub events: Vec<Event>,
}

fn opened(store: &mut Store, id: i64) -> Result<OpenedMatch, IpcError> {
    let m = store.load_match(id).map_err(store_error)?;
    Ok(OpenedMatch {
        id,
        setup: m.setup().clone(),
        events: m.events().to_vec(),
    })
}

/// Opens a stored match.
#[tauri::command(rename_all = "snake_case")]
pub fn open_match(state: State<'_, AppState>, id: i64) -> Result<OpenedMatch, IpcError> {
    state.with_store(|store| opened(store, id))
}

/// The answer to an applied action: the match now has `events` events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Applied {
    /// Events in the log after the commit.
    pub events: usize,
}

/// Told to every window after a commit, so that a scoreboard follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Updated {
    /// The match.
    pub id: i64,
    /// Its events after the commit.
    pub events: usize,
}

/// Applies a referee action to match `id`: refused when the screen that sent it was out
/// of date; otherwise validated by the core and committed by the store before the answer.
#[tauri::command(rename_all = "snake_case")]
pub fn play<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: i64,
    expected_seq: usize,
    player: Option<Player>,
    event: Event,
) -> Result<Applied, IpcError> {
    let applied = state.with_store(|store| {
        let view = store.match_view(id).map_err(store_error)?;
        if view.at_table != player {
            let name = view
                .at_table
                .map(|p| view.players[p].name.clone())
                .unwrap_or_default();
            return Err(IpcError::new("error-turn-changed").arg("name", name));
        }
        if view.events != expected_seq {
            return Err(IpcError::new("error-stale-action")
                .arg("expected", expected_seq as i64)
                .arg("found", view.events as i64));
        }
        let now = chrono::Utc::now();
        let after = store.append_event(id, event, now).map_err(store_error)?;
        Ok(Applied {
            events: after.events,
        })
    })?;
    // A window that cannot be told will read the match when it next opens it.
    let _ = app.emit(
        "match-updated",
        Updated {
            id,
            events: applied.events,
        },
    );
    Ok(applied)
}

/// An unfinished match as the home screen offers it: where it stopped.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResumeItem {
    /// Database id.
    pub id: i64,
    /// Discipline.
    pub discipline: carom_core::Discipline,
    /// Both names.
    pub names: [String; 2],
    /// Both scores in the current game.
    pub scores: [u32; 2],
    /// Phase.
    pub phase: Phase,
    /// The player at the table.
    pub at_table: Option<Player>,
    /// His run.
    pub current_run: u32,
}

/// Every unfinished match, newest first, rebuilt from its log.
#[tauri::command(rename_all = "snake_case")]
pub fn unfinished_matches(state: State<'_, AppState>) -> Result<Vec<ResumeItem>, IpcError> {
    state.with_store(|store| {
        let list = store.unfinished_matches().map_err(store_error)?;
        Ok(list
            .into_iter()
            .map(|m| ResumeItem {
                id: m.row.id,
                discipline: m.view.discipline,
                names: [
                    m.view.players[Player::A].name.clone(),
                    m.view.players[Player::B].name.clone(),
                ],
                scores: [
                    m.view.players[Player::A].score,
                    m.view.players[Player::B].score,
                ],
                phase: m.view.phase,
                at_table: m.view.at_table,
                current_run: m.view.current_run,
            })
            .collect())
    })
}

/// Names for the new-match form's type-ahead: the roster, then everyone who played here.
#[tauri::command(rename_all = "snake_case")]
pub fn player_names(state: State<'_, AppState>) -> Result<Vec<String>, IpcError> {
    state.with_store(|store| {
        let mut names: Vec<String> = store.players(None)?.into_iter().map(|p| p.name).collect();
        for m in store.list_matches(500)? {
            names.extend(m.players.into_iter().map(|p| p.name));
        }
        let mut seen = std::collections::BTreeSet::new();
        names.retain(|n| seen.insert(n.to_lowercase()));
        Ok(names)
    })
}

/// Opens the spectator scoreboard of match `id` in a window of its own (or brings it
/// forward). The page learns which match from an initialization script.
#[tauri::command(async, rename_all = "snake_case")]
pub async fn open_scoreboard<R: Runtime>(app: AppHandle<R>, id: i64) -> Result<(), IpcError> {
    let label = format!("scoreboard-{id}");
    let internal = |e: tauri::Error| IpcError::new("error-internal").arg("detail", e.to_string());
    if let Some(w) = app.get_webview_window(&label) {
        return w.set_focus().map_err(internal);
    }
    tauri::WebviewWindowBuilder::new(&app, &label, tauri::WebviewUrl::App("index.html".into()))
        .title("Carambole")
        .inner_size(1280.0, 800.0)
        .initialization_script(format!("window.__CARAMBOLE_SCOREBOARD__ = {id};"))
        .build()
        .map_err(internal)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::test_support::{app, invoke};

    fn setup(discipline: &str, target: u32) -> Value {
        json!({"setup": {"discipline": discipline, "table": "match",
            "players": [{"name": "Caudron", "target": target}, {"name": "Jaspers", "target": target}]}})
    }

    fn play(
        w: &crate::test_support::Window,
        id: i64,
        seq: usize,
        player: Option<u8>,
        event: Value,
    ) -> Result<Value, Value> {
        invoke(
            w,
            "play",
            json!({"id": id, "expected_seq": seq, "player": player, "event": event}),
        )
    }

    /// Lag won by Caudron, who breaks: 3 events, Caudron (0) at the table.
    fn started(w: &crate::test_support::Window, target: u32) -> i64 {
        let id = invoke(w, "start_match", setup("three-cushion", target)).unwrap()["id"]
            .as_i64()
            .unwrap();
        play(w, id, 0, None, json!({"type": "lag", "winner": 0})).unwrap();
        play(
            w,
            id,
            1,
            None,
            json!({"type": "choose-breaker", "player": 0}),
        )
        .unwrap();
        play(
            w,
            id,
            2,
            None,
            json!({"type": "break", "player": 0, "at": 1000}),
        )
        .unwrap();
        id
    }

    #[test]
    fn a_match_is_played_through_the_commands_and_reopened_as_committed() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let id = started(&w, 40);
        assert_eq!(
            play(&w, id, 3, Some(0), json!({"type": "carom", "at": 2000})).unwrap()["events"],
            4
        );
        assert_eq!(
            play(&w, id, 4, Some(0), json!({"type": "miss"})).unwrap()["events"],
            5
        );
        let opened = invoke(&w, "open_match", json!({"id": id})).unwrap();
        assert_eq!(opened["events"].as_array().unwrap().len(), 5);
        assert_eq!(opened["setup"]["players"][1]["name"], "Jaspers");
        assert_eq!(
            invoke(&w, "player_names", json!({})).unwrap(),
            json!(["Caudron", "Jaspers"])
        );
        let resume = invoke(&w, "unfinished_matches", json!({})).unwrap();
        assert_eq!(resume[0]["scores"], json!([1, 0]));
        assert_eq!(resume[0]["at_table"], 1);
    }

    #[test]
    fn a_late_tap_after_the_turn_changed_is_refused_and_credited_to_nobody() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let id = started(&w, 40);
        // The miss passes the turn to Jaspers; a carom tapped for Caudron arrives after.
        play(&w, id, 3, Some(0), json!({"type": "miss"})).unwrap();
        let err = play(&w, id, 4, Some(0), json!({"type": "carom"})).unwrap_err();
        assert_eq!(err["code"], "error-turn-changed");
        assert_eq!(err["args"]["name"], "Jaspers");
        // A tap aimed at an older state is refused too.
        let err = play(&w, id, 3, Some(1), json!({"type": "carom"})).unwrap_err();
        assert_eq!(err["code"], "error-stale-action");
        let opened = invoke(&w, "open_match", json!({"id": id})).unwrap();
        assert_eq!(opened["events"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn an_impossible_action_comes_back_as_the_cores_message_code() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let id = invoke(&w, "start_match", setup("three-cushion", 40)).unwrap()["id"]
            .as_i64()
            .unwrap();
        let err = play(&w, id, 0, None, json!({"type": "carom"})).unwrap_err();
        assert_eq!(err["code"], "error-play-not-started");
        let err = play(&w, id, 0, None, json!({"type": "undo"})).unwrap_err();
        assert_eq!(err["code"], "error-play-nothing-to-undo");
    }

    #[test]
    fn an_invalid_set_up_names_the_form_field() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let mut s = setup("libre", 0);
        s["setup"]["players"][0]["target"] = json!(50);
        let err = invoke(&w, "start_match", s).unwrap_err();
        assert_eq!(
            (err["code"].as_str(), err["field"].as_str()),
            (
                Some("error-setup-target-out-of-range"),
                Some("player-b-target")
            )
        );
        let mut s = setup("libre", 50);
        s["setup"]["players"][1]["name"] = json!("   ");
        let err = invoke(&w, "start_match", s).unwrap_err();
        assert_eq!(err["field"], "player-b-name");
        assert_eq!(
            invoke(&w, "unfinished_matches", json!({})).unwrap(),
            json!([])
        );
    }
}
