//! Derived views of a match: what a scoring screen, the sheet and the CLI show.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize, Serializer};

use crate::discipline::{ContactRule, Discipline};
use crate::guidance::{Ball, Guidance};
use crate::message::Message;
use crate::player::{ByPlayer, Player};
use crate::setup::AverageRule;
use crate::table::TableSize;

/// Where the match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Before the break; lag attempts may be recorded (R-LAG).
    Lag,
    /// The lag is decided; waiting for the break (R-START).
    Break,
    /// Play.
    Play,
    /// The second player's equalizing inning after the breaker reached his distance
    /// (R-END-1). Not when the innings limit ends the game: the second player's last
    /// inning is then a normal one (Art. 17.4).
    EqualizingInning,
    /// A set is over; the next set starts with its break.
    SetOver,
    /// The match is over.
    Finished,
}

impl Phase {
    /// The Fluent message naming the phase (`phase-<id>`).
    pub fn message(self) -> Message {
        Message::new(match self {
            Phase::Lag => "phase-lag",
            Phase::Break => "phase-break",
            Phase::Play => "phase-play",
            Phase::EqualizingInning => "phase-equalizing-inning",
            Phase::SetOver => "phase-set-over",
            Phase::Finished => "phase-finished",
        })
    }
}

/// The winner of a game, a set or the match: a player, or a draw.
/// Serialized as `0`, `1` or `"draw"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Player A (0) or B (1).
    Player(Player),
    /// A draw (R-END-1, R-END-3).
    Draw,
}

impl Serialize for Winner {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Winner::Player(p) => p.serialize(s),
            Winner::Draw => s.serialize_str("draw"),
        }
    }
}

impl<'de> Deserialize<'de> for Winner {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Winner, D::Error> {
        /// `0`, `1` or `"draw"`, as [`Winner`] is written.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Player(Player),
            Draw(String),
        }
        match Wire::deserialize(d)? {
            Wire::Player(p) => Ok(Winner::Player(p)),
            Wire::Draw(s) if s == "draw" => Ok(Winner::Draw),
            Wire::Draw(s) => Err(serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a player 0 or 1, or \"draw\"",
            )),
        }
    }
}

/// How a game or match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultReason {
    /// A player reached his distance (after the equalizing inning, if any).
    Target,
    /// The innings limit ended the game (R-END-1: compared on points, or on the share of
    /// each player's distance with handicaps).
    InningsLimit,
    /// On sets won.
    Sets,
    /// The opponent abandoned the table (R-END-4, Art. 4.3).
    Forfeit,
    /// The opponent received a second warning (R-END-4, Art. 18.1).
    SecondWarning,
}

impl ResultReason {
    /// The kebab-case id, also a Fluent selector.
    pub const fn id(self) -> &'static str {
        match self {
            ResultReason::Target => "target",
            ResultReason::InningsLimit => "innings-limit",
            ResultReason::Sets => "sets",
            ResultReason::Forfeit => "forfeit",
            ResultReason::SecondWarning => "second-warning",
        }
    }

    /// The Fluent message saying how the match ended (`end-reason-<id>`).
    pub fn message(self) -> Message {
        Message::new(match self {
            ResultReason::Target => "end-reason-target",
            ResultReason::InningsLimit => "end-reason-innings-limit",
            ResultReason::Sets => "end-reason-sets",
            ResultReason::Forfeit => "end-reason-forfeit",
            ResultReason::SecondWarning => "end-reason-second-warning",
        })
    }
}

/// The result of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchResult {
    /// Winner or draw.
    pub winner: Winner,
    /// How it ended.
    pub reason: ResultReason,
}

/// An average: the exact rational `points / innings` and its value in thousandths cut per
/// the [`AverageRule`] (R-FMT-4). The one place averages are computed, ordered and
/// aggregated: totals are `u64` (a career of matches sums without saturating) and two
/// averages compare exactly, by cross-multiplication in `u128`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Average {
    /// Numerator: points.
    pub points: u64,
    /// Denominator: innings (0 gives an average of 0).
    pub innings: u64,
    /// The average × 1000, truncated or rounded half up.
    pub thousandths: u64,
}

impl Average {
    /// Computes the average of `points` in `innings` under `rule`.
    pub fn new(points: u64, innings: u64, rule: AverageRule) -> Average {
        let thousandths = if innings == 0 {
            0
        } else {
            let (p, i) = (u128::from(points), u128::from(innings));
            let t = match rule {
                AverageRule::Truncate => p * 1000 / i,
                AverageRule::Round => (p * 2000 + i) / (2 * i),
            };
            // At most points × 1000: beyond u64 only for more than 18 × 10^15 points.
            u64::try_from(t).unwrap_or(u64::MAX)
        };
        Average {
            points,
            innings,
            thousandths,
        }
    }

