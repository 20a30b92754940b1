//! Balls in contact: which ball touches, the discipline's choice (re-spot or play on) and
//! the re-spot on the table diagram; in three-cushion, the spot the ball not in contact
//! may sit on (Art. 5.4 → 6b), so that the diagram and its words say where the balls go.

use carom_core::{Ball, ContactChoice, ContactRule, Event, Guidance, Occupied, Spot};
use leptos::prelude::*;

use crate::components::diagram::TableDiagram;
use crate::components::modal::Modal;
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live};
use crate::state::match_ui::Dialogs;

/// Balls in contact: the discipline's choices and the re-spot (R-CONTACT).
#[component]
pub fn ContactDialog() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let Some(v) = live.view.get_untracked() else {
        return ().into_any();
    };
    let shooter_ball = v.ball.unwrap_or(Ball::White);
    // His other ball is his opponent's cue ball, as the core assigned it.
    let other_ball = live
        .game
        .with_untracked(|g| {
            g.as_ref()
                .zip(v.at_table)
                .and_then(|(g, p)| g.ball_of(p.other()))
        })
        .unwrap_or(Ball::Yellow);
    let touching = RwSignal::new(Ball::Red);
    let (discipline, table, rule) = (v.discipline, v.table, v.contact_rule);
    let touching_only = rule == ContactRule::ChooseRespotTouching;
    // The ball not in contact, the one that stays where it is.
    let free_ball = move || Ball::third(shooter_ball, touching.get()).unwrap_or(Ball::Red);
    // The spot the free ball sits on, if any (three-cushion only).
    let free_on = RwSignal::new(None::<Spot>);
    let occupied = move |spot: Option<Spot>, touching: Ball| -> Vec<(Spot, Ball)> {
        spot.filter(|_| touching_only)
            .zip(Ball::third(shooter_ball, touching))
            .into_iter()
            .collect()
    };
    let guidance = Signal::derive(move || {
        let t = touching.get();
        Guidance::contact_respot(
            discipline,
            table,
            shooter_ball,
            t,
            &occupied(free_on.get(), t),
        )
    });
    let send = move |choice: Option<ContactChoice>| {
        let occupied = if choice == Some(ContactChoice::PlayOn) {
            vec![]
        } else {
            occupied(free_on.get_untracked(), touching.get_untracked())
                .into_iter()
                .map(|(spot, ball)| Occupied { spot, ball })
                .collect()
        };
        live.send(Event::Contact {
            choice,
            with: None,
            ball: Some(touching.get_untracked()),
            occupied,
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
        <Modal title=Signal::derive(i18n.text("scoring-contact-title")) testid="contact-dialog" class="respot">
            <p class="help" data-testid="contact-rule">{i18n.text(rule_text)}</p>
            <fieldset class="ball-pick">
                <legend>{i18n.text("scoring-contact-which")}</legend>
                {[Ball::Red, other_ball].map(|b| view! {
                    <label class="check">
                        <input type="radio" name="touching" data-testid=format!("touching-{}", b.id())
                            prop:checked=move || touching.get() == b
                            on:change=move |_| touching.set(b)/>
                        {move || i18n.msg(&b.message())}
                    </label>
                })}
            </fieldset>
            <Show when=move || touching_only>
                <label class="spot-pick">
                    <span>{move || i18n.tr("scoring-contact-occupied", &[("ball", i18n.msg(&free_ball().message()).into())])}</span>
                    <select data-testid="contact-occupied"
                        on:change=move |ev| {
                            let id = event_target_value(&ev);
                            free_on.set(Spot::RESPOT.into_iter().find(|s| s.id() == id));
                        }>
                        <option value="" selected=move || free_on.get().is_none()>{i18n.text("scoring-contact-occupied-none")}</option>
                        {Spot::RESPOT.map(|s| view! {
                            <option value=s.id() selected=move || free_on.get() == Some(s)>{move || i18n.msg(&s.message())}</option>
                        })}
                    </select>
                </label>
            </Show>
            <p class="prompt" data-testid="contact-guide">{move || i18n.msg(&guidance.get().message())}</p>
            <TableDiagram guidance=guidance/>
            <div class="choice-row">
                <button class="primary" data-testid="contact-respot" on:click=move |_| send(Some(ContactChoice::Respot))>
                    {i18n.text(if rule == ContactRule::RespotCompulsory { "scoring-contact-respot-compulsory" } else { "scoring-contact-respot" })}
                </button>
                <Show when=move || rule != ContactRule::RespotCompulsory>
                    <button class="secondary" data-testid="contact-play-on" on:click=move |_| send(Some(ContactChoice::PlayOn))>
                        {i18n.text("scoring-contact-play-on")}
                    </button>
                </Show>
            </div>
            <button class="secondary" data-testid="contact-cushion"
                on:click=move |_| {
                    live.send(Event::Contact { choice: None, with: Some(carom_core::ContactWith::Cushion), ball: None, occupied: vec![], at: Live::now() });
                    dialogs.close();
                }>
                {i18n.text("scoring-contact-cushion")}
            </button>
        </Modal>
    }
    .into_any()
}
