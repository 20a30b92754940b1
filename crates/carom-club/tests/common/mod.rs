//! What the club's tests share: a real `nats-server` per test, and a client as a device on
//! the club's network holds one ([`carom_club::connect`]).
// Test code: a failed expectation is a panic, which is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use async_nats::jetstream;
use carom_club::{NatsServer, ServerConfig};
use carom_core::{Discipline, Event, MatchSetup, Player, TableSize};

/// A server on loopback with its store in `store`; a test without `nats-server` fails
/// saying how to install it (`cargo xtask setup`).
pub fn start(options: &ServerConfig) -> NatsServer {
    NatsServer::start(options).unwrap_or_else(|e| panic!("{e}"))
}

/// A client with the club's LAN settings ([`carom_club::connect`]).
pub async fn jetstream_of(url: &str) -> (async_nats::Client, jetstream::Context) {
    jetstream_with(url, async_nats::ConnectOptions::new()).await
}

/// As [`jetstream_of`], with `options` (credentials, an event callback).
pub async fn jetstream_with(
    url: &str,
    options: async_nats::ConnectOptions,
) -> (async_nats::Client, jetstream::Context) {
    carom_club::connect(url, options).await.unwrap()
}

/// The records a stream holds on `subject`, oldest first (read by sequence: the intake,
/// a work queue, takes no second consumer).
pub async fn records(
    js: &jetstream::Context,
    stream: &str,
    subject: &str,
) -> Vec<carom_api::ClubRecord> {
    let mut stream = js.get_stream(stream).await.unwrap();
    let state = stream.info().await.unwrap().state.clone();
    let mut out = Vec::new();
    if state.messages == 0 {
        return out;
    }
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

/// The messages a stream holds.
pub async fn messages_in(js: &jetstream::Context, stream: &str) -> u64 {
    js.get_stream(stream)
        .await
        .unwrap()
        .cached_info()
        .state
        .messages
}

/// A libre race to 2 between `players`: [`play`] finishes it.
pub fn race(players: [&str; 2]) -> MatchSetup {
    MatchSetup::race(Discipline::Libre, TableSize::Match, players, 2)
}

/// A libre race to 2, finished by the lag, the choice, the break, two caroms and a miss.
pub fn play() -> Vec<Event> {
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

/// The hub's validator, started afresh (it rebuilds from the accepted log), over
/// everything the intake holds: answers how many records it appended, and checks that
/// it refused none.
pub async fn validate(js: &jetstream::Context) -> usize {
    let mut validator = carom_hub::Validator::start(js.clone()).await.unwrap();
    let outcomes = validator.drain().await.unwrap();
    let mut appended = 0;
    for outcome in outcomes {
        match outcome {
            carom_hub::Outcome::Accepted { .. } => appended += 1,
            carom_hub::Outcome::Duplicate { .. } => {}
            other => panic!("refused: {other:?}"),
        }
    }
    appended
}
