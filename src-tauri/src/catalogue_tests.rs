//! The shell against carom-api's catalogue: the one command `call` runs every catalogue
//! command the web view is granted and refuses the others, the capability file grants
//! `call` and nothing else of the app's, and the UI calls exactly the granted commands
//! (it builds their carom-api requests for `backend::call`).

use std::collections::BTreeSet;
use std::path::Path;

use carom_api::COMMANDS;
use serde_json::json;

use crate::test_support::{app, call, invoke};

fn not_found(answer: &Result<serde_json::Value, serde_json::Value>) -> bool {
    matches!(answer, Err(serde_json::Value::String(s)) if s.contains("not found"))
}

/// Whether `call` refused `answer` as not a command of the web view.
fn refused(answer: &Result<serde_json::Value, serde_json::Value>) -> bool {
    matches!(answer, Err(e) if e["code"] == "error-internal"
        && e["args"]["detail"].as_str().is_some_and(|d| d.contains("not a command of the web view")))
}

/// The commands the web view could call before they all went through `call` (one Tauri
/// command each then, granted one by one in the capability file): it may call these
/// and no others still.
const GRANTED_BEFORE: &[&str] = &[
    "get_settings",
    "set_language",
    "list_matches",
    "restore_backup",
    "start_match",
    "open_match",
    "play",
    "unfinished_matches",
    "open_scoreboard",
    "player_names",
    "get_preferences",
    "set_preferences",
    "list_players",
    "add_player",
    "update_player",
    "merge_players",
    "player_matches",
    "player_stats",
    "club_ranking",
    "get_handicap_rule",
    "set_handicap_rule",
    "export_player_stats_csv",
    "export_ranking_csv",
    "get_sheet",
    "save_reclamation",
    "sign_sheet",
    "export_sheet_pdf",
    "pick_and_check_sheet",
    "history",
    "trash_match",
    "restore_from_trash",
    "pick_and_import_match_files",
    "pick_and_export_match_file",
    "pick_and_backup_database",
    "pick_backup_file",
    "list_backups",
    "restore_offered_backup",
    "speak",
    "suggest_target",
];

#[test]
fn call_runs_every_granted_catalogue_command_and_refuses_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"), dir.path());
    let mut ran = BTreeSet::new();
    for c in COMMANDS {
        // Without arguments most commands refuse them; a granted one is run, not refused.
        let answer = call(&w, c.name, json!({}));
        assert!(!not_found(&answer), "{}: {answer:?}", c.name);
        assert_eq!(!refused(&answer), c.granted, "{}: {answer:?}", c.name);
        if c.granted {
            ran.insert(c.name);
        }
    }
    assert_eq!(ran, GRANTED_BEFORE.iter().copied().collect());
    assert!(refused(&call(&w, "launch_missiles", json!({}))));
    // The catalogue's names are not Tauri commands of their own.
    assert!(not_found(&invoke(&w, "play", json!({}))));
    let listed = call(&w, "list_matches", serde_json::Value::Null);
    assert_eq!(listed, Ok(json!([])));
}

#[test]
fn the_capability_file_grants_call_and_the_events_and_nothing_else() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities/default.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let granted: BTreeSet<String> = file["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    let expected: BTreeSet<String> = ["core:event:default", "allow-call"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(granted, expected);
    assert_eq!(file["windows"], json!(["main", "scoreboard-*"]));
}

/// Each command's name with its request type's name, from the catalogue.
macro_rules! request_types {
    ($($name:ident: $req:ident => $out:ty, $granted:literal $(, $effects:expr)?
        $(=> tells $news:ident)?;)*) => {
        &[$((stringify!($name), stringify!($req))),*]
    };
}

const REQUEST_TYPES: &[(&str, &str)] = carom_api::for_each_command!(request_types);

/// Whether `text` builds a value of type `name` (`Name {` or `Name{`), as a whole word.
fn builds(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].trim_start();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.starts_with('{')
    })
}

/// The commands the UI's sources call: the catalogue requests they build for
/// `backend::call`.
fn ui_calls() -> BTreeSet<String> {
    fn sources(dir: &Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut text = String::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../src-ui/src"),
        &mut text,
    );
    assert!(
        !text.contains("tauri_invoke(\""),
        "the UI names no command by a string"
    );
    REQUEST_TYPES
        .iter()
        .filter(|(_, ty)| builds(&text, ty))
        .map(|(name, _)| (*name).to_owned())
        .collect()
}

#[test]
fn the_ui_calls_exactly_the_granted_commands() {
    let granted: BTreeSet<String> = COMMANDS
        .iter()
        .filter(|c| c.granted)
        .map(|c| c.name.to_owned())
        .collect();
    assert_eq!(ui_calls(), granted);
}
