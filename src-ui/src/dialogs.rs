//! The scoring screen's dialogs: the foul menu with plain-words explanations, the guided
//! ball-off-the-table and balls-in-contact diagrams, the undo confirmation, and the
//! less frequent actions.

use carom_core::{
    Ball, ContactChoice, ContactRule, Correction, Event, Foul, Guidance, Match, MatchView,
    Occupied, OffTableRule, PendingDecision, Player, Spot, ZoneStatus,
};
use leptos::prelude::*;

use crate::diagram::TableDiagram;
use crate::i18n::{use_i18n, I18n};
use crate::keys::KeyHelp;
use crate::live::{use_live, Live};

/// Which dialog is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    Foul,
    OffTable,
    Contact,
    Undo,
    More,
    Keys,
    Details,
}

/// The open dialog, shared by the buttons and the keyboard.
#[derive(Clone, Copy)]
pub struct Dialogs(pub RwSignal<Option<Dialog>>);

impl Dialogs {
    pub fn open(self, d: Dialog) {
        self.0.set(Some(d));
    }

    pub fn close(self) {
        self.0.set(None);
    }
}

fn view_now(live: Live) -> Option<MatchView> {
    live.view.get_untracked()
}

/// The fouls that can be called now (the core refuses the others).
pub fn available_fouls(v: &MatchView) -> Vec<Foul> {
    let break_shot =
        matches!(v.pending, Some(PendingDecision::Break { .. })) && !v.equalizing_inning;
    Foul::ALL
        .into_iter()
        .filter(|f| match f {
            Foul::ZoneNotLeft => v.zone == ZoneStatus::Dedans,
            Foul::RedNotHitFirst => break_shot,
            _ => true,
        })
        .collect()
}

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

#[component]
pub(crate) fn Modal(
    title: Signal<String>,
    testid: &'static str,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let dialogs = expect_context::<Dialogs>();
    view! {
        <div class="modal-backdrop" on:click=move |_| dialogs.close()>
            <div class="modal" role="dialog" aria-modal="true" aria-label=title data-testid=testid
                on:click=|ev| ev.stop_propagation()>
                <header class="modal-head">
                    <h2>{title}</h2>
                    <button class="secondary close" data-testid="dialog-close"
                        aria-label=move || i18n.t("ui-close") on:click=move |_| dialogs.close()>
                        "×"
                    </button>
                </header>
                {children()}
            </div>
        </div>
    }
}

#[component]
fn FoulMenu() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let fouls = move || {
        live.view
            .with(|v| v.as_ref().map(available_fouls).unwrap_or_default())
    };
    view! {
        <Modal title=Signal::derive(move || i18n.t("scoring-foul-title")) testid="foul-menu">
            <ul class="foul-list">
                {move || fouls().into_iter().map(|f| view! {
                    <li>
                        <button class="foul-item" data-testid=format!("foul-{}", f.id())
                            on:click=move |_| {
                                if f == Foul::BallOffTable {
                                    dialogs.open(Dialog::OffTable);
                                } else {
                                    live.send(Event::Foul { foul: f, balls: vec![], occupied: vec![], at: Live::now() });
                                    dialogs.close();
                                }
                            }>
                            <span class="foul-name">
                                {f.letter().map(|l| format!("{l}) "))}
                                {move || i18n.msg(&f.message())}
                            </span>
                            <span class="foul-help">{move || i18n.msg(&f.help())}</span>
                        </button>
                    </li>
                }).collect_view()}
            </ul>
        </Modal>
    }
}

const SPOTS: [Spot; 3] = [Spot::Top, Spot::Centre, Spot::Bottom];

