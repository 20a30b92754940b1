//! The draw of the poules and of the knock-out: serpentine, club mates apart, byes,
//! deterministic.

// A failed unwrap is the test's failure report, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_tournament::bracket::{first_round, next_rounds};
use carom_tournament::{
    Decimal3, Entrant, ErrorCode, GameResult, KnockOut, Phase, RuleSet, Seeding, ThirdPlace,
    TournamentFile, FORMAT,
};
use chrono::NaiveDate;

fn entrant(i: usize, club: Option<&str>, seeding: Seeding) -> Entrant {
    Entrant {
        uid: None,
        name: format!("Player {i}"),
        licence: None,
        club: club.map(str::to_owned),
        seeding,
        distance: None,
        withdrawn: false,
    }
}

fn tournament(players: Vec<Entrant>) -> TournamentFile {
    TournamentFile {
        format: FORMAT.to_owned(),
        name: "Draw".to_owned(),
        date: NaiveDate::from_ymd_opt(2027, 1, 1).unwrap(),
        time: None,
        discipline: carom_core::Discipline::Libre,
        distance: Some(50),
        innings_limit: None,
        equalizing_inning: true,
        rules: RuleSet::Ffb,
        players,
        phases: Vec::new(),
    }
}

/// Players seeded by ranking 1..=n in list order, clubs as given.
fn ranked(clubs: &[Option<&str>]) -> TournamentFile {
    tournament(
        clubs
            .iter()
            .enumerate()
            .map(|(i, c)| entrant(i, *c, Seeding::Ranking(u32::try_from(i).unwrap() + 1)))
            .collect(),
    )
}

#[test]
fn serpentine_deals_rows_there_and_back() {
    let t = ranked(&[None; 8]);
    assert_eq!(
        t.draw_poules(2).unwrap(),
        vec![vec![0, 3, 4, 7], vec![1, 2, 5, 6]]
    );
    let t = ranked(&[None; 11]);
    assert_eq!(
        t.draw_poules(3).unwrap(),
        vec![vec![0, 5, 6], vec![1, 4, 7, 10], vec![2, 3, 8, 9]]
    );
}

#[test]
fn the_seeding_figure_orders_the_draw_not_the_list() {
    let averages = [1.5, 3.25, 0.8, 2.0, 2.0, 1.0];
    let players = averages
        .iter()
        .enumerate()
        .map(|(i, &a)| entrant(i, None, Seeding::Average(Decimal3((a * 1000.0) as u64))))
        .collect();
    let t = tournament(players);
    // Best first: 1 (3.25), 3 and 4 (2.000, list order), 0, 5, 2.
    assert_eq!(t.seed_order(&[0, 1, 2, 3, 4, 5]), vec![1, 3, 4, 0, 5, 2]);
    assert_eq!(
        t.draw_poules(2).unwrap(),
        vec![vec![1, 0, 5], vec![3, 4, 2]]
    );
}

#[test]
fn club_mates_are_kept_apart_by_exchanges_within_a_row() {
    // Serpentine: A = 0, 3, 4, 7 and B = 1, 2, 5, 6. Players 0 and 3 are of one club;
    // exchanging 3 with 2 (same row) parts them.
    let mut clubs = [None; 8];
    clubs[0] = Some("BC Lyon");
    clubs[3] = Some("BC Lyon");
    let t = ranked(&clubs);
    let draw = t.draw_poules(2).unwrap();
    assert_eq!(draw, vec![vec![0, 2, 4, 7], vec![1, 3, 5, 6]]);

    // Three of one club among two poules: one meeting cannot be avoided, and only one.
    let mut clubs = [None; 8];
    for c in [0, 1, 4] {
        clubs[c] = Some("AB Vichy");
    }
    let t = ranked(&clubs);
    let draw = t.draw_poules(2).unwrap();
    let meetings: usize = draw
        .iter()
        .map(|p| {
            p.iter()
                .filter(|&&x| [0, 1, 4].contains(&x))
                .count()
                .saturating_sub(1)
        })
        .sum();
    assert_eq!(meetings, 1);
    // Each poule still has one player of each row.
    for p in &draw {
        let rows: Vec<usize> = p.iter().map(|x| x / 2).collect();
        assert_eq!(rows, vec![0, 1, 2, 3]);
    }
}

