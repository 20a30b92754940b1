//! The score sheet on screen (R-SHEET-2/3, issue 5): the one view of the core's
//! [`ScoreSheet`], live at the end of the match, on the signing screen and in the
//! archive. Header and result, the innings grid set by set (fouls and the equalizing
//! inning marked) with each set's totals, the match totals, the corrections; and the
//! signatures given, drawn from their vector strokes.

use carom_core::sheet::{SheetCell, SheetSet};
use carom_core::{ByPlayer, Correction, Player, ScoreSheet, Winner};
use leptos::prelude::*;

use crate::state::i18n::{use_i18n, I18n};

pub use carom_api::{ScreenSignature, SheetScreen};

/// The signature of `role` on `sheet`, if given.
pub fn signature_of(sheet: &SheetScreen, role: carom_core::SignerRole) -> Option<&ScreenSignature> {
    sheet.signatures.iter().find(|s| s.role == role)
}

/// Both players' names, player A's first.
pub fn names(sheet: &ScoreSheet) -> ByPlayer<String> {
    sheet.players.as_ref().map(|p| p.name.clone())
}

/// Notes (warnings, protests, reclamations) as list items, each under its player's name.
fn note_items(
    i18n: I18n,
    names: &ByPlayer<String>,
    notes: impl IntoIterator<Item = (Player, String)>,
) -> impl IntoView {
    notes
        .into_iter()
        .map(|(player, text)| {
            let who = names[player].clone();
            view! { <li><strong>{i18n.tr("ui-labelled", &[("label", who.into())])}</strong>" "{text}</li> }
        })
        .collect_view()
}

/// The warnings given and the protests recorded during the match, each under its
/// player's name; in the archive (`archive` true) the reclamations written at the end
/// too, which the signing screen has as fields of their own.
#[component]
pub fn SheetNotes(s: SheetScreen, archive: bool) -> impl IntoView {
    let i18n = use_i18n();
    let names = names(&s.sheet);
    let notes = |list: &[carom_core::game::NoteRecord]| {
        let items: Vec<_> = list.iter().map(|n| (n.player, n.text.clone())).collect();
        note_items(i18n, &names, items)
    };
    let (warnings, protests) = (&s.sheet.warnings, &s.sheet.protests);
    let ids = if archive {
        ["archive-notes", "archive-warnings", "archive-protests"]
    } else {
        ["", "sign-warnings", ""]
    };
    let some = |id: &'static str| (!id.is_empty()).then_some(id);
    let reclamations: Vec<_> = s
        .reclamations
        .into_iter()
        .filter_map(|(p, text)| text.map(|t| (p, t)))
        .collect();
    let written = archive.then(|| if reclamations.is_empty() {
        view! { <p class="empty" data-testid="archive-reclamations">{i18n.text("sheet-no-reclamations")}</p> }.into_any()
    } else {
        view! { <ul data-testid="archive-reclamations">{note_items(i18n, &names, reclamations)}</ul> }.into_any()
    });
    view! {
        <section class="notes" class:archive-notes=archive data-testid=some(ids[0])>
            <h3>{i18n.text("sign-warnings")}</h3>
            {if warnings.is_empty() {
                view! { <p class="empty">{i18n.text("sheet-no-warnings")}</p> }.into_any()
            } else {
                view! { <ul data-testid=some(ids[1])>{notes(warnings)}</ul> }.into_any()
            }}
            {(!protests.is_empty()).then(|| view! {
                <h3>{i18n.text("sign-protests")}</h3>
                <ul data-testid=some(ids[2])>{notes(protests)}</ul>
            })}
            {archive.then(|| view! { <h3>{i18n.text("sign-reclamations")}</h3> })}
            {written}
        </section>
    }
}

/// A player's run and running total in the grid, with the foul mark when his inning
/// ended with a foul.
fn cells(i18n: I18n, cell: Option<SheetCell>) -> impl IntoView {
    let foul = cell.is_some_and(|c| c.foul);
    view! {
        <td class="sheet-run" class:foul=foul data-foul=foul.then_some("true")>
            {cell.map_or_else(|| "–".to_owned(), |c| c.run.to_string())}
            {foul.then(|| view! { <sup class="foul-mark">{i18n.text("sheet-foul-mark")}</sup> })}
        </td>
        <td class="total">{cell.map(|c| c.total)}</td>
    }
}

