//! Backup and restore, as in the web app (the tests run in no desktop shell): a backup's
//! answer, a restore asked first, then the app read again; a refusal said until the next
//! answer.

use carom_api::{
    BackupDone, BackupSummary, ErrorCode, GetPreferences, GetSettings, ListBackups,
    PickAndBackupDatabase, PickBackupFile, Preferences, RestoreDone, RestoreOfferedBackup,
    Settings,
};
use carom_i18n::Lang;
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{backend, mount, settle};
use crate::backend::fake::{answer, asked};
use crate::backend::ApiError;
use crate::screens::history::data::DataScreen;
use crate::state::shell::Screen;

fn backup(file: &str) -> BackupSummary {
    BackupSummary {
        path: format!("/backups/{file}"),
        file: file.to_owned(),
        matches: 12,
        modified: Some("2026-03-01T20:00:00Z".to_owned()),
        bytes: 84 * 1024,
    }
}

#[wasm_bindgen_test]
async fn a_backup_says_where_it_went() {
    backend();
    answer(|_: ListBackups| Ok(Vec::new()));
    answer(|_: PickAndBackupDatabase| {
        Ok(Some(BackupDone {
            path: "/home/ana/carambole.sqlite".to_owned(),
            trash_emptied: 0,
        }))
    });
    let page = mount(Screen::Data, || view! { <DataScreen/> });
    settle().await;
    page.click("backup-now");
    settle().await;
    assert!(page.text("data-notice").contains("carambole.sqlite"));
    assert!(!page.disabled("backup-now"));
}

#[wasm_bindgen_test]
async fn a_backup_file_is_restored_after_a_confirmation() {
    backend();
    answer(|_: ListBackups| Ok(Vec::new()));
    answer(|_: PickBackupFile| Ok(Some(backup("start-1.sqlite"))));
    answer(|_: RestoreOfferedBackup| {
        Ok(RestoreDone {
            kept: Some("before-restore.sqlite".to_owned()),
        })
    });
    answer(|_: GetSettings| Ok(Settings { language: Lang::En }));
    answer(|_: GetPreferences| Ok(Preferences::default()));
    let page = mount(Screen::Data, || view! { <DataScreen/> });
    settle().await;
    let lists = asked::<ListBackups>().len();
    page.click("restore-file");
    settle().await;
    assert!(page.text("restore-what").contains("start-1.sqlite"));
    assert!(
        asked::<RestoreOfferedBackup>().is_empty(),
        "nothing before the answer"
    );
    page.click("confirm-ok");
    settle().await;

    let restored = asked::<RestoreOfferedBackup>();
    assert_eq!(restored.len(), 1);
    assert_eq!(restored[0].path, "/backups/start-1.sqlite");
    assert!(!page.shows("restore-dialog"));
    assert!(page.text("data-notice").contains("before-restore.sqlite"));
    assert_eq!(
        asked::<GetSettings>().len(),
        1,
        "the restored settings read"
    );
    assert!(
        asked::<ListBackups>().len() > lists,
        "the backups read again"
    );
}

#[wasm_bindgen_test]
async fn a_refusal_is_said_until_a_job_is_done_and_a_closed_dialog_leaves_it() {
    backend();
    answer(|_: ListBackups| Ok(Vec::new()));
    answer(|_: PickAndBackupDatabase| Err(ApiError::from(ErrorCode::BackupOntoItself)));
    answer(|_: PickBackupFile| Ok(None));
    let page = mount(Screen::Data, || view! { <DataScreen/> });
    settle().await;
    assert!(!page.shows("data-error"));
    page.click("backup-now");
    settle().await;
    assert!(page.text("data-error").contains("cannot be written over"));
    assert!(!page.shows("data-notice"));
    assert!(!page.disabled("backup-now"), "free for another try");

    // The file dialog closed unanswered: the refusal stays.
    page.click("restore-file");
    settle().await;
    assert!(page.text("data-error").contains("cannot be written over"));
    assert!(!page.shows("restore-dialog"));

    // A restore refused: said, nothing read again.
    answer(|_: PickBackupFile| Ok(Some(backup("carambole.sqlite"))));
    answer(|_: RestoreOfferedBackup| Err(ApiError::from(ErrorCode::RestoreItself)));
    page.click("restore-file");
    settle().await;
    assert!(
        !page.shows("data-error"),
        "a file picked answers the refusal"
    );
    page.click("confirm-ok");
    settle().await;
    assert!(page.text("data-error").contains("database in use"));
    assert!(!page.shows("data-notice"));
    assert!(asked::<GetSettings>().is_empty());

    // A backup made: the notice replaces the refusal.
    answer(|_: PickAndBackupDatabase| {
        Ok(Some(BackupDone {
            path: "carambole-backup.sqlite".to_owned(),
            trash_emptied: 2,
        }))
    });
    page.click("backup-now");
    settle().await;
    assert!(!page.shows("data-error"));
    let notice = page.text("data-notice");
    assert!(notice.contains("carambole-backup.sqlite"), "{notice}");
    assert!(notice.contains("removed from the trash"), "{notice}");
}
