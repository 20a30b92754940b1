//! The browser backend of the web app (PWA): the same application core as the desktop
//! (carom-app, one method per command of the carom-api catalogue) running in a dedicated
//! Web Worker, over SQLite kept in the Origin Private File System by the `opfs-sahpool`
//! VFS of `sqlite-wasm-vfs` (synchronous access handles exist only in dedicated workers).
//!
//! `static/worker.js` loads this module and hands it every message of the UI's
//! `backend/web.rs`, as it came (`carom_api::ToWorker`); [`handle`] answers only after
//! the store committed and the VFS flushed the commit to storage, with the messages to
//! post (`carom_api::FromWorker`). One worker of the origin holds the database (a Web
//! Lock); the others forward the messages to it (see `static/worker.js` and
//! `docs/shells.md`).

#[cfg(all(target_family = "wasm", target_os = "unknown", feature = "bench"))]
mod bench;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod files;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod js;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod services;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod worker;

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub use worker::{events_channel, handle, start};

#[cfg(not(target_family = "wasm"))]
pub mod serve;

/// The name of the database in the origin's pool.
pub const DATABASE: &str = "/carambole.sqlite";
/// The name of the device key's own small database in the pool (kept apart from the
/// matches, as on the desktop, so a restored backup never carries a device's key).
pub const KEY_DATABASE: &str = "/device-key.sqlite";
/// The VFS name registered for the pool.
pub const VFS: &str = "opfs-sahpool";
/// The OPFS folder the pool keeps its files in.
pub const POOL_DIRECTORY: &str = ".carambole";
