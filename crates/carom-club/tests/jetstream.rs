//! The engine facts the club's design rests on (docs/hub.md), checked against a real
//! `nats-server` (Debian's 2.9, installed by `cargo xtask setup`) run by `NatsServer`:
//! a second publish of one message id is a no-op, also after the server was SIGKILLed and
//! restarted; a bucket refuses a write from a stale revision; nothing acknowledged is lost.
// The helpers below are test code too (clippy exempts only `#[test]` functions).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use async_nats::jetstream::{self, stream};
use carom_club::{kv, ClubError, NatsServer, ServerConfig};

mod common;

/// The intake stream's shape (docs/hub.md): one subject per device and match.
fn intake() -> stream::Config {
    stream::Config {
        name: "CLUB_IN".into(),
        subjects: vec!["club.in.>".into()],
        duplicate_window: Duration::from_secs(120),
        storage: stream::StorageType::File,
        ..Default::default()
    }
}

fn port_of(server: &NatsServer) -> u16 {
    server.url().rsplit(':').next().unwrap().parse().unwrap()
}

/// The server again, on the same port and store, as the hub restarts it after a crash.
fn restart(options: &ServerConfig, port: u16) -> NatsServer {
    let mut again = options.clone();
    again.listen.set_port(port);
    common::start(&again)
}

async fn jetstream_of(server: &NatsServer) -> (async_nats::Client, jetstream::Context) {
    common::jetstream_of(server.url()).await
}

fn headers(message_id: &str) -> async_nats::HeaderMap {
    let mut h = async_nats::HeaderMap::new();
    h.insert("Nats-Msg-Id", message_id);
    h
}

/// Retries `f` until it succeeds: the client reconnects on its own after a restart.
async fn eventually<T, E: std::fmt::Debug, F: std::future::Future<Output = Result<T, E>>>(
    mut f: impl FnMut() -> F,
) -> T {
    let started = Instant::now();
    loop {
        match f().await {
            Ok(v) => return v,
            Err(e) if started.elapsed() > Duration::from_secs(20) => panic!("still failing: {e:?}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

#[tokio::test]
async fn an_event_sent_twice_under_one_message_id_is_stored_once_also_after_a_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let options = ServerConfig::loopback(dir.path().join("store"));
    let server = common::start(&options);
    let port = port_of(&server);
    let (client, js) = jetstream_of(&server).await;
    let version = client.server_info().version;
    assert!(
        version.starts_with("2.9."),
        "Debian 12's server, not {version}"
    );
    js.get_or_create_stream(intake()).await.unwrap();

    let send = |payload: &'static str| {
        let js = js.clone();
        async move {
            js.publish_with_headers("club.in.dev1.7", headers("dev1.7.0"), payload.into())
                .await?
                .await
        }
    };
    let first = send("event 0").await.unwrap();
    let again = send("event 0").await.unwrap();
    assert!(!first.duplicate);
    assert!(again.duplicate, "the second publish is a no-op");
    assert_eq!(again.sequence, first.sequence);

    server.kill().unwrap();
    let _server = restart(&options, port);
    // `get_stream` reads the stream's state from the server.
    let stream = eventually(|| js.get_stream("CLUB_IN")).await;
    assert_eq!(
        stream.cached_info().state.messages,
        1,
        "acknowledged once, kept once"
    );
    let stored = stream.get_raw_message(first.sequence).await.unwrap();
    assert_eq!(&stored.payload[..], b"event 0");
    assert_eq!(stored.subject.as_str(), "club.in.dev1.7");
    // A device that never got its acknowledgement sends again after the hub's restart.
    let resent = eventually(|| send("event 0")).await;
    assert!(resent.duplicate, "the restarted server still knows the id");
    let stream = js.get_stream("CLUB_IN").await.unwrap();
    assert_eq!(stream.cached_info().state.messages, 1);
}

#[tokio::test]
async fn a_bucket_refuses_a_write_from_a_stale_revision_and_keeps_its_values_after_a_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let options = ServerConfig::loopback(dir.path().join("store"));
    let server = common::start(&options);
    let port = port_of(&server);
    let (_client, js) = jetstream_of(&server).await;
    let roster = kv::create_bucket(&js, "roster", 5).await.unwrap();

    let created = roster.create("p1", "Ann".into()).await.unwrap();
    let renamed = roster
        .update("p1", "Ann Martin".into(), created)
        .await
        .unwrap();
    // A second device edited the same player from the revision it last saw.
    let stale = roster.update("p1", "Anne".into(), created).await;
    assert!(stale.is_err(), "a concurrent edit is refused, not written");
    assert!(
        roster.create("p1", "Bob".into()).await.is_err(),
        "a key is created once"
    );

    server.kill().unwrap();
    let _server = restart(&options, port);
    let roster = eventually(|| js.get_key_value("roster")).await;
    let entry = eventually(|| roster.entry("p1")).await.unwrap();
    assert_eq!(&entry.value[..], b"Ann Martin");
    assert_eq!(entry.revision, renamed);
    // Made again by a restarted hub: the bucket is opened as it is, values kept.
    let reopened = kv::create_bucket(&js, "roster", 5).await.unwrap();
    let entry = reopened.entry("p1").await.unwrap().unwrap();
    assert_eq!(&entry.value[..], b"Ann Martin");
}

#[test]
fn a_server_that_cannot_listen_says_it_exited_and_where_its_log_is() {
    let dir = tempfile::tempdir().unwrap();
    let first = common::start(&ServerConfig::loopback(dir.path().join("a")));
    let mut taken = ServerConfig::loopback(dir.path().join("b"));
    taken.listen.set_port(port_of(&first));
    match NatsServer::start(&taken) {
        Err(ClubError::ServerExited { log, .. }) => {
            let text = std::fs::read_to_string(&log).unwrap();
            assert!(text.contains("address already in use"), "{text}");
        }
        other => panic!("expected an exit, got {other:?}"),
    }
}
