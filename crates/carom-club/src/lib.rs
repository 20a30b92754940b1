//! `carom-club`: the club's NATS JetStream side, shared by the hub and every joined device
//! (the plan is docs/hub.md). SQLite stays each device's own store; JetStream is how the
//! devices of a club learn of each other's matches.
//!
//! Native only: the browsers at the club reach the hub through its HTTP face, never NATS.

pub mod device;
mod error;
mod inbox;
pub mod kv;
pub mod names;
mod roster;
pub mod server;

pub use device::{ClubSync, Pushed, StoreAccess};
pub use error::ClubError;
pub use inbox::Pulled;
pub use roster::{RosterPulled, RosterPushed};
pub use server::{NatsServer, Permissions, ServerConfig, User};

use std::time::Duration;

/// How long a device or the hub waits before trying a lost server again: the client's
/// default backs off to seconds, long on a club's LAN.
pub const RECONNECT_DELAY: Duration = Duration::from_millis(50);

/// How long a JetStream request may wait for its answer: a request sent into the
/// connection of a server that was just killed is never answered, and with the default
/// 5 s a client waited 10 s for the restarted server (docs/hub.md).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(1);

/// Connects to the club's server at `url` with `options` (credentials, an event
/// callback) and the club's LAN settings ([`RECONNECT_DELAY`], [`REQUEST_TIMEOUT`]):
/// the client and its JetStream context.
///
/// # Errors
/// [`ClubError::Connect`] when the server cannot be reached or refuses the client.
pub async fn connect(
    url: &str,
    options: async_nats::ConnectOptions,
) -> Result<(async_nats::Client, async_nats::jetstream::Context), ClubError> {
    let client = options
        .reconnect_delay_callback(|_| RECONNECT_DELAY)
        .connect(url)
        .await
        .map_err(|e| ClubError::Connect(format!("{url}: {e}")))?;
    let mut js = async_nats::jetstream::new(client.clone());
    js.set_timeout(REQUEST_TIMEOUT);
    Ok((client, js))
}
