//! The club's side of the store, in memory: two stores are two devices.
// Test code: a failed expectation is a panic, which is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::{Discipline, MatchStatus, Player, TableSize};
use chrono::{DateTime, Utc};

use super::*;
use crate::{SignerRole, Store, StoreError};

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
}

/// A libre race to 2: the lag, the choice, the break, two caroms and a miss finish it.
fn setup() -> MatchSetup {
    MatchSetup::race(
        Discipline::Libre,
        TableSize::Match,
        ["Caudron", "Jaspers"],
        2,
    )
}

fn play() -> Vec<Event> {
    vec![
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
        Event::carom(),
        Event::miss(),
    ]
}

fn sign_all(s: &mut Store, id: i64) {
    let strokes = serde_json::json!({"width": 300, "height": 120, "strokes": [[[1, 2], [3, 4]]]});
    for (role, name) in SignerRole::ALL
        .into_iter()
        .zip(["Ceulemans", "Caudron", "Jaspers"])
    {
        s.sign(id, role, name, &strokes, t(60_000)).unwrap();
    }
}

/// A device's finished and signed match, with a reclamation.
fn finished_signed_match(s: &mut Store) -> i64 {
    let id = s.create_match_with_setup(setup(), t(0)).unwrap();
    for (i, e) in play().into_iter().enumerate() {
        s.append_event(id, e, t(i as i64 * 1000)).unwrap();
    }
    s.set_reclamation(id, 1, "The last carom was a kiss", t(50_000))
        .unwrap();
    sign_all(s, id);
    id
}

fn kinds(entries: &[ClubEntry]) -> Vec<String> {
    entries
        .iter()
        .map(|e| match e {
            ClubEntry::Created { .. } => "created".to_owned(),
            ClubEntry::Event { seq, .. } => format!("event {seq}"),
            ClubEntry::Signed { .. } => "signed".to_owned(),
        })
        .collect()
}

fn outbox(s: &Store) -> Vec<(i64, Vec<String>)> {
    s.unpublished()
        .unwrap()
        .into_iter()
        .map(|o| (o.match_id, kinds(&o.entries)))
        .collect()
}

#[test]
fn a_match_recorded_here_waits_in_the_outbox_until_the_hub_acknowledged_each_record() {
    let mut s = Store::open_in_memory().unwrap();
    let id = s.create_match_with_setup(setup(), t(0)).unwrap();
    let events = play();
    for e in &events[..2] {
        s.append_event(id, e.clone(), t(1)).unwrap();
    }
    let out = s.unpublished().unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(
        out[0].entries[0],
        ClubEntry::Created {
            format: FileFormat::CURRENT,
            setup: Box::new(setup()),
            players: ByPlayer::from([None, None]),
        }
    );
    assert_eq!(
        out[0].entries[2],
        ClubEntry::Event {
            seq: 1,
            event: events[1].clone()
        }
    );
    s.mark_published(id, &out[0].entries[0]).unwrap();
    assert_eq!(outbox(&s), [(id, vec!["event 0".into(), "event 1".into()])]);
    s.mark_published(id, &out[0].entries[2]).unwrap();
    assert_eq!(outbox(&s), []);
    // A late acknowledgement of an earlier record moves nothing back.
    s.mark_published(id, &out[0].entries[1]).unwrap();
    assert_eq!(outbox(&s), []);

    for (i, e) in events[2..].iter().enumerate() {
        s.append_event(id, e.clone(), t(2 + i as i64)).unwrap();
    }
    assert_eq!(
        outbox(&s),
        [(
            id,
            vec![
                "event 2".into(),
                "event 3".into(),
                "event 4".into(),
                "event 5".into()
            ]
        )]
    );
    let strokes = serde_json::json!({"strokes": []});
    s.sign(id, SignerRole::Referee, "Ceulemans", &strokes, t(9))
        .unwrap();
    let last = ClubEntry::Event {
        seq: 5,
        event: events[5].clone(),
    };
    s.mark_published(id, &last).unwrap();
    assert_eq!(outbox(&s), [], "signatures travel once all three are given");
    for (role, name) in [
        (SignerRole::Player1, "Caudron"),
        (SignerRole::Player2, "Jaspers"),
    ] {
        s.sign(id, role, name, &strokes, t(10)).unwrap();
    }
    let signed = s.unpublished().unwrap().remove(0).entries.remove(0);
    let ClubEntry::Signed { signatures, .. } = &signed else {
        panic!("{signed:?}")
    };
    assert_eq!(signatures.len(), 3);
    s.mark_published(id, &signed).unwrap();
    assert_eq!(outbox(&s), []);

    let trashed = s.create_match_with_setup(setup(), t(20)).unwrap();
    assert_eq!(outbox(&s), [(trashed, vec!["created".into()])]);
    s.trash_match(trashed, t(21)).unwrap();
    assert_eq!(outbox(&s), [], "a match in the trash is not published");

    // A hub that lost its last two events and the signatures gets them again.
    let all = Acked {
        created: true,
        events: 6,
        signed: true,
    };
    assert_eq!(s.acked().unwrap(), [(id, all)]);
    s.set_acked(
        id,
        Acked {
            events: 4,
            signed: false,
            ..all
        },
    )
    .unwrap();
    assert_eq!(
        outbox(&s),
        [(
            id,
            vec!["event 4".into(), "event 5".into(), "signed".into()]
        )]
    );
}

