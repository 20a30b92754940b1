//! The short soak of the normal test run: the same code as `cargo xtask soak`, small
//! counts. Its kills hit this package's own `carambole` binary (built by cargo for these
//! tests) running `serve`.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use carom_soak::report::{run, Plan};

#[test]
fn a_short_soak_finds_no_panic_no_broken_invariant_and_the_killed_app_loses_no_acknowledged_event()
{
    let dir = tempfile::tempdir().unwrap();
    let plan = Plan {
        seed: 0x5eed_ca20,
        sequences: 2_000,
        durable_every: 20,
        kills: 12,
    };
    let report = run(plan, Path::new(env!("CARGO_BIN_EXE_carambole")), dir.path()).unwrap();
    print!("{}", report.table());
    assert!(report.passed(), "{}", report.table());
    assert_eq!(report.fuzz.sequences, 2_000);
    assert!(report.fuzz.applied > 0 && report.fuzz.refused > 0);
    assert_eq!(report.fuzz.through_app, 2_000);
    assert_eq!(report.fuzz.durable, 100);
    assert!(report.fuzz.setups_refused > 0);
    assert!(report.fuzz.app_plays > report.fuzz.applied + report.fuzz.refused);
    assert_eq!(report.kill.kills, 12);
    assert!(report.kill.acknowledged > 0);
    assert!(
        report.kill.at_start > 0 && report.kill.in_flight > 0,
        "kills land during start-up and with commands unanswered: {}",
        report.table()
    );
}
