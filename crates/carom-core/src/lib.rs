//! `carom-core`: the one place where the rules of carom billiards live.
//!
//! Pure: no I/O, no clock, no randomness. Builds for `wasm32-unknown-unknown`.

pub mod discipline;

pub use discipline::Discipline;