/// Every record of `from`'s outbox, received by `to` at positions from `first` on.
fn deliver(from: &Store, to: &mut Store, first: u64) -> Vec<Receipt> {
    let mut position = first;
    let mut receipts = Vec::new();
    for out in from.unpublished().unwrap() {
        for entry in out.entries {
            receipts.push(
                to.receive(from.device(), out.match_id, entry, position, t(90_000))
                    .unwrap(),
            );
            position += 1;
        }
    }
    receipts
}

#[test]
fn another_devices_match_is_received_through_the_core_exactly_once_and_counts_here() {
    let mut table = Store::open_in_memory().unwrap();
    let mut other = Store::open_in_memory().unwrap();
    let id = finished_signed_match(&mut table);

    let receipts = deliver(&table, &mut other, 1);
    assert_eq!(receipts.len(), 8, "created, six events, signed");
    let Receipt::Stored { match_id: here } = receipts[0] else {
        panic!("{receipts:?}")
    };
    assert!(receipts
        .iter()
        .all(|r| *r == Receipt::Stored { match_id: here }));
    assert_eq!(other.club_cursor().unwrap(), 8);
    // Delivered again (a redelivery keeps its positions): nothing changes.
    assert!(deliver(&table, &mut other, 1)
        .iter()
        .all(|r| *r == Receipt::Known));
    // Sent again at later positions (a device that resent after a lost ack):
    // recognized record by record.
    assert!(deliver(&table, &mut other, 9)
        .iter()
        .all(|r| *r == Receipt::Known));
    assert_eq!(other.club_cursor().unwrap(), 16);

    assert_eq!(
        other.export_match(here).unwrap(),
        table.export_match(id).unwrap(),
        "the same match, event for event"
    );
    let row = other.match_row(here).unwrap();
    assert_eq!(row.device, table.device());
    assert_eq!(
        (row.status, row.locked, row.events),
        (MatchStatus::Finished, true, 6)
    );
    assert_eq!(
        other.signatures(here).unwrap(),
        table.signatures(id).unwrap()
    );
    assert_eq!(
        other.reclamations(here).unwrap()[0].text,
        "The last carom was a kiss"
    );
    // It counts in this device's statistics as its own matches do.
    let caudron = row.player_ids[0].unwrap();
    let figures = other
        .player_stats(caudron, &crate::StatsQuery::default())
        .unwrap();
    let libre = figures
        .disciplines
        .iter()
        .find(|d| d.discipline == Discipline::Libre)
        .unwrap();
    assert_eq!((libre.matches, libre.won, libre.points), (1, 1, 2));
    // It is the other device's to publish, not this one's.
    assert_eq!(outbox(&other), []);
}

#[test]
fn a_received_match_under_way_is_not_offered_here_and_takes_no_tap() {
    let mut table = Store::open_in_memory().unwrap();
    let mut other = Store::open_in_memory().unwrap();
    let id = table.create_match_with_setup(setup(), t(0)).unwrap();
    for e in play().into_iter().take(3) {
        table.append_event(id, e, t(1)).unwrap();
    }
    deliver(&table, &mut other, 1);
    let here = other.list_matches(10).unwrap()[0].id;
    assert_eq!(
        other.match_row(here).unwrap().status,
        MatchStatus::InProgress
    );
    assert!(other.unfinished_matches().unwrap().is_empty());
    let tap = other.append_event(here, Event::carom(), t(2)).unwrap_err();
    assert!(
        matches!(tap, StoreError::MatchLocked(m) if m == here),
        "{tap:?}"
    );
    assert_eq!(other.events(here).unwrap().len(), 3);
    // The club's next event still comes in.
    let next = other
        .receive(
            table.device(),
            id,
            ClubEntry::Event {
                seq: 3,
                event: Event::carom(),
            },
            9,
            t(3),
        )
        .unwrap();
    assert_eq!(next, Receipt::Stored { match_id: here });
}

