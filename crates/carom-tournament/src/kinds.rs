//! The file's words for a tournament's rules: which rule set ranks its poules and whose
//! order they are played in. Defined apart from what they do (the `rules` and `order`
//! modules, which read the file): the file names them without importing that logic, so
//! no module reaches back to one that reaches it.

use serde::{Deserialize, Serialize};

/// A federation's (or the club's handicap) rules for ranking a poule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// Fédération Française de Billard: match points, general average, best run, the
    /// game between the tied players.
    Ffb,
    /// Deutsche Billard-Union: match points, general average.
    Dbu,
    /// Union Mondiale de Billard: match points, general average, best run.
    Umb,
    /// A club handicap tournament: match points, then the share of his own distance.
    Handicap,
}

/// Whose standard order a poule is played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayOrder {
    /// The FFB's orders.
    Ffb,
    /// The UMB's order for 3 (the FFB's for more).
    Umb,
}
