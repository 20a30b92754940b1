//! What a screen shows of the data it loads from the backend: [`loaded`] draws a
//! resource's view inside the app's one `Transition` and `ErrorBoundary`. While the first
//! answer is on its way nothing is drawn; a reload keeps the view the user sees until the
//! new answer replaces it; an error the backend answers is caught by the boundary and
//! said in the screen's toast.
//!
//! One shared, non-generic piece on purpose: every `Transition` or `ErrorBoundary` written
//! in a screen is a new instance of their generic code in the wasm of the app shell, which
//! is what a phone downloads first (the web app's first visit has a 1.5 MB budget).

use std::sync::Arc;

use leptos::prelude::*;

use crate::backend::ApiError;
use crate::state::i18n::use_i18n;

/// A backend answer, as a resource holds it.
pub type Answer<T> = Result<T, ApiError>;

/// A backend error as the `ErrorBoundary` catches it (an [`std::error::Error`]).
#[derive(Debug, Clone)]
pub struct Failure(pub ApiError);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The message id: the page says the message itself, in its language.
        f.write_str(self.0.code.message().0)
    }
}

impl std::error::Error for Failure {}

/// What a screen shows of its data: nothing yet (`None`, loading), its view, or the error.
pub type Content = Option<Result<AnyView, ApiError>>;

/// The view `content` makes of a screen's resources (read inside, so that the
/// transition waits for them), or the backend's error in a toast with `data-testid`
/// `testid`. An error about a form field is left to that field, which the screen's form
/// shows under it.
pub fn loaded(
    testid: &'static str,
    content: impl Fn() -> Content + Send + Sync + 'static,
) -> AnyView {
    boundary(testid, Arc::new(content))
}

fn boundary(testid: &'static str, content: Arc<dyn Fn() -> Content + Send + Sync>) -> AnyView {
    let i18n = use_i18n();
    let fallback = move |errors: ArcRwSignal<Errors>| {
        move || {
            errors.with(|list| {
                list.iter()
                    .find_map(|(_, e)| e.downcast_ref::<Failure>())
                    .filter(|f| f.0.field.is_none())
                    .map(|f| error_toast(testid, i18n.error(&f.0)))
            })
        }
    };
    view! {
        <Transition fallback=|| ()>
            <ErrorBoundary fallback>
                {move || content().map(|answer| answer.map_err(Failure))}
            </ErrorBoundary>
        </Transition>
    }
    .into_any()
}

/// An error said in a toast (inside the viewport whatever the scroll).
pub fn error_toast(testid: &'static str, message: String) -> AnyView {
    view! {
        <div class="toasts" aria-live="polite">
            <p class="toast error" role="alert" data-testid=testid>{message}</p>
        </div>
    }
    .into_any()
}
