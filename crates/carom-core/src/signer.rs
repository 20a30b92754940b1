//! Who signs a score sheet: [`SignerRole`], one type from the store to the screen.
//!
//! On the wire, in the store and in error arguments a role is its id, `"referee"`,
//! `"player-1"` or `"player-2"`. (The sealed document inside a signed PDF spells the players
//! `player1`, `player2`; carom-sheet keeps that spelling for the seal, see its model.)

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::setup::{check_name, NameError};
use crate::Player;

/// The largest signature pad's strokes kept, as compact JSON text, in bytes: the store's
/// bound on a signature given or received, and the club's hub's on one it accepts (what
/// the hub accepts, every device's store must accept).
pub const MAX_STROKES_BYTES: usize = 512 * 1024;

/// Why a signature cannot be kept: see [`check_signature`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SignatureError {
    /// The signer's name is not a name.
    #[error("signer's name: {0}")]
    Name(NameError),
    /// The strokes are larger than [`MAX_STROKES_BYTES`].
    #[error("the strokes are larger than {MAX_STROKES_BYTES} bytes")]
    TooLarge,
}

/// A signature as kept: the signer's `name` trimmed and the pad's `strokes` as compact
/// JSON text, or why it cannot be kept (a bad name, strokes over [`MAX_STROKES_BYTES`]).
///
/// # Errors
/// The [`SignatureError`].
pub fn check_signature<'a>(
    name: &'a str,
    strokes: &serde_json::Value,
) -> Result<(&'a str, String), SignatureError> {
    let name = check_name(name).map_err(SignatureError::Name)?;
    let strokes = strokes.to_string();
    if strokes.len() > MAX_STROKES_BYTES {
        return Err(SignatureError::TooLarge);
    }
    Ok((name, strokes))
}

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

    #[test]
    fn a_signature_is_kept_with_its_name_trimmed_and_compact_strokes_within_the_bound() {
        let strokes = serde_json::json!({"strokes": [[[1, 2], [3, 4]]]});
        assert_eq!(
            check_signature("  Ceulemans ", &strokes),
            Ok(("Ceulemans", r#"{"strokes":[[[1,2],[3,4]]]}"#.to_owned()))
        );
        assert_eq!(
            check_signature(" ", &strokes),
            Err(SignatureError::Name(NameError::Empty))
        );
        assert_eq!(
            check_signature(&"é".repeat(101), &strokes),
            Err(SignatureError::Name(NameError::TooLong))
        );
        assert_eq!(
            check_signature("Cé\u{202E}", &strokes),
            Err(SignatureError::Name(NameError::Unprintable))
        );
        // The bound is on the compact text: exactly at it is kept, one byte more is not.
        let at = |n: usize| serde_json::Value::String("x".repeat(n - 2));
        assert!(check_signature("R", &at(MAX_STROKES_BYTES)).is_ok());
        assert_eq!(
            check_signature("R", &at(MAX_STROKES_BYTES + 1)),
            Err(SignatureError::TooLarge)
        );
    }
}
