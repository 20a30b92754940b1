//! The unchecked match set-up, checked once by [`crate::Match::new`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::discipline::Discipline;
use crate::message::Message;
use crate::player::{ByPlayer, Player};
use crate::table::TableSize;

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// Longest other setup text (competition, venue, …), in characters.
pub const MAX_TEXT_CHARS: usize = 200;
/// Highest distance (points) a player or a set may be played to.
pub const MAX_TARGET: u32 = 10_000;
/// Highest innings limit.
pub const MAX_INNINGS_LIMIT: u32 = 1000;

/// The Unicode format characters (general category Cf) as inclusive ranges, from
/// `DerivedGeneralCategory.txt` of Unicode 15.1. They are invisible (bidi overrides and
/// isolates, zero-width spaces and joiners, the byte order mark, …): a name holding one
/// looks like another name, or reorders the text around it.
const FORMAT_CHARS: [(char, char); 21] = [
    ('\u{00AD}', '\u{00AD}'),
    ('\u{0600}', '\u{0605}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{06DD}', '\u{06DD}'),
    ('\u{070F}', '\u{070F}'),
    ('\u{0890}', '\u{0891}'),
    ('\u{08E2}', '\u{08E2}'),
    ('\u{180E}', '\u{180E}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFF9}', '\u{FFFB}'),
    ('\u{110BD}', '\u{110BD}'),
    ('\u{110CD}', '\u{110CD}'),
    ('\u{13430}', '\u{1343F}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0001}', '\u{E0001}'),
    ('\u{E0020}', '\u{E007F}'),
];

/// Whether `c` is a Unicode format character (general category Cf, Unicode 15.1).
pub fn is_format_char(c: char) -> bool {
    FORMAT_CHARS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Whether `c` has no place in a name or a one-line text: a control character, a format
/// character (see [`is_format_char`]) or a line or paragraph separator.
pub fn is_unprintable(c: char) -> bool {
    c.is_control() || is_format_char(c) || matches!(c, '\u{2028}' | '\u{2029}')
}

/// Why a text cannot be a name (a player's, a signer's): see [`check_name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum NameError {
    /// Empty once trimmed.
    #[error("the name is empty")]
    Empty,
    /// Longer than [`MAX_NAME_CHARS`] characters once trimmed.
    #[error("the name is longer than {MAX_NAME_CHARS} characters")]
    TooLong,
    /// A control or invisible format character ([`is_unprintable`]).
    #[error("the name contains control or format characters")]
    Unprintable,
}

/// `raw` trimmed, or why it cannot be a name: empty, longer than [`MAX_NAME_CHARS`], or
/// holding a character [`is_unprintable`] finds. The one check of every name the store
/// keeps and the club's hub accepts (a set-up's own check, [`MatchSetup::validate`], also
/// refuses such a character in the spaces around the name).
///
/// # Errors
/// The [`NameError`].
pub fn check_name(raw: &str) -> Result<&str, NameError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    // Control and invisible format characters (bidi overrides, zero-width spaces) would
    // make a second name that looks like the first.
    if name.chars().any(is_unprintable) {
        return Err(NameError::Unprintable);
    }
    Ok(name)
}

/// One player as set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The player's name (1..=100 characters after trimming, no control or format characters).
    pub name: String,
    /// The player's own distance (R-FMT-1: a handicap is a different target per player).
    /// Ignored in set matches, where [`SetsSetup::target`] applies to both.
    #[serde(default)]
    pub target: u32,
    /// The player's club, for the score sheet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
}

/// A match played in sets (R-FMT-2, Art. 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetsSetup {
    /// Best of this many sets (odd, 1..=9; usually 3 or 5).
    pub best_of: u8,
    /// The distance of each set, for both players.
    pub target: u32,
}

impl SetsSetup {
    /// The usual set match offered when a match is set up: best of 3 sets of 15 points
    /// (the UMB's three-cushion sets).
    pub const USUAL: SetsSetup = SetsSetup {
        best_of: 3,
        target: 15,
    };

    /// Sets a player must win to win the match.
    pub const fn to_win(self) -> u16 {
        self.best_of as u16 / 2 + 1
    }
}