#[test]
fn a_refused_record_stores_nothing_not_even_its_position() {
    let mut s = Store::open_in_memory().unwrap();
    let event = |seq, event| ClubEntry::Event { seq, event };
    let unknown = s.receive("dev2", 7, event(0, Event::carom()), 1, t(0));
    assert!(
        matches!(unknown, Err(StoreError::NoSuchMatch(7))),
        "{unknown:?}"
    );
    let mut bad = setup();
    bad.players[Player::A].target = 0;
    let created = |setup| ClubEntry::Created {
        format: FileFormat::CURRENT,
        setup: Box::new(setup),
        players: ByPlayer::from([None, None]),
    };
    let refused = s.receive("dev2", 7, created(bad), 1, t(0));
    assert!(matches!(refused, Err(StoreError::Setup(_))), "{refused:?}");
    assert_eq!(
        (s.club_cursor().unwrap(), s.list_matches(10).unwrap().len()),
        (0, 0)
    );

    s.receive("dev2", 7, created(setup()), 1, t(0)).unwrap();
    let gap = s.receive("dev2", 7, event(4, Event::carom()), 2, t(0));
    assert!(
        matches!(
            gap,
            Err(StoreError::Stale {
                expected: 0,
                found: 4
            })
        ),
        "{gap:?}"
    );
    let impossible = s.receive("dev2", 7, event(0, Event::carom()), 2, t(0));
    assert!(
        matches!(impossible, Err(StoreError::Play(_))),
        "{impossible:?}"
    );
    let lag = play().remove(0);
    s.receive("dev2", 7, event(0, lag), 2, t(0)).unwrap();
    let forked = s.receive("dev2", 7, event(0, Event::miss()), 3, t(0));
    assert!(matches!(forked, Err(StoreError::Corrupt(_))), "{forked:?}");
    let unfinished = s.receive(
        "dev2",
        7,
        ClubEntry::Signed {
            signatures: Vec::new(),
            reclamations: ByPlayer::from([None, None]),
        },
        3,
        t(0),
    );
    assert!(
        matches!(unfinished, Err(StoreError::NotFinished(_))),
        "{unfinished:?}"
    );
    let id = s.list_matches(10).unwrap()[0].id;
    assert_eq!(
        (s.club_cursor().unwrap(), s.events(id).unwrap().len()),
        (2, 1)
    );
}

#[test]
fn this_devices_own_records_only_move_the_position() {
    let mut s = Store::open_in_memory().unwrap();
    let id = s.create_match_with_setup(setup(), t(0)).unwrap();
    let created = s.unpublished().unwrap().remove(0).entries.remove(0);
    let device = s.device().to_owned();
    assert_eq!(
        s.receive(&device, id, created, 5, t(0)).unwrap(),
        Receipt::Own
    );
    assert_eq!(s.club_cursor().unwrap(), 5);
    assert_eq!(s.list_matches(10).unwrap().len(), 1);
}

#[test]
fn a_received_player_is_found_again_by_his_roster_uid_whatever_his_name_there() {
    let mut s = Store::open_in_memory().unwrap();
    let created = |names: [&str; 2], uid: &str| ClubEntry::Created {
        format: FileFormat::CURRENT,
        setup: Box::new(MatchSetup::race(
            Discipline::Libre,
            TableSize::Match,
            names,
            2,
        )),
        players: ByPlayer::from([Some(uid.to_owned()), None]),
    };
    s.receive(
        "dev2",
        1,
        created(["Caudron", "Jaspers"], "dev2-1"),
        1,
        t(0),
    )
    .unwrap();
    s.receive(
        "dev3",
        1,
        created(["F. Caudron", "Sánchez"], "dev2-1"),
        2,
        t(0),
    )
    .unwrap();
    let rows = s.list_matches(10).unwrap();
    assert_eq!(rows[0].player_ids[0], rows[1].player_ids[0], "one player");
    let uid: Option<String> = s
        .connection()
        .query_row(
            "SELECT uid FROM players WHERE id = ?1",
            [rows[0].player_ids[0].unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(uid.as_deref(), Some("dev2-1"));
}
