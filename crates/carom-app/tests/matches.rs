//! Creating, starting, opening and playing matches through the catalogue.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use carom_api::{Error, ErrorCode, FormField, OpenScoreboard};
use serde_json::{json, Value};
use support::{app, in_memory_app, invoke};

fn setup(discipline: &str, target: u32) -> Value {
    json!({"setup": {"discipline": discipline, "table": "match",
        "players": [{"name": "Caudron", "target": target}, {"name": "Jaspers", "target": target}]}})
}

#[test]
fn a_match_started_through_the_command_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let started = invoke(&w, "start_match", setup("three-cushion", 40)).unwrap();
    let list = invoke(&w, "list_matches", json!({})).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], started["id"]);
    assert_eq!(list[0]["players"][0]["name"], "Caudron");
}

#[test]
fn bad_input_comes_back_as_a_code_and_a_field_not_prose() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    for (name, target, field, code) in [
        ("", 40, "player-a-name", "error-setup-name-empty"),
        ("A", 0, "player-a-target", "error-setup-target-out-of-range"),
        (
            "A",
            carom_store::MAX_TARGET + 1,
            "player-a-target",
            "error-setup-target-out-of-range",
        ),
    ] {
        let mut s = setup("three-cushion", 40);
        s["setup"]["players"][0] = json!({"name": name, "target": target});
        let err = invoke(&w, "start_match", s).unwrap_err();
        assert_eq!(
            (err["field"].as_str(), err["code"].as_str()),
            (Some(field), Some(code))
        );
    }
    assert_eq!(invoke(&w, "list_matches", json!({})).unwrap(), json!([]));
}

fn play(
    w: &carom_app::App,
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
fn started(w: &carom_app::App, target: u32) -> i64 {
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
fn an_app_over_an_in_memory_database_plays_and_refuses_as_over_a_file() {
    let w = in_memory_app();
    assert!(w.db_path().as_os_str().is_empty());
    let id = started(&w, 40);
    assert_eq!(
        play(&w, id, 3, Some(0), json!({"type": "carom"})).unwrap()["events"],
        4
    );
    let stale = play(&w, id, 3, Some(0), json!({"type": "carom"})).unwrap_err();
    assert_eq!(stale["code"], "error-stale-action");
    let opened = invoke(&w, "open_match", json!({"id": id})).unwrap();
    assert_eq!(opened["events"].as_array().unwrap().len(), 4);
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
    assert_eq!(
        (&err["args"]["expected"], &err["args"]["found"]),
        (&json!(3), &json!(4))
    );
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
    let err = play(&w, 999, 0, None, json!({"type": "undo"})).unwrap_err();
    assert_eq!(err["code"], "error-match-not-found");
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

#[test]
fn the_same_person_cannot_play_both_sides_of_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let same = Error::from(ErrorCode::SamePlayerBothSides).at(FormField::PlayerBName);
    // The store would keep " Jaspers " and "Jaspers" (no club) as one player.
    let mut s = setup("three-cushion", 40);
    s["setup"]["players"][0]["name"] = json!(" Jaspers ");
    let err = invoke(&w, "start_match", s).unwrap_err();
    assert_eq!(serde_json::from_value::<Error>(err).unwrap(), same);
    // The same name and club.
    let mut s = setup("three-cushion", 40);
    s["setup"]["players"][0] = json!({"name": "Jaspers", "target": 40, "club": "Ghent"});
    s["setup"]["players"][1] = json!({"name": "Jaspers ", "target": 40, "club": " Ghent"});
    let err = invoke(&w, "start_match", s.clone()).unwrap_err();
    assert_eq!(serde_json::from_value::<Error>(err).unwrap(), same);
    assert_eq!(invoke(&w, "list_matches", json!({})).unwrap(), json!([]));
    // Another club is another player of the store, another person.
    s["setup"]["players"][1]["club"] = json!("Lille");
    assert!(invoke(&w, "start_match", s).is_ok());
    // An empty name is said as such, not as the same player twice.
    let mut s = setup("three-cushion", 40);
    s["setup"]["players"][0]["name"] = json!(" ");
    s["setup"]["players"][1]["name"] = json!(" ");
    let err = invoke(&w, "start_match", s).unwrap_err();
    assert_eq!(err["code"], "error-setup-name-empty");
}

#[test]
fn the_scoreboard_is_opened_by_the_platform() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    w.open_scoreboard(OpenScoreboard { id: 4 }).unwrap();
    assert_eq!(*w.scoreboards.lock().unwrap(), [4]);
}

#[test]
fn an_unknown_command_is_an_internal_error_and_bad_arguments_an_invalid_request_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    assert_eq!(
        invoke(&w, "launch_missiles", json!({})).unwrap_err()["code"],
        "error-internal"
    );
    assert_eq!(
        invoke(&w, "open_match", json!({"id": "four"})).unwrap_err()["code"],
        "error-request-invalid"
    );
}

#[test]
fn dispatch_routes_every_catalogue_command() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    for c in carom_api::COMMANDS {
        // Without arguments most commands refuse them; none may be unknown.
        let call = carom_api::Call {
            command: c.name.to_owned(),
            args: Some(json!({})),
        };
        if let Err(e) = w.dispatch(call).into_result() {
            let unknown = ErrorCode::internal(format!("unknown command {}", c.name));
            assert_ne!(e.code, unknown, "{}", c.name);
        }
    }
}

#[test]
fn a_play_tells_its_match_a_refused_one_and_a_reading_tell_nothing() {
    let w = in_memory_app();
    let id = started(&w, 40);
    let call = |command: &str, args: Value| {
        w.dispatch(carom_api::Call {
            command: command.to_owned(),
            args: Some(args),
        })
    };
    let played = call(
        "play",
        json!({"id": id, "expected_seq": 3, "player": 0, "event": {"type": "carom"}}),
    );
    assert_eq!(played.reply_json(), r#"{"ok":{"events":4}}"#);
    assert_eq!(
        played.news,
        Some(carom_api::News::MatchUpdated(carom_api::Updated {
            id,
            events: 4
        }))
    );
    let stale = call(
        "play",
        json!({"id": id, "expected_seq": 3, "player": 0, "event": {"type": "carom"}}),
    );
    assert!(stale.reply_json().starts_with(r#"{"error":"#));
    assert_eq!(stale.news, None);
    assert_eq!(call("list_matches", json!({})).news, None);
    let language = call("set_language", json!({"language": "fr"}));
    assert_eq!(language.news, Some(carom_api::News::SettingsUpdated));
    // A request with no fields may leave its arguments out.
    let bare = w.dispatch(carom_api::Call::<Value> {
        command: "list_matches".into(),
        args: None,
    });
    assert!(bare.into_result().is_ok());
}
