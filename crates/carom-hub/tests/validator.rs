//! The hub's validator on a real server (Debian's 2.9): what the rules core refuses, a
//! gap, another device's match and a resend never reach the accepted log; the devices
//! are told; a validator stopped between its writes, or restarted, leaves each match's
//! log complete with each record once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use async_nats::jetstream::{self, message::PublishMessage};
use carom_api::{
    ClubRecord, ClubSignature, ErrorCode, FinishedMatch, MatchKey, Refusal, TableState,
};
use carom_club::{names, ServerConfig};
use carom_core::{ByPlayer, Event, FileFormat, Match, MatchSetup, SignerRole};
use carom_hub::{HubError, Outcome, Validator};
use futures::StreamExt;

#[path = "../../carom-club/tests/common/mod.rs"]
mod common;
use common::play;

const DEV1: &str = "dev1";
const DEV2: &str = "dev2";

fn key(device: &str, number: i64) -> MatchKey {
    MatchKey {
        device: device.into(),
        number,
    }
}

fn setup() -> MatchSetup {
    common::race(["Caudron", "Jaspers"])
}

fn created() -> ClubRecord {
    ClubRecord::Created {
        format: FileFormat::CURRENT,
        setup: Box::new(setup()),
        players: ByPlayer::from([Some("dev1-1".to_owned()), None]),
    }
}

fn event(seq: u64) -> ClubRecord {
    ClubRecord::Event {
        seq,
        event: play()[usize::try_from(seq).unwrap()].clone(),
    }
}

fn signed() -> ClubRecord {
    ClubRecord::Signed {
        signatures: SignerRole::ALL
            .into_iter()
            .zip(["Ceulemans", "Caudron", "Jaspers"])
            .map(|(role, name)| ClubSignature {
                role,
                name: name.into(),
                signed_at: "2026-12-07T21:30:00.000Z".into(),
                strokes: r#"{"strokes":[[[1,2],[3,4]]]}"#.into(),
            })
            .collect(),
        reclamations: ByPlayer::from([None, Some("The last carom was a kiss".to_owned())]),
    }
}

/// The whole of a finished, signed match: created, 6 events, signed.
fn whole_match() -> Vec<ClubRecord> {
    std::iter::once(created())
        .chain((0..6).map(event))
        .chain(std::iter::once(signed()))
        .collect()
}

/// Publishes `record` of match `number` of `device` to the intake as `publisher`, with
/// its message id (`id_suffix` makes another id: a resend the intake's window forgot).
async fn send_as(
    js: &jetstream::Context,
    publisher: &str,
    device: &str,
    number: i64,
    record: &ClubRecord,
    id_suffix: &str,
) {
    let id = names::record_id(device, number, record).unwrap() + id_suffix;
    let publish = PublishMessage::build()
        .payload(serde_json::to_vec(record).unwrap().into())
        .message_id(id)
        .header(names::PUBLISHER_HEADER, publisher);
    let ack = js
        .send_publish(names::intake_subject(device, number).unwrap(), publish)
        .await
        .unwrap()
        .await
        .unwrap();
    assert!(!ack.duplicate);
}

async fn send(js: &jetstream::Context, number: i64, records: &[ClubRecord]) {
    for record in records {
        send_as(js, DEV1, DEV1, number, record, "").await;
    }
}

async fn accepted_log(js: &jetstream::Context, device: &str, number: i64) -> Vec<ClubRecord> {
    common::records(
        js,
        names::EVENTS,
        &names::events_subject(device, number).unwrap(),
    )
    .await
}

