//! Events: everything that can happen at the table, in the order it happened.
//!
//! A match is `fold(setup, events)`. Every event may carry `at`, milliseconds on a clock
//! chosen by the caller (the core never reads a clock); the shot clock uses it.

use serde::{Deserialize, Serialize};

use crate::guidance::{Ball, Side, Spot};
use crate::message::Message;
use crate::player::Player;
use crate::setup::{MatchSetup, ShotClock};

/// Why a lag is played again (R-LAG-2, R-LAG-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RelagReason {
    /// The two balls were not in motion together before one reached the top cushion.
    NotSimultaneous,
    /// The cue balls collided.
    Collision,
    /// The balls stopped at equal distance from the bottom cushion.
    EqualDistance,
}

/// What the player chose when his ball touched another ball (R-CONTACT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContactChoice {
    /// Re-spot (all three balls, or in three-cushion the balls in contact).
    #[serde(alias = "re-spot", alias = "replace")]
    Respot,
    /// Play on: the free ball, a cushion first, or a massé away.
    PlayOn,
}

/// What the cue ball touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ContactWith {
    /// Another ball (R-CONTACT applies).
    #[default]
    Ball,
    /// A cushion (announced only, Art. 10.1).
    Cushion,
}

/// A zone call of the referee in libre and cadre (R-ZONE, Art. 9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneCall {
    /// "À cheval" / "a caballo": a ball on a line (judged against the player).
    #[serde(alias = "a-caballo", alias = "on-the-line")]
    ACheval,
    /// "Entrée" / "entrada": both object balls inside one zone.
    #[serde(alias = "entrada", alias = "in")]
    Entree,
    /// "Dedans" / "dentro": the last allowed carom in the zone was made; the next carom
    /// must bring an object ball out.
    #[serde(alias = "dentro", alias = "inside")]
    Dedans,
}

impl ZoneCall {
    /// The Fluent id of the call.
    pub const fn message_id(self) -> &'static str {
        match self {
            ZoneCall::ACheval => "announce-zone-a-cheval",
            ZoneCall::Entree => "announce-zone-entree",
            ZoneCall::Dedans => "announce-zone-dedans",
        }
    }
}

/// A foul (R-FOUL, Art. 8.2): it ends the inning and the shot's carom does not count;
/// earlier caroms of the run stay (R-FOUL-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Foul {
    /// a) A ball left the table (R-OFF-1).
    #[serde(alias = "ball-off", alias = "jumped-ball")]
    BallOffTable,
    /// b) Playing before all balls stopped.
    #[serde(alias = "playing-before-balls-stop", alias = "balls-moving")]
    BallsNotStill,
    /// c) Touching a ball with the hand or any object.
    #[serde(alias = "touching-ball", alias = "touched-ball")]
    BallTouched,
    /// d) Push shot or double hit, or playing into a frozen ball or cushion without massé.
    #[serde(alias = "push", alias = "double-hit")]
    PushShot,
    /// e) Hitting the ball with another part of the cue than the tip.
    #[serde(alias = "miscue", alias = "not-tip")]
    NotWithTip,
    /// f) No foot on the floor.
    #[serde(alias = "foot-off-floor")]
    NoFootOnFloor,
    /// g) Marking the table.
    #[serde(alias = "marking-table", alias = "marking")]
    TableMarked,
    /// h) Playing the wrong ball (earlier caroms of the run stay).
    WrongBall,
    /// i) Libre and cadre: after "dedans", no object ball brought out of the zone.
    #[serde(alias = "dedans", alias = "zone")]
    ZoneNotLeft,
    /// j) Leaving the room during a run.
    #[serde(alias = "leaving-room", alias = "left-room")]
    LeftTheRoom,
    /// R-START-2: the break did not hit the red first.
    #[serde(alias = "break-not-red-first")]
    RedNotHitFirst,
}

