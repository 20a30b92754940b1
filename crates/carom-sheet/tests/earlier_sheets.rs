//! Sheets signed by earlier versions of the app still verify: their pages were printed in
//! the wording of their day, and verification must render them the same way however the
//! app's messages and template have changed since.
//!
//! `tests/fixtures/signed-1-*.pdf` were signed with the fixture key (`fixtures::device_key`)
//! by the code of wording 1 (before the typography of issue 32: French non-breaking spaces,
//! "l'acquit", the title without an empty competition), from `fixtures::three_cushion_equalizing`
//! (seeds 1 and 2, the second with the competition removed) and `fixtures::three_cushion_sets(6)`.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use carom_i18n::Lang;
use carom_sheet::{fixtures, verify_pdf};

fn signed_fixtures() -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
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

#[test]
fn sheets_signed_with_the_first_wording_still_verify() {
    let sheets = signed_fixtures();
    assert_eq!(
        sheets.len(),
        5,
        "{:?}",
        sheets.iter().map(|s| &s.0).collect::<Vec<_>>()
    );
    for (name, pdf) in sheets {
        let verified = verify_pdf(&pdf).unwrap_or_else(|e| panic!("{name}: {e}"));
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
