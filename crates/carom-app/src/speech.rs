//! Spoken announcements: the request is checked here; the platform's engine speaks.

use carom_api::{Error, ErrorCode, Speak};

use crate::App;

/// The longest text spoken, in characters (announcements are a few words).
pub const MAX_SPEECH_CHARS: usize = 2000;

impl App {
    /// Speaks an announcement in a language and returns at once, cutting the one still
    /// being spoken; an empty text only stops.
    ///
    /// # Errors
    /// [`ErrorCode::SpeechTooLong`], and the engine's:
    /// [`ErrorCode::SpeechEngineMissing`] (the UI then falls back to the web view's
    /// voice), [`ErrorCode::SpeechFailed`].
    pub fn speak(&self, req: Speak) -> Result<(), Error> {
        let lang = req.lang;
        let text: String = req
            .text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        if text.chars().count() > MAX_SPEECH_CHARS {
            return Err(ErrorCode::SpeechTooLong {
                max: MAX_SPEECH_CHARS as i64,
            }
            .into());
        }
        self.services.speech.speak(text.trim(), lang)?;
        Ok(())
    }
}
