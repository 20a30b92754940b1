//! The club's streams and buckets (docs/hub.md's table), made by `names::ensure` on the
//! real server (Debian's 2.9): as specified, any number of times, and brought back to
//! their settings when a stream was made otherwise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use async_nats::jetstream::stream;
use carom_club::{names, ServerConfig};

mod common;

/// What `ensure` sets of a stream, as the server reports it.
fn settings(c: &stream::Config) -> impl PartialEq + std::fmt::Debug {
    (
        c.name.clone(),
        c.subjects.clone(),
        c.retention,
        c.storage,
        c.num_replicas,
        c.duplicate_window,
        c.max_messages_per_subject,
        c.max_messages,
        c.max_bytes,
    )
}

#[tokio::test]
async fn ensure_makes_every_stream_and_bucket_as_specified_and_a_second_run_keeps_what_they_hold() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start(&ServerConfig::loopback(dir.path().join("store")));
    let (client, js) = common::jetstream_of(server.url()).await;
    assert!(client.server_info().version.starts_with("2.9."));

    let club = names::ensure(&js).await.unwrap();
    for want in names::streams() {
        let mut stream = js.get_stream(&want.name).await.unwrap();
        let have = stream.info().await.unwrap().config.clone();
        assert_eq!(settings(&have), settings(&want));
        assert_eq!(have.storage, stream::StorageType::File, "{}", want.name);
    }
    assert_eq!(
        js.get_stream(names::INTAKE)
            .await
            .unwrap()
            .cached_info()
            .config
            .duplicate_window,
        Duration::from_secs(24 * 3600),
        "a device offline all evening still resends into the window"
    );
    for (name, history) in names::BUCKETS {
        let status = js
            .get_key_value(name)
            .await
            .unwrap()
            .status()
            .await
            .unwrap();
        assert_eq!(status.history(), history, "{name}");
    }

    let subject = names::events_subject("dev1", 7).unwrap();
    js.publish(subject, "event 0".into())
        .await
        .unwrap()
        .await
        .unwrap();
    club.roster.put("p1", "Ann".into()).await.unwrap();
    let again = names::ensure(&js).await.unwrap();
    let mut events = js.get_stream(names::EVENTS).await.unwrap();
    assert_eq!(events.info().await.unwrap().state.messages, 1);
    let entry = again.roster.entry("p1").await.unwrap().unwrap();
    assert_eq!(&entry.value[..], b"Ann");
}

#[tokio::test]
async fn a_stream_made_with_other_settings_is_brought_back_to_the_clubs() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start(&ServerConfig::loopback(dir.path().join("store")));
    let (_client, js) = common::jetstream_of(server.url()).await;
    let [intake, ..] = names::streams();
    js.create_stream(stream::Config {
        duplicate_window: Duration::from_secs(120),
        ..intake.clone()
    })
    .await
    .unwrap();
    js.publish_with_headers(
        names::intake_subject("dev1", 7).unwrap(),
        {
            let mut h = async_nats::HeaderMap::new();
            h.insert(
                "Nats-Msg-Id",
                names::message_id("dev1", 7, 0).unwrap().as_str(),
            );
            h
        },
        "event 0".into(),
    )
    .await
    .unwrap()
    .await
    .unwrap();

    names::ensure(&js).await.unwrap();
    let mut stream = js.get_stream(names::INTAKE).await.unwrap();
    let info = stream.info().await.unwrap();
    assert_eq!(info.config.duplicate_window, intake.duplicate_window);
    assert_eq!(info.state.messages, 1, "nothing the intake held is lost");
}

#[tokio::test]
async fn the_intake_is_a_work_queue_a_record_leaves_once_the_validator_acks_it() {
    use futures::StreamExt;
    let dir = tempfile::tempdir().unwrap();
    let server = common::start(&ServerConfig::loopback(dir.path().join("store")));
    let (_client, js) = common::jetstream_of(server.url()).await;
    let club = names::ensure(&js).await.unwrap();
    js.publish(names::intake_subject("dev1", 7).unwrap(), "event 0".into())
        .await
        .unwrap()
        .await
        .unwrap();
    let validator = club
        .intake
        .create_consumer(async_nats::jetstream::consumer::pull::Config {
            durable_name: Some("validator".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    let mut batch = validator.fetch().max_messages(1).messages().await.unwrap();
    let record = batch.next().await.unwrap().unwrap();
    assert_eq!(&record.payload[..], b"event 0");
    record.double_ack().await.unwrap();
    let mut intake = js.get_stream(names::INTAKE).await.unwrap();
    assert_eq!(intake.info().await.unwrap().state.messages, 0);
}
