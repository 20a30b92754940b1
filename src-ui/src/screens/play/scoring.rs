//! The scoring screen: two player panels, the actions for the player at the table (by
//! identity, never by screen side), what the referee must do next, the zone tracker, the
//! shot clock, the announcements banner.

use carom_core::{Event, MatchView, PendingDecision, Player};
use leptos::prelude::*;

use crate::components::announcements::Announcements;
use crate::components::clock::{PauseCountdown, ShotClockPanel};
use crate::components::diagram::{ball_fill, TableDiagram};
use crate::components::format::{longest_word, word_style};
use crate::components::press::Press;
use crate::components::slot::Slot;
use crate::screens::play::dialogs::DialogHost;
use crate::screens::play::zone::{ZoneCalls, ZoneStatusLine};
use crate::state::i18n::use_i18n;
use crate::state::live::{use_live, Live, Seat};
use crate::state::match_ui::{Dialog, Dialogs};

/// Reads the view (a match is always open on these screens).
fn with_view<T>(live: Live, f: impl FnOnce(&MatchView) -> T) -> Option<T> {
    live.view.with(|v| v.as_ref().map(f))
}

/// One player's panel; highlighted when he is at the table.
#[component]
fn PlayerPanel(player: Player) -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let p = player;
    let at_table = move || {
        live.with_turn(|t| t.at_table == Some(player))
            .unwrap_or(false)
    };
    let field = move |f: fn(&MatchView, Player) -> String| {
        move || with_view(live, |v| f(v, p)).unwrap_or_default()
    };
    // What a carom leaves unchanged: not run again on every tap.
    let seat = move |f: fn(&Seat) -> String| {
        move || live.with_turn(|t| f(&t.seats[p])).unwrap_or_default()
    };
    // The caroms of this player tapped but not yet committed (see `Live::pending`).
    let mine = move || if at_table() { live.pending.get() } else { 0 };
    let pending = move || mine() > 0;
    let busy = move || pending().then_some("true");
    let average = move || {
        with_view(live, |v| i18n.average(&v.players[p].general_average)).unwrap_or_default()
    };
    let ball = move || live.with_turn(|t| t.seats[p].ball).flatten();
    let word = move || {
        word_style(
            live.with_turn(|t| longest_word(&t.seats[p].name))
                .unwrap_or(0),
        )
    };
    view! {
        <article
            class="panel"
            class:at-table=at_table
            data-testid=format!("panel-{player}")
            aria-current=move || at_table().then_some("true")
            aria-label=seat(|s| s.name.clone())
        >
            <header class="panel-head">
                {move || ball().map(|b| view! {
                    <span class="dot" style=format!("background:{}", ball_fill(b))
                        title=move || i18n.msg(&b.message())></span>
                })}
                <h3 class="name" style=word data-testid=format!("name-{player}")>{seat(|s| s.name.clone())}</h3>
            </header>
            // Its own layout: the score, the run and the average change on every carom.
            <Slot>
                <div class="score-line">
                    <span class="score" class:pending-tap=pending aria-busy=busy
                        data-testid=format!("score-{player}")>{move || {
                            let score = with_view(live, |v| v.players[p].score).unwrap_or(0);
                            (score + mine()).to_string()
                        }}</span>
                    <span class="target">{move || i18n.tr("scoring-of-target", &[("target", live.with_turn(|t| t.seats[p].target).unwrap_or(0).into())])}</span>
                </div>
                <Show when=at_table>
                    <div class="run" aria-label=i18n.text("scoring-run")>
                        <span class="label">{i18n.text("scoring-run")}</span>
                        <span class="run-digits" class:pending-tap=pending aria-busy=busy data-testid="run">
                            {move || with_view(live, |v| v.current_run).unwrap_or(0) + mine()}</span>
                    </div>
                </Show>
                <dl class="stats">
                    <div><dt>{i18n.text("scoring-innings")}</dt>
                        <dd data-testid=format!("innings-{player}")>{seat(|s| s.innings.to_string())}</dd></div>
                    <div><dt>{i18n.text("scoring-average")}</dt>
                        <dd data-testid=format!("average-{player}")>{average}</dd></div>
                    <div><dt>{i18n.text("scoring-high-run")}</dt>
                        <dd data-testid=format!("high-run-{player}")>{field(|v, p| v.players[p].high_run.to_string())}</dd></div>
                    <div><dt>{i18n.text("scoring-last-run")}</dt>
                        <dd data-testid=format!("last-run-{player}")>{seat(|s| s.last_run.map(|r| r.to_string()).unwrap_or_else(|| "–".into()))}</dd></div>
                </dl>
                {move || with_view(live, |v| {
                    let pv = &v.players[p];
                    let mut chips = Vec::new();
                    if v.set.is_some() {
                        chips.push(i18n.tr("scoring-sets-won", &[("sets", u32::from(pv.sets_won).into())]));
                    }
                    if pv.warnings > 0 {
                        chips.push(i18n.tr("scoring-warnings", &[("count", u32::from(pv.warnings).into())]));
                    }
                    if let Some(t) = pv.timeouts_left {
                        chips.push(i18n.tr("scoring-timeouts-left", &[("count", u32::from(t).into())]));
                    }
                    chips.into_iter().map(|c| view! { <span class="chip">{c}</span> }).collect_view()
                })}
            </Slot>
        </article>
    }
}

