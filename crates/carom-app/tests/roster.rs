//! The club roster's conflicts through the catalogue: listed with both values, resolved
//! with either value or an edited one (checked as the player form is), and gone once
//! resolved. The store is prepared as the club's sync leaves it (a write that lost).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use carom_store::{PlayerFields, Store, StoredRosterConflict};
use serde_json::json;
use support::invoke;

fn ana() -> PlayerFields {
    PlayerFields {
        name: "Ana Silva".into(),
        club: "BC Porto".into(),
        licence: "P-1204".into(),
        notes: String::new(),
    }
}

/// A database whose player Ana lost a write to the roster: her club changed here to
/// BC Lisboa, the roster kept BC Porto at revision 2. Answers her uid.
fn conflicted(db: &std::path::Path) -> String {
    let mut s = Store::open(db).unwrap();
    let id = s.save_player(&ana(), chrono::Utc::now()).unwrap();
    let uid = s.roster_outbox().unwrap().remove(0).uid;
    s.roster_published(&uid, &ana(), 1).unwrap();
    let lisboa = PlayerFields {
        club: "BC Lisboa".into(),
        ..ana()
    };
    s.update_player(id, &lisboa).unwrap();
    s.note_roster_conflict(&StoredRosterConflict {
        uid: uid.clone(),
        device: s.device().to_owned(),
        lost: lisboa,
        roster: ana(),
        revision: 2,
        found_at: "2026-12-07T21:30:00.000Z".into(),
    })
    .unwrap();
    uid
}

#[test]
fn a_roster_conflict_is_listed_with_both_values_and_resolved_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    let uid = conflicted(&db);
    let w = support::app(&db);

    let open = invoke(&w, "roster_conflicts", json!({})).unwrap();
    assert_eq!(open.as_array().unwrap().len(), 1);
    assert_eq!(open[0]["uid"], uid.as_str());
    assert_eq!(open[0]["lost"]["club"], "BC Lisboa");
    assert_eq!(open[0]["roster"]["club"], "BC Porto");
    assert_eq!(open[0]["revision"], 2);

    // An edited value goes through the player form's checks: nothing changes.
    let err = invoke(
        &w,
        "resolve_roster_conflict",
        json!({"uid": uid, "keep": {"edited": {"name": "  "}}}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "error-name-empty");
    assert_eq!(
        invoke(&w, "roster_conflicts", json!({}))
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let kept = invoke(
        &w,
        "resolve_roster_conflict",
        json!({"uid": uid, "keep": "roster"}),
    )
    .unwrap();
    assert_eq!(
        (kept["name"].clone(), kept["club"].clone()),
        (json!("Ana Silva"), json!("BC Porto"))
    );
    let players = invoke(&w, "list_players", json!({})).unwrap();
    assert_eq!(
        players[0]["club"], "BC Porto",
        "the player took it here at once"
    );
    assert_eq!(
        invoke(&w, "roster_conflicts", json!({})).unwrap(),
        json!([])
    );
    let err = invoke(
        &w,
        "resolve_roster_conflict",
        json!({"uid": uid, "keep": "lost"}),
    )
    .unwrap_err();
    assert_eq!(err["code"], "players-error-no-conflict");
}

#[test]
fn a_conflict_resolved_with_the_lost_or_an_edited_value_keeps_exactly_it() {
    for (keep, club, licence) in [
        (json!("lost"), "BC Lisboa", "P-1204"),
        (
            json!({"edited": {"name": "Ana Silva", "club": "BC Lisboa", "licence": "P-9"}}),
            "BC Lisboa",
            "P-9",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite");
        let uid = conflicted(&db);
        let w = support::app(&db);
        let kept = invoke(
            &w,
            "resolve_roster_conflict",
            json!({"uid": uid, "keep": keep}),
        )
        .unwrap();
        assert_eq!(
            (kept["club"].as_str(), kept["licence"].as_str()),
            (Some(club), Some(licence))
        );
    }
}
