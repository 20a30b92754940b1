//! Plain SVG charts (no JavaScript chart library): the general average per match with
//! its least-squares trend line, the runs distribution, the high run per match.
//!
//! Each chart is drawn in a 360 × 220 user-space box scaled to the width of its
//! container, so it reads the same on a 390 px phone and on a tablet; text stays at
//! 12–13 units. Every chart has a title and a description for screen readers.

use carom_i18n::{format_thousandths, Lang};
use leptos::prelude::*;

use crate::state::i18n::use_i18n;

/// The drawing box.
const W: f64 = 360.0;
const H: f64 = 220.0;
/// Room for the y-axis labels on the left and the x-axis caption at the bottom.
const LEFT: f64 = 44.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 34.0;
/// The most bars the runs distribution draws; wider runs are grouped.
const MAX_BARS: usize = 24;

/// A round upper bound for an axis showing values up to `max` (1, 2, 2.5, 5 × 10ⁿ).
pub fn nice_max(max: f64) -> f64 {
    if max <= 0.0 || !max.is_finite() {
        return 1.0;
    }
    let magnitude = 10f64.powf(max.log10().floor());
    for step in [1.0, 2.0, 2.5, 5.0, 10.0] {
        if step * magnitude >= max {
            return step * magnitude;
        }
    }
    10.0 * magnitude
}

/// A round upper bound for a count axis whose middle line is a whole number too
/// (2, 4, 10 × 10ⁿ; at least 2).
pub fn nice_count_max(max: u64) -> u64 {
    let mut magnitude = 1u64;
    loop {
        for step in [2, 4, 10] {
            if step * magnitude >= max {
                return step * magnitude;
            }
        }
        magnitude = magnitude.saturating_mul(10);
    }
}

/// The x position of the `i`-th of `n` evenly spaced points.
fn x_of(i: usize, n: usize) -> f64 {
    let plot = W - LEFT - RIGHT;
    if n <= 1 {
        LEFT + plot / 2.0
    } else {
        LEFT + plot * i as f64 / (n - 1) as f64
    }
}

/// The y position of `v` on an axis from 0 to `top`.
fn y_of(v: f64, top: f64) -> f64 {
    let plot = H - TOP - BOTTOM;
    TOP + plot * (1.0 - (v / top).clamp(0.0, 1.0))
}

/// A value with three decimals in `lang`.
fn decimal(lang: Lang, v: f64) -> String {
    format_thousandths(lang, (v * 1000.0).round() as i64)
}

/// An axis label: the value with only the decimals it needs (`0`, `2,5`, `0,25`).
pub fn axis_label(lang: Lang, v: f64) -> String {
    let text = decimal(lang, v);
    let sep = lang.decimal_separator();
    let trimmed = text.trim_end_matches('0');
    trimmed.strip_suffix(sep).unwrap_or(trimmed).to_owned()
}

/// The values of the grid lines: 0, ½ and the top of the axis.
fn grid_values(top: f64) -> [f64; 3] {
    [0.0, top / 2.0, top]
}

/// Horizontal grid lines at [`grid_values`], with their labels.
fn grid(top: f64, labels: [String; 3]) -> impl IntoView {
    grid_values(top)
        .into_iter()
        .zip(labels)
        .map(|(v, label)| {
            let y = y_of(v, top);
            view! {
                <line class="chart-grid" x1=LEFT x2=W - RIGHT y1=y y2=y/>
                <text class="chart-tick" x=LEFT - 6.0 y=y + 4.0 text-anchor="end">{label}</text>
            }
        })
        .collect_view()
}

fn caption(text: String) -> impl IntoView {
    view! {
        <text class="chart-caption" x=LEFT + (W - LEFT - RIGHT) / 2.0 y=H - 8.0 text-anchor="middle">
            {text}
        </text>
    }
}

