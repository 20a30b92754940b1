//! The server as the hub runs it: from a generated config file, its users known by their
//! nkeys, each device allowed its own subjects only; stopped by SIGTERM with its store
//! closed and no process left.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use carom_club::{names, Permissions, ServerConfig, User};

mod common;

/// What a device may do in this test: publish its own matches, read its answers.
fn device(nkey: String, device: &str) -> User {
    User {
        nkey,
        permissions: Some(Permissions {
            publish: vec![format!("club.in.{device}.>")],
            subscribe: vec!["_INBOX.>".into()],
        }),
    }
}

#[tokio::test]
async fn a_device_may_publish_only_its_own_matches_and_nobody_connects_without_a_key() {
    let dir = tempfile::tempdir().unwrap();
    let hub = nkeys::KeyPair::new_user();
    let dev1 = nkeys::KeyPair::new_user();
    let mut config = ServerConfig::loopback(dir.path().join("store"));
    config.users = vec![
        User {
            nkey: hub.public_key(),
            permissions: None,
        },
        device(dev1.public_key(), "dev1"),
    ];
    let server = common::start(&config);

    let anonymous = async_nats::ConnectOptions::new()
        .connect(server.url())
        .await;
    assert!(anonymous.is_err(), "no key, no connection");

    let (_hub, hub_js) = common::jetstream_with(
        server.url(),
        async_nats::ConnectOptions::with_nkey(hub.seed().unwrap()),
    )
    .await;
    names::ensure(&hub_js).await.unwrap();

    let (told, mut errors) = tokio::sync::mpsc::unbounded_channel();
    let options =
        async_nats::ConnectOptions::with_nkey(dev1.seed().unwrap()).event_callback(move |event| {
            let told = told.clone();
            async move {
                if let async_nats::Event::ServerError(e) = event {
                    let _ = told.send(format!("{e:?}"));
                }
            }
        });
    let (_dev, dev_js) = common::jetstream_with(server.url(), options).await;
    let own = names::intake_subject("dev1", 7).unwrap();
    dev_js
        .publish(own.clone(), "event 0".into())
        .await
        .unwrap()
        .await
        .unwrap();
    let foreign = names::intake_subject("dev2", 7).unwrap();
    let ack = dev_js
        .publish(foreign.clone(), "event 0".into())
        .await
        .unwrap()
        .await;
    assert!(ack.is_err(), "nothing acknowledges a refused publish");
    let said = tokio::time::timeout(Duration::from_secs(10), errors.recv())
        .await
        .expect("the server tells the device")
        .unwrap();
    assert!(said.contains("Permissions Violation"), "{said}");
    assert!(said.contains(&foreign), "{said}");

    let intake = hub_js.get_stream(names::INTAKE).await.unwrap();
    assert_eq!(intake.cached_info().state.messages, 1);
    let kept = intake.get_last_raw_message_by_subject(&own).await.unwrap();
    assert_eq!(&kept.payload[..], b"event 0");
    assert!(intake
        .get_last_raw_message_by_subject(&foreign)
        .await
        .is_err());
}

#[tokio::test]
async fn sigterm_stops_the_server_with_its_store_closed_and_leaves_no_process() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServerConfig::loopback(dir.path().join("store"));
    config.domain = Some("club".into());
    let server = common::start(&config);
    let (_client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let subject = names::events_subject("dev1", 7).unwrap();
    js.publish(subject.clone(), "event 0".into())
        .await
        .unwrap()
        .await
        .unwrap();

    let pid = server.pid();
    server.stop().unwrap();
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "the server's process is gone, reaped"
    );
    let log = std::fs::read_to_string(config.log()).unwrap();
    assert!(log.contains("Domain:          club"), "{log}");
    assert!(log.contains("JetStream Shutdown"), "{log}");
    assert!(log.contains("Server Exiting"), "{log}");

    let again = common::start(&config);
    let (_client, js) = common::jetstream_of(again.url()).await;
    let events = js.get_stream(names::EVENTS).await.unwrap();
    let kept = events
        .get_last_raw_message_by_subject(&subject)
        .await
        .unwrap();
    assert_eq!(&kept.payload[..], b"event 0");
    assert_eq!(events.cached_info().state.messages, 1);
}
