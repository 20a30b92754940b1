//! Players: saved once per name and club, forms refused by field.

use super::{Opener, DB};
use crate::{Input, PlayerFields, StoreError};

pub(super) fn a_player_is_saved_once_per_name_and_club_and_updated_in_place(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let info = PlayerFields {
        name: " Caudron ".into(),
        club: "Ghent".into(),
        ..Default::default()
    };
    let id = s.save_player(&info, chrono::Utc::now()).unwrap();
    let again = s
        .save_player(
            &PlayerFields {
                licence: "BE-123".into(),
                notes: "left-handed\nfast".into(),
                ..info.clone()
            },
            chrono::Utc::now(),
        )
        .unwrap();
    assert_eq!(id, again);
    let p = s.player(id).unwrap().unwrap();
    assert_eq!((p.name.as_str(), p.licence.as_str()), ("Caudron", "BE-123"));
    assert_eq!(s.players(Some("caud")).unwrap(), vec![p]);
    let other_club = s
        .save_player(
            &PlayerFields {
                club: "Antwerp".into(),
                ..info
            },
            chrono::Utc::now(),
        )
        .unwrap();
    assert_ne!(other_club, id);
}

pub(super) fn bad_player_forms_are_refused_with_the_field(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    for (info, field) in [
        (
            PlayerFields {
                name: " ".into(),
                ..Default::default()
            },
            Input::PlayerName,
        ),
        (
            PlayerFields {
                name: "A".into(),
                club: "x".repeat(201),
                ..Default::default()
            },
            Input::PlayerClub,
        ),
        (
            PlayerFields {
                name: "A".into(),
                licence: "1\u{0}".into(),
                ..Default::default()
            },
            Input::PlayerLicence,
        ),
        (
            PlayerFields {
                name: "Du\u{200b}pont".into(),
                ..Default::default()
            },
            Input::PlayerName,
        ),
        (
            PlayerFields {
                name: "\u{202e}tnopuD".into(),
                ..Default::default()
            },
            Input::PlayerName,
        ),
        (
            PlayerFields {
                name: "A".into(),
                club: "Club\u{2066}".into(),
                ..Default::default()
            },
            Input::PlayerClub,
        ),
    ] {
        match s.save_player(&info, chrono::Utc::now()) {
            Err(StoreError::Invalid { input, .. }) => assert_eq!(input, field),
            other => panic!("{field:?}: {other:?}"),
        }
    }
    assert!(s.players(None).unwrap().is_empty());
}
