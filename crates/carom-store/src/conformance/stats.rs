//! Statistics, roster and ranking on a database built from the match files in
//! `tests/fixtures/stats` (built into the tests: a browser has no folder to read them
//! from), checked against figures computed by hand.
//!
//! The fixtures (three-cushion unless said, averages truncated):
//!
//! | file | date | player 0 runs | player 1 runs | result |
//! |---|---|---|---|---|
//! | 01 | 2025-01-10 | Ana 2 0 5 3 = 10 in 4 | Blanca 1 3 0 2 = 6 in 4 | Ana wins |
//! | 02 | 2025-02-07 | Blanca 4 0 6 = 10 in 3 | Ana 1 2 0 = 3 in 3 | Blanca wins |
//! | 03 | 2025-03-05 | Ana 1 1 1 1 1 = 5 in 5 | Carla 2 2 2 2 2 = 10 in 5 | Carla wins |
//! | 04 | 2025-03-20 | Ana 6 = 6 in 1 | Carla 6 = 6 in 1 | draw |
//! | 05 libre | 2025-04-01 | Ana 20 30 = 50 in 2 | Blanca 10 15 = 25 in 2 | Ana wins |
//! | 06 | 2025-04-10 | A. Ruiz (no club) 3 2 = 5 in 2 | Blanca 0 1 = 1 in 2 | A. Ruiz wins |

use carom_core::{Discipline, Event, MatchSetup, Player, TableSize};
use chrono::NaiveDate;

use super::{Opener, DB};
use crate::{Input, PlayerFields, Refusal, StatsQuery, Store, StoreError};
use carom_core::figures::RankingQuery;
use carom_core::{HandicapRule, Outcome};

/// The stats fixtures, in the order of their names.
pub(super) const FIXTURES: [&str; 6] = [
    include_str!("../../../../tests/fixtures/stats/01-ana-blanca-three-cushion.json"),
    include_str!("../../../../tests/fixtures/stats/02-blanca-ana-three-cushion.json"),
    include_str!("../../../../tests/fixtures/stats/03-ana-carla-three-cushion.json"),
    include_str!("../../../../tests/fixtures/stats/04-ana-carla-three-cushion-draw.json"),
    include_str!("../../../../tests/fixtures/stats/05-ana-blanca-libre.json"),
    include_str!("../../../../tests/fixtures/stats/06-a-ruiz-blanca-three-cushion.json"),
];

/// A store holding every stats fixture, imported through the store.
fn league(place: &dyn Opener) -> Store {
    let mut s = place.open(DB).unwrap();
    for (i, file) in FIXTURES.iter().enumerate() {
        s.import_match(file.as_bytes(), chrono::Utc::now())
            .unwrap_or_else(|e| panic!("fixture {}: {e}", i + 1));
    }
    s
}

fn id_of(s: &Store, name: &str) -> i64 {
    let found = s.players_named(name).unwrap();
    assert_eq!(found.len(), 1, "{name}: {found:?}");
    found[0].id
}

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

