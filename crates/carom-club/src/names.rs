//! Every stream, subject and bucket of the club, named and configured once (the table in
//! docs/hub.md), and [`ensure`], which makes them on the hub's server or brings them back
//! to these settings.

use std::time::Duration;

use async_nats::jetstream::{self, kv, stream};

use crate::ClubError;

/// The intake: what the devices committed, one subject per device and match, consumed by
/// the hub's validator (work-queue retention: a record leaves once the validator acked it).
pub const INTAKE: &str = "CLUB_IN";
/// The accepted log of every match of the club, written by the validator only.
pub const EVENTS: &str = "CLUB_EVENTS";
/// One message per finished, signed match: what a federation sources.
pub const FINISHED: &str = "CLUB_FINISHED";

/// The one roster: a player's uid → his entry, written with compare-and-set.
pub const ROSTER: &str = "roster";
/// A roster write that lost a compare-and-set while its device was apart: shown on every
/// device until someone resolves it.
pub const ROSTER_CONFLICTS: &str = "roster-conflicts";
/// The live state of each table (a device id → its table), for the TV.
pub const TABLES: &str = "tables";
/// The joined devices (a device id → its name and key), written by the hub.
pub const DEVICES: &str = "devices";
/// The last refusal of each match (`{device}.{number}`), so that a device that was away
/// when the validator refused learns of it on its next connect.
pub const REFUSALS: &str = "refusals";

/// How long a message id is remembered by each stream: a device offline for a whole
/// evening still resends into the window (a busy evening is some 15,000 ids). The
/// accepted log does not rely on it alone: each match's subject takes its events at
/// expected sequences.
const DEDUPE_WINDOW: Duration = Duration::from_secs(24 * 60 * 60);

/// Values kept per roster key: a conflict can show what each side wrote.
const ROSTER_HISTORY: i64 = 16;

/// The club's streams, buckets excepted.
pub fn streams() -> [stream::Config; 3] {
    // No limit on messages or bytes (a club's whole history is small: a season of
    // twenty tables is a few million events), written as the server reports it (-1).
    let durable = |name: &str, subjects: &str| stream::Config {
        name: name.to_owned(),
        subjects: vec![subjects.to_owned()],
        storage: stream::StorageType::File,
        num_replicas: 1,
        max_messages: -1,
        max_bytes: -1,
        max_messages_per_subject: -1,
        duplicate_window: DEDUPE_WINDOW,
        ..Default::default()
    };
    [
        stream::Config {
            retention: stream::RetentionPolicy::WorkQueue,
            ..durable(INTAKE, "club.in.>")
        },
        durable(EVENTS, "club.ev.>"),
        durable(FINISHED, "club.fin.>"),
    ]
}

/// The club's buckets and the values each keeps per key.
pub const BUCKETS: [(&str, i64); 5] = [
    (ROSTER, ROSTER_HISTORY),
    (ROSTER_CONFLICTS, 1),
    (TABLES, 1),
    (DEVICES, 1),
    (REFUSALS, 1),
];

/// The club's streams and buckets on a server, as [`ensure`] made or found them.
#[derive(Debug)]
pub struct Club {
    /// [`INTAKE`].
    pub intake: stream::Stream,
    /// [`EVENTS`].
    pub events: stream::Stream,
    /// [`FINISHED`].
    pub finished: stream::Stream,
    /// [`ROSTER`].
    pub roster: kv::Store,
    /// [`ROSTER_CONFLICTS`].
    pub roster_conflicts: kv::Store,
    /// [`TABLES`].
    pub tables: kv::Store,
    /// [`DEVICES`].
    pub devices: kv::Store,
    /// [`REFUSALS`].
    pub refusals: kv::Store,
}

