//! One entry for every catalogue command by name, with JSON arguments and answer: what
//! the web worker (and any shell that wants it) calls. Generated from the catalogue, so
//! a command cannot be listed and not routed.

use carom_api::{Command, Error, ErrorCode};
use serde_json::Value;

use crate::App;

macro_rules! route {
    ($($name:ident: $req:ident => $out:ty, $granted:literal;)*) => {
        impl App {
            /// Runs catalogue command `name` with its request as JSON (`args`); answers
            /// its output as JSON.
            ///
            /// # Errors
            /// The command's error; [`ErrorCode::Internal`] for an unknown command or
            /// arguments that are not its request.
            pub fn dispatch(&self, name: &str, args: Value) -> Result<Value, Error> {
                match name {
                    $(
                        <carom_api::$req as Command>::NAME => {
                            let req: carom_api::$req = serde_json::from_value(args).map_err(|e| {
                                Error::from(ErrorCode::internal(format!("{name}: {e}")))
                            })?;
                            let out: $out = self.$name(req)?;
                            serde_json::to_value(out)
                                .map_err(|e| Error::from(ErrorCode::internal(e.to_string())))
                        }
                    )*
                    _ => Err(ErrorCode::internal(format!("unknown command {name}")).into()),
                }
            }
        }
    };
}

#[allow(clippy::wildcard_imports)]
mod catalogue_types {
    pub(super) use carom_api::*;
}
#[allow(unused_imports)]
use catalogue_types::*;

carom_api::for_each_command!(route);
