//! Backup and restore of the whole database: a backup to a file the user picks, a
//! restore from a file (checked and summarised first, then confirmed), and the automatic
//! backups made at each start, each of which can be restored. In the web app the backup
//! and the copy of the data a restore replaces are downloads, and there are no
//! automatic backups.

use carom_api::{
    BackupSummary, ListBackups, PickAndBackupDatabase, PickBackupFile, RestoreOfferedBackup,
};
use leptos::prelude::*;

use crate::backend::{call, saves_as_downloads, ApiError};
use crate::components::format::local_time;
use crate::components::loaded::{error_toast, loaded, Answer};
use crate::components::modal::{Confirm, ConfirmWords};
use crate::components::nav::Back;
use crate::state::i18n::{use_i18n, I18n};
use crate::state::shell::{Screen, Shell};

/// A backup's time to the second (two backups may be made in one minute), in the
/// app's one date format for `lang`.
fn backup_time(rfc3339: &str, lang: &str) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_str(rfc3339));
    if date.get_time().is_nan() {
        return rfc3339.to_owned();
    }
    format!("{}:{:02}", local_time(rfc3339, lang), date.get_seconds())
}

/// "12 matches · 31/03/2025 20:14 · 84 KB" (without the time when `with_time` is off).
fn describe(i18n: I18n, b: &BackupSummary, with_time: bool) -> String {
    let mut parts = vec![i18n.tr("data-matches", &[("count", b.matches.into())])];
    if let Some(m) = b.modified.as_ref().filter(|_| with_time) {
        parts.push(local_time(m, i18n.0.get().code()));
    }
    parts.push(
        i18n.tr(
            "data-size-kb",
            &[(
                "kb",
                i64::try_from(b.bytes.div_ceil(1024))
                    .unwrap_or(i64::MAX)
                    .into(),
            )],
        ),
    );
    parts.join(" · ")
}

/// After a restore: the language, the preferences and the matches of the restored data.
async fn reload_everything(i18n: I18n, shell: Shell) {
    if let Ok(s) = call(&carom_api::GetSettings {}).await {
        i18n.0.set(s.language);
    }
    if let Ok(p) = call(&carom_api::GetPreferences {}).await {
        shell.prefs.set(p);
    }
    shell.fatal.set(None);
    shell.reload_matches();
}

/// The restore confirmation's question and answers.
const RESTORE_WORDS: ConfirmWords = ConfirmWords {
    title: "data-restore-confirm-title",
    keep: "data-restore-keep",
    act: "data-restore-confirm",
};

/// What a button of the screen asks the backend for. One action for the three: one
/// answer at a time, and the screen's toast says the latest.
#[derive(Debug, Clone)]
enum Job {
    /// A backup to a file the user picks.
    Backup,
    /// A backup file to restore, picked and summarised (then confirmed).
    Pick,
    /// The restore of a backup, confirmed.
    Restore(BackupSummary),
}

impl Job {
    /// Whether the buttons wait for this job (not for a file picked: its dialog may never
    /// answer in a browser where it is closed).
    fn holds_buttons(&self) -> bool {
        !matches!(self, Job::Pick)
    }
}

/// What the screen shows besides the answers of its jobs: the line said after one, the
/// backup whose restore is being asked.
#[derive(Clone, Copy)]
struct Shown {
    notice: RwSignal<Option<String>>,
    restoring: RwSignal<Option<BackupSummary>>,
}

/// Runs `job`: `Ok(true)` when done (what it did is in `shown`), `Ok(false)` when the
/// user closed the file dialog.
async fn run(job: Job, i18n: I18n, shell: Shell, shown: Shown) -> Answer<bool> {
    let language = i18n.0.get_untracked();
    match job {
        Job::Backup => {
            let Some(done) = call(&PickAndBackupDatabase { language }).await? else {
                return Ok(false);
            };
            let mut text = if saves_as_downloads() {
                i18n.tr("data-backup-downloaded", &[("file", done.path.into())])
            } else {
                i18n.tr("data-backed-up", &[("path", done.path.into())])
            };
            if done.trash_emptied > 0 {
                text.push(' ');
                let count = ("count", done.trash_emptied.into());
                text.push_str(&i18n.tr("data-trash-emptied", &[count]));
            }
            shown.notice.set(Some(text));
        }
        Job::Pick => {
            let Some(summary) = call(&PickBackupFile { language }).await? else {
                return Ok(false);
            };
            shown.restoring.set(Some(summary));
        }
        Job::Restore(backup) => {
            let path = backup.path.clone();
            let done = call(&RestoreOfferedBackup { path }).await?;
            let restored = if saves_as_downloads() {
                "data-restored-download"
            } else {
                "data-restored"
            };
            let file = ("file", backup.file.into());
            shown.notice.set(Some(match done.kept {
                Some(kept) => i18n.tr(restored, &[file, ("kept", kept.into())]),
                None => i18n.tr("data-restored-new", &[file]),
            }));
            reload_everything(i18n, shell).await;
        }
    }
    Ok(true)
}

