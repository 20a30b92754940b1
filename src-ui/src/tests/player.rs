//! A player's page: his details edited and read again, more of his matches.

use carom_api::{
    AddPlayer, GetPlayerStats, HandicapRule, HistoryPage, ListPlayers, MatchPlayer, MatchRow,
    MatchStatus, PlayerMatches, PlayerStats, RosterPlayer, UpdatePlayer,
};
use carom_core::{ByPlayer, Discipline};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::screens::players::player::PlayerPage;
use crate::screens::players::roster::PlayersScreen;
use crate::state::shell::{Screen, StatsRoute};

pub(super) fn player(id: i64, name: &str) -> RosterPlayer {
    RosterPlayer {
        id,
        name: name.to_owned(),
        club: "CB Lyon".to_owned(),
        licence: String::new(),
        notes: String::new(),
    }
}

pub(super) fn row(id: i64) -> MatchRow {
    let side = |name: &str| MatchPlayer {
        name: name.to_owned(),
        target: 30,
    };
    MatchRow {
        id,
        discipline: Discipline::ThreeCushion,
        players: ByPlayer::new(side("Ana"), side("Bea")),
        status: MatchStatus::Finished,
        created_at: "2026-03-01T20:00:00Z".to_owned(),
        updated_at: "2026-03-01T21:00:00Z".to_owned(),
        finished_at: Some("2026-03-01T21:00:00Z".to_owned()),
        player_ids: ByPlayer::new(Some(1), Some(3)),
        events: 40,
        device: "test".to_owned(),
        deleted_at: None,
        locked: false,
        points: Some(ByPlayer::new(30, 21)),
    }
}

#[wasm_bindgen_test]
async fn the_details_saved_are_read_again_and_more_matches_follow() {
    backend();
    answer(|_: ListPlayers| Ok(vec![player(1, "Ana"), player(2, "Ana R.")]));
    answer(|m: PlayerMatches| {
        Ok(HistoryPage {
            matches: vec![row(i64::from(m.page) * 10 + 1)],
            page: m.page,
            has_more: m.page == 0,
        })
    });
    answer(|_: GetPlayerStats| {
        Ok(PlayerStats {
            player: player(1, "Ana"),
            handicap: HandicapRule {
                factor: 20,
                minimum: 15,
            },
            disciplines: Vec::new(),
        })
    });
    answer(|u: UpdatePlayer| {
        Ok(RosterPlayer {
            id: 1,
            name: u.info.name,
            club: u.info.club,
            licence: u.info.licence,
            notes: u.info.notes,
        })
    });
    let page = mount(
        Screen::Stats(StatsRoute::Player(1)),
        || view! { <PlayerPage id=1/> },
    );
    settle().await;
    assert_eq!(page.text("player-title"), "Ana");
    assert!(page.shows("no-stats"));
    assert!(page.shows("player-matches"));

    page.click("more-matches");
    settle().await;
    assert!(asked::<PlayerMatches>().iter().any(|m| m.page == 1));
    assert!(!page.shows("more-matches"), "no page after the second");

    let reads = asked::<ListPlayers>().len();
    page.click("edit-player");
    settle().await;
    assert_eq!(page.value("player-name"), "Ana");
    page.type_in("player-name", "Ana Ruiz");
    page.click("save-player");
    settle().await;
    let saved = asked::<UpdatePlayer>();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].info.name, "Ana Ruiz");
    assert!(!page.shows("edit-form"), "the form closes once saved");
    assert!(
        asked::<ListPlayers>().len() > reads,
        "the player read again"
    );
}

#[wasm_bindgen_test]
async fn a_new_players_form_is_cancelled_without_a_word_sent_then_saved_and_opened() {
    backend();
    answer(|_: ListPlayers| Ok(vec![player(1, "Ana")]));
    answer(|a: AddPlayer| {
        Ok(RosterPlayer {
            id: 5,
            name: a.info.name,
            club: a.info.club,
            licence: a.info.licence,
            notes: a.info.notes,
        })
    });
    let page = mount(
        Screen::Stats(StatsRoute::Players),
        || view! { <PlayersScreen/> },
    );
    settle().await;
    page.click("add-player");
    settle().await;
    let cancel = page
        .get("player-form")
        .query_selector("button[type=button]")
        .unwrap()
        .expect("the form's Cancel");
    assert_eq!(cancel.text_content().unwrap_or_default().trim(), "Cancel");
    wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(cancel).click();
    settle().await;
    assert!(!page.shows("player-form"), "Cancel closes the form");
    assert!(asked::<AddPlayer>().is_empty());

    page.click("add-player");
    settle().await;
    page.type_in("player-name", "Carla");
    page.click("save-player");
    settle().await;
    let added = asked::<AddPlayer>();
    assert_eq!(added.len(), 1);
    assert_eq!(added[0].info.name, "Carla");
    assert_eq!(
        page.shell.screen.get_untracked(),
        Screen::Stats(StatsRoute::Player(5))
    );
}
