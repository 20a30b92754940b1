//! The history (issue: storage): every stored match, searched by player, discipline,
//! dates and status, page by page, newest first; a finished match opens read-only with
//! its full sheet (`archive.rs`), an unfinished one resumes. Deleting asks first and moves
//! the match to the trash, from which it can be restored until the next backup. Match
//! files are imported (many at once) and exported here.

pub use carom_api::HistoryEntry;
use carom_api::MatchStatus;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, saves_as_downloads, ApiError};
use crate::components::format::{discipline_name, local_time};
use crate::components::modal::{Confirm, ConfirmWords};
use crate::components::nav::Back;
use crate::screens::history::check::SheetCheckResult;
use crate::screens::history::export::export_match;
use crate::screens::history::filters::Filters;
use crate::screens::history::import::{ImportReport, ImportResult};
use crate::state::history::{HistoryFilter, HistoryState};
use crate::state::i18n::{use_i18n, I18n};
use crate::state::shell::{Screen, Shell};

/// "A 30 – 27 B", with the sets won first when sets are played.
fn score_line(i18n: I18n, e: &HistoryEntry) -> String {
    let names = [&e.players[0].name, &e.players[1].name];
    let Some(points) = e.points else {
        return i18n.tr(
            "home-match-vs",
            &[
                ("a", names[0].clone().into()),
                ("b", names[1].clone().into()),
            ],
        );
    };
    let score = format!("{} {} – {} {}", names[0], points[0], points[1], names[1]);
    match e.sets {
        Some(sets) => format!(
            "{score} · {}",
            i18n.tr(
                "history-sets",
                &[
                    ("a", u32::from(sets[0]).into()),
                    ("b", u32::from(sets[1]).into())
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
            ("a", e.players[0].name.clone().into()),
            ("b", e.players[1].name.clone().into()),
            ("discipline", discipline_name(i18n, e.discipline).into()),
            (
                "date",
                local_time(&e.created_at, i18n.0.get_untracked().code()).into(),
            ),
        ],
    )
}

/// The history (`trash: false`) or the trash (`trash: true`).
#[component]
pub fn HistoryScreen(trash: bool) -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let state = expect_context::<HistoryState>();
    let filter = state.filter;
    let trash_page = state.trash_page;
    let page: RwSignal<Option<carom_api::HistoryScreenPage>> = RwSignal::new(None);
    let error: RwSignal<Option<ApiError>> = RwSignal::new(None);
    let notice: RwSignal<Option<String>> = RwSignal::new(None);
    let report: RwSignal<Option<ImportReport>> = RwSignal::new(None);
    let checked: RwSignal<Option<carom_api::SheetCheck>> = RwSignal::new(None);
    let deleting: RwSignal<Option<HistoryEntry>> = RwSignal::new(None);
    // A signed match asked about a second time, after the first confirmation.
    let deleting_signed: RwSignal<Option<HistoryEntry>> = RwSignal::new(None);
    let reload = RwSignal::new(0u32);

    // The request: the search in the history, only the page in the trash.
    let request = move || {
        if trash {
            HistoryFilter {
                trash: true,
                page: trash_page.get(),
                ..HistoryFilter::default()
            }
        } else {
            filter.get()
        }
    };
    Effect::new(move |_| {
        reload.track();
        let req = request();
        spawn_local(async move {
            match call(&carom_api::History { request: req }).await {
                Ok(p) => {
                    // A page emptied by a deletion: show the one before.
                    if p.entries.is_empty() && p.page > 0 {
                        let back = p.page - 1;
                        if trash {
                            trash_page.set(back);
                        } else {
                            filter.update(|f| f.page = back);
                        }
                        return;
                    }
                    error.set(None);
                    page.set(Some(p));
                }
                Err(e) => {
                    page.set(None);
                    error.set(Some(e));
                }
            }
        });
    });
    let go_page = move |n: u32| {
        if trash {
            trash_page.set(n);
        } else {
            filter.update(|f| f.page = n);
        }
        notice.set(None);
    };

    let import = move |_| {
        notice.set(None);
        spawn_local(async move {
            let lang = i18n.0.get_untracked();
            match call(&carom_api::PickAndImportMatchFiles {
                language: lang.code().to_owned(),
            })
            .await
            {
                Ok(Some(r)) => {
                    error.set(None);
                    checked.set(None);
                    report.set(Some(r));
                    reload.update(|n| *n += 1);
                    shell.reload_matches();
                }
                Ok(None) => {}
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let check_sheet = move |_| {
        notice.set(None);
        spawn_local(async move {
            let lang = i18n.0.get_untracked();
            match call(&carom_api::PickAndCheckSheet {
                language: lang.code().to_owned(),
            })
            .await
            {
                Ok(Some(c)) => {
                    error.set(None);
                    report.set(None);
                    checked.set(Some(c));
                }
                Ok(None) => {}
                Err(e) => {
                    checked.set(None);
                    error.set(Some(e));
                }
            }
        });
    };
    let to_trash = move |entry: HistoryEntry, confirm_signed: bool| {
        spawn_local(async move {
            let args = carom_api::TrashMatch {
                match_id: entry.id,
                confirm_signed,
            };
            match call(&args).await {
                Ok(()) => {
                    notice.set(Some(i18n.tr(
                        "history-deleted",
                        &[("match", match_label(i18n, &entry).into())],
                    )));
                    reload.update(|n| *n += 1);
                    shell.reload_matches();
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let confirm_delete = Callback::new(move |()| {
        let Some(entry) = deleting.get_untracked() else {
            return;
        };
        deleting.set(None);
        if entry.locked {
            deleting_signed.set(Some(entry));
        } else {
            to_trash(entry, false);
        }
    });
    let confirm_delete_signed = Callback::new(move |()| {
        if let Some(entry) = deleting_signed.get_untracked() {
            deleting_signed.set(None);
            to_trash(entry, true);
        }
    });
    let restore = move |entry: HistoryEntry| {
        spawn_local(async move {
            match call(&carom_api::RestoreFromTrash { match_id: entry.id }).await {
                Ok(()) => {
                    notice.set(Some(i18n.tr(
                        "history-restored",
                        &[("match", match_label(i18n, &entry).into())],
                    )));
                    reload.update(|n| *n += 1);
                    shell.reload_matches();
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let open = move |e: &HistoryEntry| {
        if e.status == MatchStatus::Finished {
            shell.navigate(Screen::Archive(e.id));
        } else {
            shell.navigate(Screen::Match(e.id));
        }
    };

    let (title, screen_id, back_to) = if trash {
        ("history-trash-title", "trash-screen", Screen::History)
    } else {
        ("history-title", "history-screen", Screen::Home)
    };
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
                            {move || i18n.tr("history-trash", &[("count", page.get().map_or(0, |p| p.in_trash).into())])}
                        </button>
                        <button class="secondary" data-testid="import-matches" on:click=import>
                            {i18n.text("history-import")}
                        </button>
                        <button class="secondary check-sheet" data-testid="check-sheet" on:click=check_sheet>
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
            {(!trash).then(|| view! { <Filters filter error/> })}
            // Answers to a row's buttons, inside the viewport whatever the scroll.
            <div class="toasts" aria-live="polite">
                {move || error.get().filter(|e| e.field.is_none()).map(|e| view! {
                    <p class="toast error" role="alert" data-testid="history-error">{i18n.error(&e)}</p>
                })}
                {move || notice.get().map(|n| view! {
                    <p class="toast ok" role="status" data-testid="history-notice">{n}</p>
                })}
            </div>
            {move || report.get().map(|r| view! { <ImportResult report=r/> })}
            {move || page.get().map(|p| {
                let (number, has_more) = (p.page, p.has_more);
                if p.entries.is_empty() {
                    let empty = if trash { "history-trash-empty" } else { "history-none" };
                    return view! { <p class="empty" data-testid="history-empty">{i18n.text(empty)}</p> }.into_any();
                }
                view! {
                    <ul class="history-list" data-testid="history-list">
                        {p.entries.into_iter().map(|e| {
                            let id = e.id;
                            let line = score_line(i18n, &e);
                            let status = format!("match-status-{}", e.status.id());
                            let discipline = e.discipline;
                            let created = e.created_at.clone();
                            let deleted = e.deleted_at.clone();
                            let finished = e.status == MatchStatus::Finished;
                            let (signed, for_open, for_delete, for_restore) = (e.locked, e.clone(), e.clone(), e.clone());
                            view! {
                                <li class="history-item" data-testid="history-item" data-match=id.to_string()
                                    data-status=e.status.id()>
                                    {if trash {
                                        view! {
                                            <div class="history-main">
                                                <span class="history-score">{line.clone()}</span>
                                                <span class="match-meta">
                                                    <span class="discipline">{move || discipline_name(i18n, discipline)}</span>
                                                    <time>{move || local_time(&created, i18n.0.get().code())}</time>
                                                    {deleted.clone().map(|d| view! {
                                                        <span>{move || i18n.tr("history-deleted-on", &[("date", local_time(&d, i18n.0.get().code()).into())])}</span>
                                                    })}
                                                </span>
                                            </div>
                                        }.into_any()
                                    } else {
                                        view! {
                                            <button class="history-main" data-testid=format!("history-open-{id}")
                                                on:click=move |_| open(&for_open)>
                                                <span class="history-score">{line.clone()}</span>
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
                                        }.into_any()
                                    }}
                                    <div class="history-actions">
                                        {if trash {
                                            view! {
                                                <button class="primary" data-testid=format!("trash-restore-{id}")
                                                    on:click=move |_| restore(for_restore.clone())>
                                                    {i18n.text("history-restore")}
                                                </button>
                                            }.into_any()
                                        } else {
                                            view! {
                                                <button class="secondary" data-testid=format!("history-export-{id}")
                                                    on:click=move |_| export_match(i18n, id, notice, error)>
                                                    {i18n.text("history-export")}
                                                </button>
                                                <button class="danger" data-testid=format!("history-delete-{id}")
                                                    on:click=move |_| { notice.set(None); deleting.set(Some(for_delete.clone())) }>
                                                    {i18n.text("history-delete")}
                                                </button>
                                            }.into_any()
                                        }}
                                    </div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                    <nav class="pager" aria-label=i18n.text("history-pages")>
                        <button class="secondary" data-testid="history-previous" disabled=move || number == 0
                            on:click=move |_| go_page(number.saturating_sub(1))>
                            {i18n.text("history-previous")}
                        </button>
                        <span class="page-number" data-testid="history-page">
                            {move || i18n.tr("history-page", &[("n", (number + 1).into())])}
                        </span>
                        <button class="secondary" data-testid="history-next" disabled=move || !has_more
                            on:click=move |_| go_page(number + 1)>
                            {i18n.text("history-next")}
                        </button>
                    </nav>
                }.into_any()
            })}
            {(!trash).then(|| view! {
                <button class="secondary data-link" data-testid="open-data" on:click=move |_| shell.navigate(Screen::Data)>
                    {i18n.text("data-open")}
                </button>
            })}
            {move || deleting.get().map(|entry| {
                let label = match_label(i18n, &entry);
                view! {
                    <Confirm
                        words=DELETE_WORDS
                        testid="delete-dialog"
                        on_cancel=Callback::new(move |()| deleting.set(None))
                        on_confirm=confirm_delete
                    >
                        <p class="prompt" data-testid="delete-what">{label}</p>
                        <p class="help">{i18n.text(if saves_as_downloads() {
                            // The browser makes no backup by itself: only the user's.
                            "history-delete-explain-web"
                        } else {
                            "history-delete-explain"
                        })}</p>
                    </Confirm>
                }
            })}
            {move || deleting_signed.get().map(|entry| {
                let label = match_label(i18n, &entry);
                view! {
                    <Confirm
                        words=DELETE_SIGNED_WORDS
                        testid="delete-signed-dialog"
                        on_cancel=Callback::new(move |()| deleting_signed.set(None))
                        on_confirm=confirm_delete_signed
                    >
                        <p class="prompt" data-testid="delete-signed-what">{label}</p>
                        <p class="help">{i18n.text("history-delete-signed-explain")}</p>
                    </Confirm>
                }
            })}
        </section>
    }
}
