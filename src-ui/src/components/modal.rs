//! Dialogs over a screen: [`Modal`], the match screen's dialog frame (closed through
//! [`Dialogs`]), and [`Confirm`], a question with a cancel and a confirm button.

use leptos::prelude::*;

use crate::state::i18n::use_i18n;
use crate::state::match_ui::Dialogs;

/// A dialog over the match screen: `title`, a close button, the `children`; a click
/// outside it or on the close button closes it. `class` names its kind for the styles
/// (the re-spot dialogs, which must hold in one phone screen, are "respot").
#[component]
pub fn Modal(
    title: Signal<String>,
    testid: &'static str,
    #[prop(optional)] class: &'static str,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let dialogs = expect_context::<Dialogs>();
    view! {
        <div class="modal-backdrop" on:click=move |_| dialogs.close()>
            <div class=format!("modal {class}") role="dialog" aria-modal="true" aria-label=title data-testid=testid
                on:click=|ev| ev.stop_propagation()>
                <header class="modal-head">
                    <h2>{title}</h2>
                    <button class="secondary close" data-testid="dialog-close"
                        aria-label=i18n.text("ui-close") on:click=move |_| dialogs.close()>
                        "×"
                    </button>
                </header>
                {children()}
            </div>
        </div>
    }
}

/// The three message ids of a confirmation: the question, the answer that leaves
/// things as they are and the one that acts. Each answer says what it does ("Keep the
/// match" / "Move to the trash"), never a bare "Cancel" that could mean the action itself
/// (the French "Annuler" is both "cancel" and "undo"). A test checks that the three differ
/// in every language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfirmWords {
    /// The question (the dialog's title).
    pub title: &'static str,
    /// The answer that changes nothing.
    pub keep: &'static str,
    /// The answer that acts.
    pub act: &'static str,
}

/// A confirmation over the screen: the question of `words`, the `body`, a button that
/// changes nothing and one that acts. `name`, when given, is the `$name` of the three
/// messages.
#[component]
pub fn Confirm(
    words: ConfirmWords,
    testid: &'static str,
    #[prop(optional, into)] name: Option<String>,
    on_cancel: Callback<()>,
    on_confirm: Callback<()>,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let say = move |id: &'static str| {
        let name = name.clone();
        Signal::derive(move || match &name {
            Some(n) => i18n.tr(id, &[("name", n.clone().into())]),
            None => i18n.t(id),
        })
    };
    let title = say(words.title);
    let keep = say(words.keep);
    let act = say(words.act);
    view! {
        <div class="modal-backdrop" on:click=move |_| on_cancel.run(())>
            <div class="modal confirm" role="alertdialog" aria-modal="true" aria-label=title data-testid=testid
                on:click=|ev| ev.stop_propagation()>
                <h2 data-testid="confirm-title">{title}</h2>
                {children()}
                <div class="choice-row dialog-actions">
                    <button class="secondary" data-testid="confirm-cancel" on:click=move |_| on_cancel.run(())>
                        {keep}
                    </button>
                    <button class="danger" data-testid="confirm-ok" on:click=move |_| on_confirm.run(())>
                        {act}
                    </button>
                </div>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    //! Every confirmation of the UI, found in the source by its `ConfirmWords`, in every
    //! language: the question and the two answers are three different texts.

    use std::path::Path;

    use carom_i18n::{Arg, Lang};

    /// The ids of every `ConfirmWords` literal (its `title`, `keep` and `act` fields) in the
    /// files under `dir`.
    fn confirm_words(dir: &Path, found: &mut Vec<(String, [String; 3])>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                confirm_words(&path, found);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (at, _) in text.match_indices("ConfirmWords {") {
                let rest = &text[at..];
                let end = rest.find('}').unwrap_or(rest.len());
                let block = &rest[..end];
                let field = |name: &str| {
                    let key = format!("{name}: \"");
                    block.find(&key).map(|i| {
                        let v = &block[i + key.len()..];
                        v[..v.find('"').unwrap_or(0)].to_string()
                    })
                };
                if let (Some(t), Some(k), Some(a)) = (field("title"), field("keep"), field("act")) {
                    found.push((path.display().to_string(), [t, k, a]));
                }
            }
        }
    }

    #[test]
    fn every_confirmation_names_its_two_answers_apart_from_each_other_and_from_its_question() {
        let mut found = Vec::new();
        confirm_words(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut found,
        );
        // The undo, forfeit, second-warning, delete and restore confirmations at least.
        assert!(found.len() >= 5, "confirmations found: {found:?}");
        let args = [("name", Arg::Text("Caudron".into()))];
        for (file, ids) in &found {
            for lang in Lang::ALL {
                for id in ids {
                    assert!(
                        carom_i18n::has(lang, id),
                        "{file}: {id} missing in {lang:?}"
                    );
                }
                let [title, keep, act] = ids
                    .clone()
                    .map(|id| carom_i18n::tr(lang, &id, &args).to_lowercase());
                assert_ne!(keep, act, "{file} {ids:?} in {lang:?}");
                assert_ne!(title, keep, "{file} {ids:?} in {lang:?}");
                assert_ne!(title, act, "{file} {ids:?} in {lang:?}");
            }
        }
    }
}
