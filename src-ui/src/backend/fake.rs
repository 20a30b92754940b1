//! The backend of the component tests: each test says what a command answers
//! ([`answer`]) and reads back what the screen asked ([`asked`]). Requests and answers
//! cross as JSON, as they cross the real shells, so a screen under test reads exactly
//! what the shells would hand it; the end-to-end tests drive the real backends.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use carom_api::Command;
use serde_json::Value;

use super::{internal, ApiError};

/// A command's answer, from its request, on the wire.
type Answer = Rc<dyn Fn(Value) -> Result<Value, ApiError>>;

thread_local! {
    /// The answer of each command the test set, by command name.
    static ANSWERS: RefCell<HashMap<&'static str, Answer>> = RefCell::default();
    /// Every request made, in order: command name and arguments.
    static ASKED: RefCell<Vec<(&'static str, Value)>> = const { RefCell::new(Vec::new()) };
}

/// Forgets every answer and request: a test starts from nothing.
pub fn reset() {
    ANSWERS.with(|a| a.borrow_mut().clear());
    ASKED.with(|a| a.borrow_mut().clear());
}

/// From now on, command `C` answers what `f` makes of its request.
pub fn answer<C: Command>(f: impl Fn(C) -> Result<C::Output, ApiError> + 'static) {
    let wire: Answer = Rc::new(move |args: Value| {
        let req: C = serde_json::from_value(args).map_err(|e| internal(e.to_string()))?;
        let out = f(req)?;
        serde_json::to_value(out).map_err(|e| internal(e.to_string()))
    });
    ANSWERS.with(|a| a.borrow_mut().insert(C::NAME, wire));
}

/// The requests of command `C` made so far, oldest first.
pub fn asked<C: Command>() -> Vec<C> {
    ASKED.with(|a| {
        a.borrow()
            .iter()
            .filter(|(name, _)| *name == C::NAME)
            .filter_map(|(_, args)| serde_json::from_value(args.clone()).ok())
            .collect()
    })
}

/// Answers `req` as the test said; a command the test did not expect is an error that
/// names it (the screen shows it, the test fails on what it then sees).
pub(super) fn call<C: Command>(req: &C) -> Result<C::Output, ApiError> {
    let args = serde_json::to_value(req).map_err(|e| internal(e.to_string()))?;
    ASKED.with(|a| a.borrow_mut().push((C::NAME, args.clone())));
    let Some(answer) = ANSWERS.with(|a| a.borrow().get(C::NAME).cloned()) else {
        return Err(internal(format!("the test gave no answer to {}", C::NAME)));
    };
    let out = answer(args)?;
    serde_json::from_value(out).map_err(|e| internal(e.to_string()))
}