/// Backup and restore of the whole database.
#[component]
pub fn DataScreen() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let shown = Shown {
        notice: RwSignal::new(None),
        restoring: RwSignal::new(None),
    };
    let job = Action::new_local(move |job: &Job| run(job.clone(), i18n, shell, shown));
    // The automatic backups, read again after each job (a restore replaces them).
    let backups = LocalResource::new(move || {
        job.version().track();
        call(&ListBackups {})
    });
    let busy = Signal::derive(move || {
        job.input()
            .with(|j| j.as_ref().is_some_and(Job::holds_buttons))
    });
    // The latest job's error, until another is done (a file dialog closed changes nothing).
    let error = Memo::new(
        move |was: Option<&Option<ApiError>>| match job.value().get() {
            Some(Err(e)) => Some(e),
            Some(Ok(false)) => was.cloned().flatten(),
            Some(Ok(true)) | None => None,
        },
    );
    let on_confirm = Callback::new(move |()| {
        if let Some(backup) = shown.restoring.get_untracked() {
            shown.restoring.set(None);
            job.dispatch(Job::Restore(backup));
        }
    });
    let start = move |what: Job| {
        shown.notice.set(None);
        job.dispatch(what);
    };

    view! {
        <link rel="stylesheet" href="stats.css"/>
        <link rel="stylesheet" href="history.css"/>
        <section class="data" data-testid="data-screen">
            <Back screen=Screen::Settings/>
            <h2>{i18n.text("data-title")}</h2>
            // Answers to the buttons below, inside the viewport whatever the scroll.
            {move || error.get().map(|e| error_toast("data-error", i18n.error(&e)))}
            <div class="toasts" aria-live="polite">
                {move || shown.notice.get().map(|n| view! { <p class="toast ok" role="status" data-testid="data-notice">{n}</p> })}
            </div>
            <div class="card data-block">
                <h3>{i18n.text("data-backup-heading")}</h3>
                <p class="help">{i18n.text("data-backup-explain")}</p>
                <button class="primary" data-testid="backup-now" disabled=busy on:click=move |_| start(Job::Backup)>
                    {i18n.text("data-backup-now")}
                </button>
            </div>
            <div class="card data-block">
                <h3>{i18n.text("data-restore-heading")}</h3>
                <p class="help">{i18n.text("data-restore-explain")}</p>
                <button class="secondary" data-testid="restore-file" disabled=busy on:click=move |_| start(Job::Pick)>
                    {i18n.text("data-restore-file")}
                </button>
            </div>
            {loaded("data-error", move || backups.get().map(|r| r.map(|list| {
                // The web app keeps no automatic backups: no list there.
                let listed = !saves_as_downloads();
                listed.then(|| view! { <AutomaticBackups list busy shown/> }).into_any()
            })))}
            {move || shown.restoring.get().map(|backup| view! { <RestoreDialog backup shown on_confirm/> })}
        </section>
    }
}

/// The automatic backups made at each start, newest first, each of which can be restored
/// (but a damaged one).
#[component]
fn AutomaticBackups(list: Vec<BackupSummary>, busy: Signal<bool>, shown: Shown) -> impl IntoView {
    let i18n = use_i18n();
    let items = (!list.is_empty()).then(|| {
        view! {
            <ul class="backup-list" data-testid="backup-list">
                {list.into_iter().map(|b| view! { <BackupItem b busy shown/> }).collect_view()}
            </ul>
        }
    });
    let none = items.is_none();
    view! {
        <div class="card data-block">
            <h3>{i18n.text("data-automatic")}</h3>
            <p class="help">{i18n.text("data-automatic-explain")}</p>
            {none.then(|| view! { <p class="empty" data-testid="no-backups">{i18n.text("data-automatic-none")}</p> })}
            {items}
        </div>
    }
}

/// One automatic backup: when, what it holds, its restore (asked first).
#[component]
fn BackupItem(b: BackupSummary, busy: Signal<bool>, shown: Shown) -> impl IntoView {
    let i18n = use_i18n();
    let damaged = b.matches < 0;
    let when = b.modified.clone();
    let file = b.file.clone();
    let summary = b.clone();
    let ask = move |_| {
        shown.notice.set(None);
        shown.restoring.set(Some(b.clone()));
    };
    view! {
        <li class="backup-item" data-testid="backup-item">
            <div class="backup-text">
                <span class="backup-when">
                    {move || when.as_deref().map_or_else(|| file.clone(), |w| backup_time(w, i18n.0.get().code()))}
                </span>
                <span class="match-meta">
                    {move || if damaged { i18n.t("data-damaged") } else { describe(i18n, &summary, false) }}
                </span>
            </div>
            <button class="secondary" data-testid="backup-restore" disabled=move || damaged || busy.get()
                on:click=ask>
                {i18n.text("data-restore")}
            </button>
        </li>
    }
}

/// The question before a restore: which file, what it holds, what becomes of the data.
#[component]
fn RestoreDialog(backup: BackupSummary, shown: Shown, on_confirm: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let file = backup.file.clone();
    let warning = if saves_as_downloads() {
        "data-restore-warning-download"
    } else {
        "data-restore-warning"
    };
    view! {
        <Confirm
            words=RESTORE_WORDS
            testid="restore-dialog"
            on_cancel=Callback::new(move |()| shown.restoring.set(None))
            on_confirm
        >
            <p class="prompt" data-testid="restore-what">{file}</p>
            <p data-testid="restore-summary">{move || describe(i18n, &backup, true)}</p>
            <p class="warning-text">{i18n.text(warning)}</p>
        </Confirm>
    }
}
