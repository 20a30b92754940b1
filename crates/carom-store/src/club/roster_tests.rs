//! The roster's side of the store, in memory and without the club: two stores are two
//! devices, and the tests hand each the roster's answers a hub would give.
// Test code: a failed expectation is a panic, which is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;

use chrono::{DateTime, Utc};

use super::conflicts::StoredRosterConflict;
use super::roster::{RosterChange, RosterReceipt};
use crate::{PlayerFields, Store, StoreError};

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
}

fn ana() -> PlayerFields {
    PlayerFields {
        name: "Ana Silva".into(),
        club: "BC Porto".into(),
        licence: "P-1204".into(),
        notes: String::new(),
    }
}

fn uids(changes: &[RosterChange]) -> Vec<&str> {
    changes.iter().map(|c| c.uid.as_str()).collect()
}

/// Publishes everything the outbox holds as a roster starting at `revision` would take
/// it; answers the revisions given.
fn publish_all(s: &mut Store, mut revision: u64) -> Vec<(String, u64)> {
    let mut given = Vec::new();
    for c in s.roster_outbox().unwrap() {
        revision += 1;
        s.roster_published(&c.uid, &c.player, revision).unwrap();
        given.push((c.uid, revision));
    }
    given
}

#[test]
fn a_player_gets_a_uid_of_this_device_once_and_each_change_is_published_once() {
    let mut s = Store::open_in_memory().unwrap();
    let device = s.device().to_owned();
    let id = s.save_player(&ana(), t(0)).unwrap();
    let out = s.roster_outbox().unwrap();
    assert_eq!(uids(&out), [format!("{device}.1")]);
    assert_eq!(out[0].revision, None, "never in the roster: a create");
    assert_eq!(out[0].player, ana());
    assert!(!out[0].resolving);
    assert_eq!(s.roster_outbox().unwrap(), out, "the uid is given once");
    s.roster_published(&out[0].uid, &out[0].player, 1).unwrap();
    assert!(s.roster_outbox().unwrap().is_empty());

    // The same value saved again is no change; another licence is.
    s.save_player(&ana(), t(1)).unwrap();
    assert!(s.roster_outbox().unwrap().is_empty());
    let moved = PlayerFields {
        licence: "P-9".into(),
        ..ana()
    };
    s.update_player(id, &moved).unwrap();
    let out = s.roster_outbox().unwrap();
    assert_eq!(out[0].revision, Some(1), "an update over the revision seen");
    // A change made while the write was on its way stays to publish.
    let again = PlayerFields {
        notes: "left-handed".into(),
        ..moved.clone()
    };
    s.update_player(id, &again).unwrap();
    s.roster_published(&out[0].uid, &moved, 2).unwrap();
    let out = s.roster_outbox().unwrap();
    assert_eq!((out[0].revision, &out[0].player), (Some(2), &again));

    // A merge removes the last player: the next uid is still a new one.
    let bea = s
        .save_player(
            &PlayerFields {
                name: "Bea".into(),
                ..PlayerFields::default()
            },
            t(2),
        )
        .unwrap();
    assert_eq!(s.player_uid(bea).unwrap(), None);
    s.roster_outbox().unwrap();
    assert_eq!(s.player_uid(bea).unwrap(), Some(format!("{device}.2")));
    s.merge_players(id, bea).unwrap();
    let cid = s
        .save_player(
            &PlayerFields {
                name: "Cid".into(),
                ..PlayerFields::default()
            },
            t(3),
        )
        .unwrap();
    s.roster_outbox().unwrap();
    assert_eq!(s.player_uid(cid).unwrap(), Some(format!("{device}.3")));
}

