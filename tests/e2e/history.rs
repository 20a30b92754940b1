//! The history in the real window: search, pages, a finished match read-only, delete
//! with confirmation into the trash and back, the backups — on a database filled with
//! the fixture match files through the app's own `import` command line.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use fantoccini::Locator;
use serde_json::json;

use crate::harness::{App, Env};
use crate::referee::{PHONE, TABLET};

const ENGLISH: &str = "en_US.UTF-8";

/// Every match file at the top of `tests/fixtures` (the invalid ones are in a folder).
fn fixture_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(carambole_tests::fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// Imports `files` into the database with the app's headless `import`, before a start.
pub fn import(env: &Env, files: &[PathBuf]) {
    let app = std::env::var_os("CARAMBOLE_APP").expect("CARAMBOLE_APP");
    let out = Command::new(app)
        .arg("--db")
        .arg(env.db())
        .arg("import")
        .args(files)
        .output()
        .expect("run carambole import");
    assert!(
        out.status.success(),
        "import failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

impl App {
    /// How many elements match `css` once `ok` holds for that number.
    async fn count_until(&self, css: &str, ok: impl Fn(usize) -> bool) -> usize {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let n = self
                .client
                .find_all(Locator::Css(css))
                .await
                .map_or(0, |v| v.len());
            if ok(n) {
                return n;
            }
            assert!(Instant::now() < deadline, "{css}: kept {n} elements");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The value of a JavaScript expression in the page.
    async fn js(&self, body: &str, args: Vec<serde_json::Value>) -> serde_json::Value {
        self.client.execute(body, args).await.unwrap()
    }

    /// Sets a date field as the date picker would.
    async fn set_date(&self, id: &str, value: &str) {
        self.js(
            "const e = document.querySelector(`[data-testid='${arguments[0]}']`);
             e.value = arguments[1];
             e.dispatchEvent(new Event('change', { bubbles: true }));",
            vec![json!(id), json!(value)],
        )
        .await;
    }

    /// The `data-match` ids of the listed matches, top to bottom.
    async fn listed(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for el in self
            .client
            .find_all(Locator::Css("[data-testid='history-item']"))
            .await
            .unwrap()
        {
            ids.push(el.attr("data-match").await.unwrap().unwrap_or_default());
        }
        ids
    }

    /// Checks the phone layout: no horizontal scrolling, every visible button at least
    /// 48 px high.
    async fn assert_touch_friendly(&self, what: &str) {
        let r = self
            .js(
                "const buttons = Array.from(document.querySelectorAll('main button, main select, main input'))
                   .filter(b => b.offsetParent !== null)
                   .map(b => [b.getAttribute('data-testid') || b.textContent.trim(), b.getBoundingClientRect().height]);
                 return { scroll: document.documentElement.scrollWidth, width: window.innerWidth,
                          small: buttons.filter(b => b[1] < 47.5) };",
                vec![],
            )
            .await;
        assert!(
            r["scroll"].as_f64().unwrap() <= r["width"].as_f64().unwrap(),
            "{what}: horizontal scroll {r}"
        );
        assert_eq!(r["small"], json!([]), "{what}: small touch targets");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_history_searches_pages_shows_a_finished_match_read_only_and_restores_from_the_trash() {
    let env = Env::new();
    let files = fixture_files();
    assert!(files.len() > 20, "enough matches for two pages");
    import(&env, &files);
    let app = env.launch(ENGLISH, PHONE).await;

    app.click("open-history").await;
    app.testid("history-screen").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;
    app.text_until("history-page", |t| t == "Page 1").await;
    let first_page = app.listed().await;
    app.assert_touch_friendly("phone history").await;
    app.screenshot("phone-history").await;

    // The next page holds the rest, older ones; the previous page comes back.
    app.click("history-next").await;
    app.text_until("history-page", |t| t == "Page 2").await;
    let rest = app
        .count_until("[data-testid='history-item']", |n| n == files.len() - 20)
        .await;
    assert_eq!(rest, files.len() - 20);
    let second_page = app.listed().await;
    assert!(second_page.iter().all(|id| !first_page.contains(id)));
    let newest_second: i64 = second_page[0].parse().unwrap();
    let oldest_first: i64 = first_page.last().unwrap().parse().unwrap();
    assert!(newest_second < oldest_first, "newest first");
    assert!(app
        .testid("history-next")
        .await
        .attr("disabled")
        .await
        .unwrap()
        .is_some());
    app.click("history-previous").await;
    app.text_until("history-page", |t| t == "Page 1").await;

    // Search by player: one match of Dupont.
    app.fill("history-player", "dupont").await;
    app.count_until("[data-testid='history-item']", |n| n == 1)
        .await;
    let line = app
        .text_until("history-list", |t| t.contains("Dupont"))
        .await;
    assert!(
        line.contains("Martin") && line.contains("Straight rail"),
        "{line}"
    );
    app.click("history-clear").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;
    assert_eq!(
        app.testid("history-player")
            .await
            .prop("value")
            .await
            .unwrap(),
        Some(String::new())
    );

    // By discipline: only balkline 71/2 (Jean and Luc's two, and a forfeit).
    app.testid("history-discipline")
        .await
        .select_by_value("cadre-71-2")
        .await
        .unwrap();
    app.count_until("[data-testid='history-item']", |n| n == 3)
        .await;
    let list = app.testid("history-list").await.text().await.unwrap();
    assert_eq!(list.matches("Balkline 71/2").count(), 3, "{list}");

    // By status: the unfinished ones, then the finished ones, together all of them.
    app.click("history-clear").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;
    app.testid("history-status")
        .await
        .select_by_value("unfinished")
        .await
        .unwrap();
    let unfinished = app
        .count_until(
            "[data-testid='history-item'][data-status='finished']",
            |n| n == 0,
        )
        .await;
    assert_eq!(unfinished, 0);
    let open = app.listed().await.len();
    assert!(open > 0, "some fixtures stop before the end");
    app.testid("history-status")
        .await
        .select_by_value("finished")
        .await
        .unwrap();
    app.count_until(
        "[data-testid='history-item']:not([data-status='finished'])",
        |n| n == 0,
    )
    .await;

    // By dates: today holds them all, tomorrow none; a reversed range is refused.
    let today = app
        .js(
            "const d = new Date(); return d.getUTCFullYear() + '-' +
               String(d.getUTCMonth() + 1).padStart(2, '0') + '-' + String(d.getUTCDate()).padStart(2, '0');",
            vec![],
        )
        .await;
    let today = today.as_str().unwrap().to_owned();
    app.testid("history-status")
        .await
        .select_by_value("")
        .await
        .unwrap();
    app.set_date("history-from", &today).await;
    app.set_date("history-until", &today).await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;
    app.set_date("history-from", "2999-01-01").await;
    let err = app
        .text_until("error-history-until", |t| !t.is_empty())
        .await;
    assert!(err.contains("before"), "{err}");
    app.set_date("history-until", "").await;
    app.text_until("history-empty", |t| t.contains("No match fits"))
        .await;
    app.screenshot("phone-history-empty").await;
    app.click("history-clear").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;

    // A finished match opens read-only with its full sheet: nothing to type or sign.
    app.fill("history-player", "dupont").await;
    app.count_until("[data-testid='history-item']", |n| n == 1)
        .await;
    let dupont = app.listed().await[0].clone();
    app.click(&format!("history-open-{dupont}")).await;
    app.testid("archived-match").await;
    app.text_until("read-only", |t| t.contains("read only"))
        .await;
    app.text_until("sheet-result", |t| !t.is_empty()).await;
    let grid = app.testid("sheet-grid").await.text().await.unwrap();
    assert!(grid.contains("Dupont") && grid.contains("Martin"), "{grid}");
    let editable = app
        .client
        .find_all(Locator::Css(
            "[data-testid='archived-match'] input, [data-testid='archived-match'] textarea, [data-testid='archived-match'] canvas",
        ))
        .await
        .unwrap();
    assert!(editable.is_empty(), "a finished match is read-only");
    app.assert_touch_friendly("phone archive").await;
    app.screenshot("phone-archive").await;
    app.click("back").await;
    // The search is kept.
    app.count_until("[data-testid='history-item']", |n| n == 1)
        .await;
    app.click("history-clear").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;

    // Delete: a confirmation that names the match; cancel keeps it.
    let victim = app.listed().await[0].clone();
    app.click(&format!("history-delete-{victim}")).await;
    let what = app.text_until("delete-what", |t| !t.is_empty()).await;
    assert!(what.contains(" vs "), "{what}");
    app.screenshot("phone-delete-confirm").await;
    app.click("confirm-cancel").await;
    app.count_until("[data-testid='delete-dialog']", |n| n == 0)
        .await;
    assert_eq!(app.listed().await[0], victim);
    app.click(&format!("history-delete-{victim}")).await;
    app.click("confirm-ok").await;
    app.text_until("history-notice", |t| t.contains("Moved to the trash"))
        .await;
    // The answer is where the eye is, not at the top of the scrolled list.
    app.assert_in_viewport("history-notice").await;
    app.text_until("open-trash", |t| t == "Trash (1)").await;
    assert!(!app.listed().await.contains(&victim));
    assert_eq!(app.listed().await.len(), 20, "the next one moved up");

    // The trash lists it and says until when; restore brings it back.
    app.click("open-trash").await;
    app.testid("trash-screen").await;
    app.text_until("trash-explain", |t| t.contains("next backup"))
        .await;
    assert_eq!(app.listed().await, vec![victim.clone()]);
    app.assert_touch_friendly("phone trash").await;
    app.screenshot("phone-trash").await;
    app.click(&format!("trash-restore-{victim}")).await;
    app.text_until("history-notice", |t| t.starts_with("Restored"))
        .await;
    app.text_until("history-empty", |t| t == "The trash is empty.")
        .await;
    app.click("back").await;
    app.testid("history-screen").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;
    assert_eq!(app.listed().await[0], victim);

    // Trash one for the next start.
    app.click(&format!("history-delete-{victim}")).await;
    app.click("confirm-ok").await;
    app.text_until("open-trash", |t| t == "Trash (1)").await;

    // Backups: the one made at this start is listed; restoring it asks first and says
    // what the file holds.
    app.click("open-data").await;
    app.testid("data-screen").await;
    app.count_until("[data-testid='backup-item']", |n| n == 1)
        .await;
    app.assert_touch_friendly("phone data").await;
    app.screenshot("phone-data").await;
    app.click("backup-restore").await;
    let summary = app.text_until("restore-summary", |t| !t.is_empty()).await;
    assert!(
        summary.contains(&format!("{} matches", files.len())),
        "{summary}"
    );
    app.screenshot("phone-restore-confirm").await;
    app.click("confirm-cancel").await;
    app.count_until("[data-testid='restore-dialog']", |n| n == 0)
        .await;
    app.close().await;

    // The next start backs up and empties the trash, as the screens say.
    let app = env.launch(ENGLISH, TABLET).await;
    app.click("open-history").await;
    app.count_until("[data-testid='history-item']", |n| n == 20)
        .await;
    app.text_until("open-trash", |t| t == "Trash (0)").await;
    app.screenshot("tablet-history").await;
    let finished = app
        .testid("history-list")
        .await
        .find(Locator::Css(
            "[data-testid='history-item'][data-status='finished'] button.history-main",
        ))
        .await
        .unwrap();
    finished.click().await.unwrap();
    app.testid("sheet-totals").await;
    app.screenshot("tablet-archive").await;
    app.click("back").await;
    app.click("open-data").await;
    // Two starts, two automatic backups; restoring the newest one (made at this start,
    // just before the trash was emptied) brings the trashed match back.
    app.count_until("[data-testid='backup-item']", |n| n == 2)
        .await;
    app.screenshot("tablet-data").await;
    let restores = app
        .client
        .find_all(Locator::Css("[data-testid='backup-restore']"))
        .await
        .unwrap();
    restores[0].click().await.unwrap();
    app.text_until("restore-summary", |t| {
        t.contains(&format!("{} matches", files.len()))
    })
    .await;
    app.click("confirm-ok").await;
    app.text_until("data-notice", |t| t.starts_with("Data restored from"))
        .await;
    app.assert_in_viewport("data-notice").await;
    app.click("back").await;
    app.click("settings-done").await;
    app.click("open-history").await;
    app.text_until("open-trash", |t| t == "Trash (1)").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sheet_signed_here_is_genuine_in_the_history_and_a_tampered_copy_is_not() {
    let env = Env::new();
    // Signed and exported with this database's own device key, into the folder the
    // window's open dialog answers from.
    let pdf = env.dialogs().join("carambole-1.pdf");
    crate::web::desktop_sheet(&env.db(), &pdf);
    let app = env.launch(ENGLISH, PHONE).await;
    app.click("open-history").await;
    app.click("check-sheet").await;
    app.text_until("check-genuine", |t| t.starts_with("Genuine score sheet"))
        .await;
    let score = app.testid("check-score").await.text().await.unwrap();
    assert!(
        score.contains("Dupont: 18 points in 3 innings")
            && score.contains("Martin: 20 points in 3 innings"),
        "{score}"
    );
    app.text_until("check-key", |t| {
        t.starts_with("Signed on this device, key ")
    })
    .await;
    app.assert_no_horizontal_scroll().await;
    app.screenshot("phone-check-genuine-en").await;

    std::fs::write(&pdf, crate::web::tampered_copy(&pdf)).unwrap();
    app.click("check-sheet").await;
    app.text_until("check-not-genuine", |t| {
        t.starts_with("NOT a genuine score sheet")
    })
    .await;
    assert!(!app.has("check-genuine").await);
    app.text_until("check-fault", |t| {
        t.starts_with("carambole-1.pdf was changed after it was signed")
    })
    .await;
    app.screenshot("phone-check-tampered-en").await;
    app.close().await;
}