/// Makes every stream and bucket of the club, or brings an existing one to the settings
/// above (a hub of an older version may have made it otherwise): run by the hub at each
/// start, any number of times.
///
/// # Errors
/// [`ClubError::JetStream`] when the server refuses a stream (a setting it cannot change
/// in place, such as the storage or the retention) or cannot be reached.
pub async fn ensure(js: &jetstream::Context) -> Result<Club, ClubError> {
    for config in streams() {
        let name = config.name.clone();
        js.create_or_update_stream(config)
            .await
            .map_err(|e| ClubError::JetStream(format!("stream {name}: {e}")))?;
    }
    for (name, history) in BUCKETS {
        crate::kv::create_bucket(js, name, history).await?;
    }
    let stream = |name: &'static str| async move {
        js.get_stream(name)
            .await
            .map_err(|e| ClubError::JetStream(format!("stream {name}: {e}")))
    };
    let bucket = |name: &'static str| async move {
        js.get_key_value(name)
            .await
            .map_err(|e| ClubError::JetStream(format!("bucket {name}: {e}")))
    };
    Ok(Club {
        intake: stream(INTAKE).await?,
        events: stream(EVENTS).await?,
        finished: stream(FINISHED).await?,
        roster: bucket(ROSTER).await?,
        roster_conflicts: bucket(ROSTER_CONFLICTS).await?,
        tables: bucket(TABLES).await?,
        devices: bucket(DEVICES).await?,
        refusals: bucket(REFUSALS).await?,
    })
}

/// The durable consumer of the intake: the hub's validator.
pub const VALIDATOR: &str = "validator";

/// The header in which a device names itself on each record it publishes to the intake.
/// The server's permissions bind a device to its own intake subjects; the validator
/// also refuses a record whose publisher is not the match's device (the hub's own
/// process, which has every right, publishes for the browsers it serves).
pub const PUBLISHER_HEADER: &str = "Carambole-Device";

/// A device id as a subject token: a non-empty word of letters, digits, `-` and `_` (the
/// store's ids are hexadecimal). Anything else would change the subject's meaning (a `.`
/// adds a token, `*` and `>` are wildcards) or be refused by the server.
///
/// # Errors
/// [`ClubError::Name`] naming the id.
pub fn device_token(device: &str) -> Result<&str, ClubError> {
    let word = !device.is_empty()
        && device
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if word {
        Ok(device)
    } else {
        Err(ClubError::Name(device.to_owned()))
    }
}

/// `club.in.{device}.{number}`: where a device publishes its match `number`.
///
/// # Errors
/// As [`device_token`].
pub fn intake_subject(device: &str, number: i64) -> Result<String, ClubError> {
    Ok(format!("club.in.{}.{number}", device_token(device)?))
}

/// `club.ev.{device}.{number}`: the match's accepted log.
///
/// # Errors
/// As [`device_token`].
pub fn events_subject(device: &str, number: i64) -> Result<String, ClubError> {
    Ok(format!("club.ev.{}.{number}", device_token(device)?))
}

/// `club.fin.{device}.{number}`: the finished, signed match.
///
/// # Errors
/// As [`device_token`].
pub fn finished_subject(device: &str, number: i64) -> Result<String, ClubError> {
    Ok(format!("club.fin.{}.{number}", device_token(device)?))
}

/// `club.refused.{device}`: the device is told of a refusal at once (core NATS).
///
/// # Errors
/// As [`device_token`].
pub fn refused_subject(device: &str) -> Result<String, ClubError> {
    Ok(format!("club.refused.{}", device_token(device)?))
}

/// `club.live.{device}`: what is not an event (the shot clock running, who is at the
/// table), not stored.
///
/// # Errors
/// As [`device_token`].
pub fn live_subject(device: &str) -> Result<String, ClubError> {
    Ok(format!("club.live.{}", device_token(device)?))
}

/// `{device}.{number}.{seq}`: the `Nats-Msg-Id` of a match's event `seq` (0-based), the
/// same on the intake and in the accepted log, so that a resend is a duplicate.
///
/// # Errors
/// As [`device_token`].
pub fn message_id(device: &str, number: i64, seq: u64) -> Result<String, ClubError> {
    Ok(format!("{}.{number}.{seq}", device_token(device)?))
}