#[test]
fn a_roster_entry_is_added_taken_when_newer_and_never_over_a_change_made_here() {
    let mut one = Store::open_in_memory().unwrap();
    let mut two = Store::open_in_memory().unwrap();
    one.save_player(&ana(), t(0)).unwrap();
    let (uid, revision) = publish_all(&mut one, 0).remove(0);

    let received = two.receive_roster(&uid, &ana(), revision, t(1)).unwrap();
    let RosterReceipt::Added { id } = received else {
        panic!("{received:?}")
    };
    let here = two.player_by_uid(&uid).unwrap().unwrap();
    assert_eq!(
        (here.id, &here.club, &here.licence),
        (id, &ana().club, &ana().licence)
    );
    assert!(
        two.roster_outbox().unwrap().is_empty(),
        "nothing of his to publish"
    );
    assert_eq!(
        two.receive_roster(&uid, &ana(), revision, t(1)).unwrap(),
        RosterReceipt::Known
    );

    let porto = PlayerFields {
        club: "FC Porto".into(),
        ..ana()
    };
    assert_eq!(
        two.receive_roster(&uid, &porto, 5, t(2)).unwrap(),
        RosterReceipt::Updated { id }
    );
    assert_eq!(two.player(id).unwrap().unwrap().club, "FC Porto");
    assert_eq!(
        two.receive_roster(&uid, &ana(), 4, t(2)).unwrap(),
        RosterReceipt::Known,
        "an older value"
    );

    // A change made here is kept: the roster's newer value does not replace it.
    let mine = PlayerFields {
        licence: "P-77".into(),
        ..porto.clone()
    };
    two.update_player(id, &mine).unwrap();
    assert_eq!(
        two.receive_roster(&uid, &ana(), 6, t(3)).unwrap(),
        RosterReceipt::Kept
    );
    assert_eq!(two.player(id).unwrap().unwrap().licence, "P-77");
    assert_eq!(two.roster_outbox().unwrap()[0].revision, Some(5));

    // What the form refuses is refused from the roster too.
    let nameless = PlayerFields::default();
    assert!(matches!(
        two.receive_roster("x.1", &nameless, 9, t(4)),
        Err(StoreError::Invalid { .. })
    ));
}

#[test]
fn a_player_of_the_same_name_and_club_takes_the_uid_and_a_differing_one_will_conflict() {
    let mut s = Store::open_in_memory().unwrap();
    let id = s.save_player(&ana(), t(0)).unwrap();
    assert_eq!(
        s.receive_roster("far.1", &ana(), 3, t(1)).unwrap(),
        RosterReceipt::Linked { id }
    );
    assert_eq!(s.player_uid(id).unwrap().as_deref(), Some("far.1"));
    assert!(s.roster_outbox().unwrap().is_empty(), "the same player");

    let bea = PlayerFields {
        name: "Bea".into(),
        licence: "B-1".into(),
        ..PlayerFields::default()
    };
    let id = s.save_player(&bea, t(2)).unwrap();
    let theirs = PlayerFields {
        licence: "B-2".into(),
        ..bea.clone()
    };
    assert_eq!(
        s.receive_roster("far.2", &theirs, 4, t(3)).unwrap(),
        RosterReceipt::Linked { id }
    );
    assert_eq!(s.player(id).unwrap().unwrap().licence, "B-1", "kept");
    let out = s.roster_outbox().unwrap();
    assert_eq!(uids(&out), ["far.2"]);
    assert_eq!(
        out[0].revision, None,
        "a create, which the roster refuses: a conflict"
    );

    // Another uid for a name and club a player here has under his own uid: not taken.
    assert_eq!(
        s.receive_roster("else.1", &ana(), 5, t(4)).unwrap(),
        RosterReceipt::Clash {
            existing: s.player_by_uid("far.1").unwrap().unwrap().id
        }
    );
}

fn conflict(uid: &str, device: &str, lost: PlayerFields, revision: u64) -> StoredRosterConflict {
    StoredRosterConflict {
        uid: uid.to_owned(),
        device: device.to_owned(),
        lost,
        roster: ana(),
        revision,
        found_at: "2026-12-07T21:30:00.000Z".into(),
    }
}

#[test]
fn a_conflict_holds_both_values_until_resolved_here_then_leaves_once_written() {
    let mut s = Store::open_in_memory().unwrap();
    let device = s.device().to_owned();
    let id = s.save_player(&ana(), t(0)).unwrap();
    let (uid, _) = publish_all(&mut s, 0).remove(0);
    let mine = PlayerFields {
        club: "BC Lisboa".into(),
        ..ana()
    };
    s.update_player(id, &mine).unwrap();
    let found = conflict(&uid, &device, mine.clone(), 2);
    s.note_roster_conflict(&found).unwrap();

    assert_eq!(s.roster_conflicts().unwrap(), std::slice::from_ref(&found));
    assert!(
        s.roster_outbox().unwrap().is_empty(),
        "waits for its resolution"
    );
    assert_eq!(
        s.receive_roster(&uid, &ana(), 2, t(1)).unwrap(),
        RosterReceipt::Kept,
        "the roster's value does not replace the conflict's"
    );
    assert_eq!(s.player(id).unwrap().unwrap().club, "BC Lisboa");

    // An edited value, checked as the form is.
    assert!(matches!(
        s.resolve_roster_conflict(&uid, &PlayerFields::default(), t(2)),
        Err(StoreError::Invalid { .. })
    ));
    let edited = PlayerFields {
        club: "BC Lisboa".into(),
        licence: "P-1204".into(),
        notes: "moved in December".into(),
        ..ana()
    };
    let kept = s.resolve_roster_conflict(&uid, &edited, t(3)).unwrap();
    assert_eq!((kept.id, &kept.notes), (id, &edited.notes));
    assert!(s.roster_conflicts().unwrap().is_empty(), "resolved here");
    assert!(matches!(
        s.resolve_roster_conflict(&uid, &edited, t(3)),
        Err(StoreError::NoSuchConflict(u)) if u == uid
    ));
    // The club still shows it until the roster has the resolution: not taken back.
    s.mirror_roster_conflict(&found).unwrap();
    assert!(s.roster_conflicts().unwrap().is_empty());
    let out = s.roster_outbox().unwrap();
    assert_eq!(
        out,
        [RosterChange {
            uid: uid.clone(),
            player: edited.clone(),
            revision: Some(2),
            resolving: true,
        }]
    );
    s.roster_published(&uid, &edited, 3).unwrap();
    assert!(s.roster_outbox().unwrap().is_empty());
    assert!(matches!(
        s.roster_conflict(&uid),
        Err(StoreError::NoSuchConflict(_))
    ));
    assert_eq!(
        s.connection()
            .query_row("SELECT count(*) FROM roster_conflicts", [], |r| r
                .get::<_, i64>(0))
            .unwrap(),
        0
    );
}

