//! Matches: creation, forms, the history, the trash, a reopen.

use carom_core::Discipline;

use super::{Opener, DB};
use crate::{HistoryQuery, Input, MatchEntrant, NewMatch, Refusal, StoreError};
use carom_core::MatchStatus;

fn request(a: &str, b: &str, target: u32) -> NewMatch {
    NewMatch {
        discipline: Discipline::ThreeCushion,
        players: [
            MatchEntrant {
                name: a.into(),
                target,
            },
            MatchEntrant {
                name: b.into(),
                target,
            },
        ],
    }
}

pub(super) fn a_created_match_is_listed_newest_first_with_trimmed_names(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    s.create_match(&request("  Caudron ", "Jaspers", 40), chrono::Utc::now())
        .unwrap();
    let second = s
        .create_match(&request("Blomdahl", "Sánchez", 50), chrono::Utc::now())
        .unwrap();
    let list = s.list_matches(10).unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].id, second);
    assert_eq!(list[1].players[0].name, "Caudron");
    assert_eq!(list[0].status, MatchStatus::Setup);
    assert_eq!(list[0].discipline, Discipline::ThreeCushion);
    assert_eq!(list[0].device, s.device());
    assert!(list[0].player_ids.iter().all(Option::is_some));
}

pub(super) fn invalid_forms_are_refused_with_the_field_and_code_and_store_nothing(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    let cases = [
        (request("", "B", 40), Input::PlayerAName, Refusal::NameEmpty),
        (
            request("A", "   ", 40),
            Input::PlayerBName,
            Refusal::NameEmpty,
        ),
        (
            request(&"x".repeat(10_240), "B", 40),
            Input::PlayerAName,
            Refusal::NameTooLong {
                max: crate::MAX_NAME_CHARS,
            },
        ),
        (
            request("A\u{7}", "B", 40),
            Input::PlayerAName,
            Refusal::NameControlChars,
        ),
        (
            request("A", "B", 0),
            Input::PlayerATarget,
            Refusal::TargetOutOfRange {
                min: 1,
                max: crate::MAX_TARGET,
            },
        ),
        (
            request("A", "B", 10_001),
            Input::PlayerATarget,
            Refusal::TargetOutOfRange {
                min: 1,
                max: crate::MAX_TARGET,
            },
        ),
    ];
    for (req, want_input, want_refusal) in cases {
        match s.create_match(&req, chrono::Utc::now()) {
            Err(StoreError::Invalid { input, refusal }) => {
                assert_eq!((input, refusal), (want_input, want_refusal));
            }
            other => panic!("expected {want_refusal:?}, got {other:?}"),
        }
    }
    assert!(s.list_matches(10).unwrap().is_empty());
}

pub(super) fn the_history_filters_by_player_discipline_status_and_date_and_pages_newest_first(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    let mut ids = Vec::new();
    for i in 0..25 {
        let mut r = request(
            if i % 2 == 0 { "Caudron" } else { "Blomdahl" },
            "Zanetti",
            30,
        );
        if i % 5 == 0 {
            r.discipline = Discipline::Libre;
        }
        ids.push(s.create_match(&r, chrono::Utc::now()).unwrap());
    }
    let page0 = s
        .history(&HistoryQuery {
            page_size: 10,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(page0.matches.len(), 10);
    assert!(page0.has_more);
    assert_eq!(page0.matches[0].id, ids[24]);
    let page2 = s
        .history(&HistoryQuery {
            page_size: 10,
            page: 2,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(page2.matches.len(), 5);
    assert!(!page2.has_more);
    assert_eq!(page2.matches[4].id, ids[0]);

    let caudron = s
        .history(&HistoryQuery {
            player: Some("caud".into()),
            page_size: 100,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(caudron.matches.len(), 13);
    let pid = caudron.matches[0].player_ids[0];
    let by_id = s
        .history(&HistoryQuery {
            player_id: pid,
            page_size: 100,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(by_id.matches, caudron.matches);
    let libre = s
        .history(&HistoryQuery {
            discipline: Some(Discipline::Libre),
            page_size: 100,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(libre.matches.len(), 5);
    let finished = s
        .history(&HistoryQuery {
            status: Some(MatchStatus::Finished),
            ..Default::default()
        })
        .unwrap();
    assert!(finished.matches.is_empty());
    let unfinished = s
        .history(&HistoryQuery {
            unfinished: true,
            page_size: 100,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(unfinished.matches.len(), 25);
    let today = chrono::Utc::now().date_naive();
    let dated = |from, until| HistoryQuery {
        from,
        until,
        page_size: 100,
        ..Default::default()
    };
    assert_eq!(
        s.history(&dated(Some(today), Some(today)))
            .unwrap()
            .matches
            .len(),
        25
    );
    assert!(s
        .history(&dated(today.succ_opt(), None))
        .unwrap()
        .matches
        .is_empty());
    assert!(s
        .history(&dated(None, today.pred_opt()))
        .unwrap()
        .matches
        .is_empty());
    let wild = s
        .history(&HistoryQuery {
            player: Some("%".into()),
            ..Default::default()
        })
        .unwrap();
    assert!(
        wild.matches.is_empty(),
        "LIKE wildcards in a search are literal"
    );
}

pub(super) fn a_trashed_match_leaves_the_history_until_restored_or_purged(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let a = s
        .create_match(&request("A", "B", 30), chrono::Utc::now())
        .unwrap();
    let b = s
        .create_match(&request("C", "D", 30), chrono::Utc::now())
        .unwrap();
    s.trash_match(a, chrono::Utc::now()).unwrap();
    assert!(matches!(
        s.trash_match(a, chrono::Utc::now()),
        Err(StoreError::InTrash(_))
    ));
    assert_eq!(s.trash_count().unwrap(), 1);
    let live = s.history(&HistoryQuery::default()).unwrap();
    assert_eq!(
        live.matches.iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![b]
    );
    let trash = s
        .history(&HistoryQuery {
            trash: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(
        trash.matches.iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![a]
    );
    s.restore_from_trash(a).unwrap();
    assert!(matches!(
        s.restore_from_trash(a),
        Err(StoreError::NotInTrash(_))
    ));
    assert_eq!(s.list_matches(10).unwrap().len(), 2);
    s.trash_match(b, chrono::Utc::now()).unwrap();
    assert_eq!(s.purge_trash().unwrap(), 1);
    assert!(matches!(s.match_row(b), Err(StoreError::NoSuchMatch(_))));
    assert_eq!(s.list_matches(10).unwrap().len(), 1);
}

pub(super) fn matches_survive_closing_and_reopening_the_store(place: &dyn Opener) {
    let (id, device) = {
        let mut s = place.open(DB).unwrap();
        let id = s
            .create_match(&request("A", "B", 30), chrono::Utc::now())
            .unwrap();
        (id, s.device().to_owned())
    };
    let s = place.open(DB).unwrap();
    let list = s.list_matches(10).unwrap();
    assert_eq!(list.iter().map(|m| m.id).collect::<Vec<_>>(), vec![id]);
    assert_eq!(s.device(), device, "the device keeps its id");
    s.integrity_check().unwrap();
}
