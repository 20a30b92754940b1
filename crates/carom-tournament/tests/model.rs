//! Randomized poules (a fixed seed: the same cases every run) ranked by the crate and by
//! a small reference model written apart from it: its own tallies, averages compared
//! by scaling to a common denominator (the least common multiple of the innings, not
//! cross-multiplication), and each rank as 1 + the number of players strictly ahead.

// A failed unwrap is the test's failure report, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use carom_tournament::{
    Entrant, Game, GameResult, Phase, PlayOrder, Poule, RoundRobin, RuleSet, Seeding,
    TournamentFile, FORMAT,
};
use chrono::NaiveDate;

/// xorshift64: a fixed walk, no clock nor OS randomness.
struct Rng(u64);

impl Rng {
    fn below(&mut self, m: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % m.max(1)
    }
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(u64::from(hi - lo + 1)) as u32
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn played(rng: &mut Rng, d: [u32; 2], limit: Option<u32>, equalizing: bool) -> GameResult {
    // 0: the first reaches, 1: the second, 2: both (equalizing inning), 3: the limit.
    let mut kinds = vec![0, 1];
    if equalizing {
        kinds.push(2);
    }
    if limit.is_some() {
        kinds.push(3);
    }
    let kind = kinds[rng.below(kinds.len() as u64) as usize];
    let max_n = limit.unwrap_or(6);
    let n = if kind == 3 {
        max_n
    } else {
        rng.range(1, max_n)
    };
    let mut innings = [n, n];
    if !equalizing && kind < 2 && n >= 2 && rng.chance(50) {
        innings[1 - kind] = n - 1; // the winner broke and ended the game
    }
    let mut points = [0; 2];
    let mut high_run = [0; 2];
    for s in 0..2 {
        let reached = kind == s || kind == 2;
        points[s] = if reached {
            d[s]
        } else {
            rng.range(0, d[s] - 1)
        };
        let least = points[s].div_ceil(innings[s]);
        high_run[s] = rng.range(least, points[s]);
    }
    GameResult {
        match_id: None,
        entered_by: Some("Model".to_owned()),
        points: Some(points),
        innings: Some(innings),
        high_run: Some(high_run),
        forfeit: None,
        tie_break: None,
    }
}

fn random_tournament(rng: &mut Rng) -> TournamentFile {
    let n = rng.range(3, 6) as usize;
    let common = rng.chance(50).then(|| rng.range(2, 6));
    let limit = rng.chance(50).then(|| rng.range(1, 4));
    let equalizing = rng.chance(60);
    let rules = RuleSet::ALL[rng.below(4) as usize];
    let withdrawn = rng.chance(20).then(|| rng.below(n as u64) as usize);
    let players: Vec<Entrant> = (0..n)
        .map(|i| Entrant {
            uid: None,
            name: format!("P{i}"),
            licence: None,
            club: None,
            seeding: Seeding::Ranking(rng.range(1, 4)),
            distance: if common.is_some() {
                None
            } else {
                Some(rng.range(2, 6))
            },
            withdrawn: withdrawn == Some(i),
        })
        .collect();
    let mut t = TournamentFile {
        format: FORMAT.to_owned(),
        name: "Model".to_owned(),
        date: NaiveDate::from_ymd_opt(2027, 1, 1).unwrap(),
        time: None,
        discipline: carom_core::Discipline::Libre,
        distance: common,
        innings_limit: limit,
        equalizing_inning: equalizing,
        rules,
        players,
        phases: Vec::new(),
    };
    let order: Vec<usize> = (0..n).collect();
    let mut games: Vec<Game> = PlayOrder::Ffb.games(&order, None).unwrap();
    for g in &mut games {
        let [a, b] = [g.players[0], g.players[1]];
        let gone = withdrawn == Some(a) || withdrawn == Some(b);
        g.result = match rng.below(10) {
            0 => None,
            _ if gone && rng.chance(50) => None,
            1 => Some(GameResult {
                match_id: None,
                entered_by: Some("Model".to_owned()),
                points: None,
                innings: None,
                high_run: None,
                forfeit: Some(rng.below(2) as usize),
                tie_break: None,
            }),
            _ => Some(played(
                rng,
                [t.distance_of(a), t.distance_of(b)],
                limit,
                equalizing,
            )),
        };
    }
    t.phases.push(Phase::RoundRobin(RoundRobin {
        order: PlayOrder::Ffb,
        poules: vec![Poule {
            name: "A".to_owned(),
            players: order,
            games,
        }],
    }));
    t
}

/// The model's tally of one player.
#[derive(Debug, Clone, Default)]
struct Tally {
    games: u32,
    mp: u32,
    points: u64,
    innings: u64,
    distances: u64,
    high_run: u32,
    withdrawn: bool,
}

/// Who won a game in the model: 0, 1, or `None` for a draw.
fn model_winner(t: &TournamentFile, g: &Game, r: &GameResult) -> Option<usize> {
    if let Some(l) = r.forfeit {
        return Some(1 - l);
    }
    let (p, d) = (
        r.points.unwrap(),
        [t.distance_of(g.players[0]), t.distance_of(g.players[1])],
    );
    match (p[0] == d[0], p[1] == d[1]) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        (true, true) => None,
        // At the limit: the larger fraction of one's distance, as exact rationals p/d.
        (false, false) => {
            let (x, y) = (
                u128::from(p[0]) * u128::from(d[1]),
                u128::from(p[1]) * u128::from(d[0]),
            );
            if x == y {
                None
            } else {
                Some(usize::from(y > x))
            }
        }
    }
}

