//! The validator (docs/hub.md, "The validator"): the one writer of the club's accepted
//! log. A durable pull consumer on the intake ([`names::INTAKE`]) hands it each record a
//! device published; it keeps, per match, the accepted log's length and the match folded
//! by the rules core (rebuilt from [`names::EVENTS`] at each start), and for each record:
//!
//! - already accepted (a resend): acknowledged and dropped;
//! - the next one, possible, from the match's own device: published to the accepted log
//!   with the same message id and `Nats-Expected-Last-Subject-Sequence` = the previous
//!   accepted record's sequence, then the table's [`TableState`] written to
//!   [`names::TABLES`], then, once the match is signed, the whole match to
//!   [`names::FINISHED`];
//! - impossible, another device's match, past the next one (a gap), unreadable: a
//!   [`Refusal`], told on `club.refused.{publisher}` and kept in [`names::REFUSALS`].
//!
//! The intake is acknowledged only after all of that: a validator stopped at any point
//! does the record again. At its next start the record is in the rebuilt state (a
//! duplicate) and the last accepted record's table and finished match are written
//! again; a record whose publish was taken but whose acknowledgement was lost is
//! published again into the expected-sequence check, and the validator takes the answer
//! as accepted once it has read that the log holds this very record.

use std::collections::HashMap;
use std::time::Duration;

use async_nats::jetstream::{
    self,
    consumer::{pull, AckPolicy, DeliverPolicy},
    context::PublishErrorKind,
    kv,
    message::PublishMessage,
    stream::{ConsumerErrorKind, LastRawMessageErrorKind},
    ErrorCode as JsCode,
};
use carom_api::{
    ClubRecord, ClubSignature, ErrorCode, FinishedMatch, MatchKey, Refusal, TableMatch, TableState,
};
use carom_club::names;
use carom_core::{
    check_signature, setup::NameError, setup::MAX_NAME_CHARS, ByPlayer, Match, MatchStatus,
    SignatureError, SignerRole,
};
use futures::StreamExt;

use crate::HubError;

/// How many intake messages one fetch asks for.
const BATCH: usize = 256;

/// How long the server waits for the validator's acknowledgement before it delivers a
/// record again. The validator restarts its consumer at each start (so that what a
/// stopped validator left unacknowledged comes again at once and in order); this is for
/// a validator that hangs.
const ACK_WAIT: Duration = Duration::from_secs(30);

/// How long [`Validator::drain`] waits for the intake to deliver what it held (records a
/// stopped validator took and did not acknowledge come again only after [`ACK_WAIT`];
/// a new validator's consumer has none).
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// What the validator did with one intake message.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Appended to the accepted log at `position`.
    Accepted {
        /// The match.
        key: MatchKey,
        /// The event's position in the match's log; `None` for its creation or
        /// signatures.
        seq: Option<u64>,
        /// Its sequence in [`names::EVENTS`].
        position: u64,
    },
    /// Accepted before (a device's resend, or a record done again after a stop):
    /// dropped.
    Duplicate {
        /// The match.
        key: MatchKey,
        /// The event's position, when it was an event.
        seq: Option<u64>,
    },
    /// Refused, told and kept.
    Refused {
        /// The device that published it (told on its `club.refused.{device}`).
        publisher: String,
        /// Why.
        refusal: Refusal,
    },
    /// A message whose subject or publisher names no match or device: nobody to tell,
    /// dropped.
    Unreadable {
        /// Its subject.
        subject: String,
    },
}

/// What the validator knows of one match: how far its accepted log goes.
#[derive(Debug)]
struct Accepted {
    /// The sequence in [`names::EVENTS`] of its last accepted record.
    last: u64,
    /// Each player's roster uid, from its creation.
    players: ByPlayer<Option<String>>,
    /// The match, folded; `None` once signed (it takes nothing more, and a club's season
    /// of matches is not kept in memory).
    fold: Option<Match>,
    /// The events accepted (kept when `fold` is dropped).
    events: u64,
}

