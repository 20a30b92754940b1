//! The undo confirmation: what the last action was, in words, and the scores before and
//! after, both asked of the core on a copy of the match.

use carom_core::{Correction, Event, Match, MatchView, Player};
use leptos::prelude::*;

use crate::components::modal::{ConfirmWords, Modal};
use crate::state::i18n::{use_i18n, I18n};
use crate::state::live::{use_live, Live};
use crate::state::match_ui::Dialogs;

/// A referee action in words, for the undo confirmation.
pub fn describe(i18n: I18n, v: &MatchView, e: &Event) -> String {
    let name = |p: Player| v.players[p].name.clone();
    match e {
        Event::Lag { .. } => i18n.t("ui-event-lag"),
        Event::ChooseBreaker { player, .. } => {
            i18n.tr("ui-event-choose-breaker", &[("name", name(*player).into())])
        }
        Event::Break { .. } => i18n.t("ui-event-break"),
        Event::Carom { .. } => i18n.t("ui-event-carom"),
        Event::Miss { .. } => i18n.t("ui-event-miss"),
        Event::Inning { run, .. } => i18n.tr("ui-event-inning", &[("run", (*run).into())]),
        Event::Foul { foul, .. } => i18n.tr(
            "ui-event-foul",
            &[("foul", i18n.msg(&foul.message()).into())],
        ),
        Event::Contact { .. } => i18n.t("ui-event-contact"),
        Event::Zone { call, anchor, .. } => i18n.msg(
            &carom_core::Announcement::Zone {
                call: *call,
                anchor: *anchor,
            }
            .message(),
        ),
        Event::ShotClockExpired { .. } => i18n.t("ui-event-shot-clock"),
        Event::TimeOut { .. } => i18n.t("ui-event-time-out"),
        Event::PauseStart { .. } => i18n.t("ui-event-pause-start"),
        Event::PauseEnd { .. } => i18n.t("ui-event-pause-end"),
        Event::Warning { player, .. } => {
            i18n.tr("ui-event-warning", &[("name", name(*player).into())])
        }
        Event::Forfeit { player, .. } => {
            i18n.tr("ui-event-forfeit", &[("name", name(*player).into())])
        }
        Event::EditInning { .. } => i18n.t("ui-event-edit-inning"),
        Event::Protest { .. } => i18n.t("ui-event-protest"),
        Event::EditSetup { field, .. } => i18n.tr(
            "ui-event-edit-setup",
            &[("field", i18n.t(field.message_id()).into())],
        ),
        Event::Undo { .. } => i18n.t("ui-event-undo"),
    }
}

/// What an undo would revoke, and the match after it: asked of the core on a copy.
pub fn undo_preview(game: &Match) -> Option<(Event, MatchView)> {
    let mut copy = game.clone();
    copy.apply(Event::Undo { at: None }).ok()?;
    match copy.corrections().last()? {
        Correction::Undo { undone, .. } => Some((undone.clone(), copy.view())),
        Correction::EditInning { .. } | Correction::EditSetup { .. } => None,
    }
}

/// The undo confirmation's question and answers ("Annuler" alone was all three in French).
const UNDO_WORDS: ConfirmWords = ConfirmWords {
    title: "scoring-undo-title",
    keep: "scoring-undo-keep",
    act: "scoring-undo-confirm",
};

/// Asks before undoing the last action.
#[component]
pub fn UndoDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let preview = live
        .game
        .with_untracked(|g| g.as_ref().and_then(undo_preview));
    let before = live.view.get_untracked();
    let (Some((undone, after)), Some(before)) = (preview, before) else {
        return view! {
            <Modal title=Signal::derive(i18n.text(UNDO_WORDS.title)) testid="undo-dialog">
                <p>{move || i18n.msg(&carom_core::PlayError::NothingToUndo.message())}</p>
            </Modal>
        }
        .into_any();
    };
    let what = describe(i18n, &before, &undone);
    let scores = move || {
        Player::ALL
            .iter()
            .map(|&p| {
                i18n.tr(
                    "scoring-undo-score",
                    &[
                        ("name", before.players[p].name.clone().into()),
                        ("before", before.players[p].score.into()),
                        ("after", after.players[p].score.into()),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join(" · ")
    };
    view! {
        <Modal title=Signal::derive(i18n.text(UNDO_WORDS.title)) testid="undo-dialog">
            <p class="prompt" data-testid="undo-what">{move || i18n.tr("scoring-undo-what", &[("what", what.clone().into())])}</p>
            <p data-testid="undo-scores">{scores}</p>
            <div class="choice-row dialog-actions">
                <button class="secondary" data-testid="undo-cancel" on:click=move |_| dialogs.close()>
                    {i18n.text(UNDO_WORDS.keep)}
                </button>
                <button class="primary" data-testid="undo-confirm"
                    on:click=move |_| { live.send(Event::Undo { at: Live::now() }); dialogs.close(); }>
                    {i18n.text(UNDO_WORDS.act)}
                </button>
            </div>
        </Modal>
    }
    .into_any()
}
