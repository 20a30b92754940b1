//! What can stop the hub.

use carom_club::ClubError;

/// A failure of the hub. A record the hub refuses is not one: it is a
/// [`carom_api::Refusal`], told to its device.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// The club's streams and buckets, or a name.
    #[error(transparent)]
    Club(#[from] ClubError),
    /// A JetStream request (a publish, a fetch, a bucket) failed or was not answered.
    #[error("JetStream: {0}")]
    JetStream(String),
    /// The accepted log holds what the rules core cannot fold: it was not written by this
    /// validator, or its disk was damaged.
    #[error("the accepted log does not fold at {subject} (sequence {sequence}): {detail}")]
    Log {
        /// The match's subject.
        subject: String,
        /// The message's position in the log.
        sequence: u64,
        /// What is wrong.
        detail: String,
    },
    /// The accepted log holds another record where this one belongs: the validator's
    /// state is behind the log (another writer?).
    #[error("the accepted log holds another record at {subject} (sequence {sequence})")]
    Diverged {
        /// The match's subject.
        subject: String,
        /// The other record's position in the log.
        sequence: u64,
    },
    /// An earlier failure left this validator's state unsure: start a new one, which
    /// rebuilds it from the accepted log.
    #[error("the validator stopped after a failure: start it again")]
    Stopped,
}
