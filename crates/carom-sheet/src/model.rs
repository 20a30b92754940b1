//! The presentation model of a score sheet: everything the PDF shows, nothing it computes.
//! Its types that share a concept with the core's sheet are named `Sealed…` (the sealed
//! header, player, set, result, correction, average rule): what a signed sheet holds.
//!
//! A [`SheetDocument`] is derived from a finished match by the rules core (the figures) plus
//! what only the end-of-match screens know (reclamations, warnings, signatures). The renderer
//! lays it out; it never recomputes a rule.

use carom_core::{Discipline, TableSize};
use serde::{Deserialize, Serialize};

use crate::SheetError;

/// One of the two players, in the order of the sheet (player 1 is the left column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerSlot {
    /// The first player (left column).
    One,
    /// The second player (right column).
    Two,
}

impl PlayerSlot {
    /// Both slots, in sheet order.
    pub const BOTH: [PlayerSlot; 2] = [PlayerSlot::One, PlayerSlot::Two];

    /// 0 for player 1, 1 for player 2.
    pub const fn index(self) -> usize {
        match self {
            PlayerSlot::One => 0,
            PlayerSlot::Two => 1,
        }
    }

    /// 1 or 2, as printed.
    pub const fn number(self) -> u32 {
        match self {
            PlayerSlot::One => 1,
            PlayerSlot::Two => 2,
        }
    }
}

/// A calendar date (no time zone: the date printed on the sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SheetDate {
    /// Year, e.g. 2026.
    pub year: i32,
    /// Month, 1–12.
    pub month: u8,
    /// Day of the month, 1–31.
    pub day: u8,
}

/// A wall-clock time on the day of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SheetTime {
    /// Hour, 0–23.
    pub hour: u8,
    /// Minute, 0–59.
    pub minute: u8,
    /// Second, 0–59.
    #[serde(default)]
    pub second: u8,
}

impl SheetTime {
    /// A time with zero seconds.
    pub const fn hm(hour: u8, minute: u8) -> SheetTime {
        SheetTime {
            hour,
            minute,
            second: 0,
        }
    }

    /// `HH:MM` (the sheet's header shows minutes).
    pub fn hh_mm(self) -> String {
        format!("{:02}:{:02}", self.hour, self.minute)
    }

    /// `HH:MM:SS` (corrections and signatures show seconds).
    pub fn hh_mm_ss(self) -> String {
        format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
    }
}

/// A date and a time, e.g. when a signature was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SheetDateTime {
    /// The date.
    pub date: SheetDate,
    /// The time.
    pub time: SheetTime,
}

/// How averages are cut to three decimals (R-FMT-4: truncated by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SealedAverageRule {
    /// Truncated, never rounded up (R-FMT-4, the default).
    #[default]
    Truncate,
    /// Rounded half up (a federation setting).
    RoundHalfUp,
}

/// The colour of a player's cue ball.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BallColour {
    /// White (the breaker's ball, R-START-2).
    White,
    /// Yellow.
    Yellow,
}

/// The top of the sheet (R-SHEET-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SealedHeader {
    /// Competition (e.g. "Championnat de France 3 bandes — Nationale 1").
    pub competition: String,
    /// Venue (club, town).
    pub venue: String,
    /// Table name or number.
    pub table: String,
    /// The table's size, printed beside its name. Absent in sheets sealed before it was
    /// printed (they render as they did).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_size: Option<TableSize>,
    /// Date of the match.
    pub date: SheetDate,
    /// Time of the break shot.
    pub start: SheetTime,
    /// Time the match ended.
    pub end: SheetTime,
    /// Discipline.
    pub discipline: Discipline,
    /// Innings limit (R-FMT-2), if any.
    pub innings_limit: Option<u32>,
    /// Sets played as "best of N" (R-FMT-2), if any.
    pub best_of_sets: Option<u32>,
    /// How the averages were cut to three decimals.
    pub average_rule: SealedAverageRule,
    /// Referee's name.
    pub referee: String,
    /// Marker's name.
    pub marker: String,
}

