//! A joined device's inbox (docs/hub.md, "A table's device", point 4): the other devices'
//! matches, read from the club's accepted log ([`names::EVENTS`]) from the position after
//! the store's `club_cursor`, with an ordered consumer (no state on the server per
//! device). Each record goes through the store's checked path (`Store::receive`: the
//! set-up checked, each event applied by the rules core on the committed log, the
//! signatures checked as a signature given here) in one SQLite transaction with its
//! position: a record is applied exactly once on the device, whenever the device stops.
//!
//! The device's own matches are on the log too (the hub's copy of its outbox): they are
//! skipped without touching the store; the position past the last of them is written
//! once, at the end of a pull, if no other device's record came after it.

use async_nats::jetstream::{
    self,
    consumer::{pull, DeliverPolicy},
};
use carom_api::ClubRecord;
use carom_store::Receipt;
use chrono::Utc;
use futures::StreamExt;

use crate::device::to_entry;
use crate::{names, ClubError, ClubSync, StoreAccess};

/// What one [`ClubSync::pull`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pulled {
    /// Records of other devices' matches stored.
    pub stored: usize,
    /// Records already here (a match that reached the store before, at other positions):
    /// only the position moved.
    pub known: usize,
    /// Records of this device's own matches, skipped.
    pub own: usize,
    /// The store's `club_cursor` after the pull.
    pub cursor: u64,
}

impl ClubSync {
    /// Applies to the store, in order, every record the accepted log holds past the
    /// store's `club_cursor`, up to the log's last record at the call (records appended
    /// meanwhile may be applied too); the device's own are skipped.
    ///
    /// # Errors
    /// [`ClubError::Offline`] (not connected to the hub now), [`ClubError::JetStream`]
    /// (the log unreachable), [`ClubError::Record`] (a message of the log that does not
    /// read as a club record of a match), [`ClubError::Received`] (the store refused a
    /// record: the pull stops before it, the cursor stays there). What was applied
    /// before a failure stays applied, with its position.
    pub async fn pull(&self, store: &impl StoreAccess) -> Result<Pulled, ClubError> {
        if self.js.client().connection_state() != async_nats::connection::State::Connected {
            return Err(ClubError::Offline);
        }
        let from = store.with_store(|s| s.club_cursor())?;
        let mut pulled = Pulled {
            cursor: from,
            ..Pulled::default()
        };
        let jetstream_error = |e: &dyn std::fmt::Display| {
            ClubError::JetStream(format!("stream {}: {e}", names::EVENTS))
        };
        let mut log = self
            .js
            .get_stream(names::EVENTS)
            .await
            .map_err(|e| jetstream_error(&e))?;
        let end = log
            .info()
            .await
            .map_err(|e| jetstream_error(&e))?
            .state
            .last_sequence;
        if end <= from {
            return Ok(pulled);
        }
        let consumer = log
            .create_consumer(pull::OrderedConfig {
                deliver_policy: DeliverPolicy::ByStartSequence {
                    start_sequence: from + 1,
                },
                ..Default::default()
            })
            .await
            .map_err(|e| jetstream_error(&e))?;
        let mut messages = consumer.messages().await.map_err(|e| jetstream_error(&e))?;
        // The last of the device's own records not followed by another device's.
        let mut own_last: Option<jetstream::Message> = None;
        while let Some(message) = messages.next().await {
            let message = message.map_err(|e| jetstream_error(&e))?;
            let position = message
                .info()
                .map_err(|e| jetstream_error(&e))?
                .stream_sequence;
            let (device, _) = names::events_match(message.subject.as_str())
                .map_err(|e| ClubError::Record(e.to_string()))?;
            if device == self.device {
                pulled.own += 1;
                own_last = Some(message);
            } else {
                let receipt = self.apply(store, &message, position)?;
                match receipt {
                    Receipt::Stored { .. } => pulled.stored += 1,
                    Receipt::Known | Receipt::Own => pulled.known += 1,
                }
                own_last = None;
                pulled.cursor = position;
            }
            if position >= end {
                break;
            }
        }
        if let Some(message) = own_last {
            // An own record only moves the position (`Receipt::Own`).
            let position = message
                .info()
                .map_err(|e| jetstream_error(&e))?
                .stream_sequence;
            self.apply(store, &message, position)?;
            pulled.cursor = position;
        }
        Ok(pulled)
    }

    /// One message of the log at `position`, through `Store::receive`.
    fn apply(
        &self,
        store: &impl StoreAccess,
        message: &jetstream::Message,
        position: u64,
    ) -> Result<Receipt, ClubError> {
        let subject = message.subject.as_str();
        let (device, number) =
            names::events_match(subject).map_err(|e| ClubError::Record(e.to_string()))?;
        let record = serde_json::from_slice::<ClubRecord>(&message.payload)
            .map_err(|e| ClubError::Record(format!("{subject}: {e}")))?;
        let entry = to_entry(record)?;
        store
            .with_store(|s| s.receive(device, number, entry, position, Utc::now()))
            .map_err(|error| ClubError::Received {
                subject: subject.to_owned(),
                position,
                error,
            })
    }
}