/// The general average of each match, oldest first, with the least-squares trend line
/// `intercept + slope × i`.
#[component]
pub fn AverageChart(
    /// The averages in thousandths, oldest first.
    averages: Vec<u64>,
    /// The trend line `(slope, intercept)`, in average units per match.
    trend: Option<(f64, f64)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let n = averages.len();
    let values: Vec<f64> = averages.iter().map(|&t| t as f64 / 1000.0).collect();
    let trend_ends = trend.map(|(slope, intercept)| {
        let last = n.saturating_sub(1) as f64;
        (intercept, intercept + slope * last)
    });
    let top = nice_max(
        values
            .iter()
            .copied()
            .chain(trend_ends.iter().flat_map(|&(a, b)| [a, b]))
            .fold(0.0, f64::max),
    );
    let points: String = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x_of(i, n), y_of(*v, top)))
        .collect::<Vec<_>>()
        .join(" ");
    let dots = (n <= 60).then(|| {
        values
            .iter()
            .enumerate()
            .map(|(i, v)| view! { <circle class="chart-dot" cx=x_of(i, n) cy=y_of(*v, top) r="3.5"/> })
            .collect_view()
    });
    let trend_line = trend_ends.map(|(a, b)| {
        view! {
            <line class="chart-trend" data-testid="chart-trend"
                x1=x_of(0, n) y1=y_of(a, top) x2=x_of(n - 1, n) y2=y_of(b, top)/>
        }
    });
    let slope = trend.map(|(s, _)| s);
    view! {
        <figure class="chart" data-testid="chart-average">
            <figcaption>{i18n.text("chart-average-title")}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" preserveAspectRatio="xMidYMid meet">
                <title>{i18n.text("chart-average-title")}</title>
                <desc>{move || i18n.tr("chart-average-desc", &[("count", (n as i64).into())])}</desc>
                {move || grid(top, grid_values(top).map(|v| axis_label(i18n.0.get(), v)))}
                <polyline class="chart-line" points=points/>
                {dots}
                {trend_line}
                {move || caption(i18n.t("chart-axis-matches"))}
            </svg>
            {slope.map(|s| view! {
                <p class="chart-legend">
                    <span class="chart-key trend"></span>
                    {move || {
                        let sign = if s >= 0.0 { "+" } else { "" };
                        let value = format!("{sign}{}", decimal(i18n.0.get(), s));
                        i18n.tr("chart-trend-line", &[("slope", value.into())])
                    }}
                </p>
            })}
        </figure>
    }
}

/// Bars: one per `(label, count)`, labelled every few bars.
fn bars(items: &[(String, u64)], top: f64) -> impl IntoView {
    let n = items.len().max(1);
    let plot = W - LEFT - RIGHT;
    let slot = plot / n as f64;
    let width = (slot * 0.8).max(1.0);
    let every = n.div_ceil(8);
    items
        .iter()
        .enumerate()
        .map(|(i, (label, count))| {
            let x = LEFT + slot * i as f64 + (slot - width) / 2.0;
            let y = y_of(*count as f64, top);
            let tick = (i % every == 0).then(|| {
                view! {
                    <text class="chart-tick" x=x + width / 2.0 y=H - BOTTOM + 14.0 text-anchor="middle">
                        {label.clone()}
                    </text>
                }
            });
            view! {
                <rect class="chart-bar" x=x y=y width=width height=(H - BOTTOM - y).max(0.0)>
                    <title>{format!("{label}: {count}")}</title>
                </rect>
                {tick}
            }
        })
        .collect_view()
}

/// Groups a runs distribution into at most [`MAX_BARS`] bars of equal width: each bar
/// is `(label, innings)`, the label the run or the range `a–b`.
pub fn run_bars(runs: &[(u32, u64)]) -> Vec<(String, u64)> {
    let max = runs.iter().map(|r| r.0).max().unwrap_or(0) as usize;
    let width = (max + 1).div_ceil(MAX_BARS).max(1);
    let groups = (max + 1).div_ceil(width);
    let mut counts = vec![0u64; groups];
    for &(run, count) in runs {
        counts[run as usize / width] += count;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(g, c)| {
            let (a, b) = (g * width, g * width + width - 1);
            let label = if width == 1 {
                a.to_string()
            } else {
                format!("{a}–{b}")
            };
            (label, c)
        })
        .collect()
}

