//! The two values of the file written as text rather than as JSON's own: a seeding
//! average kept exactly, and a time of day.

use std::fmt;

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// A non-negative number with at most three decimals, kept exactly as thousandths
/// (a JSON number `2.345` is 2345). Written back with exactly three decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decimal3(pub u64);

impl Decimal3 {
    /// The largest value read: 1,000,000.000.
    pub const MAX_THOUSANDTHS: u64 = 1_000_000_000;
}

impl fmt::Display for Decimal3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1000, self.0 % 1000)
    }
}

impl Serialize for Decimal3 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.to_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Decimal3 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let x = f64::deserialize(d)?;
        let scaled = (x * 1000.0).round();
        // A JSON number with more than three decimals is refused, not rounded: the
        // seeding figure is the organiser's, the draw must not move it.
        let exact = ((x * 1000.0) - scaled).abs() < 1e-6;
        if !(0.0..=Decimal3::MAX_THOUSANDTHS as f64).contains(&scaled) || !exact {
            return Err(de::Error::custom(
                "expected a number from 0 to 1000000 with at most 3 decimals",
            ));
        }
        // In range and integral, checked above.
        Ok(Decimal3(scaled as u64))
    }
}

/// A time of day `HH:MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClockTime {
    /// 0..=23.
    pub hour: u8,
    /// 0..=59.
    pub minute: u8,
}

impl ClockTime {
    /// Reads `HH:MM` (two digits each).
    pub fn parse(s: &str) -> Option<ClockTime> {
        let b = s.as_bytes();
        if b.len() != 5 || b.get(2) != Some(&b':') {
            return None;
        }
        let two = |i: usize| -> Option<u8> {
            let (h, l) = (*b.get(i)?, *b.get(i + 1)?);
            (h.is_ascii_digit() && l.is_ascii_digit()).then(|| (h - b'0') * 10 + (l - b'0'))
        };
        let (hour, minute) = (two(0)?, two(3)?);
        (hour < 24 && minute < 60).then_some(ClockTime { hour, minute })
    }
}

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)
    }
}

impl Serialize for ClockTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ClockTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ClockTime::parse(&s).ok_or_else(|| de::Error::custom("expected a time HH:MM"))
    }
}
