//! Component tests: one screen mounted alone in headless Chromium, over the backend the
//! test controls ([`fake`]), typed into and clicked as a user does, and read back by
//! `data-testid`. Run by wasm-bindgen-test-runner (`cargo xtask test`); the end-to-end
//! tests (`tests/e2e`) drive the same screens over the real shells.

// Test code: a failed unwrap or expect is the failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod archive;
mod data;
mod dates;
mod history;
mod new_match;
mod player;
mod ranking;
mod signing;

use carom_i18n::Lang;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement};

use crate::backend::fake;
use crate::state::i18n::I18n;
use crate::state::prefs::Preferences;
use crate::state::shell::{Screen, Shell};

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// A screen on the page, taken off when dropped.
pub struct Mounted<H> {
    root: HtmlElement,
    /// The app's state around the screen: where it navigated, the match list.
    pub shell: Shell,
    /// The language the screen speaks (English when mounted); a test may change it.
    pub lang: RwSignal<Lang>,
    _app: H,
}

impl<H> Drop for Mounted<H> {
    fn drop(&mut self) {
        self.root.remove();
    }
}

/// Mounts `screen` (the screen shown is `at`) in the app's context, in English, over a
/// backend that has no answer yet: the test gives them ([`fake::answer`]) before.
pub fn mount<V: IntoView + 'static>(
    at: Screen,
    screen: impl FnOnce() -> V + 'static,
) -> Mounted<impl Sized> {
    let shell = Shell {
        screen: RwSignal::new(at),
        matches: RwSignal::new(None),
        fatal: RwSignal::new(None),
        updated: RwSignal::new((0, 0)),
        prefs: RwSignal::new(Preferences::default()),
    };
    let lang = RwSignal::new(Lang::En);
    let document = document();
    let root: HtmlElement = document
        .create_element("div")
        .expect("a div")
        .unchecked_into();
    document
        .body()
        .expect("a body")
        .append_child(&root)
        .expect("the div on the page");
    let app = leptos::mount::mount_to(root.clone(), move || {
        provide_context(I18n(lang));
        provide_context(shell);
        crate::state::history::provide_history_state();
        screen()
    });
    Mounted {
        root,
        shell,
        lang,
        _app: app,
    }
}

/// A fresh backend: no request yet, and no answer but the app's match list (empty),
/// which the screens read again after a change.
pub fn backend() {
    fake::reset();
    fake::answer(|_: carom_api::ListMatches| Ok(Vec::new()));
}

/// Lets the screen's effects and the backend's answers run (each is a task of the page's
/// executor; the test backend answers at once).
pub async fn settle() {
    for _ in 0..20 {
        leptos::task::tick().await;
    }
}

impl<H> Mounted<H> {
    /// The element `testid`, if shown.
    pub fn find(&self, testid: &str) -> Option<Element> {
        self.root
            .query_selector(&format!("[data-testid=\"{testid}\"]"))
            .expect("a valid selector")
    }

    /// Whether element `testid` is shown.
    pub fn shows(&self, testid: &str) -> bool {
        self.find(testid).is_some()
    }

    /// The element `testid`; the test fails, with the page, when it is not shown.
    pub fn get(&self, testid: &str) -> Element {
        self.find(testid)
            .unwrap_or_else(|| panic!("no [data-testid={testid}] in {}", self.root.inner_html()))
    }

    /// The text of element `testid`.
    pub fn text(&self, testid: &str) -> String {
        self.get(testid).text_content().unwrap_or_default()
    }

    /// The value of field `testid`.
    pub fn value(&self, testid: &str) -> String {
        js_sys::Reflect::get(&self.get(testid), &"value".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    }

    /// Whether button `testid` is disabled.
    pub fn disabled(&self, testid: &str) -> bool {
        self.get(testid).has_attribute("disabled")
    }

    /// Clicks element `testid`.
    pub fn click(&self, testid: &str) {
        self.get(testid).unchecked_into::<HtmlElement>().click();
    }

    /// Types `text` into field `testid` (its whole value), as an `input` event tells.
    pub fn type_in(&self, testid: &str, text: &str) {
        self.set(testid, text, "input");
    }

    /// Picks `value` in the select (or date field) `testid`, as a `change` event tells.
    pub fn choose(&self, testid: &str, value: &str) {
        self.set(testid, value, "change");
    }

    fn set(&self, testid: &str, value: &str, event: &str) {
        let field = self.get(testid);
        js_sys::Reflect::set(&field, &"value".into(), &JsValue::from_str(value))
            .expect("a field with a value");
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        let event = web_sys::Event::new_with_event_init_dict(event, &init).expect("an event");
        field.dispatch_event(&event).expect("the event dispatched");
    }

    /// Draws a short stroke on the pad `testid` with the pointer.
    pub fn draw(&self, testid: &str) {
        let pad = self.get(testid);
        let r = pad.get_bounding_client_rect();
        let at = |kind: &str, dx: f64| {
            let init = web_sys::PointerEventInit::new();
            init.set_bubbles(true);
            init.set_pointer_id(1);
            init.set_client_x((r.left() + r.width() * dx) as i32);
            init.set_client_y((r.top() + r.height() / 2.0) as i32);
            let event =
                web_sys::PointerEvent::new_with_event_init_dict(kind, &init).expect("an event");
            pad.dispatch_event(&event).expect("the event dispatched");
        };
        at("pointerdown", 0.2);
        at("pointermove", 0.5);
        at("pointerup", 0.8);
    }
}
