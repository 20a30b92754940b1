//! The home screen: stored matches and the way to a new one.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::app::{MatchSummary, Screen, Shell};
use crate::i18n::use_i18n;

/// A stored RFC 3339 time shown in the user's language and time zone.
fn local_time(rfc3339: &str, lang: &str) -> String {
    let date = js_sys::Date::new(&JsValue::from_str(rfc3339));
    if date.get_time().is_nan() {
        return rfc3339.to_owned();
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    date.to_locale_string(lang, &options).into()
}

#[component]
pub fn Home() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    view! {
        <section class="home">
            <button
                class="primary big"
                data-testid="new-match"
                on:click=move |_| shell.screen.set(Screen::NewMatch)
            >
                {move || i18n.t("home-new-match")}
            </button>
            <h2>{move || i18n.t("home-matches")}</h2>
            <Show
                when=move || !shell.matches.get().is_empty()
                fallback=move || view! { <p class="empty" data-testid="no-matches">{move || i18n.t("home-no-matches")}</p> }
            >
                <ul class="match-list" data-testid="match-list">
                    <For
                        each=move || shell.matches.get()
                        key=|m: &MatchSummary| m.id
                        children=move |m: MatchSummary| {
                            let (a, b) = (m.players[0].name.clone(), m.players[1].name.clone());
                            let (ta, tb) = (m.players[0].target, m.players[1].target);
                            let discipline = format!("app-discipline-{}", m.discipline.id());
                            let status = format!("match-status-{}", m.status);
                            let created = m.created_at.clone();
                            let (id, finished) = (m.id, m.status == "finished");
                            view! {
                                <li class="match-card" data-testid="match-item">
                                    <div class="match-players">
                                        {move || i18n.tr("home-match-vs", &[("a", a.clone().into()), ("b", b.clone().into())])}
                                    </div>
                                    <div class="match-meta">
                                        <span class="discipline">{move || i18n.t(&discipline)}</span>
                                        <span>{move || i18n.tr("home-match-targets", &[("a", ta.into()), ("b", tb.into())])}</span>
                                        <span class="status">{move || i18n.t(&status)}</span>
                                        <time>{move || local_time(&created, i18n.0.get().code())}</time>
                                    </div>
                                    {finished.then(|| view! {
                                        <button data-testid="sign-open" on:click=move |_| shell.screen.set(Screen::Sign(id))>
                                            {move || i18n.t("sign-open")}
                                        </button>
                                    })}
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
        </section>
    }
}