#[test]
fn a_conflict_resolved_elsewhere_closes_here_and_the_roster_value_comes_in() {
    let mut s = Store::open_in_memory().unwrap();
    let device = s.device().to_owned();
    let id = s.save_player(&ana(), t(0)).unwrap();
    let (uid, _) = publish_all(&mut s, 0).remove(0);
    let mine = PlayerFields {
        club: "BC Lisboa".into(),
        ..ana()
    };
    s.update_player(id, &mine).unwrap();
    s.note_roster_conflict(&conflict(&uid, &device, mine, 2))
        .unwrap();
    // Another device's conflict, shown here, about a player changed here meanwhile.
    let bea = s
        .save_player(
            &PlayerFields {
                name: "Bea".into(),
                ..PlayerFields::default()
            },
            t(1),
        )
        .unwrap();
    let (bea_uid, _) = publish_all(&mut s, 10).remove(0);
    s.mirror_roster_conflict(&conflict(&bea_uid, "other", ana(), 12))
        .unwrap();
    let bea_here = PlayerFields {
        name: "Bea".into(),
        notes: "changed here".into(),
        ..PlayerFields::default()
    };
    s.update_player(bea, &bea_here).unwrap();

    let open: HashSet<String> = [bea_uid.clone()].into_iter().collect();
    assert_eq!(s.roster_conflicts_closed(&open).unwrap(), 1);
    let open: Vec<String> = s
        .roster_conflicts()
        .unwrap()
        .into_iter()
        .map(|c| c.uid)
        .collect();
    assert_eq!(open, std::slice::from_ref(&bea_uid));
    let resolution = PlayerFields {
        licence: "P-1".into(),
        ..ana()
    };
    assert_eq!(
        s.receive_roster(&uid, &resolution, 3, t(2)).unwrap(),
        RosterReceipt::Updated { id },
        "the write that lost here gave way to the resolution"
    );
    assert_eq!(s.player(id).unwrap().unwrap().licence, "P-1");

    assert_eq!(s.roster_conflicts_closed(&HashSet::new()).unwrap(), 1);
    let out = s.roster_outbox().unwrap();
    assert_eq!(
        (uids(&out), &out[0].player),
        (vec![bea_uid.as_str()], &bea_here),
        "another device's conflict closing drops no change made here"
    );
}

#[test]
fn v7_takes_every_player_of_v6_to_publish_and_makes_the_conflicts_table_again() {
    let mut conn = rusqlite::Connection::open_in_memory().unwrap();
    crate::schema::migrations()
        .to_version(&mut conn, 6)
        .unwrap();
    conn.execute(
        "INSERT INTO players (name, created_at) VALUES ('Ana Silva', '2026-01-01T00:00:00Z')",
        [],
    )
    .unwrap();
    crate::schema::migrations()
        .to_version(&mut conn, 7)
        .unwrap();
    let changed: i64 = conn
        .query_row("SELECT roster_changed FROM players", [], |r| r.get(0))
        .unwrap();
    assert_eq!(changed, 1);
    conn.execute("UPDATE players SET roster_changed = 0, revision = 4", [])
        .unwrap();
    conn.execute("UPDATE players SET licence = 'P-1'", [])
        .unwrap();
    let changed: i64 = conn
        .query_row("SELECT roster_changed FROM players", [], |r| r.get(0))
        .unwrap();
    assert_eq!(changed, 1, "the trigger marks a change made here");
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('roster_conflicts')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        columns,
        [
            "uid",
            "device",
            "lost",
            "roster",
            "revision",
            "found_at",
            "resolved_at"
        ]
    );
}