    /// The average of the sums of several (points, innings) figures, e.g. a player's
    /// matches: the general average over all of them (R-FMT-4), never the mean of the
    /// averages.
    pub fn of_totals(figures: impl IntoIterator<Item = (u64, u64)>, rule: AverageRule) -> Average {
        let (points, innings) = figures.into_iter().fold((0u64, 0u64), |(p, i), (fp, fi)| {
            (p.saturating_add(fp), i.saturating_add(fi))
        });
        Average::new(points, innings, rule)
    }

    /// The value as `f64` (exactly the thousandths / 1000).
    pub fn value(&self) -> f64 {
        self.thousandths as f64 / 1000.0
    }

    /// Formats with exactly three decimals, `"1.234"` (for JSON reports; the UI formats
    /// per locale).
    pub fn to_decimal_string(&self) -> String {
        format!("{}.{:03}", self.thousandths / 1000, self.thousandths % 1000)
    }

    /// Orders two exact averages `a_points / a_innings` and `b_points / b_innings`, not
    /// their cut decimals (2/3 is below 667/1000). No innings counts as one, so figures
    /// without innings order by their points.
    pub fn cmp_ratio(a_points: u64, a_innings: u64, b_points: u64, b_innings: u64) -> Ordering {
        (u128::from(a_points) * u128::from(b_innings.max(1)))
            .cmp(&(u128::from(b_points) * u128::from(a_innings.max(1))))
    }

    /// Orders `self` and `other` as exact rationals (see [`Average::cmp_ratio`]).
    pub fn exact_cmp(&self, other: &Average) -> Ordering {
        Average::cmp_ratio(self.points, self.innings, other.points, other.innings)
    }

    /// Whether `self` is a strictly better average than `other`, exactly.
    pub fn better_than(&self, other: &Average) -> bool {
        self.exact_cmp(other) == Ordering::Greater
    }

    /// The best of several averages (the first one of equal best ones), e.g. the best
    /// game average (R-FMT-4). Averages without innings do not count.
    pub fn best(averages: impl IntoIterator<Item = Average>) -> Option<Average> {
        averages
            .into_iter()
            .filter(|a| a.innings > 0)
            .reduce(|best, a| if a.better_than(&best) { a } else { best })
    }

    /// The handicap distance a club rule suggests for this average (R-FMT-1):
    /// `max(minimum, round(average × factor))`, the average cut to three decimals and the
    /// product rounded half up, never above the highest distance
    /// ([`crate::setup::MAX_TARGET`]).
    pub fn handicap_target(&self, factor: u32, minimum: u32) -> u32 {
        let scaled = (u128::from(self.thousandths) * u128::from(factor) + 500) / 1000;
        let target = u32::try_from(scaled).unwrap_or(u32::MAX);
        target.max(minimum).min(crate::setup::MAX_TARGET)
    }
}

/// One player on the scoring screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Name.
    pub name: String,
    /// His cue ball (known from the first break).
    pub ball: Option<Ball>,
    /// His distance in the current game.
    pub target: u32,
    /// Points in the current game (set).
    pub score: u32,
    /// Innings in the current game (the one in progress included).
    pub innings: u32,
    /// Points to go in the current game.
    pub to_go: u32,
    /// Points over the whole match (all sets).
    pub total_points: u32,
    /// Innings over the whole match.
    pub total_innings: u32,
    /// General average over the match (R-FMT-4).
    pub general_average: Average,
    /// Best run of the match.
    pub high_run: u32,
    /// His last run: the run of his last completed inning (a statistic, shown as "last
    /// run" so as not to be read as the "last inning" of the innings limit, R-ANN-3).
    pub last_run: Option<u32>,
    /// Best single-game average (R-FMT-4); in a single game, the game's average.
    pub best_game_average: Option<Average>,
    /// Sets won.
    pub sets_won: u16,
    /// Warnings received (R-END-4).
    pub warnings: u8,
    /// Time-outs left in this game (shot clock only).
    pub timeouts_left: Option<u8>,
}

/// The shot-clock state; the UI counts down with its own clock from `started_at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShotClockView {
    /// Seconds per shot.
    pub seconds: u32,
    /// Warning mark (seconds), if any.
    pub warning_at: Option<u32>,
    /// Caller's time (ms) at which the current shot's time started, when known.
    pub started_at: Option<u64>,
    /// Extra seconds from time-outs for the current shot.
    pub extension_seconds: u32,
    /// Caller's time (ms) at which the shot clock runs out, when known.
    pub deadline: Option<u64>,
}

/// The zone state of the current run (R-ZONE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum ZoneStatus {
    /// No zone restriction.
    Clear,
    /// "Entrée" called; `caroms` made in the zone since.
    Entered {
        /// Caroms made with both object balls in the zone.
        caroms: u8,
    },
    /// "Dedans": the next carom must bring an object ball out (else R-FOUL i).
    Dedans,
}