/// A server with the club's streams and buckets, and a client.
async fn club(
    dir: &std::path::Path,
) -> (
    carom_club::NatsServer,
    async_nats::Client,
    jetstream::Context,
) {
    let server = common::start(&ServerConfig::loopback(dir.join("hub")));
    let (client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    (server, client, js)
}

/// A subscription to a device's refusals, registered with the server before it returns.
async fn told(client: &async_nats::Client, device: &str) -> async_nats::Subscriber {
    let sub = client
        .subscribe(names::refused_subject(device).unwrap())
        .await
        .unwrap();
    client.flush().await.unwrap();
    sub
}

async fn next_refusal(sub: &mut async_nats::Subscriber) -> Refusal {
    let message = tokio::time::timeout(Duration::from_secs(5), sub.next())
        .await
        .expect("told within 5 s")
        .unwrap();
    serde_json::from_slice(&message.payload).unwrap()
}

async fn kept(js: &jetstream::Context, key: &str) -> Option<Refusal> {
    let bucket = js.get_key_value(names::REFUSALS).await.unwrap();
    bucket
        .get(key)
        .await
        .unwrap()
        .map(|v| serde_json::from_slice(&v).unwrap())
}

fn refused(outcome: &Outcome) -> &Refusal {
    match outcome {
        Outcome::Refused { refusal, .. } => refusal,
        other => panic!("not refused: {other:?}"),
    }
}

#[tokio::test]
async fn an_impossible_event_is_refused_and_the_device_told_on_its_subject_and_in_the_bucket() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, client, js) = club(dir.path()).await;
    let mut validator = Validator::start(js.clone()).await.unwrap();
    let mut sub = told(&client, DEV1).await;

    // A carom before the lag and the break: the rules core refuses it.
    let impossible = ClubRecord::Event {
        seq: 0,
        event: Event::carom(),
    };
    send(&js, 7, &[created(), impossible]).await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(outcomes.len(), 2);
    assert!(matches!(&outcomes[0], Outcome::Accepted { seq: None, .. }));
    let why = Match::new(setup())
        .unwrap()
        .apply(Event::carom())
        .unwrap_err()
        .message();
    let want = Refusal {
        key: key(DEV1, 7),
        seq: Some(0),
        code: ErrorCode::from(&why),
    };
    assert!(matches!(want.code, ErrorCode::Rules(_)));
    assert_eq!(refused(&outcomes[1]), &want);
    assert_eq!(next_refusal(&mut sub).await, want);
    assert_eq!(kept(&js, "dev1.7").await, Some(want));
    assert_eq!(accepted_log(&js, DEV1, 7).await, [created()]);
    assert_eq!(validator.accepted(&key(DEV1, 7)), Some(0));

    // The lag, then the match goes on: the refused event counted for nothing.
    // (Under another id: the intake's dedupe window has the refused one's.)
    send_as(&js, DEV1, DEV1, 7, &event(0), ".again").await;
    let outcomes = validator.drain().await.unwrap();
    assert!(matches!(
        &outcomes[..],
        [Outcome::Accepted { seq: Some(0), .. }]
    ));
    assert_eq!(accepted_log(&js, DEV1, 7).await, [created(), event(0)]);
    assert_eq!(
        common::messages_in(&js, names::INTAKE).await,
        0,
        "all acknowledged"
    );

    // What does not read as a record is refused as such; a subject that names no match
    // tells nobody; both leave the intake.
    js.publish(
        names::intake_subject(DEV1, 7).unwrap(),
        r#"{"record": "trashed"}"#.into(),
    )
    .await
    .unwrap()
    .await
    .unwrap();
    js.publish("club.in.dev1.seven", "{}".into())
        .await
        .unwrap()
        .await
        .unwrap();
    let outcomes = validator.drain().await.unwrap();
    assert!(matches!(
        &refused(&outcomes[0]).code,
        ErrorCode::RequestInvalid { command, .. } if command == names::INTAKE
    ));
    assert_eq!(next_refusal(&mut sub).await, *refused(&outcomes[0]));
    assert_eq!(
        outcomes[1],
        Outcome::Unreadable {
            subject: "club.in.dev1.seven".into()
        }
    );
    assert_eq!(common::messages_in(&js, names::INTAKE).await, 0);
    assert_eq!(accepted_log(&js, DEV1, 7).await, [created(), event(0)]);
}

#[tokio::test]
async fn a_gap_is_refused_with_the_accepted_length_and_the_resend_from_there_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, client, js) = club(dir.path()).await;
    let mut validator = Validator::start(js.clone()).await.unwrap();
    let mut sub = told(&client, DEV1).await;

    send(&js, 3, &[created(), event(0), event(1), event(3)]).await;
    let outcomes = validator.drain().await.unwrap();
    let want = Refusal {
        key: key(DEV1, 3),
        seq: Some(3),
        code: ErrorCode::StaleAction {
            expected: 2,
            found: 3,
        },
    };
    assert_eq!(refused(&outcomes[3]), &want);
    assert_eq!(next_refusal(&mut sub).await, want);
    assert_eq!(kept(&js, "dev1.3").await, Some(want));
    assert_eq!(validator.accepted(&key(DEV1, 3)), Some(2));

    // The device resends from 2 (its intake ids are forgotten by then, or new).
    send(&js, 3, &[event(2)]).await;
    send_as(&js, DEV1, DEV1, 3, &event(3), ".again").await;
    let outcomes = validator.drain().await.unwrap();
    assert!(outcomes
        .iter()
        .all(|o| matches!(o, Outcome::Accepted { .. })));
    assert_eq!(
        accepted_log(&js, DEV1, 3).await,
        [created(), event(0), event(1), event(2), event(3)]
    );

    // An event of a match the hub never saw created.
    send(&js, 4, &[event(0)]).await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(
        refused(&outcomes[0]).code,
        ErrorCode::MatchNotFound { id: 4 }
    );
    assert!(accepted_log(&js, DEV1, 4).await.is_empty());
}

