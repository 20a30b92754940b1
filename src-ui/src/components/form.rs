//! Numbers as typed into a form field, for the new-match form and the match details.

/// A number as typed: anything that is not a whole number in range is sent as 0, which
/// the core refuses with the localized range message naming the field.
pub fn parse_number(s: &str) -> u32 {
    s.trim().parse().unwrap_or(0)
}

/// An optional number: empty means none.
pub fn parse_optional(s: &str) -> Option<u32> {
    let s = s.trim();
    (!s.is_empty()).then(|| parse_number(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_that_are_not_whole_become_zero_for_the_core_to_refuse() {
        assert_eq!(parse_number(" 40 "), 40);
        assert_eq!(parse_number("-5"), 0);
        assert_eq!(parse_number("abc"), 0);
        assert_eq!(parse_optional(""), None);
        assert_eq!(parse_optional("25"), Some(25));
    }
}