#[test]
fn every_draw_is_the_same_for_the_same_players_and_keeps_the_rows() {
    // A fixed pseudo-random walk over fields and clubs (no clock, no OS randomness).
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let names = ["A", "B", "C", "D"];
    for _ in 0..300 {
        let k = 1 + next(5) as usize;
        let n = 3 * k + next(3 * k as u64 + 1) as usize;
        let clubs: Vec<Option<&str>> = (0..n)
            .map(|_| match next(6) {
                0 | 1 => None,
                c => Some(names[c as usize - 2]),
            })
            .collect();
        let t = ranked(&clubs);
        let draw = t.draw_poules(k).unwrap();
        assert_eq!(draw, t.draw_poules(k).unwrap());
        let mut all: Vec<usize> = draw.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (0..n).collect::<Vec<_>>());
        let sizes: Vec<usize> = draw.iter().map(Vec::len).collect();
        assert!(sizes.iter().all(|s| (3..=6).contains(s)), "{sizes:?}");
        assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
        // Position r of every poule holds a player of row r (seeds r*k .. r*k + k).
        for p in &draw {
            for (r, &player) in p.iter().enumerate() {
                assert_eq!(player / k, r, "{draw:?}");
            }
        }
        // Row by row, never more new club meetings than the serpentine's own order of
        // that row would add on top of the rows above it.
        let same = |a: usize, b: usize| clubs[a].is_some() && clubs[a] == clubs[b];
        let rows = draw.iter().map(Vec::len).max().unwrap();
        for r in 0..rows {
            let added = |poule: usize, player: usize| -> usize {
                draw[poule][..r]
                    .iter()
                    .filter(|&&q| same(player, q))
                    .count()
            };
            let drawn: usize = (0..k)
                .filter_map(|p| draw[p].get(r).map(|&x| added(p, x)))
                .sum();
            let mut slots: Vec<usize> = (0..k).collect();
            if r % 2 == 1 {
                slots.reverse();
            }
            let row: Vec<usize> = (r * k..(r * k + k).min(n)).collect();
            let serpentine: usize = slots.iter().zip(&row).map(|(&p, &x)| added(p, x)).sum();
            assert!(drawn <= serpentine, "row {r} of {draw:?}");
            // The fewest meetings any exchange within the row gives, by brute force.
            slots.truncate(row.len());
            let mut best = usize::MAX;
            let mut perm: Vec<usize> = (0..row.len()).collect();
            loop {
                let m: usize = perm
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| added(slots[s], row[i]))
                    .sum();
                best = best.min(m);
                // Next permutation in lexicographic order.
                let Some(i) = (1..perm.len()).rev().find(|&i| perm[i - 1] < perm[i]) else {
                    break;
                };
                let j = (i..perm.len())
                    .rev()
                    .find(|&j| perm[j] > perm[i - 1])
                    .unwrap();
                perm.swap(i - 1, j);
                perm[i..].reverse();
            }
            assert_eq!(drawn, best, "row {r} of {draw:?}");
        }
    }
}

#[test]
fn fields_that_make_no_poules_of_3_to_6_are_refused() {
    let t = ranked(&[None; 7]);
    assert_eq!(
        t.draw_poules(3).unwrap_err().code,
        ErrorCode::DrawImpossible
    );
    assert_eq!(
        t.draw_poules(1).unwrap_err().code,
        ErrorCode::DrawImpossible
    );
    assert_eq!(
        t.draw_poules(0).unwrap_err().code,
        ErrorCode::DrawImpossible
    );
    assert!(t.draw_poules(2).is_ok());
}

#[test]
fn withdrawn_players_are_not_drawn() {
    let mut t = ranked(&[None; 7]);
    t.players[2].withdrawn = true;
    assert_eq!(
        t.draw_poules(2).unwrap(),
        vec![vec![0, 4, 5], vec![1, 3, 6]]
    );
}

