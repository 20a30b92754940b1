//! Form fields: numbers as typed (the new-match form, the match details), the backend's
//! error about a field shown under it, and the way to that field.

use leptos::prelude::*;

use crate::backend::ApiError;
use crate::state::i18n::use_i18n;

/// The backend's error about form field `field`, under it (`data-testid` `error-FIELD`);
/// nothing when `error` is about another field or none.
pub fn field_error(error: Signal<Option<ApiError>>, field: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        error
            .get()
            .filter(|e| e.field.map(carom_api::FormField::id) == Some(field))
            .map(|e| {
                view! { <p class="field-error" role="alert" data-testid=format!("error-{field}")>{i18n.error(&e)}</p> }
            })
    }
}

/// Brings the field (or message) with id `id` to the middle of the window and gives it
/// the focus, once the error that names it is on the page (the next frame): an error is
/// where the eye is, not above or below the fold.
pub fn show_field(id: &'static str) {
    request_animation_frame(move || {
        let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(id))
        else {
            return;
        };
        let at = web_sys::ScrollIntoViewOptions::new();
        at.set_block(web_sys::ScrollLogicalPosition::Center);
        el.scroll_into_view_with_scroll_into_view_options(&at);
        if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
            let focus = web_sys::FocusOptions::new();
            focus.set_prevent_scroll(true);
            let _ = el.focus_with_options(&focus);
        }
    });
}

/// A number as typed: anything that is not a whole number in range is sent as 0, which
/// the core refuses with the localized range message naming the field.
pub fn parse_number(s: &str) -> u32 {
    s.trim().parse().unwrap_or(0)
}

/// An optional number: empty means none.
pub fn parse_optional(s: &str) -> Option<u32> {
    let s = s.trim();
    (!s.is_empty()).then(|| parse_number(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_that_are_not_whole_become_zero_for_the_core_to_refuse() {
        assert_eq!(parse_number(" 40 "), 40);
        assert_eq!(parse_number("-5"), 0);
        assert_eq!(parse_number("abc"), 0);
        assert_eq!(parse_optional(""), None);
        assert_eq!(parse_optional("25"), Some(25));
    }
}
