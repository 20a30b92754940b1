//! A tournament made and run through the library's own steps: players, the draw, the
//! order of play, results signed or typed by hand, a correction, a withdrawal, the
//! final phase from the poules, the standings and the files.

// A failed unwrap is the test's failure report, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_core::HandicapRule;
use carom_tournament::bracket::{final_phase, next_rounds};
use carom_tournament::{
    Decimal3, Entrant, ErrorCode, GameResult, KnockOut, Phase, PlayOrder, Poule, RoundRobin,
    RuleSet, Seeding, ThirdPlace, TournamentFile, FORMAT,
};
use chrono::NaiveDate;

fn hand(points: [u32; 2], innings: [u32; 2], high_run: [u32; 2]) -> GameResult {
    GameResult {
        match_id: None,
        entered_by: Some("Organiser".to_owned()),
        points: Some(points),
        innings: Some(innings),
        high_run: Some(high_run),
        forfeit: None,
        tie_break: None,
    }
}

fn players(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            uid: Some(format!("uid-{i}")),
            name: format!("Joueur {i}"),
            licence: Some(format!("L{i:03}")),
            club: Some(["BC Nord", "BC Sud", "BC Est"][i % 3].to_owned()),
            seeding: Seeding::Average(Decimal3(3000 - 100 * i as u64)),
            distance: None,
            withdrawn: false,
        })
        .collect()
}

#[test]
fn an_evening_from_the_draw_to_the_final() {
    let mut t = TournamentFile {
        format: FORMAT.to_owned(),
        name: "Soirée".to_owned(),
        date: NaiveDate::from_ymd_opt(2027, 9, 1).unwrap(),
        time: Some(carom_tournament::ClockTime {
            hour: 19,
            minute: 30,
        }),
        discipline: carom_core::Discipline::Libre,
        distance: Some(30),
        innings_limit: Some(20),
        equalizing_inning: true,
        rules: RuleSet::Ffb,
        players: players(8),
        phases: Vec::new(),
    };
    let draw = t.draw_poules(2).unwrap();
    let mut poules = Vec::new();
    for (i, members) in draw.iter().enumerate() {
        poules.push(Poule {
            name: ["A", "B"][i].to_owned(),
            players: members.clone(),
            games: PlayOrder::Ffb.games(members, None).unwrap(),
        });
    }
    t.phases.push(Phase::RoundRobin(RoundRobin {
        order: PlayOrder::Ffb,
        poules,
    }));
    t.check().unwrap();

    // Every game: the better seed (lower index) wins 30 to 20 in 10 innings; then the
    // result of the first game of A is corrected (the other player won).
    let Phase::RoundRobin(rr) = &mut t.phases[0] else {
        unreachable!()
    };
    for poule in &mut rr.poules {
        for g in &mut poule.games {
            let first_wins = g.players[0] < g.players[1];
            let points = if first_wins { [30, 20] } else { [20, 30] };
            g.enter(hand(points, [10, 10], [5, 5]), "Organiser");
        }
    }
    let g0 = &mut rr.poules[0].games[0];
    let before = g0.result.clone().unwrap();
    let swapped = [before.points.unwrap()[1], before.points.unwrap()[0]];
    g0.enter(hand(swapped, [10, 10], [5, 5]), "Arbitre");
    assert_eq!(g0.corrections.len(), 1);
    assert_eq!(g0.corrections[0].replaced, before);
    assert_eq!(g0.corrections[0].corrected_by, "Arbitre");
    t.check().unwrap();
    let back = TournamentFile::parse(&t.to_json()).unwrap();
    assert_eq!(back, t);

    // The final phase from the two poules' first two.
    let standings = t.standings(RuleSet::Ffb).unwrap();
    let ranked: Vec<Vec<usize>> = standings
        .iter()
        .map(|s| s.rows.iter().map(|r| r.player).collect())
        .collect();
    let semis = final_phase(&ranked, 2).unwrap();
    assert_eq!(semis.games[0].players, vec![ranked[0][0], ranked[1][1]]);
    assert_eq!(semis.games[1].players, vec![ranked[1][0], ranked[0][1]]);
    let mut ko = KnockOut {
        third_place: ThirdPlace::Shared,
        rounds: vec![semis],
    };
    for g in &mut ko.rounds[0].games {
        g.enter(hand([30, 12], [9, 9], [8, 4]), "Organiser");
    }
    let final_round = next_rounds(&t, &ko, &ko.rounds[0]).unwrap();
    assert_eq!(final_round.len(), 1, "a shared third: no third-place match");
    ko.rounds.extend(final_round);
    ko.rounds[1].games[0].enter(hand([25, 30], [12, 12], [6, 9]), "Organiser");
    t.phases.push(Phase::KnockOut(ko));
    t.check().unwrap();

    let ffb = t.ffb_e2i().unwrap();
    assert_eq!(ffb.lines().count(), 1 + 12 + 2 + 1);
    let dbu = t.dbu_clubcloud().unwrap();
    assert_eq!(dbu.lines().count(), 12 + 2 + 1);
    let json = t.standings_json(RuleSet::Ffb).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["poules"].as_array().unwrap().len(), 2);
    assert_eq!(v["knock_outs"][0]["placings"].as_array().unwrap().len(), 4);
}

#[test]
fn a_withdrawal_turns_the_games_left_into_forfeits() {
    let mut t = TournamentFile::parse(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/poule-of-5.json"
        ))
        .unwrap(),
    )
    .unwrap();
    // Unplay the last two games and withdraw Bernard André (0), who was in both.
    let Phase::RoundRobin(rr) = &mut t.phases[0] else {
        unreachable!()
    };
    rr.poules[0].games[9].result = None;
    rr.poules[0].games[4].result = None;
    t.players[0].withdrawn = true;
    let rows = t.standings(RuleSet::Ffb).unwrap().remove(0).rows;
    let dubois = rows.iter().find(|r| r.player == 1).unwrap();
    let moreau = rows.iter().find(|r| r.player == 3).unwrap();
    // Dubois and Moreau each win their game against him by forfeit: 2 points, no figures.
    assert_eq!(
        (dubois.match_points, dubois.games, dubois.innings),
        (6, 4, 60)
    );
    assert_eq!(
        (moreau.match_points, moreau.games, moreau.innings),
        (3, 4, 67)
    );
    let umb = t.standings(RuleSet::Umb).unwrap().remove(0).rows;
    assert_eq!(umb.last().unwrap().player, 0, "annulled and ranked last");
    assert_eq!(umb.last().unwrap().games, 0);
}

#[test]
fn handicap_distances_come_from_the_averages_by_the_club_rule() {
    let mut t = TournamentFile::parse(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/knock-out-of-10.json"
        ))
        .unwrap(),
    )
    .unwrap();
    t.apply_handicap(HandicapRule {
        factor: 30,
        minimum: 25,
    })
    .unwrap();
    assert_eq!(t.distance, None);
    // 3.000 × 30 = 90; 1.2 × 30 = 36; 0.7 × 30 = 21 → the minimum 25.
    assert_eq!(t.players[7].distance, Some(90));
    assert_eq!(t.players[0].distance, Some(36));
    assert_eq!(t.players[5].distance, Some(25));

    let mut ranked = TournamentFile::parse(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/poule-of-5.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let before = ranked.clone();
    let e = ranked.apply_handicap(HandicapRule::default()).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::SeedingNotAverage, "players[0].seeding")
    );
    assert_eq!(ranked, before);
}