/// What a record is to the match's state.
enum Decision {
    Duplicate,
    Refuse(ErrorCode),
    /// The next record, applied to the match's state (a creation: the new match).
    Accept,
}

/// A test's hook: the validator stops, forever and without acknowledging the intake,
/// right after the accepted log took its `nth` record.
#[derive(Debug)]
struct Hang {
    nth: usize,
    reached: Option<tokio::sync::oneshot::Sender<()>>,
}

/// The hub's validator: see the module's documentation.
#[derive(Debug)]
pub struct Validator {
    js: jetstream::Context,
    intake: jetstream::stream::Stream,
    log: jetstream::stream::Stream,
    tables: kv::Store,
    refusals: kv::Store,
    consumer: jetstream::consumer::PullConsumer,
    matches: HashMap<MatchKey, Accepted>,
    /// Records appended to the accepted log by this validator.
    appended: usize,
    /// A failure left the state unsure.
    stopped: bool,
    hang: Option<Hang>,
}

impl Validator {
    /// Opens the club's streams and buckets on `js` (made by `names::ensure`), rebuilds the
    /// state of every match from the accepted log, writes again what the last accepted
    /// record should have written (its table, its finished match: a validator may have
    /// stopped in between), and starts the intake's consumer from the first record not
    /// acknowledged.
    ///
    /// # Errors
    /// [`HubError::JetStream`] (a stream or bucket missing, the server unreachable),
    /// [`HubError::Log`] (an accepted log that does not fold).
    pub async fn start(js: jetstream::Context) -> Result<Validator, HubError> {
        let stream = |name: &'static str| {
            let js = js.clone();
            async move {
                js.get_stream(name)
                    .await
                    .map_err(|e| HubError::JetStream(format!("stream {name}: {e}")))
            }
        };
        let bucket = |name: &'static str| {
            let js = js.clone();
            async move {
                js.get_key_value(name)
                    .await
                    .map_err(|e| HubError::JetStream(format!("bucket {name}: {e}")))
            }
        };
        let intake = stream(names::INTAKE).await?;
        let log = stream(names::EVENTS).await?;
        let tables = bucket(names::TABLES).await?;
        let refusals = bucket(names::REFUSALS).await?;

        // A new consumer delivers every record still in the work queue, in order, the
        // ones a stopped validator had taken but not acknowledged first (the old one
        // would hold them back until their acknowledgement wait ran out, and deliver the
        // later ones before them).
        match intake.delete_consumer(names::VALIDATOR).await {
            Ok(_) => {}
            Err(e) if not_found(&e) => {}
            Err(e) => {
                return Err(HubError::JetStream(format!(
                    "consumer {}: {e}",
                    names::VALIDATOR
                )))
            }
        }
        let consumer = intake
            .create_consumer(pull::Config {
                durable_name: Some(names::VALIDATOR.to_owned()),
                deliver_policy: DeliverPolicy::All,
                ack_policy: AckPolicy::Explicit,
                ack_wait: ACK_WAIT,
                ..Default::default()
            })
            .await
            .map_err(|e| HubError::JetStream(format!("consumer {}: {e}", names::VALIDATOR)))?;

        let mut validator = Validator {
            js,
            intake,
            log,
            tables,
            refusals,
            consumer,
            matches: HashMap::new(),
            appended: 0,
            stopped: false,
            hang: None,
        };
        validator.rebuild().await?;
        Ok(validator)
    }

    /// How many events of `key` the accepted log holds, when it holds the match.
    pub fn accepted(&self, key: &MatchKey) -> Option<u64> {
        self.matches.get(key).map(|a| a.events)
    }

    /// For a test that stops the validator between two of its writes: after the
    /// accepted log took its `nth` record from this validator (counted from 1), the
    /// validator tells the receiver and waits forever without acknowledging the intake,
    /// for the test to abort its task.
    #[doc(hidden)]
    pub fn hang_after_append(&mut self, nth: usize) -> tokio::sync::oneshot::Receiver<()> {
        let (reached, receiver) = tokio::sync::oneshot::channel();
        self.hang = Some(Hang {
            nth,
            reached: Some(reached),
        });
        receiver
    }

    /// Handles every record the intake holds now, in order, and answers what was done
    /// with each (records published meanwhile may be handled too).
    ///
    /// # Errors
    /// [`HubError::JetStream`] (the record stays in the intake and comes again to the
    /// next validator), [`HubError::Diverged`], [`HubError::Stopped`] after an earlier
    /// failure. After an error, start a new validator.
    pub async fn drain(&mut self) -> Result<Vec<Outcome>, HubError> {
        if self.stopped {
            return Err(HubError::Stopped);
        }
        let state = self
            .intake
            .info()
            .await
            .map_err(|e| HubError::JetStream(format!("stream {}: {e}", names::INTAKE)))?
            .state
            .clone();
        let mut outcomes = Vec::new();
        if state.messages == 0 {
            return Ok(outcomes);
        }
        let started = std::time::Instant::now();
        loop {
            // Without waiting: a fetch may come before the consumer saw the latest
            // records, and is then empty; the loop asks again until the last record
            // there was at the start is handled.
            let mut batch = self
                .consumer
                .fetch()
                .max_messages(BATCH)
                .messages()
                .await
                .map_err(|e| HubError::JetStream(format!("fetch from the intake: {e}")))?;
            let mut reached = false;
            let mut any = false;
            while let Some(message) = batch.next().await {
                let message = message
                    .map_err(|e| HubError::JetStream(format!("fetch from the intake: {e}")))?;
                let sequence = message
                    .info()
                    .map_err(|e| HubError::JetStream(format!("intake message: {e}")))?
                    .stream_sequence;
                reached |= sequence >= state.last_sequence;
                any = true;
                outcomes.push(self.handle(&message).await?);
            }
            if reached {
                return Ok(outcomes);
            }
            if !any && started.elapsed() > DRAIN_TIMEOUT {
                return Err(HubError::JetStream(format!(
                    "the intake did not deliver up to its sequence {} within {} s",
                    state.last_sequence,
                    DRAIN_TIMEOUT.as_secs()
                )));
            }
        }
    }

    /// Handles the intake's records as they come, until a failure.
    ///
    /// # Errors
    /// As [`Validator::drain`]; the caller starts a new validator.
    pub async fn run(mut self) -> Result<(), HubError> {
        if self.stopped {
            return Err(HubError::Stopped);
        }
        let mut messages = self
            .consumer
            .messages()
            .await
            .map_err(|e| HubError::JetStream(format!("intake: {e}")))?;
        while let Some(message) = messages.next().await {
            let message = message.map_err(|e| HubError::JetStream(format!("intake: {e}")))?;
            self.handle(&message).await?;
        }
        Err(HubError::JetStream("the intake's messages ended".into()))
    }

    /// One intake message: decided, written, then acknowledged.
    async fn handle(&mut self, message: &jetstream::Message) -> Result<Outcome, HubError> {
        if self.stopped {
            return Err(HubError::Stopped);
        }
        let outcome = self.decide_and_write(message).await;
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(e) => {
                self.stopped = true;
                return Err(e);
            }
        };
        // Confirmed by the server: when `drain` returns, the intake is rid of what it
        // handled (a lost plain ack would only make a duplicate, but a caller counting
        // the intake would see records still there).
        if let Err(e) = message.double_ack().await {
            self.stopped = true;
            return Err(HubError::JetStream(format!("ack of the intake: {e}")));
        }
        Ok(outcome)
    }

    async fn decide_and_write(
        &mut self,
        message: &jetstream::Message,
    ) -> Result<Outcome, HubError> {
        let subject = message.subject.as_str();
        let Ok((device, number)) = names::intake_match(subject) else {
            return Ok(Outcome::Unreadable {
                subject: subject.to_owned(),
            });
        };
        let key = MatchKey {
            device: device.to_owned(),
            number,
        };
        // The server's permissions bind a device's intake subjects to it; the header is
        // what the publisher says it is (the hub's own process may publish on any).
        let publisher = match message
            .headers
            .as_ref()
            .and_then(|h| h.get(names::PUBLISHER_HEADER))
        {
            None => key.device.clone(),
            Some(value) => match names::device_token(value.as_str()) {
                Ok(publisher) => publisher.to_owned(),
                Err(_) => {
                    return Ok(Outcome::Unreadable {
                        subject: subject.to_owned(),
                    })
                }
            },
        };
        let record = match serde_json::from_slice::<ClubRecord>(&message.payload) {
            Ok(record) => record,
            Err(e) => {
                let code = ErrorCode::RequestInvalid {
                    command: names::INTAKE.to_owned(),
                    detail: e.to_string(),
                };
                return self.refuse(publisher, key, None, code).await;
            }
        };
        let seq = match &record {
            ClubRecord::Event { seq, .. } => Some(*seq),
            _ => None,
        };
        if publisher != key.device {
            let code = ErrorCode::MatchNotFound { id: number };
            return self.refuse(publisher, key, seq, code).await;
        }
        match self.decide(&key, &record) {
            Decision::Duplicate => Ok(Outcome::Duplicate { key, seq }),
            Decision::Refuse(code) => self.refuse(publisher, key, seq, code).await,
            Decision::Accept => {
                let position = self.append(&key, &record).await?;
                if let Some(hang) = &mut self.hang {
                    if hang.nth == self.appended {
                        if let Some(reached) = hang.reached.take() {
                            // The test may have gone: nothing to tell then.
                            let _ = reached.send(());
                        }
                        std::future::pending::<()>().await;
                    }
                }
                self.after_append(&key, &record).await?;
                Ok(Outcome::Accepted { key, seq, position })
            }
        }
    }

    /// Checks `record` against the match's state; for the next record, applies it to the
    /// state (its `last` is set by [`Validator::append`]).
    fn decide(&mut self, key: &MatchKey, record: &ClubRecord) -> Decision {
        let number = key.number;
        match (record, self.matches.get_mut(key)) {
            (ClubRecord::Created { .. }, Some(_)) => Decision::Duplicate,
            (
                ClubRecord::Created {
                    format,
                    setup,
                    players,
                },
                None,
            ) => match Match::with_format((**setup).clone(), *format) {
                Err(e) => Decision::Refuse(ErrorCode::from(&e.message())),
                Ok(fold) => {
                    self.matches.insert(
                        key.clone(),
                        Accepted {
                            last: 0,
                            players: players.clone(),
                            fold: Some(fold),
                            events: 0,
                        },
                    );
                    Decision::Accept
                }
            },
            (_, None) => Decision::Refuse(ErrorCode::MatchNotFound { id: number }),
            (ClubRecord::Event { seq, event }, Some(accepted)) => {
                if *seq < accepted.events {
                    return Decision::Duplicate;
                }
                let Some(fold) = &mut accepted.fold else {
                    return Decision::Refuse(ErrorCode::MatchSigned { id: number });
                };
                if *seq > accepted.events {
                    return Decision::Refuse(ErrorCode::StaleAction {
                        expected: accepted.events,
                        found: *seq,
                    });
                }
                // The core leaves the match as it was when it refuses.
                match fold.apply(event.clone()) {
                    Err(e) => Decision::Refuse(ErrorCode::from(&e.message())),
                    Ok(()) => {
                        accepted.events += 1;
                        Decision::Accept
                    }
                }
            }
            (ClubRecord::Signed { signatures, .. }, Some(accepted)) => {
                let Some(fold) = &accepted.fold else {
                    return Decision::Duplicate;
                };
                if MatchStatus::of(fold) != MatchStatus::Finished {
                    return Decision::Refuse(ErrorCode::MatchNotFinished { id: number });
                }
                match check_signatures(signatures) {
                    Err(code) => Decision::Refuse(code),
                    Ok(()) => Decision::Accept,
                }
            }
        }
    }

    /// Publishes the accepted `record` to the match's subject of the accepted log, after
    /// its previous record, and answers its sequence there.
    async fn append(&mut self, key: &MatchKey, record: &ClubRecord) -> Result<u64, HubError> {
        let subject = names::events_subject(&key.device, key.number)?;
        let id = names::record_id(&key.device, key.number, record)?;
        let previous = self.matches.get(key).map_or(0, |a| a.last);
        let payload = serde_json::to_vec(record)
            .map_err(|e| HubError::JetStream(format!("{subject}: {e}")))?;
        let publish = PublishMessage::build()
            .payload(payload.into())
            .message_id(&id)
            .expected_last_subject_sequence(previous);
        let sent = self
            .js
            .send_publish(subject.clone(), publish)
            .await
            .map_err(|e| HubError::JetStream(format!("publish {subject}: {e}")))?
            .await;
        let position = match sent {
            Ok(ack) if !ack.duplicate => ack.sequence,
            // Published before, its acknowledgement lost: the log has a message of this
            // id, which must be this record.
            Ok(ack) => {
                let stored = self
                    .log
                    .get_raw_message(ack.sequence)
                    .await
                    .map_err(|e| HubError::JetStream(format!("{subject}: {e}")))?;
                self.same_record(&subject, &stored, record)?;
                ack.sequence
            }
            // Published before, beyond the dedupe window (or the id was forgotten): the
            // subject's last message must be this record.
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => {
                let stored = match self.log.get_last_raw_message_by_subject(&subject).await {
                    Ok(stored) => stored,
                    Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => {
                        return Err(HubError::Diverged {
                            subject,
                            sequence: 0,
                        })
                    }
                    Err(e) => return Err(HubError::JetStream(format!("{subject}: {e}"))),
                };
                self.same_record(&subject, &stored, record)?;
                stored.sequence
            }
            Err(e) => return Err(HubError::JetStream(format!("publish {subject}: {e}"))),
        };
        if let Some(accepted) = self.matches.get_mut(key) {
            accepted.last = position;
        }
        self.appended += 1;
        Ok(position)
    }

    /// Whether the log's `stored` message is `record` on `subject`.
    fn same_record(
        &self,
        subject: &str,
        stored: &jetstream::message::StreamMessage,
        record: &ClubRecord,
    ) -> Result<(), HubError> {
        let same = stored.subject.as_str() == subject
            && serde_json::from_slice::<ClubRecord>(&stored.payload).is_ok_and(|r| r == *record);
        if same {
            Ok(())
        } else {
            Err(HubError::Diverged {
                subject: subject.to_owned(),
                sequence: stored.sequence,
            })
        }
    }

    /// What follows an accepted record: the table's state, the finished match; then a
    /// signed match's fold is let go.
    async fn after_append(&mut self, key: &MatchKey, record: &ClubRecord) -> Result<(), HubError> {
        let Some(accepted) = self.matches.get(key) else {
            return Ok(());
        };
        let Some(fold) = &accepted.fold else {
            return Ok(());
        };
        let signed = matches!(record, ClubRecord::Signed { .. });
        let state = TableState {
            device: key.device.clone(),
            // The devices' names come with joining (commit 11 of docs/hub.md).
            name: key.device.clone(),
            playing: Some(TableMatch {
                key: key.clone(),
                format: fold.format(),
                setup: fold.setup().clone(),
                events: fold.events().to_vec(),
                signed,
            }),
        };
        let value = serde_json::to_vec(&state)
            .map_err(|e| HubError::JetStream(format!("table {}: {e}", key.device)))?;
        self.tables
            .put(names::device_token(&key.device)?, value.into())
            .await
            .map_err(|e| HubError::JetStream(format!("table {}: {e}", key.device)))?;
        if let ClubRecord::Signed {
            signatures,
            reclamations,
        } = record
        {
            let finished = FinishedMatch {
                key: key.clone(),
                format: fold.format(),
                setup: fold.setup().clone(),
                players: accepted.players.clone(),
                events: fold.events().to_vec(),
                signatures: signatures.clone(),
                reclamations: reclamations.clone(),
            };
            self.publish_finished(&finished).await?;
            if let Some(accepted) = self.matches.get_mut(key) {
                accepted.fold = None;
            }
        }
        Ok(())
    }

    /// The finished match, once on its subject of [`names::FINISHED`].
    async fn publish_finished(&self, finished: &FinishedMatch) -> Result<(), HubError> {
        let key = &finished.key;
        let subject = names::finished_subject(&key.device, key.number)?;
        let payload = serde_json::to_vec(finished)
            .map_err(|e| HubError::JetStream(format!("{subject}: {e}")))?;
        let publish = PublishMessage::build()
            .payload(payload.into())
            .message_id(names::match_id(&key.device, key.number)?)
            .expected_last_subject_sequence(0);
        let sent = self
            .js
            .send_publish(subject.clone(), publish)
            .await
            .map_err(|e| HubError::JetStream(format!("publish {subject}: {e}")))?
            .await;
        match sent {
            Ok(_) => Ok(()),
            // There already (a record done again): one message per match.
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => Ok(()),
            Err(e) => Err(HubError::JetStream(format!("publish {subject}: {e}"))),
        }
    }

    /// Tells `publisher` of the refusal and keeps it.
    async fn refuse(
        &self,
        publisher: String,
        key: MatchKey,
        seq: Option<u64>,
        code: ErrorCode,
    ) -> Result<Outcome, HubError> {
        let refusal = Refusal { key, seq, code };
        let payload = serde_json::to_vec(&refusal)
            .map_err(|e| HubError::JetStream(format!("refusal: {e}")))?;
        let subject = names::refused_subject(&publisher)?;
        self.js
            .client()
            .publish(subject.clone(), payload.clone().into())
            .await
            .map_err(|e| HubError::JetStream(format!("publish {subject}: {e}")))?;
        let kept = names::refusal_key(&publisher, &refusal.key.device, refusal.key.number)?;
        self.refusals
            .put(&kept, payload.into())
            .await
            .map_err(|e| HubError::JetStream(format!("refusal {kept}: {e}")))?;
        Ok(Outcome::Refused { publisher, refusal })
    }

    /// Folds the accepted log into the state, then writes again what its last record
    /// should have written.
    async fn rebuild(&mut self) -> Result<(), HubError> {
        let info = self
            .log
            .info()
            .await
            .map_err(|e| HubError::JetStream(format!("stream {}: {e}", names::EVENTS)))?;
        if info.state.messages == 0 {
            return Ok(());
        }
        let end = info.state.last_sequence;
        let consumer = self
            .log
            .create_consumer(pull::OrderedConfig {
                deliver_policy: DeliverPolicy::All,
                ..Default::default()
            })
            .await
            .map_err(|e| HubError::JetStream(format!("read {}: {e}", names::EVENTS)))?;
        let mut messages = consumer
            .messages()
            .await
            .map_err(|e| HubError::JetStream(format!("read {}: {e}", names::EVENTS)))?;
        let mut last: Option<(MatchKey, ClubRecord)> = None;
        while let Some(message) = messages.next().await {
            let message =
                message.map_err(|e| HubError::JetStream(format!("read {}: {e}", names::EVENTS)))?;
            let sequence = message
                .info()
                .map_err(|e| HubError::JetStream(format!("read {}: {e}", names::EVENTS)))?
                .stream_sequence;
            let entry = self.fold_stored(&message, sequence)?;
            // A signed match's fold is let go once another record follows it; the last
            // record's is kept: its table and finished match may be written again.
            if let Some((previous, ClubRecord::Signed { .. })) = last.replace(entry) {
                if let Some(accepted) = self.matches.get_mut(&previous) {
                    accepted.fold = None;
                }
            }
            if sequence >= end {
                break;
            }
        }
        if let Some((key, record)) = last {
            self.after_append(&key, &record).await?;
        }
        Ok(())
    }

    /// One message of the accepted log folded into the state: its match and record.
    fn fold_stored(
        &mut self,
        message: &jetstream::Message,
        sequence: u64,
    ) -> Result<(MatchKey, ClubRecord), HubError> {
        let subject = message.subject.as_str();
        let bad = |detail: String| HubError::Log {
            subject: subject.to_owned(),
            sequence,
            detail,
        };
        let (device, number) = names::events_match(subject).map_err(|e| bad(e.to_string()))?;
        let key = MatchKey {
            device: device.to_owned(),
            number,
        };
        let record = serde_json::from_slice::<ClubRecord>(&message.payload)
            .map_err(|e| bad(e.to_string()))?;
        match (&record, self.matches.get_mut(&key)) {
            (
                ClubRecord::Created {
                    format,
                    setup,
                    players,
                },
                None,
            ) => {
                let fold = Match::with_format((**setup).clone(), *format)
                    .map_err(|e| bad(e.to_string()))?;
                self.matches.insert(
                    key.clone(),
                    Accepted {
                        last: sequence,
                        players: players.clone(),
                        fold: Some(fold),
                        events: 0,
                    },
                );
            }
            (ClubRecord::Event { seq, event }, Some(accepted)) if *seq == accepted.events => {
                let fold = accepted
                    .fold
                    .as_mut()
                    .ok_or_else(|| bad("an event after the signatures".into()))?;
                fold.apply(event.clone()).map_err(|e| bad(e.to_string()))?;
                accepted.events += 1;
                accepted.last = sequence;
            }
            (ClubRecord::Signed { .. }, Some(accepted)) if accepted.fold.is_some() => {
                accepted.last = sequence;
            }
            _ => return Err(bad("a record out of order".into())),
        }
        Ok((key, record))
    }
}

