//! A joined device's side of the club (docs/hub.md, "A table's device"): its outbox,
//! which is its own event log (`Store::unpublished`), published in order to the intake
//! with one message id per record, each JetStream acknowledgement written back to SQLite;
//! and, on every connect, the reconciliation of what SQLite believes the hub has with
//! what the hub's accepted log holds, so that a hub that lost writes gets them again.
//! Its inbox, the other devices' matches, is [`ClubSync::pull`] (`crate::inbox`).
//!
//! The device's store stays the app's: SQLite is opened in exclusive locking mode by one
//! `Store`, so the sync borrows it ([`StoreAccess`]) only for the short reads and writes
//! between network round trips, never across one: a tap waits for its commit only.

use async_nats::jetstream::{self, stream::LastRawMessageErrorKind};
use carom_api::{ClubRecord, ClubSignature};
use carom_store::{Acked, ClubEntry, Store, StoredSignature};

use crate::{names, ClubError};

/// How many records of one match are sent before their acknowledgements are awaited: a
/// catch-up after an outage is thousands of events, and one round trip each would make
/// it the network's latency times thousands.
const IN_FLIGHT: usize = 256;

/// The device's store, borrowed for one step at a time.
pub trait StoreAccess {
    /// Runs `f` on the store.
    fn with_store<R>(&self, f: impl FnOnce(&mut Store) -> R) -> R;
}

impl StoreAccess for std::sync::Mutex<Store> {
    fn with_store<R>(&self, f: impl FnOnce(&mut Store) -> R) -> R {
        // A panic elsewhere while holding the lock left SQLite as committed: carry on.
        let mut store = self
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut store)
    }
}

/// What one [`ClubSync::push`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pushed {
    /// Records the intake stored.
    pub sent: usize,
    /// Records the intake had already (a resend after an acknowledgement lost before its
    /// write to SQLite): dropped by the server, acknowledged all the same.
    pub duplicates: usize,
}

/// A device's sync with its club's hub.
#[derive(Debug, Clone)]
pub struct ClubSync {
    pub(crate) js: jetstream::Context,
    pub(crate) device: String,
}

impl ClubSync {
    /// The sync of device `device` (its store's id) over the JetStream context `js`.
    ///
    /// # Errors
    /// [`ClubError::Name`] when the id cannot be a subject's token.
    pub fn new(js: jetstream::Context, device: &str) -> Result<ClubSync, ClubError> {
        names::device_token(device)?;
        Ok(ClubSync {
            js,
            device: device.to_owned(),
        })
    }

    /// Publishes everything of the device's matches the hub has not acknowledged, match by
    /// match and in order, and records each acknowledgement in the store. Stops at the
    /// first failure (the hub unreachable): what was acknowledged is recorded, the rest
    /// waits for the next push.
    ///
    /// # Errors
    /// [`ClubError::Offline`] (not connected to the hub now), [`ClubError::JetStream`]
    /// (not sent or not acknowledged), [`ClubError::Store`].
    pub async fn push(&self, store: &impl StoreAccess) -> Result<Pushed, ClubError> {
        // Offline, a publish would wait in the client's buffer and its ack time out:
        // say so at once, and let the device score on (its outbox keeps everything).
        if self.js.client().connection_state() != async_nats::connection::State::Connected {
            return Err(ClubError::Offline);
        }
        let pending = store.with_store(|s| s.unpublished())?;
        let mut pushed = Pushed::default();
        for out in pending {
            let subject = names::intake_subject(&self.device, out.match_id)?;
            for window in out.entries.chunks(IN_FLIGHT) {
                let mut acks = Vec::with_capacity(window.len());
                for entry in window {
                    let record = to_record(entry);
                    let mut headers = async_nats::HeaderMap::new();
                    let id = names::record_id(&self.device, out.match_id, &record)?;
                    headers.insert("Nats-Msg-Id", id.as_str());
                    headers.insert(names::PUBLISHER_HEADER, self.device.as_str());
                    let payload = serde_json::to_vec(&record)
                        .map_err(|e| ClubError::Record(e.to_string()))?;
                    let ack = self
                        .js
                        .publish_with_headers(subject.clone(), headers, payload.into())
                        .await
                        .map_err(|e| ClubError::JetStream(format!("publish {subject}: {e}")))?;
                    acks.push(ack);
                }
                for (entry, ack) in window.iter().zip(acks) {
                    let ack = ack
                        .await
                        .map_err(|e| ClubError::JetStream(format!("ack of {subject}: {e}")))?;
                    if ack.duplicate {
                        pushed.duplicates += 1;
                    } else {
                        pushed.sent += 1;
                    }
                    store.with_store(|s| s.mark_published(out.match_id, entry))?;
                }
            }
        }
        Ok(pushed)
    }

