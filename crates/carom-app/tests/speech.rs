//! Spoken announcements: the request is checked, then the platform speaks.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use carom_i18n::Lang;
use serde_json::json;
use support::{app, invoke};

#[test]
fn an_announcement_goes_to_the_platform_cleaned_and_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    invoke(&w, "speak", json!({"text": " Pour 3\n", "lang": "fr"})).unwrap();
    // Nothing to say is not an error: it only stops the voice.
    invoke(&w, "speak", json!({"text": "  ", "lang": "es"})).unwrap();
    assert_eq!(
        *w.said.lock().unwrap(),
        [("Pour 3".to_owned(), Lang::Fr), (String::new(), Lang::Es)]
    );
}

#[test]
fn bad_requests_come_back_as_codes() {
    let dir = tempfile::tempdir().unwrap();
    let w = app(&dir.path().join("db.sqlite"));
    // A language the app does not speak is no `Lang`: refused as the request is read.
    assert_eq!(
        invoke(&w, "speak", json!({"text": "Hola", "lang": "klingon"})).unwrap_err()["code"],
        "error-request-invalid"
    );
    let long = "x".repeat(carom_app::MAX_SPEECH_CHARS + 1);
    let err = invoke(&w, "speak", json!({"text": long, "lang": "es"})).unwrap_err();
    assert_eq!(err["code"], "error-speech-too-long");
    assert_eq!(err["args"]["max"], carom_app::MAX_SPEECH_CHARS);
    assert!(w.said.lock().unwrap().is_empty());
}
