//! A device's outbox and its reconciliation with the hub, on a real server (Debian's 2.9)
//! and a real SQLite store: each record reaches the intake once, in order, also when
//! acknowledgements were lost; a hub whose disk was replaced gets everything again.
//! The hub's validator (carom-hub) takes the intake to the accepted log, which then
//! holds exactly the device's log.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_nats::jetstream;
use carom_api::ClubRecord;
use carom_club::{names, ClubError, ClubSync, ServerConfig, StoreAccess};
use carom_core::{Discipline, Event, MatchSetup, SignerRole, TableSize};
use carom_store::{Acked, Store};
use chrono::{DateTime, Utc};

mod common;

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
}

/// A device's store with a finished, signed match (8 records) and one under way (created
/// and 3 events): 12 records to publish.
fn device_store(dir: &std::path::Path) -> (Mutex<Store>, i64, i64) {
    let mut s = Store::open(&dir.join("carambole.sqlite")).unwrap();
    let setup = || common::race(["Caudron", "Jaspers"]);
    let finished = s.create_match_with_setup(setup(), t(0)).unwrap();
    for (i, e) in common::play().into_iter().enumerate() {
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
    for e in common::play().into_iter().take(3) {
        s.append_event(under_way, e, t(201)).unwrap();
    }
    (Mutex::new(s), finished, under_way)
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

/// Everything the device has of its match `id`, as it publishes it (its outbox with
/// nothing acknowledged).
fn device_log(store: &Mutex<Store>, id: i64) -> Vec<ClubRecord> {
    store.with_store(|s| {
        let acked = s
            .acked()
            .unwrap()
            .into_iter()
            .find(|(m, _)| *m == id)
            .map_or_else(Acked::default, |(_, a)| a);
        s.set_acked(id, Acked::default()).unwrap();
        let all = s.unpublished().unwrap();
        s.set_acked(id, acked).unwrap();
        let out = all.into_iter().find(|o| o.match_id == id).unwrap();
        out.entries
            .iter()
            .map(carom_club::device::to_record)
            .collect()
    })
}

/// The count and sha256 of a match's records, each as its JSON line.
fn digest(records: &[ClubRecord]) -> (usize, String) {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for r in records {
        hash.update(serde_json::to_vec(r).unwrap());
        hash.update(b"\n");
    }
    let hex = hash
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    (records.len(), hex)
}

/// The accepted log holds exactly the device's log of each of `ids`: the same count and
/// sha256 per match.
async fn holds_exactly(js: &jetstream::Context, store: &Mutex<Store>, device: &str, ids: &[i64]) {
    for &id in ids {
        let subject = names::events_subject(device, id).unwrap();
        let accepted = common::records(js, names::EVENTS, &subject).await;
        assert_eq!(
            digest(&accepted),
            digest(&device_log(store, id)),
            "match {id}"
        );
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
    assert_eq!(common::messages_in(&js, names::INTAKE).await, 12);
    let subject = names::intake_subject(&device, finished).unwrap();
    let sent = common::records(&js, names::INTAKE, &subject).await;
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
    assert_eq!(common::messages_in(&js, names::INTAKE).await, 12);

    store.with_store(|s| {
        s.append_event(under_way, Event::carom(), t(300)).unwrap();
    });
    let tap = sync.push(&store).await.unwrap();
    assert_eq!((tap.sent, tap.duplicates), (1, 0));
    let subject = names::intake_subject(&device, under_way).unwrap();
    assert_eq!(
        kinds(&common::records(&js, names::INTAKE, &subject).await),
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
    assert_eq!(common::validate(&js).await, 12);
    holds_exactly(&js, &store, &device, &[finished, under_way]).await;
    assert_eq!(
        sync.reconcile(&store).await.unwrap(),
        0,
        "the hub has it all"
    );
    let accepted = |id| names::events_subject(&device, id).unwrap();
    let before = common::records(&js, names::EVENTS, &accepted(finished)).await;
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
    assert_eq!(common::validate(&js).await, 12);
    assert_eq!(
        common::records(&js, names::EVENTS, &accepted(finished)).await,
        before
    );
    assert_eq!(
        kinds(&common::records(&js, names::EVENTS, &accepted(under_way)).await),
        ["created", "event 0", "event 1", "event 2"]
    );
    assert_eq!(sync.reconcile(&store).await.unwrap(), 0);
    holds_exactly(&js, &store, &device, &[finished, under_way]).await;
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
    let mut events = common::play()[..3].to_vec();
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
    let received = common::records(&js, names::INTAKE, &subject).await;
    let want: Vec<String> = std::iter::once("created".to_owned())
        .chain((0..200).map(|seq| format!("event {seq}")))
        .collect();
    assert_eq!(kinds(&received), want, "every record once, in order");
    assert_eq!(common::validate(&js).await, 201);
    holds_exactly(&js, &store, &device, &[id]).await;
}