/// What the referee must do before the next shot, when the core says so: with `breaks`,
/// the starting position of a break (under the panels: the scores come first, in the
/// equalizing inning too), else the rest (a re-spot, the pause: above the panels).
#[component]
fn PendingCard(breaks: bool) -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let pending = move || {
        with_view(live, |v| v.pending.clone())
            .flatten()
            .filter(|p| matches!(p, PendingDecision::Break { .. }) == breaks)
    };
    move || {
        let p = pending()?;
        let prompt = i18n.msg(&p.message());
        let body = match p.clone() {
            PendingDecision::Break { guidance, .. } => {
                let g = Signal::derive(move || guidance.clone());
                view! {
                    <details class="start-reminder" open=true>
                        <summary>{i18n.text("scoring-start-position")}</summary>
                        <TableDiagram guidance=g/>
                    </details>
                }
                .into_any()
            }
            PendingDecision::Respot { guidance, .. }
            | PendingDecision::ContactChoose { guidance, .. } => {
                let choose = matches!(p, PendingDecision::ContactChoose { .. });
                let g = Signal::derive(move || guidance.clone());
                view! {
                    <TableDiagram guidance=g/>
                    <Show when=move || choose>
                        <div class="choice-row">
                            <button class="primary" data-testid="contact-respot"
                                on:click=move |_| live.send(Event::Contact { choice: Some(carom_core::ContactChoice::Respot), with: None, ball: None, occupied: vec![], at: Live::now() })>
                                {i18n.text("scoring-contact-respot")}
                            </button>
                            <button class="secondary" data-testid="contact-play-on"
                                on:click=move |_| live.send(Event::Contact { choice: Some(carom_core::ContactChoice::PlayOn), with: None, ball: None, occupied: vec![], at: Live::now() })>
                                {i18n.text("scoring-contact-play-on")}
                            </button>
                        </div>
                    </Show>
                }
                .into_any()
            }
            PendingDecision::PauseDue { .. } => view! {
                <div class="choice-row">
                    <button class="primary" data-testid="pause-start"
                        on:click=move |_| live.send(Event::PauseStart { at: Live::now() })>
                        {i18n.text("scoring-pause-start")}
                    </button>
                </div>
            }
            .into_any(),
            _ => ().into_any(),
        };
        Some(view! {
            <section class="pending" role="region" aria-label=i18n.text("scoring-to-do") data-testid="pending">
                <div class="prompt-clip" tabindex="0"><p class="prompt" data-testid="pending-prompt">{prompt}</p></div>
                {body}
            </section>
        })
    }
}

/// "Equalizing inning — <name> plays for N", and the innings left (R-ANN-3).
#[component]
fn MatchStatusLine() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    view! {
        {move || with_view(live, |v| {
            (v.equalizing_inning).then(|| {
                let t = v.at_table.unwrap_or(Player::A);
                let text = i18n.tr("scoring-equalizing", &[
                    ("name", v.players[t].name.clone().into()),
                    ("points", v.players[t].to_go.into()),
                ]);
                view! { <p class="equalizing" role="alert" data-testid="equalizing">{text}</p> }
            })
        })}
        // Its own layout: "plays for N" changes on every carom near the end.
        <Slot>
            {move || with_view(live, |v| {
                let mut chips = Vec::new();
                if let Some(s) = v.set {
                    chips.push(i18n.tr("scoring-set", &[("set", u32::from(s).into())]));
                }
                if let Some(left) = v.innings_left {
                    chips.push(i18n.tr("scoring-innings-left", &[("innings", left.into())]));
                }
                if let Some(n) = v.plays_for {
                    let t = v.at_table.unwrap_or(Player::A);
                    chips.push(i18n.tr("announce-plays-for", &[
                        ("name", v.players[t].name.clone().into()),
                        ("points", n.into()),
                    ]));
                }
                (!chips.is_empty()).then(|| view! {
                    <p class="status-line" data-testid="status-line">
                        {chips.into_iter().map(|c| view! { <span class="chip">{c}</span> }).collect_view()}
                    </p>
                })
            })}
        </Slot>
    }
}

