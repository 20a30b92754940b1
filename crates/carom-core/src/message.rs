//! Messages: what the core says, as a Fluent id plus arguments — never a sentence.
//!
//! Every id lives in `locales/{en,fr,es}/rules.ftl`; a test checks that the three files
//! define exactly the ids the core can produce.

use serde::{Deserialize, Serialize};

/// One argument of a [`Message`], of an error on the wire and of every Fluent lookup
/// (carom-i18n formats a decimal with the reader's separator).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Arg {
    /// A whole number (points, innings, a count). Fluent plural selectors use it.
    Number(i64),
    /// A decimal number given in thousandths (`1234` is `1.234`), e.g. an average.
    Decimal(i64),
    /// Text shown as is (a player's name) or a selector key (a ball colour id).
    Text(String),
}

impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::Number(n.into())
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_owned())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}

/// A localizable message: a kebab-case Fluent id with its named arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    /// The Fluent message id, e.g. `announce-plays-for`.
    pub id: &'static str,
    /// The named arguments, in a stable order.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// A message without arguments.
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// Adds a whole-number argument.
    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl Into<i64>) -> Message {
        self.args.push((name, Arg::Number(value.into())));
        self
    }

    /// Adds a decimal argument given in thousandths.
    #[must_use]
    pub fn decimal(mut self, name: &'static str, thousandths: i64) -> Message {
        self.args.push((name, Arg::Decimal(thousandths)));
        self
    }

    /// Adds a text argument.
    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Message {
        self.args.push((name, Arg::Text(value.into())));
        self
    }
}
