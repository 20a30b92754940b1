//! The signing flow after the result (issue 5): the sheet, warnings and protests, a
//! reclamation per player, then a signature pad for the referee and each player
//! (finger, stylus or mouse; strokes kept as vector paths), and the PDF export.

use carom_api::{ErrorCode, FormField, GetSheet, PadStrokes, SaveReclamation, SignSheet};
use carom_core::{Player, SignerRole};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::backend::{call, ApiError};
use crate::components::loaded::{loaded, Answer};
use crate::components::press::Lift;
use crate::components::sheet_view::{
    names, signature_of, SheetNotes, SheetScreen, SheetView, SignatureImage,
};
use crate::screens::history::export::{export_action, Export};
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

/// What the parts of the signing screen share: the sheet as last answered, the three
/// actions whose answers are the screen's errors, and what is typed and drawn.
#[derive(Clone, Copy)]
struct Signing {
    match_id: i64,
    sheet: LocalResource<Answer<SheetScreen>>,
    save: Action<Player, Answer<()>>,
    sign: Action<usize, Answer<()>>,
    export: Action<Export, Answer<Option<String>>>,
    notice: RwSignal<Option<String>>,
    pads: [RwSignal<Strokes>; 3],
    names: [RwSignal<String>; 3],
    texts: [RwSignal<String>; 2],
    /// Each reclamation's text as last saved: "saved" shows beside the field while the
    /// text is unchanged since.
    saved: [RwSignal<Option<String>>; 2],
    /// The pad whose first signature was held back because a reclamation was typed but
    /// not saved (the signature would lock it out).
    unsaved_at: RwSignal<Option<usize>>,
}

impl Signing {
    fn new(match_id: i64, i18n: I18n) -> Signing {
        let pads: [RwSignal<Strokes>; 3] = std::array::from_fn(|_| RwSignal::new(Vec::new()));
        let names: [RwSignal<String>; 3] = std::array::from_fn(|_| RwSignal::new(String::new()));
        let texts: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
        let saved = std::array::from_fn(|_| RwSignal::new(None));
        // The first answer fills the signers' names and the reclamations in.
        let sheet = LocalResource::new(move || async move {
            let answer = call(&GetSheet { match_id }).await;
            if let Ok(s) = &answer {
                let players = crate::components::sheet_view::names(&s.sheet);
                names[0].set(s.sheet.header.referee.clone().unwrap_or_default());
                names[1].set(players.a);
                names[2].set(players.b);
                for (text, (_, written)) in texts.iter().zip(s.reclamations.clone()) {
                    text.set(written.unwrap_or_default());
                }
            }
            answer
        });
        // Each answer is the sheet as it now stands.
        let answered = move |answer: Answer<SheetScreen>| answer.map(|s| sheet.set(Some(Ok(s))));
        let save = Action::new_local(move |player: &Player| {
            let (player, text) = (*player, texts[player.index()].get_untracked());
            async move {
                let s = call(&SaveReclamation {
                    match_id,
                    player,
                    text,
                })
                .await?;
                saved[player.index()].set(s.reclamations[player].clone());
                answered(Ok(s))
            }
        });
        let sign = Action::new_local(move |i: &usize| {
            let (i, strokes, name) = (*i, pads[*i].get_untracked(), names[*i].get_untracked());
            async move {
                // An empty pad is answered in that pad, and nothing is sent.
                if strokes.is_empty() {
                    return Err(ApiError::from(ErrorCode::EmptySignature).at(PAD_FIELDS[i]));
                }
                let strokes = PadStrokes {
                    width: PAD.0,
                    height: PAD.1,
                    strokes,
                };
                answered(
                    call(&SignSheet {
                        match_id,
                        role: ROLES[i],
                        name,
                        strokes,
                    })
                    .await,
                )
            }
        });
        let notice = RwSignal::new(None);
        let export = export_action(i18n, notice);
        Signing {
            match_id,
            sheet,
            save,
            sign,
            export,
            notice,
            pads,
            names,
            texts,
            saved,
            unsaved_at: RwSignal::new(None),
        }
    }

    /// A button's press: the answers to the ones before go.
    fn pressed(self) {
        self.save.value().set(None);
        self.sign.value().set(None);
        self.export.value().set(None);
        self.notice.set(None);
    }

    fn busy(self) -> bool {
        self.save.pending().get() || self.sign.pending().get() || self.export.pending().get()
    }

    /// The error of pad `i`, shown in that pad.
    fn pad_error(self, i: usize) -> Option<ApiError> {
        self.sign
            .value()
            .get()
            .and_then(Result::err)
            .filter(|e| e.field == Some(PAD_FIELDS[i]))
    }