/// The actions for the player at the table, in a bar that styles.css fixes to the bottom
/// of the window: the banners above it come and go without moving a button (issue 12).
#[component]
fn ActionBar() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let dialogs = expect_context::<Dialogs>();
    let name = move || {
        live.with_turn(|t| t.at_table.map(|p| t.seats[p].name.clone()))
            .flatten()
    };
    let playing = move || live.with_turn(|t| t.playing).unwrap_or(false);
    let paused = move || live.with_turn(|t| t.paused).unwrap_or(false);
    let can_undo = move || live.can_undo();
    let zones = move || live.with_turn(|t| t.zones).unwrap_or(false);
    // Carom and miss act at the finger's touch-down (components/press.rs).
    let (carom, miss) = (Press::new(), Press::new());
    let caroms = move || live.send(Event::Carom { at: Live::now() });
    let misses = move || live.send(Event::Miss { at: Live::now() });
    view! {
        <section class="actions-bar" aria-labelledby="at-table">
            <p id="at-table" class="at-table" data-testid="at-table">
                {move || name().map(|n| i18n.tr("scoring-at-table", &[("name", n.into())]))}
            </p>
            <div class="main-actions">
                <button class="carom" data-testid="carom" disabled=move || !playing()
                    aria-keyshortcuts="+ Enter PageDown"
                    on:pointerdown=move |ev| carom.down(&ev, playing(), caroms)
                    on:click=move |ev| carom.click(&ev, caroms)>
                    {i18n.text("scoring-carom")}
                </button>
                <button class="miss" data-testid="miss" disabled=move || !playing()
                    aria-keyshortcuts="- 0 PageUp"
                    on:pointerdown=move |ev| miss.down(&ev, playing(), misses)
                    on:click=move |ev| miss.click(&ev, misses)>
                    {i18n.text("scoring-miss")}
                </button>
            </div>
            <Show when=zones>
                <ZoneCalls/>
            </Show>
            <div class="more-actions">
                <button class="secondary" data-testid="foul" disabled=move || !playing()
                    aria-keyshortcuts="F" aria-haspopup="dialog"
                    on:click=move |_| dialogs.open(Dialog::Foul)>
                    {i18n.text("scoring-foul")}
                </button>
                <button class="secondary" data-testid="contact" disabled=move || !playing()
                    aria-keyshortcuts="C" aria-haspopup="dialog"
                    on:click=move |_| dialogs.open(Dialog::Contact)>
                    {i18n.text("scoring-contact")}
                </button>
                <button class="secondary" data-testid="undo" disabled=move || !can_undo()
                    aria-keyshortcuts="U Backspace" aria-haspopup="dialog"
                    on:click=move |_| dialogs.open(Dialog::Undo)>
                    {i18n.text("scoring-undo")}
                </button>
                <Show
                    when=paused
                    fallback=move || view! {
                        <button class="secondary" data-testid="pause" disabled=move || !playing()
                            aria-keyshortcuts="P"
                            on:click=move |_| live.send(Event::PauseStart { at: Live::now() })>
                            {i18n.text("scoring-pause")}
                        </button>
                    }
                >
                    <button class="primary" data-testid="resume" aria-keyshortcuts="P"
                        on:click=move |_| live.send(Event::PauseEnd { at: Live::now() })>
                        {i18n.text("scoring-resume")}
                    </button>
                </Show>
                <button class="secondary" data-testid="more" aria-haspopup="dialog"
                    on:click=move |_| dialogs.open(Dialog::More)>
                    {i18n.text("scoring-more")}
                </button>
            </div>
        </section>
    }
}

/// The scoring screen.
#[component]
pub fn Scoring() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let zones = move || live.with_turn(|t| t.zones).unwrap_or(false);
    let clock = move || live.with_turn(|t| t.clock).unwrap_or(false);
    let paused = move || live.with_turn(|t| t.paused).unwrap_or(false);
    // Something to do before the next shot (a re-spot, the pause): its card comes first
    // and the panels keep only the scores, so that both stay above the bar of buttons.
    let to_do = move || {
        live.view
            .with(|v| v.as_ref().is_some_and(|v| v.pending.is_some()))
    };
    view! {
        <section class="scoring" class:to-do=to_do data-testid="scoring-screen" aria-label=i18n.text("scoring-title")>
            <Announcements/>
            <MatchStatusLine/>
            <Show when=paused>
                // One banner: that play is stopped, and for how long yet.
                <div class="paused" role="status" data-testid="paused">
                    <p>{i18n.text("scoring-paused")}</p>
                    <PauseCountdown/>
                </div>
            </Show>
            <PendingCard breaks=false/>
            <Show when=zones>
                <ZoneStatusLine/>
            </Show>
            <div class="panels">
                <PlayerPanel player=Player::A/>
                <PlayerPanel player=Player::B/>
            </div>
            <PendingCard breaks=true/>
            <Show when=clock>
                <ShotClockPanel/>
            </Show>
            <ActionBar/>
            <DialogHost/>
        </section>
    }
}