/// The shot clock (R-CLOCK).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotClock {
    /// Seconds per shot (UMB three-cushion: 40; Art. 8.7 referee limit: 30).
    #[serde(default = "default_clock_seconds")]
    pub seconds: u32,
    /// Seconds left when the warning sounds (UMB: at 20 s left... here: the elapsed mark).
    #[serde(default)]
    pub warning_at: Option<u32>,
    /// Time-outs (extensions) per player and game.
    #[serde(default = "default_timeouts")]
    pub timeouts: u8,
    /// Seconds one time-out adds to a shot.
    #[serde(default = "default_clock_seconds")]
    pub timeout_seconds: u32,
}

impl Default for ShotClock {
    /// The usual shot clock: 40 s a shot, the warning at 30 s, two time-outs of a full
    /// shot each (the UMB's three-cushion clock, also the match file's defaults).
    fn default() -> Self {
        ShotClock {
            seconds: default_clock_seconds(),
            warning_at: Some(30),
            timeouts: default_timeouts(),
            timeout_seconds: default_clock_seconds(),
        }
    }
}

fn default_clock_seconds() -> u32 {
    40
}

fn default_timeouts() -> u8 {
    2
}

fn yes() -> bool {
    true
}

fn three() -> u32 {
    3
}

/// When the 3-minute pause is due (R-PAUSE, Art. 4.1–4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PausePolicy {
    /// Offer the pause at half distance (single game) or after set 2 (and 4).
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Length of the pause in minutes.
    #[serde(default = "three")]
    pub minutes: u32,
}

impl Default for PausePolicy {
    fn default() -> Self {
        PausePolicy {
            enabled: true,
            minutes: 3,
        }
    }
}

/// How an average is cut to 3 decimals (R-FMT-4; federations differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AverageRule {
    /// Truncated: never rounded up (the rules' default).
    #[default]
    Truncate,
    /// Rounded half up.
    Round,
}

/// Everything needed to start a match, unchecked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    /// The discipline.
    pub discipline: Discipline,
    /// The table size.
    pub table: TableSize,
    /// The two players: [`Player::A`] first (index 0 on the wire), then [`Player::B`].
    pub players: ByPlayer<PlayerSetup>,
    /// Innings limit (R-FMT-2, Art. 17.3), 1..=1000.
    #[serde(default)]
    pub innings_limit: Option<u32>,
    /// Whether the second player gets the equalizing inning (R-END-1).
    #[serde(default = "yes")]
    pub equalizing_inning: bool,
    /// Sets, or `None` for a single game.
    #[serde(default)]
    pub sets: Option<SetsSetup>,
    /// Average display rule.
    #[serde(default)]
    pub average: AverageRule,
    /// The shot clock, if used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot_clock: Option<ShotClock>,
    /// The pause policy.
    #[serde(default, skip_serializing_if = "is_default_pause")]
    pub pause: PausePolicy,
    /// Competition name (score sheet header).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub competition: Option<String>,
    /// Venue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<String>,
    /// The table's name or number in the venue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_name: Option<String>,
    /// Referee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referee: Option<String>,
    /// Marker (score keeper).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
    /// Date of the match as written on the sheet (the core never reads a clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

fn is_default_pause(p: &PausePolicy) -> bool {
    *p == PausePolicy::default()
}

impl MatchSetup {
    /// A plain race to `target` for both players, no limits, equalizing inning on.
    pub fn race(discipline: Discipline, table: TableSize, names: [&str; 2], target: u32) -> Self {
        MatchSetup {
            discipline,
            table,
            players: ByPlayer::from(names).map(|n| PlayerSetup {
                name: n.to_string(),
                target,
                club: None,
            }),
            innings_limit: None,
            equalizing_inning: true,
            sets: None,
            average: AverageRule::Truncate,
            shot_clock: None,
            pause: PausePolicy::default(),
            competition: None,
            venue: None,
            table_name: None,
            referee: None,
            marker: None,
            date: None,
        }
    }

    /// The usual set-up of a match in `discipline`, offered by the new-match form: on a
    /// match table, both players to the discipline's usual distance, a single game, the
    /// equalizing inning on, no innings limit, no shot clock, the usual pause. The names
    /// are left empty for the referee to fill in.
    pub fn usual(discipline: Discipline) -> Self {
        MatchSetup::race(
            discipline,
            TableSize::Match,
            ["", ""],
            discipline.usual_distance(),
        )
    }

