//! The history (issue: storage): every stored match, searched by player, discipline,
//! dates and status, page by page, newest first; a finished match opens read-only with
//! its full sheet (`archive.rs`), an unfinished one resumes. Deleting asks first and moves
//! the match to the trash, from which it can be restored until the next backup. Match
//! files are imported (many at once) and exported here.

pub use carom_api::HistoryEntry;
use carom_api::MatchStatus;
use carom_api::{HistoryScreenPage, ImportReport, SheetCheck};
use carom_core::Player;
use leptos::prelude::*;

use crate::backend::{call, saves_as_downloads};
use crate::components::format::{discipline_name, local_time};
use crate::components::loaded::{error_toast, loaded, Answer};
use crate::components::modal::{Confirm, ConfirmWords};
use crate::components::nav::Back;
use crate::screens::history::check::SheetCheckResult;
use crate::screens::history::export::{export_action, Export};
use crate::screens::history::filters::Filters;
use crate::screens::history::import::ImportResult;
use crate::state::history::{HistoryFilter, HistoryState};
use crate::state::i18n::{use_i18n, I18n};
use crate::state::shell::{Screen, Shell};

/// "A 30 – 27 B", with the sets won first when sets are played.
fn score_line(i18n: I18n, e: &HistoryEntry) -> String {
    let names = e.players.as_ref().map(|p| &p.name);
    let Some(points) = e.points else {
        return i18n.tr(
            "home-match-vs",
            &[("a", names.a.clone().into()), ("b", names.b.clone().into())],
        );
    };
    let score = format!("{} {} – {} {}", names.a, points.a, points.b, names.b);
    match e.sets {
        Some(sets) => format!(
            "{score} · {}",
            i18n.tr(
                "history-sets",
                &[
                    ("a", u32::from(sets.a).into()),
                    ("b", u32::from(sets.b).into())
                ]
            )
        ),
        None => score,
    }
}

/// The delete confirmation's question and answers.
const DELETE_WORDS: ConfirmWords = ConfirmWords {
    title: "history-delete-title",
    keep: "history-delete-keep",
    act: "history-delete-confirm",
};

/// The second question before a signed match (an official record) goes to the trash.
const DELETE_SIGNED_WORDS: ConfirmWords = ConfirmWords {
    title: "history-delete-signed-title",
    keep: "history-delete-signed-keep",
    act: "history-delete-signed-confirm",
};

/// What the confirmation names: players, discipline, date.
fn match_label(i18n: I18n, e: &HistoryEntry) -> String {
    i18n.tr(
        "history-match-label",
        &[
            ("a", e.players[Player::A].name.clone().into()),
            ("b", e.players[Player::B].name.clone().into()),
            ("discipline", discipline_name(i18n, e.discipline).into()),
            (
                "date",
                local_time(&e.created_at, i18n.0.get_untracked().code()).into(),
            ),
        ],
    )
}

/// The title, `data-testid` and screen back of the history (or of the trash).
fn screen_words(trash: bool) -> (&'static str, &'static str, Screen) {
    if trash {
        ("history-trash-title", "trash-screen", Screen::History)
    } else {
        ("history-title", "history-screen", Screen::Home)
    }
}

