//! Soak runs for Carambole (a developer tool, not part of the shipped app):
//!
//! - [`fuzz`]: random event sequences of every kind through carom-app's `play`, mirrored
//!   by the rules core (a share of them on a real SQLite file, the others on an in-memory
//!   database), with the invariants checked after every event and every panic caught and
//!   counted.
//! - [`kill`]: the real app binary, `carambole --db FILE serve`, is sent scripted matches
//!   through its command path (JSON requests into `App::dispatch`, as the window's Tauri
//!   commands reach the same methods) and SIGKILLed at random moments; the database is
//!   checked after each kill: every acknowledged event is there and
//!   `PRAGMA integrity_check` is ok.
//!
//! Everything random comes from [`rng::Rng`], seeded, so a failure is reproducible.

pub mod events;
pub mod fuzz;
pub mod kill;
pub mod platform;
pub mod report;
pub mod rng;
