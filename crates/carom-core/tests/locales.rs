//! Every Fluent id the core can produce exists in `locales/{en,fr,es}/rules.ftl`, the three
//! files define exactly the same ids, and they parse as Fluent.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use carom_core::*;

const EN: &str = include_str!("../../../locales/en/rules.ftl");
const FR: &str = include_str!("../../../locales/fr/rules.ftl");
const ES: &str = include_str!("../../../locales/es/rules.ftl");

/// Message ids: lines that start with a lowercase letter and contain ` =`.
fn ids(ftl: &str) -> BTreeSet<String> {
    ftl.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
        .collect()
}

/// Forces this list to be revisited when an announcement variant is added.
fn every_announcement() -> Vec<Announcement> {
    let name = || "A".to_string();
    let all = vec![
        Announcement::LagWon {
            player: Player::A,
            name: name(),
        },
        Announcement::Relag {
            reason: RelagReason::NotSimultaneous,
        },
        Announcement::Relag {
            reason: RelagReason::Collision,
        },
        Announcement::Relag {
            reason: RelagReason::EqualDistance,
        },
        Announcement::Break {
            player: Player::A,
            name: name(),
            set: None,
        },
        Announcement::Break {
            player: Player::A,
            name: name(),
            set: Some(2),
        },
        Announcement::Count { run: 3 },
        Announcement::PlaysFor {
            player: Player::A,
            name: name(),
            points: 2,
        },
        Announcement::InningsLeft { innings: 3 },
        Announcement::PenultimateInning,
        Announcement::LastInning,
        Announcement::TurnChange {
            player: Player::A,
            name: name(),
            points: 0,
            inning: None,
        },
        Announcement::TurnChange {
            player: Player::A,
            name: name(),
            points: 0,
            inning: Some(4),
        },
        Announcement::Zone {
            call: ZoneCall::ACheval,
            anchor: false,
        },
        Announcement::Zone {
            call: ZoneCall::Entree,
            anchor: true,
        },
        Announcement::Zone {
            call: ZoneCall::Dedans,
            anchor: false,
        },
        Announcement::Contact {
            with: ContactWith::Ball,
        },
        Announcement::Contact {
            with: ContactWith::Cushion,
        },
        Announcement::Foul {
            player: Player::A,
            foul: Foul::PushShot,
        },
        Announcement::ShotClockExpired { player: Player::A },
        Announcement::TimeOut {
            player: Player::A,
            left: 1,
        },
        Announcement::EqualizingInning {
            player: Player::B,
            name: name(),
        },
        Announcement::SetWon {
            set: 1,
            player: Player::A,
            name: name(),
        },
        Announcement::SetDrawn { set: 1 },
        Announcement::MatchWon {
            player: Player::A,
            name: name(),
            reason: ResultReason::Target,
        },
        Announcement::MatchDrawn,
        Announcement::PauseStart { minutes: 3 },
        Announcement::PauseEnd,
        Announcement::Warning {
            player: Player::A,
            name: name(),
            count: 1,
        },
        Announcement::Forfeit {
            player: Player::A,
            name: name(),
        },
        Announcement::Correction {
            player: Player::A,
            name: name(),
            points: 3,
        },
    ];
    for a in &all {
        // Exhaustive: a new variant fails to compile here until it is listed above.
        match a {
            Announcement::LagWon { .. }
            | Announcement::Relag { .. }
            | Announcement::Break { .. }
            | Announcement::Count { .. }
            | Announcement::PlaysFor { .. }
            | Announcement::InningsLeft { .. }
            | Announcement::PenultimateInning
            | Announcement::LastInning
            | Announcement::TurnChange { .. }
            | Announcement::Zone { .. }
            | Announcement::Contact { .. }
            | Announcement::Foul { .. }
            | Announcement::ShotClockExpired { .. }
            | Announcement::TimeOut { .. }
            | Announcement::EqualizingInning { .. }
            | Announcement::SetWon { .. }
            | Announcement::SetDrawn { .. }
            | Announcement::MatchWon { .. }
            | Announcement::MatchDrawn
            | Announcement::PauseStart { .. }
            | Announcement::PauseEnd
            | Announcement::Warning { .. }
            | Announcement::Forfeit { .. }
            | Announcement::Correction { .. } => {}
        }
    }
    all
}

