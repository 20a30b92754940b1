//! The web app (PWA) in headless Chromium as a phone (390×844, touch, device pixel ratio
//! 3): served from the built static folder by carom-web's server on 127.0.0.1 (a secure
//! context), SQLite in the origin's private file system through the worker. The
//! browser is started by the test (so it can be killed by PID) and driven by
//! chromedriver attached to it; Chrome DevTools commands set the phone metrics and cut
//! the network.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Locator;
use serde_json::{json, Value};

use crate::harness::{env_path, free_port, kill_tree, webdriver_session, App, Camera};
use crate::referee::PHONE;

/// The built web app's static server, for the life of the test process.
pub struct Site {
    pub url: String,
    /// What the server sent, request by request.
    pub sent: carom_web::serve::Sent,
}

impl Site {
    /// Serves `CARAMBOLE_WEB_APP` (written by `cargo xtask build-web`) on a free port.
    /// Each web test starts here, so this is also where its watch on the engine starts.
    pub fn start() -> Site {
        Site::serve(env_path("CARAMBOLE_WEB_APP"))
    }

    /// Serves `CARAMBOLE_WEB_APP_BENCH`, the web app whose worker has the benchmark's
    /// messages (built by `cargo xtask bench` only), on a free port.
    #[cfg(feature = "bench")]
    pub fn start_bench() -> Site {
        Site::serve(env_path("CARAMBOLE_WEB_APP_BENCH"))
    }

    /// Serves the built web app in `dir` on a free port.
    fn serve(dir: std::path::PathBuf) -> Site {
        crate::harness::watch_engine();
        assert!(
            dir.join("index.html").is_file() && dir.join("sw.js").is_file(),
            "{} is not a built web app",
            dir.display()
        );
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        let sent = carom_web::serve::Sent::default();
        let recording = sent.clone();
        std::thread::spawn(move || carom_web::serve::serve_recording(listener, dir, recording));
        Site { url, sent }
    }
}

/// A process the test started, listening on `port`; killed by PID (with its children)
/// when dropped, also on failure.
pub struct Listening {
    child: Child,
    port: u16,
}

impl Listening {
    /// Spawns `cmd` and waits until something listens on `port`.
    fn spawn(cmd: &mut Command, port: u16, what: &str) -> Listening {
        let mut child = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start {what}: {e}"));
        // Read, not shown (the browsers are verbose); a WebKit web process's crash is noted.
        crate::harness::read_engine_stderr(child.stderr.take().expect("piped stderr"), false);
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "{what} did not listen on {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Listening { child, port }
    }

    /// SIGKILL of the process itself (by its PID), as a crash or a phone's low-memory
    /// killer would; then its helper processes, so that a browser's profile is free.
    pub fn kill(mut self) {
        let pid = self.child.id();
        let status = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .expect("kill");
        assert!(status.success(), "kill -KILL {pid}");
        let _ = self.child.wait();
        kill_tree(&mut self.child);
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        kill_tree(&mut self.child);
    }
}

