//! One test (or more) per rule of `RULES.md`, named by its `R-` id.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::*;

fn setup(d: Discipline, target: u32) -> MatchSetup {
    MatchSetup::race(d, TableSize::Match, ["Ana", "Blanca"], target)
}

fn play(s: MatchSetup, events: &[Event]) -> Match {
    let mut m = Match::new(s).unwrap();
    for (i, e) in events.iter().enumerate() {
        m.apply(e.clone())
            .unwrap_or_else(|err| panic!("event {i} {e:?}: {err}"));
    }
    m
}

fn inning(run: u32) -> Event {
    Event::Inning { run, at: None }
}

fn ids(m: &Match) -> Vec<&'static str> {
    m.last_announcements()
        .iter()
        .map(|a| a.announcement.message().id)
        .collect()
}

#[test]
fn setup_errors_name_the_field() {
    let mut s = setup(Discipline::Libre, 50);
    s.players[Player::B].name = "  ".into();
    let e = Match::new(s.clone()).unwrap_err();
    assert_eq!(
        (e.code(), e.field()),
        ("setup-name-empty", "players[1].name".into())
    );
    s.players[Player::B].name = "x".repeat(101);
    assert_eq!(
        Match::new(s.clone()).unwrap_err().code(),
        "setup-name-too-long"
    );
    s.players[Player::B].name = "Bl\u{7}anca".into();
    assert_eq!(
        Match::new(s.clone()).unwrap_err().code(),
        "setup-name-control-chars"
    );
    s.players[Player::B].name = "Blanca".into();
    s.players[Player::A].target = 0;
    assert_eq!(
        Match::new(s.clone()).unwrap_err().field(),
        "players[0].target"
    );
    s.players[Player::A].target = 10_000;
    s.innings_limit = Some(1001);
    assert_eq!(Match::new(s.clone()).unwrap_err().field(), "innings_limit");
    s.innings_limit = Some(1000);
    s.sets = Some(SetsSetup {
        best_of: 2,
        target: 15,
    });
    assert_eq!(Match::new(s.clone()).unwrap_err().field(), "sets.best_of");
    s.sets = Some(SetsSetup {
        best_of: 5,
        target: 15,
    });
    assert!(Match::new(s).is_ok());
}

#[test]
fn r_fmt_1_each_player_races_to_his_own_target() {
    let mut s = setup(Discipline::Libre, 10);
    s.players[Player::B].target = 3;
    let m = play(s, &[Event::break_by(Player::A), inning(2), inning(3)]);
    assert_eq!(m.result().unwrap().winner, Winner::Player(Player::B));
}

#[test]
fn r_fmt_3_a_carom_continues_the_inning_and_a_miss_ends_it() {
    let mut m = play(
        setup(Discipline::OneCushion, 10),
        &[Event::break_by(Player::A), Event::carom()],
    );
    assert_eq!(m.view().at_table, Some(Player::A));
    assert_eq!(m.view().current_run, 1);
    m.apply(Event::miss()).unwrap();
    let v = m.view();
    assert_eq!(
        (v.at_table, v.current_run, v.inning),
        (Some(Player::B), 0, 1)
    );
    assert_eq!(v.players[Player::A].last_run, Some(1));
}

#[test]
fn r_fmt_4_averages_are_truncated_or_rounded_to_three_decimals() {
    assert_eq!(Average::new(2, 3, AverageRule::Truncate).thousandths, 666);
    assert_eq!(Average::new(2, 3, AverageRule::Round).thousandths, 667);
    assert_eq!(
        Average::new(2, 3, AverageRule::Truncate).to_decimal_string(),
        "0.666"
    );
    assert_eq!(Average::new(0, 0, AverageRule::Round).thousandths, 0);
    let m = play(
        setup(Discipline::Libre, 50),
        &[
            Event::break_by(Player::A),
            inning(7),
            inning(1),
            inning(3),
            inning(0),
        ],
    );
    let v = m.view();
    // Ana is at the table in her third inning: it counts (10 / 3).
    assert_eq!(v.players[Player::A].general_average.thousandths, 3333);
    assert_eq!(v.players[Player::A].high_run, 7);
    assert_eq!(v.players[Player::B].general_average.thousandths, 500);
}

#[test]
fn r_lag_2_two_caused_relags_lose_the_choice() {
    let relag = |p| Event::Lag {
        winner: None,
        relag: Some(RelagReason::NotSimultaneous),
        caused_by: Some(p),
        red_touched_by: None,
        at: None,
    };
    let m = play(setup(Discipline::Libre, 10), &[relag(Player::B)]);
    assert_eq!(m.phase(), Phase::Lag);
    let m = play(
        setup(Discipline::Libre, 10),
        &[relag(Player::B), relag(Player::B)],
    );
    assert_eq!(m.phase(), Phase::Break);
    assert_eq!(
        m.view().pending,
        Some(PendingDecision::ChooseBreaker { player: Player::A })
    );
}

#[test]
fn r_lag_4_touching_the_red_gives_the_choice_to_the_other_player() {
    let m = play(
        setup(Discipline::Libre, 10),
        &[Event::Lag {
            winner: None,
            relag: None,
            caused_by: None,
            red_touched_by: Some(Player::A),
            at: None,
        }],
    );
    assert_eq!(ids(&m), ["announce-lag-won"]);
    assert_eq!(
        m.view().pending,
        Some(PendingDecision::ChooseBreaker { player: Player::B })
    );
}

