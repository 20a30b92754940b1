//! Spoken announcements through the platform's speech engine (Web Speech), in the
//! chosen language, when the referee turned the voice on.

use std::cell::Cell;

use carom_i18n::Lang;

use crate::live::Live;

thread_local! {
    static VOICE: Cell<bool> = const { Cell::new(false) };
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Turns the voice on or off.
pub fn set_voice(on: bool) {
    VOICE.with(|v| v.set(on));
}

/// The language to speak.
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

/// The language tag that picks a correct voice (prefixes pick odd ones).
fn voice_tag(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en-GB",
        Lang::Fr => "fr-FR",
        Lang::Es => "es-ES",
    }
}

/// Speaks the announcements of the last committed event, if the voice is on.
pub fn announce(live: Live) {
    if !VOICE.with(Cell::get) {
        return;
    }
    let lang = LANG.with(Cell::get);
    let text: Vec<String> = live
        .announcements()
        .iter()
        .map(|a| carom_i18n::message(lang, &a.announcement.message()))
        .collect();
    if text.is_empty() {
        return;
    }
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return;
    };
    if let Ok(u) = web_sys::SpeechSynthesisUtterance::new_with_text(&text.join(". ")) {
        u.set_lang(voice_tag(lang));
        synth.speak(&u);
    }
}
