//! The current language as a reactive value, and message lookup in it.

use carom_api::ArgValue;
use carom_i18n::{Arg, Lang};
use leptos::prelude::*;

use crate::backend::ApiError;

/// The language signal shared through context.
#[derive(Clone, Copy)]
pub struct I18n(pub RwSignal<Lang>);

/// The language context.
pub fn use_i18n() -> I18n {
    expect_context::<I18n>()
}

impl I18n {
    /// Message `id` in the current language (reactive when called inside a view).
    pub fn t(self, id: &str) -> String {
        carom_i18n::t(self.0.get(), id)
    }

    /// Message `id` with arguments.
    pub fn tr(self, id: &str, args: &[(&str, Arg)]) -> String {
        carom_i18n::tr(self.0.get(), id, args)
    }

    /// A backend error in the current language.
    pub fn error(self, e: &ApiError) -> String {
        let (id, args) = e.code.message();
        let args: Vec<(&str, Arg)> = args
            .into_iter()
            .map(|(k, v)| {
                let arg = match v {
                    ArgValue::Number(n) | ArgValue::Decimal(n) => Arg::Number(n),
                    ArgValue::Text(t) => Arg::Text(t),
                };
                (k, arg)
            })
            .collect();
        self.tr(id, &args)
    }
}

impl I18n {
    /// A message of the rules engine (announcement, prompt, foul, error) in the current
    /// language.
    pub fn msg(self, m: &carom_core::Message) -> String {
        carom_i18n::message(self.0.get(), m)
    }

    /// An average (thousandths) with the language's decimal separator.
    pub fn average(self, a: &carom_core::Average) -> String {
        carom_i18n::format_thousandths(self.0.get(), a.thousandths as i64)
    }
}
