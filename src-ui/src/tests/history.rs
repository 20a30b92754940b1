//! The history: the search sent as typed, from its first page; the pages; an error under
//! the field it is about; a deletion asked first, then the page read again.

use carom_api::{
    ErrorCode, FormField, History, HistoryEntry, HistoryScreenPage, MatchPlayer, MatchStatus,
    TrashMatch,
};
use carom_core::{ByPlayer, Discipline};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::backend::ApiError;
use crate::screens::history::list::HistoryScreen;
use crate::state::history::HistoryFilter;
use crate::state::shell::Screen;

fn entry(id: i64) -> HistoryEntry {
    HistoryEntry {
        id,
        discipline: Discipline::ThreeCushion,
        players: ByPlayer::new(
            MatchPlayer {
                name: "Ana".to_owned(),
                target: 30,
            },
            MatchPlayer {
                name: "Bea".to_owned(),
                target: 30,
            },
        ),
        status: MatchStatus::Finished,
        created_at: "2026-03-01T20:00:00Z".to_owned(),
        finished_at: Some("2026-03-01T21:00:00Z".to_owned()),
        deleted_at: None,
        locked: false,
        points: Some(ByPlayer::new(30, 21)),
        sets: None,
        winner: Some(carom_core::Player::A),
    }
}

/// Two matches on each of three pages, whatever the search.
pub(super) fn three_pages(ask: History) -> Result<HistoryScreenPage, ApiError> {
    let page = ask.request.page.min(2);
    Ok(HistoryScreenPage {
        entries: vec![
            entry(i64::from(page) * 2 + 1),
            entry(i64::from(page) * 2 + 2),
        ],
        page,
        has_more: page < 2,
        in_trash: 0,
    })
}

/// The search of the last history request.
fn last_search() -> HistoryFilter {
    asked::<History>()
        .pop()
        .map(|h| h.request)
        .expect("the history was asked for")
}

fn screen() -> super::Mounted<impl Sized> {
    mount(Screen::History, || view! { <HistoryScreen trash=false/> })
}

#[wasm_bindgen_test]
async fn the_search_is_sent_as_typed_from_its_first_page() {
    backend();
    answer(three_pages);
    let page = screen();
    settle().await;
    assert_eq!(last_search(), HistoryFilter::default());
    assert_eq!(page.text("history-page"), "Page 1");
    assert!(page.shows("history-open-1"));

    page.click("history-next");
    settle().await;
    assert_eq!(last_search().page, 1);
    assert!(page.shows("history-open-3"));

    page.type_in("history-player", "Ana");
    page.choose("history-status", "finished");
    page.choose("history-discipline", "libre");
    page.choose("history-from", "2026-01-01");
    settle().await;
    let search = last_search();
    assert_eq!(
        (search.player.as_str(), search.status, search.discipline),
        (
            "Ana",
            carom_api::StatusFilter::Finished,
            Some(Discipline::Libre)
        )
    );
    assert_eq!(search.from, "2026-01-01");
    assert_eq!(search.page, 0, "a new search starts at its first page");

    page.click("history-clear");
    settle().await;
    assert_eq!(last_search(), HistoryFilter::default());
    assert_eq!(page.value("history-player"), "");
}

#[wasm_bindgen_test]
async fn a_refused_date_is_said_under_its_field() {
    backend();
    answer(|ask: History| {
        if ask.request.from.is_empty() {
            three_pages(ask)
        } else {
            Err(ApiError::from(ErrorCode::HistoryDate).at(FormField::HistoryFrom))
        }
    });
    let page = screen();
    settle().await;
    assert!(!page.shows("error-history-from"));
    // A date the field takes (it empties one that is not a date) and the app refuses.
    page.choose("history-from", "2031-02-03");
    settle().await;
    assert!(page.shows("error-history-from"));
    assert!(
        !page.shows("history-error"),
        "said under the field, not in a toast"
    );
    page.choose("history-from", "");
    settle().await;
    assert!(!page.shows("error-history-from"));
    assert!(page.shows("history-list"));
}

#[wasm_bindgen_test]
async fn a_match_goes_to_the_trash_after_a_confirmation_and_the_page_is_read_again() {
    backend();
    answer(three_pages);
    answer(|_: TrashMatch| Ok(()));
    let page = screen();
    settle().await;
    let before = asked::<History>().len();

    page.click("history-delete-2");
    settle().await;
    assert!(page.shows("delete-dialog"));
    assert!(
        asked::<TrashMatch>().is_empty(),
        "nothing before the answer"
    );
    page.click("confirm-ok");
    settle().await;

    let trashed = asked::<TrashMatch>();
    assert_eq!(trashed.len(), 1);
    assert_eq!((trashed[0].match_id, trashed[0].confirm_signed), (2, false));
    assert!(!page.shows("delete-dialog"));
    assert!(page.shows("history-notice"));
    assert!(asked::<History>().len() > before, "the page is read again");
}

#[wasm_bindgen_test]
async fn a_finished_match_opens_its_sheet() {
    backend();
    answer(three_pages);
    let page = screen();
    settle().await;
    page.click("history-open-1");
    assert_eq!(page.shell.screen.get_untracked(), Screen::Archive(1));
}