impl Foul {
    /// Every foul.
    pub const ALL: [Foul; 11] = [
        Foul::BallOffTable,
        Foul::BallsNotStill,
        Foul::BallTouched,
        Foul::PushShot,
        Foul::NotWithTip,
        Foul::NoFootOnFloor,
        Foul::TableMarked,
        Foul::WrongBall,
        Foul::ZoneNotLeft,
        Foul::LeftTheRoom,
        Foul::RedNotHitFirst,
    ];

    /// The letter of Art. 8.2 (`None` for the break foul of Art. 3).
    pub const fn letter(self) -> Option<char> {
        Some(match self {
            Foul::BallOffTable => 'a',
            Foul::BallsNotStill => 'b',
            Foul::BallTouched => 'c',
            Foul::PushShot => 'd',
            Foul::NotWithTip => 'e',
            Foul::NoFootOnFloor => 'f',
            Foul::TableMarked => 'g',
            Foul::WrongBall => 'h',
            Foul::ZoneNotLeft => 'i',
            Foul::LeftTheRoom => 'j',
            Foul::RedNotHitFirst => return None,
        })
    }

    /// The match-file id (kebab-case).
    pub const fn id(self) -> &'static str {
        match self {
            Foul::BallOffTable => "ball-off-table",
            Foul::BallsNotStill => "balls-not-still",
            Foul::BallTouched => "ball-touched",
            Foul::PushShot => "push-shot",
            Foul::NotWithTip => "not-with-tip",
            Foul::NoFootOnFloor => "no-foot-on-floor",
            Foul::TableMarked => "table-marked",
            Foul::WrongBall => "wrong-ball",
            Foul::ZoneNotLeft => "zone-not-left",
            Foul::LeftTheRoom => "left-the-room",
            Foul::RedNotHitFirst => "red-not-hit-first",
        }
    }

    /// The short name (`foul-<id>`).
    pub fn message(self) -> Message {
        Message::new(self.message_id())
    }

    /// The plain-words explanation (`foul-<id>-help`).
    pub fn help(self) -> Message {
        Message::new(self.help_id())
    }

    /// The Fluent id of the short name.
    pub const fn message_id(self) -> &'static str {
        match self {
            Foul::BallOffTable => "foul-ball-off-table",
            Foul::BallsNotStill => "foul-balls-not-still",
            Foul::BallTouched => "foul-ball-touched",
            Foul::PushShot => "foul-push-shot",
            Foul::NotWithTip => "foul-not-with-tip",
            Foul::NoFootOnFloor => "foul-no-foot-on-floor",
            Foul::TableMarked => "foul-table-marked",
            Foul::WrongBall => "foul-wrong-ball",
            Foul::ZoneNotLeft => "foul-zone-not-left",
            Foul::LeftTheRoom => "foul-left-the-room",
            Foul::RedNotHitFirst => "foul-red-not-hit-first",
        }
    }

    /// The Fluent id of the explanation.
    pub const fn help_id(self) -> &'static str {
        match self {
            Foul::BallOffTable => "foul-ball-off-table-help",
            Foul::BallsNotStill => "foul-balls-not-still-help",
            Foul::BallTouched => "foul-ball-touched-help",
            Foul::PushShot => "foul-push-shot-help",
            Foul::NotWithTip => "foul-not-with-tip-help",
            Foul::NoFootOnFloor => "foul-no-foot-on-floor-help",
            Foul::TableMarked => "foul-table-marked-help",
            Foul::WrongBall => "foul-wrong-ball-help",
            Foul::ZoneNotLeft => "foul-zone-not-left-help",
            Foul::LeftTheRoom => "foul-left-the-room-help",
            Foul::RedNotHitFirst => "foul-red-not-hit-first-help",
        }
    }
}

/// A spot taken by a ball that stays where it is during a three-cushion re-spot (R-OFF-3,
/// and the balls in contact of R-CONTACT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Occupied {
    /// The spot.
    pub spot: Spot,
    /// The ball on it.
    pub ball: Ball,
}

