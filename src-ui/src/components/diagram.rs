//! The table diagram: an inline SVG of the playing surface with the balls where the
//! core's [`Guidance`] puts them (lag, starting position, re-spots), and the same
//! placements in words for screen readers and for reading at a glance.
//!
//! The table is drawn lengthwise, the bottom cushion (the end the players break from) on
//! the left, the left long cushion at the top.

use carom_core::{Ball, Guidance, GuidanceKind, Placement, Spot, TableSize};
use carom_i18n::Lang;
use leptos::prelude::*;

use crate::state::i18n::use_i18n;

/// Cushion rail width drawn around the playing surface, in mm.
const RAIL: f64 = 90.0;
/// Drawn ball radius in mm (a little larger than the real 30.75 mm, to be seen).
const BALL_R: f64 = 58.0;

/// Screen coordinates (SVG user units = mm) of a point of the playing surface.
pub fn to_svg(_table: TableSize, x_mm: f64, y_mm: f64) -> (f64, f64) {
    // Seen from the bottom cushion looking along the table (to the right on screen), the
    // left long cushion is at the top.
    (y_mm, x_mm)
}

/// The SVG fill of a ball.
pub fn ball_fill(ball: Ball) -> &'static str {
    match ball {
        Ball::White => "#fbfbf8",
        Ball::Yellow => "#f2c919",
        Ball::Red => "#c8231e",
    }
}

/// The message id of the letter drawn on a ball (colour is not the only cue): the
/// initial of the ball's name in the language (B/J/R in French, B/A/R in Spanish).
fn ball_letter(ball: Ball) -> &'static str {
    match ball {
        Ball::White => "diagram-letter-white",
        Ball::Yellow => "diagram-letter-yellow",
        Ball::Red => "diagram-letter-red",
    }
}

/// The spots marked on the cloth.
const MARKED: [Spot; 5] = [
    Spot::Top,
    Spot::Centre,
    Spot::Bottom,
    Spot::OuterLeft,
    Spot::OuterRight,
];

/// The id used in `data-spot` attributes (tests read where a ball was put).
pub fn spot_id(s: Spot) -> &'static str {
    s.id()
}

/// "Red: centre spot (top spot taken by the white)": where a ball goes, and why when its
/// own spot is taken (the core's answer, Art. 6b).
pub fn placement_words(lang: Lang, p: &Placement) -> String {
    let name = |m: &carom_core::Message| carom_i18n::message(lang, m);
    let ball = name(&p.ball.message());
    let spot = name(&p.spot.message());
    match p.own_spot_taken {
        Some(taken) => carom_i18n::tr(
            lang,
            "board-placement-taken",
            &[
                ("ball", ball.into()),
                ("spot", spot.into()),
                ("own", name(&taken.spot.message()).into()),
                ("by", name(&taken.by.message()).into()),
            ],
        ),
        None => carom_i18n::tr(
            lang,
            "board-placement",
            &[("ball", ball.into()), ("spot", spot.into())],
        ),
    }
}

/// Whether balls not listed stay where they are (only some balls move).
fn partial(kind: GuidanceKind) -> bool {
    matches!(
        kind,
        GuidanceKind::ContactRespotTouching | GuidanceKind::OffTableRespotJumped
    )
}

