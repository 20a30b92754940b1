//! The check every stored name goes through (players of a match, the roster, signers):
//! its own module so that matches, players and signatures depend on it and not on each
//! other.

use carom_core::PlayerSetup;

use crate::{Input, Refusal, StoreError};

/// The longest player name accepted, in characters.
pub const MAX_NAME_CHARS: usize = carom_core::setup::MAX_NAME_CHARS;

/// `raw` trimmed, or why it cannot be a name: empty, longer than [`MAX_NAME_CHARS`], or
/// holding a control or invisible format character.
///
/// # Errors
/// [`StoreError::Invalid`] naming `input`.
pub(crate) fn check_name(input: Input, raw: &str) -> Result<String, StoreError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(StoreError::invalid(input, Refusal::NameEmpty));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(StoreError::invalid(
            input,
            Refusal::NameTooLong {
                max: MAX_NAME_CHARS,
            },
        ));
    }
    // Control and invisible format characters (bidi overrides, zero-width spaces) would
    // make a second player who looks like the first.
    if name.chars().any(carom_core::setup::is_unprintable) {
        return Err(StoreError::invalid(input, Refusal::NameControlChars));
    }
    Ok(name.to_owned())
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