/// A set-up field the referee may change while the match is played: the sheet's header
/// (competition, venue, table name, referee, marker) and the shot clock. Everything else
/// (discipline, table size, players, distances, limits, sets) is fixed once the match exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SetupField {
    /// Competition name.
    Competition,
    /// Venue.
    Venue,
    /// The table's name or number in the venue.
    TableName,
    /// Referee.
    Referee,
    /// Marker (score keeper).
    Marker,
    /// The shot clock: its settings, or off.
    ShotClock,
}

impl SetupField {
    /// Every field that can change during a match, in the form's order.
    pub const ALL: [SetupField; 6] = [
        SetupField::Competition,
        SetupField::Venue,
        SetupField::TableName,
        SetupField::Referee,
        SetupField::Marker,
        SetupField::ShotClock,
    ];

    /// The match-file id (kebab-case).
    pub const fn id(self) -> &'static str {
        match self {
            SetupField::Competition => "competition",
            SetupField::Venue => "venue",
            SetupField::TableName => "table-name",
            SetupField::Referee => "referee",
            SetupField::Marker => "marker",
            SetupField::ShotClock => "shot-clock",
        }
    }

    /// The Fluent id of the field's name (`setup-field-<id>`).
    pub const fn message_id(self) -> &'static str {
        match self {
            SetupField::Competition => "setup-field-competition",
            SetupField::Venue => "setup-field-venue",
            SetupField::TableName => "setup-field-table-name",
            SetupField::Referee => "setup-field-referee",
            SetupField::Marker => "setup-field-marker",
            SetupField::ShotClock => "setup-field-shot-clock",
        }
    }

    /// The field's value in `setup` (`None`: empty, or no shot clock).
    pub fn get(self, setup: &MatchSetup) -> Option<SetupValue> {
        let text = |t: &Option<String>| t.clone().map(SetupValue::Text);
        match self {
            SetupField::Competition => text(&setup.competition),
            SetupField::Venue => text(&setup.venue),
            SetupField::TableName => text(&setup.table_name),
            SetupField::Referee => text(&setup.referee),
            SetupField::Marker => text(&setup.marker),
            SetupField::ShotClock => setup.shot_clock.map(SetupValue::ShotClock),
        }
    }

    /// Sets the field in `setup` to `value` (a text is trimmed; an empty one clears the
    /// field). Returns `false`, leaving `setup` unchanged, when the value does not fit the
    /// field (a text for the shot clock, a shot clock for a name).
    pub fn set(self, setup: &mut MatchSetup, value: Option<&SetupValue>) -> bool {
        let slot = match self {
            SetupField::Competition => &mut setup.competition,
            SetupField::Venue => &mut setup.venue,
            SetupField::TableName => &mut setup.table_name,
            SetupField::Referee => &mut setup.referee,
            SetupField::Marker => &mut setup.marker,
            SetupField::ShotClock => {
                return match value {
                    None => {
                        setup.shot_clock = None;
                        true
                    }
                    Some(SetupValue::ShotClock(c)) => {
                        setup.shot_clock = Some(*c);
                        true
                    }
                    Some(SetupValue::Text(_)) => false,
                };
            }
        };
        match value {
            None => *slot = None,
            Some(SetupValue::Text(t)) => {
                let t = t.trim();
                *slot = (!t.is_empty()).then(|| t.to_owned());
            }
            Some(SetupValue::ShotClock(_)) => return false,
        }
        true
    }
}

/// The value of a [`SetupField`]: a text, or the shot clock's settings. Serialized as a
/// JSON string or a shot-clock object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SetupValue {
    /// A name.
    Text(String),
    /// The shot clock's settings.
    ShotClock(ShotClock),
}

impl SetupValue {
    /// A short language-neutral rendering for the sheet: the text, or the shot clock as
    /// `40 s` plus `, 2 × 40 s` for its time-outs.
    pub fn display(&self) -> String {
        match self {
            SetupValue::Text(t) => t.clone(),
            SetupValue::ShotClock(c) if c.timeouts > 0 => format!(
                "{} s, {} \u{d7} {} s",
                c.seconds, c.timeouts, c.timeout_seconds
            ),
            SetupValue::ShotClock(c) => format!("{} s", c.seconds),
        }
    }
}

