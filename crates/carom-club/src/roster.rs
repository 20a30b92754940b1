//! A joined device's side of the club's one roster (docs/hub.md, commit 10): its players
//! written into the roster bucket ([`names::ROSTER`]) with compare-and-set, and the
//! roster's players taken into its store.
//!
//! A write refused because the roster moved on since the revision this device saw (the
//! device was apart, or another wrote first) is a conflict: never an overwrite either
//! way. It goes into [`names::ROSTER_CONFLICTS`] first, so that every device shows it,
//! then into the store, which keeps both values and writes neither until someone picks
//! one (`resolve_roster_conflict`); the next push writes the pick over the conflict's
//! revision and removes the conflict from the club, and each device, seeing it gone,
//! takes the roster's value.

use std::collections::HashSet;

use async_nats::jetstream::{
    self,
    consumer::{pull, DeliverPolicy},
    kv::{self, CreateErrorKind, Operation, UpdateErrorKind},
};
use carom_api::{PlayerInfo, RosterConflict, RosterEntry};
use carom_store::{PlayerFields, RosterChange, RosterReceipt, StoreError, StoredRosterConflict};
use chrono::{SecondsFormat, Utc};
use futures::StreamExt;

use crate::{names, ClubError, ClubSync, StoreAccess};

/// What one [`ClubSync::push_roster`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RosterPushed {
    /// Players written into the roster (resolutions included).
    pub published: usize,
    /// Of those, resolutions of a conflict, now removed from the club.
    pub resolved: usize,
    /// Writes that lost to another device's: conflicts, in the club and in the store.
    pub conflicts: usize,
    /// Writes that lost while the club shows another device's conflict about the same
    /// player: they wait for its resolution, then meet the roster again.
    pub waiting: usize,
}

/// What one [`ClubSync::pull_roster`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RosterPulled {
    /// Players new here, added.
    pub added: usize,
    /// Newer values taken (a player linked by his name and club included).
    pub updated: usize,
    /// Newer values not taken: a change made here or an open conflict.
    pub kept: usize,
    /// Entries whose name and club another player here has under another uid.
    pub clashes: usize,
    /// Entries the player form would refuse (left in the roster, not taken).
    pub refused: usize,
    /// Conflicts the club shows.
    pub conflicts: usize,
    /// Conflicts kept here that the club no longer shows: resolved on another device.
    pub closed: usize,
}

/// Why a compare-and-set write was not taken.
enum Refused {
    /// The roster holds another revision (or the key already, for a create).
    Lost,
    /// Anything else: the server unreachable, a bad key.
    Failed(String),
}

fn jetstream_error(what: &str, e: &dyn std::fmt::Display) -> ClubError {
    ClubError::JetStream(format!("{what}: {e}"))
}

fn to_info(p: &PlayerFields) -> PlayerInfo {
    PlayerInfo {
        name: p.name.clone(),
        club: p.club.clone(),
        licence: p.licence.clone(),
        notes: p.notes.clone(),
    }
}

fn to_fields(p: PlayerInfo) -> PlayerFields {
    PlayerFields {
        name: p.name,
        club: p.club,
        licence: p.licence,
        notes: p.notes,
    }
}

fn from_wire(c: RosterConflict) -> StoredRosterConflict {
    StoredRosterConflict {
        uid: c.uid,
        device: c.device,
        lost: to_fields(c.lost),
        roster: to_fields(c.roster),
        revision: c.revision,
        found_at: c.found_at,
    }
}

fn json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, ClubError> {
    serde_json::to_vec(value).map_err(|e| ClubError::Record(e.to_string()))
}

impl ClubSync {
    async fn bucket(&self, name: &str) -> Result<kv::Store, ClubError> {
        self.js
            .get_key_value(name)
            .await
            .map_err(|e| jetstream_error(&format!("bucket {name}"), &e))
    }

