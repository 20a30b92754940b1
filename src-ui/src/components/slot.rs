//! A part of the screen laid out on its own: what changes inside it (a figure that
//! changes on every tap) is laid out inside it, not up to the root of the page.
//!
//! Why: a score, a run or an announcement changes on every tap, and each change made the
//! browser lay the whole page out again; on a phone at 4× CPU throttling that layout
//! was about a third of the frame after a tap. A box with size and layout containment
//! is a relayout boundary, but size containment means its height cannot come from its
//! content: it is set from its content's, as a `ResizeObserver` reports it. Its answers
//! come after layout and before paint, in the same frame, so the box never shows a
//! wrong height; the box is contained only once its height is known (where there is no
//! observer it stays an ordinary box).

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The observer of one slot, and the callback it calls.
type Observer = (web_sys::ResizeObserver, Closure<dyn Fn(js_sys::Array)>);

/// A slot holding `children`, whose height follows theirs.
#[component]
pub fn Slot(children: Children) -> impl IntoView {
    let slot = NodeRef::<Div>::new();
    let observer: StoredValue<Option<Observer>, LocalStorage> = StoredValue::new_local(None);
    slot.on_load(move |slot: web_sys::HtmlDivElement| {
        let Some(content) = slot.first_element_child() else {
            return;
        };
        let follow = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let Ok(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>() else {
                return;
            };
            let height = entry.content_rect().height();
            // (tachys's `style` would shadow the DOM's.)
            let style = web_sys::HtmlElement::style(&slot);
            let _ = style.set_property("height", &format!("{height}px"));
            let _ = slot.class_list().add_1("sized");
        });
        if let Ok(o) = web_sys::ResizeObserver::new(follow.as_ref().unchecked_ref()) {
            o.observe(&content);
            observer.set_value(Some((o, follow)));
        }
    });
    on_cleanup(move || {
        if let Some((o, _follow)) = observer.try_update_value(Option::take).flatten() {
            o.disconnect();
        }
    });
    view! {
        <div class="slot" node_ref=slot>
            <div class="slot-content">{children()}</div>
        </div>
    }
}