/// What the referee must ask or decide next.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PendingDecision {
    /// Set up and play the lag (R-LAG-1), with the ball positions.
    Lag {
        /// Where the balls go.
        guidance: Guidance,
    },
    /// The lag winner chooses who breaks.
    ChooseBreaker {
        /// The player who chooses.
        player: Player,
    },
    /// Place the balls and break (R-START-1/2).
    Break {
        /// The player due to break, if known.
        player: Option<Player>,
        /// Where the balls go.
        guidance: Guidance,
    },
    /// Balls in contact: ask the player — re-spot or play on (R-CONTACT).
    ContactChoose {
        /// The player at the table.
        player: Player,
        /// The re-spot, should he choose it.
        guidance: Guidance,
    },
    /// Re-spot the balls (contact re-spot chosen or compulsory, or a ball off the table).
    Respot {
        /// Whether the re-spot was compulsory (libre on a match table, off the table).
        compulsory: bool,
        /// Where the balls go.
        guidance: Guidance,
    },
    /// "Dedans": the next carom must bring an object ball out of the zone.
    ZoneDedans,
    /// The pause is due (R-PAUSE); start it or play on (waived).
    PauseDue {
        /// Minutes.
        minutes: u32,
    },
    /// The next set starts with a break by this player (alternating).
    NextSet {
        /// The player due to break.
        player: Player,
        /// Set number.
        set: u16,
    },
}

impl PendingDecision {
    /// The player due to break, when the decision is a break (of the match, of an
    /// equalizing inning or of the next set) and he is known.
    pub fn breaker(&self) -> Option<Player> {
        match self {
            PendingDecision::Break { player, .. } => *player,
            PendingDecision::NextSet { player, .. } => Some(*player),
            _ => None,
        }
    }

    /// The localizable prompt (`guide-…`).
    pub fn message(&self) -> Message {
        match self {
            PendingDecision::Lag { .. } => Message::new("guide-lag"),
            PendingDecision::ChooseBreaker { player } => {
                Message::new("guide-choose-breaker").number("player", *player)
            }
            PendingDecision::Break { .. } => Message::new("guide-start"),
            PendingDecision::ContactChoose { .. } => Message::new("guide-contact-choose"),
            PendingDecision::Respot {
                compulsory,
                guidance,
            } => {
                if *compulsory && guidance.kind == crate::guidance::GuidanceKind::ContactRespotAll {
                    Message::new("guide-contact-respot-compulsory")
                } else {
                    guidance.message()
                }
            }
            PendingDecision::ZoneDedans => Message::new("guide-zone-dedans"),
            PendingDecision::PauseDue { minutes } => {
                Message::new("guide-pause-due").number("minutes", *minutes)
            }
            PendingDecision::NextSet { player, set } => Message::new("guide-next-set")
                .number("player", *player)
                .number("set", *set),
        }
    }
}

/// Everything a scoring screen needs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchView {
    /// The discipline.
    pub discipline: Discipline,
    /// The table size.
    pub table: TableSize,
    /// The balls-in-contact rule on this table.
    pub contact_rule: ContactRule,
    /// Phase.
    pub phase: Phase,
    /// A pause is in progress.
    pub paused: bool,
    /// When the pause in progress is due to end (ms, the clock of the events): its start
    /// plus its length (R-PAUSE), for a countdown; `None` when no pause is in progress or
    /// its start was not stamped.
    pub pause_ends_at: Option<u64>,
    /// The current set (1-based) in set matches.
    pub set: Option<u16>,
    /// The player at the table.
    pub at_table: Option<Player>,
    /// His cue ball.
    pub ball: Option<Ball>,
    /// The breaker of the current game.
    pub breaker: Option<Player>,
    /// Both players.
    pub players: ByPlayer<PlayerView>,
    /// The current run.
    pub current_run: u32,
    /// The inning number of the player at the table.
    pub inning: u32,
    /// The innings limit.
    pub innings_limit: Option<u32>,
    /// Innings of the match left under the innings limit, the one being played included
    /// (R-ANN-3): the same during the breaker's visit and the other player's.
    pub innings_left: Option<u32>,
    /// The equalizing inning is being played.
    pub equalizing_inning: bool,
    /// "Plays for N" of the player at the table, when N is within the announced range.
    pub plays_for: Option<u32>,
    /// The shot clock.
    pub shot_clock: Option<ShotClockView>,
    /// The zone state (libre and cadre).
    pub zone: ZoneStatus,
    /// What the referee must ask or decide next.
    pub pending: Option<PendingDecision>,
    /// The result, once the match is over.
    pub result: Option<MatchResult>,
    /// Whether an undo is possible.
    pub can_undo: bool,
    /// Number of events applied.
    pub events: usize,
}

impl MatchView {
    /// Whether the referee records shots now: a player is at the table (play or the
    /// equalizing inning) and no pause is in progress. Scoring keys, the shot clock, the
    /// zone calls and the scoring dialogs follow it.
    pub fn accepts_shots(&self) -> bool {
        self.at_table.is_some() && !self.paused
    }
}
