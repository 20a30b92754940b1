//! Announcements (R-ANN-1…5): what the referee says, as typed values in speaking order.

use serde::Serialize;

use crate::event::{ContactWith, Foul, RelagReason, ZoneCall};
use crate::message::Message;
use crate::player::Player;
use crate::view::ResultReason;

/// One announcement. Player fields are [`Player`]s (0/1 on the wire) with the name alongside
/// for speech.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Announcement {
    /// R-LAG-2…4: this player has the choice of who breaks.
    LagWon {
        /// Player index.
        player: Player,
        /// His name.
        name: String,
    },
    /// R-LAG-2/3: the lag is played again.
    Relag {
        /// Why.
        reason: RelagReason,
    },
    /// R-START: this player breaks (with the white in the first game).
    Break {
        /// Player index.
        player: Player,
        /// His name.
        name: String,
        /// Set number, in set matches.
        set: Option<u16>,
    },
    /// R-ANN-1: the count of the run.
    Count {
        /// Points in the run so far.
        run: u32,
    },
    /// R-ANN-2: "plays for N".
    PlaysFor {
        /// Player index.
        player: Player,
        /// His name: the call says whose "plays for" it is.
        name: String,
        /// Points to go.
        points: u32,
    },
    /// R-ANN-3: "N innings left" (3).
    InningsLeft {
        /// Innings left, the coming one included.
        innings: u32,
    },
    /// R-ANN-3: "penultimate inning".
    PenultimateInning,
    /// R-ANN-3: "last inning".
    LastInning,
    /// R-ANN-4: at a change of turn, the name of the player who leaves the table and the
    /// points he made; `inning` is the number of the inning that begins when the breaker
    /// comes back to the table.
    TurnChange {
        /// Player index (the one leaving the table).
        player: Player,
        /// His name.
        name: String,
        /// Points he made in the inning (0 included).
        points: u32,
        /// The new inning number when a new inning begins.
        inning: Option<u32>,
    },
    /// R-ZONE: a zone call.
    Zone {
        /// The call.
        call: ZoneCall,
        /// About the anchor.
        anchor: bool,
    },
    /// R-ANN-5 d): the cue ball touches a ball or a cushion.
    Contact {
        /// Ball or cushion.
        with: ContactWith,
    },
    /// R-FOUL: a foul by the player at the table.
    Foul {
        /// Player index.
        player: Player,
        /// Which foul.
        foul: Foul,
    },
    /// R-CLOCK: time is up.
    ShotClockExpired {
        /// Player index.
        player: Player,
    },
    /// R-CLOCK: a time-out.
    TimeOut {
        /// Player index.
        player: Player,
        /// Time-outs he has left.
        left: u8,
    },
    /// R-END-1: the equalizing inning of this player.
    EqualizingInning {
        /// Player index.
        player: Player,
        /// His name.
        name: String,
    },
    /// A set is won.
    SetWon {
        /// Set number.
        set: u16,
        /// Winner index.
        player: Player,
        /// Winner's name.
        name: String,
    },
    /// A set is drawn.
    SetDrawn {
        /// Set number.
        set: u16,
    },
    /// The match is won.
    MatchWon {
        /// Winner index.
        player: Player,
        /// Winner's name.
        name: String,
        /// How.
        reason: ResultReason,
    },
    /// The match is drawn (R-END-3).
    MatchDrawn,
    /// R-PAUSE: the pause starts.
    PauseStart {
        /// Its planned length in minutes.
        minutes: u32,
    },
    /// R-PAUSE: play resumes.
    PauseEnd,
    /// R-END-4: a warning.
    Warning {
        /// Player index.
        player: Player,
        /// His name.
        name: String,
        /// 1 or 2.
        count: u8,
    },
    /// R-END-4: a forfeit.
    Forfeit {
        /// Player index.
        player: Player,
        /// His name.
        name: String,
    },
    /// R-FOUL-2: the previous decision was revoked; the score of the player at the table
    /// (or the last one) now stands at `points`.
    Correction {
        /// Player index.
        player: Player,
        /// His name.
        name: String,
        /// His points now.
        points: u32,
    },
}