    /// Any other error, shown in a toast.
    fn other_error(self) -> Option<ApiError> {
        let signed = self.sign.value().get().and_then(Result::err);
        let signed = signed.filter(|e| e.field.is_none_or(|f| !PAD_FIELDS.contains(&f)));
        let saved = self.save.value().get().and_then(Result::err);
        signed
            .or(saved)
            .or_else(|| self.export.value().get().and_then(Result::err))
    }

    /// Whether a reclamation is typed but not saved before the first signature.
    fn unsaved(self, s: &SheetScreen) -> bool {
        s.signatures.is_empty()
            && self
                .texts
                .iter()
                .zip(s.reclamations.values())
                .any(|(typed, stored)| {
                    typed.with_untracked(|t| t.trim() != stored.as_deref().unwrap_or("").trim())
                })
    }

    fn sign(self, i: usize) {
        let held = self.sheet.with_untracked(|s| match s {
            Some(Ok(s)) => self.unsaved(s),
            _ => false,
        });
        if held && !self.pads[i].with_untracked(Vec::is_empty) {
            self.unsaved_at.set(Some(i));
            return;
        }
        self.unsaved_at.set(None);
        self.pressed();
        self.sign.dispatch(i);
    }
}

/// The signing screen of finished match `match_id`.
#[component]
pub fn SignSheet(match_id: i64) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let ctx = Signing::new(match_id, i18n);
    // A pad's "sign here first" goes as soon as something is drawn on it.
    for (i, pad) in ctx.pads.iter().copied().enumerate() {
        Effect::new(move |_| {
            if pad.with(|s| !s.is_empty()) && ctx.pad_error(i).is_some() {
                ctx.sign.value().set(None);
            }
        });
    }
    // Signed: the sheet will be exported, maybe later and offline.
    Effect::new(move |_| {
        if ctx.sheet.with(|s| matches!(s, Some(Ok(s)) if s.locked)) {
            crate::components::web_app::keep_sheet_module();
        }
    });
    view! {
        <section class="signing" data-testid="signing">
            <button class="link" data-testid="sign-back" on:click=move |_| {
                shell.reload_matches();
                shell.navigate(Screen::Home);
            }>{i18n.text("ui-back")}</button>
            // Answers to the buttons, inside the viewport whatever the scroll (an empty pad
            // is answered in its pad, a saved reclamation beside its field).
            <div class="toasts" aria-live="polite">
                {move || ctx.other_error().map(|e| view! {
                    <p class="toast error" role="alert" data-testid="sign-error">{move || i18n.error(&e)}</p>
                })}
                {move || ctx.notice.get().map(|n| view! {
                    <p class="toast ok" role="status" data-testid="sign-notice">{n}</p>
                })}
            </div>
            {loaded("sign-error", move || ctx.sheet.get().map(|r| r.map(|s| view! { <Signed s ctx/> }.into_any())))}
        </section>
    }
}

/// The sheet, its notes, the reclamations, the signatures and the export.
#[component]
fn Signed(s: SheetScreen, ctx: Signing) -> impl IntoView {
    let i18n = use_i18n();
    let complete = s.missing.is_empty();
    let export = move |_| {
        ctx.pressed();
        ctx.export.dispatch(Export::SheetPdf(ctx.match_id));
    };
    view! {
        <SheetView sheet=s.sheet.clone()/>
        <SheetNotes s=s.clone() archive=false/>
        <Reclamations s=s.clone() ctx/>
        <Signatures s ctx/>
        {complete.then(|| view! { <p class="banner" data-testid="sign-locked">{i18n.text("sign-locked")}</p> })}
        <button class="primary big" data-testid="export-pdf"
            disabled=move || ctx.busy() || !complete
            on:click=export>{i18n.text("sign-export")}</button>
    }
}

/// A reclamation per player: typed and saved until the sheet is locked, then read.
#[component]
fn Reclamations(s: SheetScreen, ctx: Signing) -> impl IntoView {
    let i18n = use_i18n();
    let names = names(&s.sheet);
    let fields = s.reclamations.map_with(|player, written| {
        let p = player.index();
        let name = names[player].clone();
        if s.locked {
            return view! {
                <p data-testid=format!("reclamation-{p}")>
                    <strong>{i18n.tr("ui-labelled", &[("label", name.into())])}</strong>" "
                    {move || written.clone().unwrap_or_else(|| i18n.t("sign-no-reclamation"))}
                </p>
            }
            .into_any();
        }
        let (text, saved) = (ctx.texts[p], ctx.saved[p]);
        let unchanged = move || saved.with(|s| s.as_deref().is_some_and(|s| text.with(|t| t.trim() == s.trim())));
        let save = move |_| {
            ctx.pressed();
            ctx.save.dispatch(player);
        };
        view! {
            <label class="field">
                <span>{move || i18n.tr("sign-reclamation-label", &[("name", name.clone().into())])}</span>
                <textarea data-testid=format!("reclamation-{p}") maxlength="2000" rows="4"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                ></textarea>
            </label>
            <div class="reclamation-actions">
                <button data-testid=format!("save-reclamation-{p}")
                    disabled=move || ctx.busy() || text.with(|t| t.trim().is_empty())
                    on:click=save
                >{i18n.text("sign-reclamation-save")}</button>
                <Show when=unchanged>
                    <span class="saved" role="status" data-testid=format!("reclamation-saved-{p}")>
                        "✓ "{i18n.text("sign-reclamation-saved")}
                    </span>
                </Show>
            </div>
        }
        .into_any()
    });
    view! {
        <section class="reclamations">
            <h3>{i18n.text("sign-reclamations")}</h3>
            {fields.into_array()}
        </section>
    }
}

