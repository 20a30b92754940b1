//! One date format per language on every screen that shows a date (the app's one
//! function, `carom_i18n::format_date`): the history's matches, a player's matches.

use carom_api::{
    GetPlayerStats, HandicapRule, HistoryPage, ListPlayers, PlayerMatches, PlayerStats,
};
use carom_i18n::Lang;
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

use super::history::three_pages;
use super::player::{player, row};
use super::{backend, mount, settle, Mounted};
use crate::backend::fake::answer;
use crate::screens::history::list::HistoryScreen;
use crate::screens::players::player::PlayerPage;
use crate::state::shell::{Screen, StatsRoute};

/// The day every test match was created on (`2026-03-01T20:00:00Z`), in each language: the
/// same day in any time zone from UTC−12 to UTC+3.
const DAYS: [(Lang, &str); 3] = [
    (Lang::En, "2026-03-01"),
    (Lang::Fr, "01/03/2026"),
    (Lang::Es, "01/03/2026"),
];

/// The text of every `<time>` under `e`, in document order.
fn times(e: &Element, found: &mut Vec<String>) {
    if e.tag_name().eq_ignore_ascii_case("time") {
        found.push(e.text_content().unwrap_or_default());
    }
    let mut child = e.first_element_child();
    while let Some(c) = child {
        times(&c, found);
        child = c.next_element_sibling();
    }
}

/// Each language in turn, then the dates shown on `page`, each starting with that day.
async fn every_date_follows_the_language<H>(page: &Mounted<H>) {
    for (lang, day) in DAYS {
        page.lang.set(lang);
        settle().await;
        let mut shown = Vec::new();
        times(&page.root, &mut shown);
        assert!(!shown.is_empty(), "{lang:?}: no date shown");
        for t in &shown {
            assert!(t.starts_with(day), "{lang:?}: {t:?}, not {day}");
        }
    }
}

#[wasm_bindgen_test]
async fn the_history_writes_its_dates_in_the_language_of_the_screen() {
    backend();
    answer(three_pages);
    let page = mount(Screen::History, || view! { <HistoryScreen trash=false/> });
    settle().await;
    every_date_follows_the_language(&page).await;
}

#[wasm_bindgen_test]
async fn a_players_matches_are_dated_in_the_language_of_the_screen() {
    backend();
    answer(|_: ListPlayers| Ok(vec![player(1, "Ana")]));
    answer(|m: PlayerMatches| {
        Ok(HistoryPage {
            matches: vec![row(1)],
            page: m.page,
            has_more: false,
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
    let page = mount(Screen::Stats(StatsRoute::Player(1)), || {
        view! { <PlayerPage id=1/> }
    });
    settle().await;
    every_date_follows_the_language(&page).await;
}
