//! The screens, one folder per family. A screen uses components, state and the backend,
//! never another screen: it moves to another one through
//! [`Shell::navigate`](crate::state::shell::Shell::navigate), and only the router in
//! `app.rs` maps a [`Screen`](crate::state::shell::Screen) to its component.

pub mod history;
pub mod home;
pub mod new_match;
/// One match at the table (`match` is a Rust keyword).
pub mod play;
pub mod players;
pub mod settings;