pub(super) fn a_players_three_cushion_figures_are_the_hand_computed_ones(place: &dyn Opener) {
    let mut s = league(place);
    let ana = id_of(&s, "ana ruiz");
    let stats = s.player_stats(ana, &StatsQuery::default()).unwrap();
    assert_eq!(stats.player.club, "Billar Sevilla");
    let d: Vec<Discipline> = stats.disciplines.iter().map(|d| d.discipline).collect();
    assert_eq!(d, [Discipline::Libre, Discipline::ThreeCushion]);
    let tc = &stats.disciplines[1];
    // Matches 01 (won), 02 (lost), 03 (lost), 04 (drawn).
    assert_eq!((tc.matches, tc.won, tc.drawn, tc.lost), (4, 1, 1, 2));
    // Points 10 + 3 + 5 + 6 = 24; innings 4 + 3 + 5 + 1 = 13.
    assert_eq!((tc.points, tc.innings), (24, 13));
    // 24 / 13 = 1.84615… truncated to 1.846.
    assert_eq!(tc.general_average.thousandths, 1846);
    // Best game: 6 in 1 inning (match 04) = 6.000.
    let best = tc.best_game_average.unwrap();
    assert_eq!((best.points, best.innings, best.thousandths), (6, 1, 6000));
    // High run: max(5, 2, 1, 6) = 6.
    assert_eq!(tc.high_run, 6);
    // 13 innings / 4 matches = 3.250.
    assert_eq!(tc.innings_per_match_thousandths, 3250);
    // Runs: 01 [2 0 5 3], 02 [1 2 0], 03 [1 1 1 1 1], 04 [6].
    let runs: Vec<(u32, u64)> = tc.runs.iter().map(|r| (r.run, r.count)).collect();
    assert_eq!(runs, [(0, 2), (1, 6), (2, 2), (3, 1), (5, 1), (6, 1)]);
    assert_eq!(runs.iter().map(|r| r.1).sum::<u64>(), tc.innings);
    // Form, oldest first, and its average (all four matches are among the last 10).
    assert_eq!(
        tc.form,
        [Outcome::Won, Outcome::Lost, Outcome::Lost, Outcome::Drawn]
    );
    assert_eq!(tc.form_average.thousandths, 1846);
    // Head to head: Blanca 10 + 3 = 13 in 4 + 3 = 7 → 1.857; Carla 5 + 6 = 11 in 6 → 1.833.
    let h2h: Vec<(&str, u32, u32, u32, u32, u64)> = tc
        .head_to_head
        .iter()
        .map(|h| {
            (
                h.opponent.as_str(),
                h.matches,
                h.won,
                h.drawn,
                h.lost,
                h.general_average.thousandths,
            )
        })
        .collect();
    assert_eq!(
        h2h,
        [
            ("Blanca Gil", 2, 1, 0, 1, 1857),
            ("Carla Díaz", 2, 0, 1, 1, 1833)
        ]
    );
    // The per-match line chart: 2.500, 1.000, 1.000, 6.000 by date.
    let line: Vec<(String, u64, Option<Outcome>)> = tc
        .match_lines
        .iter()
        .map(|l| (l.played_on.to_string(), l.average.thousandths, l.outcome))
        .collect();
    assert_eq!(
        line,
        [
            ("2025-01-10".into(), 2500, Some(Outcome::Won)),
            ("2025-02-07".into(), 1000, Some(Outcome::Lost)),
            ("2025-03-05".into(), 1000, Some(Outcome::Lost)),
            ("2025-03-20".into(), 6000, Some(Outcome::Drawn)),
        ]
    );
    // Trend through (0, 2.5), (1, 1), (2, 1), (3, 6): mean y 2.625, Sxx = 5,
    // Sxy = -1.5·-0.125 + -0.5·-1.625 + 0.5·-1.625 + 1.5·3.375 = 5.25 → slope 1.05,
    // intercept 2.625 - 1.05·1.5 = 1.05.
    let trend = tc.trend.unwrap();
    assert!((trend.slope - 1.05).abs() < 1e-9, "{trend:?}");
    assert!((trend.intercept - 1.05).abs() < 1e-9, "{trend:?}");
    // Handicap: 1.846 × 30 = 55.38 → 55.
    assert_eq!(tc.handicap_target, 55);
    // Libre: 50 in 2 = 25.000, high run 30, 2 × 30 = ... 25.000 × 30 = 750.
    let libre = &stats.disciplines[0];
    assert_eq!(
        (
            libre.matches,
            libre.won,
            libre.general_average.thousandths,
            libre.high_run
        ),
        (1, 1, 25_000, 30)
    );
    assert_eq!(libre.handicap_target, 750);
}

pub(super) fn the_statistics_can_be_limited_to_one_discipline_and_a_date_range(place: &dyn Opener) {
    let mut s = league(place);
    let ana = id_of(&s, "Ana Ruiz");
    let q = StatsQuery {
        discipline: Some(Discipline::ThreeCushion),
        from: Some(day("2025-02-01")),
        until: Some(day("2025-03-05")),
    };
    let stats = s.player_stats(ana, &q).unwrap();
    assert_eq!(stats.disciplines.len(), 1);
    let tc = &stats.disciplines[0];
    // Matches 02 and 03: 3 + 5 = 8 points in 3 + 5 = 8 innings.
    assert_eq!((tc.matches, tc.points, tc.innings), (2, 8, 8));
    assert_eq!(tc.general_average.thousandths, 1000);
}

