//! Names and echoed values are safe to show: no invisible characters in names, no raw
//! input in error lines (issue 13 §3).

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