/// The table with the balls to place.
#[component]
pub fn TableDiagram(#[prop(into)] guidance: Signal<Guidance>) -> impl IntoView {
    let i18n = use_i18n();
    let dims = move || guidance.with(|g| g.table.playing_area_mm());
    let view_box = move || {
        let (l, w) = dims();
        format!(
            "{} {} {} {}",
            -RAIL,
            -RAIL,
            f64::from(l) + 2.0 * RAIL,
            f64::from(w) + 2.0 * RAIL
        )
    };
    let words = move || {
        guidance.with(|g| {
            g.placements
                .iter()
                .map(|p| placement_words(i18n.0.get(), p))
                .collect::<Vec<_>>()
                .join("; ")
        })
    };
    let spots = move || {
        guidance.with(|g| {
            let table = g.table;
            MARKED
                .iter()
                .map(|s| {
                    let p = s.position(table);
                    let (cx, cy) = to_svg(table, p.x_mm, p.y_mm);
                    view! { <circle class="spot" cx=cx cy=cy r="9"/> }
                })
                .collect_view()
        })
    };
    let start_line = move || {
        let (l, w) = dims();
        let x = f64::from(l) / 4.0;
        view! { <line class="start-line" x1=x y1="0" x2=x y2=f64::from(w)/> }
    };
    let balls = move || {
        guidance.with(|g| {
            let table = g.table;
            g.placements
                .iter()
                .map(|p: &Placement| {
                    let (cx, cy) = to_svg(table, p.position.x_mm, p.position.y_mm);
                    let ball = p.ball;
                    view! {
                        <g class="ball" data-testid=format!("ball-{}", ball.id()) data-spot=spot_id(p.spot)>
                            <circle cx=cx cy=cy r=BALL_R fill=ball_fill(ball)/>
                            <text x=cx y=cy + 21.0 text-anchor="middle" class="ball-letter">{i18n.text(ball_letter(ball))}</text>
                        </g>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <figure class="diagram" data-testid="diagram">
            <svg viewBox=view_box role="img" aria-label=words preserveAspectRatio="xMidYMid meet">
                <rect class="rail" x=-RAIL y=-RAIL
                    width=move || f64::from(dims().0) + 2.0 * RAIL
                    height=move || f64::from(dims().1) + 2.0 * RAIL rx="40"/>
                <rect class="cloth" x="0" y="0" width=move || dims().0 height=move || dims().1/>
                {start_line}
                {spots}
                {balls}
            </svg>
            <figcaption>
                <ul class="placements">
                    {move || guidance.with(|g| g.placements.iter().map(|p| {
                        let p = *p;
                        view! {
                            <li data-testid=format!("placement-{}", p.ball.id())
                                class:spot-taken=p.own_spot_taken.is_some()>
                                <span class="dot" style=format!("background:{}", ball_fill(p.ball))></span>
                                {move || placement_words(i18n.0.get(), &p)}
                            </li>
                        }
                    }).collect_view())}
                </ul>
                <Show when=move || guidance.with(|g| partial(g.kind))>
                    <p class="note">{i18n.text("board-others-stay")}</p>
                </Show>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use carom_core::{Discipline, SpotTaken};
    use carom_i18n::t;

    use super::*;

    #[test]
    fn the_bottom_cushion_is_drawn_on_the_left_and_the_left_cushion_on_top() {
        let (l, w) = TableSize::Match.playing_area_mm();
        // The bottom-left corner (x = 0 at the left long cushion, y = 0 at the bottom
        // cushion) is drawn top left; the top-right corner bottom right.
        assert_eq!(to_svg(TableSize::Match, 0.0, 0.0), (0.0, 0.0));
        assert_eq!(
            to_svg(TableSize::Match, f64::from(w), f64::from(l)),
            (f64::from(l), f64::from(w))
        );
    }

    #[test]
    fn the_balls_are_lettered_with_the_initials_of_their_names_in_each_language() {
        let letters =
            |lang| [Ball::White, Ball::Yellow, Ball::Red].map(|b| t(lang, ball_letter(b)));
        assert_eq!(letters(Lang::En), ["W", "Y", "R"]);
        assert_eq!(letters(Lang::Fr), ["B", "J", "R"]);
        assert_eq!(letters(Lang::Es), ["B", "A", "R"]);
    }

    #[test]
    fn a_ball_whose_own_spot_is_taken_is_told_where_it_goes_and_why() {
        // Three-cushion: the white touches the red, the yellow sits on the top spot.
        let g = Guidance::contact_respot(
            Discipline::ThreeCushion,
            TableSize::Match,
            Ball::White,
            Ball::Red,
            &[(Spot::Top, Ball::Yellow)],
        );
        let red = g.placements.iter().find(|p| p.ball == Ball::Red).unwrap();
        assert_eq!(
            red.own_spot_taken,
            Some(SpotTaken {
                spot: Spot::Top,
                by: Ball::Yellow
            })
        );
        assert_eq!(
            placement_words(Lang::En, red),
            "red: centre spot (top spot taken by the yellow)"
        );
        assert_eq!(
            placement_words(Lang::Fr, red),
            "rouge\u{a0}: mouche centrale (mouche haute occupée par la jaune)"
        );
        assert_eq!(
            placement_words(Lang::Es, red),
            "roja: mosca central (mosca alta ocupada por la amarilla)"
        );
        let white = g.placements.iter().find(|p| p.ball == Ball::White).unwrap();
        assert_eq!(white.own_spot_taken, None);
        assert!(!placement_words(Lang::En, white).contains("taken"));
    }
}