pub(super) fn the_club_ranking_orders_by_general_average_with_the_handicap_target(
    place: &dyn Opener,
) {
    let mut s = league(place);
    let q = RankingQuery {
        discipline: Discipline::ThreeCushion,
        from: None,
        until: None,
        club: None,
    };
    let r = s.ranking(&q).unwrap();
    type Line<'a> = (u32, &'a str, u32, u64, u64, u64, u32, u32);
    let rows: Vec<Line<'_>> = r
        .rows
        .iter()
        .map(|r| {
            (
                r.rank,
                r.name.as_str(),
                r.matches,
                r.points,
                r.innings,
                r.general_average.thousandths,
                r.high_run,
                r.handicap_target,
            )
        })
        .collect();
    // Carla 10 + 6 = 16 in 6 = 2.666 (× 30 = 79.98 → 80); A. Ruiz 5 in 2 = 2.500 (75);
    // Blanca 6 + 10 + 1 = 17 in 4 + 3 + 2 = 9 = 1.888 (56.64 → 57); Ana 24 in 13 = 1.846 (55).
    assert_eq!(
        rows,
        [
            (1, "Carla Díaz", 2, 16, 6, 2666, 6, 80),
            (2, "A. Ruiz", 1, 5, 2, 2500, 3, 75),
            (3, "Blanca Gil", 3, 17, 9, 1888, 6, 57),
            (4, "Ana Ruiz", 4, 24, 13, 1846, 6, 55),
        ]
    );
    // One club, and a date range: March 2025 is matches 03 and 04 only.
    let club = s
        .ranking(&RankingQuery {
            club: Some(" billar SEVILLA ".into()),
            ..q.clone()
        })
        .unwrap();
    let names: Vec<&str> = club.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Blanca Gil", "Ana Ruiz"]);
    assert_eq!(club.rows[1].rank, 2);
    let march = s
        .ranking(&RankingQuery {
            from: Some(day("2025-03-01")),
            until: Some(day("2025-03-31")),
            ..q
        })
        .unwrap();
    let march: Vec<(&str, u64)> = march
        .rows
        .iter()
        .map(|r| (r.name.as_str(), r.general_average.thousandths))
        .collect();
    // Carla 16 in 6 = 2.666; Ana 5 + 6 = 11 in 6 = 1.833.
    assert_eq!(march, [("Carla Díaz", 2666), ("Ana Ruiz", 1833)]);
}

pub(super) fn the_handicap_formula_is_a_setting(place: &dyn Opener) {
    let mut s = league(place);
    assert_eq!(s.handicap_rule().unwrap(), HandicapRule::default());
    s.set_handicap_rule(HandicapRule {
        factor: 20,
        minimum: 40,
    })
    .unwrap();
    let ana = id_of(&s, "Ana Ruiz");
    let stats = s.player_stats(ana, &StatsQuery::default()).unwrap();
    // 1.846 × 20 = 36.92 → 37, below the minimum 40; libre 25.000 × 20 = 500.
    assert_eq!(stats.disciplines[1].handicap_target, 40);
    assert_eq!(stats.disciplines[0].handicap_target, 500);
    let err = s
        .set_handicap_rule(HandicapRule {
            factor: 0,
            minimum: 40,
        })
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Invalid {
                input: Input::HandicapFactor,
                refusal: Refusal::HandicapOutOfRange { min: 1, max: 1000 },
            }
        ),
        "{err:?}"
    );
    assert_eq!(s.handicap_rule().unwrap().minimum, 40);
}