/// A game the model counts: its players and its winner (`None`: drawn).
type CountedGame = ([usize; 2], Option<usize>);

/// The model's games that count: (players, winner) and the tallies.
fn model_tallies(t: &TournamentFile, rules: RuleSet) -> (Vec<Tally>, Vec<CountedGame>) {
    let Phase::RoundRobin(rr) = &t.phases[0] else {
        unreachable!()
    };
    let poule = &rr.poules[0];
    let mut tally = vec![Tally::default(); t.players.len()];
    for (i, e) in t.players.iter().enumerate() {
        tally[i].withdrawn = e.withdrawn;
    }
    let mut counted = Vec::new();
    for g in &poule.games {
        let pl = [g.players[0], g.players[1]];
        let gone = [t.players[pl[0]].withdrawn, t.players[pl[1]].withdrawn];
        if rules == RuleSet::Umb && (gone[0] || gone[1]) {
            continue; // annulled
        }
        let winner = match &g.result {
            Some(r) => {
                if r.forfeit.is_none() {
                    for s in 0..2 {
                        let x = &mut tally[pl[s]];
                        x.points += u64::from(r.points.unwrap()[s]);
                        x.innings += u64::from(r.innings.unwrap()[s]);
                        x.distances += u64::from(t.distance_of(pl[s]));
                        x.high_run = x.high_run.max(r.high_run.unwrap()[s]);
                    }
                }
                model_winner(t, g, r)
            }
            None if gone[0] && !gone[1] => Some(1),
            None if gone[1] && !gone[0] => Some(0),
            None => continue,
        };
        for s in 0..2 {
            tally[pl[s]].games += 1;
            tally[pl[s]].mp += match winner {
                Some(w) if w == s => 2,
                Some(_) => 0,
                None => 1,
            };
        }
        counted.push((pl, winner));
    }
    (tally, counted)
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Each value `num[i] / den[i]` scaled to the common denominator (den 0 counts as 1).
fn scaled(num: &[u64], den: &[u64]) -> Vec<u128> {
    let l = den.iter().fold(1u128, |l, &d| {
        let d = u128::from(d.max(1));
        l / gcd(l, d) * d
    });
    num.iter()
        .zip(den)
        .map(|(&n, &d)| u128::from(n) * (l / u128::from(d.max(1))))
        .collect()
}

#[test]
fn standings_agree_with_the_reference_model() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut ties_decided_by_their_game = 0;
    let mut shared = 0;
    for case in 0..4000 {
        let t = random_tournament(&mut rng);
        t.check()
            .unwrap_or_else(|e| panic!("case {case}: generator made a bad file: {e}"));
        let again = TournamentFile::parse(&t.to_json()).unwrap();
        assert_eq!(again, t, "case {case}: round trip");

        for rules in RuleSet::ALL {
            let rows = t.standings(rules).unwrap().remove(0).rows;
            let (tally, counted) = model_tallies(&t, rules);
            let ids: Vec<usize> = (0..t.players.len()).collect();
            let ga = scaled(
                &ids.iter().map(|&p| tally[p].points).collect::<Vec<_>>(),
                &ids.iter().map(|&p| tally[p].innings).collect::<Vec<_>>(),
            );
            let share = scaled(
                &ids.iter().map(|&p| tally[p].points).collect::<Vec<_>>(),
                &ids.iter().map(|&p| tally[p].distances).collect::<Vec<_>>(),
            );
            // The key that decides before the games between tied players, best largest.
            let key = |p: usize| -> (bool, u32, u128, u32) {
                let x = &tally[p];
                let last = rules == RuleSet::Umb && x.withdrawn;
                match rules {
                    RuleSet::Ffb | RuleSet::Umb => (!last, x.mp, ga[p], x.high_run),
                    RuleSet::Dbu => (true, x.mp, ga[p], 0),
                    RuleSet::Handicap => (true, x.mp, share[p], 0),
                }
            };
            let msg = format!("case {case} {}: {}", rules.id(), t.to_json());
            assert_eq!(rows.len(), t.players.len(), "{msg}");
            for r in &rows {
                let x = &tally[r.player];
                assert_eq!(
                    (r.games, r.match_points, r.points, r.innings, r.high_run),
                    (x.games, x.mp, x.points, x.innings, x.high_run),
                    "{msg}"
                );
                let tied: Vec<usize> = ids
                    .iter()
                    .copied()
                    .filter(|&q| key(q) == key(r.player))
                    .collect();
                let ahead = ids.iter().filter(|&&q| key(q) > key(r.player)).count() as u32;
                if rules != RuleSet::Ffb || tied.len() == 1 {
                    assert_eq!(r.rank, 1 + ahead, "{msg}");
                    if tied.len() > 1 {
                        shared += 1;
                    }
                } else if tied.len() == 2 {
                    // Two tied: their own game (or games) decides.
                    let other = tied.iter().copied().find(|&q| q != r.player).unwrap();
                    let mut diff = 0i32;
                    for (pl, w) in &counted {
                        if pl.contains(&r.player) && pl.contains(&other) {
                            let me = usize::from(pl[1] == r.player);
                            diff += match w {
                                Some(w) if *w == me => 1,
                                Some(_) => -1,
                                None => 0,
                            };
                        }
                    }
                    let want = 1 + ahead + u32::from(diff < 0);
                    assert_eq!(r.rank, want, "{msg}");
                    ties_decided_by_their_game += usize::from(diff != 0);
                } else {
                    // Three or more tied: placed among themselves, more points in their
                    // games never behind fewer.
                    assert!(
                        (1 + ahead..=ahead + tied.len() as u32).contains(&r.rank),
                        "{msg}"
                    );
                    let mini = |p: usize| -> u32 {
                        counted
                            .iter()
                            .filter(|(pl, _)| {
                                tied.contains(&pl[0]) && tied.contains(&pl[1]) && pl.contains(&p)
                            })
                            .map(|(pl, w)| {
                                let me = usize::from(pl[1] == p);
                                match w {
                                    Some(w) if *w == me => 2,
                                    Some(_) => 0,
                                    None => 1,
                                }
                            })
                            .sum()
                    };
                    for s in &rows {
                        if tied.contains(&s.player) && mini(s.player) > mini(r.player) {
                            assert!(s.rank < r.rank, "{msg}");
                        }
                    }
                }
            }
            // Listed best first; match points add up to two per game counted.
            assert!(rows.windows(2).all(|w| w[0].rank <= w[1].rank), "{msg}");
            let mp: u32 = rows.iter().map(|r| r.match_points).sum();
            assert_eq!(mp as usize, 2 * counted.len(), "{msg}");
        }
    }
    // The cases reach the tie-breaks they are meant to check.
    assert!(
        ties_decided_by_their_game > 50,
        "{ties_decided_by_their_game}"
    );
    assert!(shared > 50, "{shared}");
}
