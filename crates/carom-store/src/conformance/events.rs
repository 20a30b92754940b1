//! The event log: appending through the core, refusing, resuming after a reopen, a full
//! database.

use carom_core::{Discipline, Event, MatchSetup, Phase, PlayError, Player, ShotClock, TableSize};
use chrono::{DateTime, Utc};

use super::{Opener, DB};
use crate::{Seen, StoreError};
use carom_core::MatchStatus;

pub(super) fn setup(target: u32) -> MatchSetup {
    let mut s = MatchSetup::race(
        Discipline::ThreeCushion,
        TableSize::Match,
        ["Caudron", "Jaspers"],
        target,
    );
    s.pause.enabled = false;
    s.shot_clock = Some(ShotClock {
        seconds: 40,
        warning_at: Some(30),
        timeouts: 2,
        timeout_seconds: 40,
    });
    s
}

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_750_000_000_000 + ms).unwrap()
}

/// The lag, the choice and the break: player A at the table.
pub(super) fn opening() -> [Event; 3] {
    [
        Event::Lag {
            winner: Some(Player::A),
            relag: None,
            caused_by: None,
            red_touched_by: None,
            at: Some(1_000),
        },
        Event::ChooseBreaker {
            player: Player::A,
            spot: None,
            at: Some(2_000),
        },
        Event::Break {
            player: Some(Player::A),
            spot: None,
            at: Some(3_000),
        },
    ]
}

/// [`opening`] appended to match `id`, a millisecond apart.
pub(super) fn start(s: &mut crate::Store, id: i64) {
    for (ms, e) in (0..).zip(opening()) {
        s.append_event(id, e, t(ms)).unwrap();
    }
}

pub(super) fn appended_events_are_stored_in_order_and_the_status_follows_the_core(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    let id = s
        .create_match_with_setup(setup(2), chrono::Utc::now())
        .unwrap();
    assert_eq!(s.match_row(id).unwrap().status, MatchStatus::Setup);
    start(&mut s, id);
    assert_eq!(s.match_row(id).unwrap().status, MatchStatus::InProgress);
    s.append_event(id, Event::Carom { at: Some(4_000) }, t(3))
        .unwrap();
    let view = s
        .append_event(id, Event::Carom { at: Some(5_000) }, t(4))
        .unwrap()
        .view();
    // Player 0 reached 2: player 1 has the equalizing inning.
    assert_eq!(view.phase, Phase::EqualizingInning);
    let view = s
        .append_event(id, Event::Miss { at: Some(6_000) }, t(5))
        .unwrap()
        .view();
    assert_eq!(view.phase, Phase::Finished);
    let row = s.match_row(id).unwrap();
    assert_eq!((row.status, row.events), (MatchStatus::Finished, 6));
    assert!(row.finished_at.is_some());
    let log = s.events(id).unwrap();
    assert_eq!(
        log.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (0..6).collect::<Vec<_>>()
    );
    assert_eq!(log[3].event, Event::Carom { at: Some(4_000) });
    // Undo is an event too, and reopens the match.
    s.append_event(id, Event::undo(), t(6)).unwrap();
    let row = s.match_row(id).unwrap();
    assert_eq!(
        (row.status, row.events, row.finished_at),
        (MatchStatus::InProgress, 7, None)
    );
}

pub(super) fn an_impossible_event_is_refused_and_nothing_is_stored(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let id = s
        .create_match_with_setup(setup(5), chrono::Utc::now())
        .unwrap();
    let err = s.append_event(id, Event::carom(), t(0)).unwrap_err();
    assert!(
        matches!(err, StoreError::Play(PlayError::NotStarted)),
        "{err:?}"
    );
    assert!(s.events(id).unwrap().is_empty());
    assert!(matches!(
        s.append_event(999, Event::carom(), t(0)),
        Err(StoreError::NoSuchMatch(999))
    ));
    s.trash_match(id, chrono::Utc::now()).unwrap();
    assert!(matches!(
        s.append_event(id, Event::undo(), t(0)),
        Err(StoreError::InTrash(_))
    ));
}

