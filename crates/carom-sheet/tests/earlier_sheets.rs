//! Sheets signed by earlier versions of the app still verify: their pages were printed in
//! the wording of their day, and verification must render them the same way however the
//! app's messages and template have changed since.
//!
//! `tests/fixtures/signed-<wording>-*.pdf` were signed with the fixture key
//! (`fixtures::device_key`) by the code of that wording, from
//! `fixtures::three_cushion_equalizing` (seeds 1 and 2, the second with the competition
//! removed) and `fixtures::three_cushion_sets(6)`: wording 1 before the typography of
//! issue 32 (French non-breaking spaces, "l'acquit", the title without an empty
//! competition), wording 2 with it, before the one word for a match in Spanish
//! ("partida") of wording 3. Each set was written by
//! `write_the_current_wordings_signed_sheets` below, run once before the sheet's words
//! changed.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use carom_i18n::Lang;
use carom_sheet::{fixtures, render_pdf, verify_pdf, RenderOptions, CURRENT_WORDING};

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn signed_fixtures() -> Vec<(String, Vec<u8>)> {
    let dir = fixtures_dir();
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// The sheets each wording is kept by: `(what the fixture is, language)`.
const SIGNED: [(&str, Lang); 5] = [
    ("no-competition", Lang::Fr),
    ("sets", Lang::Fr),
    ("three-cushion", Lang::En),
    ("three-cushion", Lang::Es),
    ("three-cushion", Lang::Fr),
];

/// Signs the sheets of [`SIGNED`] in the app's current wording, as the app prints them,
/// into `tests/fixtures/signed-<CURRENT_WORDING>-*.pdf`. Run it (`cargo test -p carom-sheet
/// --test earlier_sheets -- --ignored`) before the words a sheet prints change, then
/// freeze the current wording (src/wording.rs) and count the new one.
#[test]
#[ignore = "writes the fixtures of the current wording: run once, before its words change"]
fn write_the_current_wordings_signed_sheets() {
    for (stem, lang) in SIGNED {
        let f = match stem {
            "no-competition" => {
                let mut f = fixtures::three_cushion_equalizing(2);
                f.doc.header.competition = String::new();
                f
            }
            "sets" => fixtures::three_cushion_sets(6),
            _ => fixtures::three_cushion_equalizing(1),
        };
        let pdf = render_pdf(
            &f.doc,
            &f.match_file,
            lang,
            &fixtures::device_key(),
            &RenderOptions::default(),
        )
        .unwrap();
        let name = format!("signed-{CURRENT_WORDING}-{stem}-{}.pdf", lang.code());
        std::fs::write(fixtures_dir().join(name), pdf).unwrap();
    }
}

#[test]
fn sheets_signed_with_earlier_wordings_still_verify() {
    let sheets = signed_fixtures();
    let names: Vec<&String> = sheets.iter().map(|s| &s.0).collect();
    // Every wording before the current one keeps its five sheets.
    for wording in 1..CURRENT_WORDING {
        for (stem, lang) in SIGNED {
            let name = format!("signed-{wording}-{stem}-{}.pdf", lang.code());
            assert!(names.contains(&&name), "{name} missing from {names:?}");
        }
    }
    for (name, pdf) in sheets {
        let verified = verify_pdf(&pdf).unwrap_or_else(|e| panic!("{name}: {e}"));
        let wording: u32 = name.split('-').nth(1).unwrap().parse().unwrap();
        assert_eq!(verified.envelope.options.wording, wording, "{name}");
        assert_eq!(
            verified.fingerprint,
            fixtures::device_key().fingerprint(),
            "{name}"
        );
        let lang = name.trim_end_matches(".pdf").rsplit('-').next().unwrap();
        assert_eq!(verified.lang, Lang::from_code(lang).unwrap(), "{name}");
    }
}

#[test]
fn an_earlier_sheet_with_text_taken_off_its_page_is_still_refused() {
    // The old wording is rendered exactly, not waved through: take one piece of text
    // off the page and the sheet no longer verifies.
    let (_, pdf) = signed_fixtures().into_iter().next().unwrap();
    let mut doc = lopdf::Document::load_mem(&pdf).unwrap();
    let page = *doc.get_pages().values().next().unwrap();
    let content = doc.get_page_content(page);
    let mut ops = lopdf::content::Content::decode(&content).unwrap();
    let at = ops
        .operations
        .iter()
        .rposition(|o| o.operator == "TJ" || o.operator == "Tj")
        .unwrap();
    ops.operations.remove(at);
    doc.change_page_content(page, ops.encode().unwrap())
        .unwrap();
    let mut changed = Vec::new();
    doc.save_to(&mut changed).unwrap();
    assert!(verify_pdf(&changed).is_err());
}