/// Chromium on a profile folder, with its DevTools port.
fn chromium(profile: &Path, lang: &str) -> Listening {
    let port = free_port();
    let mut cmd = Command::new("/usr/bin/chromium");
    cmd.args([
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--password-store=basic",
        &format!("--lang={lang}"),
        &format!("--remote-debugging-port={port}"),
        "--window-size=390,844",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .arg("about:blank")
    .env("LANGUAGE", lang);
    Listening::spawn(&mut cmd, port, "chromium")
}

/// chromedriver on a free port.
fn chromedriver() -> Listening {
    let port = free_port();
    Listening::spawn(
        Command::new("/usr/bin/chromedriver").arg(format!("--port={port}")),
        port,
        "chromedriver",
    )
}

/// A Chrome DevTools Protocol command through chromedriver.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

impl App {
    /// Presses the button with `data-testid` from the page itself (`element.click()`).
    pub async fn js_click(&self, id: &str) {
        let element = self.testid(id).await;
        self.client
            .execute(
                "arguments[0].click();",
                vec![serde_json::to_value(&element).unwrap()],
            )
            .await
            .unwrap_or_else(|e| panic!("click {id}: {e}"));
    }

    /// A new folder that the page's downloads go to, without asking.
    pub async fn downloads(&self) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        self.cdp(
            "Page.setDownloadBehavior",
            json!({ "behavior": "allow", "downloadPath": dir.path() }),
        )
        .await;
        dir
    }

    /// Runs DevTools command `cmd`.
    pub async fn cdp(&self, cmd: &'static str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp { cmd, params })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }

    /// Cuts the network (or gives it back): airplane mode.
    pub async fn offline(&self, offline: bool) {
        self.cdp("Network.enable", json!({})).await;
        self.cdp(
            "Network.emulateNetworkConditions",
            json!({
                "offline": offline,
                "latency": 0,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            }),
        )
        .await;
    }

    /// Waits until the page's service worker controls it (the shell is cached).
    pub async fn wait_service_worker(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let controlled = self
                .client
                .execute(
                    "return !!(navigator.serviceWorker && navigator.serviceWorker.controller);",
                    vec![],
                )
                .await
                .unwrap();
            if controlled.as_bool() == Some(true) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "no service worker controls the page"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// A phone's browser on one profile (its storage survives a restart of the browser).
pub struct Phone {
    pub profile: tempfile::TempDir,
    pub lang: &'static str,
}

impl Phone {
    pub fn new(lang: &'static str) -> Phone {
        Phone {
            profile: tempfile::tempdir().unwrap(),
            lang,
        }
    }

    /// Starts the browser on this profile, as a phone, on `url`. Also answers the
    /// browser process, to be killed.
    pub async fn open(&self, url: &str) -> (App, Listening) {
        let url = url.to_owned();
        let chromium = chromium(self.profile.path(), self.lang);
        let driver = chromedriver();
        let caps = json!({
            "goog:chromeOptions": {
                "debuggerAddress": format!("127.0.0.1:{}", chromium.port),
            }
        });
        let client = webdriver_session(driver.port, caps)
            .await
            .expect("chromedriver session");
        let app = App {
            client,
            size: PHONE,
            camera: Camera::WebDriver,
            touch: true,
            _keep: vec![Box::new(driver)],
        };
        app.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({
                "width": PHONE.0,
                "height": PHONE.1,
                "deviceScaleFactor": 3,
                "mobile": true,
            }),
        )
        .await;
        app.cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": true, "maxTouchPoints": 5 }),
        )
        .await;
        app.client.goto(&url).await.expect("open the web app");
        (app, chromium)
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_phone_web_app_keeps_a_match_through_a_browser_kill_and_scores_offline() {
    use crate::referee::NewMatch;

    let site = Site::start();
    let phone = Phone::new("en-GB");
    let (app, chromium) = phone.open(&site.url).await;
    app.text_until("new-match", |t| t == "New match").await;
    app.wait_service_worker().await;
    // Chromium itself judges the manifest, icons and service worker: nothing stands in
    // the way of installing the app.
    let manifest = app.cdp("Page.getAppManifest", json!({})).await;
    assert_eq!(manifest["errors"], json!([]), "{manifest}");
    let install = app.cdp("Page.getInstallabilityErrors", json!({})).await;
    assert_eq!(install["installabilityErrors"], json!([]), "{install}");
    app.screenshot("web-phone-home-en").await;
    app.assert_no_horizontal_scroll().await;
    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 15))
        .await;
    app.lag_and_break(0).await;
    app.caroms(3).await;
    app.score_is(0, 3).await;
    // The names typed in the form left no caret behind in the page: the browser would
    // place it again after every tap (`Shell::navigate` forgets the selection).
    let selection = app
        .client
        .execute("return window.getSelection().rangeCount;", vec![])
        .await
        .unwrap();
    assert_eq!(
        selection,
        json!(0),
        "a selection outlived the new-match form"
    );
    app.text_is("run", "3").await;
    assert!(app.slots_fit().await >= 4);
    app.screenshot("web-phone-scoring-en").await;

    // The browser is killed mid-run, right after the third carom was answered.
    chromium.kill();
    let (app, chromium) = phone.open(&site.url).await;
    let (item, resume_id) = app.resume_offer("Caudron").await;
    assert!(item.contains("Caudron 3 – 0 Jaspers"), "{item}");
    app.click(&resume_id).await;
    app.at_table(0, "Caudron").await;
    app.text_is("run", "3").await;

    // Airplane mode: the app reloads from the service worker's cache and scores on.
    app.offline(true).await;
    app.client.refresh().await.unwrap();
    app.text_until("resume-list", |t| t.contains("Caudron"))
        .await;
    app.click(&resume_id).await;
    app.caroms(2).await;
    app.score_is(0, 5).await;
    app.screenshot("web-phone-offline-en").await;

    // A second tab of the app reads the same matches (through the first tab's worker).
    let first = app.client.window().await.unwrap();
    app.client
        .execute("window.open(location.origin + '/', '_blank');", vec![])
        .await
        .unwrap();
    let windows = app.client.windows().await.unwrap();
    let second = windows.into_iter().find(|w| *w != first).unwrap();
    app.client.switch_to_window(second).await.unwrap();
    let item = app
        .text_until("resume-list", |t| t.contains("Caudron"))
        .await;
    assert!(item.contains("Caudron 5 – 0 Jaspers"), "{item}");

    // The language switched there holds for the app, in every tab at once.
    app.choose("language-select", "fr").await;
    app.text_until("new-match", |t| t == "Nouveau match").await;
    app.screenshot("web-phone-home-fr").await;
    app.client.close_window().await.unwrap();
    app.client.switch_to_window(first.clone()).await.unwrap();
    // The first tab, left on the scoring screen, followed it without a reload.
    app.text_until("carom", |t| t == "Carambole +1").await;
    app.caroms(1).await;
    app.score_is(0, 6).await;

    // The spectator board in a tab of its own follows each tap live.
    app.click("more").await;
    app.click("scoreboard-window").await;
    let windows = app.client.windows().await.unwrap();
    let board = windows.into_iter().find(|w| *w != first).unwrap();
    app.client.switch_to_window(board.clone()).await.unwrap();
    app.text_is("sb-score-0", "6").await;
    app.client.switch_to_window(first.clone()).await.unwrap();
    app.caroms(1).await;
    app.score_is(0, 7).await;
    app.client.switch_to_window(board).await.unwrap();
    app.text_is("sb-score-0", "7").await;
    // In French: the language was switched in the second tab.
    app.screenshot("web-phone-scoreboard-tab-fr").await;
    // A remote's key in the board's tab scores too (through the first tab's worker),
    // and the referee's tab follows it.
    app.keys("+").await;
    app.text_is("sb-score-0", "8").await;
    app.client.close_window().await.unwrap();
    app.client.switch_to_window(first).await.unwrap();
    app.score_is(0, 8).await;
    drop(app);
    drop(chromium);
}

#[tokio::test(flavor = "multi_thread")]
async fn on_the_phone_a_carom_counts_when_the_finger_lands_and_its_lift_adds_nothing() {
    use crate::referee::NewMatch;

    let site = Site::start();
    let phone = Phone::new("en-GB");
    let (app, _chromium) = phone.open(&site.url).await;
    app.create_match(&NewMatch::race("libre", "Vingerhoedt", "Blomdahl", 50))
        .await;
    app.lag_and_break(0).await;
    // Every state the score goes through, with the number of commits answered then.
    app.client
        .execute(
            r#"const score = document.querySelector("[data-testid='score-0']");
            window.__caramboleRounds = [];
            window.__scoreStates = [];
            new MutationObserver(() => window.__scoreStates.push([
                score.textContent, score.getAttribute("aria-busy"), window.__caramboleRounds.length,
            ])).observe(score, { attributes: true, childList: true, characterData: true, subtree: true });"#,
            vec![],
        )
        .await
        .unwrap();
    // The finger is still on the key when the point is on the screen (committed first).
    let carom = app.testid("carom").await;
    app.touch_down(&carom, "carom").await;
    app.score_is(0, 1).await;
    app.text_is("run", "1").await;
    app.lift().await;
    // First shown as pending, before the store's answer; shown done only after it.
    let states = app
        .client
        .execute("return window.__scoreStates;", vec![])
        .await
        .unwrap();
    let states = states.as_array().unwrap();
    assert!(
        states.contains(&json!(["1", "true", 0])),
        "never pending: {states:?}"
    );
    assert!(
        !states.contains(&json!(["1", null, 0])),
        "shown done before the commit: {states:?}"
    );
    let last = states.last().unwrap();
    assert_eq!(
        (&last[0], &last[1]),
        (&json!("1"), &Value::Null),
        "{states:?}"
    );
    assert!(last[2].as_u64().unwrap() >= 1, "{states:?}");
    // Then a miss, by touch too: the turn passes. Taps are played in order, so when the
    // other player is at the table the first one's score is final: the lift of the
    // carom's finger (and the miss's) added nothing.
    app.click("miss").await;
    app.at_table(1, "Blomdahl").await;
    app.text_is("score-0", "1").await;
    // A click no finger made (a key on the focused button, assistive technology) counts.
    app.js_click("carom").await;
    app.score_is(1, 1).await;
    app.text_is("score-0", "1").await;
}

/// Holds every message the page posts to its workers until `window.__releaseWorker()`:
/// the store cannot answer before the test says so. Installed before the page's scripts.
const HOLD_THE_WORKER: &str = "(() => { const W = window.Worker; if (!W) return; \
    const held = []; let open = false; \
    window.__workerHeld = () => !open; \
    window.__releaseWorker = () => { open = true; \
      for (const [w, a] of held.splice(0)) W.prototype.postMessage.apply(w, a); }; \
    window.Worker = class extends W { postMessage(...a) { \
      if (open) super.postMessage(...a); else held.push([this, a]); } }; })();";

impl App {
    /// Waits until the page has been told the store's answer: the home screen's list of
    /// matches (or its "no match yet") is there, which only the store can say.
    async fn store_answered(&self) {
        self.wait_script(
            "return !!document.querySelector(\"[data-testid='no-matches'], [data-testid='match-list']\");",
            "the store's list of matches",
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_phone_shows_home_in_the_last_language_before_the_worker_answers_and_the_worker_has_the_last_word(
) {
    let site = Site::start();
    let phone = Phone::new("es-ES");
    let (app, _chromium) = phone.open(&site.url).await;
    // The first visit has no copy: its first screen waits for the store. (Headless
    // Chromium ignores `--lang`, so the language is chosen in the app, as a referee may.)
    app.store_answered().await;
    app.choose("language-select", "fr").await;
    app.text_is("new-match", "Nouveau match").await;

    // The next start, the worker held: home is up in French, before any answer.
    app.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": HOLD_THE_WORKER }),
    )
    .await;
    app.client.goto(&site.url).await.unwrap();
    app.text_is("new-match", "Nouveau match").await;
    let before = app
        .script(
            "return [window.__workerHeld(), document.documentElement.lang, \
             !!document.querySelector(\"[data-testid='no-matches']\")];",
            vec![],
        )
        .await;
    assert_eq!(
        before,
        json!([true, "fr", false]),
        "held: held, lang, no-matches"
    );
    app.screenshot("web-phone-start-before-the-worker-fr").await;
    // A form filled before the store answers is kept: the match is created once it does.
    app.click("new-match").await;
    app.fill("player-a-name", "Dupont").await;
    app.fill("player-b-name", "Martin").await;
    app.script("window.__releaseWorker(); return true;", vec![])
        .await;
    app.click("create-match").await;
    app.testid("lag-screen").await;
    app.text_until("lag-screen", |t| {
        t.contains("Dupont") && t.contains("Martin")
    })
    .await;

    // The store keeps the last word: a stale copy (Spanish) shows first, then the
    // store's French replaces it, and the copy is French again.
    app.script(
        "localStorage.setItem('carambole-start', JSON.stringify({ language: 'es', \
         prefs: JSON.parse(localStorage.getItem('carambole-start')).prefs })); return true;",
        vec![],
    )
    .await;
    app.client.goto(&site.url).await.unwrap();
    app.text_is("new-match", "Nueva partida").await;
    app.script("window.__releaseWorker(); return true;", vec![])
        .await;
    app.store_answered().await;
    app.text_is("new-match", "Nouveau match").await;
    app.wait_script(
        "return JSON.parse(localStorage.getItem('carambole-start')).language === 'fr';",
        "the copy made French again",
    )
    .await;
}

/// Waits (two minutes at most) until the browser has written the whole PDF `path`.
pub async fn wait_for_pdf(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !std::fs::read(path).is_ok_and(|b| b.ends_with(b"%%EOF\n") || b.ends_with(b"%%EOF")) {
        assert!(
            Instant::now() < deadline,
            "no PDF downloaded at {}",
            path.display()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Referees a three-cushion race to 2 from the lag to the end (Caudron runs out, Jaspers
/// misses his equalizing inning) and signs the sheet as the referee Ceulemans and both
/// players: the sheet can then be exported. With `shots`, photographs the end screen.
pub async fn referee_and_sign(app: &App, shots: bool) {
    use crate::referee::NewMatch;

    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 2))
        .await;
    app.lag_and_break(0).await;
    app.caroms(2).await;
    // The equalizing inning: Jaspers misses, the match is over.
    app.at_table(1, "Jaspers").await;
    app.click("miss").await;
    app.text_until("result", |t| t.contains("Caudron")).await;
    if shots {
        app.screenshot("web-phone-end-fr").await;
    }
    app.click("end-sign").await;
    app.testid("signing").await;
    app.fill("signer-name-referee", "Ceulemans").await;
    for role in ["referee", "player-1", "player-2"] {
        app.draw_signature(role).await;
        app.click(&format!("sign-{role}")).await;
        app.testid(&format!("signed-{role}")).await;
    }
}

/// The number of strokes drawn on the pad of `role`: the `M` (move-to) commands of its path.
async fn strokes_on(app: &App, role: &str) -> usize {
    let d = app
        .client
        .execute(
            "const p = document.querySelector(`[data-testid='pad-${arguments[0]}'] path`); \
             return p ? (p.getAttribute('d') || '') : '';",
            vec![role.into()],
        )
        .await
        .unwrap();
    d.as_str().unwrap_or_default().matches('M').count()
}

#[tokio::test(flavor = "multi_thread")]
async fn on_the_phone_a_finger_signs_and_the_tap_on_clear_undo_or_sign_right_after_a_stroke_counts()
{
    use crate::referee::NewMatch;

    let site = Site::start();
    let phone = Phone::new("es-ES");
    let (app, _chromium) = phone.open(&site.url).await;
    app.create_match(&NewMatch::race("three-cushion", "Sánchez", "Zanetti", 1))
        .await;
    app.lag_and_break(0).await;
    app.caroms(1).await;
    app.at_table(1, "Zanetti").await;
    app.click("miss").await;
    app.text_until("result", |t| t.contains("Sánchez")).await;
    app.click("end-sign").await;
    app.testid("signing").await;
    // Each key is tapped by a finger right after the finger drew a stroke.
    app.draw_signature("referee").await;
    assert_eq!(strokes_on(&app, "referee").await, 1);
    app.click("clear-referee").await;
    app.wait_script(
        "return !(document.querySelector(\"[data-testid='pad-referee'] path\").getAttribute('d') || '').includes('M');",
        "the pad cleared by the first tap after a stroke",
    )
    .await;
    app.draw_signature("referee").await;
    app.draw_signature("referee").await;
    assert_eq!(strokes_on(&app, "referee").await, 2);
    app.click("undo-stroke-referee").await;
    app.wait_script(
        "return (document.querySelector(\"[data-testid='pad-referee'] path\").getAttribute('d') || '').split('M').length === 2;",
        "one stroke taken back by the first tap after a stroke",
    )
    .await;
    // Sign with no name: the error says so at once; the name given, Sign right after a
    // stroke signs.
    app.click("sign-referee").await;
    app.testid("sign-error").await;
    app.fill("signer-name-referee", "Ceulemans").await;
    app.draw_signature("referee").await;
    app.click("sign-referee").await;
    app.testid("signed-referee").await;
    app.screenshot("web-phone-signed-by-finger-es").await;
    // A tap counts once: one signature given, not two.
    let given = app
        .client
        .find_all(Locator::Css("[data-testid^='signed-']"))
        .await
        .unwrap();
    assert_eq!(given.len(), 1, "signatures given");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sheet_signed_on_the_phone_downloads_as_a_pdf_that_the_desktop_verifies() {
    let site = Site::start();
    let phone = Phone::new("fr-FR");
    let (app, _chromium) = phone.open(&site.url).await;
    let downloads = app.downloads().await;
    // The referee works in French (chosen in the app; the sheet follows it).
    app.text_until("new-match", |t| !t.is_empty()).await;
    app.choose("language-select", "fr").await;
    app.text_until("new-match", |t| t == "Nouveau match").await;
    referee_and_sign(&app, true).await;
    app.screenshot("web-phone-signed-fr").await;

    // The first export loads the sheet module; the PDF comes as a download.
    app.click("export-pdf").await;
    let deadline = Instant::now() + Duration::from_secs(120);
    let pdf = loop {
        let named = std::fs::read_dir(downloads.path())
            .unwrap()
            .flatten()
            .any(|e| {
                e.file_name()
                    .to_str()
                    .is_some_and(|n| n.starts_with("Caudron-Jaspers-") && n.ends_with(".pdf"))
            });
        if named {
            break crate::harness::saved_file(downloads.path(), "Caudron-Jaspers-", ".pdf");
        }
        assert!(Instant::now() < deadline, "no sheet downloaded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    wait_for_pdf(&pdf).await;
    app.screenshot("web-phone-pdf-fr").await;

    // The desktop's `carambole verify` accepts the phone's sheet.
    let out = Command::new(env_path("CARAMBOLE_APP"))
        .arg("verify")
        .arg(&pdf)
        .env("LANG", "en_GB.UTF-8")
        .output()
        .expect("run carambole verify");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.starts_with("valid: Caudron"), "{said}");
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Ceulemans") && text.contains("Trois bandes"),
        "{text}"
    );

    // Checked on the phone itself, in the history: genuine, signed by this phone's key.
    app.click("sign-back").await;
    app.click("open-history").await;
    app.choose_file("check-sheet", &pdf).await;
    app.text_until("check-genuine", |t| {
        t.starts_with("Feuille de match authentique")
    })
    .await;
    app.text_until("check-key", |t| {
        t.starts_with("Signée sur cet appareil, clé ")
    })
    .await;
    let score = app.testid("check-score").await.text().await.unwrap();
    assert!(
        score.contains("Caudron : 2 points") && score.contains("Jaspers : 0 point en"),
        "{score}"
    );
    app.assert_no_horizontal_scroll().await;
    app.screenshot("web-phone-check-own-fr").await;
}

/// The sheet module's requests the server answered so far, and their bytes.
fn sheet_module_sent(site: &Site) -> Vec<(String, usize)> {
    site.sent
        .requests()
        .into_iter()
        .filter(|(path, _)| path.contains("carom-web-sheet"))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_first_visit_leaves_out_the_sheet_module_which_a_signature_then_keeps_for_an_export_offline(
) {
    let site = Site::start();
    let phone = Phone::new("en-GB");
    let (app, _chromium) = phone.open(&site.url).await;
    let downloads = app.downloads().await;
    app.text_until("new-match", |t| t == "New match").await;
    // Controlled: the service worker has cached the whole shell.
    app.wait_service_worker().await;
    let first_visit = site.sent.total();
    assert!(
        first_visit <= 1_500_000,
        "the first visit sent {first_visit} bytes: {:?}",
        site.sent.requests()
    );
    assert_eq!(
        sheet_module_sent(&site),
        vec![],
        "the sheet module came with the shell"
    );

    // A match scored and signed: the sheet module is fetched in idle time and kept.
    referee_and_sign(&app, false).await;
    let kept = app
        .client
        .execute_async(
            r#"const done = arguments[arguments.length - 1];
            const poll = async () => {
              for (const key of await caches.keys()) {
                if (key.startsWith("carambole-sheet-") && (await (await caches.open(key)).keys()).length === 2) {
                  return done(key);
                }
              }
              setTimeout(poll, 100);
            };
            poll();"#,
            vec![],
        )
        .await
        .expect("the sheet module's cache");
    assert!(
        kept.as_str()
            .is_some_and(|k| k.starts_with("carambole-sheet-")),
        "{kept}"
    );
    // Sent compressed: the 41 MB module as about 13 MB of brotli.
    let sheet = sheet_module_sent(&site);
    let wasm: usize = sheet
        .iter()
        .filter(|(p, _)| p.ends_with(".wasm"))
        .map(|(_, n)| n)
        .sum();
    let raw = std::fs::metadata(env_path("CARAMBOLE_WEB_APP").join("carom-web-sheet_bg.wasm"))
        .unwrap()
        .len() as usize;
    assert!(
        wasm > 0 && wasm < raw / 2,
        "sheet wasm sent {wasm} bytes of {raw}: {sheet:?}"
    );

    // In airplane mode, the signed sheet exports from the kept module: nothing more is
    // asked of the server.
    app.offline(true).await;
    app.click("export-pdf").await;
    let deadline = Instant::now() + Duration::from_secs(120);
    let pdf = loop {
        let found = std::fs::read_dir(downloads.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "pdf"));
        if let Some(pdf) = found {
            break pdf;
        }
        assert!(Instant::now() < deadline, "no sheet exported offline");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    wait_for_pdf(&pdf).await;
    assert_eq!(
        sheet_module_sent(&site),
        sheet,
        "the offline export fetched the sheet module"
    );
}

/// A score sheet signed on the desktop: the `carambole` binary imports a finished match
/// (Dupont 18 – Martin 20, straight rail) into the database `db`, the referee and both
/// players sign it (`serve`, the commands the window sends), and `export-pdf` writes its
/// PDF, sealed with the key kept beside `db`, to `pdf`.
pub fn desktop_sheet(db: &Path, pdf: &Path) {
    use std::io::Write;

    let app = env_path("CARAMBOLE_APP");
    let fixture = carambole_tests::fixtures_dir().join("fmt-1-handicap-libre.json");
    let pad = json!({"width": 600, "height": 200, "strokes": [[[1, 2], [30, 40]]]});
    let mut lines = vec![json!({"command": "import_match_files", "args": {"paths": [fixture]}})];
    for (role, name) in [
        ("referee", "Ceulemans"),
        ("player-1", "Dupont"),
        ("player-2", "Martin"),
    ] {
        lines.push(json!({"command": "sign_sheet", "args": {
            "match_id": 1, "role": role, "name": name, "strokes": pad}}));
    }
    let mut serve = Command::new(&app)
        .arg("serve")
        .arg("--db")
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run carambole serve");
    {
        let mut stdin = serve.stdin.take().unwrap();
        for line in &lines {
            writeln!(stdin, "{line}").unwrap();
        }
    }
    let out = serve.wait_with_output().unwrap();
    let answers = String::from_utf8_lossy(&out.stdout);
    assert_eq!(answers.lines().count(), lines.len(), "{answers}");
    for answer in answers.lines() {
        assert!(answer.starts_with("{\"ok\""), "{answer}");
    }
    let out = Command::new(&app)
        .args(["export-pdf", "--match", "1", "--lang", "en", "-o"])
        .arg(pdf)
        .arg("--db")
        .arg(db)
        .env("LANG", "en_GB.UTF-8")
        .output()
        .expect("run carambole export-pdf");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `pdf` with one word of its title changed where a viewer shows it (the document's
/// metadata, kept uncompressed): its seal is intact, its PDF is not the sealed one.
pub fn tampered_copy(pdf: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(pdf).unwrap();
    let at = bytes
        .windows(6)
        .position(|w| w == b"Dupont")
        .expect("the title names the players");
    // Same length, so every offset in the file still holds: "Dupont" becomes "Dupond".
    bytes[at + 5] = b'd';
    bytes
}

impl App {
    /// Presses `button`, whose command opens a file, and chooses `file` in the page's file
    /// input. The browser's own dialog is held back by DevTools (it cannot be driven);
    /// the file is handed to the input as a user's choice would be.
    pub async fn choose_file(&self, button: &str, file: &Path) {
        self.cdp("Page.enable", json!({})).await;
        self.cdp(
            "Page.setInterceptFileChooserDialog",
            json!({ "enabled": true }),
        )
        .await;
        self.click(button).await;
        self.client
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(fantoccini::Locator::Css("input[data-testid='file-input']"))
            .await
            .unwrap_or_else(|e| panic!("file input of {button}: {e}"))
            .send_keys(&file.display().to_string())
            .await
            .unwrap_or_else(|e| panic!("choose {}: {e}", file.display()));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sheet_signed_on_the_desktop_is_genuine_on_the_phone_and_a_tampered_copy_is_not() {
    let desk = tempfile::tempdir().unwrap();
    let pdf = desk.path().join("sheet.pdf");
    desktop_sheet(&desk.path().join("carambole.sqlite"), &pdf);
    let tampered = desk.path().join("sheet-edited.pdf");
    std::fs::write(&tampered, tampered_copy(&pdf)).unwrap();

    let site = Site::start();
    let phone = Phone::new("en-GB");
    let (app, _chromium) = phone.open(&site.url).await;
    app.text_until("new-match", |t| t == "New match").await;
    app.click("open-history").await;
    app.testid("history-screen").await;

    // The first check loads the sheet module, which renders the sheet again in the
    // browser and compares it with the desktop's pages.
    app.choose_file("check-sheet", &pdf).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    while !app.has("check-genuine").await {
        assert!(
            !app.has("check-not-genuine").await,
            "the desktop's sheet is not genuine on the phone: {}",
            app.testid("check-not-genuine").await.text().await.unwrap()
        );
        assert!(
            !app.has("history-error").await,
            "{}",
            app.testid("history-error").await.text().await.unwrap()
        );
        assert!(
            Instant::now() < deadline,
            "no verdict on the desktop's sheet"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let said = app.testid("check-genuine").await.text().await.unwrap();
    assert!(said.contains("Genuine score sheet"), "{said}");
    let score = app.testid("check-score").await.text().await.unwrap();
    assert!(
        score.contains("Dupont: 18 points in 3 innings")
            && score.contains("Martin: 20 points in 3 innings"),
        "{score}"
    );
    app.text_until("check-result", |t| t == "Winner: Martin")
        .await;
    let key = app.testid("check-key").await.text().await.unwrap();
    assert!(
        key.starts_with("Signed by the device with key "),
        "the phone did not sign it: {key}"
    );
    app.text_until("check-match", |t| t.starts_with("Straight rail, "))
        .await;
    app.assert_no_horizontal_scroll().await;
    app.screenshot("web-phone-check-genuine-en").await;

    app.choose_file("check-sheet", &tampered).await;
    let said = app.text_until("check-not-genuine", |t| !t.is_empty()).await;
    assert!(!app.has("check-genuine").await);
    assert!(said.starts_with("NOT a genuine score sheet"), "{said}");
    app.text_until("check-fault", |t| {
        t.starts_with("sheet-edited.pdf was changed after it was signed")
    })
    .await;
    let reason = app.testid("check-reason").await.text().await.unwrap();
    assert!(reason.contains("/Root/Metadata"), "{reason}");
    app.assert_no_horizontal_scroll().await;
    app.screenshot("web-phone-check-tampered-en").await;
}

/// Waits until a download named as `wanted` says is complete in `dir` and it opens as
/// an SQLite database; answers its path and how many matches it holds, by first player.
async fn downloaded_database(dir: &Path, wanted: impl Fn(&str) -> bool) -> (PathBuf, Vec<String>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let found = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&wanted));
        // Chromium writes `<name>.crdownload` and renames it when complete.
        if let Some(path) = found {
            let read = rusqlite::Connection::open_with_flags(
                &path,
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
            )
            .and_then(|db| {
                let mut stmt = db.prepare(
                    "SELECT json_extract(setup, '$.players[0].name') FROM matches ORDER BY id",
                )?;
                let names = stmt
                    .query_map([], |r| r.get::<_, String>(0))?
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(names)
            });
            if let Ok(names) = read {
                return (path, names);
            }
        }
        assert!(
            Instant::now() < deadline,
            "no database downloaded in {dir:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn on_the_phone_a_backup_downloads_and_restoring_it_brings_back_the_matches_it_holds() {
    use crate::referee::NewMatch;
    use fantoccini::Locator;

    let site = Site::start();
    let phone = Phone::new("en-GB");
    let (app, _chromium) = phone.open(&site.url).await;
    let downloads = app.downloads().await;
    app.text_until("new-match", |t| t == "New match").await;
    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 15))
        .await;
    app.lag_and_break(0).await;
    app.caroms(3).await;
    app.score_is(0, 3).await;

    // Back up: the whole database comes as a download.
    app.click("open-settings").await;
    app.click("open-data").await;
    app.testid("data-screen").await;
    assert!(!app.has("backup-list").await && !app.has("no-backups").await);
    app.click("backup-now").await;
    let notice = app
        .text_until("data-notice", |t| t.starts_with("Backup downloaded as"))
        .await;
    let (backup, held) = downloaded_database(downloads.path(), |n| {
        n.starts_with("carambole-backup-") && n.ends_with(".sqlite")
    })
    .await;
    assert_eq!(held, ["Caudron"]);
    let name = backup.file_name().unwrap().to_str().unwrap().to_owned();
    assert!(notice.contains(&name), "{notice}");
    app.screenshot("web-phone-backed-up-en").await;

    // Another match after the backup.
    app.click("back").await;
    app.click("settings-done").await;
    app.create_match(&NewMatch::race("three-cushion", "Blomdahl", "Zanetti", 15))
        .await;
    app.lag_and_break(0).await;
    app.caroms(1).await;
    app.score_is(0, 1).await;
    app.click("open-settings").await;
    app.click("settings-done").await;
    app.text_until("resume-list", |t| {
        t.contains("Blomdahl") && t.contains("Caudron")
    })
    .await;

    // Restore the downloaded file through the page's file input; the app says what it
    // holds and asks first.
    app.click("open-settings").await;
    app.click("open-data").await;
    // No chooser is shown: the test hands the file to the input itself.
    app.cdp(
        "Page.setInterceptFileChooserDialog",
        json!({ "enabled": true }),
    )
    .await;
    app.click("restore-file").await;
    let input = app.testid("file-input").await;
    input.send_keys(backup.to_str().unwrap()).await.unwrap();
    let summary = app.text_until("restore-summary", |t| !t.is_empty()).await;
    assert!(summary.contains("one match"), "{summary}");
    assert_eq!(app.testid("restore-what").await.text().await.unwrap(), name);
    app.screenshot("web-phone-restore-confirm-en").await;
    app.click("confirm-ok").await;
    let notice = app
        .text_until("data-notice", |t| t.starts_with("Data restored from"))
        .await;
    assert!(!app.has("file-input").await, "the input leaves the page");

    // The data it replaced was downloaded first, under the name the notice gives.
    let (safety, replaced) = downloaded_database(downloads.path(), |n| {
        n.starts_with("carambole-before-restore-") && n.ends_with(".sqlite")
    })
    .await;
    assert_eq!(replaced, ["Caudron", "Blomdahl"]);
    let safety = safety.file_name().unwrap().to_str().unwrap().to_owned();
    assert!(notice.contains(&safety), "{notice}");
    app.screenshot("web-phone-restored-en").await;

    // The matches are as at the backup: Caudron's at 3, no Blomdahl.
    app.click("back").await;
    app.click("settings-done").await;
    let list = app
        .text_until("resume-list", |t| t.contains("Caudron"))
        .await;
    assert!(list.contains("Caudron 3 – 0 Jaspers"), "{list}");
    assert!(!list.contains("Blomdahl"), "{list}");
    let resume = app
        .client
        .find_all(Locator::Css("button[data-testid^='resume-']"))
        .await
        .unwrap();
    assert_eq!(resume.len(), 1);
}

/// WebKitGTK's MiniBrowser: the WebKit engine, standing in for iOS Safari.
const MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/// WebKitWebDriver on a free port, on `display`.
fn webkit_driver(display: &crate::harness::Display) -> Listening {
    let port = free_port();
    let mut cmd = Command::new("/usr/bin/WebKitWebDriver");
    cmd.arg(format!("--port={port}"))
        .env("DISPLAY", &display.name)
        .env("LANG", "en_GB.UTF-8")
        // No GPU under Xvfb: WebKit's DMA-BUF renderer would show a blank page.
        .env("WEBKIT_DISABLE_DMABUF_RENDERER", "1")
        .env("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    Listening::spawn(&mut cmd, port, "WebKitWebDriver")
}

#[tokio::test(flavor = "multi_thread")]
async fn in_webkit_the_web_app_starts_a_match_and_says_plainly_when_it_cannot_keep_it() {
    let site = Site::start();
    // As in the desktop harness: WebKitWebDriver now and then drops a new session before
    // the browser is up (the driver's failure, not the app's); ask again, at most 3 times,
    // each with a fresh display and driver.
    let mut tries = 0;
    let (client, display, driver) = loop {
        tries += 1;
        let display = crate::harness::Display::start();
        let driver = webkit_driver(&display);
        let caps = json!({
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": { "binary": MINIBROWSER, "args": ["--automation"] },
        });
        match webdriver_session(driver.port, caps).await {
            Ok(client) => break (client, display, driver),
            Err(e) if tries < 3 => eprintln!("WebDriver session refused, starting again: {e}"),
            Err(e) => panic!("WebKitWebDriver session: {e}"),
        }
    };
    let display_name = display.name.clone();
    let app = App {
        client,
        size: PHONE,
        camera: Camera::Display(display_name),
        touch: false,
        _keep: vec![Box::new(driver), Box::new(display)],
    };
    app.client
        .set_window_rect(0, 0, PHONE.0, PHONE.1)
        .await
        .expect("window size");
    app.client.goto(&site.url).await.expect("open the web app");
    app.text_until("new-match", |t| t == "New match").await;

    // Where the engine has no private file system the app says so on every screen and
    // scores on in memory; where it has one, it says nothing.
    let has_opfs = app
        .client
        .execute(
            "return !!(navigator.storage && navigator.storage.getDirectory);",
            vec![],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap();
    if has_opfs {
        assert!(!app.has("memory-only").await);
    } else {
        let said = app.text_until("memory-only", |t| !t.is_empty()).await;
        assert!(said.contains("cannot keep matches"), "{said}");
    }
    app.screenshot("webkit-phone-home-en").await;

    app.testid("language-select")
        .await
        .select_by_value("es")
        .await
        .unwrap();
    app.text_until("new-match", |t| t == "Nueva partida").await;
    // MiniBrowser lays the page out wider than its window under Xvfb, and WebDriver clicks
    // there land now and then beside the button: the buttons are pressed from the page.
    app.js_click("new-match").await;
    app.testid("discipline")
        .await
        .select_by_value("three-cushion")
        .await
        .unwrap();
    app.fill("player-a-name", "Sánchez").await;
    app.fill("player-a-target", "5").await;
    app.fill("player-b-name", "Zanetti").await;
    app.fill("player-b-target", "5").await;
    app.js_click("create-match").await;
    // The lag assistant of the new match, its players in place.
    app.text_until("lag-screen", |t| t.contains("Sánchez"))
        .await;
    if !has_opfs {
        app.testid("memory-only").await;
    }
    app.screenshot("webkit-phone-lag-es").await;
}

/// The board's card of player 0 and its figures, in CSS pixels: card height and width,
/// the font sizes of the score, the name and the run, and whether anything spills out of
/// a card.
const BOARD_SIZES: &str = r#"
const q = (id) => document.querySelector(`[data-testid='${id}']`);
const size = (id) => parseFloat(getComputedStyle(q(id)).fontSize);
const card = q('sb-player-0').getBoundingClientRect();
const spills = [...document.querySelectorAll('.sb-player')].some((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1);
return { height: card.height, width: card.width, score: size('sb-score-0'), name: size('sb-name-0'), run: size('sb-run'), spills };
"#;

#[tokio::test(flavor = "multi_thread")]
async fn the_board_fills_its_card_on_a_tv_and_a_tablet_and_counts_down_the_pause() {
    use crate::referee::NewMatch;

    let site = Site::start();
    let phone = Phone::new("en-GB");
    let (app, _chromium) = phone.open(&site.url).await;
    app.create_match(&NewMatch::race("libre", "Vingerhoedt", "Blomdahl", 150))
        .await;
    app.lag_and_break(0).await;
    app.caroms(3).await;
    app.score_is(0, 3).await;
    let referee = app.client.window().await.unwrap();
    app.click("more").await;
    app.click("scoreboard-window").await;
    let board = app
        .client
        .windows()
        .await
        .unwrap()
        .into_iter()
        .find(|w| *w != referee)
        .unwrap();
    app.client.switch_to_window(board.clone()).await.unwrap();
    app.text_is("sb-score-0", "3").await;
    for (width, height, name, min_name, min_run) in [
        (1920, 1080, "tv", 56.0, 56.0),
        (1280, 800, "tablet", 32.0, 48.0),
    ] {
        app.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
        )
        .await;
        let deadline = Instant::now() + Duration::from_secs(10);
        let s = loop {
            let s = app.client.execute(BOARD_SIZES, vec![]).await.unwrap();
            if s["width"].as_f64().unwrap() > f64::from(width) / 3.0 || Instant::now() > deadline {
                break s;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let f = |k: &str| s[k].as_f64().unwrap();
        // The digits take a third of the card's height or more: sized to the card.
        assert!(f("score") >= 0.3 * f("height"), "{name}: {s}");
        assert!(f("name") >= min_name && f("run") >= min_run, "{name}: {s}");
        assert_eq!(s["spills"], json!(false), "{name}: {s}");
        app.screenshot(&format!("web-board-{name}-en")).await;
    }

    // The pause: a countdown from its length on the referee's screen and on the board.
    app.client.switch_to_window(referee).await.unwrap();
    app.click("miss").await;
    app.at_table(1, "Blomdahl").await;
    app.click("pause").await;
    let first = app
        .text_until("pause-countdown", |t| {
            t.starts_with("Pause: 2:5") || t == "Pause: 3:00 left"
        })
        .await;
    app.text_until("pause-countdown", |t| {
        t != first && t.starts_with("Pause: 2:")
    })
    .await;
    app.client.switch_to_window(board).await.unwrap();
    app.text_until("pause-countdown", |t| t.starts_with("Pause: 2:"))
        .await;
    app.screenshot("web-board-pause-tablet-en").await;
}
