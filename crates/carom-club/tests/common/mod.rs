//! What the club's tests share: a real `nats-server` per test, and a client as a device on
//! the club's network holds one.
// Test code: a failed expectation is a panic, which is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::time::Duration;

use async_nats::jetstream;
use carom_club::{NatsServer, ServerConfig};

/// A server on loopback with its store in `store`; a test without `nats-server` fails
/// saying how to install it (`cargo xtask setup`).
pub fn start(options: &ServerConfig) -> NatsServer {
    NatsServer::start(options).unwrap_or_else(|e| panic!("{e}"))
}

/// A client that tries again every 50 ms after a lost server (the client's default backs
/// off to seconds) and gives up a request after a second (a request sent into the
/// connection of a server just killed is never answered: with the default 5 s timeout a
/// test waited 10 s for the restarted one).
pub async fn jetstream_of(url: &str) -> (async_nats::Client, jetstream::Context) {
    jetstream_with(url, async_nats::ConnectOptions::new()).await
}

/// As [`jetstream_of`], with `options` (credentials, an event callback).
pub async fn jetstream_with(
    url: &str,
    options: async_nats::ConnectOptions,
) -> (async_nats::Client, jetstream::Context) {
    let client = options
        .reconnect_delay_callback(|_| Duration::from_millis(50))
        .connect(url)
        .await
        .unwrap();
    let mut js = jetstream::new(client.clone());
    js.set_timeout(Duration::from_secs(1));
    (client, js)
}
