//! The signing screen: a pad left empty, a signature sent and shown, a reclamation that
//! must be saved before the first signature, the export of the signed sheet.

use carom_api::{
    ExportSheetPdf, GetSheet, SaveReclamation, ScreenSignature, SheetScreen, SignSheet,
};
use carom_core::{ByPlayer, Player, SignerRole};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::screens::play::signing::SignSheet as SignScreen;
use crate::state::shell::Screen;

/// Match 5's sheet, signed by `signed` (role ids): a real finished match (a draw in the
/// equalizing inning, officials changed during play), replayed by the rules core.
pub(super) fn sheet(signed: &[&str]) -> SheetScreen {
    let file =
        include_str!("../../../tests/fixtures/sheet-3-edit-setup-officials-and-shot-clock.json");
    let sheet = carom_core::MatchFile::parse(file)
        .unwrap()
        .replay()
        .unwrap()
        .sheet();
    assert!(sheet.result.is_some(), "a finished match");
    let signed: Vec<SignerRole> = signed
        .iter()
        .filter_map(|id| SignerRole::from_id(id))
        .collect();
    let missing: Vec<SignerRole> = SignerRole::ALL
        .into_iter()
        .filter(|r| !signed.contains(r))
        .collect();
    SheetScreen {
        match_id: 5,
        locked: missing.is_empty(),
        sheet,
        reclamations: ByPlayer::default(),
        signatures: signed
            .iter()
            .map(|role| ScreenSignature {
                role: *role,
                name: format!("{} name", role.id()),
                width: 600,
                height: 200,
                path: "M 10 10 L 50 50".to_owned(),
            })
            .collect(),
        missing,
    }
}

fn screen() -> super::Mounted<impl Sized> {
    mount(Screen::Sign(5), || view! { <SignScreen match_id=5/> })
}

#[wasm_bindgen_test]
async fn the_sheet_shows_the_result_the_referee_the_equalizing_inning_and_the_corrections() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&[])));
    let page = screen();
    settle().await;
    assert_eq!(page.text("sheet-result"), "Draw");
    assert!(page.text("sheet-referee").contains("Mme Remplaçante"));
    assert!(page.text("sheet-grid").contains("Blanca"));
    assert!(page.shows("equalizing-row"));
    assert!(page.text("sheet-legend").contains("equalizing inning"));
    assert!(page.text("sheet-totals").contains("5 / 5"));
    assert!(page.shows("corrections"));
}

#[wasm_bindgen_test]
async fn an_empty_pad_is_answered_in_that_pad_and_nothing_is_sent() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&[])));
    let page = screen();
    settle().await;
    assert!(page.shows("sign-locks-warning"));
    page.click("sign-referee");
    settle().await;

    let pad = page.get("signer-referee");
    assert!(pad
        .query_selector("[data-testid=sign-error]")
        .ok()
        .flatten()
        .is_some());
    assert!(asked::<SignSheet>().is_empty());
    // Drawing takes the message away.
    page.draw("pad-referee");
    settle().await;
    assert!(!page.shows("sign-error"));
}

#[wasm_bindgen_test]
async fn a_drawn_signature_is_sent_with_the_signers_name_and_shown_signed() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&[])));
    answer(|s: SignSheet| Ok(sheet(&[s.role.id()])));
    let page = screen();
    settle().await;
    // The referee named in the set-up is there already.
    assert_eq!(page.value("signer-name-referee"), "Mme Remplaçante");
    page.type_in("signer-name-referee", "Rita Gil");
    page.draw("pad-referee");
    page.click("sign-referee");
    settle().await;

    let sent = asked::<SignSheet>();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].role, SignerRole::Referee);
    assert_eq!(sent[0].name, "Rita Gil");
    assert!(sent[0].strokes.is_drawn(), "{:?}", sent[0].strokes);
    assert!(page.shows("signed-referee"));
    assert!(!page.shows("signer-referee"));
    assert!(page.shows("signer-player-1"));
    assert!(!page.shows("sign-locks-warning"));
}

#[wasm_bindgen_test]
async fn a_typed_reclamation_is_saved_before_the_first_signature() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&[])));
    answer(|r: SaveReclamation| {
        let mut s = sheet(&[]);
        s.reclamations[r.player] = Some(r.text);
        Ok(s)
    });
    let page = screen();
    settle().await;
    page.type_in("reclamation-0", "The lag was replayed");
    page.draw("pad-player-1");
    page.click("sign-player-1");
    settle().await;
    assert!(page.shows("sign-unsaved"));
    assert!(asked::<SignSheet>().is_empty());

    page.click("save-reclamation-0");
    settle().await;
    let saved = asked::<SaveReclamation>();
    assert_eq!(saved.len(), 1);
    assert_eq!(
        (saved[0].player, saved[0].text.as_str()),
        (Player::A, "The lag was replayed")
    );
    assert!(page.shows("reclamation-saved-0"));
    // Typing again: no longer what was saved.
    page.type_in("reclamation-0", "The lag was replayed twice");
    settle().await;
    assert!(!page.shows("reclamation-saved-0"));
}

#[wasm_bindgen_test]
async fn the_sheet_signed_by_all_three_exports_and_says_where() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&["referee", "player-1", "player-2"])));
    answer(|_: ExportSheetPdf| Ok(Some("match-5.pdf".to_owned())));
    let page = screen();
    settle().await;
    assert!(page.shows("sign-locked"));
    assert!(!page.disabled("export-pdf"));
    page.click("export-pdf");
    settle().await;

    assert_eq!(asked::<ExportSheetPdf>().len(), 1);
    assert!(page.text("sign-notice").contains("match-5.pdf"));
}

#[wasm_bindgen_test]
async fn a_sheet_still_to_sign_cannot_be_exported() {
    backend();
    answer(|_: GetSheet| Ok(sheet(&["referee"])));
    let page = screen();
    settle().await;
    assert!(page.disabled("export-pdf"));
    assert!(!page.shows("sign-locked"));
}
