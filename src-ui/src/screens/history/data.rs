//! Backup and restore of the whole database: a backup to a file the user picks, a
//! restore from a file (checked and summarised first, then confirmed), and the automatic
//! backups made at each start, each of which can be restored. In the web app the backup
//! and the copy of the data a restore replaces are downloads, and there are no
//! automatic backups.

use carom_api::BackupSummary;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::backend::{call, saves_as_downloads, ApiError};
use crate::components::format::local_time;
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
fn reload_everything(i18n: I18n, shell: Shell) {
    spawn_local(async move {
        if let Ok(s) = call(&carom_api::GetSettings {}).await {
            i18n.0.set(s.language);
        }
        if let Ok(p) = call(&carom_api::GetPreferences {}).await {
            shell.prefs.set(p);
        }
        shell.fatal.set(None);
        shell.reload_matches();
    });
}

/// The restore confirmation's question and answers.
const RESTORE_WORDS: ConfirmWords = ConfirmWords {
    title: "data-restore-confirm-title",
    keep: "data-restore-keep",
    act: "data-restore-confirm",
};

#[component]
pub fn DataScreen() -> impl IntoView {
    let i18n = use_i18n();
    let shell = expect_context::<Shell>();
    let error: RwSignal<Option<ApiError>> = RwSignal::new(None);
    let notice: RwSignal<Option<String>> = RwSignal::new(None);
    let backups: RwSignal<Vec<BackupSummary>> = RwSignal::new(Vec::new());
    let restoring: RwSignal<Option<BackupSummary>> = RwSignal::new(None);
    let reload = RwSignal::new(0u32);
    let busy = RwSignal::new(false);

    Effect::new(move |_| {
        reload.track();
        spawn_local(async move {
            match call(&carom_api::ListBackups {}).await {
                Ok(list) => backups.set(list),
                Err(e) => error.set(Some(e)),
            }
        });
    });

    let backup_now = move |_| {
        notice.set(None);
        busy.set(true);
        spawn_local(async move {
            let lang = i18n.0.get_untracked();
            let args = carom_api::PickAndBackupDatabase { language: lang };
            match call(&args).await {
                Ok(Some(done)) => {
                    error.set(None);
                    let mut text = if saves_as_downloads() {
                        i18n.tr("data-backup-downloaded", &[("file", done.path.into())])
                    } else {
                        i18n.tr("data-backed-up", &[("path", done.path.into())])
                    };
                    if done.trash_emptied > 0 {
                        text.push(' ');
                        text.push_str(&i18n.tr(
                            "data-trash-emptied",
                            &[("count", done.trash_emptied.into())],
                        ));
                    }
                    notice.set(Some(text));
                }
                Ok(None) => {}
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    };
    let pick_restore = move |_| {
        notice.set(None);
        spawn_local(async move {
            let lang = i18n.0.get_untracked();
            let args = carom_api::PickBackupFile { language: lang };
            match call(&args).await {
                Ok(Some(summary)) => {
                    error.set(None);
                    restoring.set(Some(summary));
                }
                Ok(None) => {}
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let confirm_restore = Callback::new(move |()| {
        let Some(backup) = restoring.get_untracked() else {
            return;
        };
        restoring.set(None);
        busy.set(true);
        spawn_local(async move {
            match call(&carom_api::RestoreOfferedBackup {
                path: backup.path.clone(),
            })
            .await
            {
                Ok(done) => {
                    error.set(None);
                    reload_everything(i18n, shell);
                    let restored = if saves_as_downloads() {
                        "data-restored-download"
                    } else {
                        "data-restored"
                    };
                    notice.set(Some(match done.kept {
                        Some(kept) => i18n.tr(
                            restored,
                            &[("file", backup.file.into()), ("kept", kept.into())],
                        ),
                        None => i18n.tr("data-restored-new", &[("file", backup.file.into())]),
                    }));
                    reload.update(|n| *n += 1);
                }
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    });

    view! {
        <link rel="stylesheet" href="stats.css"/>
        <link rel="stylesheet" href="history.css"/>
        <section class="data" data-testid="data-screen">
            <Back screen=Screen::Settings/>
            <h2>{i18n.text("data-title")}</h2>
            // Answers to the buttons below, inside the viewport whatever the scroll.
            <div class="toasts" aria-live="polite">
                {move || error.get().map(|e| view! {
                    <p class="toast error" role="alert" data-testid="data-error">{i18n.error(&e)}</p>
                })}
                {move || notice.get().map(|n| view! { <p class="toast ok" role="status" data-testid="data-notice">{n}</p> })}
            </div>
            <div class="card data-block">
                <h3>{i18n.text("data-backup-heading")}</h3>
                <p class="help">{i18n.text("data-backup-explain")}</p>
                <button class="primary" data-testid="backup-now" disabled=move || busy.get() on:click=backup_now>
                    {i18n.text("data-backup-now")}
                </button>
            </div>
            <div class="card data-block">
                <h3>{i18n.text("data-restore-heading")}</h3>
                <p class="help">{i18n.text("data-restore-explain")}</p>
                <button class="secondary" data-testid="restore-file" disabled=move || busy.get() on:click=pick_restore>
                    {i18n.text("data-restore-file")}
                </button>
            </div>
            <Show when=|| !saves_as_downloads()>
                <div class="card data-block">
                    <h3>{i18n.text("data-automatic")}</h3>
                    <p class="help">{i18n.text("data-automatic-explain")}</p>
                    <Show
                        when=move || !backups.get().is_empty()
                        fallback=move || view! { <p class="empty" data-testid="no-backups">{i18n.text("data-automatic-none")}</p> }
                    >
                        <ul class="backup-list" data-testid="backup-list">
                            {move || backups.get().into_iter().map(|b| {
                                let damaged = b.matches < 0;
                                let when = b.modified.clone();
                                let for_restore = b.clone();
                                let summary = b.clone();
                                view! {
                                    <li class="backup-item" data-testid="backup-item">
                                        <div class="backup-text">
                                            <span class="backup-when">
                                                {move || when.as_deref().map_or_else(|| b.file.clone(), |w| backup_time(w, i18n.0.get().code()))}
                                            </span>
                                            <span class="match-meta">
                                                {move || if damaged { i18n.t("data-damaged") } else { describe(i18n, &summary, false) }}
                                            </span>
                                        </div>
                                        <button class="secondary" data-testid="backup-restore" disabled=move || damaged || busy.get()
                                            on:click=move |_| { notice.set(None); restoring.set(Some(for_restore.clone())) }>
                                            {i18n.text("data-restore")}
                                        </button>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    </Show>
                </div>
            </Show>
            {move || restoring.get().map(|b| {
                let file = b.file.clone();
                let what = b.clone();
                view! {
                    <Confirm
                        words=RESTORE_WORDS
                        testid="restore-dialog"
                        on_cancel=Callback::new(move |()| restoring.set(None))
                        on_confirm=confirm_restore
                    >
                        <p class="prompt" data-testid="restore-what">{file.clone()}</p>
                        <p data-testid="restore-summary">{move || describe(i18n, &what, true)}</p>
                        <p class="warning-text">{i18n.text(if saves_as_downloads() {
                            "data-restore-warning-download"
                        } else {
                            "data-restore-warning"
                        })}</p>
                    </Confirm>
                }
            })}
        </section>
    }
}