pub(super) fn a_stale_or_wrong_turn_append_is_refused_and_nothing_is_written(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let id = s
        .create_match_with_setup(setup(5), chrono::Utc::now())
        .unwrap();
    start(&mut s, id);
    let seen = |events, at_table| Seen { events, at_table };
    // The screen showed player B at the table: A is.
    let err = s
        .append_seen(id, Event::carom(), seen(3, Some(Player::B)), t(3))
        .unwrap_err();
    assert!(
        matches!(&err, StoreError::TurnChanged { name } if name == "Caudron"),
        "{err:?}"
    );
    // The screen showed two events: the match has three.
    let err = s
        .append_seen(id, Event::carom(), seen(2, Some(Player::A)), t(3))
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Stale {
                expected: 2,
                found: 3
            }
        ),
        "{err:?}"
    );
    assert_eq!(s.events(id).unwrap().len(), 3, "nothing was written");
    assert_eq!(s.match_row(id).unwrap().events, 3);
    // As seen: appended, and the same tap sent again is stale.
    let m = s
        .append_seen(id, Event::carom(), seen(3, Some(Player::A)), t(3))
        .unwrap();
    assert_eq!(m.events().len(), 4);
    assert!(matches!(
        s.append_seen(id, Event::carom(), seen(3, Some(Player::A)), t(4)),
        Err(StoreError::Stale {
            expected: 3,
            found: 4
        })
    ));
    assert_eq!(s.events(id).unwrap().len(), 4);
    // A screen out of date is told so even when the match went to the trash since.
    s.trash_match(id, chrono::Utc::now()).unwrap();
    assert!(matches!(
        s.append_seen(id, Event::carom(), seen(3, Some(Player::A)), t(5)),
        Err(StoreError::Stale { .. })
    ));
    assert!(matches!(
        s.append_seen(id, Event::carom(), seen(4, Some(Player::A)), t(5)),
        Err(StoreError::InTrash(_))
    ));
    assert_eq!(s.events(id).unwrap().len(), 4);
}

pub(super) fn unfinished_matches_resume_exactly_where_they_stopped_after_reopening(
    place: &dyn Opener,
) {
    let (id, before) = {
        let mut s = place.open(DB).unwrap();
        let done = s
            .create_match_with_setup(setup(1), chrono::Utc::now())
            .unwrap();
        start(&mut s, done);
        s.append_event(done, Event::carom(), t(3)).unwrap();
        s.append_event(done, Event::miss(), t(4)).unwrap();
        let id = s
            .create_match_with_setup(setup(10), chrono::Utc::now())
            .unwrap();
        start(&mut s, id);
        s.append_event(id, Event::Carom { at: Some(10_000) }, t(5))
            .unwrap();
        s.append_event(id, Event::Carom { at: Some(20_000) }, t(6))
            .unwrap();
        s.append_event(
            id,
            Event::TimeOut {
                player: None,
                at: Some(25_000),
            },
            t(7),
        )
        .unwrap();
        let before = s
            .append_event(id, Event::Carom { at: Some(30_000) }, t(8))
            .unwrap()
            .view();
        (id, before)
    };
    let mut s = place.open(DB).unwrap();
    let resumable = s.unfinished_matches().unwrap();
    assert_eq!(resumable.len(), 1);
    assert_eq!(resumable[0].row.id, id);
    assert_eq!(resumable[0].view, before);
    assert_eq!(resumable[0].view.current_run, 3);
    assert!(resumable[0]
        .view
        .shot_clock
        .is_some_and(|c| c.started_at == Some(30_000)));
    // And play goes on from there.
    let next = s.append_event(id, Event::miss(), t(9)).unwrap().view();
    assert_eq!(next.at_table, Some(Player::B));
}

/// A database that may grow no more (SQLite's `max_page_count`, the same refusal a full
/// disk or an exhausted storage quota gives).
pub(super) fn a_full_database_refuses_the_write_and_keeps_everything_acknowledged(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    let mut libre = MatchSetup::race(
        Discipline::Libre,
        TableSize::Match,
        ["Caudron", "Jaspers"],
        10_000,
    );
    libre.pause.enabled = false;
    let id = s
        .create_match_with_setup(libre, chrono::Utc::now())
        .unwrap();
    start(&mut s, id);
    let pages: i64 = s
        .connection()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    s.set_max_page_count(pages as u64 + 2).unwrap();
    let mut acknowledged = 3;
    let err = loop {
        match s.append_event(
            id,
            Event::Protest {
                player: Player::A,
                text: "x".repeat(900),
                at: None,
            },
            Utc::now(),
        ) {
            Ok(_) => acknowledged += 1,
            Err(e) => break e,
        }
        assert!(acknowledged < 10_000, "the page limit was never reached");
    };
    assert!(matches!(err, StoreError::DiskFull), "{err:?}");
    // Nothing half-written; everything acknowledged is there; the store still reads.
    assert_eq!(s.events(id).unwrap().len(), acknowledged);
    assert_eq!(s.match_row(id).unwrap().events as usize, acknowledged);
    s.integrity_check().unwrap();
    // Space again: recording goes on where it stopped.
    s.set_max_page_count(1 << 30).unwrap();
    s.append_event(id, Event::carom(), Utc::now()).unwrap();
    drop(s);
    let mut s = place.open(DB).unwrap();
    assert_eq!(s.events(id).unwrap().len(), acknowledged + 1);
    assert_eq!(s.match_view(id).unwrap().current_run, 1);
}