/// The history (`trash: false`) or the trash (`trash: true`).
#[component]
pub fn HistoryScreen(trash: bool) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let state = expect_context::<HistoryState>();
    let (filter, trash_page) = (state.filter, state.trash_page);
    let notice: RwSignal<Option<String>> = RwSignal::new(None);
    let report: RwSignal<Option<ImportReport>> = RwSignal::new(None);
    let checked: RwSignal<Option<SheetCheck>> = RwSignal::new(None);
    let deleting: RwSignal<Option<HistoryEntry>> = RwSignal::new(None);
    let actions = RowActions::new(i18n, shell, notice);
    let import = Action::new_local(move |args: &carom_api::PickAndImportMatchFiles| {
        let args = args.clone();
        async move {
            let imported = call(&args).await;
            if let Ok(Some(r)) = &imported {
                checked.set(None);
                report.set(Some(r.clone()));
                shell.reload_matches();
            }
            imported
        }
    });
    let check = Action::new_local(move |args: &carom_api::PickAndCheckSheet| {
        let args = args.clone();
        async move {
            let answer = call(&args).await;
            match &answer {
                Ok(Some(c)) => {
                    report.set(None);
                    checked.set(Some(c.clone()));
                }
                Ok(None) => {}
                Err(_) => checked.set(None),
            }
            answer
        }
    });
    let language = move || i18n.0.get_untracked();
    let on_import = move |_| {
        notice.set(None);
        import.dispatch(carom_api::PickAndImportMatchFiles {
            language: language(),
        });
    };
    let on_check = move |_| {
        notice.set(None);
        check.dispatch(carom_api::PickAndCheckSheet {
            language: language(),
        });
    };
    // The request: the search in the history, only the page in the trash; read again
    // after a row's change or an import.
    let page = LocalResource::new(move || {
        let request = if trash {
            let page = trash_page.get();
            HistoryFilter {
                trash: true,
                page,
                ..HistoryFilter::default()
            }
        } else {
            filter.get()
        };
        actions.changed.track();
        import.version().track();
        async move {
            let answer = call(&carom_api::History { request }).await;
            // A page emptied by a deletion: the one before it is asked for instead.
            if let Some(p) = answer
                .as_ref()
                .ok()
                .filter(|p| p.entries.is_empty() && p.page > 0)
            {
                let back = p.page - 1;
                if trash {
                    trash_page.set(back)
                } else {
                    filter.update(|f| f.page = back)
                }
            }
            answer
        }
    });
    let go_page = Callback::new(move |n: u32| {
        if trash {
            trash_page.set(n)
        } else {
            filter.update(|f| f.page = n)
        }
        notice.set(None);
    });
    let field = Signal::derive(move || page.get().and_then(Result::err));
    let error = move || {
        let failed = import.value().get().and_then(Result::err);
        failed
            .or_else(|| check.value().get().and_then(Result::err))
            .or_else(|| actions.error())
            .filter(|e| e.field.is_none())
            .map(|e| error_toast("history-error", i18n.error(&e)))
    };
    let (title, screen_id, back_to) = screen_words(trash);
    let in_trash = move || page.get().and_then(Result::ok).map_or(0, |p| p.in_trash);
    view! {
        <link rel="stylesheet" href="stats.css"/>
        <link rel="stylesheet" href="history.css"/>
        <section class="history" data-testid=screen_id>
            <Back screen=back_to/>
            <div class="history-head">
                <h2>{i18n.text(title)}</h2>
                {(!trash).then(|| view! {
                    <div class="history-tools">
                        <button class="secondary" data-testid="open-trash" on:click=move |_| shell.navigate(Screen::Trash)>
                            {move || i18n.tr("history-trash", &[("count", in_trash().into())])}
                        </button>
                        <button class="secondary" data-testid="import-matches" on:click=on_import>
                            {i18n.text("history-import")}
                        </button>
                        <button class="secondary check-sheet" data-testid="check-sheet" on:click=on_check>
                            {i18n.text("check-open")}
                        </button>
                    </div>
                })}
            </div>
            // Right under its button, above the search: the answer is seen where it was asked.
            {move || checked.get().map(|c| view! { <SheetCheckResult check=c/> })}
            {trash.then(|| view! {
                <p class="help" data-testid="trash-explain">{i18n.text("history-trash-explain")}</p>
            })}
            {(!trash).then(|| view! { <Filters filter error=field/> })}
            // Answers to a row's buttons, inside the viewport whatever the scroll.
            {error}
            <div class="toasts" aria-live="polite">
                {move || notice.get().map(|n| view! {
                    <p class="toast ok" role="status" data-testid="history-notice">{n}</p>
                })}
            </div>
            {move || report.get().map(|r| view! { <ImportResult report=r/> })}
            {loaded("history-error", move || page.get().map(|r| r.map(|p| {
                view! { <HistoryPageView p trash actions deleting go_page/> }.into_any()
            })))}
            {(!trash).then(|| view! {
                <button class="secondary data-link" data-testid="open-data" on:click=move |_| shell.navigate(Screen::Data)>
                    {i18n.text("data-open")}
                </button>
            })}
            <DeleteDialogs deleting actions/>
        </section>
    }
}