#[test]
fn r_start_2_the_breaker_plays_the_white_in_every_set() {
    let mut s = setup(Discipline::ThreeCushion, 0);
    s.sets = Some(SetsSetup {
        best_of: 3,
        target: 1,
    });
    s.equalizing_inning = false;
    let mut m = play(s, &[Event::break_by(Player::B), Event::carom()]);
    assert_eq!(m.phase(), Phase::SetOver);
    assert_eq!(
        m.view().pending,
        Some(PendingDecision::NextSet {
            player: Player::A,
            set: 2
        })
    );
    m.apply(Event::Break {
        player: None,
        spot: None,
        at: None,
    })
    .unwrap();
    let v = m.view();
    assert_eq!((v.at_table, v.ball), (Some(Player::A), Some(Ball::Yellow)));
    assert_eq!(v.players[Player::B].ball, Some(Ball::White));
}

#[test]
fn r_start_2_the_red_first_foul_is_only_for_the_break() {
    let mut m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A)],
    );
    m.apply(Event::foul(Foul::RedNotHitFirst)).unwrap();
    assert_eq!(m.view().at_table, Some(Player::B));
    assert_eq!(
        m.apply(Event::foul(Foul::RedNotHitFirst)),
        Err(PlayError::NotTheBreakShot)
    );
}

#[test]
fn r_contact_pending_decisions_depend_on_discipline_and_table() {
    let contact = Event::Contact {
        choice: None,
        with: None,
        ball: None,
        occupied: vec![],
        at: None,
    };
    let m = play(
        setup(Discipline::Libre, 10),
        &[Event::break_by(Player::A), contact.clone()],
    );
    let p = m.view().pending.unwrap();
    assert_eq!(p.message().id, "guide-contact-respot-compulsory");
    let mut s = setup(Discipline::Libre, 10);
    s.table = TableSize::HalfMatch;
    let m = play(s, &[Event::break_by(Player::A), contact.clone()]);
    assert_eq!(
        m.view().pending.unwrap().message().id,
        "guide-contact-choose"
    );
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[
            Event::break_by(Player::A),
            Event::Contact {
                choice: Some(ContactChoice::Respot),
                with: None,
                ball: Some(Ball::Yellow),
                occupied: vec![],
                at: None,
            },
        ],
    );
    match m.view().pending.unwrap() {
        PendingDecision::Respot { guidance, .. } => {
            assert_eq!(guidance.kind, GuidanceKind::ContactRespotTouching);
            let spots: Vec<(Ball, Spot)> = guidance
                .placements
                .iter()
                .map(|p| (p.ball, p.spot))
                .collect();
            assert_eq!(
                spots,
                [(Ball::White, Spot::Bottom), (Ball::Yellow, Spot::Centre)]
            );
        }
        other => panic!("{other:?}"),
    }
}

/// The ball, spot and taken own spot of each placement of the pending re-spot.
fn respot_placements(m: &Match) -> Vec<(Ball, Spot, Option<SpotTaken>)> {
    match m.view().pending {
        Some(PendingDecision::Respot { guidance, .. })
        | Some(PendingDecision::ContactChoose { guidance, .. }) => guidance
            .placements
            .iter()
            .map(|p| (p.ball, p.spot, p.own_spot_taken))
            .collect(),
        other => panic!("{other:?}"),
    }
}

fn contact_with(ball: Ball, choice: Option<ContactChoice>, occupied: &[(Spot, Ball)]) -> Event {
    Event::Contact {
        choice,
        with: None,
        ball: Some(ball),
        occupied: occupied
            .iter()
            .map(|&(spot, ball)| Occupied { spot, ball })
            .collect(),
        at: None,
    }
}

#[test]
fn r_contact_three_cushion_re_spots_the_touching_balls_with_the_occupied_spot_rule_of_art_6b() {
    let respot = Some(ContactChoice::Respot);
    let broken = || {
        play(
            setup(Discipline::ThreeCushion, 10),
            &[Event::break_by(Player::A)],
        )
    };
    // The white (at the table) touches the yellow; the red, not in contact, sits on the
    // bottom spot: the white's own spot. The white goes to the red's spot, the top spot.
    let mut m = broken();
    m.apply(contact_with(
        Ball::Yellow,
        respot,
        &[(Spot::Bottom, Ball::Red)],
    ))
    .unwrap();
    let taken = SpotTaken {
        spot: Spot::Bottom,
        by: Ball::Red,
    };
    assert_eq!(
        respot_placements(&m),
        [
            (Ball::White, Spot::Top, Some(taken)),
            (Ball::Yellow, Spot::Centre, None)
        ]
    );
    // The white touches the red, the yellow sits on the top spot: the red goes to the
    // yellow's spot (the centre spot, the other player's), the white to the bottom spot.
    let mut m = broken();
    m.apply(contact_with(Ball::Red, None, &[(Spot::Top, Ball::Yellow)]))
        .unwrap();
    let taken = SpotTaken {
        spot: Spot::Top,
        by: Ball::Yellow,
    };
    assert_eq!(
        respot_placements(&m),
        [
            (Ball::Red, Spot::Centre, Some(taken)),
            (Ball::White, Spot::Bottom, None)
        ]
    );
    // Without occupied spots, each ball goes to its own spot, as before.
    let mut m = broken();
    m.apply(contact_with(Ball::Red, respot, &[])).unwrap();
    assert_eq!(
        respot_placements(&m),
        [
            (Ball::Red, Spot::Top, None),
            (Ball::White, Spot::Bottom, None)
        ]
    );
}

