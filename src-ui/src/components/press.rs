//! The main scoring keys (carom, miss) act at the finger's touch-down.
//!
//! A referee feels a tap when the finger lands, and the lightest scorers count the point
//! then; a `click` comes only when the finger lifts, 80 ms or more later, which is as
//! long again as the whole tap-to-screen budget. So these keys act on `pointerdown`, and
//! the click that follows the lift is the same tap, ignored. A click that no pointer
//! began (Enter or Space on the focused button, assistive technology, `element.click()`)
//! acts as it always did.
//!
//! The signing keys (Clear, Undo stroke, Sign) act at the finger's lift instead
//! ([`Lift`]): Chromium on a phone sends no click for the first tap after a finger has
//! drawn on the pad (seen in its event log: pointerdown and pointerup reach the key, the
//! click never comes), and the referee's tap on Sign would be lost.

use leptos::ev::{MouseEvent, PointerEvent};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// One key's memory of a touch-down it has acted on, until that tap's click.
#[derive(Clone, Copy)]
pub struct Press {
    acted_on_down: StoredValue<bool>,
}

impl Press {
    pub fn new() -> Press {
        Press {
            acted_on_down: StoredValue::new(false),
        }
    }

    /// The `pointerdown` handler: `act` for the main button of the primary pointer (a
    /// finger, a pen, the mouse's left button), when `enabled` (a disabled button may
    /// still be told of a pointer).
    pub fn down(self, ev: &PointerEvent, enabled: bool, act: impl FnOnce()) {
        if enabled && ev.is_primary() && ev.button() == 0 {
            self.acted_on_down.set_value(true);
            act();
        }
    }

    /// The `click` handler: `act`, unless this is the lift of a tap already acted on.
    pub fn click(self, ev: &MouseEvent, act: impl FnOnce()) {
        // A click's `detail` (its count) is 0 when no pointer made it.
        if ev.detail() != 0 && self.acted_on_down.get_value() {
            self.acted_on_down.set_value(false);
            return;
        }
        act();
    }
}

impl Default for Press {
    fn default() -> Press {
        Press::new()
    }
}

/// A key that acts when a finger (or a pen) that landed on it lifts inside it; the click
/// that may follow is the same tap, ignored. The mouse, the keyboard and assistive
/// technology act by the click, as always.
#[derive(Clone, Copy)]
pub struct Lift {
    /// The touch pointer that landed on the key and has not lifted yet.
    pressed: StoredValue<Option<i32>>,
    acted_on_lift: StoredValue<bool>,
}

impl Lift {
    pub fn new() -> Lift {
        Lift {
            pressed: StoredValue::new(None),
            acted_on_lift: StoredValue::new(false),
        }
    }

    /// The `pointerdown` handler. Every new press forgets an earlier tap's lift, whose
    /// click may never have come.
    pub fn down(self, ev: &PointerEvent) {
        self.acted_on_lift.set_value(false);
        let touch = ev.pointer_type() != "mouse";
        self.pressed
            .set_value((touch && ev.is_primary() && ev.button() == 0).then(|| ev.pointer_id()));
    }

    /// The `pointerup` handler: `act` when the finger that landed here lifts inside the
    /// key (a finger that slides off before lifting takes the tap back), and when
    /// `enabled`.
    pub fn up(self, ev: &PointerEvent, enabled: bool, act: impl FnOnce()) {
        let landed_here = self.pressed.get_value() == Some(ev.pointer_id());
        self.pressed.set_value(None);
        if landed_here && enabled && lifted_inside(ev) {
            self.acted_on_lift.set_value(true);
            act();
        }
    }

    /// The `pointercancel` handler: the browser took the finger (a scroll), no tap.
    pub fn cancel(self) {
        self.pressed.set_value(None);
    }

    /// The `click` handler: `act`, unless this is the click of a tap acted on at its lift.
    pub fn click(self, ev: &MouseEvent, act: impl FnOnce()) {
        if ev.detail() != 0 && self.acted_on_lift.get_value() {
            self.acted_on_lift.set_value(false);
            return;
        }
        act();
    }
}

impl Default for Lift {
    fn default() -> Lift {
        Lift::new()
    }
}

/// Whether the pointer lifted inside the key it is dispatched to (a touch pointer stays
/// captured by the key it landed on, wherever it lifts).
fn lifted_inside(ev: &PointerEvent) -> bool {
    let Some(key) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let r = key.get_bounding_client_rect();
    let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
    x >= r.left() && x <= r.right() && y >= r.top() && y <= r.bottom()
}