/// A player as the sheet names him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SealedPlayer {
    /// Full name.
    pub name: String,
    /// Club (may be empty).
    pub club: String,
    /// Cue ball.
    pub ball: BallColour,
    /// Points to reach (the distance; different for a handicap match).
    pub target: u32,
}

/// One inning of the grid: each player's run and running total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct InningRow {
    /// Inning number, from 1 in each set.
    pub inning: u32,
    /// Each player's run in this inning; `None` when he did not play it.
    pub runs: [Option<u32>; 2],
    /// Each player's running total after this inning (within the set).
    pub totals: [u32; 2],
    /// Whether this is the equalizing inning (R-END-1).
    #[serde(default)]
    pub equalizing: bool,
    /// Whether each player's inning ended with a foul (marked in the grid). Absent in
    /// sheets sealed before fouls were printed, and when neither inning had one.
    #[serde(default, skip_serializing_if = "no_foul")]
    pub fouls: [bool; 2],
}

/// Neither player fouled (the field is then left out of the envelope).
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn no_foul(fouls: &[bool; 2]) -> bool {
    !fouls[0] && !fouls[1]
}

/// One set (or the whole match when no sets are played).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SealedSet {
    /// Set number, from 1.
    pub number: u32,
    /// One row per inning.
    pub rows: Vec<InningRow>,
    /// Who won the set (`None` for a drawn set or a match without sets).
    pub winner: Option<PlayerSlot>,
}

/// A player's totals for the match (R-SHEET-2, R-FMT-4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlayerTotals {
    /// Points scored.
    pub points: u32,
    /// Innings played.
    pub innings: u32,
    /// General average in thousandths, cut by the header's [`SealedAverageRule`].
    pub general_average: u32,
    /// Best run.
    pub high_run: u32,
    /// Best single-game (set) average in thousandths.
    pub best_game_average: u32,
    /// Sets won, when sets are played.
    pub sets_won: Option<u32>,
}

/// How the match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum SealedResult {
    /// A player won.
    Win {
        /// The winner.
        winner: PlayerSlot,
    },
    /// A player won because the other abandoned or got a second warning (R-END-4).
    Forfeit {
        /// The winner.
        winner: PlayerSlot,
    },
    /// Both reached their target in the equalizing inning, or equal points at the limit.
    Draw,
}

/// What a correction changed (R-SHEET-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", deny_unknown_fields)]
pub enum CorrectionKind {
    /// The referee undid an event (R-FOUL-2, Art. 8.5).
    Undo {
        /// The 1-based number of the event revoked.
        undone_event: u32,
        /// Its type as in the match file (`carom`, `miss`, `inning`, `foul`, …).
        what: String,
        /// Whose action it was (absent in sheets sealed before it was recorded, and
        /// for an action of no one's, e.g. the lag).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<PlayerSlot>,
        /// The inning of that player it was played in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        inning: Option<u32>,
    },
    /// A completed inning's run was corrected.
    EditedRun {
        /// Set number.
        set: u32,
        /// Inning number.
        inning: u32,
        /// Whose run.
        player: PlayerSlot,
        /// The run before.
        before: u32,
        /// The run after.
        after: u32,
    },
    /// A set-up field changed during the match (officials, header, shot clock).
    EditedSetup {
        /// The field's id as in the match file (`referee`, `shot-clock`, …).
        field: String,
        /// The value before, as shown (`None`: empty, or no shot clock).
        before: Option<String>,
        /// The value after.
        after: Option<String>,
    },
}

/// A correction made during the match, kept visible with its time (R-SHEET-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SealedCorrection {
    /// When it was made, if the event had a time.
    pub at: Option<SheetTime>,
    /// The 1-based number of the correcting event in the match file.
    pub event: u32,
    /// What it changed.
    pub kind: CorrectionKind,
}

