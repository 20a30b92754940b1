//! `carom-club`: the club's NATS JetStream side, shared by the hub and every joined device
//! (the plan is docs/hub.md). SQLite stays each device's own store; JetStream is how the
//! devices of a club learn of each other's matches.
//!
//! Native only: the browsers at the club reach the hub through its HTTP face, never NATS.

pub mod device;
mod error;
pub mod kv;
pub mod names;
pub mod server;

pub use device::{ClubSync, Pushed, StoreAccess};
pub use error::ClubError;
pub use server::{NatsServer, Permissions, ServerConfig, User};