/// The three signatures: given, or a pad to give it.
#[component]
fn Signatures(s: SheetScreen, ctx: Signing) -> impl IntoView {
    let i18n = use_i18n();
    let complete = s.missing.is_empty();
    let first = s.signatures.is_empty() && !s.locked;
    let signers =
        ROLES
            .into_iter()
            .enumerate()
            .map(|(i, role)| match signature_of(&s, role).cloned() {
                Some(signature) => view! { <Given role signature/> }.into_any(),
                None => view! { <Signer i ctx/> }.into_any(),
            });
    view! {
        <section class="signatures">
            <h3>{i18n.text("sign-signatures")}</h3>
            {(!complete).then(|| view! { <p class="hint">{i18n.text("sign-pad-hint")}</p> })}
            {first.then(|| view! {
                <p class="warning-text" role="note" data-testid="sign-locks-warning">
                    {i18n.text("sign-first-locks")}
                </p>
            })}
            {signers.collect_view()}
        </section>
    }
}

/// A signature given.
#[component]
fn Given(role: SignerRole, signature: carom_api::ScreenSignature) -> impl IntoView {
    let i18n = use_i18n();
    let role = role.id();
    let name = signature.name.clone();
    view! {
        <figure class="signature signed" data-testid=format!("signed-{role}")>
            <figcaption>
                {move || i18n.t(&format!("sheet-role-{role}"))}" — "
                {move || i18n.tr("sign-signed-by", &[("name", name.clone().into())])}
            </figcaption>
            <SignatureImage signature/>
        </figure>
    }
}

/// Signer `i`'s name and pad, its errors, and its buttons.
#[component]
fn Signer(i: usize, ctx: Signing) -> impl IntoView {
    let i18n = use_i18n();
    let role = ROLES[i].id();
    let (pad, name) = (ctx.pads[i], ctx.names[i]);
    let (clear, undo, sign) = (Lift::new(), Lift::new(), Lift::new());
    let clears = move || pad.set(Vec::new());
    let undoes = move || {
        pad.update(|s| {
            s.pop();
        })
    };
    let signs = move || ctx.sign(i);
    view! {
        <div class="signature" data-testid=format!("signer-{role}")>
            <h4>{move || i18n.t(&format!("sheet-role-{role}"))}</h4>
            <label class="field">
                <span>{i18n.text("sign-signer-name")}</span>
                <input data-testid=format!("signer-name-{role}")
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))/>
            </label>
            <SignaturePad role strokes=pad/>
            {move || ctx.pad_error(i).map(|e| view! {
                <p class="field-error" role="alert" data-testid="sign-error">{move || i18n.error(&e)}</p>
            })}
            <Show when=move || ctx.unsaved_at.get() == Some(i)>
                <p class="field-error" role="alert" data-testid="sign-unsaved">{i18n.text("sign-unsaved-reclamation")}</p>
            </Show>
            // They act at the finger's lift (components/press.rs says why).
            <div class="actions">
                <button data-testid=format!("clear-{role}")
                    on:pointerdown=move |ev| clear.down(&ev)
                    on:pointerup=move |ev| clear.up(&ev, true, clears)
                    on:pointercancel=move |_| clear.cancel()
                    on:click=move |ev| clear.click(&ev, clears)>{i18n.text("sign-clear")}</button>
                <button data-testid=format!("undo-stroke-{role}")
                    disabled=move || pad.with(Vec::is_empty)
                    on:pointerdown=move |ev| undo.down(&ev)
                    on:pointerup=move |ev| undo.up(&ev, pad.with_untracked(|s| !s.is_empty()), undoes)
                    on:pointercancel=move |_| undo.cancel()
                    on:click=move |ev| undo.click(&ev, undoes)>{i18n.text("sign-undo-stroke")}</button>
                <button class="primary" data-testid=format!("sign-{role}")
                    disabled=move || ctx.busy()
                    on:pointerdown=move |ev| sign.down(&ev)
                    on:pointerup=move |ev| sign.up(&ev, !ctx.busy(), signs)
                    on:pointercancel=move |_| sign.cancel()
                    on:click=move |ev| sign.click(&ev, signs)>{i18n.text("sign-sign")}</button>
            </div>
        </div>
    }
}