pub(super) fn merging_two_entries_of_one_person_moves_his_matches_and_his_figures(
    place: &dyn Opener,
) {
    let mut s = league(place);
    let ana = id_of(&s, "Ana Ruiz");
    let alias = id_of(&s, "A. Ruiz");
    s.update_player(
        alias,
        &PlayerFields {
            name: "A. Ruiz".into(),
            licence: "ES-4711".into(),
            ..Default::default()
        },
    )
    .unwrap();
    let merged = s.merge_players(ana, alias).unwrap();
    assert_eq!(merged.matches_moved, 1);
    assert_eq!(
        merged.player.licence, "ES-4711",
        "an empty licence takes the other's"
    );
    assert!(s.player(alias).unwrap().is_none());
    assert!(s.players_named("A. Ruiz").unwrap().is_empty());
    let list = s.player_matches(ana, 0, 50).unwrap();
    assert_eq!(list.matches.len(), 6);
    let stats = s.player_stats(ana, &StatsQuery::default()).unwrap();
    let tc = &stats.disciplines[1];
    // Plus match 06: 24 + 5 = 29 points in 13 + 2 = 15 innings = 1.933, won 2.
    assert_eq!((tc.matches, tc.won, tc.points, tc.innings), (5, 2, 29, 15));
    assert_eq!(tc.general_average.thousandths, 1933);
    assert_eq!(tc.form.last(), Some(&Outcome::Won));
    // 1.933 × 30 = 57.99 → 58.
    assert_eq!(tc.handicap_target, 58);
    let ranking = s
        .ranking(&RankingQuery {
            discipline: Discipline::ThreeCushion,
            from: None,
            until: None,
            club: None,
        })
        .unwrap();
    let names: Vec<&str> = ranking.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Carla Díaz", "Ana Ruiz", "Blanca Gil"]);
    let err = s.merge_players(ana, ana).unwrap_err();
    assert!(matches!(err, StoreError::MergeSame), "{err:?}");
    let err = s.merge_players(ana, 9999).unwrap_err();
    assert!(matches!(err, StoreError::NoSuchPlayer(9999)), "{err:?}");
}

