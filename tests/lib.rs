//! Shared helpers of the cross-crate and end-to-end tests.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

/// The repository's `tests/fixtures` folder (match files).
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Where tests write what a person should look at (screenshots, PDF pages):
/// `CARAMBOLE_TEST_OUTPUT`, else `<repo>/test-output`.
pub fn output_dir(sub: &str) -> PathBuf {
    let base = std::env::var_os("CARAMBOLE_TEST_OUTPUT")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-output"));
    let dir = base.join(sub);
    std::fs::create_dir_all(&dir).expect("create test output folder");
    dir
}