/// What a row's buttons do: to the trash, back from it, saved to a file. Each says what
/// it did in the screen's notice; the history is read again after a change.
#[derive(Clone, Copy)]
struct RowActions {
    to_trash: Action<(HistoryEntry, bool), Answer<()>>,
    restore: Action<(HistoryEntry, bool), Answer<()>>,
    export: Action<Export, Answer<Option<String>>>,
    /// Counts the changes done (`version`s of the two first).
    changed: Signal<usize>,
}

impl RowActions {
    fn new(i18n: I18n, shell: Shell, notice: RwSignal<Option<String>>) -> RowActions {
        // One action type for both: the match (for its label), and whether it goes to
        // the trash (with the confirmation a signed match needs) or back.
        let change = move |(entry, signed): &(HistoryEntry, bool), to_trash: bool| {
            let (entry, signed) = (entry.clone(), *signed);
            async move {
                let done = if to_trash {
                    let args = carom_api::TrashMatch {
                        match_id: entry.id,
                        confirm_signed: signed,
                    };
                    call(&args).await
                } else {
                    call(&carom_api::RestoreFromTrash { match_id: entry.id }).await
                };
                if done.is_ok() {
                    let said = if to_trash {
                        "history-deleted"
                    } else {
                        "history-restored"
                    };
                    notice.set(Some(
                        i18n.tr(said, &[("match", match_label(i18n, &entry).into())]),
                    ));
                    shell.reload_matches();
                }
                done
            }
        };
        let to_trash = Action::new_local(move |input| change(input, true));
        let restore = Action::new_local(move |input| change(input, false));
        RowActions {
            to_trash,
            restore,
            export: export_action(i18n, notice),
            changed: Signal::derive(move || to_trash.version().get() + restore.version().get()),
        }
    }

    /// The error a row's button met, if any.
    fn error(self) -> Option<crate::backend::ApiError> {
        let failed = self.to_trash.value().get().and_then(Result::err);
        failed
            .or_else(|| self.restore.value().get().and_then(Result::err))
            .or_else(|| self.export.value().get().and_then(Result::err))
    }
}

/// A page of the history (or of the trash), with the way to the pages beside it.
#[component]
fn HistoryPageView(
    p: HistoryScreenPage,
    trash: bool,
    actions: RowActions,
    deleting: RwSignal<Option<HistoryEntry>>,
    go_page: Callback<u32>,
) -> impl IntoView {
    let i18n = use_i18n();
    let (number, has_more) = (p.page, p.has_more);
    if p.entries.is_empty() {
        let empty = if trash {
            "history-trash-empty"
        } else {
            "history-none"
        };
        return view! { <p class="empty" data-testid="history-empty">{i18n.text(empty)}</p> }
            .into_any();
    }
    view! {
        <ul class="history-list" data-testid="history-list">
            {p.entries.into_iter().map(|e| view! { <HistoryItem e trash actions deleting/> }).collect_view()}
        </ul>
        <nav class="pager" aria-label=i18n.text("history-pages")>
            <button class="secondary" data-testid="history-previous" disabled=move || number == 0
                on:click=move |_| go_page.run(number.saturating_sub(1))>
                {i18n.text("history-previous")}
            </button>
            <span class="page-number" data-testid="history-page">
                {move || i18n.tr("history-page", &[("n", (number + 1).into())])}
            </span>
            <button class="secondary" data-testid="history-next" disabled=move || !has_more
                on:click=move |_| go_page.run(number + 1)>
                {i18n.text("history-next")}
            </button>
        </nav>
    }
    .into_any()
}