#[test]
fn a_contact_naming_occupied_spots_that_play_no_part_is_refused() {
    let respot = Some(ContactChoice::Respot);
    let three = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A)],
    );
    let refused_with = |m: &Match, e: Event| {
        assert_eq!(refused(m, e), PlayError::ContactOccupiedInvalid);
    };
    // A ball in contact is the one re-spotted, it takes no spot.
    refused_with(
        &three,
        contact_with(Ball::Red, respot, &[(Spot::Top, Ball::Red)]),
    );
    refused_with(
        &three,
        contact_with(Ball::Red, respot, &[(Spot::Top, Ball::White)]),
    );
    // Only the top, centre and bottom spots are re-spot spots.
    refused_with(
        &three,
        contact_with(Ball::Red, respot, &[(Spot::OuterLeft, Ball::Yellow)]),
    );
    // One ball stays: it cannot take two spots.
    refused_with(
        &three,
        contact_with(
            Ball::Red,
            respot,
            &[(Spot::Top, Ball::Yellow), (Spot::Centre, Ball::Yellow)],
        ),
    );
    // Playing on moves nothing.
    refused_with(
        &three,
        contact_with(
            Ball::Red,
            Some(ContactChoice::PlayOn),
            &[(Spot::Top, Ball::Yellow)],
        ),
    );
    // Elsewhere all three balls go back to the starting position.
    let libre = play(setup(Discipline::Libre, 10), &[Event::break_by(Player::A)]);
    refused_with(
        &libre,
        contact_with(Ball::Red, respot, &[(Spot::Top, Ball::Yellow)]),
    );
}

