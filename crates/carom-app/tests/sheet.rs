//! The sheet on screen, reclamations, signatures and the sealed PDF.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use carom_i18n::Lang;
use serde_json::{json, Value};
use support::{app, fixture, invoke};

fn imported(w: &carom_app::App) -> i64 {
    let report = invoke(
        w,
        "import_match_files",
        json!({"paths": [fixture("fmt-1-handicap-libre.json")]}),
    )
    .unwrap();
    report["files"][0]["id"].as_i64().unwrap()
}

fn pad() -> Value {
    json!({"width": 600, "height": 200, "strokes": [[[1, 2], [30, 40]]]})
}

fn sign(w: &carom_app::App, id: i64, role: &str, strokes: Value) -> Result<Value, Value> {
    invoke(
        w,
        "sign_sheet",
        json!({"match_id": id, "role": role, "name": "N", "strokes": strokes}),
    )
}

#[test]
fn a_finished_match_is_shown_annotated_signed_and_then_locked() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let id = imported(&w);
    let sheet = invoke(&w, "get_sheet", json!({"match_id": id})).unwrap();
    assert_eq!(sheet["locked"], false);
    assert_eq!(sheet["sheet"]["header"]["discipline"], "libre");
    assert_eq!(sheet["missing"], json!(["referee", "player-1", "player-2"]));
    assert!(!sheet["sheet"]["sets"][0]["rows"]
        .as_array()
        .unwrap()
        .is_empty());

    let sheet = invoke(
        &w,
        "save_reclamation",
        json!({"match_id": id, "player": 1, "text": "The clock ran early."}),
    )
    .unwrap();
    assert_eq!(sheet["reclamations"], json!([null, "The clock ran early."]));
    let err = invoke(
        &w,
        "save_reclamation",
        json!({"match_id": id, "player": 7, "text": "x"}),
    )
    .unwrap_err();
    // A player none of the two is no `Player`: refused as the request is read.
    assert_eq!(err["code"], "error-request-invalid");

    let empty = json!({"width": 600, "height": 200, "strokes": []});
    let err = sign(&w, id, "referee", empty).unwrap_err();
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (
            Some("sign-error-empty-signature"),
            Some("signature-referee")
        )
    );
    // A role none of the three is no `SignerRole`: refused as the request is read.
    let err = sign(&w, id, "coach", pad()).unwrap_err();
    assert_eq!(err["code"], "error-request-invalid");

    for role in ["referee", "player-1", "player-2"] {
        sign(&w, id, role, pad()).unwrap();
    }
    let sheet = invoke(&w, "get_sheet", json!({"match_id": id})).unwrap();
    assert_eq!(sheet["locked"], true);
    assert_eq!(sheet["missing"], json!([]));
    assert_eq!(sheet["signatures"][0]["path"], "M 1 2 L 30 40");
    let err = invoke(
        &w,
        "save_reclamation",
        json!({"match_id": id, "player": 0, "text": "late"}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "error-match-signed");
}

#[test]
fn the_pdf_is_sealed_with_the_devices_key_once_every_signer_signed() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let id = imported(&w);
    let err = w.render_pdf(id, Lang::Fr).unwrap_err();
    assert_eq!(
        serde_json::to_value(&err).unwrap()["code"],
        "sign-missing-signatures"
    );
    let err = invoke(
        &w,
        "export_sheet_pdf",
        json!({"match_id": id, "language": "fr"}),
    )
    .unwrap_err();
    assert_eq!(err["args"]["roles"], "referee,player-1,player-2");
    for role in ["referee", "player-1", "player-2"] {
        sign(&w, id, role, pad()).unwrap();
    }
    let pdf = w.render_pdf(id, Lang::Fr).unwrap();
    let verified = carom_sheet::verify_pdf(&pdf).unwrap();
    assert_eq!(
        verified.fingerprint,
        w.device_key().unwrap().fingerprint(),
        "the same key every time"
    );
    // A language the app does not speak is no `Lang`: the request is refused as it is read.
    let refused = invoke(
        &w,
        "export_sheet_pdf",
        json!({"match_id": id, "language": "de"}),
    )
    .unwrap_err();
    assert_eq!(refused["code"], "error-request-invalid");
    let saved = invoke(
        &w,
        "export_sheet_pdf",
        json!({"match_id": id, "language": "es"}),
    )
    .unwrap();
    let bytes = std::fs::read(saved.as_str().unwrap()).unwrap();
    assert!(bytes.starts_with(b"%PDF"));
}