#[tokio::test]
async fn a_record_of_another_devices_match_is_refused_and_its_publisher_told() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, client, js) = club(dir.path()).await;
    let mut validator = Validator::start(js.clone()).await.unwrap();
    send(&js, 5, &[created(), event(0)]).await;
    validator.drain().await.unwrap();
    let mut to_dev2 = told(&client, DEV2).await;
    let mut to_dev1 = told(&client, DEV1).await;

    // dev2 (with rights on every subject, as the hub's own process has) writes into
    // dev1's match 5, and creates a match under dev1's name.
    // (Under ids of its own: the intake's dedupe window would otherwise drop dev1's
    // own records of those ids, see docs/hub.md.)
    send_as(&js, DEV2, DEV1, 5, &event(1), ".dev2").await;
    send_as(&js, DEV2, DEV1, 6, &created(), ".dev2").await;
    let outcomes = validator.drain().await.unwrap();
    let want = Refusal {
        key: key(DEV1, 5),
        seq: Some(1),
        code: ErrorCode::MatchNotFound { id: 5 },
    };
    assert!(matches!(&outcomes[0], Outcome::Refused { publisher, .. } if publisher == DEV2));
    assert_eq!(refused(&outcomes[0]), &want);
    assert_eq!(next_refusal(&mut to_dev2).await, want);
    assert_eq!(kept(&js, "dev2.dev1.5").await, Some(want));
    assert_eq!(
        refused(&outcomes[1]).code,
        ErrorCode::MatchNotFound { id: 6 }
    );
    // The owner's match is untouched, and nothing of it is said to him.
    assert_eq!(accepted_log(&js, DEV1, 5).await, [created(), event(0)]);
    assert!(accepted_log(&js, DEV1, 6).await.is_empty());
    assert_eq!(kept(&js, "dev1.5").await, None);
    assert_eq!(validator.accepted(&key(DEV1, 6)), None);
    // Whatever the validator told dev1 came before its last answer, so before this
    // marker, published after it.
    let marker = Refusal {
        key: key(DEV2, 0),
        seq: None,
        code: ErrorCode::NameEmpty,
    };
    client
        .publish(
            names::refused_subject(DEV1).unwrap(),
            serde_json::to_vec(&marker).unwrap().into(),
        )
        .await
        .unwrap();
    assert_eq!(
        next_refusal(&mut to_dev1).await,
        marker,
        "dev1 is told nothing"
    );

    // Its own event 1 is still the next one.
    send(&js, 5, &[event(1)]).await;
    let outcomes = validator.drain().await.unwrap();
    assert!(matches!(
        &outcomes[..],
        [Outcome::Accepted { seq: Some(1), .. }]
    ));
}

#[tokio::test]
async fn resends_are_dropped_and_a_signed_match_is_finished_once() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, _client, js) = club(dir.path()).await;
    let mut validator = Validator::start(js.clone()).await.unwrap();
    let records = whole_match();
    send(&js, 1, &records).await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(outcomes.len(), 8);
    assert!(outcomes
        .iter()
        .all(|o| matches!(o, Outcome::Accepted { .. })));

    // Everything again, under ids the intake does not know: the validator drops each.
    for record in &records {
        send_as(&js, DEV1, DEV1, 1, record, ".resent").await;
    }
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(outcomes.len(), 8);
    assert!(
        outcomes
            .iter()
            .all(|o| matches!(o, Outcome::Duplicate { .. })),
        "{outcomes:?}"
    );
    assert_eq!(accepted_log(&js, DEV1, 1).await, records);
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 1);
    let finished = js
        .get_stream(names::FINISHED)
        .await
        .unwrap()
        .get_last_raw_message_by_subject(&names::finished_subject(DEV1, 1).unwrap())
        .await
        .unwrap();
    let finished: FinishedMatch = serde_json::from_slice(&finished.payload).unwrap();
    assert_eq!(finished.key, key(DEV1, 1));
    assert_eq!(finished.events, play());
    assert_eq!(finished.signatures.len(), 3);
    assert_eq!(
        finished.players,
        ByPlayer::from([Some("dev1-1".to_owned()), None])
    );

    // A signed match takes no more events.
    let late = ClubRecord::Event {
        seq: 6,
        event: Event::carom(),
    };
    send(&js, 1, &[late]).await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(refused(&outcomes[0]).code, ErrorCode::MatchSigned { id: 1 });
}