fn every_message() -> Vec<Message> {
    let mut out = Vec::new();
    out.extend(Discipline::ALL.map(Discipline::message));
    out.extend(TableSize::ALL.map(TableSize::message));
    out.extend(Ball::ALL.map(Ball::message));
    out.extend(
        [
            Spot::Top,
            Spot::Centre,
            Spot::Bottom,
            Spot::OuterLeft,
            Spot::OuterRight,
            Spot::LagLeft,
            Spot::LagRight,
        ]
        .map(Spot::message),
    );
    out.extend(
        [
            Phase::Lag,
            Phase::Break,
            Phase::Play,
            Phase::EqualizingInning,
            Phase::SetOver,
            Phase::Finished,
        ]
        .map(Phase::message),
    );
    for f in Foul::ALL {
        out.push(f.message());
        out.push(f.help());
    }
    out.extend(every_announcement().iter().map(Announcement::message));
    out.extend(SetupField::ALL.map(|f| Message::new(f.message_id())));
    let t = TableSize::Match;
    let guidance = [
        Guidance::lag(t),
        Guidance::start(t, Ball::White, None),
        Guidance::contact_respot(Discipline::Libre, t, Ball::White, Ball::Red, &[]),
        Guidance::contact_respot(Discipline::ThreeCushion, t, Ball::White, Ball::Red, &[]),
        Guidance::off_table(Discipline::Libre, t, Ball::White, &[], &[]),
        Guidance::off_table(Discipline::ThreeCushion, t, Ball::White, &[], &[]),
    ];
    out.extend(guidance.iter().map(Guidance::message));
    let g = || Guidance::start(t, Ball::White, None);
    let pending = [
        PendingDecision::Lag {
            guidance: Guidance::lag(t),
        },
        PendingDecision::ChooseBreaker { player: Player::A },
        PendingDecision::Break {
            player: None,
            guidance: g(),
        },
        PendingDecision::ContactChoose {
            player: Player::A,
            guidance: g(),
        },
        PendingDecision::Respot {
            compulsory: true,
            guidance: Guidance::contact_respot(Discipline::Libre, t, Ball::White, Ball::Red, &[]),
        },
        PendingDecision::Respot {
            compulsory: false,
            guidance: Guidance::contact_respot(
                Discipline::Cadre47_2,
                t,
                Ball::White,
                Ball::Red,
                &[],
            ),
        },
        PendingDecision::ZoneDedans,
        PendingDecision::PauseDue { minutes: 3 },
        PendingDecision::NextSet {
            player: Player::A,
            set: 2,
        },
    ];
    out.extend(pending.iter().map(PendingDecision::message));
    out.extend(SetupError::samples().iter().map(SetupError::message));
    out.extend(PlayError::samples().iter().map(PlayError::message));
    out.extend(FileError::samples().iter().map(FileError::message));
    out
}

#[test]
fn every_message_id_the_core_produces_exists_in_all_three_languages() {
    let files = [("en", ids(EN)), ("fr", ids(FR)), ("es", ids(ES))];
    for m in every_message() {
        for (lang, ids) in &files {
            assert!(ids.contains(m.id), "{} missing in {lang}/rules.ftl", m.id);
        }
    }
}

#[test]
fn the_three_rules_files_define_exactly_the_same_ids() {
    assert_eq!(ids(EN), ids(FR), "en vs fr");
    assert_eq!(ids(EN), ids(ES), "en vs es");
    assert!(ids(EN).len() > 100);
}

#[test]
fn the_rules_files_parse_as_fluent_and_format_every_message() {
    use fluent::{FluentArgs, FluentBundle, FluentResource, FluentValue};
    for (lang, src) in [("en", EN), ("fr", FR), ("es", ES)] {
        let res = FluentResource::try_new(src.to_string())
            .unwrap_or_else(|(_, errs)| panic!("{lang}: {errs:?}"));
        let langid: unic_langid::LanguageIdentifier = lang.parse().unwrap();
        let mut bundle = FluentBundle::new(vec![langid]);
        bundle.set_use_isolating(false);
        bundle.add_resource(res).unwrap();
        for m in every_message() {
            let msg = bundle.get_message(m.id).unwrap();
            let mut args = FluentArgs::new();
            for (k, v) in &m.args {
                match v {
                    Arg::Number(n) => args.set(*k, FluentValue::from(*n)),
                    Arg::Decimal(d) => args.set(*k, FluentValue::from(*d as f64 / 1000.0)),
                    Arg::Text(t) => args.set(*k, FluentValue::from(t.clone())),
                }
            }
            let mut errors = Vec::new();
            let text = bundle.format_pattern(msg.value().unwrap(), Some(&args), &mut errors);
            assert!(errors.is_empty(), "{lang} {}: {errors:?}", m.id);
            assert!(!text.trim().is_empty(), "{lang} {}", m.id);
        }
    }
}

#[test]
fn the_foul_list_is_lettered_as_article_8_2_letters_its_fouls() {
    // Art. 8.2 of the rules document: a) ball off the table, b) playing before the balls
    // stop, c) touching a ball, d) push shot, e) not with the tip, f) no foot on the floor,
    // g) marking the table, h) wrong ball, i) zone not left after "dedans", j) leaving the
    // room. The break that misses the red is Art. 3's, which has no letter.
    let letters: Vec<(Foul, Option<char>)> = Foul::ALL.iter().map(|f| (*f, f.letter())).collect();
    assert_eq!(
        letters,
        [
            (Foul::BallOffTable, Some('a')),
            (Foul::BallsNotStill, Some('b')),
            (Foul::BallTouched, Some('c')),
            (Foul::PushShot, Some('d')),
            (Foul::NotWithTip, Some('e')),
            (Foul::NoFootOnFloor, Some('f')),
            (Foul::TableMarked, Some('g')),
            (Foul::WrongBall, Some('h')),
            (Foul::ZoneNotLeft, Some('i')),
            (Foul::LeftTheRoom, Some('j')),
            (Foul::RedNotHitFirst, None),
        ]
    );
}
