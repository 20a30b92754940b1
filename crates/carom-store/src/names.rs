//! The check every stored name goes through (players of a match, the roster, signers):
//! its own module so that matches, players and signatures depend on it and not on each
//! other.

use crate::StoreError;

/// The longest player name accepted, in characters.
pub const MAX_NAME_CHARS: usize = carom_core::setup::MAX_NAME_CHARS;

/// `raw` trimmed, or why it cannot be a name: empty, longer than [`MAX_NAME_CHARS`], or
/// holding a control or invisible format character.
///
/// # Errors
/// [`StoreError::Invalid`] naming `field`.
pub(crate) fn check_name(field: &'static str, raw: &str) -> Result<String, StoreError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(StoreError::invalid(field, "error-name-empty"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(StoreError::invalid(field, "error-name-too-long")
            .with_arg("max", MAX_NAME_CHARS as i64));
    }
    // Control and invisible format characters (bidi overrides, zero-width spaces) would
    // make a second player who looks like the first.
    if name.chars().any(carom_core::setup::is_unprintable) {
        return Err(StoreError::invalid(field, "error-name-control-chars"));
    }
    Ok(name.to_owned())
}
