//! Checking a signed score sheet PDF: one this device exported is genuine and says what
//! it certifies; a copy with a page or the sealed match file changed is not, and says
//! why; a file that is no PDF, or far too large, is answered plainly.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::{json, Value};
use support::{app, fixture, invoke};

/// A finished match, signed by the three, exported to `dir/Dupont-Martin-<today>.pdf`.
fn exported_sheet(w: &carom_app::App) -> (i64, std::path::PathBuf) {
    let report = invoke(
        w,
        "import_match_files",
        json!({"paths": [fixture("fmt-1-handicap-libre.json")]}),
    )
    .unwrap();
    let id = report["files"][0]["id"].as_i64().unwrap();
    let pad = json!({"width": 600, "height": 200, "strokes": [[[1, 2], [30, 40]]]});
    for (role, name) in [
        ("referee", "Ceulemans"),
        ("player-1", "Dupont"),
        ("player-2", "Martin"),
    ] {
        invoke(
            w,
            "sign_sheet",
            json!({"match_id": id, "role": role, "name": name, "strokes": pad}),
        )
        .unwrap();
    }
    let saved = invoke(
        w,
        "export_sheet_pdf",
        json!({"match_id": id, "language": "fr"}),
    )
    .unwrap();
    let saved = std::path::PathBuf::from(saved.as_str().unwrap());
    // Named after its players and the date on the sheet: this match has none, nor a timed
    // event, so the day it was imported.
    let today = chrono::Local::now().format("%Y-%m-%d");
    assert_eq!(
        saved.file_name().unwrap().to_string_lossy(),
        format!("Dupont-Martin-{today}.pdf")
    );
    (id, saved)
}

/// Checks the one PDF in the dialog folder, as the history's button does.
fn check(w: &carom_app::App) -> Value {
    invoke(w, "pick_and_check_sheet", json!({"language": "en"})).unwrap()
}

/// `pdf` with `edit` applied to its parsed document, saved again.
fn edited(pdf: &[u8], edit: impl FnOnce(&mut lopdf::Document)) -> Vec<u8> {
    let mut doc = lopdf::Document::load_mem(pdf).unwrap();
    edit(&mut doc);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// The embedded file stream of `match.json`.
fn match_json_stream(doc: &lopdf::Document) -> lopdf::ObjectId {
    let tree = doc
        .catalog()
        .unwrap()
        .get_deref(b"Names", doc)
        .unwrap()
        .as_dict()
        .unwrap()
        .get_deref(b"EmbeddedFiles", doc)
        .unwrap()
        .as_dict()
        .unwrap()
        .get_deref(b"Names", doc)
        .unwrap()
        .as_array()
        .unwrap();
    tree.chunks(2)
        .find_map(|pair| {
            let name = doc.dereference(&pair[0]).unwrap().1.as_str().unwrap();
            let name = String::from_utf8_lossy(name).replace('\0', "");
            if !name.ends_with("match.json") {
                return None;
            }
            let spec = doc.dereference(&pair[1]).unwrap().1.as_dict().unwrap();
            let ef = spec.get_deref(b"EF", doc).unwrap().as_dict().unwrap();
            Some(ef.get(b"F").unwrap().as_reference().unwrap())
        })
        .expect("match.json is attached")
}

#[test]
fn a_sheet_exported_here_is_genuine_and_says_whom_it_certifies() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let (id, pdf) = exported_sheet(&w);
    let sheet = invoke(&w, "get_sheet", json!({"match_id": id})).unwrap();

    let checked = check(&w);
    assert_eq!(checked["file"], pdf.file_name().unwrap().to_str().unwrap());
    let verdict = &checked["verdict"];
    assert_eq!(verdict["kind"], "genuine", "{checked}");
    assert_eq!(verdict["discipline"], "libre");
    for p in 0..2 {
        let player = &sheet["sheet"]["players"][p];
        assert_eq!(verdict["players"][p]["name"], player["name"]);
        assert_eq!(verdict["players"][p]["points"], player["totals"]["points"]);
        assert_eq!(
            verdict["players"][p]["innings"],
            player["totals"]["innings"]
        );
    }
    assert_eq!(verdict["players"][0]["name"], "Dupont");
    assert_eq!(verdict["players"][1]["name"], "Martin");
    assert_eq!(verdict["winner"], sheet["sheet"]["result"]["winner"]);
    assert_eq!(verdict["forfeit"], false);
    assert_eq!(verdict["referee"], "Ceulemans");
    assert_eq!(verdict["language"], "fr");
    assert_eq!(
        verdict["fingerprint"],
        w.device_key().unwrap().fingerprint(),
        "the key the CLI prints"
    );
    assert_eq!(verdict["signed_here"], true);
    assert_eq!(verdict["digest"].as_str().unwrap().len(), 64);

    // The same sheet checked on another device: genuine, signed elsewhere.
    let other = tempfile::tempdir().unwrap();
    let elsewhere = app(&other.path().join("db.sqlite"));
    std::fs::copy(&pdf, other.path().join("from-the-club.pdf")).unwrap();
    let checked = check(&elsewhere);
    assert_eq!(checked["file"], "from-the-club.pdf");
    assert_eq!(checked["verdict"]["kind"], "genuine");
    assert_eq!(
        checked["verdict"]["signed_here"], false,
        "that device has no key of its own yet, and checking makes none"
    );
    assert_eq!(checked["verdict"]["fingerprint"], verdict["fingerprint"]);
}

