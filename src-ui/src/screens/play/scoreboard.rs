//! The spectator scoreboard for the club tablet or a TV: big names, scores, run, innings,
//! averages, last innings and the shot clock; it follows every committed action. Shown
//! full screen in the referee's window, or in a second window of its own.

use carom_core::{MatchView, Player};
use leptos::prelude::*;

use crate::components::announcements::Announcements;
use crate::components::clock::{PauseCountdown, ShotClockPanel};
use crate::components::diagram::ball_fill;
use crate::components::format::{longest_word, word_style};
use crate::state::i18n::use_i18n;
use crate::state::live::use_live;
use crate::state::match_ui::{Mode, View};

/// The last `n` runs of player `p`, oldest first.
fn last_runs(game: &carom_core::Match, p: Player, n: usize) -> Vec<u32> {
    let runs: Vec<u32> = game
        .innings_log()
        .iter()
        .filter(|r| r.player == p)
        .map(|r| r.run)
        .collect();
    runs[runs.len().saturating_sub(n)..].to_vec()
}

#[component]
pub fn Scoreboard(exit: bool) -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let mode = expect_context::<Mode>();
    let v = move |f: fn(&MatchView, Player) -> String, p: Player| {
        live.view
            .with(|v| v.as_ref().map(|v| f(v, p)).unwrap_or_default())
    };
    let clock = move || live.with_turn(|t| t.clock).unwrap_or(false);
    let paused = move || live.with_turn(|t| t.paused).unwrap_or(false);
    let side = move |p: Player| {
        let at_table = move || live.with_turn(|t| t.at_table == Some(p)).unwrap_or(false);
        let ball = move || live.with_turn(|t| t.seats[p].ball).flatten();
        let name = move || {
            live.with_turn(|t| t.seats[p].name.clone())
                .unwrap_or_default()
        };
        let average = move || {
            live.view.with(|v| {
                v.as_ref()
                    .map(|v| i18n.average(&v.players[p].general_average))
                    .unwrap_or_default()
            })
        };
        let runs = move || {
            live.game
                .with(|g| g.as_ref().map(|g| last_runs(g, p, 6)).unwrap_or_default())
        };
        let word = move || {
            word_style(
                live.with_turn(|t| longest_word(&t.seats[p].name))
                    .unwrap_or(0),
            )
        };
        view! {
            <div class="sb-player" class:at-table=at_table data-testid=format!("sb-player-{p}")>
                <div class="sb-name" style=word>
                    {move || ball().map(|b| view! { <span class="dot big" style=format!("background:{}", ball_fill(b))></span> })}
                    <span data-testid=format!("sb-name-{p}")>{name}</span>
                </div>
                <div class="sb-score" data-testid=format!("sb-score-{p}")>{move || v(|v, p| v.players[p].score.to_string(), p)}</div>
                <div class="sb-target">{move || i18n.tr("scoring-of-target", &[("target", live.with_turn(|t| t.seats[p].target).unwrap_or(0).into())])}</div>
                <Show when=at_table>
                    <div class="sb-run">
                        <span class="label">{i18n.text("scoring-run")}</span>
                        <span class="sb-run-digits" data-testid="sb-run">{move || live.view.with(|v| v.as_ref().map(|v| v.current_run).unwrap_or(0))}</span>
                    </div>
                </Show>
                <dl class="sb-stats">
                    <div><dt>{i18n.text("scoring-innings")}</dt><dd>{move || live.with_turn(|t| t.seats[p].innings.to_string()).unwrap_or_default()}</dd></div>
                    <div><dt>{i18n.text("scoring-average")}</dt><dd>{average}</dd></div>
                    <div><dt>{i18n.text("scoring-high-run")}</dt><dd>{move || v(|v, p| v.players[p].high_run.to_string(), p)}</dd></div>
                </dl>
                <p class="sb-runs" aria-label=i18n.text("board-last-runs")>
                    <span class="label">{i18n.text("board-last-runs")}</span>
                    {move || runs().into_iter().map(|r| view! { <span class="sb-chip">{r}</span> }).collect_view()}
                </p>
            </div>
        }
    };
    view! {
        <section class="scoreboard" data-testid="scoreboard" aria-label=i18n.text("board-title")>
            <div class="sb-players">{side(Player::A)}{side(Player::B)}</div>
            <div class="sb-foot">
                {move || live.view.with(|v| v.as_ref().and_then(|v| v.equalizing_inning.then(|| {
                    let t = v.at_table.unwrap_or(Player::A);
                    i18n.tr("scoring-equalizing", &[("name", v.players[t].name.clone().into()), ("points", v.players[t].to_go.into())])
                }))).map(|t| view! { <p class="equalizing">{t}</p> })}
                <Show when=clock>
                    <ShotClockPanel/>
                </Show>
                <Show when=paused>
                    <p class="paused" role="status">{i18n.text("scoring-paused")}</p>
                    <PauseCountdown/>
                </Show>
                <Announcements/>
            </div>
            <Show when=move || exit>
                <button class="secondary sb-exit" data-testid="scoreboard-exit"
                    on:click=move |_| mode.0.set(View::Referee)>
                    {i18n.text("ui-back")}
                </button>
            </Show>
        </section>
    }
}
