//! The club: what crosses between the machines of a club (docs/hub.md). A device
//! publishes its matches as [`ClubRecord`]s, the hub's validator answers an impossible one
//! with a [`Refusal`], and the TV shows each table's [`TableState`]. The matches, events
//! and set-ups are the core's own types: the club adds only who and where. The one
//! roster is made of [`RosterEntry`]s, and a roster write that lost a compare-and-set is
//! a [`RosterConflict`] until someone resolves it ([`ResolveRosterConflict`]).

use carom_core::{ByPlayer, Event, FileFormat, MatchSetup, SignerRole};
use serde::{Deserialize, Serialize};

use crate::{Error, ErrorCode, PlayerInfo};

/// A player of the club's one roster, as the roster bucket holds him under his uid: the
/// same player on every device of the club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterEntry {
    /// His stable id: the id of the device that first published him and a counter
    /// there (`{device}.{n}`), so that no device needs to ask another for one.
    pub uid: String,
    /// His name, club, licence number and notes.
    pub player: PlayerInfo,
}

/// A roster write that lost: device `device` changed player `uid` from an older value
/// than the roster's (its device was apart, or another device wrote first), so the
/// roster kept `roster` (at `revision`) and `lost` waits here, shown on every device,
/// until someone picks the value to keep. Never overwritten silently either way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterConflict {
    /// The player.
    pub uid: String,
    /// The device whose write lost.
    pub device: String,
    /// What that device wrote.
    pub lost: PlayerInfo,
    /// What the roster holds.
    pub roster: PlayerInfo,
    /// The roster's revision of `roster`: a resolution is written over exactly it.
    pub revision: u64,
    /// When the write lost (RFC 3339, UTC).
    pub found_at: String,
}

/// `roster_conflicts`: the roster conflicts not resolved yet, by uid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterConflicts {}

/// `resolve_roster_conflict`: player `uid` keeps `keep`; the roster gets it with a
/// compare-and-set over the conflict's revision, and the conflict goes from every
/// device (on this device's next sync with the hub).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolveRosterConflict {
    /// The player.
    pub uid: String,
    /// The value kept.
    pub keep: RosterPick,
}

/// Which value a resolved roster conflict keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RosterPick {
    /// What the roster holds ([`RosterConflict::roster`]).
    Roster,
    /// The write that lost ([`RosterConflict::lost`]).
    Lost,
    /// Another value, edited from the two.
    Edited(PlayerInfo),
}

/// A match as the club knows it: the device that recorded it and its number there (its
/// id in that device's store). Unique in the club without any coordination, and the same
/// on every device that receives the match.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchKey {
    /// The origin device's id.
    pub device: String,
    /// The match's id on that device.
    pub number: i64,
}

/// What a device publishes of one of its matches, one record per message, in order: the
/// match created, then each event of its log, then its signatures once signed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "kebab-case")]
pub enum ClubRecord {
    /// The match begins.
    Created {
        /// The match-file version whose rules its events follow.
        format: FileFormat,
        /// The set-up (boxed: a record is mostly an event, and events are small).
        setup: Box<MatchSetup>,
        /// Each player's roster uid, when the player is linked to the roster.
        players: ByPlayer<Option<String>>,
    },
    /// Event `seq` (0-based) of the match's log.
    Event {
        /// Its position in the log.
        seq: u64,
        /// The event.
        event: Event,
    },
    /// The match is signed: an official record that takes no more events.
    Signed {
        /// Every signature given.
        signatures: Vec<ClubSignature>,
        /// The reclamations written on the sheet at the end, by player.
        reclamations: ByPlayer<Option<String>>,
    },
}

/// A signature of a signed match as it travels to the club's other devices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubSignature {
    /// Who signed.
    pub role: SignerRole,
    /// The name printed under it.
    pub name: String,
    /// When (RFC 3339, UTC).
    pub signed_at: String,
    /// The strokes as the signature pad gave them: JSON text, kept as it is.
    pub strokes: String,
}

/// The hub's answer to a record it does not accept: nothing of it counts, and the device
/// is told why. `code` says what, with the codes every screen already shows: the rules
/// core's message for an impossible event ([`ErrorCode::Rules`]); a record out of order
/// ([`ErrorCode::StaleAction`]: `expected` the events the hub accepted, `found` the
/// record's `seq`; the device resends from `expected`); a match the hub does not know, or
/// that is another device's ([`ErrorCode::MatchNotFound`]); a signed match
/// ([`ErrorCode::MatchSigned`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// The match.
    pub key: MatchKey,
    /// The refused event's position, when it was an event.
    pub seq: Option<u64>,
    /// Why (on the wire as [`Error`] is: `{"code", "args", "field": null}`).
    #[serde(with = "code_as_error")]
    pub code: ErrorCode,
}

