//! A device's outbox and its reconciliation with the hub, on a real server (Debian's 2.9)
//! and a real SQLite store: each record reaches the intake once, in order, also when
//! acknowledgements were lost; a hub whose disk was replaced gets everything again.
//! (The hub's validator is not built yet: `relay` stands in for it, copying the intake
//! to the accepted log unchecked.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, consumer::pull};
use carom_api::ClubRecord;
use carom_club::{names, ClubError, ClubSync, ServerConfig, StoreAccess};
use carom_core::{Discipline, Event, MatchSetup, Player, SignerRole, TableSize};
use carom_store::{Acked, Store};
use chrono::{DateTime, Utc};
use futures::StreamExt;

mod common;

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
}

/// A libre race to 2, finished by the lag, the choice, the break, two caroms and a miss.
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

/// A device's store with a finished, signed match (8 records) and one under way (created
/// and 3 events): 12 records to publish.
fn device_store(dir: &std::path::Path) -> (Mutex<Store>, i64, i64) {
    let mut s = Store::open(&dir.join("carambole.sqlite")).unwrap();
    let setup = || {
        MatchSetup::race(
            Discipline::Libre,
            TableSize::Match,
            ["Caudron", "Jaspers"],
            2,
        )
    };
    let finished = s.create_match_with_setup(setup(), t(0)).unwrap();
    for (i, e) in play().into_iter().enumerate() {
        s.append_event(finished, e, t(i as i64)).unwrap();
    }
    let strokes = serde_json::json!({"strokes": [[[1, 2], [3, 4]]]});
    for (role, name) in SignerRole::ALL
        .into_iter()
        .zip(["Ceulemans", "Caudron", "Jaspers"])
    {
        s.sign(finished, role, name, &strokes, t(100)).unwrap();
    }
    let under_way = s.create_match_with_setup(setup(), t(200)).unwrap();
    for e in play().into_iter().take(3) {
        s.append_event(under_way, e, t(201)).unwrap();
    }
    (Mutex::new(s), finished, under_way)
}

/// The records a stream holds on `subject`, oldest first (read by sequence: the intake,
/// a work queue, takes no second consumer).
async fn records(js: &jetstream::Context, stream: &str, subject: &str) -> Vec<ClubRecord> {
    let mut stream = js.get_stream(stream).await.unwrap();
    let state = stream.info().await.unwrap().state.clone();
    let mut out = Vec::new();
    for seq in state.first_sequence..=state.last_sequence {
        let Ok(m) = stream.get_raw_message(seq).await else {
            continue; // acknowledged by the validator, or not this test's
        };
        if m.subject.as_str() == subject {
            out.push(serde_json::from_slice(&m.payload).unwrap());
        }
    }
    out
}

fn kinds(records: &[ClubRecord]) -> Vec<String> {
    records
        .iter()
        .map(|r| match r {
            ClubRecord::Created { .. } => "created".to_owned(),
            ClubRecord::Event { seq, .. } => format!("event {seq}"),
            ClubRecord::Signed { .. } => "signed".to_owned(),
        })
        .collect()
}

async fn messages_in(js: &jetstream::Context, stream: &str) -> u64 {
    js.get_stream(stream)
        .await
        .unwrap()
        .cached_info()
        .state
        .messages
}