/// How many innings ended with each run.
#[component]
pub fn RunsChart(
    /// `(run, innings)` pairs.
    runs: Vec<(u32, u64)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let items = run_bars(&runs);
    let top = nice_count_max(items.iter().map(|b| b.1).max().unwrap_or(0)) as f64;
    view! {
        <figure class="chart" data-testid="chart-runs">
            <figcaption>{i18n.text("chart-runs-title")}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" preserveAspectRatio="xMidYMid meet">
                <title>{i18n.text("chart-runs-title")}</title>
                <desc>{i18n.text("chart-runs-desc")}</desc>
                {grid(top, grid_values(top).map(|v| format!("{}", v.round() as u64)))}
                {bars(&items, top)}
                {move || caption(i18n.t("chart-axis-run"))}
            </svg>
        </figure>
    }
}

/// The high run of each match, oldest first.
#[component]
pub fn HighRunsChart(
    /// High runs, oldest first.
    high_runs: Vec<u32>,
) -> impl IntoView {
    let i18n = use_i18n();
    let items: Vec<(String, u64)> = high_runs
        .iter()
        .enumerate()
        .map(|(i, &h)| ((i + 1).to_string(), u64::from(h)))
        .collect();
    let top = nice_count_max(high_runs.iter().copied().max().unwrap_or(0).into()) as f64;
    view! {
        <figure class="chart" data-testid="chart-high-runs">
            <figcaption>{i18n.text("chart-high-runs-title")}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" preserveAspectRatio="xMidYMid meet">
                <title>{i18n.text("chart-high-runs-title")}</title>
                <desc>{i18n.text("chart-high-runs-desc")}</desc>
                {grid(top, grid_values(top).map(|v| format!("{}", v.round() as u64)))}
                {bars(&items, top)}
                {move || caption(i18n.t("chart-axis-matches"))}
            </svg>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_end_on_round_numbers() {
        assert_eq!(nice_max(0.0), 1.0);
        assert_eq!(nice_max(0.468), 0.5);
        assert_eq!(nice_max(1.846), 2.0);
        assert_eq!(nice_max(2.1), 2.5);
        assert_eq!(nice_max(6.0), 10.0);
        assert_eq!(nice_max(25.0), 25.0);
        assert_eq!(nice_count_max(0), 2);
        assert_eq!(nice_count_max(3), 4);
        assert_eq!(nice_count_max(7), 10);
        assert_eq!(nice_count_max(321), 400);
    }

    #[test]
    fn axis_labels_keep_only_the_decimals_they_need_in_the_users_language() {
        assert_eq!(axis_label(Lang::Fr, 2.5), "2,5");
        assert_eq!(axis_label(Lang::En, 10.0), "10");
        assert_eq!(axis_label(Lang::Es, 0.25), "0,25");
        assert_eq!(axis_label(Lang::En, 0.0), "0");
    }

    #[test]
    fn long_runs_are_grouped_into_at_most_24_bars() {
        // Three-cushion: one bar per run.
        let short = run_bars(&[(0, 5), (1, 3), (4, 1)]);
        assert_eq!(
            short,
            [("0", 5), ("1", 3), ("2", 0), ("3", 0), ("4", 1)].map(|(l, c)| (l.to_owned(), c))
        );
        // Libre: runs up to 99 in bars of 5 (0–4, 5–9, …).
        let long = run_bars(&[(0, 2), (3, 1), (7, 4), (99, 1)]);
        assert_eq!(long.len(), 20);
        assert_eq!(long[0], ("0–4".to_owned(), 3));
        assert_eq!(long[1], ("5–9".to_owned(), 4));
        assert_eq!(long[19], ("95–99".to_owned(), 1));
        assert_eq!(long.iter().map(|b| b.1).sum::<u64>(), 8);
    }
}