/// One set's grid (the whole match when no sets are played), its totals at its foot.
fn grid(i18n: I18n, sheet: &ScoreSheet, set: &SheetSet) -> impl IntoView {
    let names = names(sheet);
    let equalizing = sheet.equalizing_inning(set);
    let number = u32::from(set.number);
    let caption = (sheet.sets.len() > 1).then(
        || view! { <caption>{move || i18n.tr("sheet-set", &[("n", number.into())])}</caption> },
    );
    let rows = set.rows.iter().map(|r| {
        let eq = equalizing == Some(r.inning);
        view! {
            <tr class:eq-row=eq data-testid=eq.then_some("equalizing-row")>
                <th scope="row">{r.inning}{eq.then_some("†")}</th>
                {cells(i18n, r.cells[Player::A])}
                {cells(i18n, r.cells[Player::B])}
            </tr>
        }
    });
    let totals = set.totals.into_array().map(|t| {
        view! {
            <td colspan="2">
                {move || i18n.tr("end-totals-line", &[
                    ("points", t.points.into()),
                    ("innings", t.innings.into()),
                    ("average", i18n.average(&t.general_average).into()),
                    ("high", t.high_run.into()),
                ])}
            </td>
        }
    });
    view! {
        <div class="sheet-scroll">
            <table class="sheet-grid sheet-table" data-testid="sheet-grid">
                {caption}
                <thead>
                    <tr>
                        <th scope="col" rowspan="2">{i18n.text("sheet-inning-short")}</th>
                        <th scope="col" colspan="2">{names.a}</th>
                        <th scope="col" colspan="2">{names.b}</th>
                    </tr>
                    <tr>
                        <th scope="col">{i18n.text("sheet-run")}</th><th scope="col">{i18n.text("sheet-total")}</th>
                        <th scope="col">{i18n.text("sheet-run")}</th><th scope="col">{i18n.text("sheet-total")}</th>
                    </tr>
                </thead>
                <tbody>{rows.collect_view()}</tbody>
                <tfoot><tr><th scope="row">{i18n.text("end-totals")}</th>{totals}</tr></tfoot>
            </table>
        </div>
    }
}

/// The marks of the grid explained, when there are any.
fn legend(i18n: I18n, sheet: &ScoreSheet) -> impl IntoView {
    let any_equalizing = sheet
        .sets
        .iter()
        .any(|s| sheet.equalizing_inning(s).is_some());
    let any_foul = sheet
        .sets
        .iter()
        .flat_map(|s| &s.rows)
        .any(|r| r.cells.values().any(|c| c.is_some_and(|c| c.foul)));
    (any_equalizing || any_foul).then(|| view! {
        <p class="sheet-legend" data-testid="sheet-legend">
            {any_equalizing.then(|| view! { <span>"† "{i18n.text("sheet-equalizing-inning")}</span> })}
            {any_foul.then(|| view! {
                <span><sup class="foul-mark">{i18n.text("sheet-foul-mark")}</sup>" "{i18n.text("sheet-foul-note")}</span>
            })}
        </p>
    })
}

/// Each player's totals for the match; each figure says what it is, for the phone,
/// where the table stacks.
fn totals(i18n: I18n, sheet: &ScoreSheet) -> impl IntoView {
    let sets = sheet.header.sets.is_some();
    let label = |id: &'static str| i18n.text(id);
    let players = sheet.players.clone().map_with(|p, pl| {
        let t = pl.totals;
        let best = pl.best_game_average.unwrap_or(t.general_average);
        let won = sets.then(|| sheet.sets_won[p]);
        view! {
            <tr>
                <th>{pl.name}</th>
                <td data-label=label("sheet-points")>{t.points}" / "{pl.target}</td>
                <td data-label=label("sheet-innings")>{t.innings}</td>
                <td data-label=label("sheet-general-average")>{move || i18n.average(&t.general_average)}</td>
                <td data-label=label("sheet-high-run")>{t.high_run}</td>
                <td data-label=label("sheet-best-game-average")>{move || i18n.average(&best)}</td>
                {won.map(|n| view! { <td data-label=label("sheet-sets-won")>{n}</td> })}
            </tr>
        }
    });
    view! {
        <table class="sheet-totals" data-testid="sheet-totals">
            <thead>
                <tr>
                    <th></th>
                    <th>{label("sheet-points")}</th>
                    <th>{label("sheet-innings")}</th>
                    <th>{label("sheet-general-average")}</th>
                    <th>{label("sheet-high-run")}</th>
                    <th>{label("sheet-best-game-average")}</th>
                    {sets.then(|| view! { <th>{label("sheet-sets-won")}</th> })}
                </tr>
            </thead>
            <tbody>{players.into_array()}</tbody>
        </table>
    }
}