#[test]
fn r_off_3_the_jumped_ball_goes_to_its_spot_for_the_incoming_player() {
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[
            Event::break_by(Player::A),
            Event::Foul {
                foul: Foul::BallOffTable,
                balls: vec![Ball::White],
                occupied: vec![],
                at: None,
            },
        ],
    );
    match m.view().pending.unwrap() {
        PendingDecision::Respot {
            guidance,
            compulsory,
        } => {
            assert!(compulsory);
            // The white belongs to the faulting player: centre spot.
            assert_eq!(guidance.placements[0].spot, Spot::Centre);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn r_foul_2_earlier_caroms_of_the_run_stay() {
    let m = play(
        setup(Discipline::Libre, 10),
        &[
            Event::break_by(Player::A),
            Event::carom(),
            Event::carom(),
            Event::foul(Foul::WrongBall),
        ],
    );
    assert_eq!(m.view().players[Player::A].score, 2);
    assert_eq!(m.view().at_table, Some(Player::B));
}

#[test]
fn r_foul_2_undo_restores_the_previous_state_and_the_sheet_keeps_the_correction() {
    let base = play(
        setup(Discipline::Libre, 10),
        &[Event::break_by(Player::A), Event::carom()],
    );
    let mut m = base.clone();
    m.apply(Event::carom()).unwrap();
    m.apply(Event::Undo { at: Some(77) }).unwrap();
    assert_eq!(m.view().players, base.view().players);
    assert_eq!(m.view().current_run, 1);
    let sheet = m.sheet();
    assert_eq!(sheet.corrections.len(), 1);
    assert!(matches!(
        sheet.corrections[0],
        Correction::Undo {
            event_index: 3,
            undone_index: 2,
            at: Some(77),
            player: Some(Player::A),
            inning: Some(1),
            ..
        }
    ));
    assert_eq!(ids(&m), ["announce-correction"]);
}

#[test]
fn an_undo_names_whose_action_it_revoked_and_in_which_inning() {
    // A's first inning ends with a miss; B's first, A's second: A's carom then undone.
    let mut m = play(
        setup(Discipline::Libre, 10),
        &[
            Event::break_by(Player::A),
            Event::miss(),
            Event::miss(),
            Event::carom(),
        ],
    );
    m.apply(Event::undo()).unwrap();
    m.apply(Event::Warning {
        player: Player::B,
        at: None,
    })
    .unwrap();
    m.apply(Event::undo()).unwrap();
    let sheet = m.sheet();
    let undone: Vec<_> = sheet
        .corrections
        .iter()
        .filter_map(|c| match c {
            Correction::Undo {
                undone,
                player,
                inning,
                ..
            } => Some((undone.kind(), *player, *inning)),
            _ => None,
        })
        .collect();
    // The warning names B, who was not at the table: no inning of his.
    assert_eq!(
        undone,
        [
            ("carom", Some(Player::A), Some(2)),
            ("warning", Some(Player::B), None)
        ]
    );
    // Undoing the break: play had not begun, no one is named.
    let mut m = play(setup(Discipline::Libre, 10), &[Event::break_by(Player::A)]);
    m.apply(Event::undo()).unwrap();
    assert!(matches!(
        m.sheet().corrections.last(),
        Some(Correction::Undo {
            player: None,
            inning: None,
            ..
        })
    ));
}

#[test]
fn r_zone_the_carom_after_dedans_must_bring_a_ball_out() {
    let zone = |call| Event::Zone {
        call,
        anchor: false,
        at: None,
    };
    let mut m = play(
        setup(Discipline::Cadre47_2, 50),
        &[
            Event::break_by(Player::A),
            zone(ZoneCall::Entree),
            Event::carom(),
        ],
    );
    assert_eq!(m.view().zone, ZoneStatus::Dedans);
    assert_eq!(m.view().pending, Some(PendingDecision::ZoneDedans));
    m.apply(Event::foul(Foul::ZoneNotLeft)).unwrap();
    assert_eq!(m.view().at_table, Some(Player::B));
    let mut m = play(
        setup(Discipline::Cadre47_1, 50),
        &[Event::break_by(Player::A), zone(ZoneCall::Entree)],
    );
    assert_eq!(ids(&m), ["announce-zone-entree", "announce-zone-dedans"]);
    m.apply(Event::carom()).unwrap();
    assert_eq!(m.view().zone, ZoneStatus::Clear);
    let mut m = play(
        setup(Discipline::OneCushion, 50),
        &[Event::break_by(Player::A)],
    );
    assert_eq!(m.apply(zone(ZoneCall::Entree)), Err(PlayError::NoZones));
}

#[test]
fn r_zone_libre_allows_two_caroms_in_a_corner_and_the_third_must_bring_a_ball_out() {
    // Seed 000 §3, Art. 8.2i: both object balls in one corner, two caroms, then "dedans".
    let mut m = play(
        setup(Discipline::Libre, 50),
        &[
            Event::break_by(Player::A),
            Event::Zone {
                call: ZoneCall::Entree,
                anchor: false,
                at: None,
            },
            Event::carom(),
        ],
    );
    // One carom in the corner: a second one may still stay inside.
    assert_eq!(m.view().zone, ZoneStatus::Entered { caroms: 1 });
    assert_eq!(
        m.preview(&Event::foul(Foul::ZoneNotLeft)).unwrap_err(),
        PlayError::NoDedans
    );
    m.apply(Event::carom()).unwrap();
    assert_eq!(ids(&m), ["announce-count", "announce-zone-dedans"]);
    assert_eq!(m.view().zone, ZoneStatus::Dedans);
    // The third carom left both object balls in the corner: foul i).
    m.apply(Event::foul(Foul::ZoneNotLeft)).unwrap();
    assert_eq!(m.view().at_table, Some(Player::B));
    assert_eq!(m.runs(Player::A), [2]);
}

#[test]
fn r_clock_time_outs_extend_the_shot_and_expiry_passes_the_turn() {
    let mut s = setup(Discipline::ThreeCushion, 10);
    s.shot_clock = Some(ShotClock {
        seconds: 40,
        warning_at: Some(30),
        timeouts: 1,
        timeout_seconds: 40,
    });
    let mut m = play(
        s,
        &[Event::Break {
            player: Some(Player::A),
            spot: None,
            at: Some(1_000),
        }],
    );
    assert_eq!(m.shot_clock_remaining_ms(11_000), Some(30_000));
    m.apply(Event::TimeOut {
        player: None,
        at: Some(20_000),
    })
    .unwrap();
    assert_eq!(m.shot_clock_remaining_ms(11_000), Some(70_000));
    assert_eq!(
        m.apply(Event::TimeOut {
            player: None,
            at: None
        }),
        Err(PlayError::NoTimeOutsLeft { player: Player::A })
    );
    m.apply(Event::ShotClockExpired { at: Some(81_000) })
        .unwrap();
    assert_eq!(m.view().at_table, Some(Player::B));
    assert_eq!(m.shot_clock_remaining_ms(81_000), Some(40_000));
}

#[test]
fn r_pause_is_due_at_half_distance_and_never_during_a_run() {
    let mut m = play(
        setup(Discipline::Libre, 10),
        &[Event::break_by(Player::A), inning(5), inning(0)],
    );
    assert_eq!(
        m.view().pending,
        Some(PendingDecision::PauseDue { minutes: 3 })
    );
    m.apply(Event::carom()).unwrap();
    assert_eq!(
        m.apply(Event::PauseStart { at: None }),
        Err(PlayError::PauseDuringRun)
    );
    assert_eq!(m.view().pending, None, "waived by playing on");
}

#[test]
fn r_ann_3_innings_left_are_said_before_the_breaker_plays() {
    let mut s = setup(Discipline::ThreeCushion, 30);
    s.innings_limit = Some(3);
    let mut m = play(s, &[Event::break_by(Player::A)]);
    assert_eq!(ids(&m), ["announce-break", "announce-innings-left"]);
    assert_eq!(m.view().innings_left, Some(3));
    m.apply(inning(0)).unwrap();
    assert_eq!(ids(&m), ["announce-turn"]);
    // Innings of the match: the second player's visit is still the first inning.
    assert_eq!(m.view().innings_left, Some(3));
    m.apply(inning(0)).unwrap();
    assert_eq!(
        ids(&m),
        ["announce-turn-inning", "announce-penultimate-inning"]
    );
    assert_eq!(m.view().innings_left, Some(2));
}

#[test]
fn r_ann_3_with_a_limit_of_two_the_last_inning_is_the_second_one_of_both_players() {
    let mut s = setup(Discipline::ThreeCushion, 30);
    s.innings_limit = Some(2);
    let mut m = play(s, &[Event::break_by(Player::A)]);
    assert_eq!(ids(&m), ["announce-break", "announce-penultimate-inning"]);
    m.apply(inning(0)).unwrap();
    // The second player's first inning is not the last one.
    assert_eq!(m.view().at_table, Some(Player::B));
    assert_eq!(m.view().innings_left, Some(2));
    m.apply(inning(1)).unwrap();
    assert_eq!(
        ids(&m),
        [
            "announce-count",
            "announce-turn-inning",
            "announce-last-inning"
        ]
    );
    assert_eq!(m.view().innings_left, Some(1));
    m.apply(inning(0)).unwrap();
    // Art. 17.4: his last inning is a normal inning of the match, from the starting
    // position, and no equalizing inning is announced.
    assert_eq!(ids(&m), ["announce-turn"]);
    let v = m.view();
    assert_eq!(v.at_table, Some(Player::B));
    assert_eq!((v.phase, v.equalizing_inning), (Phase::Play, false));
    assert_eq!(v.innings_left, Some(1));
    assert_eq!(v.players[Player::B].innings, 2);
    assert!(matches!(
        v.pending,
        Some(PendingDecision::Break {
            player: Some(Player::B),
            ..
        })
    ));
    m.apply(inning(0)).unwrap();
    assert_eq!(
        m.result().unwrap(),
        MatchResult {
            winner: Winner::Player(Player::B),
            reason: ResultReason::InningsLimit
        }
    );
    assert_eq!(m.view().innings_left, Some(0));
}

#[test]
fn r_ann_5_points_then_plays_for_then_zone_then_contact() {
    let mut m = play(
        setup(Discipline::Libre, 6),
        &[
            Event::break_by(Player::A),
            Event::Zone {
                call: ZoneCall::Entree,
                anchor: false,
                at: None,
            },
            // Libre: two caroms in the corner, "dedans" after the second (R-ZONE).
            Event::carom(),
        ],
    );
    m.apply(Event::carom()).unwrap();
    assert_eq!(
        ids(&m),
        [
            "announce-count",
            "announce-plays-for",
            "announce-zone-dedans"
        ]
    );
}

#[test]
fn r_end_1_the_equalizing_inning_lets_the_second_player_draw() {
    let m = play(
        setup(Discipline::OneCushion, 5),
        &[Event::break_by(Player::A), inning(5), inning(5)],
    );
    assert_eq!(m.result().unwrap().winner, Winner::Draw);
    let mut s = setup(Discipline::OneCushion, 5);
    s.equalizing_inning = false;
    let m = play(s, &[Event::break_by(Player::A), inning(5)]);
    assert_eq!(m.result().unwrap().winner, Winner::Player(Player::A));
}

#[test]
fn r_end_1_in_an_innings_limit_finish_the_second_player_can_overtake() {
    let mut s = setup(Discipline::Libre, 100);
    s.innings_limit = Some(1);
    let mut m = play(s, &[Event::break_by(Player::A), inning(10)]);
    // His last inning, not an equalizing inning (Art. 17.4).
    assert_eq!(m.phase(), Phase::Play);
    assert!(!m.view().equalizing_inning);
    m.apply(inning(11)).unwrap();
    assert_eq!(
        m.result().unwrap(),
        MatchResult {
            winner: Winner::Player(Player::B),
            reason: ResultReason::InningsLimit
        }
    );
}

#[test]
fn r_end_2_after_plays_for_1_the_distance_made_stands() {
    let mut m = play(
        setup(Discipline::Libre, 5),
        &[
            Event::break_by(Player::A),
            inning(4),
            inning(0),
            Event::carom(),
        ],
    );
    assert_eq!(m.phase(), Phase::EqualizingInning);
    assert_eq!(
        m.apply(Event::EditInning {
            player: Player::A,
            inning: 1,
            run: 3,
            at: None
        }),
        Err(PlayError::FullDistanceCredited)
    );
}

#[test]
fn r_end_4_a_second_warning_or_a_forfeit_loses_the_match() {
    let w = |player| Event::Warning { player, at: None };
    let m = play(
        setup(Discipline::Libre, 5),
        &[Event::break_by(Player::A), w(Player::A)],
    );
    assert_eq!(m.result(), None);
    let m = play(
        setup(Discipline::Libre, 5),
        &[Event::break_by(Player::A), w(Player::A), w(Player::A)],
    );
    assert_eq!(
        m.result().unwrap(),
        MatchResult {
            winner: Winner::Player(Player::B),
            reason: ResultReason::SecondWarning
        }
    );
    let m = play(
        setup(Discipline::Libre, 5),
        &[Event::Forfeit {
            player: Player::B,
            at: None,
        }],
    );
    assert_eq!(m.result().unwrap().winner, Winner::Player(Player::A));
}

#[test]
fn r_sheet_2_rows_pair_both_players_innings_with_running_totals() {
    let m = play(
        setup(Discipline::Libre, 50),
        &[
            Event::break_by(Player::A),
            inning(3),
            inning(4),
            inning(2),
            Event::carom(),
        ],
    );
    let sheet = m.sheet();
    let rows = &sheet.sets[0].rows;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].cells[Player::A].unwrap().total, 5);
    let current = rows[1].cells[Player::B].unwrap();
    assert!(current.in_progress);
    assert_eq!((current.run, current.total), (1, 5));
}

