//! The six carom disciplines and their const rule tables.

use serde::{Deserialize, Serialize};

use crate::message::Message;
use crate::table::TableSize;

/// What happens when the cue ball touches another ball (R-CONTACT, Art. 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContactRule {
    /// All three balls go back to the starting position; no choice (libre, match table).
    RespotCompulsory,
    /// The player chooses: re-spot all three to the starting position, or play on
    /// (free ball, cushion first, or massé away) — libre on smaller tables, cadre, one-cushion.
    ChooseRespotAll,
    /// The player chooses as for cadre, but a re-spot moves only the balls in contact,
    /// to the spots of R-OFF-3 (three-cushion).
    ChooseRespotTouching,
}

/// Where balls go after a ball left the table (R-OFF-2, R-OFF-3, Art. 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OffTableRule {
    /// All three balls back to the starting position (libre, cadre, one-cushion).
    RespotAll,
    /// Only the jumped ball(s), each to its own spot (three-cushion).
    RespotJumped,
}

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

    /// The zone limit (R-ZONE): counted from the "entrée" (both object balls in one zone),
    /// the number of the carom that must bring an object ball out of the zone. The caroms
    /// before it may be made inside; "dedans" is called after the last of them, and a
    /// carom after "dedans" that leaves both object balls inside is foul i) (Art. 8.2i).
    /// `None` when the discipline has no zones.
    ///
    /// - Libre, 3: seed 000 §3 — with both object balls in the same corner the player "a
    ///   droit à 2 caramboles consécutifs maximum"; "à la 3ᵉ tentative, l'une des deux
    ///   billes objet doit avoir quitté le coin". Two caroms inside, the third brings a
    ///   ball out.
    /// - Cadre 47/2 and 71/2, 2: the "/2" of the name — one carom inside the field, the
    ///   second brings a ball out.
    /// - Cadre 47/1, 1: the first carom must bring a ball out, so "dedans" is called with
    ///   the "entrée" (Art. 9.2).
    pub const fn zone_caroms(self) -> Option<u8> {
        match self {
            Discipline::Libre => Some(3),
            Discipline::Cadre47_2 | Discipline::Cadre71_2 => Some(2),
            Discipline::Cadre47_1 => Some(1),
            Discipline::OneCushion | Discipline::ThreeCushion => None,
        }
    }

    /// Whether the referee calls zone positions (R-ZONE: libre and cadre).
    pub const fn has_zones(self) -> bool {
        self.zone_caroms().is_some()
    }

    /// Whether the table is divided into fields with anchors (cadre / balkline).
    pub const fn has_anchors(self) -> bool {
        matches!(
            self,
            Discipline::Cadre47_2 | Discipline::Cadre47_1 | Discipline::Cadre71_2
        )
    }

    /// Distance of the balk lines from the cushions in cm (cadre), or the side of the
    /// corner zones (libre, 35 cm); `None` without zones.
    pub const fn zone_line_cm(self) -> Option<u8> {
        match self {
            Discipline::Libre => Some(35),
            Discipline::Cadre47_2 | Discipline::Cadre47_1 => Some(47),
            Discipline::Cadre71_2 => Some(71),
            Discipline::OneCushion | Discipline::ThreeCushion => None,
        }
    }

    /// Cushions the cue ball must hit before the second object ball for a valid carom.
    pub const fn cushions_required(self) -> u8 {
        match self {
            Discipline::OneCushion => 1,
            Discipline::ThreeCushion => 3,
            _ => 0,
        }
    }

    /// From how many points to go the referee says "plays for N" (R-ANN-2): 5, or 3 in
    /// three-cushion.
    pub const fn plays_for_from(self) -> u32 {
        match self {
            Discipline::ThreeCushion => 3,
            _ => 5,
        }
    }

    /// The usual distance of a game in points, offered when a match is set up: libre and
    /// cadre 47/1 100, cadre 47/2 and 71/2 150, one-cushion 50, three-cushion 40.
    pub const fn usual_distance(self) -> u32 {
        match self {
            Discipline::Libre | Discipline::Cadre47_1 => 100,
            Discipline::Cadre47_2 | Discipline::Cadre71_2 => 150,
            Discipline::OneCushion => 50,
            Discipline::ThreeCushion => 40,
        }
    }

    /// The balls-in-contact rule for this discipline on this table (R-CONTACT).
    pub const fn contact_rule(self, table: TableSize) -> ContactRule {
        match (self, table) {
            (Discipline::Libre, TableSize::Match) => ContactRule::RespotCompulsory,
            (Discipline::ThreeCushion, _) => ContactRule::ChooseRespotTouching,
            _ => ContactRule::ChooseRespotAll,
        }
    }

    /// The ball-off-the-table re-spot rule (R-OFF-2, R-OFF-3).
    pub const fn off_table_rule(self) -> OffTableRule {
        match self {
            Discipline::ThreeCushion => OffTableRule::RespotJumped,
            _ => OffTableRule::RespotAll,
        }
    }

    /// The Fluent message naming the discipline (`discipline-<id>`).
    pub fn message(self) -> Message {
        Message::new(match self {
            Discipline::Libre => "discipline-libre",
            Discipline::Cadre47_2 => "discipline-cadre-47-2",
            Discipline::Cadre47_1 => "discipline-cadre-47-1",
            Discipline::Cadre71_2 => "discipline-cadre-71-2",
            Discipline::OneCushion => "discipline-one-cushion",
            Discipline::ThreeCushion => "discipline-three-cushion",
        })
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

    #[test]
    fn r_contact_libre_on_a_match_table_is_compulsory_re_spot_elsewhere_a_choice() {
        use ContactRule::*;
        assert_eq!(
            Discipline::Libre.contact_rule(TableSize::Match),
            RespotCompulsory
        );
        assert_eq!(
            Discipline::Libre.contact_rule(TableSize::HalfMatch),
            ChooseRespotAll
        );
        assert_eq!(
            Discipline::Cadre47_1.contact_rule(TableSize::Match),
            ChooseRespotAll
        );
        assert_eq!(
            Discipline::OneCushion.contact_rule(TableSize::Small),
            ChooseRespotAll
        );
        assert_eq!(
            Discipline::ThreeCushion.contact_rule(TableSize::Match),
            ChooseRespotTouching
        );
    }

    #[test]
    fn each_discipline_has_its_usual_distance() {
        assert_eq!(Discipline::ThreeCushion.usual_distance(), 40);
        assert_eq!(Discipline::Cadre71_2.usual_distance(), 150);
    }

    #[test]
    fn r_ann_2_plays_for_starts_at_five_or_three_in_three_cushion() {
        for d in Discipline::ALL {
            let n = if d == Discipline::ThreeCushion { 3 } else { 5 };
            assert_eq!(d.plays_for_from(), n);
        }
    }

    #[test]
    fn r_zone_limits_per_discipline() {
        // Seed 000 §3: two caroms in a corner, the third brings a ball out.
        assert_eq!(Discipline::Libre.zone_caroms(), Some(3));
        assert_eq!(Discipline::Cadre47_2.zone_caroms(), Some(2));
        assert_eq!(Discipline::Cadre71_2.zone_caroms(), Some(2));
        assert_eq!(Discipline::Cadre47_1.zone_caroms(), Some(1));
        assert_eq!(Discipline::OneCushion.zone_caroms(), None);
        assert_eq!(Discipline::ThreeCushion.zone_caroms(), None);
        assert_eq!(
            Discipline::ThreeCushion.off_table_rule(),
            OffTableRule::RespotJumped
        );
        assert_eq!(
            Discipline::OneCushion.off_table_rule(),
            OffTableRule::RespotAll
        );
    }
}
