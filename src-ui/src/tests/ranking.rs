//! The club ranking: the search sent as chosen, the handicap rule saved and the ranking
//! read again.

use carom_api::{
    ClubRanking, GetHandicapRule, HandicapRule, ListPlayers, Ranking, RankingQuery, RankingRow,
    RosterPlayer as Member, SetHandicapRule,
};
use carom_core::{Average, Discipline};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::screens::players::ranking::RankingScreen;
use crate::state::shell::{Screen, StatsRoute};

fn row(rank: u32, name: &str) -> RankingRow {
    RankingRow {
        rank,
        player_id: i64::from(rank),
        name: name.to_owned(),
        club: "CB Lyon".to_owned(),
        matches: 3,
        won: 2,
        drawn: 0,
        lost: 1,
        points: 90,
        innings: 60,
        general_average: Average {
            points: 90,
            innings: 60,
            thousandths: 1500,
        },
        best_game_average: None,
        high_run: 7,
        handicap_target: 30,
    }
}

fn ranking(_: ClubRanking) -> Result<Ranking, crate::backend::ApiError> {
    Ok(Ranking {
        query: RankingQuery {
            discipline: Discipline::ThreeCushion,
            from: None,
            until: None,
            club: None,
        },
        handicap: HandicapRule {
            factor: 20,
            minimum: 15,
        },
        rows: vec![row(1, "Ana"), row(2, "Bea")],
    })
}

#[wasm_bindgen_test]
async fn the_ranking_follows_the_search_and_the_rule_saved() {
    backend();
    answer(ranking);
    answer(|_: GetHandicapRule| {
        Ok(HandicapRule {
            factor: 20,
            minimum: 15,
        })
    });
    answer(|_: ListPlayers| {
        Ok(vec![Member {
            id: 1,
            name: "Ana".to_owned(),
            club: "CB Lyon".to_owned(),
            licence: String::new(),
            notes: String::new(),
        }])
    });
    answer(|r: SetHandicapRule| {
        Ok(HandicapRule {
            factor: u32::try_from(r.factor).unwrap_or(0),
            minimum: u32::try_from(r.minimum).unwrap_or(0),
        })
    });
    let page = mount(
        Screen::Stats(StatsRoute::Ranking),
        || view! { <RankingScreen/> },
    );
    settle().await;
    assert!(page.shows("ranking-table"));
    assert_eq!(page.value("handicap-factor"), "20");

    page.choose("ranking-from", "2026-01-01");
    page.choose("ranking-club", "CB Lyon");
    settle().await;
    let last = asked::<ClubRanking>().pop().expect("the ranking asked for");
    assert_eq!(last.request.from.as_deref(), Some("2026-01-01"));
    assert_eq!(last.request.club.as_deref(), Some("CB Lyon"));

    let before = asked::<ClubRanking>().len();
    page.type_in("handicap-factor", "25");
    page.click("save-handicap");
    settle().await;
    assert_eq!(asked::<SetHandicapRule>().len(), 1);
    assert_eq!(asked::<SetHandicapRule>()[0].factor, 25);
    assert!(
        asked::<ClubRanking>().len() > before,
        "read again with the new rule"
    );
}