#[test]
fn an_unfinished_match_has_no_sheet_yet() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let setup = json!({"setup": {"discipline": "libre", "table": "match",
        "players": [{"name": "A", "target": 30}, {"name": "B", "target": 30}]}});
    let id = invoke(&w, "start_match", setup).unwrap()["id"].clone();
    let err = invoke(&w, "get_sheet", json!({"match_id": id})).unwrap_err();
    assert_eq!(err["code"], "sheet-error-match-not-finished");
    let err = invoke(&w, "get_sheet", json!({"match_id": 999})).unwrap_err();
    assert_eq!(err["code"], "error-match-not-found");
}

#[test]
fn a_signed_match_refuses_an_undo_and_leaves_only_after_a_second_confirmation() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let id = imported(&w);
    let opened = invoke(&w, "open_match", json!({"id": id})).unwrap();
    assert_eq!(opened["locked"], false);
    let events = opened["events"].as_array().unwrap().len();
    sign(&w, id, "referee", pad()).unwrap();

    let opened = invoke(&w, "open_match", json!({"id": id})).unwrap();
    assert_eq!(opened["locked"], true, "the screens are told it is signed");
    let undo = json!({"id": id, "expected_seq": events, "player": null,
        "event": {"type": "undo"}});
    let err = invoke(&w, "play", undo).unwrap_err();
    assert_eq!(err["code"], "error-match-signed");

    let err = invoke(&w, "trash_match", json!({"match_id": id})).unwrap_err();
    assert_eq!(err["code"], "error-match-signed-delete");
    assert_eq!(err["args"]["id"], id);
    let listed = invoke(&w, "list_matches", json!({})).unwrap();
    assert_eq!(listed[0]["id"], id, "still listed after the refusal");
    invoke(
        &w,
        "trash_match",
        json!({"match_id": id, "confirm_signed": true}),
    )
    .unwrap();
    let listed = invoke(&w, "list_matches", json!({})).unwrap();
    assert!(listed.as_array().unwrap().iter().all(|m| m["id"] != id));
}

#[test]
fn the_match_list_gives_each_matchs_score() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let id = imported(&w);
    let sheet = invoke(&w, "get_sheet", json!({"match_id": id})).unwrap();
    let listed = invoke(&w, "list_matches", json!({})).unwrap();
    let row = &listed[0];
    assert_eq!(row["id"], id);
    assert_eq!(
        row["points"],
        json!([
            sheet["sheet"]["players"][0]["totals"]["points"],
            sheet["sheet"]["players"][1]["totals"]["points"]
        ])
    );
    assert_ne!(row["points"], json!([0, 0]));
}

#[test]
fn the_referee_name_typed_at_signing_is_the_one_in_the_sheets_header() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let id = imported(&w);
    let named = |role: &str, name: &str| {
        invoke(
            &w,
            "sign_sheet",
            json!({"match_id": id, "role": role, "name": name, "strokes": pad()}),
        )
        .unwrap()
    };
    let sheet = named("referee", "  Raymond Ceulemans ");
    assert_eq!(sheet["sheet"]["header"]["referee"], "Raymond Ceulemans");
    named("player-1", "A");
    named("player-2", "B");
    let pdf = w.render_pdf(id, Lang::En).unwrap();
    let verified = carom_sheet::verify_pdf(&pdf).unwrap();
    assert_eq!(verified.envelope.sheet.header.referee, "Raymond Ceulemans");
}
