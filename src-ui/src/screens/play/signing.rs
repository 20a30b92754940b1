//! The signing flow after the result (issue 5): the sheet, warnings and protests, a
//! reclamation per player, then a signature pad for the referee and each player
//! (finger, stylus or mouse; strokes kept as vector paths), and the PDF export.

use carom_api::{
    ErrorCode, ExportSheetPdf, FormField, GetSheet, PadStrokes, SaveReclamation, SignSheet,
};
use carom_core::{Player, SignerRole};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::backend::{call, ApiError};
use crate::components::sheet_view::{signature_of, SheetScreen, SheetView, SignatureImage};
use crate::state::i18n::{use_i18n, I18n};
use crate::state::shell::{Screen, Shell};

/// The pad's size in pad units (the strokes' coordinate system).
const PAD: (u16, u16) = (600, 200);
/// The signers, in the order they sign.
const ROLES: [SignerRole; 3] = SignerRole::ALL;

/// Each signer's pad, as errors name it.
const PAD_FIELDS: [FormField; 3] = [
    FormField::SignatureReferee,
    FormField::SignaturePlayer1,
    FormField::SignaturePlayer2,
];

type Strokes = Vec<Vec<[u16; 2]>>;

/// A backend error in the user's language (signer roles named too, see [`I18n::error`]).
fn error_text(i18n: I18n, e: &ApiError) -> String {
    i18n.error(e)
}

/// SVG path of strokes being drawn.
fn path_of(strokes: &Strokes) -> String {
    let mut d = String::new();
    for stroke in strokes {
        for (i, [x, y]) in stroke.iter().enumerate() {
            d.push_str(&format!(
                "{}{} {x} {y}",
                if d.is_empty() { "" } else { " " },
                if i == 0 { 'M' } else { 'L' }
            ));
        }
        if stroke.len() == 1 {
            d.push_str(" l 0.1 0");
        }
    }
    d
}

/// The pointer's position on the pad, in pad units.
fn pad_point(ev: &leptos::ev::PointerEvent) -> Option<[u16; 2]> {
    let el: web_sys::Element = ev.current_target()?.dyn_into().ok()?;
    let r = el.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    let x = (f64::from(ev.client_x()) - r.left()) / r.width() * f64::from(PAD.0);
    let y = (f64::from(ev.client_y()) - r.top()) / r.height() * f64::from(PAD.1);
    Some([
        x.clamp(0.0, f64::from(PAD.0)) as u16,
        y.clamp(0.0, f64::from(PAD.1)) as u16,
    ])
}

/// A signature pad: pointer events draw vector strokes into an SVG.
#[component]
fn SignaturePad(role: &'static str, strokes: RwSignal<Strokes>) -> impl IntoView {
    let i18n = use_i18n();
    let drawing = RwSignal::new(false);
    let down = move |ev: leptos::ev::PointerEvent| {
        ev.prevent_default();
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        if let Some(p) = pad_point(&ev) {
            drawing.set(true);
            strokes.update(|s| s.push(vec![p]));
        }
    };
    let moved = move |ev: leptos::ev::PointerEvent| {
        if !drawing.get_untracked() {
            return;
        }
        if let Some(p) = pad_point(&ev) {
            strokes.update(|s| {
                if let Some(last) = s.last_mut() {
                    if last.last() != Some(&p) {
                        last.push(p);
                    }
                }
            });
        }
    };
    // The stroke ends with the finger's lift (or the browser taking the pointer back);
    // the capture is handed back at once, so that the next tap, on Sign or Clear, goes to
    // its button and is never lost.
    let up = move |ev: leptos::ev::PointerEvent| {
        drawing.set(false);
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            if el.has_pointer_capture(ev.pointer_id()) {
                let _ = el.release_pointer_capture(ev.pointer_id());
            }
        }
    };
    let lost = move |_: leptos::ev::PointerEvent| drawing.set(false);
    view! {
        <svg
            class="signature-pad"
            data-testid=format!("pad-{role}")
            viewBox=format!("0 0 {} {}", PAD.0, PAD.1)
            role="img"
            aria-label=move || i18n.tr("sign-pad-label", &[("role", i18n.t(&format!("sheet-role-{role}")).into())])
            style="touch-action: none"
            on:pointerdown=down
            on:pointermove=moved
            on:pointerup=up
            on:pointercancel=up
            on:lostpointercapture=lost
        >
            <line x1="20" y1="160" x2="580" y2="160" class="signature-baseline"/>
            <text x="20" y="190" class="signature-role">{move || i18n.t(&format!("sheet-role-{role}"))}</text>
            <path d=move || strokes.with(path_of) fill="none" stroke="currentColor" stroke-width="3.3"
                stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}

