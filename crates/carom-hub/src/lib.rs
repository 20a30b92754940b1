//! `carom-hub`: the club's hub (the plan is docs/hub.md). For now its validator: the one
//! writer of the club's accepted log, which checks every record a device publishes with
//! the rules core before it counts.

mod error;
pub mod validator;

pub use error::HubError;
pub use validator::{Outcome, Validator};
