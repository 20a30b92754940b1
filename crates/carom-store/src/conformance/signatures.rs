//! Signatures and reclamations: a signed match is locked.

use carom_core::{Discipline, Event, MatchSetup, Player, TableSize};
use chrono::Utc;

use super::{Opener, DB};
use crate::{SignerRole, Store, StoreError};

fn finished(s: &mut Store) -> i64 {
    let id = s
        .create_match_with_setup(
            MatchSetup::race(Discipline::Libre, TableSize::Match, ["A", "B"], 1),
            chrono::Utc::now(),
        )
        .unwrap();
    for e in [
        Event::Lag {
            winner: Some(Player::A),
            relag: None,
            caused_by: None,
            red_touched_by: None,
            at: None,
        },
        Event::ChooseBreaker {
            player: Player::A,
            spot: None,
            at: None,
        },
        Event::break_by(Player::A),
        Event::carom(),
        Event::miss(),
    ] {
        s.append_event(id, e, Utc::now()).unwrap();
    }
    id
}

pub(super) fn a_signed_match_is_locked_against_events_and_reclamations(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let id = finished(&mut s);
    s.set_reclamation(id, 1, "The red was touched.", Utc::now())
        .unwrap();
    let strokes = serde_json::json!([[[1, 2], [3, 4]]]);
    s.sign(id, SignerRole::Referee, "Referee", &strokes, Utc::now())
        .unwrap();
    let dup = s
        .sign(id, SignerRole::Referee, "Again", &strokes, Utc::now())
        .unwrap_err();
    assert!(matches!(dup, StoreError::SignatureDuplicate), "{dup:?}");
    let err = s.append_event(id, Event::undo(), Utc::now()).unwrap_err();
    assert!(matches!(err, StoreError::MatchLocked(_)), "{err:?}");
    assert!(matches!(
        s.set_reclamation(id, 0, "late", Utc::now()),
        Err(StoreError::MatchLocked(_))
    ));
    let opened = s.open_match(id).unwrap();
    assert!(opened.row.locked);
    assert_eq!(opened.signatures[0].strokes, strokes);
    assert_eq!(opened.reclamations[0].text, "The red was touched.");
    assert_eq!(opened.sheet.players[Player::A].totals.points, 1);
}

pub(super) fn a_match_in_play_cannot_be_signed(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let id = s
        .create_match_with_setup(
            MatchSetup::race(Discipline::Libre, TableSize::Match, ["A", "B"], 5),
            chrono::Utc::now(),
        )
        .unwrap();
    let err = s
        .sign(
            id,
            SignerRole::Player1,
            "A",
            &serde_json::json!([]),
            Utc::now(),
        )
        .unwrap_err();
    assert!(matches!(err, StoreError::NotFinished(_)));
}

/// A match still on a screen (its replay cached) that was signed, or trashed, meanwhile:
/// every event is refused with the reason, whether the rules would take it or not, and
/// nothing is stored.
pub(super) fn a_match_on_screen_that_was_signed_or_trashed_takes_no_event(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let signed = finished(&mut s);
    let strokes = serde_json::json!([[[1, 2], [3, 4]]]);
    s.sign(signed, SignerRole::Referee, "Referee", &strokes, Utc::now())
        .unwrap();
    s.match_view(signed).unwrap();
    for e in [Event::undo(), Event::carom()] {
        let err = s.append_event(signed, e, Utc::now()).unwrap_err();
        assert!(matches!(err, StoreError::MatchLocked(_)), "{err:?}");
    }
    assert_eq!(s.events(signed).unwrap().len(), 5);

    let trashed = finished(&mut s);
    s.append_event(trashed, Event::undo(), Utc::now()).unwrap();
    s.trash_match(trashed, chrono::Utc::now()).unwrap();
    s.match_view(trashed).unwrap();
    // The undone miss would be taken again; a second lag would not.
    for e in [Event::miss(), Event::break_by(Player::B)] {
        let err = s.append_event(trashed, e, Utc::now()).unwrap_err();
        assert!(matches!(err, StoreError::InTrash(_)), "{err:?}");
    }
    assert_eq!(s.events(trashed).unwrap().len(), 6);
    assert_eq!(s.match_row(trashed).unwrap().events, 6);
}