/// Whether the consumer error says there was no such consumer.
fn not_found(e: &jetstream::stream::ConsumerError) -> bool {
    matches!(e.kind(), ConsumerErrorKind::JetStream(js) if js.error_code() == JsCode::CONSUMER_NOT_FOUND)
}

/// The checks a device's store makes of received signatures (carom-store's
/// `sign_received`, through the core's [`check_signature`]), so that nothing the hub
/// accepts stops a device's inbox: each of the three signers once, each name a name,
/// each pad's strokes JSON of a bounded size.
fn check_signatures(signatures: &[ClubSignature]) -> Result<(), ErrorCode> {
    let missing: Vec<SignerRole> = SignerRole::ALL
        .into_iter()
        .filter(|role| !signatures.iter().any(|s| s.role == *role))
        .collect();
    if !missing.is_empty() {
        return Err(ErrorCode::MissingSignatures { roles: missing });
    }
    if signatures.len() != SignerRole::ALL.len() {
        return Err(ErrorCode::SignatureDuplicate);
    }
    for s in signatures {
        let strokes: serde_json::Value =
            serde_json::from_str(&s.strokes).map_err(|e| ErrorCode::RequestInvalid {
                command: names::INTAKE.to_owned(),
                detail: format!("strokes: {e}"),
            })?;
        check_signature(&s.name, &strokes).map_err(|e| match e {
            SignatureError::Name(NameError::Empty) => ErrorCode::NameEmpty,
            SignatureError::Name(NameError::TooLong) => ErrorCode::NameTooLong {
                max: i64::try_from(MAX_NAME_CHARS).unwrap_or(i64::MAX),
            },
            SignatureError::Name(NameError::Unprintable) => ErrorCode::NameControlChars,
            SignatureError::TooLarge => ErrorCode::SignatureTooLarge,
        })?;
    }
    Ok(())
}