/// A match of the list: it opens (its sheet, or the scoring to resume it); its buttons.
#[component]
fn HistoryItem(
    e: HistoryEntry,
    trash: bool,
    actions: RowActions,
    deleting: RwSignal<Option<HistoryEntry>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let id = e.id;
    let line = score_line(i18n, &e);
    let status = format!("match-status-{}", e.status.id());
    let discipline = e.discipline;
    let created = e.created_at.clone();
    let deleted = e.deleted_at.clone();
    let finished = e.status == MatchStatus::Finished;
    let signed = e.locked;
    let open = move |_| {
        shell.navigate(if finished {
            Screen::Archive(id)
        } else {
            Screen::Match(id)
        })
    };
    let entry = StoredValue::new(e.clone());
    let main = if trash {
        view! {
            <div class="history-main">
                <span class="history-score">{line}</span>
                <span class="match-meta">
                    <span class="discipline">{move || discipline_name(i18n, discipline)}</span>
                    <time>{move || local_time(&created, i18n.0.get().code())}</time>
                    {deleted.map(|d| view! {
                        <span>{move || i18n.tr("history-deleted-on", &[("date", local_time(&d, i18n.0.get().code()).into())])}</span>
                    })}
                </span>
            </div>
        }
        .into_any()
    } else {
        view! {
            <button class="history-main" data-testid=format!("history-open-{id}") on:click=open>
                <span class="history-score">{line}</span>
                <span class="match-meta">
                    <span class="discipline">{move || discipline_name(i18n, discipline)}</span>
                    <span class="status">{move || i18n.t(&status)}</span>
                    {signed.then(|| view! { <span class="status">{i18n.text("history-signed")}</span> })}
                    <time>{move || local_time(&created, i18n.0.get().code())}</time>
                </span>
                <span class="history-go">
                    {i18n.text(if finished { "history-view-sheet" } else { "history-resume" })}
                </span>
            </button>
        }
        .into_any()
    };
    let buttons = if trash {
        view! {
            <button class="primary" data-testid=format!("trash-restore-{id}")
                on:click=move |_| { actions.restore.dispatch((entry.get_value(), false)); }>
                {i18n.text("history-restore")}
            </button>
        }
        .into_any()
    } else {
        view! {
            <button class="secondary" data-testid=format!("history-export-{id}")
                on:click=move |_| { actions.export.dispatch(Export::MatchFile(id)); }>
                {i18n.text("history-export")}
            </button>
            <button class="danger" data-testid=format!("history-delete-{id}")
                on:click=move |_| deleting.set(Some(entry.get_value()))>
                {i18n.text("history-delete")}
            </button>
        }
        .into_any()
    };
    view! {
        <li class="history-item" data-testid="history-item" data-match=id.to_string() data-status=e.status.id()>
            {main}
            <div class="history-actions">{buttons}</div>
        </li>
    }
}

/// The questions before a match goes to the trash: once, and a second time for a signed
/// match (an official record).
#[component]
fn DeleteDialogs(deleting: RwSignal<Option<HistoryEntry>>, actions: RowActions) -> impl IntoView {
    let i18n = use_i18n();
    let deleting_signed: RwSignal<Option<HistoryEntry>> = RwSignal::new(None);
    let confirm_delete = Callback::new(move |()| {
        let Some(entry) = deleting.get_untracked() else {
            return;
        };
        deleting.set(None);
        if entry.locked {
            deleting_signed.set(Some(entry));
        } else {
            actions.to_trash.dispatch((entry, false));
        }
    });
    let confirm_delete_signed = Callback::new(move |()| {
        if let Some(entry) = deleting_signed.get_untracked() {
            deleting_signed.set(None);
            actions.to_trash.dispatch((entry, true));
        }
    });
    view! {
        {move || deleting.get().map(|entry| view! {
            <Confirm
                words=DELETE_WORDS
                testid="delete-dialog"
                on_cancel=Callback::new(move |()| deleting.set(None))
                on_confirm=confirm_delete
            >
                <p class="prompt" data-testid="delete-what">{match_label(i18n, &entry)}</p>
                <p class="help">{i18n.text(if saves_as_downloads() {
                    // The browser makes no backup by itself: only the user's.
                    "history-delete-explain-web"
                } else {
                    "history-delete-explain"
                })}</p>
            </Confirm>
        })}
        {move || deleting_signed.get().map(|entry| view! {
            <Confirm
                words=DELETE_SIGNED_WORDS
                testid="delete-signed-dialog"
                on_cancel=Callback::new(move |()| deleting_signed.set(None))
                on_confirm=confirm_delete_signed
            >
                <p class="prompt" data-testid="delete-signed-what">{match_label(i18n, &entry)}</p>
                <p class="help">{i18n.text("history-delete-signed-explain")}</p>
            </Confirm>
        })}
    }
}
