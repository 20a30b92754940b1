//! Who signs a score sheet: [`SignerRole`], one type from the store to the screen.
//!
//! On the wire, in the store and in error arguments a role is its id, `"referee"`,
//! `"player-1"` or `"player-2"`. (The sealed document inside a signed PDF spells the players
//! `player1`, `player2`; carom-sheet keeps that spelling for the seal, see its model.)

use serde::{Deserialize, Serialize};

use crate::Player;

/// Who signs the sheet: the referee and both players (R-SHEET-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SignerRole {
    /// The referee.
    #[serde(rename = "referee")]
    Referee,
    /// The first player of the set-up.
    #[serde(rename = "player-1")]
    Player1,
    /// The second player of the set-up.
    #[serde(rename = "player-2")]
    Player2,
}

impl SignerRole {
    /// The three signers, in the order the sheet shows them and they sign.
    pub const ALL: [SignerRole; 3] = [
        SignerRole::Referee,
        SignerRole::Player1,
        SignerRole::Player2,
    ];

    /// The id on the wire, in the store and in error arguments (`referee`, `player-1`,
    /// `player-2`); also the suffix of its Fluent message (`sheet-role-<id>`).
    pub const fn id(self) -> &'static str {
        match self {
            SignerRole::Referee => "referee",
            SignerRole::Player1 => "player-1",
            SignerRole::Player2 => "player-2",
        }
    }

    /// The role of id `id`; `None` for any other text.
    pub fn from_id(id: &str) -> Option<SignerRole> {
        SignerRole::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The player who signs in this role; `None` for the referee.
    pub const fn player(self) -> Option<Player> {
        match self {
            SignerRole::Referee => None,
            SignerRole::Player1 => Some(Player::A),
            SignerRole::Player2 => Some(Player::B),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_crosses_as_its_id_and_reads_back() {
        for role in SignerRole::ALL {
            let wire = serde_json::to_string(&role).unwrap();
            assert_eq!(wire, format!("\"{}\"", role.id()));
            assert_eq!(serde_json::from_str::<SignerRole>(&wire).unwrap(), role);
            assert_eq!(SignerRole::from_id(role.id()), Some(role));
        }
        assert_eq!(SignerRole::from_id("coach"), None);
        assert!(serde_json::from_str::<SignerRole>("\"player1\"").is_err());
    }
}
