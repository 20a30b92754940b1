//! Names and echoed values are safe to show: no invisible characters in names, no raw
//! input in error lines (issue 13 §3).

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::file::{printable, MAX_ECHOED_CHARS};
use carom_core::setup::is_format_char;
use carom_core::*;

fn setup(a: &str, b: &str) -> MatchSetup {
    MatchSetup::race(Discipline::Libre, TableSize::Match, [a, b], 50)
}

#[test]
fn names_with_bidi_or_zero_width_characters_are_refused() {
    for c in [
        '\u{202e}',
        '\u{2066}',
        '\u{2067}',
        '\u{2068}',
        '\u{2069}',
        '\u{200b}',
        '\u{200c}',
        '\u{200d}',
        '\u{200e}',
        '\u{200f}',
        '\u{061c}',
        '\u{feff}',
        '\u{00ad}',
        '\u{e0041}',
    ] {
        let name = format!("Du{c}pont");
        let e = Match::new(setup(&name, "Dupont")).unwrap_err();
        assert_eq!(e.code(), "setup-name-control-chars", "{:x}", u32::from(c));
        let mut s = setup("Dupont", "Durand");
        s.referee = Some(format!("Ar{c}bitre"));
        assert_eq!(
            Match::new(s).unwrap_err().code(),
            "setup-text-control-chars",
            "{:x}",
            u32::from(c)
        );
    }
    assert!(Match::new(setup("Dupont", "Müller-Łukasz")).is_ok());
    assert!(
        Match::new(setup("محمد", "שרה")).is_ok(),
        "right-to-left letters are fine"
    );
}

#[test]
fn the_format_character_table_holds_category_cf_and_nothing_printable() {
    for c in [
        '\u{600}', '\u{605}', '\u{6dd}', '\u{180e}', '\u{2064}', '\u{206f}', '\u{fffb}',
    ] {
        assert!(is_format_char(c), "{:x}", u32::from(c));
    }
    for c in [
        'a', ' ', 'é', '\u{2065}', '\u{2010}', '\u{fffc}', '\u{202f}', 'ا',
    ] {
        assert!(!is_format_char(c), "{:x}", u32::from(c));
    }
}

#[test]
fn printable_escapes_line_breaks_escapes_and_bidi_and_cuts_long_values() {
    assert_eq!(printable("juggle"), "juggle");
    assert_eq!(
        printable("x\nerror: forged\u{1b}[31m\u{202e}\u{200b}\\"),
        "x\\nerror: forged\\u{1b}[31m\\u{202e}\\u{200b}\\\\"
    );
    let long = "é".repeat(200);
    let shown = printable(&long);
    assert_eq!(shown.chars().count(), MAX_ECHOED_CHARS + 1);
    assert!(shown.ends_with('…'));
}

#[test]
fn file_errors_echo_values_from_the_file_escaped_on_one_line() {
    let text = r#"{"format": "carambole-match/1", "discipline": "libre", "table": "match",
        "players": [{"name": "A", "target": 40}, {"name": "B", "target": 40}],
        "events": [{"type": "x\nerror: forged \u001b[2J"}]}"#;
    let e = MatchFile::parse(text).unwrap_err();
    let texts = e.message().args.into_iter().filter_map(|(_, a)| match a {
        Arg::Text(t) => Some(t),
        _ => None,
    });
    for line in texts.chain([e.to_string()]) {
        assert!(!line.contains('\n') && !line.contains('\u{1b}'), "{line:?}");
    }
    assert!(
        e.to_string().contains("x\\nerror: forged \\u{1b}[2J"),
        "{e}"
    );
    let text = "{\"format\": \"\u{202e}1/hctam-elobmarac\", \"discipline\": \"libre\", \
        \"table\": \"match\", \"players\": [{\"name\": \"A\", \"target\": 40}, \
        {\"name\": \"B\", \"target\": 40}], \"events\": []}";
    let e = MatchFile::parse(text).unwrap_err();
    assert!(!e.to_string().contains('\u{202e}'), "{e}");
    assert!(e.to_string().contains("\\u{202e}1/hctam"), "{e}");
}