/// A warning given by the referee (Art. 18).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Warning {
    /// When, if known.
    pub at: Option<SheetTime>,
    /// To whom.
    pub player: PlayerSlot,
    /// Why, as the referee wrote it (may be empty).
    pub reason: String,
}

/// A reclamation written on the sheet at the end of the match (Art. 16.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Reclamation {
    /// Who makes it.
    pub by: PlayerSlot,
    /// The text, as written.
    pub text: String,
}

pub use carom_core::SignerRole;

/// How the sealed document spells a [`SignerRole`]: `referee`, `player1`, `player2`.
///
/// Not the role's id on the wire and in the store (`player-1`): the sealed match file
/// inside every signed PDF was written with this spelling and must read back, and its
/// digest must not change; so the one role type keeps this second spelling for the seal.
mod sealed_role {
    use carom_core::SignerRole;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Sealed {
        Referee,
        Player1,
        Player2,
    }

    pub(super) fn serialize<S: Serializer>(role: &SignerRole, s: S) -> Result<S::Ok, S::Error> {
        match role {
            SignerRole::Referee => Sealed::Referee,
            SignerRole::Player1 => Sealed::Player1,
            SignerRole::Player2 => Sealed::Player2,
        }
        .serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SignerRole, D::Error> {
        Ok(match Sealed::deserialize(d)? {
            Sealed::Referee => SignerRole::Referee,
            Sealed::Player1 => SignerRole::Player1,
            Sealed::Player2 => SignerRole::Player2,
        })
    }
}

/// A point of a stroke, in pad units (origin top left, y down).
pub type StrokePoint = [u16; 2];

/// A handwritten signature kept as vector strokes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Signature {
    /// Who signed, spelt as the seal has always spelt it (`player1`, not the wire's
    /// `player-1`).
    #[serde(with = "sealed_role")]
    pub role: SignerRole,
    /// The signer's name as printed under the signature.
    pub name: String,
    /// When.
    pub signed_at: SheetDateTime,
    /// Width of the signature pad, in pad units.
    pub width: u16,
    /// Height of the signature pad, in pad units.
    pub height: u16,
    /// The strokes: each a polyline of at least one point.
    pub strokes: Vec<Vec<StrokePoint>>,
}

impl Signature {
    /// The strokes as one SVG path `d` attribute (`M x y L x y …` per stroke); a single
    /// point becomes a dot.
    pub fn svg_path(&self) -> String {
        let mut d = String::new();
        for stroke in &self.strokes {
            for (i, [x, y]) in stroke.iter().enumerate() {
                if !d.is_empty() {
                    d.push(' ');
                }
                d.push_str(&format!("{} {x} {y}", if i == 0 { 'M' } else { 'L' }));
            }
            if stroke.len() == 1 {
                d.push_str(" l 0.1 0");
            }
        }
        d
    }

    /// A standalone SVG image of the signature.
    pub fn svg(&self) -> String {
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"><path d="{d}" fill="none" stroke="#14213d" stroke-width="{sw}" stroke-linecap="round" stroke-linejoin="round"/></svg>"##,
            w = self.width.max(1),
            h = self.height.max(1),
            d = self.svg_path(),
            sw = (f32::from(self.height.max(1)) / 60.0).max(1.0),
        )
    }
}

