//! Shared helpers of the cross-crate and end-to-end tests.