    /// Writes every change of a player made here into the roster, each with
    /// compare-and-set over the revision this device last saw (a player new to the club
    /// is created). A write that lost is a conflict, recorded in the club, then here;
    /// a resolution picked here is written over its conflict's revision, and its
    /// conflict removed from the club. Stops at the first failure: what was written is
    /// recorded.
    ///
    /// # Errors
    /// [`ClubError::Offline`] (not connected now), [`ClubError::JetStream`] (the
    /// roster unreachable), [`ClubError::Record`] (a roster value that does not read),
    /// [`ClubError::Store`].
    pub async fn push_roster(&self, store: &impl StoreAccess) -> Result<RosterPushed, ClubError> {
        if self.js.client().connection_state() != async_nats::connection::State::Connected {
            return Err(ClubError::Offline);
        }
        let roster = self.bucket(names::ROSTER).await?;
        let conflicts = self.bucket(names::ROSTER_CONFLICTS).await?;
        let changes = store.with_store(|s| s.roster_outbox())?;
        let mut pushed = RosterPushed::default();
        for change in changes {
            let entry = RosterEntry {
                uid: change.uid.clone(),
                player: to_info(&change.player),
            };
            match write(&roster, &entry, change.revision).await {
                Ok(revision) => {
                    self.written(store, &conflicts, &change, revision, &mut pushed)
                        .await?
                }
                Err(Refused::Failed(e)) => {
                    return Err(jetstream_error(&format!("roster {}", entry.uid), &e))
                }
                Err(Refused::Lost) => {
                    let now = roster
                        .entry(entry.uid.as_str())
                        .await
                        .map_err(|e| jetstream_error(&format!("roster {}", entry.uid), &e))?;
                    let Some(now) = now.filter(|e| e.operation == Operation::Put) else {
                        // Not in the roster at all (a hub that lost its disk): written
                        // again as new.
                        match write(&roster, &entry, None).await {
                            Ok(revision) => {
                                self.written(store, &conflicts, &change, revision, &mut pushed)
                                    .await?;
                                continue;
                            }
                            Err(Refused::Lost) => {
                                return Err(ClubError::JetStream(format!(
                                    "roster {}: written meanwhile, try again",
                                    entry.uid
                                )))
                            }
                            Err(Refused::Failed(e)) => {
                                return Err(jetstream_error(&format!("roster {}", entry.uid), &e))
                            }
                        }
                    };
                    let theirs: RosterEntry = serde_json::from_slice(&now.value)
                        .map_err(|e| ClubError::Record(format!("roster {}: {e}", entry.uid)))?;
                    if theirs.player == entry.player {
                        // This very value is there (its acknowledgement was lost).
                        self.written(store, &conflicts, &change, now.revision, &mut pushed)
                            .await?;
                        continue;
                    }
                    let conflict = RosterConflict {
                        uid: entry.uid.clone(),
                        device: self.device.clone(),
                        lost: entry.player,
                        roster: theirs.player,
                        revision: now.revision,
                        found_at: Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
                    };
                    if self.show(&conflicts, &conflict, change.resolving).await? {
                        store.with_store(|s| s.note_roster_conflict(&from_wire(conflict)))?;
                        pushed.conflicts += 1;
                    } else {
                        pushed.waiting += 1;
                    }
                }
            }
        }
        Ok(pushed)
    }

    /// The roster took `change` at `revision`: a resolution's conflict leaves the club
    /// (after the roster has the pick, so that a device seeing it gone finds the pick),
    /// then the store records the revision.
    async fn written(
        &self,
        store: &impl StoreAccess,
        conflicts: &kv::Store,
        change: &RosterChange,
        revision: u64,
        pushed: &mut RosterPushed,
    ) -> Result<(), ClubError> {
        if change.resolving {
            conflicts
                .delete(change.uid.as_str())
                .await
                .map_err(|e| jetstream_error(&format!("roster conflict {}", change.uid), &e))?;
            pushed.resolved += 1;
        }
        store.with_store(|s| s.roster_published(&change.uid, &change.player, revision))?;
        pushed.published += 1;
        Ok(())
    }

    /// Puts `conflict` into the club's conflicts: answers whether it is shown now. One
    /// conflict per player: this device's own older one is replaced, and so is the one a
    /// resolution was meant to end (the resolution itself lost); another device's
    /// stays, and this write waits for its resolution.
    async fn show(
        &self,
        conflicts: &kv::Store,
        conflict: &RosterConflict,
        resolving: bool,
    ) -> Result<bool, ClubError> {
        let what = format!("roster conflict {}", conflict.uid);
        let value = json(conflict)?;
        match conflicts
            .create(conflict.uid.as_str(), value.clone().into())
            .await
        {
            Ok(_) => return Ok(true),
            Err(e) if e.kind() != CreateErrorKind::AlreadyExists => {
                return Err(jetstream_error(&what, &e))
            }
            Err(_) => {}
        }
        let open = conflicts
            .entry(conflict.uid.as_str())
            .await
            .map_err(|e| jetstream_error(&what, &e))?
            .ok_or_else(|| ClubError::JetStream(format!("{what}: vanished, try again")))?;
        let theirs: RosterConflict = serde_json::from_slice(&open.value)
            .map_err(|e| ClubError::Record(format!("{what}: {e}")))?;
        if theirs.device != self.device && !resolving {
            return Ok(false);
        }
        conflicts
            .update(conflict.uid.as_str(), value.into(), open.revision)
            .await
            .map_err(|e| jetstream_error(&what, &e))?;
        Ok(true)
    }