    /// The distance player `p` plays to in the current game.
    pub fn target_of(&self, p: Player) -> u32 {
        match self.sets {
            Some(s) => s.target,
            None => self.players[p].target,
        }
    }

    /// Checks the set-up.
    ///
    /// # Errors
    /// The first invalid field, as a [`SetupError`] naming it.
    pub fn validate(&self) -> Result<(), SetupError> {
        for (player, p) in self.players.iter() {
            let name = p.name.trim();
            if name.is_empty() {
                return Err(SetupError::NameEmpty { player });
            }
            if name.chars().count() > MAX_NAME_CHARS {
                return Err(SetupError::NameTooLong { player });
            }
            if p.name.chars().any(is_unprintable) {
                return Err(SetupError::NameControlChars { player });
            }
            if self.sets.is_none() && !(1..=MAX_TARGET).contains(&p.target) {
                return Err(SetupError::TargetOutOfRange { player });
            }
            if p.target > MAX_TARGET {
                return Err(SetupError::TargetOutOfRange { player });
            }
            if let Some(club) = &p.club {
                check_text(club, "club")?;
            }
        }
        if let Some(l) = self.innings_limit {
            if !(1..=MAX_INNINGS_LIMIT).contains(&l) {
                return Err(SetupError::InningsLimitOutOfRange);
            }
        }
        if let Some(s) = self.sets {
            if s.best_of == 0 || s.best_of > 9 || s.best_of & 1 == 0 {
                return Err(SetupError::BestOfInvalid);
            }
            if !(1..=MAX_TARGET).contains(&s.target) {
                return Err(SetupError::SetTargetOutOfRange);
            }
        }
        if let Some(c) = self.shot_clock {
            if !(5..=600).contains(&c.seconds)
                || c.timeout_seconds > 600
                || c.warning_at.is_some_and(|w| w >= c.seconds)
                || c.timeouts > 20
            {
                return Err(SetupError::ShotClockInvalid);
            }
        }
        if self.pause.minutes > 60 {
            return Err(SetupError::PauseInvalid);
        }
        for (field, value) in [
            ("competition", &self.competition),
            ("venue", &self.venue),
            ("table_name", &self.table_name),
            ("referee", &self.referee),
            ("marker", &self.marker),
            ("date", &self.date),
        ] {
            if let Some(v) = value {
                check_text(v, field)?;
            }
        }
        Ok(())
    }
}

fn check_text(v: &str, field: &'static str) -> Result<(), SetupError> {
    if v.chars().count() > MAX_TEXT_CHARS {
        return Err(SetupError::TextTooLong { field });
    }
    if v.chars().any(is_unprintable) {
        return Err(SetupError::TextControlChars { field });
    }
    Ok(())
}

/// An invalid set-up; names the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A player's name is empty after trimming.
    #[error("players[{player}].name is empty")]
    NameEmpty {
        /// Player index.
        player: Player,
    },
    /// A player's name is longer than 100 characters.
    #[error("players[{player}].name is longer than {MAX_NAME_CHARS} characters")]
    NameTooLong {
        /// Player index.
        player: Player,
    },
    /// A player's name contains control or invisible format characters.
    #[error("players[{player}].name contains control or format characters")]
    NameControlChars {
        /// Player index.
        player: Player,
    },
    /// A player's target is not in 1..=10000.
    #[error("players[{player}].target is not between 1 and {MAX_TARGET}")]
    TargetOutOfRange {
        /// Player index.
        player: Player,
    },
    /// The innings limit is not in 1..=1000.
    #[error("innings_limit is not between 1 and {MAX_INNINGS_LIMIT}")]
    InningsLimitOutOfRange,
    /// `sets.best_of` is not an odd number from 1 to 9.
    #[error("sets.best_of is not an odd number from 1 to 9")]
    BestOfInvalid,
    /// `sets.target` is not in 1..=10000.
    #[error("sets.target is not between 1 and {MAX_TARGET}")]
    SetTargetOutOfRange,
    /// The shot clock settings are out of range.
    #[error("shot_clock is out of range")]
    ShotClockInvalid,
    /// The pause settings are out of range.
    #[error("pause is out of range")]
    PauseInvalid,
    /// A text field is too long.
    #[error("{field} is longer than {MAX_TEXT_CHARS} characters")]
    TextTooLong {
        /// The field.
        field: &'static str,
    },
    /// A text field contains control or invisible format characters.
    #[error("{field} contains control or format characters")]
    TextControlChars {
        /// The field.
        field: &'static str,
    },
}