    /// Brings what the store believes the hub has of each of the device's matches to what
    /// the hub's accepted log ([`names::EVENTS`]) holds: a hub that lost its last writes,
    /// or whose disk was replaced, gets them again from the next [`ClubSync::push`].
    /// Answers the number of matches corrected.
    ///
    /// # Errors
    /// [`ClubError::JetStream`], [`ClubError::Record`] (a message of the log that does not
    /// read), [`ClubError::Store`].
    pub async fn reconcile(&self, store: &impl StoreAccess) -> Result<usize, ClubError> {
        let acked = store.with_store(|s| s.acked())?;
        let log = self
            .js
            .get_stream(names::EVENTS)
            .await
            .map_err(|e| ClubError::JetStream(format!("stream {}: {e}", names::EVENTS)))?;
        let mut corrected = 0;
        for (id, believed) in acked {
            let subject = names::events_subject(&self.device, id)?;
            let last = match log.get_last_raw_message_by_subject(&subject).await {
                Ok(message) => Some(
                    serde_json::from_slice::<ClubRecord>(&message.payload)
                        .map_err(|e| ClubError::Record(format!("{subject}: {e}")))?,
                ),
                Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => None,
                Err(e) => return Err(ClubError::JetStream(format!("{subject}: {e}"))),
            };
            let hub = match last {
                None => Acked::default(),
                Some(ClubRecord::Created { .. }) => Acked {
                    created: true,
                    ..Acked::default()
                },
                Some(ClubRecord::Event { seq, .. }) => Acked {
                    created: true,
                    events: seq + 1,
                    signed: false,
                },
                // Signatures follow the last event: the hub has them all.
                Some(ClubRecord::Signed { .. }) => Acked {
                    created: true,
                    events: store.with_store(|s| s.events(id))?.len() as u64,
                    signed: true,
                },
            };
            if hub != believed {
                store.with_store(|s| s.set_acked(id, hub))?;
                corrected += 1;
            }
        }
        Ok(corrected)
    }
}

/// The wire's form of a record of the store.
pub fn to_record(entry: &ClubEntry) -> ClubRecord {
    match entry {
        ClubEntry::Created {
            format,
            setup,
            players,
        } => ClubRecord::Created {
            format: *format,
            setup: setup.clone(),
            players: players.clone(),
        },
        ClubEntry::Event { seq, event } => ClubRecord::Event {
            seq: *seq,
            event: event.clone(),
        },
        ClubEntry::Signed {
            signatures,
            reclamations,
        } => ClubRecord::Signed {
            signatures: signatures.iter().map(to_signature).collect(),
            reclamations: reclamations.clone(),
        },
    }
}

/// The store's form of a record of the wire.
///
/// # Errors
/// [`ClubError::Record`] when a signature's strokes are not JSON.
pub fn to_entry(record: ClubRecord) -> Result<ClubEntry, ClubError> {
    Ok(match record {
        ClubRecord::Created {
            format,
            setup,
            players,
        } => ClubEntry::Created {
            format,
            setup,
            players,
        },
        ClubRecord::Event { seq, event } => ClubEntry::Event { seq, event },
        ClubRecord::Signed {
            signatures,
            reclamations,
        } => ClubEntry::Signed {
            signatures: signatures
                .into_iter()
                .map(|s| {
                    Ok(StoredSignature {
                        strokes: serde_json::from_str(&s.strokes)
                            .map_err(|e| ClubError::Record(format!("strokes: {e}")))?,
                        role: s.role,
                        name: s.name,
                        signed_at: s.signed_at,
                    })
                })
                .collect::<Result<_, ClubError>>()?,
            reclamations,
        },
    })
}

fn to_signature(s: &StoredSignature) -> ClubSignature {
    ClubSignature {
        role: s.role,
        name: s.name.clone(),
        signed_at: s.signed_at.clone(),
        strokes: s.strokes.to_string(),
    }
}
