//! One entry for every shell: a [`Call`] (a catalogue command by name with its request)
//! in, one [`Reply`] envelope out, with the news the shell then tells the other windows
//! ([`Answered`]). The Tauri shell's one command, the web worker and `carambole serve`
//! all come through here. Generated from the catalogue, so a command cannot be listed and
//! not routed.

use carom_api::{Call, Command, Error, ErrorCode, News, Reply};
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;

use crate::App;

/// What a call answered: the reply to give the caller, and what to tell the other
/// windows and tabs once it has it (commands with [`carom_api::Effects::broadcast`]).
#[derive(Debug)]
pub struct Answered {
    /// The command's output as JSON, or its error.
    pub reply: Reply<Box<RawValue>>,
    /// What the other windows are told, after the reply.
    pub news: Option<News>,
}

impl Answered {
    /// The reply as JSON text: `{"ok": OUTPUT}` or `{"error": ERROR}`.
    pub fn reply_json(&self) -> String {
        // The output is JSON already and an error is plain data: this cannot fail.
        serde_json::to_string(&self.reply).unwrap_or_default()
    }

    /// An answer of `error`, telling nothing.
    pub fn error(error: Error) -> Answered {
        Answered {
            reply: Reply::Error(error),
            news: None,
        }
    }

    /// The reply as a result, its output as a JSON value (for shells and tests that
    /// want one).
    ///
    /// # Errors
    /// The command's error.
    pub fn into_result(self) -> Result<serde_json::Value, Error> {
        match self.reply {
            Reply::Ok(raw) => serde_json::from_str(raw.get())
                .map_err(|e| Error::from(ErrorCode::internal(e.to_string()))),
            Reply::Error(e) => Err(e),
        }
    }
}

fn request_invalid(command: &str, e: impl std::fmt::Display) -> Error {
    ErrorCode::RequestInvalid {
        command: command.to_owned(),
        detail: e.to_string(),
    }
    .into()
}

/// Reads `T` from `args` as a request of `command` is read: what does not read (a field
/// missing, a discipline that does not exist…) is [`ErrorCode::RequestInvalid`] naming
/// `command` and why. The one parse of the wire's types, which the CLI's options go
/// through too (`--discipline`).
///
/// # Errors
/// [`ErrorCode::RequestInvalid`].
pub fn read_args<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    command: &str,
    args: D,
) -> Result<T, Error> {
    T::deserialize(args).map_err(|e| request_invalid(command, e))
}

/// Reads request `C` from `args` (absent: a request with no fields), runs it with
/// `run`, and words its answer and news.
fn answer<'de, C, D>(
    name: &str,
    args: Option<D>,
    run: impl FnOnce(C) -> Result<C::Output, Error>,
) -> Answered
where
    C: Command + Clone,
    D: Deserializer<'de>,
{
    let bad = |e: String| Answered::error(ErrorCode::internal(format!("{name}: {e}")).into());
    let req = match args {
        Some(args) => read_args(name, args),
        None => serde_json::from_str("{}").map_err(|e| request_invalid(name, e)),
    };
    let req: C = match req {
        Ok(r) => r,
        Err(e) => return Answered::error(e),
    };
    let told = C::EFFECTS.broadcast.then(|| req.clone());
    let out = match run(req) {
        Ok(out) => out,
        Err(e) => return Answered::error(e),
    };
    let news = told.and_then(|req| req.news(&out));
    match serde_json::value::to_raw_value(&out) {
        Ok(raw) => Answered {
            reply: Reply::Ok(raw),
            news,
        },
        Err(e) => bad(e.to_string()),
    }
}

macro_rules! route {
    ($($name:ident: $req:ident => $out:ty, $granted:literal $(, $effects:expr)?
        $(=> tells $news:ident)?;)*) => {
        impl App {
            /// Runs `call`: its command by name, its request read from its `args` (a
            /// JSON value, a JSON text's deserializer…); answers its reply and news.
            /// Every answer comes after the store committed.
            ///
            /// An unknown command is answered with [`ErrorCode::Internal`]; arguments that
            /// are not its request with [`ErrorCode::RequestInvalid`].
            pub fn dispatch<'de, D: Deserializer<'de>>(&self, call: Call<D>) -> Answered {
                let name = call.command.as_str();
                match name {
                    $(
                        <carom_api::$req as Command>::NAME => {
                            answer(name, call.args, |req: carom_api::$req| self.$name(req))
                        }
                    )*
                    _ => Answered::error(
                        ErrorCode::internal(format!("unknown command {name}")).into(),
                    ),
                }
            }
        }
    };
}

carom_api::for_each_command!(route);
