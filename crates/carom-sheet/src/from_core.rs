//! The thin adapter from the rules core: a finished [`carom_core::Match`] (its
//! [`carom_core::ScoreSheet`]) plus what only the end-of-match screens know
//! ([`SheetExtras`]) → a [`SheetDocument`]; and the replay that verification compares an
//! embedded sheet with.

#[cfg(feature = "render")]
use carom_core::MatchFile;
use carom_core::{Ball, Match, Player, ResultReason, ScoreSheet, Winner};

use crate::model::{
    BallColour, CorrectionKind, InningRow, PlayerSlot, PlayerTotals, Reclamation,
    SealedAverageRule, SealedCorrection, SealedHeader, SealedPlayer, SealedResult, SealedSet,
    SheetDate, SheetDateTime, SheetDocument, SheetTime, Signature, Warning,
};
use crate::SheetError;

/// The referee's name as he signed (the name typed at signing), once he has: from then on
/// the name the sheet gives the referee, on screen as in the PDF.
pub fn signed_referee(signatures: &[Signature]) -> Option<&str> {
    signatures
        .iter()
        .find(|s| s.role == crate::model::SignerRole::Referee)
        .map(|s| s.name.trim())
        .filter(|n| !n.is_empty())
}

/// What the sheet needs beyond the match itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetExtras {
    /// The three signatures (referee, player 1, player 2).
    pub signatures: Vec<Signature>,
    /// Reclamations written on the end-of-match screen, after those recorded as
    /// `protest` events.
    pub reclamations: Vec<Reclamation>,
    /// Warnings written on the end-of-match screen, after those recorded as `warning`
    /// events.
    pub warnings: Vec<Warning>,
    /// Event times (`at`) are milliseconds since the Unix epoch (UTC); they are printed at
    /// this offset from UTC, in minutes (e.g. 60 for CET).
    pub utc_offset_minutes: i32,
    /// The date printed when the set-up has none and no event has a time.
    pub date: SheetDate,
}

fn slot(p: Player) -> PlayerSlot {
    match p {
        Player::A => PlayerSlot::One,
        Player::B => PlayerSlot::Two,
    }
}

/// Days since 1970-01-01 → civil date (proleptic Gregorian).
fn civil_from_days(z: i64) -> SheetDate {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    SheetDate { year, month, day }
}

/// An event time (Unix ms) as local date and time.
pub(crate) fn wall_clock(at_ms: u64, utc_offset_minutes: i32) -> SheetDateTime {
    let secs = (at_ms / 1000) as i64 + i64::from(utc_offset_minutes) * 60;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    SheetDateTime {
        date: civil_from_days(days),
        time: SheetTime {
            hour: (rest / 3600) as u8,
            minute: (rest / 60 % 60) as u8,
            second: (rest % 60) as u8,
        },
    }
}

/// The date of a match as its sheet gives it: the set-up's `date` when it has one (the
/// match file's `date`), else the day of its first timed event at `utc_offset_minutes`
/// from UTC, else `otherwise`. The one rule for the printed sheet and the files named
/// after the match (`Dupont-Martin-2026-12-04.pdf`).
pub fn sheet_date(
    header: &carom_core::sheet::SheetHeader,
    utc_offset_minutes: i32,
    otherwise: SheetDate,
) -> SheetDate {
    header
        .date
        .as_deref()
        .and_then(parse_date)
        .or(header
            .started_at
            .map(|ms| wall_clock(ms, utc_offset_minutes).date))
        .unwrap_or(otherwise)
}

fn parse_date(s: &str) -> Option<SheetDate> {
    let mut it = s.trim().splitn(3, '-');
    let year = it.next()?.parse().ok()?;
    let month = it.next()?.parse().ok()?;
    let day = it.next()?.parse().ok()?;
    ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some(SheetDate { year, month, day })
}

/// Each player's totals as the core computed them.
pub fn totals_from_core(sheet: &ScoreSheet) -> [PlayerTotals; 2] {
    Player::ALL.map(|p| {
        let pl = &sheet.players[p];
        let general = pl.totals.general_average.thousandths as u32;
        PlayerTotals {
            points: pl.totals.points,
            innings: pl.totals.innings,
            general_average: general,
            high_run: pl.totals.high_run,
            best_game_average: pl
                .best_game_average
                .map_or(general, |a| a.thousandths as u32),
            sets_won: sheet.header.sets.map(|_| u32::from(sheet.sets_won[p])),
        }
    })
}