#[test]
fn an_impossible_event_leaves_the_match_unchanged() {
    let m0 = Match::new(setup(Discipline::Libre, 5)).unwrap();
    let mut m = m0.clone();
    assert_eq!(m.apply(Event::carom()), Err(PlayError::NotStarted));
    assert_eq!(m, m0);
    let mut m = play(setup(Discipline::Libre, 5), &[Event::break_by(Player::A)]);
    let before = m.clone();
    assert_eq!(
        m.apply(Event::break_by(Player::B)),
        Err(PlayError::AlreadyStarted)
    );
    assert_eq!(
        m.apply(inning(6)),
        Err(PlayError::RunTooLong { run: 6, max: 5 })
    );
    assert_eq!(m, before);
}

#[test]
fn the_match_file_rejects_unknown_fields_and_names_the_event_index() {
    let text = r#"{"format":"carambole-match/1","discipline":"libre","table":"match",
      "players":[{"name":"A","target":5},{"name":"B","target":5}],
      "innings_limit":null,"equalizing_inning":true,"sets":null,"average":"truncate",
      "events":[{"type":"break","player":0},{"type":"carom","extra":1}]}"#;
    let e = MatchFile::parse(text).unwrap_err();
    assert_eq!(
        (e.code(), e.event_index()),
        ("unknown-event-field", Some(1))
    );
    assert!(e.to_string().starts_with("event 1:"));
}