#[test]
fn a_sheet_whose_page_or_sealed_match_file_was_changed_is_not_genuine_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    let (_, pdf) = exported_sheet(&w);
    let original = std::fs::read(&pdf).unwrap();

    // A line drawn on page 1.
    let drawn = edited(&original, |doc| {
        let page = *doc.get_pages().get(&1).unwrap();
        let mut content = doc.get_page_content(page);
        content.extend_from_slice(b"\n0 0 m 200 200 l S\n");
        doc.change_page_content(page, content).unwrap();
    });
    std::fs::write(&pdf, &drawn).unwrap();
    let verdict = check(&w)["verdict"].clone();
    assert_eq!(verdict["kind"], "not-genuine", "{verdict}");
    assert_eq!(verdict["fault"], "pages-differ");
    assert_eq!(verdict["reason"]["code"], "sheet-verify-page-differs");
    assert_eq!(verdict["reason"]["args"]["page"], 1);
    assert_eq!(verdict["reason"]["args"]["part"], "content");

    // The sealed match file with a player renamed.
    let renamed = edited(&original, |doc| {
        let id = match_json_stream(doc);
        let stream = doc.get_object_mut(id).unwrap().as_stream_mut().unwrap();
        let bytes = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        let text = String::from_utf8(bytes)
            .unwrap()
            .replace("Dupont", "Dupond");
        stream.dict.remove(b"Filter");
        stream.dict.remove(b"DecodeParms");
        stream.set_content(text.into_bytes());
    });
    std::fs::write(&pdf, &renamed).unwrap();
    let verdict = check(&w)["verdict"].clone();
    assert_eq!(verdict["kind"], "not-genuine", "{verdict}");
    assert_eq!(verdict["fault"], "seal-broken");
    assert_eq!(verdict["reason"]["code"], "sheet-verify-digest-mismatch");

    // The sealed match file and its seal taken out: a PDF, but no score sheet.
    let stripped = edited(&original, |doc| {
        doc.catalog_mut().unwrap().remove(b"Names");
    });
    std::fs::write(&pdf, &stripped).unwrap();
    let verdict = check(&w)["verdict"].clone();
    assert_eq!(verdict["fault"], "not-a-sheet", "{verdict}");
    assert_eq!(verdict["reason"]["code"], "sheet-verify-attachment-missing");

    // A byte flipped anywhere: never a panic, and never another match or score.
    let step = original.len() / 12;
    for at in (step..original.len()).step_by(step) {
        let mut flipped = original.clone();
        flipped[at] ^= 0x20;
        std::fs::write(&pdf, &flipped).unwrap();
        let checked = invoke(&w, "pick_and_check_sheet", json!({"language": "fr"}));
        let Ok(checked) = checked else {
            panic!("byte {at}: {checked:?}");
        };
        let verdict = &checked["verdict"];
        if verdict["kind"] == "genuine" {
            assert_eq!(verdict["players"][0]["name"], "Dupont", "byte {at}");
            assert_eq!(verdict["players"][1]["name"], "Martin", "byte {at}");
        } else {
            assert!(
                verdict["reason"]["code"].is_string(),
                "byte {at}: {verdict}"
            );
        }
    }
}

#[test]
fn a_file_that_is_no_pdf_or_far_too_large_is_answered_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    std::fs::write(dir.path().join("notes.pdf"), b"Dupont 30 - Martin 20").unwrap();
    let verdict = check(&w)["verdict"].clone();
    assert_eq!(verdict["kind"], "not-genuine", "{verdict}");
    assert_eq!(verdict["fault"], "not-a-pdf");
    assert_eq!(verdict["reason"]["code"], "sheet-verify-not-a-pdf");
    std::fs::remove_file(dir.path().join("notes.pdf")).unwrap();

    let big = std::fs::File::create(dir.path().join("huge.pdf")).unwrap();
    big.set_len(carom_app::MAX_SHEET_BYTES + 1).unwrap();
    let err = invoke(&w, "pick_and_check_sheet", json!({"language": "en"})).unwrap_err();
    assert_eq!(err["code"], "check-error-too-large");
    assert_eq!(err["args"]["max"], carom_app::MAX_SHEET_BYTES);
    std::fs::remove_file(dir.path().join("huge.pdf")).unwrap();

    // Nothing picked (the dialog was cancelled, or the folder holds no PDF).
    assert_eq!(
        invoke(&w, "pick_and_check_sheet", json!({"language": "en"})).unwrap(),
        Value::Null
    );
    drop(w);
    let cancelled = support::app_with(&dir.path().join("db.sqlite"), None);
    assert_eq!(
        invoke(
            &cancelled,
            "pick_and_check_sheet",
            json!({"language": "en"})
        )
        .unwrap(),
        Value::Null
    );
}
