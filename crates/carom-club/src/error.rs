//! What can go wrong on the club's side, for the hub and the devices.

use std::path::PathBuf;

/// A failure of the club's engine: its server, or a JetStream request.
#[derive(Debug, thiserror::Error)]
pub enum ClubError {
    /// No `nats-server` was found (`cargo xtask setup` installs Debian's).
    #[error(
        "nats-server is not installed (looked at $CARAMBOLE_NATS_SERVER, $PATH and \
         /usr/sbin): run `cargo xtask setup`, which installs Debian's"
    )]
    ServerMissing,
    /// The server could not be started, or its store folder not prepared.
    #[error("nats-server could not start: {0}")]
    ServerStart(#[source] std::io::Error),
    /// The server exited before it was ready; its log says why.
    #[error("nats-server exited before it was ready ({status}); see {log}")]
    ServerExited {
        /// How it exited.
        status: std::process::ExitStatus,
        /// Its log file.
        log: PathBuf,
    },
    /// The server did not say it was ready in time.
    #[error("nats-server did not become ready within {seconds} s; see {log}")]
    ServerTimeout {
        /// How long it was given.
        seconds: u64,
        /// Its log file.
        log: PathBuf,
    },
    /// The server did not stop within `seconds` of SIGTERM and was killed.
    #[error("nats-server did not stop within {seconds} s of SIGTERM and was killed")]
    ServerStopTimeout {
        /// How long it was given.
        seconds: u64,
    },
    /// A device id that cannot be a subject's token (`.`, a wildcard, a space…).
    #[error("{0:?} cannot name a device in the club's subjects")]
    Name(String),
    /// The club's server cannot be reached, or refused the client.
    #[error("cannot connect to the club's server: {0}")]
    Connect(String),
    /// Not connected to the hub now: what is to publish waits in the device's store.
    #[error("not connected to the club's hub")]
    Offline,
    /// The device's own store refused or failed.
    #[error("store: {0}")]
    Store(#[from] carom_store::StoreError),
    /// The device's store refused a record of the club's log (the inbox stops before it).
    #[error("store: the record at {position} of the club's log ({subject}): {error}")]
    Received {
        /// Its subject.
        subject: String,
        /// Its position in the log.
        position: u64,
        /// Why.
        #[source]
        error: carom_store::StoreError,
    },
    /// A message of the club's log that does not read as a club record.
    #[error("a club record that does not read: {0}")]
    Record(String),
    /// A JetStream request (a stream, a bucket) failed.
    #[error("JetStream: {0}")]
    JetStream(String),
}
