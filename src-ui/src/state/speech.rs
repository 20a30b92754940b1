//! Spoken announcements, in the chosen language, when the referee turned the voice on.
//!
//! The text is said by the platform's speech engine through the backend's `speak`
//! command (on Linux espeak-ng, which has French and Spanish voices; WebKitGTK's Web
//! Speech speaks English at best). Where the backend has no engine, the web view's own
//! voice (Web Speech) is used instead. Speaking never holds up the screen, and a new
//! announcement cuts the one still being said.

use std::cell::Cell;

use carom_core::AnnouncementRecord;
use carom_i18n::Lang;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use carom_api::ErrorCode;

use crate::backend::call;

thread_local! {
    static VOICE: Cell<bool> = const { Cell::new(false) };
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    /// The backend has no speech engine: use Web Speech.
    static WEB_SPEECH: Cell<bool> = const { Cell::new(false) };
}

/// Turns the voice on or off.
pub fn set_voice(on: bool) {
    VOICE.with(|v| v.set(on));
}

/// The language to speak.
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

/// The language tag that picks a correct Web Speech voice (prefixes pick odd ones).
fn voice_tag(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en-GB",
        Lang::Fr => "fr-FR",
        Lang::Es => "es-ES",
    }
}

/// What is said for `announcements` in `lang`: each announcement's localized text, in
/// speaking order (R-ANN-5).
pub fn spoken_text(lang: Lang, announcements: &[AnnouncementRecord]) -> String {
    announcements
        .iter()
        .map(|a| carom_i18n::message(lang, &a.announcement.message()))
        .collect::<Vec<_>>()
        .join(". ")
}

/// Whether a voice tagged `tag` (`fr-FR`…) speaks `lang`: same language subtag.
pub fn voice_speaks(tag: &str, lang: Lang) -> bool {
    tag.split(['-', '_'])
        .next()
        .is_some_and(|l| l.eq_ignore_ascii_case(lang.code()))
}

/// Speaks `text` with the browser's voice for `lang`. Where the browser has no voice for
/// the language (an English-only engine reading French…), it says nothing: the
/// announcement is on the screen anyway.
fn web_speech(text: &str, lang: Lang) {
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return;
    };
    synth.cancel();
    let voice = synth
        .get_voices()
        .iter()
        .filter_map(|v| v.dyn_into::<web_sys::SpeechSynthesisVoice>().ok())
        .find(|v| voice_speaks(&v.lang(), lang));
    let Some(voice) = voice else {
        return;
    };
    if let Ok(u) = web_sys::SpeechSynthesisUtterance::new_with_text(text) {
        u.set_lang(voice_tag(lang));
        u.set_voice(Some(&voice));
        synth.speak(&u);
    }
}

/// Speaks `announcements` (those of the last committed event), if the voice is on.
pub fn announce(announcements: &[AnnouncementRecord]) {
    if !VOICE.with(Cell::get) {
        return;
    }
    let lang = LANG.with(Cell::get);
    let text = spoken_text(lang, announcements);
    if text.is_empty() {
        return;
    }
    if WEB_SPEECH.with(Cell::get) {
        web_speech(&text, lang);
        return;
    }
    spawn_local(async move {
        let args = carom_api::Speak {
            text: text.clone(),
            lang,
        };
        if let Err(e) = call(&args).await {
            // No engine here (or it failed to start): the web view's voice, from now on.
            if matches!(e.code, ErrorCode::SpeechEngineMissing { .. }) {
                WEB_SPEECH.with(|w| w.set(true));
            }
            web_speech(&text, lang);
        }
    });
}

#[cfg(test)]
mod tests {
    use carom_core::{Discipline, Event, Match, MatchSetup, Player, TableSize};

    use super::*;

    /// Player 0 back at the table with 37 of 40 in three-cushion.
    fn near_the_end() -> Match {
        let setup = MatchSetup::race(
            Discipline::ThreeCushion,
            TableSize::Match,
            ["Ana", "Blanca"],
            40,
        );
        let mut m = Match::new(setup).unwrap();
        m.apply(Event::break_by(Player::A)).unwrap();
        m.apply(Event::Inning { run: 37, at: None }).unwrap();
        m.apply(Event::miss()).unwrap();
        m
    }

    #[test]
    fn the_spoken_text_is_the_announcement_in_the_chosen_language() {
        let mut m = near_the_end();
        m.apply(Event::carom()).unwrap();
        let said = |lang| spoken_text(lang, m.last_announcements());
        assert_eq!(said(Lang::Fr), "1. Ana joue pour 2 points");
        assert_eq!(said(Lang::Es), "1. Ana juega para 2 puntos");
        assert_eq!(said(Lang::En), "1. Ana plays for 2 points");
        assert_eq!(spoken_text(Lang::Fr, &[]), "");
    }
}