pub(super) fn renaming_a_player_onto_another_entry_is_refused(place: &dyn Opener) {
    let mut s = league(place);
    let alias = id_of(&s, "A. Ruiz");
    let err = s
        .update_player(
            alias,
            &PlayerFields {
                name: "Ana Ruiz".into(),
                club: "Billar Sevilla".into(),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert!(
        matches!(err, StoreError::DuplicatePlayer { existing } if existing == id_of(&s, "Ana Ruiz")),
        "{err:?}"
    );
    let renamed = s
        .update_player(
            alias,
            &PlayerFields {
                name: "Ana R.".into(),
                club: "Billar Sevilla".into(),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(renamed.name, "Ana R.");
    let err = s
        .update_player(
            777,
            &PlayerFields {
                name: "X".into(),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert!(matches!(err, StoreError::NoSuchPlayer(777)), "{err:?}");
}

pub(super) fn unfinished_trashed_and_undone_matches_do_not_count_until_they_finish(
    place: &dyn Opener,
) {
    let mut s = league(place);
    let ana = id_of(&s, "Ana Ruiz");
    let before = s.player_stats(ana, &StatsQuery::default()).unwrap();
    // A match recorded here: 4 then 1, not finished.
    let mut setup = MatchSetup::race(
        Discipline::ThreeCushion,
        TableSize::Match,
        ["Ana Ruiz", "Blanca Gil"],
        5,
    );
    for (_, p) in setup.players.iter_mut() {
        p.club = Some("Billar Sevilla".into());
    }
    let id = s
        .create_match_with_setup(setup, chrono::Utc::now())
        .unwrap();
    let t = chrono::Utc::now();
    for e in [
        Event::break_by(Player::A),
        Event::Inning { run: 4, at: None },
        Event::Inning { run: 1, at: None },
    ] {
        s.append_event(id, e, t).unwrap();
    }
    assert_eq!(s.player_stats(ana, &StatsQuery::default()).unwrap(), before);
    // Ana makes 1 (5 in 2): Blanca's equalizing inning of 0 ends it, Ana wins.
    s.append_event(id, Event::Inning { run: 1, at: None }, t)
        .unwrap();
    s.append_event(id, Event::Inning { run: 0, at: None }, t)
        .unwrap();
    let after = s.player_stats(ana, &StatsQuery::default()).unwrap();
    let tc = &after.disciplines[1];
    assert_eq!((tc.matches, tc.won, tc.points, tc.innings), (5, 2, 29, 15));
    // An undo reopens it: it no longer counts.
    s.append_event(id, Event::undo(), t).unwrap();
    assert_eq!(s.player_stats(ana, &StatsQuery::default()).unwrap(), before);
    s.append_event(id, Event::Inning { run: 0, at: None }, t)
        .unwrap();
    assert_eq!(
        s.player_stats(ana, &StatsQuery::default())
            .unwrap()
            .disciplines[1]
            .matches,
        5
    );
    // In the trash it does not count; restored, it does again; purged, it is gone.
    s.trash_match(id, chrono::Utc::now()).unwrap();
    assert_eq!(s.player_stats(ana, &StatsQuery::default()).unwrap(), before);
    s.restore_from_trash(id).unwrap();
    assert_eq!(
        s.player_stats(ana, &StatsQuery::default())
            .unwrap()
            .disciplines[1]
            .matches,
        5
    );
    s.trash_match(id, chrono::Utc::now()).unwrap();
    s.purge_trash().unwrap();
    assert_eq!(s.player_stats(ana, &StatsQuery::default()).unwrap(), before);
}

pub(super) fn an_unknown_player_is_an_error_with_a_code(place: &dyn Opener) {
    let mut s = league(place);
    let err = s.player_stats(4242, &StatsQuery::default()).unwrap_err();
    assert!(matches!(err, StoreError::NoSuchPlayer(4242)), "{err:?}");
}

pub(super) fn matches_stored_before_the_statistics_existed_are_summed_up_by_the_migration(
    place: &dyn Opener,
) {
    drop(league(place));
    // Make it look like a version-2 database: no summaries, no queue, and the rows'
    // event counts back (version 4 dropped them), no format (version 5 added it), no
    // club (version 6), no roster marks (version 7).
    place
        .connect(DB)
        .execute_batch(
            "DROP TRIGGER players_roster_changed;
             ALTER TABLE players DROP COLUMN roster_changed;
             DROP TABLE club_sync; DROP TABLE club_cursor; DROP TABLE roster_conflicts;
             DROP INDEX matches_by_origin; DROP INDEX players_by_uid;
             ALTER TABLE matches DROP COLUMN origin_number;
             ALTER TABLE players DROP COLUMN uid; ALTER TABLE players DROP COLUMN revision;
             DROP TRIGGER match_stats_on_insert; DROP TRIGGER match_stats_on_update;
             DROP TRIGGER match_stats_on_delete; DROP TABLE match_stats_queue;
             DROP TABLE match_stats;
             ALTER TABLE matches DROP COLUMN format;
             ALTER TABLE matches ADD COLUMN event_count INTEGER NOT NULL DEFAULT 0;
             UPDATE matches SET event_count =
                 (SELECT count(*) FROM events e WHERE e.match_id = matches.id);
             PRAGMA user_version = 2;",
        )
        .unwrap();
    let mut s = place.open(DB).unwrap();
    let ana = id_of(&s, "Ana Ruiz");
    let tc = &s
        .player_stats(ana, &StatsQuery::default())
        .unwrap()
        .disciplines[1];
    assert_eq!((tc.matches, tc.points, tc.innings), (4, 24, 13));
}

pub(super) fn the_suggested_distance_comes_from_the_last_ten_matches_in_the_discipline(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    let t = chrono::Utc::now();
    // Zoe: two old matches at 10 in 1 inning, then ten at 1 in 1.
    for target in [10, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] {
        let setup = MatchSetup::race(
            Discipline::ThreeCushion,
            TableSize::Match,
            ["Zoe", "Yves"],
            target,
        );
        let id = s
            .create_match_with_setup(setup, chrono::Utc::now())
            .unwrap();
        for e in [
            Event::break_by(Player::A),
            Event::Inning {
                run: target,
                at: None,
            },
            Event::Inning { run: 0, at: None },
        ] {
            s.append_event(id, e, t).unwrap();
        }
    }
    let zoe = s
        .suggest_target(" zoe ", Discipline::ThreeCushion)
        .unwrap()
        .unwrap();
    // Over all twelve: 30 in 12 = 2.500 (75); over the last ten: 1.000 → 30.
    assert_eq!(zoe.matches, 10);
    assert_eq!(zoe.average.thousandths, 1000);
    assert_eq!(zoe.target, 30);
    // Yves made nothing: the club's minimum.
    let yves = s
        .suggest_target("Yves", Discipline::ThreeCushion)
        .unwrap()
        .unwrap();
    assert_eq!((yves.target, yves.average.thousandths), (25, 0));
    // Nothing in another discipline, nothing for an unknown name.
    assert_eq!(s.suggest_target("Zoe", Discipline::Libre).unwrap(), None);
    assert_eq!(
        s.suggest_target("Nobody", Discipline::ThreeCushion)
            .unwrap(),
        None
    );
}
