//! The new-match form: what it sends, where it goes, where a refusal shows, the
//! distance suggested for a known player.

use carom_api::{ErrorCode, FormField, PlayerNames, StartMatch, Started, SuggestTarget};
use carom_core::{Average, Discipline};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::backend::ApiError;
use crate::screens::new_match::{NewMatchForm, Suggestion};
use crate::state::shell::Screen;

fn form() -> super::Mounted<impl Sized> {
    mount(Screen::NewMatch, || view! { <NewMatchForm/> })
}

/// What the roster suggests for Ana Ruiz (player 3, four matches at 0.875): distance `target`.
fn ana_suggests(target: u32) -> Suggestion {
    Suggestion {
        player_id: 3,
        target,
        average: Average {
            points: 70,
            innings: 80,
            thousandths: 875,
        },
        matches: 4,
    }
}

#[wasm_bindgen_test]
async fn the_match_typed_is_started_and_opened() {
    backend();
    answer(|_: PlayerNames| Ok(Vec::new()));
    answer(|_: StartMatch| Ok(Started { id: 7 }));
    let page = form();
    settle().await;
    page.type_in("player-a-name", "Ana Ruiz");
    page.type_in("player-b-name", "Bea Sol");
    page.choose("discipline", "libre");
    page.click("create-match");
    settle().await;

    let sent = asked::<StartMatch>();
    assert_eq!(sent.len(), 1);
    let setup = &sent[0].setup;
    assert_eq!(setup.discipline, Discipline::Libre);
    assert_eq!(setup.players[carom_core::Player::A].name, "Ana Ruiz");
    assert_eq!(setup.players[carom_core::Player::B].name, "Bea Sol");
    // The discipline's usual distance came with it.
    assert_eq!(setup.players[carom_core::Player::A].target, 100);
    assert_eq!(page.shell.screen.get_untracked(), Screen::Match(7));
}

#[wasm_bindgen_test]
async fn a_refused_name_is_said_beside_its_field_and_the_form_stays() {
    backend();
    answer(|_: PlayerNames| Ok(Vec::new()));
    answer(|_: StartMatch| {
        Err(ApiError::from(ErrorCode::SamePlayerBothSides).at(FormField::PlayerBName))
    });
    let page = form();
    settle().await;
    page.type_in("player-a-name", "Ana");
    page.type_in("player-b-name", "Ana");
    page.click("create-match");
    settle().await;

    assert!(page.shows("error-player-b-name"));
    assert!(!page.shows("error-player-a-name"));
    assert!(!page.shows("form-error"));
    assert_eq!(page.shell.screen.get_untracked(), Screen::NewMatch);
    // The button is free again for a second try.
    assert!(!page.disabled("create-match"));
}

#[wasm_bindgen_test]
async fn an_error_about_no_field_is_said_above_the_form() {
    backend();
    answer(|_: PlayerNames| Ok(Vec::new()));
    answer(|_: StartMatch| {
        Err(ApiError::from(ErrorCode::Internal {
            detail: "disk full".into(),
        }))
    });
    let page = form();
    settle().await;
    page.click("create-match");
    settle().await;

    assert!(page.shows("form-error"));
    assert!(!page.shows("error-player-a-name"));
}

#[wasm_bindgen_test]
async fn a_known_player_is_offered_the_distance_of_his_average() {
    backend();
    answer(|_: PlayerNames| Ok(vec!["Ana Ruiz".to_owned()]));
    answer(|ask: SuggestTarget| Ok((ask.player == "Ana Ruiz").then_some(ana_suggests(35))));
    let page = form();
    settle().await;
    page.type_in("player-b-name", "Someone New");
    page.type_in("player-a-name", "Ana Ruiz");
    settle().await;

    assert!(page.shows("suggestion-a"));
    // Nobody asks for a player the app does not know.
    assert!(!page.shows("suggestion-b"));
    assert!(asked::<SuggestTarget>()
        .iter()
        .all(|a| a.player == "Ana Ruiz"));
    assert_eq!(page.value("player-a-target"), "40");
    page.click("use-suggestion-a");
    settle().await;
    assert_eq!(page.value("player-a-target"), "35");
}

#[wasm_bindgen_test]
async fn a_set_match_asks_for_the_set_distance_instead_of_each_players() {
    backend();
    answer(|_: PlayerNames| Ok(Vec::new()));
    let page = form();
    settle().await;
    assert!(page.shows("player-a-target"));
    assert!(!page.shows("set-target"));
    page.choose("sets", "3");
    settle().await;
    assert!(!page.shows("player-a-target"));
    assert!(page.shows("set-target"));
}

#[wasm_bindgen_test]
async fn the_known_names_are_offered_and_a_suggestion_follows_the_name_and_the_discipline() {
    backend();
    answer(|_: PlayerNames| Ok(vec!["Ana Ruiz".to_owned(), "Bea Sol".to_owned()]));
    answer(|ask: SuggestTarget| {
        let target = if ask.discipline == Discipline::Libre {
            90
        } else {
            35
        };
        Ok(Some(ana_suggests(target)))
    });
    let page = form();
    settle().await;
    for name in ["Ana Ruiz", "Bea Sol"] {
        let option = format!("#known-players option[value='{name}']");
        assert!(
            page.root.query_selector(&option).unwrap().is_some(),
            "{name} offered"
        );
    }

    page.type_in("player-a-name", "ana ruiz");
    settle().await;
    assert!(page.text("suggestion-a").contains("35"));
    page.choose("discipline", "libre");
    settle().await;
    assert!(page.text("suggestion-a").contains("90"));
    assert_eq!(
        asked::<SuggestTarget>().last().map(|a| a.discipline),
        Some(Discipline::Libre)
    );
    page.type_in("player-a-name", "Someone New");
    settle().await;
    assert!(
        !page.shows("suggestion-a"),
        "no suggestion for an unknown name"
    );
}

#[wasm_bindgen_test]
async fn a_refused_form_is_sent_again_once_corrected_and_the_match_opens() {
    backend();
    answer(|_: PlayerNames| Ok(Vec::new()));
    answer(|s: StartMatch| {
        if s.setup.players[carom_core::Player::A].name.is_empty() {
            Err(ApiError::from(ErrorCode::NameEmpty).at(FormField::PlayerAName))
        } else {
            Ok(Started { id: 9 })
        }
    });
    let page = form();
    settle().await;
    page.click("create-match");
    settle().await;
    assert!(page.shows("error-player-a-name"));
    page.type_in("player-a-name", "Ana");
    page.type_in("player-b-name", "Bea");
    page.click("create-match");
    settle().await;
    assert_eq!(asked::<StartMatch>().len(), 2);
    assert_eq!(page.shell.screen.get_untracked(), Screen::Match(9));
}