/// Everything the official score sheet shows (R-SHEET-2, R-SHEET-3).
///
/// A model of its own, apart from the core's [`carom_core::ScoreSheet`] that the screens
/// show, on purpose: its JSON is the sealed match file's sheet, hashed and signed inside
/// every PDF, and a sheet signed years ago must still read back and verify. So its form is
/// frozen (`deny_unknown_fields`, kebab-case names, the `Sealed…` types, fields only ever
/// added as optional and left out when absent); a field the screen needs goes on the core's
/// sheet, never here, and a change here is one the seal snapshot tests would catch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SheetDocument {
    /// Competition, venue, times, discipline, officials.
    pub header: SealedHeader,
    /// The two players, in sheet order.
    pub players: [SealedPlayer; 2],
    /// The innings grid, set by set (one set when no sets are played).
    pub sets: Vec<SealedSet>,
    /// Each player's totals.
    pub totals: [PlayerTotals; 2],
    /// The result.
    pub result: SealedResult,
    /// Corrections made during the match.
    pub corrections: Vec<SealedCorrection>,
    /// Warnings given.
    pub warnings: Vec<Warning>,
    /// Reclamations written at the end.
    pub reclamations: Vec<Reclamation>,
    /// The signatures of the referee and both players.
    pub signatures: Vec<Signature>,
}

impl SheetDocument {
    /// The signature of `role`, if given.
    pub fn signature(&self, role: SignerRole) -> Option<&Signature> {
        self.signatures.iter().find(|s| s.role == role)
    }

    /// Checks that the sheet can be filed: at least one set, the three signatures, each with
    /// strokes, no signer twice.
    ///
    /// # Errors
    /// [`SheetError::MissingSignature`], [`SheetError::EmptySignature`],
    /// [`SheetError::DuplicateSignature`] or [`SheetError::InvalidDocument`].
    pub fn check(&self) -> Result<(), SheetError> {
        if self.sets.is_empty() {
            return Err(SheetError::InvalidDocument {
                detail: "no set".into(),
            });
        }
        for role in SignerRole::ALL {
            let mut given = self.signatures.iter().filter(|s| s.role == role);
            let Some(sig) = given.next() else {
                return Err(SheetError::MissingSignature { role });
            };
            if given.next().is_some() {
                return Err(SheetError::DuplicateSignature { role });
            }
            if sig.strokes.is_empty() || sig.strokes.iter().any(Vec::is_empty) {
                return Err(SheetError::EmptySignature { role });
            }
            if sig.width == 0 || sig.height == 0 {
                return Err(SheetError::InvalidDocument {
                    detail: format!("signature pad of {} has no size", role.id()),
                });
            }
        }
        Ok(())
    }
}

/// Builds an innings grid from plain runs: `runs[p][i]` is player `p`'s run in inning
/// `i + 1`; the shorter list means that player did not play the last inning(s).
pub fn rows_from_runs(runs: &[Vec<u32>; 2], equalizing_last: bool) -> Vec<InningRow> {
    let n = runs[0].len().max(runs[1].len());
    let mut totals = [0u32; 2];
    (0..n)
        .map(|i| {
            let r = [runs[0].get(i).copied(), runs[1].get(i).copied()];
            for p in 0..2 {
                totals[p] += r[p].unwrap_or(0);
            }
            InningRow {
                inning: i as u32 + 1,
                runs: r,
                totals,
                equalizing: equalizing_last && i + 1 == n,
                fouls: [false; 2],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_from_runs_keep_running_totals_and_leave_unplayed_innings_blank() {
        let rows = rows_from_runs(&[vec![3, 0, 5], vec![1, 2]], false);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[2].runs, [Some(5), None]);
        assert_eq!(rows[2].totals, [8, 3]);
        assert!(!rows[2].equalizing);
    }

    #[test]
    fn signature_strokes_become_one_svg_path() {
        let sig = Signature {
            role: SignerRole::Referee,
            name: "A".into(),
            signed_at: SheetDateTime {
                date: SheetDate {
                    year: 2026,
                    month: 1,
                    day: 2,
                },
                time: SheetTime::hm(3, 4),
            },
            width: 10,
            height: 10,
            strokes: vec![vec![[1, 2], [3, 4]], vec![[5, 6]]],
        };
        assert_eq!(sig.svg_path(), "M 1 2 L 3 4 M 5 6 l 0.1 0");
        assert!(sig.svg().starts_with("<svg"));
    }
}