#[test]
fn r_sheet_3_setup_changes_during_the_match_are_checked_recorded_and_undone() {
    let edit = |field, value: Option<SetupValue>, at| Event::EditSetup { field, value, at };
    let text = |t: &str| Some(SetupValue::Text(t.into()));
    let mut m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A), Event::carom()],
    );
    // Officials' names change in play; the sheet's header shows the new name, the file
    // keeps the starting set-up and the change as an event.
    m.apply(edit(SetupField::Referee, text("  M. Arbitre "), Some(5)))
        .unwrap();
    assert_eq!(m.current_setup().referee.as_deref(), Some("M. Arbitre"));
    assert_eq!(m.setup().referee, None);
    assert_eq!(m.sheet().header.referee.as_deref(), Some("M. Arbitre"));
    assert_eq!(m.view().current_run, 1, "the run goes on");
    assert_eq!(
        m.corrections().last(),
        Some(&Correction::EditSetup {
            event_index: 2,
            at: Some(5),
            field: SetupField::Referee,
            before: None,
            after: text("M. Arbitre"),
        })
    );
    // The shot clock can be switched on: time-outs become possible.
    assert_eq!(
        m.apply(Event::TimeOut {
            player: None,
            at: None
        }),
        Err(PlayError::NoShotClock)
    );
    let clock = ShotClock {
        seconds: 40,
        warning_at: Some(30),
        timeouts: 1,
        timeout_seconds: 40,
    };
    m.apply(edit(
        SetupField::ShotClock,
        Some(SetupValue::ShotClock(clock)),
        None,
    ))
    .unwrap();
    assert_eq!(m.view().players[Player::A].timeouts_left, Some(1));
    m.apply(Event::TimeOut {
        player: None,
        at: None,
    })
    .unwrap();
    // Undo takes a change back; the correction stays listed.
    let before = m.clone();
    m.apply(edit(SetupField::ShotClock, None, None)).unwrap();
    assert_eq!(m.current_setup().shot_clock, None);
    m.apply(Event::undo()).unwrap();
    assert_eq!(m.current_setup(), before.current_setup());
    assert_eq!(m.view(), {
        let mut v = before.view();
        v.can_undo = true;
        v.events = m.events().len();
        v
    });
    assert!(matches!(
        m.corrections()[m.corrections().len() - 2],
        Correction::EditSetup {
            field: SetupField::ShotClock,
            after: None,
            ..
        }
    ));
    // What the rules do not allow is refused and changes nothing.
    let unchanged = m.clone();
    assert_eq!(
        m.apply(edit(SetupField::ShotClock, text("40"), None)),
        Err(PlayError::SetupValueMismatch {
            field: "shot-clock"
        })
    );
    assert_eq!(
        m.apply(edit(SetupField::Marker, text(&"x".repeat(201)), None))
            .unwrap_err()
            .code(),
        "setup-text-too-long"
    );
    let mut bad = clock;
    bad.warning_at = Some(50);
    assert_eq!(
        m.apply(edit(
            SetupField::ShotClock,
            Some(SetupValue::ShotClock(bad)),
            None
        ))
        .unwrap_err()
        .code(),
        "setup-shot-clock-invalid"
    );
    assert_eq!(m, unchanged);
    // Only the header and the shot clock can change: the discipline, distances and
    // limits are not set-up fields an event can name.
    let err = MatchFile::parse(
        r#"{"format":"carambole-match/1","discipline":"libre","table":"match",
            "players":[{"name":"A","target":5},{"name":"B","target":5}],
            "events":[{"type":"edit-setup","field":"innings-limit","value":"20"}]}"#,
    )
    .unwrap_err();
    assert_eq!(err.code(), "invalid-event");
    // Once the match is over, the set-up is closed with the sheet.
    let mut over = play(
        setup(Discipline::ThreeCushion, 1),
        &[Event::break_by(Player::A), Event::carom(), Event::miss()],
    );
    assert_eq!(over.phase(), Phase::Finished);
    assert_eq!(
        over.apply(edit(SetupField::Venue, text("Lyon"), None)),
        Err(PlayError::MatchFinished)
    );
}