/// Ball off the table: which ball(s) left (three-cushion), which spots are taken, the
/// re-spot the core computes (R-OFF-2, R-OFF-3).
#[component]
fn OffTableDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let jumped = RwSignal::new(vec![Ball::Red]);
    let occupied = RwSignal::new([None::<Ball>; 3]);
    let v = view_now(live);
    let Some(v) = v else { return ().into_any() };
    let jumped_only = v.discipline.off_table_rule() == OffTableRule::RespotJumped;
    let shooter = v.at_table.unwrap_or(Player::A);
    // The foul ends the inning: the other player comes to the table.
    let incoming = v.players[shooter.other()].ball.unwrap_or(Ball::Yellow);
    let (discipline, table) = (v.discipline, v.table);
    let occupied_list = move || {
        SPOTS
            .iter()
            .zip(occupied.get())
            .filter_map(|(s, b)| b.map(|b| (*s, b)))
            .collect::<Vec<_>>()
    };
    let guidance = Signal::derive(move || {
        Guidance::off_table(discipline, table, incoming, &jumped.get(), &occupied_list())
    });
    let toggle = move |b: Ball| {
        jumped.update(|j| {
            if let Some(i) = j.iter().position(|x| *x == b) {
                j.remove(i);
            } else {
                j.push(b);
                j.sort();
            }
        });
    };
    let confirm = move |_| {
        let balls = if jumped_only {
            jumped.get_untracked()
        } else {
            vec![]
        };
        let occupied = if jumped_only {
            occupied_list()
                .into_iter()
                .map(|(spot, ball)| Occupied { spot, ball })
                .collect()
        } else {
            vec![]
        };
        live.send(Event::Foul {
            foul: Foul::BallOffTable,
            balls,
            occupied,
            at: Live::now(),
        });
        dialogs.close();
    };
    view! {
        <Modal title=Signal::derive(move || i18n.msg(&Foul::BallOffTable.message())) testid="off-table-dialog">
            <p class="help">{move || i18n.msg(&Foul::BallOffTable.help())}</p>
            <Show when=move || jumped_only>
                <fieldset class="ball-pick">
                    <legend>{move || i18n.t("scoring-off-which")}</legend>
                    {Ball::ALL.map(|b| view! {
                        <label class="check">
                            <input type="checkbox" data-testid=format!("jumped-{}", b.id())
                                prop:checked=move || jumped.with(|j| j.contains(&b))
                                on:change=move |_| toggle(b)/>
                            {move || i18n.msg(&b.message())}
                        </label>
                    })}
                </fieldset>
                <fieldset class="ball-pick">
                    <legend>{move || i18n.t("scoring-off-occupied")}</legend>
                    {SPOTS.iter().enumerate().map(|(i, s)| {
                        let s = *s;
                        view! {
                            <label class="spot-pick">
                                <span>{move || i18n.msg(&s.message())}</span>
                                <select data-testid=format!("occupied-{}", crate::diagram::spot_id(s))
                                    on:change=move |ev| {
                                        let b = match event_target_value(&ev).as_str() {
                                            "white" => Some(Ball::White),
                                            "yellow" => Some(Ball::Yellow),
                                            "red" => Some(Ball::Red),
                                            _ => None,
                                        };
                                        occupied.update(|o| o[i] = b);
                                    }>
                                    <option value="">{move || i18n.t("scoring-spot-free")}</option>
                                    {Ball::ALL.map(|b| view! { <option value=b.id()>{move || i18n.msg(&b.message())}</option> })}
                                </select>
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
            </Show>
            <p class="prompt" data-testid="off-table-guide">{move || i18n.msg(&guidance.get().message())}</p>
            <TableDiagram guidance=guidance/>
            <button class="primary big" data-testid="off-table-confirm" on:click=confirm>
                {move || i18n.t("scoring-record-foul")}
            </button>
        </Modal>
    }
    .into_any()
}

/// Balls in contact: the discipline's choices and the re-spot (R-CONTACT).
#[component]
fn ContactDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let Some(v) = view_now(live) else {
        return ().into_any();
    };
    let shooter_ball = v.ball.unwrap_or(Ball::White);
    let other_ball = if shooter_ball == Ball::White {
        Ball::Yellow
    } else {
        Ball::White
    };
    let touching = RwSignal::new(Ball::Red);
    let (discipline, table, rule) = (v.discipline, v.table, v.contact_rule);
    let guidance = Signal::derive(move || {
        Guidance::contact_respot(discipline, table, shooter_ball, touching.get())
    });
    let send = move |choice: Option<ContactChoice>| {
        live.send(Event::Contact {
            choice,
            with: None,
            ball: Some(touching.get_untracked()),
            at: Live::now(),
        });
        dialogs.close();
    };
    let rule_text = match rule {
        ContactRule::RespotCompulsory => "scoring-contact-rule-compulsory",
        ContactRule::ChooseRespotAll => "scoring-contact-rule-choose-all",
        ContactRule::ChooseRespotTouching => "scoring-contact-rule-choose-touching",
    };
    view! {
        <Modal title=Signal::derive(move || i18n.t("scoring-contact-title")) testid="contact-dialog">
            <p class="help" data-testid="contact-rule">{move || i18n.t(rule_text)}</p>
            <fieldset class="ball-pick">
                <legend>{move || i18n.t("scoring-contact-which")}</legend>
                {[Ball::Red, other_ball].map(|b| view! {
                    <label class="check">
                        <input type="radio" name="touching" data-testid=format!("touching-{}", b.id())
                            prop:checked=move || touching.get() == b
                            on:change=move |_| touching.set(b)/>
                        {move || i18n.msg(&b.message())}
                    </label>
                })}
            </fieldset>
            <TableDiagram guidance=guidance/>
            <div class="choice-row">
                <button class="primary" data-testid="contact-respot" on:click=move |_| send(Some(ContactChoice::Respot))>
                    {move || i18n.t(if rule == ContactRule::RespotCompulsory { "scoring-contact-respot-compulsory" } else { "scoring-contact-respot" })}
                </button>
                <Show when=move || rule != ContactRule::RespotCompulsory>
                    <button class="secondary" data-testid="contact-play-on" on:click=move |_| send(Some(ContactChoice::PlayOn))>
                        {move || i18n.t("scoring-contact-play-on")}
                    </button>
                </Show>
            </div>
            <button class="secondary" data-testid="contact-cushion"
                on:click=move |_| {
                    live.send(Event::Contact { choice: None, with: Some(carom_core::ContactWith::Cushion), ball: None, at: Live::now() });
                    dialogs.close();
                }>
                {move || i18n.t("scoring-contact-cushion")}
            </button>
        </Modal>
    }
    .into_any()
}

#[component]
fn UndoDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let preview = live
        .game
        .with_untracked(|g| g.as_ref().and_then(undo_preview));
    let before = view_now(live);
    let (Some((undone, after)), Some(before)) = (preview, before) else {
        return view! {
            <Modal title=Signal::derive(move || i18n.t("scoring-undo-title")) testid="undo-dialog">
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
        <Modal title=Signal::derive(move || i18n.t("scoring-undo-title")) testid="undo-dialog">
            <p class="prompt" data-testid="undo-what">{move || i18n.tr("scoring-undo-what", &[("what", what.clone().into())])}</p>
            <p data-testid="undo-scores">{scores}</p>
            <div class="choice-row">
                <button class="secondary" data-testid="undo-cancel" on:click=move |_| dialogs.close()>
                    {move || i18n.t("ui-cancel")}
                </button>
                <button class="primary" data-testid="undo-confirm"
                    on:click=move |_| { live.send(Event::Undo { at: Live::now() }); dialogs.close(); }>
                    {move || i18n.t("scoring-undo-confirm")}
                </button>
            </div>
        </Modal>
    }
    .into_any()
}

/// Less frequent actions: time-outs, time, warnings, forfeits, the scoreboard, the keys.
#[component]
fn MoreDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let mode = expect_context::<crate::match_screen::Mode>();
    let Some(v) = view_now(live) else {
        return ().into_any();
    };
    let clock = v.shot_clock.is_some();
    let playing = v.at_table.is_some() && !v.paused;
    let names = [
        v.players[Player::A].name.clone(),
        v.players[Player::B].name.clone(),
    ];
    let act = move |e: Event| {
        live.send(e);
        dialogs.close();
    };
    view! {
        <Modal title=Signal::derive(move || i18n.t("scoring-more")) testid="more-dialog">
            <div class="menu-grid">
                <Show when=move || clock && playing>
                    <button class="secondary" data-testid="time-out" on:click=move |_| act(Event::TimeOut { player: None, at: Live::now() })>
                        {move || i18n.t("scoring-time-out")}
                    </button>
                    <button class="secondary" data-testid="shot-clock-expired" on:click=move |_| act(Event::ShotClockExpired { at: Live::now() })>
                        {move || i18n.t("scoring-time-expired")}
                    </button>
                </Show>
                {Player::ALL.map(|p| {
                    let n = names[p.index()].clone();
                    let n2 = n.clone();
                    view! {
                        <button class="secondary" data-testid=format!("warning-{p}") on:click=move |_| act(Event::Warning { player: p, at: Live::now() })>
                            {move || i18n.tr("scoring-warning", &[("name", n.clone().into())])}
                        </button>
                        <button class="danger" data-testid=format!("forfeit-{p}") on:click=move |_| act(Event::Forfeit { player: p, at: Live::now() })>
                            {move || i18n.tr("scoring-forfeit", &[("name", n2.clone().into())])}
                        </button>
                    }
                })}
                <button class="secondary" data-testid="scoreboard-mode"
                    on:click=move |_| { dialogs.close(); mode.0.set(crate::match_screen::View::Scoreboard); }>
                    {move || i18n.t("scoring-scoreboard")}
                </button>
                <button class="secondary" data-testid="scoreboard-window"
                    on:click=move |_| { dialogs.close(); crate::scoreboard::open_window(live.id); }>
                    {move || i18n.t("scoring-scoreboard-window")}
                </button>
                <button class="secondary" data-testid="edit-details" on:click=move |_| dialogs.open(Dialog::Details)>
                    {move || i18n.t("details-open")}
                </button>
                <button class="secondary" data-testid="keys-help" on:click=move |_| dialogs.open(Dialog::Keys)>
                    {move || i18n.t("scoring-keys")}
                </button>
            </div>
        </Modal>
    }
    .into_any()
}

/// Renders the open dialog.
#[component]
pub fn DialogHost() -> impl IntoView {
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    move || match dialogs.0.get() {
        None => ().into_any(),
        Some(Dialog::Foul) => view! { <FoulMenu/> }.into_any(),
        Some(Dialog::OffTable) => view! { <OffTableDialog/> }.into_any(),
        Some(Dialog::Contact) => view! { <ContactDialog/> }.into_any(),
        Some(Dialog::Undo) => view! { <UndoDialog/> }.into_any(),
        Some(Dialog::More) => view! { <MoreDialog/> }.into_any(),
        Some(Dialog::Details) => view! { <crate::details::DetailsDialog/> }.into_any(),
        Some(Dialog::Keys) => view! {
            <Modal title=Signal::derive(move || i18n.t("keys-title")) testid="keys-dialog">
                <KeyHelp/>
            </Modal>
        }
        .into_any(),
    }
}
