//! The players area's types from the backend that more than one of its screens reads.

use serde::{Deserialize, Serialize};

/// A player as stored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub club: String,
    pub licence: String,
    pub notes: String,
}

/// The club's handicap rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandicapRule {
    pub factor: u32,
    pub minimum: u32,
}

/// A search of the players by name; none lists them all.
#[derive(Serialize)]
pub struct Search {
    pub search: Option<String>,
}
