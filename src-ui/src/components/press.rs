//! The main scoring keys (carom, miss) act at the finger's touch-down.
//!
//! A referee feels a tap when the finger lands, and the lightest scorers count the point
//! then; a `click` comes only when the finger lifts, 80 ms or more later, which is as
//! long again as the whole tap-to-screen budget. So these keys act on `pointerdown`, and
//! the click that follows the lift is the same tap, ignored. A click that no pointer
//! began (Enter or Space on the focused button, assistive technology, `element.click()`)
//! acts as it always did.

use leptos::ev::{MouseEvent, PointerEvent};
use leptos::prelude::*;

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
