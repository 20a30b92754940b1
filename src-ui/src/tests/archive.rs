//! A finished match's page: its sheet read, the exports' answers, a sheet that cannot be
//! read.

use carom_api::{ErrorCode, ExportSheetPdf, GetSheet, PickAndExportMatchFile};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::signing::sheet;
use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::backend::ApiError;
use crate::screens::history::archive::ArchivedMatch;
use crate::state::shell::Screen;

fn screen() -> super::Mounted<impl Sized> {
    mount(Screen::Archive(5), || view! { <ArchivedMatch id=5/> })
}

#[wasm_bindgen_test]
async fn a_signed_sheet_is_shown_and_exported_again() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&["referee", "player-1", "player-2"])));
    answer(|_: ExportSheetPdf| Ok(Some("match-5.pdf".to_owned())));
    answer(|_: PickAndExportMatchFile| Ok(Some("/home/ana/match-5.json".to_owned())));
    let page = screen();
    settle().await;
    assert!(page.shows("sheet-view"));
    assert!(page.shows("archive-signatures"));
    assert!(!page.shows("archive-sign"));

    page.click("archive-pdf");
    settle().await;
    assert_eq!(asked::<ExportSheetPdf>().len(), 1);
    assert!(page.text("archive-notice").contains("match-5.pdf"));

    page.click("archive-export");
    settle().await;
    assert!(page.text("archive-notice").contains("match-5.json"));
    assert!(!page.shows("archive-error"));
}

#[wasm_bindgen_test]
async fn a_sheet_still_to_sign_leads_to_the_signing() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&["referee"])));
    let page = screen();
    settle().await;
    assert!(!page.shows("archive-pdf"));
    page.click("archive-sign");
    assert_eq!(page.shell.screen.get_untracked(), Screen::Sign(5));
}

#[wasm_bindgen_test]
async fn a_sheet_that_cannot_be_read_is_said() {
    backend();
    answer(|_: GetSheet| {
        Err(ApiError::from(ErrorCode::Internal {
            detail: "gone".into(),
        }))
    });
    let page = screen();
    settle().await;
    assert!(page.shows("archive-error"));
    assert!(!page.shows("sheet-view"));
}
