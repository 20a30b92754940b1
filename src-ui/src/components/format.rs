//! How values are written on screen in the current language: times, averages,
//! discipline names.

use carom_core::{Average, Discipline};
use carom_i18n::format_thousandths;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::state::i18n::I18n;

/// A stored RFC 3339 time shown in the user's language and time zone.
pub fn local_time(rfc3339: &str, lang: &str) -> String {
    let date = js_sys::Date::new(&JsValue::from_str(rfc3339));
    if date.get_time().is_nan() {
        return rfc3339.to_owned();
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    date.to_locale_string(lang, &options).into()
}

/// An average with three decimals in the current language.
pub fn average_text(i18n: I18n, a: &Average) -> String {
    format_thousandths(
        i18n.0.get(),
        i64::try_from(a.thousandths).unwrap_or(i64::MAX),
    )
}

/// The discipline's name in the current language.
pub fn discipline_name(i18n: I18n, d: Discipline) -> String {
    i18n.t(&format!("app-discipline-{}", d.id()))
}
