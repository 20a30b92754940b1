//! The shell against carom-api's catalogue: the Tauri handler answers every catalogue
//! command, the capability file grants exactly the granted ones, and the UI calls exactly
//! those (it builds their carom-api requests for `backend::call`).

use std::collections::BTreeSet;
use std::path::Path;

use carom_api::COMMANDS;
use serde_json::json;

use crate::test_support::{app, invoke};

fn not_found(answer: &Result<serde_json::Value, serde_json::Value>) -> bool {
    matches!(answer, Err(serde_json::Value::String(s)) if s.contains("not found"))
}

#[test]
fn the_tauri_handler_answers_every_catalogue_command_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"), dir.path());
    for c in COMMANDS {
        // Without arguments most commands refuse them; none may be unknown.
        let answer = invoke(&w, c.name, json!({}));
        assert!(!not_found(&answer), "{}: {answer:?}", c.name);
    }
    assert!(not_found(&invoke(&w, "launch_missiles", json!({}))));
}

#[test]
fn the_capability_file_grants_exactly_the_catalogues_granted_commands() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities/default.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let granted: BTreeSet<String> = file["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    let mut expected: BTreeSet<String> = COMMANDS
        .iter()
        .filter(|c| c.granted)
        .map(|c| format!("allow-{}", c.name.replace('_', "-")))
        .collect();
    expected.insert("core:event:default".into());
    assert_eq!(granted, expected);
}

/// Each command's name with its request type's name, from the catalogue.
macro_rules! request_types {
    ($($name:ident: $req:ident => $out:ty, $granted:literal;)*) => {
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