/// The signing screen of finished match `match_id`.
#[component]
pub fn SignSheet(match_id: i64) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let sheet = RwSignal::new(None::<SheetScreen>);
    let error = RwSignal::new(None::<ApiError>);
    let notice = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let pads: [RwSignal<Strokes>; 3] = std::array::from_fn(|_| RwSignal::new(Vec::new()));
    let names: [RwSignal<String>; 3] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let texts: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
    // Each reclamation's text as last saved: "saved" shows beside the field while the
    // text is unchanged since.
    let saved: [RwSignal<Option<String>>; 2] = std::array::from_fn(|_| RwSignal::new(None));
    // The error of one pad shows in that pad; any other in a toast.
    let pad_error = move |i: usize| {
        error.with(|e| {
            e.as_ref()
                .filter(|e| e.field == Some(PAD_FIELDS[i]))
                .cloned()
        })
    };
    // A pad's "sign here first" goes as soon as something is drawn on it.
    for (i, pad) in pads.iter().copied().enumerate() {
        Effect::new(move |_| {
            let drawn = pad.with(|s| !s.is_empty());
            if drawn && pad_error(i).is_some() {
                error.set(None);
            }
        });
    }
    let other_error = move || {
        error.with(|e| {
            e.as_ref()
                .filter(|e| e.field.is_none_or(|f| !PAD_FIELDS.contains(&f)))
                .cloned()
        })
    };

    let loaded = move |s: SheetScreen, first: bool| {
        if first {
            names[0].set(s.referee.clone());
            names[1].set(s.players[0].name.clone());
            names[2].set(s.players[1].name.clone());
            for (text, written) in texts.iter().zip(&s.reclamations) {
                text.set(written.clone().unwrap_or_default());
            }
        }
        if s.locked {
            // Signed: the sheet will be exported, maybe later and offline.
            crate::components::web_app::keep_sheet_module();
        }
        sheet.set(Some(s));
    };
    spawn_local(async move {
        match call(&GetSheet { match_id }).await {
            Ok(s) => loaded(s, true),
            Err(e) => error.set(Some(e)),
        }
    });

    let save_reclamation = move |player: usize| {
        let Some(side) = Player::from_index(player) else {
            return;
        };
        let text = texts[player].get_untracked();
        busy.set(true);
        spawn_local(async move {
            let args = SaveReclamation {
                match_id,
                player: side,
                text,
            };
            match call(&args).await {
                Ok(s) => {
                    error.set(None);
                    saved[player].set(s.reclamations.get(player).cloned().flatten());
                    loaded(s, false);
                }
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    };
    // The pad whose first signature was held back because a reclamation was typed but
    // not saved (the signature would lock it out).
    let unsaved_at: RwSignal<Option<usize>> = RwSignal::new(None);
    let unsaved = move || {
        sheet.with_untracked(|s| {
            s.as_ref().is_some_and(|s| {
                s.signatures.is_empty()
                    && texts.iter().zip(&s.reclamations).any(|(typed, stored)| {
                        let typed = typed.get_untracked();
                        typed.trim() != stored.as_deref().unwrap_or("").trim()
                    })
            })
        })
    };
    let sign = move |i: usize| {
        let strokes = pads[i].get_untracked();
        if strokes.is_empty() {
            error.set(Some(
                ApiError::from(ErrorCode::EmptySignature).at(PAD_FIELDS[i]),
            ));
            return;
        }
        if unsaved() {
            unsaved_at.set(Some(i));
            return;
        }
        unsaved_at.set(None);
        let name = names[i].get_untracked();
        busy.set(true);
        spawn_local(async move {
            let args = SignSheet {
                match_id,
                role: ROLES[i],
                name,
                strokes: PadStrokes {
                    width: PAD.0,
                    height: PAD.1,
                    strokes,
                },
            };
            match call(&args).await {
                Ok(s) => {
                    error.set(None);
                    notice.set(None);
                    loaded(s, false);
                }
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    };
    let export = move |_| {
        busy.set(true);
        notice.set(None);
        spawn_local(async move {
            let lang = i18n.0.get_untracked();
            let args = ExportSheetPdf {
                match_id,
                language: lang,
            };
            match call(&args).await {
                Ok(Some(file)) => {
                    error.set(None);
                    notice.set(Some(i18n.tr("sign-exported", &[("file", file.into())])));
                }
                Ok(None) => {}
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    };

    view! {
        <section class="signing" data-testid="signing">
            <button class="link" data-testid="sign-back" on:click=move |_| {
                shell.reload_matches();
                shell.navigate(Screen::Home);
            }>{i18n.text("ui-back")}</button>
            // Answers to the buttons, inside the viewport whatever the scroll (an empty pad
            // is answered in its pad, a saved reclamation beside its field).
            <div class="toasts" aria-live="polite">
                {move || other_error().map(|e| view! {
                    <p class="toast error" role="alert" data-testid="sign-error">{move || error_text(i18n, &e)}</p>
                })}
                {move || notice.get().map(|n| view! {
                    <p class="toast ok" role="status" data-testid="sign-notice">{n}</p>
                })}
            </div>
            {move || sheet.get().map(|s| {
                let locked = s.locked;
                let complete = s.missing.is_empty();
                let first_signature = s.signatures.is_empty();
                let warnings = s.warnings.clone();
                let protests = s.protests.clone();
                let players = [s.players[0].name.clone(), s.players[1].name.clone()];
                let players2 = players.clone();
                let current = s.clone();
                view! {
                    <SheetView sheet=s.clone()/>
                    <section class="notes">
                        <h3>{i18n.text("sign-warnings")}</h3>
                        {if warnings.is_empty() {
                            view! { <p class="empty">{i18n.text("sheet-no-warnings")}</p> }.into_any()
                        } else {
                            view! { <ul data-testid="sign-warnings">{warnings.into_iter().map(|w| {
                                let who = players[w.player.index()].clone();
                                view! { <li>{i18n.tr("ui-labelled", &[("label", who.into())])}" "{w.text}</li> }
                            }).collect_view()}</ul> }.into_any()
                        }}
                        {(!protests.is_empty()).then(|| view! {
                            <h3>{i18n.text("sign-protests")}</h3>
                            <ul>{protests.into_iter().map(|p| {
                                let who = players[p.player.index()].clone();
                                view! { <li>{i18n.tr("ui-labelled", &[("label", who.into())])}" "{p.text}</li> }
                            }).collect_view()}</ul>
                        })}
                    </section>
                    <section class="reclamations">
                        <h3>{i18n.text("sign-reclamations")}</h3>
                        {(0..2usize).map(|p| {
                            let name = players2[p].clone();
                            let shown = name.clone();
                            if locked {
                                let text = current.reclamations[p].clone();
                                view! {
                                    <p data-testid=format!("reclamation-{p}")>
                                        <strong>{i18n.tr("ui-labelled", &[("label", shown.into())])}</strong>" "
                                        {move || text.clone().unwrap_or_else(|| i18n.t("sign-no-reclamation"))}
                                    </p>
                                }.into_any()
                            } else {
                                view! {
                                    <label class="field">
                                        <span>{move || i18n.tr("sign-reclamation-label", &[("name", name.clone().into())])}</span>
                                        <textarea
                                            data-testid=format!("reclamation-{p}")
                                            maxlength="2000"
                                            rows="4"
                                            prop:value=move || texts[p].get()
                                            on:input=move |ev| texts[p].set(event_target_value(&ev))
                                        ></textarea>
                                    </label>
                                    <div class="reclamation-actions">
                                        <button
                                            data-testid=format!("save-reclamation-{p}")
                                            disabled=move || busy.get() || texts[p].with(|t| t.trim().is_empty())
                                            on:click=move |_| save_reclamation(p)
                                        >{i18n.text("sign-reclamation-save")}</button>
                                        <Show when=move || saved[p].with(|s| s.as_deref().is_some_and(|s| texts[p].with(|t| t.trim() == s.trim())))>
                                            <span class="saved" role="status" data-testid=format!("reclamation-saved-{p}")>
                                                "✓ "{i18n.text("sign-reclamation-saved")}
                                            </span>
                                        </Show>
                                    </div>
                                }.into_any()
                            }
                        }).collect_view()}
                    </section>
                    <section class="signatures">
                        <h3>{i18n.text("sign-signatures")}</h3>
                        {(!complete).then(|| view! { <p class="hint">{i18n.text("sign-pad-hint")}</p> })}
                        {(first_signature && !locked).then(|| view! {
                            <p class="warning-text" role="note" data-testid="sign-locks-warning">
                                {i18n.text("sign-first-locks")}
                            </p>
                        })}
                        {ROLES.into_iter().enumerate().map(|(i, signer)| {
                            let role = signer.id();
                            let title = move || i18n.t(&format!("sheet-role-{role}"));
                            match signature_of(&current, signer).cloned() {
                                Some(sig) => {
                                    let name = sig.name.clone();
                                    view! {
                                        <figure class="signature signed" data-testid=format!("signed-{role}")>
                                            <figcaption>{title}" — "{move || i18n.tr("sign-signed-by", &[("name", name.clone().into())])}</figcaption>
                                            <SignatureImage signature=sig/>
                                        </figure>
                                    }.into_any()
                                }
                                None => view! {
                                    <div class="signature" data-testid=format!("signer-{role}")>
                                        <h4>{title}</h4>
                                        <label class="field">
                                            <span>{i18n.text("sign-signer-name")}</span>
                                            <input
                                                data-testid=format!("signer-name-{role}")
                                                prop:value=move || names[i].get()
                                                on:input=move |ev| names[i].set(event_target_value(&ev))
                                            />
                                        </label>
                                        <SignaturePad role=role strokes=pads[i]/>
                                        {move || pad_error(i).map(|e| view! {
                                            <p class="field-error" role="alert" data-testid="sign-error">{move || error_text(i18n, &e)}</p>
                                        })}
                                        <Show when=move || unsaved_at.get() == Some(i)>
                                            <p class="field-error" role="alert" data-testid="sign-unsaved">{i18n.text("sign-unsaved-reclamation")}</p>
                                        </Show>
                                        <div class="actions">
                                            <button data-testid=format!("clear-{role}")
                                                on:click=move |_| pads[i].set(Vec::new())>{i18n.text("sign-clear")}</button>
                                            <button data-testid=format!("undo-stroke-{role}")
                                                disabled=move || pads[i].with(Vec::is_empty)
                                                on:click=move |_| pads[i].update(|s| { s.pop(); })>{i18n.text("sign-undo-stroke")}</button>
                                            <button class="primary" data-testid=format!("sign-{role}")
                                                disabled=move || busy.get()
                                                on:click=move |_| sign(i)>{i18n.text("sign-sign")}</button>
                                        </div>
                                    </div>
                                }.into_any(),
                            }
                        }).collect_view()}
                    </section>
                    {complete.then(|| view! { <p class="banner" data-testid="sign-locked">{i18n.text("sign-locked")}</p> })}
                    <button class="primary big" data-testid="export-pdf"
                        disabled=move || busy.get() || !complete
                        on:click=export>{i18n.text("sign-export")}</button>
                }
            })}
        </section>
    }
}
