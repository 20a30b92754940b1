//! Spoken announcements through the platform's speech engine, in the chosen language.
//!
//! On Linux the engine is `espeak-ng` (installed by `cargo xtask setup`; WebKitGTK's Web
//! Speech speaks English at best). The text goes to the engine on its standard input,
//! never through a shell. Speaking never makes the UI wait: the engine runs on its own,
//! and a new announcement cuts the one still being spoken (a referee wants the latest
//! score, not a backlog).

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

use carom_i18n::Lang;

use carom_api::ErrorCode;

/// The speech engine's program.
pub const ENGINE: &str = "espeak-ng";

/// The announcement being spoken, if any.
static SPEAKING: Mutex<Option<Child>> = Mutex::new(None);

/// The engine's voice for a language.
pub fn voice(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en-gb",
        Lang::Fr => "fr-fr",
        Lang::Es => "es",
    }
}

/// The command line that speaks in `lang` the text given on standard input; into the WAV
/// file `wav` instead of the speakers when given.
pub fn command(lang: Lang, wav: Option<&Path>) -> Command {
    let mut c = Command::new(ENGINE);
    c.args(["-v", voice(lang)]);
    if let Some(path) = wav {
        c.arg("-w").arg(path);
    }
    c.arg("--stdin")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    c
}

fn engine_error(e: &std::io::Error) -> ErrorCode {
    if e.kind() == std::io::ErrorKind::NotFound {
        ErrorCode::SpeechEngineMissing {
            engine: ENGINE.to_owned(),
        }
    } else {
        ErrorCode::SpeechFailed {
            detail: e.to_string(),
        }
    }
}

/// Starts the engine on `text`, writing it to the engine's input; returns the running
/// engine.
///
/// # Errors
/// `error-speech-engine-missing` when the engine is not installed, `error-speech-failed`.
pub fn start(text: &str, lang: Lang, wav: Option<&Path>) -> Result<Child, ErrorCode> {
    let mut child = command(lang, wav).spawn().map_err(|e| engine_error(&e))?;
    if let Some(mut stdin) = child.stdin.take() {
        // A short text fits the pipe: this does not wait for the speech.
        if let Err(e) = stdin.write_all(text.as_bytes()) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(engine_error(&e));
        }
    }
    Ok(child)
}

/// The espeak-ng engine as the app's speech service: it speaks itself (no audio is
/// handed back) and never makes the UI wait.
#[derive(Debug, Default)]
pub struct Espeak;

impl carom_app::platform::Speech for Espeak {
    /// Cuts the announcement still being spoken, then starts the engine on `text`.
    fn speak(&self, text: &str, lang: Lang) -> Result<Option<Vec<u8>>, ErrorCode> {
        let mut speaking = SPEAKING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(mut previous) = speaking.take() {
            if matches!(previous.try_wait(), Ok(None)) {
                let _ = previous.kill();
            }
            let _ = previous.wait();
        }
        if !text.is_empty() {
            *speaking = Some(start(text, lang, None)?);
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Synthesizes `text` in `lang` to a WAV file through the same command line the app
    /// speaks with; returns the file's bytes.
    fn synthesize(text: &str, lang: Lang) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let wav = dir.path().join("speech.wav");
        let status = start(text, lang, Some(&wav))
            .unwrap_or_else(|e| panic!("{ENGINE} ({lang:?}): {e:?}"))
            .wait()
            .unwrap();
        assert!(status.success(), "{ENGINE} {lang:?}: {status}");
        std::fs::read(&wav).unwrap()
    }

    fn assert_speech(wav: &[u8], what: &str) {
        assert!(wav.len() > 44 + 8000, "{what}: {} bytes only", wav.len());
        assert_eq!(&wav[..4], b"RIFF", "{what}");
        assert_eq!(&wav[8..12], b"WAVE", "{what}");
        // Not silence: some samples of the data are loud.
        let loud = wav[44..]
            .chunks_exact(2)
            .filter(|s| i16::from_le_bytes([s[0], s[1]]).unsigned_abs() > 1000)
            .count();
        assert!(loud > 100, "{what}: silent");
    }

    #[test]
    fn french_and_spanish_voices_speak_the_localized_announcements() {
        for lang in [Lang::Fr, Lang::Es, Lang::En] {
            let text = carom_i18n::message(
                lang,
                &carom_core::Announcement::PlaysFor {
                    player: carom_core::Player::A,
                    name: "Dupont".into(),
                    points: 3,
                }
                .message(),
            );
            assert_speech(&synthesize(&text, lang), &format!("{lang:?} {text:?}"));
        }
    }

    #[test]
    fn the_engine_gets_the_language_voice_and_the_text_never_through_a_shell() {
        let c = command(Lang::Fr, None);
        assert_eq!(c.get_program(), ENGINE);
        let args: Vec<_> = c
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(args, ["-v", "fr-fr", "--stdin"]);
        assert_eq!(voice(Lang::Es), "es");
        // Shell syntax in the text is just spoken (it reaches the engine on stdin).
        assert_speech(
            &synthesize("Pour 3; $(rm -rf /) `x`", Lang::Fr),
            "shell text",
        );
    }

    #[test]
    fn a_missing_engine_is_named_and_nothing_to_say_is_not_an_error() {
        use carom_app::platform::Speech;
        let missing = engine_error(&std::io::Error::from(std::io::ErrorKind::NotFound));
        assert_eq!(
            missing,
            ErrorCode::SpeechEngineMissing {
                engine: ENGINE.into()
            }
        );
        assert_eq!(Espeak.speak("", Lang::Fr), Ok(None));
    }
}