    /// Takes the club's roster into the store: first the conflicts the club shows (kept
    /// here; those kept here that it no longer shows were resolved elsewhere and
    /// close), then every player of the roster at its revision (`Store::receive_roster`:
    /// added, or newer and taken unless changed here or in conflict).
    ///
    /// # Errors
    /// [`ClubError::Offline`], [`ClubError::JetStream`], [`ClubError::Record`] (a value
    /// of the buckets that does not read), [`ClubError::Store`]. What was taken before a
    /// failure stays taken.
    pub async fn pull_roster(&self, store: &impl StoreAccess) -> Result<RosterPulled, ClubError> {
        if self.js.client().connection_state() != async_nats::connection::State::Connected {
            return Err(ClubError::Offline);
        }
        let mut pulled = RosterPulled::default();
        let mut open = HashSet::new();
        for (key, value, _) in latest(&self.js, names::ROSTER_CONFLICTS).await? {
            let Some(value) = value else { continue };
            let conflict: RosterConflict = serde_json::from_slice(&value)
                .map_err(|e| ClubError::Record(format!("roster conflict {key}: {e}")))?;
            store.with_store(|s| s.mirror_roster_conflict(&from_wire(conflict)))?;
            open.insert(key);
            pulled.conflicts += 1;
        }
        pulled.closed = store.with_store(|s| s.roster_conflicts_closed(&open))?;
        for (key, value, revision) in latest(&self.js, names::ROSTER).await? {
            let Some(value) = value else { continue };
            let entry: RosterEntry = serde_json::from_slice(&value)
                .map_err(|e| ClubError::Record(format!("roster {key}: {e}")))?;
            if entry.uid != key {
                return Err(ClubError::Record(format!(
                    "roster {key}: the entry of {}",
                    entry.uid
                )));
            }
            let fields = to_fields(entry.player);
            let receipt =
                store.with_store(|s| s.receive_roster(&key, &fields, revision, Utc::now()));
            match receipt {
                Ok(RosterReceipt::Added { .. }) => pulled.added += 1,
                Ok(RosterReceipt::Updated { .. } | RosterReceipt::Linked { .. }) => {
                    pulled.updated += 1;
                }
                Ok(RosterReceipt::Known) => {}
                Ok(RosterReceipt::Kept) => pulled.kept += 1,
                Ok(RosterReceipt::Clash { .. }) => pulled.clashes += 1,
                Err(StoreError::Invalid { .. }) => pulled.refused += 1,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(pulled)
    }
}

/// Writes `entry` with compare-and-set: over `revision`, or as a new key.
async fn write(
    roster: &kv::Store,
    entry: &RosterEntry,
    revision: Option<u64>,
) -> Result<u64, Refused> {
    let value = json(entry).map_err(|e| Refused::Failed(e.to_string()))?;
    match revision {
        None => roster
            .create(entry.uid.as_str(), value.into())
            .await
            .map_err(|e| match e.kind() {
                CreateErrorKind::AlreadyExists => Refused::Lost,
                _ => Refused::Failed(e.to_string()),
            }),
        Some(revision) => roster
            .update(entry.uid.as_str(), value.into(), revision)
            .await
            .map_err(|e| match e.kind() {
                UpdateErrorKind::WrongLastRevision => Refused::Lost,
                _ => Refused::Failed(e.to_string()),
            }),
    }
}

/// Each key of bucket `name` with its latest value (`None`: deleted) and revision, read
/// in one pass (an ordered consumer on the bucket's stream, the last message of each
/// key), up to the bucket's last write at the call.
async fn latest(
    js: &jetstream::Context,
    name: &str,
) -> Result<Vec<(String, Option<Vec<u8>>, u64)>, ClubError> {
    let what = format!("bucket {name}");
    let mut stream = js
        .get_stream(format!("KV_{name}"))
        .await
        .map_err(|e| jetstream_error(&what, &e))?;
    let state = stream
        .info()
        .await
        .map_err(|e| jetstream_error(&what, &e))?
        .state
        .clone();
    let mut out = Vec::new();
    if state.messages == 0 {
        return Ok(out);
    }
    let prefix = format!("$KV.{name}.");
    let consumer = stream
        .create_consumer(pull::OrderedConfig {
            // The server wants a filter with "last per subject" (KV's own watch sets one).
            filter_subject: format!("{prefix}>"),
            deliver_policy: DeliverPolicy::LastPerSubject,
            ..Default::default()
        })
        .await
        .map_err(|e| jetstream_error(&what, &e))?;
    let mut messages = consumer
        .messages()
        .await
        .map_err(|e| jetstream_error(&what, &e))?;
    while let Some(message) = messages.next().await {
        let message = message.map_err(|e| jetstream_error(&what, &e))?;
        let revision = message
            .info()
            .map_err(|e| jetstream_error(&what, &e))?
            .stream_sequence;
        let key = message
            .subject
            .as_str()
            .strip_prefix(&prefix)
            .ok_or_else(|| ClubError::Record(format!("{what}: {}", message.subject)))?
            .to_owned();
        let removed = message
            .headers
            .as_ref()
            .and_then(|h| h.get("KV-Operation"))
            .and_then(|op| op.as_str().parse::<Operation>().ok())
            .is_some_and(|op| op != Operation::Put);
        out.push((key, (!removed).then(|| message.payload.to_vec()), revision));
        if revision >= state.last_sequence {
            break;
        }
    }
    Ok(out)
}