/// Applies `e` to `m` and returns the error, checking that the match did not change.
fn refused(m: &Match, e: Event) -> PlayError {
    let mut after = m.clone();
    let err = after.apply(e).expect_err("the event is refused");
    assert_eq!(&after, m, "a refused event leaves the match unchanged");
    err
}

fn lag(
    winner: Option<Player>,
    relag: Option<RelagReason>,
    caused_by: Option<Player>,
    red_touched_by: Option<Player>,
) -> Event {
    Event::Lag {
        winner,
        relag,
        caused_by,
        red_touched_by,
        at: None,
    }
}

#[test]
fn a_lag_with_both_a_winner_and_a_relag_is_refused() {
    let m = play(setup(Discipline::Libre, 10), &[]);
    let e = lag(
        Some(Player::A),
        Some(RelagReason::EqualDistance),
        None,
        None,
    );
    assert_eq!(refused(&m, e), PlayError::LagWinnerAndRelag);
}

#[test]
fn a_lag_naming_who_caused_it_without_a_relag_is_refused() {
    let m = play(setup(Discipline::Libre, 10), &[]);
    let e = lag(Some(Player::A), None, Some(Player::B), None);
    assert_eq!(refused(&m, e), PlayError::LagCauseWithoutRelag);
    let e = lag(None, None, Some(Player::B), None);
    assert_eq!(refused(&m, e), PlayError::LagCauseWithoutRelag);
}

#[test]
fn a_lag_where_the_red_was_touched_has_no_other_outcome() {
    let m = play(setup(Discipline::Libre, 10), &[]);
    let e = lag(Some(Player::A), None, None, Some(Player::B));
    assert_eq!(refused(&m, e), PlayError::LagRedTouchedAndOutcome);
    let e = lag(None, Some(RelagReason::Collision), None, Some(Player::B));
    assert_eq!(refused(&m, e), PlayError::LagRedTouchedAndOutcome);
}

#[test]
fn a_contact_naming_the_shooters_own_ball_is_refused() {
    // Ana breaks: she plays the white.
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A)],
    );
    let contact = |ball| Event::Contact {
        choice: Some(ContactChoice::Respot),
        with: None,
        ball: Some(ball),
        occupied: vec![],
        at: None,
    };
    assert_eq!(refused(&m, contact(Ball::White)), PlayError::ContactOwnBall);
    // Her ball touching the yellow is a contact.
    play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A), contact(Ball::Yellow)],
    );
}

#[test]
fn a_ball_off_the_table_in_three_cushion_must_name_the_ball() {
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A)],
    );
    assert_eq!(
        refused(&m, Event::foul(Foul::BallOffTable)),
        PlayError::OffTableNoBall
    );
    // Elsewhere all three balls go back to the starting position: no ball to name.
    play(
        setup(Discipline::OneCushion, 10),
        &[Event::break_by(Player::A), Event::foul(Foul::BallOffTable)],
    );
}

#[test]
fn an_edited_run_too_long_to_add_reaches_the_distance_and_is_refused() {
    let m = play(
        setup(Discipline::Libre, 10),
        &[Event::break_by(Player::A), inning(2), inning(1)],
    );
    let e = Event::EditInning {
        player: Player::A,
        inning: 1,
        run: u32::MAX,
        at: None,
    };
    assert_eq!(refused(&m, e), PlayError::EditReachesTarget);
}

#[test]
fn a_shot_clock_started_at_the_end_of_the_callers_clock_has_no_deadline() {
    let mut s = setup(Discipline::ThreeCushion, 10);
    s.shot_clock = Some(ShotClock {
        seconds: 40,
        warning_at: None,
        timeouts: 1,
        timeout_seconds: 40,
    });
    let m = play(
        s,
        &[Event::Break {
            player: Some(Player::A),
            spot: None,
            at: Some(u64::MAX - 5),
        }],
    );
    assert_eq!(m.view().shot_clock.and_then(|c| c.deadline), None);
    assert_eq!(m.shot_clock_remaining_ms(0), None);
}

#[test]
fn averages_order_exactly_beyond_u32_totals_and_not_by_their_cut_decimals() {
    let rule = AverageRule::Truncate;
    // 2/3 and 666/1000 cut to the same 0.666, yet 2/3 is the better one.
    let (a, b) = (Average::new(2, 3, rule), Average::new(666, 1000, rule));
    assert_eq!(a.thousandths, b.thousandths);
    assert!(a.better_than(&b));
    assert_eq!(
        a.exact_cmp(&Average::new(4, 6, rule)),
        std::cmp::Ordering::Equal
    );
    // A career over u32::MAX points keeps its exact total.
    let big = Average::of_totals([(u64::from(u32::MAX), 1000), (10, 0)], rule);
    assert_eq!(big.points, u64::from(u32::MAX) + 10);
    assert_eq!(big.innings, 1000);
    assert_eq!(big.thousandths, (u64::from(u32::MAX) + 10) * 1000 / 1000);
    assert_eq!(
        Average::best([Average::new(0, 0, rule), a, b, Average::new(4, 6, rule)]),
        Some(a)
    );
}