/// Stands in for the hub's validator: moves every record of the intake to the accepted
/// log, unchecked, with its message id.
async fn relay(js: &jetstream::Context) -> usize {
    let consumer = js
        .get_stream(names::INTAKE)
        .await
        .unwrap()
        .get_or_create_consumer(
            "validator",
            pull::Config {
                durable_name: Some("validator".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let mut moved = 0;
    loop {
        let mut batch = consumer.fetch().max_messages(100).messages().await.unwrap();
        let mut any = false;
        while let Some(m) = batch.next().await {
            let m = m.unwrap();
            any = true;
            let subject = m.subject.as_str().replacen("club.in.", "club.ev.", 1);
            let id = m
                .headers
                .as_ref()
                .unwrap()
                .get("Nats-Msg-Id")
                .unwrap()
                .as_str()
                .to_owned();
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", id.as_str());
            js.publish_with_headers(subject, headers, m.payload.clone())
                .await
                .unwrap()
                .await
                .unwrap();
            m.double_ack().await.unwrap();
            moved += 1;
        }
        if !any {
            return moved;
        }
    }
}

#[tokio::test]
async fn each_record_reaches_the_intake_once_and_in_order_also_when_acks_were_lost() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start(&ServerConfig::loopback(dir.path().join("hub")));
    let (_client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let (store, finished, under_way) = device_store(dir.path());
    let device = store.with_store(|s| s.device().to_owned());
    let sync = ClubSync::new(js.clone(), &device).unwrap();

    let pushed = sync.push(&store).await.unwrap();
    assert_eq!((pushed.sent, pushed.duplicates), (12, 0));
    assert_eq!(messages_in(&js, names::INTAKE).await, 12);
    let subject = names::intake_subject(&device, finished).unwrap();
    let sent = records(&js, names::INTAKE, &subject).await;
    assert_eq!(
        kinds(&sent),
        ["created", "event 0", "event 1", "event 2", "event 3", "event 4", "event 5", "signed"]
    );
    let ClubRecord::Signed { signatures, .. } = &sent[7] else {
        panic!()
    };
    assert_eq!(signatures.len(), 3);
    assert!(store.with_store(|s| s.unpublished().unwrap().is_empty()));

    // Acknowledged by the hub, but the device died before writing it: sent again, and
    // the intake keeps one of each.
    store.with_store(|s| s.set_acked(finished, Acked::default()).unwrap());
    let again = sync.push(&store).await.unwrap();
    assert_eq!((again.sent, again.duplicates), (0, 8));
    assert_eq!(messages_in(&js, names::INTAKE).await, 12);

    store.with_store(|s| {
        s.append_event(under_way, Event::carom(), t(300)).unwrap();
    });
    let tap = sync.push(&store).await.unwrap();
    assert_eq!((tap.sent, tap.duplicates), (1, 0));
    let subject = names::intake_subject(&device, under_way).unwrap();
    assert_eq!(
        kinds(&records(&js, names::INTAKE, &subject).await),
        ["created", "event 0", "event 1", "event 2", "event 3"]
    );
}

#[tokio::test]
async fn a_hub_whose_disk_was_replaced_gets_every_record_again_after_the_reconcile() {
    let dir = tempfile::tempdir().unwrap();
    let first = ServerConfig::loopback(dir.path().join("hub"));
    let server = common::start(&first);
    let (_client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let (store, finished, under_way) = device_store(dir.path());
    let device = store.with_store(|s| s.device().to_owned());
    let sync = ClubSync::new(js.clone(), &device).unwrap();

    sync.push(&store).await.unwrap();
    assert_eq!(relay(&js).await, 12);
    assert_eq!(
        sync.reconcile(&store).await.unwrap(),
        0,
        "the hub has it all"
    );
    let accepted = |id| names::events_subject(&device, id).unwrap();
    let before = records(&js, names::EVENTS, &accepted(finished)).await;
    assert_eq!(before.len(), 8);

    // The hub comes back on the same address with an empty store.
    let port: u16 = server.url().rsplit(':').next().unwrap().parse().unwrap();
    server.stop().unwrap();
    let mut replaced = ServerConfig::loopback(dir.path().join("new-disk"));
    replaced.listen.set_port(port);
    let _server = common::start(&replaced);
    let started = Instant::now();
    while names::ensure(&js).await.is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the client reconnects"
        );
    }

    assert_eq!(sync.reconcile(&store).await.unwrap(), 2);
    let pushed = sync.push(&store).await.unwrap();
    assert_eq!((pushed.sent, pushed.duplicates), (12, 0));
    assert_eq!(relay(&js).await, 12);
    assert_eq!(
        records(&js, names::EVENTS, &accepted(finished)).await,
        before
    );
    assert_eq!(
        kinds(&records(&js, names::EVENTS, &accepted(under_way)).await),
        ["created", "event 0", "event 1", "event 2"]
    );
    assert_eq!(sync.reconcile(&store).await.unwrap(), 0);
}

/// Three-cushion to 100 (no zones): the lag, the choice, the break, then a carom and a
/// miss in turn, far from the end.
fn long_match(s: &mut Store) -> (i64, Vec<Event>) {
    let setup = MatchSetup::race(
        Discipline::ThreeCushion,
        TableSize::Match,
        ["Caudron", "Jaspers"],
        100,
    );
    let id = s.create_match_with_setup(setup, t(0)).unwrap();
    let mut events = play()[..3].to_vec();
    while events.len() < 200 {
        events.push(Event::carom());
        events.push(Event::miss());
    }
    events.truncate(200);
    (id, events)
}

#[tokio::test]
async fn a_device_that_loses_the_hub_scores_on_and_catches_up_in_order_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let config = ServerConfig::loopback(dir.path().join("hub"));
    let mut server = Some(common::start(&config));
    let url = server.as_ref().unwrap().url().to_owned();
    let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
    let (client, js) = common::jetstream_of(&url).await;
    names::ensure(&js).await.unwrap();
    let store = Mutex::new(Store::open(&dir.path().join("carambole.sqlite")).unwrap());
    let device = store.with_store(|s| s.device().to_owned());
    let (id, events) = store.with_store(long_match);
    let sync = ClubSync::new(js.clone(), &device).unwrap();

    let mut offline_pushes = 0;
    for (i, event) in events.into_iter().enumerate() {
        if i == 100 {
            // The hub's server is killed: the device is cut off for 50 events.
            server.take().unwrap().kill().unwrap();
        }
        if i == 150 {
            let mut again = config.clone();
            again.listen.set_port(port);
            server = Some(common::start(&again));
            let started = Instant::now();
            while client.connection_state() != async_nats::connection::State::Connected {
                assert!(started.elapsed() < Duration::from_secs(20), "reconnected");
                tokio::task::yield_now().await;
            }
        }
        store.with_store(|s| {
            s.append_event(id, event, t(i as i64)).unwrap();
        });
        match sync.push(&store).await {
            Ok(_) => {}
            // Offline, or (just after the kill, before the client noticed) an ack
            // that never came.
            Err(ClubError::Offline | ClubError::JetStream(_)) if (100..150).contains(&i) => {
                offline_pushes += 1;
            }
            Err(e) => panic!("event {i}: {e}"),
        }
    }
    assert_eq!(
        offline_pushes, 50,
        "the taps went on while the hub was away"
    );
    assert!(store.with_store(|s| s.unpublished().unwrap().is_empty()));
    let subject = names::intake_subject(&device, id).unwrap();
    let received = records(&js, names::INTAKE, &subject).await;
    let want: Vec<String> = std::iter::once("created".to_owned())
        .chain((0..200).map(|seq| format!("event {seq}")))
        .collect();
    assert_eq!(kinds(&received), want, "every record once, in order");
}