#[tokio::test]
async fn unfinished_or_badly_signed_matches_are_refused_their_signatures() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, _client, js) = club(dir.path()).await;
    let mut validator = Validator::start(js.clone()).await.unwrap();
    send(&js, 2, &[created(), event(0), event(1), event(2)]).await;
    send(&js, 2, &[signed()]).await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(
        refused(&outcomes[4]).code,
        ErrorCode::MatchNotFinished { id: 2 }
    );
    send(&js, 2, &[event(3), event(4), event(5)]).await;
    let ClubRecord::Signed {
        mut signatures,
        reclamations,
    } = signed()
    else {
        unreachable!()
    };
    signatures.pop();
    let two = ClubRecord::Signed {
        signatures: signatures.clone(),
        reclamations,
    };
    send_as(&js, DEV1, DEV1, 2, &two, ".two").await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(
        refused(&outcomes[3]).code,
        ErrorCode::MissingSignatures {
            roles: vec![SignerRole::ALL[2]]
        }
    );
    assert_eq!(validator.accepted(&key(DEV1, 2)), Some(6));
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 0);
}

#[tokio::test]
async fn a_validator_killed_between_the_log_and_the_intake_acks_leaves_no_duplicate() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, _client, js) = club(dir.path()).await;
    let records = whole_match();
    send(&js, 9, &records).await;

    // Killed after the log took event 2 (its 4th record), before the table, the
    // finished match and the intake's ack; then after the log took the signatures (the
    // new validator's 4th: events 3 to 5, then the signatures).
    for _ in 0..2 {
        let mut validator = Validator::start(js.clone()).await.unwrap();
        let reached = validator.hang_after_append(4);
        let task = tokio::spawn(validator.run());
        tokio::time::timeout(Duration::from_secs(10), reached)
            .await
            .expect("the validator got there")
            .unwrap();
        task.abort();
        assert!(task.await.unwrap_err().is_cancelled());
    }
    let log = accepted_log(&js, DEV1, 9).await;
    assert_eq!(log, records, "the log took all 8 before the kills");
    assert!(
        common::messages_in(&js, names::INTAKE).await >= 1,
        "the signatures were never acknowledged"
    );
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 0);

    let mut validator = Validator::start(js.clone()).await.unwrap();
    // At its start it wrote what the last record should have: the table, the finished
    // match.
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 1);
    let tables = js.get_key_value(names::TABLES).await.unwrap();
    let table: TableState =
        serde_json::from_slice(&tables.get(DEV1).await.unwrap().unwrap()).unwrap();
    let playing = table.playing.unwrap();
    assert_eq!(
        (playing.key, playing.events.len(), playing.signed),
        (key(DEV1, 9), 6, true)
    );

    let outcomes = validator.drain().await.unwrap();
    assert!(!outcomes.is_empty());
    assert!(
        outcomes
            .iter()
            .all(|o| matches!(o, Outcome::Duplicate { .. })),
        "{outcomes:?}"
    );
    assert_eq!(
        accepted_log(&js, DEV1, 9).await,
        records,
        "each record once"
    );
    assert_eq!(common::messages_in(&js, names::EVENTS).await, 8);
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 1);
    assert_eq!(common::messages_in(&js, names::INTAKE).await, 0);

    // Each start writes the last record's finished match again: still one.
    drop(validator);
    let _again = Validator::start(js.clone()).await.unwrap();
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 1);
}