/// The `Nats-Msg-Id` of a record of match `number` of `device`: `{device}.{number}.created`,
/// `{device}.{number}.{seq}` for its event `seq` ([`message_id`]), `{device}.{number}.signed`.
///
/// # Errors
/// As [`device_token`].
pub fn record_id(
    device: &str,
    number: i64,
    record: &carom_api::ClubRecord,
) -> Result<String, ClubError> {
    use carom_api::ClubRecord;
    match record {
        ClubRecord::Created { .. } => Ok(format!("{}.{number}.created", device_token(device)?)),
        ClubRecord::Event { seq, .. } => message_id(device, number, *seq),
        ClubRecord::Signed { .. } => Ok(format!("{}.{number}.signed", device_token(device)?)),
    }
}

/// `{device}.{number}`: a match's key in the `refusals` bucket, and the `Nats-Msg-Id` of
/// its message on [`FINISHED`] (a federation gets each finished match once).
///
/// # Errors
/// As [`device_token`].
pub fn match_id(device: &str, number: i64) -> Result<String, ClubError> {
    Ok(format!("{}.{number}", device_token(device)?))
}

/// The key in the `refusals` bucket of a refusal of a record that `publisher` published
/// on match `number` of `device`: [`match_id`] when the publisher is the match's device;
/// else `{publisher}.{device}.{number}`, so that a device reads every refusal of what it
/// published under its own id and a foreign record never overwrites the owner's.
///
/// # Errors
/// As [`device_token`], for either device.
pub fn refusal_key(publisher: &str, device: &str, number: i64) -> Result<String, ClubError> {
    if publisher == device {
        match_id(device, number)
    } else {
        Ok(format!(
            "{}.{}",
            device_token(publisher)?,
            match_id(device, number)?
        ))
    }
}

/// The match of an intake subject (`club.in.{device}.{number}`): its device and number.
///
/// # Errors
/// [`ClubError::Name`] naming the subject when it is not one.
pub fn intake_match(subject: &str) -> Result<(&str, i64), ClubError> {
    match_of(subject, "club.in.")
}

/// The match of an accepted-log subject (`club.ev.{device}.{number}`).
///
/// # Errors
/// [`ClubError::Name`] naming the subject when it is not one.
pub fn events_match(subject: &str) -> Result<(&str, i64), ClubError> {
    match_of(subject, "club.ev.")
}

fn match_of<'a>(subject: &'a str, prefix: &str) -> Result<(&'a str, i64), ClubError> {
    let bad = || ClubError::Name(subject.to_owned());
    let rest = subject.strip_prefix(prefix).ok_or_else(bad)?;
    let (device, number) = rest.split_once('.').ok_or_else(bad)?;
    let device = device_token(device).map_err(|_| bad())?;
    // Digits only (a sign or spaces would give a second spelling of one match).
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    Ok((device, number.parse().map_err(|_| bad())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_id_that_would_change_a_subjects_meaning_is_refused() {
        assert_eq!(
            intake_subject("0f3a9c21b7d4e580", 7).unwrap(),
            "club.in.0f3a9c21b7d4e580.7"
        );
        assert_eq!(message_id("dev-1", 7, 0).unwrap(), "dev-1.7.0");
        for bad in ["", "a.b", "*", ">", "a b", "tablé"] {
            assert!(
                matches!(events_subject(bad, 1), Err(ClubError::Name(ref n)) if n == bad),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_subject_reads_back_as_its_match_and_nothing_else_does() {
        let subject = intake_subject("dev-1", 42).unwrap();
        assert_eq!(intake_match(&subject).unwrap(), ("dev-1", 42));
        let subject = events_subject("dev-1", 42).unwrap();
        assert_eq!(events_match(&subject).unwrap(), ("dev-1", 42));
        for bad in [
            "club.in.dev-1",
            "club.in.dev-1.",
            "club.in.dev-1.4.2",
            "club.in.dev-1.-4",
            "club.in.dev-1.+4",
            "club.in..4",
            "club.ev.dev-1.4",
            "club.in.dev-1.99999999999999999999",
        ] {
            assert!(intake_match(bad).is_err(), "{bad}");
        }
        assert_eq!(refusal_key("dev-1", "dev-1", 3).unwrap(), "dev-1.3");
        assert_eq!(refusal_key("dev-2", "dev-1", 3).unwrap(), "dev-2.dev-1.3");
        assert!(refusal_key("a.b", "dev-1", 3).is_err());
    }
}
