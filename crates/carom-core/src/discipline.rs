//! The six carom disciplines and their const rule tables.

use serde::{Deserialize, Serialize};

/// A carom discipline (see `RULES.md`, "Disciplines").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Discipline {
    /// Straight rail — partie libre — libre.
    Libre,
    /// Balkline 47/2 — cadre 47/2 — cuadro 47/2.
    #[serde(rename = "cadre-47-2")]
    Cadre47_2,
    /// Balkline 47/1 — cadre 47/1 — cuadro 47/1.
    #[serde(rename = "cadre-47-1")]
    Cadre47_1,
    /// Balkline 71/2 — cadre 71/2 — cuadro 71/2.
    #[serde(rename = "cadre-71-2")]
    Cadre71_2,
    /// One-cushion — une bande — una banda.
    OneCushion,
    /// Three-cushion — trois bandes — tres bandas.
    ThreeCushion,
}

impl Discipline {
    /// Every discipline, in the order menus show them.
    pub const ALL: [Discipline; 6] = [
        Discipline::Libre,
        Discipline::Cadre47_2,
        Discipline::Cadre47_1,
        Discipline::Cadre71_2,
        Discipline::OneCushion,
        Discipline::ThreeCushion,
    ];

    /// The identifier used in match files and as the suffix of its Fluent message id
    /// (`discipline-<id>`).
    pub const fn id(self) -> &'static str {
        match self {
            Discipline::Libre => "libre",
            Discipline::Cadre47_2 => "cadre-47-2",
            Discipline::Cadre47_1 => "cadre-47-1",
            Discipline::Cadre71_2 => "cadre-71-2",
            Discipline::OneCushion => "one-cushion",
            Discipline::ThreeCushion => "three-cushion",
        }
    }

    /// Parses a match-file identifier.
    pub fn from_id(id: &str) -> Option<Discipline> {
        Discipline::ALL.into_iter().find(|d| d.id() == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_serde_and_from_id() {
        for d in Discipline::ALL {
            let json = serde_json::to_string(&d).unwrap();
            assert_eq!(json, format!("\"{}\"", d.id()));
            assert_eq!(Discipline::from_id(d.id()), Some(d));
        }
        assert_eq!(Discipline::from_id("snooker"), None);
    }
}