#[tokio::test]
async fn a_restarted_validator_rebuilds_each_match_from_the_accepted_log() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, client, js) = club(dir.path()).await;
    let mut first = Validator::start(js.clone()).await.unwrap();
    send(&js, 1, &whole_match()).await;
    send(&js, 2, &[created(), event(0), event(1), event(2)]).await;
    first.drain().await.unwrap();
    drop(first);

    let mut validator = Validator::start(js.clone()).await.unwrap();
    assert_eq!(validator.accepted(&key(DEV1, 1)), Some(6));
    assert_eq!(validator.accepted(&key(DEV1, 2)), Some(3));
    assert_eq!(validator.accepted(&key(DEV1, 3)), None);
    let mut sub = told(&client, DEV1).await;
    send(&js, 2, &[event(4)]).await;
    send(&js, 2, &[event(3)]).await;
    send(
        &js,
        1,
        &[ClubRecord::Event {
            seq: 6,
            event: Event::carom(),
        }],
    )
    .await;
    let outcomes = validator.drain().await.unwrap();
    assert_eq!(
        refused(&outcomes[0]).code,
        ErrorCode::StaleAction {
            expected: 3,
            found: 4
        }
    );
    assert!(matches!(
        &outcomes[1],
        Outcome::Accepted { seq: Some(3), .. }
    ));
    assert_eq!(refused(&outcomes[2]).code, ErrorCode::MatchSigned { id: 1 });
    assert_eq!(next_refusal(&mut sub).await.seq, Some(4));
    // The rebuilt fold goes on: the rest of match 2, then its signatures.
    send_as(&js, DEV1, DEV1, 2, &event(4), ".again").await;
    send(&js, 2, &[event(5), signed()]).await;
    let outcomes = validator.drain().await.unwrap();
    assert!(outcomes
        .iter()
        .all(|o| matches!(o, Outcome::Accepted { .. })));
    assert_eq!(accepted_log(&js, DEV1, 2).await, whole_match());
    assert_eq!(common::messages_in(&js, names::FINISHED).await, 2);
}

#[tokio::test]
async fn a_record_the_log_has_already_is_taken_as_accepted_and_another_one_stops_the_validator() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, _client, js) = club(dir.path()).await;
    let mut validator = Validator::start(js.clone()).await.unwrap();
    send(&js, 4, &[created(), event(0)]).await;
    validator.drain().await.unwrap();
    let subject = names::events_subject(DEV1, 4).unwrap();
    let last = |js: jetstream::Context| {
        let subject = subject.clone();
        async move {
            js.get_stream(names::EVENTS)
                .await
                .unwrap()
                .get_last_raw_message_by_subject(&subject)
                .await
                .unwrap()
                .sequence
        }
    };

    // The log took event 1 from a validator whose acknowledgement was lost (the same
    // id: the log's dedupe answers), then event 2 under another id (the expected
    // sequence answers): each is taken as accepted where it is.
    let put = |record: ClubRecord, id: String, after: u64| {
        let js = js.clone();
        let subject = subject.clone();
        async move {
            let publish = PublishMessage::build()
                .payload(serde_json::to_vec(&record).unwrap().into())
                .message_id(id)
                .expected_last_subject_sequence(after);
            js.send_publish(subject, publish)
                .await
                .unwrap()
                .await
                .unwrap()
                .sequence
        }
    };
    let at = put(
        event(1),
        names::message_id(DEV1, 4, 1).unwrap(),
        last(js.clone()).await,
    )
    .await;
    send(&js, 4, &[event(1)]).await;
    let outcomes = validator.drain().await.unwrap();
    assert!(
        matches!(&outcomes[..], [Outcome::Accepted { position, .. }] if *position == at),
        "{outcomes:?}"
    );
    let at = put(event(2), "elsewhere".into(), at).await;
    send(&js, 4, &[event(2)]).await;
    let outcomes = validator.drain().await.unwrap();
    assert!(
        matches!(&outcomes[..], [Outcome::Accepted { position, .. }] if *position == at),
        "{outcomes:?}"
    );
    assert_eq!(
        accepted_log(&js, DEV1, 4).await,
        [created(), event(0), event(1), event(2)]
    );

    // Another record where event 3 goes: the validator stops, and the record stays in
    // the intake for the next one.
    let other = ClubRecord::Event {
        seq: 3,
        event: Event::miss(),
    };
    put(other, "forged".into(), at).await;
    send(&js, 4, &[event(3)]).await;
    let err = validator.drain().await.unwrap_err();
    assert!(matches!(err, HubError::Diverged { .. }), "{err}");
    assert!(matches!(validator.drain().await, Err(HubError::Stopped)));
    assert_eq!(common::messages_in(&js, names::INTAKE).await, 1);
}