impl Announcement {
    /// The localizable message.
    pub fn message(&self) -> Message {
        match self {
            Announcement::LagWon { player, name } => Message::new("announce-lag-won")
                .text("name", name.clone())
                .number("player", *player),
            Announcement::Relag { reason } => Message::new(match reason {
                RelagReason::NotSimultaneous => "announce-relag-not-simultaneous",
                RelagReason::Collision => "announce-relag-collision",
                RelagReason::EqualDistance => "announce-relag-equal-distance",
            }),
            Announcement::Break { player, name, set } => {
                let m = Message::new(if set.is_some() {
                    "announce-break-set"
                } else {
                    "announce-break"
                })
                .text("name", name.clone())
                .number("player", *player);
                match set {
                    Some(s) => m.number("set", *s),
                    None => m,
                }
            }
            Announcement::Count { run } => Message::new("announce-count").number("run", *run),
            Announcement::PlaysFor {
                player,
                name,
                points,
            } => Message::new("announce-plays-for")
                .number("points", *points)
                .number("player", *player)
                .text("name", name.clone()),
            Announcement::InningsLeft { innings } => {
                Message::new("announce-innings-left").number("innings", *innings)
            }
            Announcement::PenultimateInning => Message::new("announce-penultimate-inning"),
            Announcement::LastInning => Message::new("announce-last-inning"),
            Announcement::TurnChange {
                player,
                name,
                points,
                inning,
            } => match inning {
                Some(i) => Message::new("announce-turn-inning")
                    .text("name", name.clone())
                    .number("points", *points)
                    .number("inning", *i)
                    .number("player", *player),
                None => Message::new("announce-turn")
                    .text("name", name.clone())
                    .number("points", *points)
                    .number("player", *player),
            },
            Announcement::Zone { call, anchor } => Message::new(call.message_id())
                .text("place", if *anchor { "anchor" } else { "field" }),
            Announcement::Contact { with } => Message::new(match with {
                ContactWith::Ball => "announce-contact-ball",
                ContactWith::Cushion => "announce-contact-cushion",
            }),
            Announcement::Foul { player, foul } => Message::new("announce-foul")
                .text("foul", foul.id())
                .number("player", *player),
            Announcement::ShotClockExpired { player } => {
                Message::new("announce-shot-clock-expired").number("player", *player)
            }
            Announcement::TimeOut { player, left } => Message::new("announce-time-out")
                .number("left", *left)
                .number("player", *player),
            Announcement::EqualizingInning { player, name } => {
                Message::new("announce-equalizing-inning")
                    .text("name", name.clone())
                    .number("player", *player)
            }
            Announcement::SetWon { set, player, name } => Message::new("announce-set-won")
                .number("set", *set)
                .text("name", name.clone())
                .number("player", *player),
            Announcement::SetDrawn { set } => {
                Message::new("announce-set-drawn").number("set", *set)
            }
            Announcement::MatchWon {
                player,
                name,
                reason,
            } => Message::new("announce-match-won")
                .text("name", name.clone())
                .text("reason", reason.id())
                .number("player", *player),
            Announcement::MatchDrawn => Message::new("announce-match-drawn"),
            Announcement::PauseStart { minutes } => {
                Message::new("announce-pause-start").number("minutes", *minutes)
            }
            Announcement::PauseEnd => Message::new("announce-pause-end"),
            Announcement::Warning {
                player,
                name,
                count,
            } => Message::new("announce-warning")
                .text("name", name.clone())
                .number("count", *count)
                .number("player", *player),
            Announcement::Forfeit { player, name } => Message::new("announce-forfeit")
                .text("name", name.clone())
                .number("player", *player),
            Announcement::Correction {
                player,
                name,
                points,
            } => Message::new("announce-correction")
                .text("name", name.clone())
                .number("points", *points)
                .number("player", *player),
        }
    }
}

/// An announcement with the index of the event that caused it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnnouncementRecord {
    /// Index of the event in [`crate::Match::events`].
    pub event_index: usize,
    /// The announcement.
    pub announcement: Announcement,
}