/// A correction in words (R-SHEET-3).
fn correction_text(i18n: I18n, names: &ByPlayer<String>, c: &Correction) -> String {
    match c {
        Correction::Undo {
            undone,
            player,
            inning,
            ..
        } => {
            let what = i18n.t(&format!("sheet-event-{}", undone.kind()));
            let name = player.map(|p| names[p].clone());
            let (id, args) = carom_i18n::undo_message(what, name, *inning);
            i18n.tr(id, &args)
        }
        Correction::EditInning {
            player,
            inning,
            old_run,
            new_run,
            ..
        } => i18n.tr(
            "sheet-correction-edit",
            &[
                ("name", names[*player].clone().into()),
                ("inning", (*inning).into()),
                ("before", (*old_run).into()),
                ("after", (*new_run).into()),
            ],
        ),
        Correction::EditSetup {
            field,
            before,
            after,
            ..
        } => {
            let shown = |v: &Option<carom_core::SetupValue>| {
                v.as_ref().map_or_else(
                    || i18n.t("sheet-setup-none"),
                    carom_core::SetupValue::display,
                )
            };
            i18n.tr(
                "sheet-correction-setup",
                &[
                    ("field", i18n.t(field.message_id()).into()),
                    ("before", shown(before).into()),
                    ("after", shown(after).into()),
                ],
            )
        }
    }
}

/// The corrections made during the match, when there were any.
fn corrections(i18n: I18n, sheet: &ScoreSheet) -> impl IntoView {
    let names = names(sheet);
    (!sheet.corrections.is_empty()).then(|| {
        let fixes = sheet.corrections.iter().map(|c| {
            let c = c.clone();
            let names = names.clone();
            view! { <li>{move || correction_text(i18n, &names, &c)}</li> }
        });
        view! {
            <section class="corrections" data-testid="corrections">
                <h3>{i18n.text("end-corrections")}</h3>
                <ul>{fixes.collect_view()}</ul>
            </section>
        }
    })
}

/// The result as the sheet says it: who won, by forfeit or not, or a draw.
fn result_line(i18n: I18n, sheet: &ScoreSheet) -> Option<String> {
    let names = names(sheet);
    let forfeit = sheet.forfeit();
    sheet.result.map(|r| match r.winner {
        Winner::Draw => i18n.t("sheet-result-draw"),
        Winner::Player(p) => i18n.tr(
            if forfeit {
                "sheet-result-forfeit"
            } else {
                "sheet-result-win"
            },
            &[("name", names[p].clone().into())],
        ),
    })
}

/// The sheet, read-only.
#[component]
pub fn SheetView(#[prop(into)] sheet: Signal<ScoreSheet>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        sheet.with(|s| {
            let discipline = format!("sheet-discipline-{}", s.header.discipline.id());
            let referee = s.header.referee.as_deref().map(str::trim).unwrap_or("");
            let referee = (!referee.is_empty()).then(|| referee.to_owned());
            let result = result_line(i18n, s);
            view! {
                <article class="sheet" data-testid="sheet-view">
                    <header class="sheet-head">
                        <h2>{i18n.text("sheet-title")}</h2>
                        <p>{move || i18n.t(&discipline)}</p>
                        {referee.map(|name| view! {
                            <p data-testid="sheet-referee">{move || i18n.tr("ui-labelled", &[("label", i18n.t("sheet-referee").into())])}" "<strong>{name}</strong></p>
                        })}
                        {result.map(|r| view! { <p class="sheet-result" data-testid="sheet-result">{r}</p> })}
                    </header>
                    {s.sets.iter().map(|set| grid(i18n, s, set)).collect_view()}
                    {legend(i18n, s)}
                    {totals(i18n, s)}
                    {corrections(i18n, s)}
                </article>
            }
        })
    }
}

/// A signature drawn from its strokes.
#[component]
pub fn SignatureImage(signature: ScreenSignature) -> impl IntoView {
    let view_box = format!("0 0 {} {}", signature.width.max(1), signature.height.max(1));
    let width = (f32::from(signature.height.max(1)) / 60.0).max(1.0);
    view! {
        <svg class="signature-image" data-testid="signature-image" viewBox=view_box role="img" aria-label=signature.name.clone()>
            <path d=signature.path fill="none" stroke="currentColor" stroke-width=width
                stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}