impl SetupError {
    /// Every kind of setup error, with sample fields (for the locale test).
    pub fn samples() -> Vec<SetupError> {
        vec![
            SetupError::NameEmpty { player: Player::A },
            SetupError::NameTooLong { player: Player::A },
            SetupError::NameControlChars { player: Player::A },
            SetupError::TargetOutOfRange { player: Player::A },
            SetupError::InningsLimitOutOfRange,
            SetupError::BestOfInvalid,
            SetupError::SetTargetOutOfRange,
            SetupError::ShotClockInvalid,
            SetupError::PauseInvalid,
            SetupError::TextTooLong { field: "venue" },
            SetupError::TextControlChars { field: "venue" },
        ]
    }

    /// The field the error is about, as a path (`players[1].name`, `innings_limit`).
    pub fn field(&self) -> String {
        match self {
            SetupError::NameEmpty { player }
            | SetupError::NameTooLong { player }
            | SetupError::NameControlChars { player } => format!("players[{player}].name"),
            SetupError::TargetOutOfRange { player } => format!("players[{player}].target"),
            SetupError::InningsLimitOutOfRange => "innings_limit".into(),
            SetupError::BestOfInvalid => "sets.best_of".into(),
            SetupError::SetTargetOutOfRange => "sets.target".into(),
            SetupError::ShotClockInvalid => "shot_clock".into(),
            SetupError::PauseInvalid => "pause".into(),
            SetupError::TextTooLong { field } | SetupError::TextControlChars { field } => {
                (*field).into()
            }
        }
    }

    /// A stable kebab-case code.
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::NameEmpty { .. } => "setup-name-empty",
            SetupError::NameTooLong { .. } => "setup-name-too-long",
            SetupError::NameControlChars { .. } => "setup-name-control-chars",
            SetupError::TargetOutOfRange { .. } => "setup-target-out-of-range",
            SetupError::InningsLimitOutOfRange => "setup-innings-limit-out-of-range",
            SetupError::BestOfInvalid => "setup-best-of-invalid",
            SetupError::SetTargetOutOfRange => "setup-set-target-out-of-range",
            SetupError::ShotClockInvalid => "setup-shot-clock-invalid",
            SetupError::PauseInvalid => "setup-pause-invalid",
            SetupError::TextTooLong { .. } => "setup-text-too-long",
            SetupError::TextControlChars { .. } => "setup-text-control-chars",
        }
    }

    /// The localizable message (`error-<code>`), with the field and limits as arguments.
    pub fn message(&self) -> Message {
        let id = match self {
            SetupError::NameEmpty { .. } => "error-setup-name-empty",
            SetupError::NameTooLong { .. } => "error-setup-name-too-long",
            SetupError::NameControlChars { .. } => "error-setup-name-control-chars",
            SetupError::TargetOutOfRange { .. } => "error-setup-target-out-of-range",
            SetupError::InningsLimitOutOfRange => "error-setup-innings-limit-out-of-range",
            SetupError::BestOfInvalid => "error-setup-best-of-invalid",
            SetupError::SetTargetOutOfRange => "error-setup-set-target-out-of-range",
            SetupError::ShotClockInvalid => "error-setup-shot-clock-invalid",
            SetupError::PauseInvalid => "error-setup-pause-invalid",
            SetupError::TextTooLong { .. } => "error-setup-text-too-long",
            SetupError::TextControlChars { .. } => "error-setup-text-control-chars",
        };
        let m = Message::new(id).text("field", self.field());
        match self {
            SetupError::NameTooLong { .. } => m.number("max", MAX_NAME_CHARS as i64),
            SetupError::TextTooLong { .. } => m.number("max", MAX_TEXT_CHARS as i64),
            SetupError::TargetOutOfRange { .. } | SetupError::SetTargetOutOfRange => {
                m.number("min", 1).number("max", i64::from(MAX_TARGET))
            }
            SetupError::InningsLimitOutOfRange => m
                .number("min", 1)
                .number("max", i64::from(MAX_INNINGS_LIMIT)),
            _ => m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_usual_distance_is_a_valid_set_up_distance() {
        for d in Discipline::ALL {
            assert!((1..=MAX_TARGET).contains(&d.usual_distance()), "{d:?}");
        }
    }
}