/// The innings grid, set by set, as the core derived it.
pub fn sets_from_core(sheet: &ScoreSheet) -> Vec<SealedSet> {
    let with_sets = sheet.header.sets.is_some();
    sheet
        .sets
        .iter()
        .map(|set| {
            let mut running = [0u32; 2];
            // R-END-1, as the core marks it.
            let equalizing = sheet.equalizing_inning(set);
            let rows: Vec<InningRow> = set
                .rows
                .iter()
                .map(|r| {
                    let mut runs = [None, None];
                    let mut fouls = [false; 2];
                    for (p, cell) in r.cells.iter() {
                        if let Some(c) = cell {
                            runs[p.index()] = Some(c.run);
                            running[p.index()] = c.total;
                            fouls[p.index()] = c.foul;
                        }
                    }
                    InningRow {
                        inning: r.inning,
                        runs,
                        totals: running,
                        equalizing: equalizing == Some(r.inning),
                        fouls,
                    }
                })
                .collect();
            SealedSet {
                number: u32::from(set.number),
                rows,
                winner: match set.winner {
                    Some(Winner::Player(p)) if with_sets => Some(slot(p)),
                    _ => None,
                },
            }
        })
        .collect()
}

impl SheetDocument {
    /// The sheet of a finished match: the core's [`ScoreSheet`] plus `extras`.
    ///
    /// # Errors
    /// [`SheetError::MatchNotFinished`] when the match has no result yet. Signatures are
    /// checked when rendering ([`crate::render_pdf`]), not here, so the UI can show the
    /// sheet before it is signed.
    pub fn from_match(m: &Match, extras: SheetExtras) -> Result<SheetDocument, SheetError> {
        let sheet = m.sheet();
        let result = sheet.result.ok_or(SheetError::MatchNotFinished)?;
        let h = &sheet.header;
        let off = extras.utc_offset_minutes;
        let clock = |at: Option<u64>| at.map(|ms| wall_clock(ms, off));
        let start = clock(h.started_at);
        let end = clock(h.ended_at);
        let date = sheet_date(h, off, extras.date);
        let time = |dt: Option<SheetDateTime>| dt.map_or(SheetTime::hm(0, 0), |d| d.time);
        let header = SealedHeader {
            competition: h.competition.clone().unwrap_or_default(),
            venue: h.venue.clone().unwrap_or_default(),
            table: h.table_name.clone().unwrap_or_default(),
            table_size: Some(h.table),
            date,
            start: time(start),
            end: time(end),
            discipline: h.discipline,
            innings_limit: h.innings_limit,
            best_of_sets: h.sets.map(|s| u32::from(s.best_of)),
            average_rule: match h.average {
                carom_core::AverageRule::Truncate => SealedAverageRule::Truncate,
                carom_core::AverageRule::Round => SealedAverageRule::RoundHalfUp,
            },
            referee: h.referee.clone().unwrap_or_default(),
            marker: h.marker.clone().unwrap_or_default(),
        };
        let players = Player::ALL.map(|p| {
            let pl = &sheet.players[p];
            SealedPlayer {
                name: pl.name.clone(),
                club: pl.club.clone().unwrap_or_default(),
                ball: match pl.ball {
                    Some(Ball::Yellow) => BallColour::Yellow,
                    Some(_) => BallColour::White,
                    None if p == Player::A => BallColour::White,
                    None => BallColour::Yellow,
                },
                target: pl.target,
            }
        });
        let corrections = sheet
            .corrections
            .iter()
            .map(|c| match c {
                carom_core::Correction::Undo {
                    event_index,
                    at,
                    undone_index,
                    undone,
                    player,
                    inning,
                } => SealedCorrection {
                    at: clock(*at).map(|d| d.time),
                    event: *event_index as u32 + 1,
                    kind: CorrectionKind::Undo {
                        undone_event: *undone_index as u32 + 1,
                        what: serde_json::to_value(undone)
                            .ok()
                            .and_then(|v| v.get("type")?.as_str().map(str::to_owned))
                            .unwrap_or_default(),
                        player: player.map(slot),
                        inning: *inning,
                    },
                },
                carom_core::Correction::EditInning {
                    event_index,
                    at,
                    set,
                    player,
                    inning,
                    old_run,
                    new_run,
                } => SealedCorrection {
                    at: clock(*at).map(|d| d.time),
                    event: *event_index as u32 + 1,
                    kind: CorrectionKind::EditedRun {
                        set: u32::from(*set),
                        inning: *inning,
                        player: slot(*player),
                        before: *old_run,
                        after: *new_run,
                    },
                },
                carom_core::Correction::EditSetup {
                    event_index,
                    at,
                    field,
                    before,
                    after,
                } => SealedCorrection {
                    at: clock(*at).map(|d| d.time),
                    event: *event_index as u32 + 1,
                    kind: CorrectionKind::EditedSetup {
                        field: field.id().to_owned(),
                        before: before.as_ref().map(carom_core::SetupValue::display),
                        after: after.as_ref().map(carom_core::SetupValue::display),
                    },
                },
            })
            .collect();
        let mut warnings: Vec<Warning> = sheet
            .warnings
            .iter()
            .map(|w| Warning {
                at: clock(w.at).map(|d| d.time),
                player: slot(w.player),
                reason: w.text.clone(),
            })
            .collect();
        warnings.extend(extras.warnings);
        let mut reclamations: Vec<Reclamation> = sheet
            .protests
            .iter()
            .map(|p| Reclamation {
                by: slot(p.player),
                text: p.text.clone(),
            })
            .collect();
        reclamations.extend(extras.reclamations);
        // The set-up's referee stands until he has signed.
        let mut header = header;
        if let Some(signed) = signed_referee(&extras.signatures) {
            header.referee = signed.to_owned();
        }
        Ok(SheetDocument {
            header,
            players,
            sets: sets_from_core(&sheet),
            totals: totals_from_core(&sheet),
            result: match (result.winner, result.reason) {
                (Winner::Draw, _) => SealedResult::Draw,
                (Winner::Player(p), ResultReason::Forfeit | ResultReason::SecondWarning) => {
                    SealedResult::Forfeit { winner: slot(p) }
                }
                (Winner::Player(p), _) => SealedResult::Win { winner: slot(p) },
            },
            corrections,
            warnings,
            reclamations,
            signatures: extras.signatures,
        })
    }
}

