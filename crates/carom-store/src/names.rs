//! The check every stored name goes through (players of a match, the roster, signers):
//! its own module so that matches, players and signatures depend on it and not on each
//! other.

use carom_core::setup::NameError;
use carom_core::{PlayerSetup, SignatureError};

use crate::{Input, Refusal, StoreError};

/// The longest player name accepted, in characters.
pub const MAX_NAME_CHARS: usize = carom_core::setup::MAX_NAME_CHARS;

/// `raw` trimmed, or why it cannot be a name (the core's [`carom_core::setup::check_name`]):
/// empty, longer than [`MAX_NAME_CHARS`], or holding a control or invisible format
/// character.
///
/// # Errors
/// [`StoreError::Invalid`] naming `input`.
pub(crate) fn check_name(input: Input, raw: &str) -> Result<String, StoreError> {
    carom_core::setup::check_name(raw)
        .map(str::to_owned)
        .map_err(|e| StoreError::invalid(input, refusal(e)))
}

/// The store's refusal of a name the core's check refused.
pub(crate) fn refusal(e: NameError) -> Refusal {
    match e {
        NameError::Empty => Refusal::NameEmpty,
        NameError::TooLong => Refusal::NameTooLong {
            max: MAX_NAME_CHARS,
        },
        NameError::Unprintable => Refusal::NameControlChars,
    }
}

/// A signature as stored: the signer's name trimmed and the strokes as compact JSON text
/// (the core's [`carom_core::check_signature`], the hub's check too).
///
/// # Errors
/// [`StoreError::Invalid`] (the signer's name), [`StoreError::SignatureTooLarge`].
pub(crate) fn checked_signature<'a>(
    name: &'a str,
    strokes: &serde_json::Value,
) -> Result<(&'a str, String), StoreError> {
    carom_core::check_signature(name, strokes).map_err(|e| match e {
        SignatureError::Name(e) => StoreError::invalid(Input::SignerName, refusal(e)),
        SignatureError::TooLarge => StoreError::SignatureTooLarge,
    })
}

/// How the store tells players apart: the `players` table is unique on the name and the
/// club, both trimmed and compared exactly (no case folding), a missing club being empty.
pub(crate) fn player_key(p: &PlayerSetup) -> (&str, &str) {
    (p.name.trim(), p.club.as_deref().unwrap_or("").trim())
}

/// Whether two players of a match would be the same stored player: the same person
/// cannot play both sides. Names that are empty after trimming are no one yet (the name
/// check refuses them), so they are never the same player.
pub fn same_player(a: &PlayerSetup, b: &PlayerSetup) -> bool {
    let (ka, kb) = (player_key(a), player_key(b));
    !ka.0.is_empty() && ka == kb
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str, club: Option<&str>) -> PlayerSetup {
        PlayerSetup {
            name: name.into(),
            target: 40,
            club: club.map(Into::into),
        }
    }

    #[test]
    fn the_same_player_is_the_same_trimmed_name_and_club_as_the_store_keeps_them() {
        assert!(same_player(
            &player("Caudron", None),
            &player(" Caudron  ", Some(" "))
        ));
        assert!(same_player(
            &player("Caudron", Some("Ghent")),
            &player("Caudron", Some("Ghent "))
        ));
        // Two players of the store: another club, another spelling.
        assert!(!same_player(
            &player("Caudron", Some("Ghent")),
            &player("Caudron", Some("Lille"))
        ));
        assert!(!same_player(
            &player("Caudron", None),
            &player("caudron", None)
        ));
        // No name yet: the name check speaks.
        assert!(!same_player(&player(" ", None), &player("", None)));
    }
}