/// [`ErrorCode`] crosses inside [`Error`], its one wire form.
mod code_as_error {
    use super::{Error, ErrorCode};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(super) fn serialize<S: Serializer>(code: &ErrorCode, s: S) -> Result<S::Ok, S::Error> {
        Error::from(code.clone()).serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ErrorCode, D::Error> {
        Ok(Error::deserialize(d)?.code)
    }
}

/// What the TV shows of one table: its name and the match on it, if any.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableState {
    /// The table's device.
    pub device: String,
    /// The table's name ("Table 3").
    pub name: String,
    /// The match on the table; `None`: the table is free.
    pub playing: Option<TableMatch>,
}

/// The match on a table, as the TV replays it with the same core as every scoreboard
/// (the view, the averages and "plays for" are the core's, never computed twice).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableMatch {
    /// The match.
    pub key: MatchKey,
    /// The match-file version whose rules its events follow.
    pub format: FileFormat,
    /// The set-up.
    pub setup: MatchSetup,
    /// Every event the hub accepted, in order.
    pub events: Vec<Event>,
    /// Signed: the result is official.
    pub signed: bool,
}

/// A finished match signed by all three signers, whole, as the hub's validator publishes
/// it once on the club's finished stream (what a federation sources): the set-up, every
/// event, the signatures and reclamations. No seal yet: the device's seal travels inside
/// its signed PDF (see [`ClubRecord::Signed`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedMatch {
    /// The match.
    pub key: MatchKey,
    /// The match-file version whose rules its events follow.
    pub format: FileFormat,
    /// The set-up.
    pub setup: MatchSetup,
    /// Each player's roster uid, when the player is linked to the roster.
    pub players: ByPlayer<Option<String>>,
    /// Every event, in order.
    pub events: Vec<Event>,
    /// The signatures.
    pub signatures: Vec<ClubSignature>,
    /// The reclamations written on the sheet at the end, by player.
    pub reclamations: ByPlayer<Option<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use carom_core::{Discipline, Match, MatchStatus, Player, TableSize};

    fn key() -> MatchKey {
        MatchKey {
            device: "0f3a9c21b7d4e580".into(),
            number: 7,
        }
    }

    fn setup() -> MatchSetup {
        MatchSetup::race(
            Discipline::ThreeCushion,
            TableSize::Match,
            ["Caudron", "Jaspers"],
            15,
        )
    }

    /// A record comes back from its JSON as it was.
    fn round_trip<T: Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
        value: &T,
    ) -> serde_json::Value {
        let json = serde_json::to_value(value).unwrap();
        let back: T = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(&back, value);
        json
    }

    #[test]
    fn every_club_record_crosses_tagged_and_comes_back_as_it_was() {
        let created = ClubRecord::Created {
            format: FileFormat::V1,
            setup: Box::new(setup()),
            players: ByPlayer::from([Some("0f3a9c21b7d4e580-1".to_owned()), None]),
        };
        let json = round_trip(&created);
        assert_eq!(json["record"], "created");
        assert_eq!(json["format"], "carambole-match/1");
        assert_eq!(
            json["players"],
            serde_json::json!(["0f3a9c21b7d4e580-1", null])
        );

        let event = ClubRecord::Event {
            seq: 3,
            event: Event::Carom { at: Some(4_000) },
        };
        let json = round_trip(&event);
        assert_eq!(json["record"], "event");
        assert_eq!(json["event"]["type"], "carom");

        let signed = ClubRecord::Signed {
            signatures: vec![ClubSignature {
                role: SignerRole::Referee,
                name: "Ceulemans".into(),
                signed_at: "2026-12-07T21:30:00.000Z".into(),
                strokes: r#"{"width":300,"height":120,"strokes":[[[1,2],[3,4]]]}"#.into(),
            }],
            reclamations: ByPlayer::from([None, Some("The last carom was a kiss".to_owned())]),
        };
        assert_eq!(round_trip(&signed)["record"], "signed");
    }

    #[test]
    fn a_roster_entry_and_a_conflict_cross_as_they_are_and_a_pick_is_named() {
        let ana = PlayerInfo {
            name: "Ana Silva".into(),
            club: "BC Porto".into(),
            licence: "P-1204".into(),
            notes: String::new(),
        };
        let entry = RosterEntry {
            uid: "0f3a9c21b7d4e580.1".into(),
            player: ana.clone(),
        };
        assert_eq!(round_trip(&entry)["player"]["licence"], "P-1204");
        let conflict = RosterConflict {
            uid: entry.uid.clone(),
            device: "77aa".into(),
            lost: PlayerInfo {
                club: "BC Lisboa".into(),
                ..ana.clone()
            },
            roster: ana.clone(),
            revision: 4,
            found_at: "2026-12-07T21:30:00.000Z".into(),
        };
        assert_eq!(round_trip(&conflict)["lost"]["club"], "BC Lisboa");
        let keep = |pick: RosterPick| {
            round_trip(&ResolveRosterConflict {
                uid: entry.uid.clone(),
                keep: pick,
            })["keep"]
                .clone()
        };
        assert_eq!(keep(RosterPick::Roster), "roster");
        assert_eq!(keep(RosterPick::Lost), "lost");
        assert_eq!(keep(RosterPick::Edited(ana))["edited"]["name"], "Ana Silva");
    }

    #[test]
    fn a_record_the_club_does_not_know_is_refused_when_read() {
        let unknown = serde_json::json!({"record": "trashed"});
        assert!(serde_json::from_value::<ClubRecord>(unknown).is_err());
        let bad_event = serde_json::json!({"record": "event", "seq": 0,
            "event": {"type": "carom", "points": 9}});
        assert!(serde_json::from_value::<ClubRecord>(bad_event).is_err());
    }

    #[test]
    fn a_refusal_carries_its_typed_code_as_every_error_crosses() {
        let gap = Refusal {
            key: key(),
            seq: Some(9),
            code: ErrorCode::StaleAction {
                expected: 4,
                found: 9,
            },
        };
        let json = round_trip(&gap);
        assert_eq!(
            json["key"],
            serde_json::json!({"device": "0f3a9c21b7d4e580", "number": 7})
        );
        assert_eq!(
            json["code"],
            serde_json::json!({"code": "error-stale-action",
                "args": {"expected": 4, "found": 9}, "field": null})
        );
        let rules = Refusal {
            key: key(),
            seq: Some(0),
            code: ErrorCode::from(&carom_core::Message::new("error-play-not-started")),
        };
        assert_eq!(round_trip(&rules)["code"]["code"], "error-play-not-started");
        let foreign = Refusal {
            key: key(),
            seq: None,
            code: ErrorCode::MatchNotFound { id: 7 },
        };
        round_trip(&foreign);
    }

    #[test]
    fn a_table_state_replays_to_the_match_the_device_scored() {
        let mut m = Match::new(setup()).unwrap();
        m.apply(Event::Lag {
            winner: Some(Player::A),
            relag: None,
            caused_by: None,
            red_touched_by: None,
            at: None,
        })
        .unwrap();
        let state = TableState {
            device: key().device,
            name: "Table 3".into(),
            playing: Some(TableMatch {
                key: key(),
                format: m.format(),
                setup: m.setup().clone(),
                events: m.events().to_vec(),
                signed: false,
            }),
        };
        let json = serde_json::to_string(&state).unwrap();
        let back: TableState = serde_json::from_str(&json).unwrap();
        assert_eq!(back, state);
        let playing = back.playing.unwrap();
        let mut replayed = Match::with_format(playing.setup, playing.format).unwrap();
        for e in playing.events {
            replayed.apply(e).unwrap();
        }
        assert_eq!(replayed.view(), m.view());
        assert_eq!(MatchStatus::of(&replayed), MatchStatus::of(&m));

        let free = TableState {
            device: "dev2".into(),
            name: "Table 4".into(),
            playing: None,
        };
        assert_eq!(round_trip(&free)["playing"], serde_json::Value::Null);

        let finished = FinishedMatch {
            key: key(),
            format: m.format(),
            setup: m.setup().clone(),
            players: ByPlayer::from([None, Some("0f3a9c21b7d4e580-2".to_owned())]),
            events: m.events().to_vec(),
            signatures: Vec::new(),
            reclamations: ByPlayer::from([None, None]),
        };
        assert_eq!(round_trip(&finished)["key"]["number"], 7);
    }
}