#[test]
fn r_fmt_1_a_handicap_is_the_average_times_the_factor_rounded_with_a_minimum() {
    let avg = Average::new(812, 1000, AverageRule::Truncate);
    // 0.812 × 30 = 24.36 → 24, below the minimum of 25.
    assert_eq!(avg.handicap_target(30, 25), 25);
    // 1.25 × 30 = 37.5 → 38 (half up).
    assert_eq!(
        Average::new(5, 4, AverageRule::Truncate).handicap_target(30, 25),
        38
    );
    // Never above the highest distance.
    assert_eq!(
        Average::new(1000, 1, AverageRule::Truncate).handicap_target(1000, 1),
        10_000
    );
}

#[test]
fn a_preview_says_what_a_foul_does_without_doing_it() {
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A), Event::carom()],
    );
    let p = m
        .preview(&Event::Foul {
            foul: Foul::BallOffTable,
            balls: vec![Ball::Red],
            occupied: vec![],
            at: None,
        })
        .unwrap();
    assert!(p.turn_passes);
    assert_eq!(p.view.at_table, Some(Player::B));
    assert!(matches!(
        p.view.pending,
        Some(PendingDecision::Respot {
            compulsory: true,
            ..
        })
    ));
    assert!(p
        .announcements
        .iter()
        .any(|a| matches!(a.announcement, Announcement::Foul { .. })));
    // The match itself did not change; an impossible event is its error.
    assert_eq!(m.view().at_table, Some(Player::A));
    assert_eq!(m.events().len(), 2);
    assert_eq!(
        m.preview(&Event::foul(Foul::ZoneNotLeft)).unwrap_err(),
        PlayError::NoZones
    );
    // A carom keeps the turn.
    assert!(!m.preview(&Event::carom()).unwrap().turn_passes);
}

#[test]
fn r_lag_3_a_collision_caused_by_a_player_is_played_again_and_counts_as_one_relag() {
    let collision = Event::Lag {
        winner: None,
        relag: Some(RelagReason::Collision),
        caused_by: Some(Player::A),
        red_touched_by: None,
        at: None,
    };
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        std::slice::from_ref(&collision),
    );
    // One caused re-lag: the lag is simply played again.
    assert_eq!(m.phase(), Phase::Lag);
    assert!(matches!(
        m.view().pending,
        Some(PendingDecision::Lag { .. })
    ));
    // The second one caused by the same player gives the choice to the other.
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[collision.clone(), collision],
    );
    assert_eq!(
        m.view().pending,
        Some(PendingDecision::ChooseBreaker { player: Player::B })
    );
}

#[test]
fn r_start_2_after_a_missed_break_the_red_first_foul_is_refused_and_no_start_position_is_asked() {
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A), Event::miss()],
    );
    assert_eq!(m.view().at_table, Some(Player::B));
    // The balls stay where they lie: no starting position to set up again.
    assert_eq!(m.view().pending, None);
    assert_eq!(
        refused(&m, Event::foul(Foul::RedNotHitFirst)),
        PlayError::NotTheBreakShot
    );
}

#[test]
fn the_callable_fouls_are_those_the_match_would_accept() {
    let m = Match::new(setup(Discipline::ThreeCushion, 10)).unwrap();
    // Before the break nothing can be called.
    assert!(m.callable_fouls().is_empty());
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A)],
    );
    let fouls = m.callable_fouls();
    // On the break shot the red-first foul is callable; three-cushion has no zones.
    assert!(fouls.contains(&Foul::RedNotHitFirst));
    assert!(fouls.contains(&Foul::BallOffTable));
    assert!(!fouls.contains(&Foul::ZoneNotLeft));
    let m = play(
        setup(Discipline::ThreeCushion, 10),
        &[Event::break_by(Player::A), Event::carom()],
    );
    assert!(!m.callable_fouls().contains(&Foul::RedNotHitFirst));
    assert_eq!(m.callable_fouls().len(), Foul::ALL.len() - 2);
}

#[test]
fn the_view_accepts_shots_only_with_a_player_at_the_table_and_no_pause() {
    let m = Match::new(setup(Discipline::Libre, 10)).unwrap();
    assert!(!m.view().accepts_shots());
    let m = play(setup(Discipline::Libre, 10), &[Event::break_by(Player::A)]);
    assert!(m.view().accepts_shots());
    let mut v = m.view();
    v.paused = true;
    assert!(!v.accepts_shots());
}

#[test]
fn a_break_decision_names_the_breaker() {
    assert_eq!(
        PendingDecision::NextSet {
            player: Player::B,
            set: 2
        }
        .breaker(),
        Some(Player::B)
    );
    assert_eq!(PendingDecision::ZoneDedans.breaker(), None);
    assert_eq!(ResultReason::Sets.message().id, "end-reason-sets");
}

#[test]
fn the_usual_setup_plays_the_usual_distance_with_the_equalizing_inning() {
    let s = MatchSetup::usual(Discipline::ThreeCushion);
    assert_eq!(s.players[Player::A].target, 40);
    assert_eq!(s.players[Player::B].target, 40);
    assert!(s.equalizing_inning && s.sets.is_none() && s.shot_clock.is_none());
    assert_eq!(s.pause, PausePolicy::default());
    assert_eq!(
        MatchSetup::usual(Discipline::Libre).players[Player::A].target,
        100
    );
    assert_eq!(SetsSetup::USUAL.target, 15);
    let c = ShotClock::default();
    assert_eq!(
        (c.seconds, c.warning_at, c.timeouts, c.timeout_seconds),
        (40, Some(30), 2, 40)
    );
}