fn won(by: usize) -> GameResult {
    GameResult {
        match_id: None,
        entered_by: Some("Organiser".to_owned()),
        points: Some(if by == 0 { [50, 10] } else { [10, 50] }),
        innings: Some([10, 10]),
        high_run: Some([10, 5]),
        forfeit: None,
        tie_break: None,
    }
}

#[test]
fn a_knock_out_runs_from_its_seeded_first_round_to_the_placings() {
    let mut t = ranked(&[None; 6]);
    let seeded = t.seed_order(&[0, 1, 2, 3, 4, 5]);
    let mut ko = KnockOut {
        third_place: ThirdPlace::Match,
        rounds: vec![first_round(&seeded).unwrap()],
    };
    // Quarter-finals of 8 places: seeds 1 and 2 have byes, 4-5 and 3-6 play.
    let shapes: Vec<Vec<usize>> = ko.rounds[0]
        .games
        .iter()
        .map(|g| g.players.clone())
        .collect();
    assert_eq!(shapes, vec![vec![0], vec![3, 4], vec![1], vec![2, 5]]);
    assert!(
        next_rounds(&t, &ko, &ko.rounds[0]).is_none(),
        "games unplayed"
    );
    ko.rounds[0].games[1].result = Some(won(1)); // 4 beats 3
    ko.rounds[0].games[3].result = Some(won(0)); // 2 beats 5
    let semis = next_rounds(&t, &ko, &ko.rounds[0]).unwrap();
    let shapes: Vec<Vec<usize>> = semis[0].games.iter().map(|g| g.players.clone()).collect();
    assert_eq!(shapes, vec![vec![0, 4], vec![1, 2]]);
    ko.rounds.extend(semis);
    ko.rounds[1].games[0].result = Some(won(0));
    ko.rounds[1].games[1].result = Some(won(1));
    let last = next_rounds(&t, &ko, &ko.rounds[1]).unwrap();
    assert_eq!(last.len(), 2, "third place and final");
    assert_eq!(last[0].games[0].players, vec![4, 1]);
    assert_eq!(last[1].games[0].players, vec![0, 2]);
    ko.rounds.extend(last);
    ko.rounds[2].games[0].result = Some(won(1));
    ko.rounds[3].games[0].result = Some(won(1));
    t.phases.push(Phase::KnockOut(ko.clone()));
    t.check().unwrap();
    let placings: Vec<(u32, usize)> = carom_tournament::bracket::placings(&t, &ko)
        .into_iter()
        .map(|p| (p.rank, p.player))
        .collect();
    assert_eq!(
        placings,
        vec![(1, 2), (2, 0), (3, 1), (4, 4), (5, 3), (5, 5)]
    );
    assert!(
        next_rounds(&t, &ko, &ko.rounds[3]).is_none(),
        "after the final"
    );
}

#[test]
fn a_player_who_withdrew_before_his_knock_out_game_lets_his_opponent_through() {
    let mut t = ranked(&[None; 4]);
    t.players[3].withdrawn = true;
    let ko = KnockOut {
        third_place: ThirdPlace::Shared,
        rounds: vec![first_round(&[0, 1, 2, 3]).unwrap()],
    };
    assert_eq!(t.advancer(&ko.rounds[0].games[0]), Some(0));
    assert_eq!(t.advancer(&ko.rounds[0].games[1]), None, "unplayed");
}

#[test]
fn a_field_of_sixteen_poules_is_drawn_at_once() {
    // 16! assignments per row: the draw solves each row as an assignment problem.
    let clubs: Vec<Option<&str>> = (0..64).map(|i| Some(["N", "S", "E", "W"][i % 4])).collect();
    let t = ranked(&clubs);
    let draw = t.draw_poules(16).unwrap();
    assert_eq!(draw.len(), 16);
    assert!(draw.iter().all(|p| p.len() == 4));
    assert_eq!(draw, t.draw_poules(16).unwrap());
    // Four clubs of sixteen each over sixteen poules of four: every poule can have one
    // of each, and the rows are dealt so that it does.
    for p in &draw {
        let mut c: Vec<&str> = p.iter().map(|&x| clubs[x].unwrap()).collect();
        c.sort_unstable();
        c.dedup();
        assert_eq!(c.len(), 4, "{draw:?}");
    }
}
