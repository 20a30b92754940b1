//! Without a `nats-server` the club's tests, and the hub, fail saying how to get one.
//! (A test binary of its own: it changes the process's environment.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_club::{ClubError, NatsServer, ServerConfig};

#[test]
fn no_server_is_an_error_that_says_to_run_cargo_xtask_setup() {
    let dir = tempfile::tempdir().unwrap();
    std::env::set_var("CARAMBOLE_NATS_SERVER", dir.path().join("no-such-server"));
    let err = NatsServer::start(&ServerConfig::loopback(dir.path().join("store"))).unwrap_err();
    assert!(matches!(err, ClubError::ServerMissing), "{err:?}");
    assert!(err.to_string().contains("cargo xtask setup"), "{err}");
}
