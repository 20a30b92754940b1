//! Calling a foul: the menu of the fouls that can be called now, each with its
//! explanation in plain words, and the guided ball-off-the-table dialog.

use carom_core::{Ball, Event, Foul, Guidance, Match, Occupied, OffTableRule, Spot};
use leptos::prelude::*;

use crate::components::diagram::{spot_id, TableDiagram};
use crate::components::modal::Modal;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};
use crate::state::match_ui::{Dialog, Dialogs};

/// The fouls that can be called now: the core's answer (it refuses the others).
pub fn available_fouls(game: &Match) -> Vec<Foul> {
    game.callable_fouls()
}

/// The foul menu.
#[component]
pub fn FoulMenu() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let fouls = move || {
        live.game
            .with(|g| g.as_ref().map(available_fouls).unwrap_or_default())
    };
    view! {
        <Modal title=Signal::derive(i18n.text("scoring-foul-title")) testid="foul-menu">
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

/// Ball off the table: which ball(s) left (three-cushion), which spots are taken, the
/// re-spot the core computes (R-OFF-2, R-OFF-3).
#[component]
pub fn OffTableDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    // No ball ticked beforehand: the referee says which left the table (a guess here
    // would be recorded if he only pressed the button).
    let jumped = RwSignal::new(Vec::<Ball>::new());
    let occupied = RwSignal::new([None::<Ball>; 3]);
    let v = live.view.get_untracked();
    let Some(v) = v else { return ().into_any() };
    let jumped_only = v.discipline.off_table_rule() == OffTableRule::RespotJumped;
    // Whose ball comes to the table after the foul: the core's preview of it says.
    let incoming = live
        .game
        .with_untracked(|g| {
            g.as_ref().and_then(|g| {
                g.preview(&Event::Foul {
                    foul: Foul::BallOffTable,
                    balls: if jumped_only { vec![Ball::Red] } else { vec![] },
                    occupied: vec![],
                    at: None,
                })
                .ok()
            })
        })
        .and_then(|p| p.view.ball)
        .unwrap_or(Ball::Yellow);
    let (discipline, table) = (v.discipline, v.table);
    let occupied_list = move || {
        Spot::RESPOT
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
        <Modal title=Signal::derive(move || i18n.msg(&Foul::BallOffTable.message())) testid="off-table-dialog" class="respot">
            <p class="help">{move || i18n.msg(&Foul::BallOffTable.help())}</p>
            <Show when=move || jumped_only>
                <fieldset class="ball-pick">
                    <legend>{i18n.text("scoring-off-which")}</legend>
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
                    <legend>{i18n.text("scoring-off-occupied")}</legend>
                    {Spot::RESPOT.iter().enumerate().map(|(i, s)| {
                        let s = *s;
                        view! {
                            <label class="spot-pick">
                                <span>{move || i18n.msg(&s.message())}</span>
                                <select data-testid=format!("occupied-{}", spot_id(s))
                                    on:change=move |ev| {
                                        let b = match event_target_value(&ev).as_str() {
                                            "white" => Some(Ball::White),
                                            "yellow" => Some(Ball::Yellow),
                                            "red" => Some(Ball::Red),
                                            _ => None,
                                        };
                                        occupied.update(|o| o[i] = b);
                                    }>
                                    <option value="">{i18n.text("scoring-spot-free")}</option>
                                    {Ball::ALL.map(|b| view! { <option value=b.id()>{move || i18n.msg(&b.message())}</option> })}
                                </select>
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
            </Show>
            <Show
                when=move || !jumped_only || jumped.with(|j| !j.is_empty())
                fallback=move || view! {
                    <p class="prompt" data-testid="off-table-guide">{i18n.text("scoring-off-tick-first")}</p>
                }
            >
                <p class="prompt" data-testid="off-table-guide">{move || i18n.msg(&guidance.get().message())}</p>
                <TableDiagram guidance=guidance/>
            </Show>
            <button class="primary big" data-testid="off-table-confirm" on:click=confirm
                disabled=move || jumped_only && jumped.with(Vec::is_empty)>
                {i18n.text("scoring-record-foul")}
            </button>
        </Modal>
    }
    .into_any()
}