/// Something that happened at the table. Serialized as `{"type": "<kebab-case>", ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    /// One lag attempt and its outcome (R-LAG-2…4). Give `winner` (whose ball stopped
    /// nearer the bottom cushion), or `relag` with its reason (and `caused_by` when one
    /// player caused it), or `red_touched_by`. A bare `lag` records an attempt only.
    Lag {
        /// The player whose ball stopped nearer the bottom cushion: he has the choice.
        #[serde(default, alias = "player", skip_serializing_if = "Option::is_none")]
        winner: Option<Player>,
        /// The lag must be played again.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        relag: Option<RelagReason>,
        /// The player who caused the re-lag (two caused re-lags lose the choice; a
        /// collision caused by crossing into the other half counts as one, R-LAG-3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        caused_by: Option<Player>,
        /// The player whose lag ball touched the red: the other gets the choice (R-LAG-4).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        red_touched_by: Option<Player>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The lag winner's choice of who breaks (R-LAG-2).
    ChooseBreaker {
        /// The player who will break.
        player: Player,
        /// The outer spot he will break from, if said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spot: Option<Side>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The break: the game (or set) starts, `player` at the table with the starting
    /// position (R-START-1/2).
    Break {
        /// Who breaks; defaults to the chosen breaker (or the player due in a set match).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Player>,
        /// The outer spot chosen for the cue ball.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spot: Option<Side>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A valid carom: one point, the inning continues.
    Carom {
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// No carom: the inning ends.
    Miss {
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Shorthand: `run` caroms then the end of the inning (by a miss, unless the last carom
    /// ended the inning or the match by itself).
    Inning {
        /// The run.
        run: u32,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A foul: the inning ends, the shot's carom does not count.
    Foul {
        /// Which foul.
        foul: Foul,
        /// For a ball off the table in three-cushion: which ball(s) left the table.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        balls: Vec<Ball>,
        /// Spots taken by balls that stayed on the table (R-OFF-3).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        occupied: Vec<Occupied>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The cue ball touches another ball (or a cushion), with the player's choice
    /// (R-CONTACT). Without `choice` the referee still has to ask (unless re-spot is
    /// compulsory).
    Contact {
        /// Re-spot or play on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choice: Option<ContactChoice>,
        /// Ball (default) or cushion.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<ContactWith>,
        /// The ball the cue ball touches (three-cushion re-spot moves only those two).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ball: Option<Ball>,
        /// Three-cushion: the spots (top, centre, bottom) taken by the ball not in contact.
        /// A re-spotted ball whose own spot is taken goes to the spot of the ball on it
        /// (Art. 5.4 → 6b, R-OFF-3). Optional: without it no spot is taken, as before.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        occupied: Vec<Occupied>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A zone call (R-ZONE).
    Zone {
        /// À cheval, entrée or dedans.
        call: ZoneCall,
        /// The call is about the anchor (cadre: always after the big field's call).
        #[serde(default, skip_serializing_if = "is_false")]
        anchor: bool,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The shot clock ran out: the turn passes, the balls stay (R-CLOCK).
    ShotClockExpired {
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A time-out (shot extension) taken by the player at the table.
    TimeOut {
        /// The player; defaults to the player at the table.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Player>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The pause starts (R-PAUSE: never during a run).
    PauseStart {
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The pause ends.
    PauseEnd {
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A warning for conduct (Art. 18.1); the second one loses the match (R-END-4).
    Warning {
        /// The warned player.
        player: Player,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// The player abandons the table and loses the match (R-END-4, Art. 4.3).
    Forfeit {
        /// The player who forfeits.
        player: Player,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A correction of a completed inning of the current game (R-SHEET-3, "edited
    /// inning"). Stays visible on the sheet.
    EditInning {
        /// Whose inning.
        player: Player,
        /// Which of his innings (1-based) in the current game.
        inning: u32,
        /// The corrected run.
        run: u32,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A protest written on the sheet (Art. 16.2).
    Protest {
        /// The protesting player.
        player: Player,
        /// Its text.
        text: String,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A change of the set-up during the match: the sheet's header or the shot clock
    /// (see [`SetupField`]). `value` absent or null clears the field (turns the clock off).
    /// Recorded among the sheet's corrections (R-SHEET-3).
    EditSetup {
        /// The field changed.
        field: SetupField,
        /// Its new value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<SetupValue>,
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Revokes the previous action (R-FOUL-2, Art. 8.5); the correction stays on the sheet.
    Undo {
        /// Caller's time in ms.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Event {
    /// The caller's time of the event, if given.
    pub fn at(&self) -> Option<u64> {
        match self {
            Event::Lag { at, .. }
            | Event::ChooseBreaker { at, .. }
            | Event::Break { at, .. }
            | Event::Carom { at }
            | Event::Miss { at }
            | Event::Inning { at, .. }
            | Event::Foul { at, .. }
            | Event::Contact { at, .. }
            | Event::Zone { at, .. }
            | Event::ShotClockExpired { at }
            | Event::TimeOut { at, .. }
            | Event::PauseStart { at }
            | Event::PauseEnd { at }
            | Event::Warning { at, .. }
            | Event::Forfeit { at, .. }
            | Event::EditInning { at, .. }
            | Event::Protest { at, .. }
            | Event::EditSetup { at, .. }
            | Event::Undo { at } => *at,
        }
    }

    /// The player the event is about, when it names one: the warned, forfeiting,
    /// protesting or corrected player, or the one who called a time-out. (The lag and
    /// the choice of the breaker are about both players and name none here.)
    pub fn named_player(&self) -> Option<Player> {
        match self {
            Event::Warning { player, .. }
            | Event::Forfeit { player, .. }
            | Event::EditInning { player, .. }
            | Event::Protest { player, .. } => Some(*player),
            Event::TimeOut { player, .. } => *player,
            _ => None,
        }
    }

    /// The `type` tag of the event in a match file.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Lag { .. } => "lag",
            Event::ChooseBreaker { .. } => "choose-breaker",
            Event::Break { .. } => "break",
            Event::Carom { .. } => "carom",
            Event::Miss { .. } => "miss",
            Event::Inning { .. } => "inning",
            Event::Foul { .. } => "foul",
            Event::Contact { .. } => "contact",
            Event::Zone { .. } => "zone",
            Event::ShotClockExpired { .. } => "shot-clock-expired",
            Event::TimeOut { .. } => "time-out",
            Event::PauseStart { .. } => "pause-start",
            Event::PauseEnd { .. } => "pause-end",
            Event::Warning { .. } => "warning",
            Event::Forfeit { .. } => "forfeit",
            Event::EditInning { .. } => "edit-inning",
            Event::Protest { .. } => "protest",
            Event::EditSetup { .. } => "edit-setup",
            Event::Undo { .. } => "undo",
        }
    }

    /// Shorthand for a carom without time.
    pub const fn carom() -> Event {
        Event::Carom { at: None }
    }

    /// Shorthand for a miss without time.
    pub const fn miss() -> Event {
        Event::Miss { at: None }
    }

    /// Shorthand for an undo without time.
    pub const fn undo() -> Event {
        Event::Undo { at: None }
    }

    /// Shorthand for a break by `player` without time.
    pub const fn break_by(player: Player) -> Event {
        Event::Break {
            player: Some(player),
            spot: None,
            at: None,
        }
    }

    /// Shorthand for a foul without details.
    pub const fn foul(foul: Foul) -> Event {
        Event::Foul {
            foul,
            balls: Vec::new(),
            occupied: Vec::new(),
            at: None,
        }
    }
}
