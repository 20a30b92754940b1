//! The shell against carom-api's catalogue: the Tauri handler answers every catalogue
//! command, the capability file grants exactly the granted ones, and the UI calls exactly
//! those.

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

/// `text` after a leading turbofish (`::<_, Vec<T>>`), nested angle brackets included.
fn skip_turbofish(text: &str) -> &str {
    let Some(generics) = text.strip_prefix("::<") else {
        return text;
    };
    let mut depth = 1;
    for (i, c) in generics.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return &generics[i + 1..];
        }
    }
    ""
}

/// The command names the UI's sources call (`invoke("name", …)` or a catalogue
/// request type's `NAME`).
fn ui_calls() -> BTreeSet<String> {
    fn visit(dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                visit(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let mut rest = text.as_str();
                while let Some(at) = rest.find("invoke") {
                    rest = &rest[at + "invoke".len()..];
                    if let Some(args) = skip_turbofish(rest).strip_prefix('(') {
                        let args = args.trim_start();
                        if let Some(quoted) = args.strip_prefix('"') {
                            if let Some(end) = quoted.find('"') {
                                out.insert(quoted[..end].to_owned());
                            }
                        }
                    }
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    visit(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../src-ui/src"),
        &mut out,
    );
    out
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