/// What the rules core derives from a match file: the figures a sheet must print.
#[cfg(feature = "render")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Replayed {
    /// Each player's totals.
    pub totals: [PlayerTotals; 2],
    /// The innings grid, set by set.
    pub sets: Vec<SealedSet>,
}

/// Replays an embedded match file with the rules core (verification compares the sheet
/// with this; carom-sheet has no arithmetic of its own).
///
/// # Errors
/// [`SheetError::ReplayFailed`] naming the event that could not be applied, or when the
/// file does not reach the end of the match.
#[cfg(feature = "render")]
pub(crate) fn replay(match_file: &str) -> Result<Replayed, SheetError> {
    let failed = |e: carom_core::FileError| SheetError::ReplayFailed {
        event: e.event_index().map(|i| i + 1),
        detail: format!("{}: {e}", e.code()),
    };
    let file = MatchFile::parse(match_file).map_err(failed)?;
    let m = file.replay().map_err(failed)?;
    let sheet = m.sheet();
    if sheet.result.is_none() {
        return Err(SheetError::ReplayFailed {
            event: None,
            detail: "the match file does not reach the end of the match".into(),
        });
    }
    Ok(Replayed {
        totals: totals_from_core(&sheet),
        sets: sets_from_core(&sheet),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_times_in_unix_milliseconds_become_local_date_and_time() {
        // 2026-11-14 13:05:09 UTC.
        let ms = 1_794_661_509_000;
        let dt = wall_clock(ms, 60);
        assert_eq!(
            dt.date,
            SheetDate {
                year: 2026,
                month: 11,
                day: 14
            }
        );
        assert_eq!(dt.time.hh_mm_ss(), "14:05:09");
        assert_eq!(
            wall_clock(0, 0).date,
            SheetDate {
                year: 1970,
                month: 1,
                day: 1
            }
        );
        assert_eq!(
            wall_clock(0, -60).date,
            SheetDate {
                year: 1969,
                month: 12,
                day: 31
            }
        );
    }

    #[test]
    fn set_up_dates_are_read_as_iso() {
        assert_eq!(
            parse_date("2025-03-14"),
            Some(SheetDate {
                year: 2025,
                month: 3,
                day: 14
            })
        );
        assert_eq!(parse_date("14/03/2025"), None);
    }
}
