//! Starts Xvfb, tauri-driver (over WebKitWebDriver) and the real app with a fresh
//! database — or, for the web app, see `web.rs`; kills every process it started by PID
//! when dropped, also on failure.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

pub fn env_path(var: &str) -> PathBuf {
    PathBuf::from(std::env::var_os(var).unwrap_or_else(|| {
        panic!("{var} is not set: run the end-to-end tests through `cargo xtask test`")
    }))
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Every process below `pid`, deepest first, read from /proc.
fn descendants(pid: u32) -> Vec<u32> {
    let mut children: Vec<(u32, u32)> = Vec::new();
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for e in dir.flatten() {
            let Ok(p) = e.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) else {
                continue;
            };
            // The ppid is the 2nd field after the parenthesised command name.
            let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or_default();
            if let Some(ppid) = after.split_whitespace().nth(1).and_then(|s| s.parse().ok()) {
                children.push((p, ppid));
            }
        }
    }
    let mut out = Vec::new();
    let mut stack = vec![pid];
    while let Some(parent) = stack.pop() {
        for (p, pp) in &children {
            if *pp == parent {
                stack.push(*p);
                out.push(*p);
            }
        }
    }
    out.reverse();
    out
}

pub fn kill_tree(child: &mut Child) {
    for pid in descendants(child.id()) {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The first fatal error the WebKit engine's own web process printed during the running
/// test (tests run one at a time). WebKitGTK's web process now and then aborts on a GLib
/// error of its own ("getauxval () failed: Interrupted system call": GLib's set-uid check
/// finds EINTR in errno, most likely left there by a signal handler of JavaScriptCore's
/// thread suspension), which kills the page under any test; such a failure says nothing
/// about the app.
static ENGINE_CRASH: Mutex<Option<String>> = Mutex::new(None);

/// Printed in a failing test's output when the engine crashed under it; `cargo xtask test`
/// runs such a test once more, alone (crates/xtask/src/test.rs reads this same text).
const ENGINE_CRASH_MARKER: &str = "e2e: the WebKit web process crashed under this test: ";

fn engine_crash() -> std::sync::MutexGuard<'static, Option<String>> {
    ENGINE_CRASH.lock().unwrap_or_else(|e| e.into_inner())
}

/// How many times the desktop app said it loads a page again after its engine died
/// (src-tauri/src/page_recovery.rs prints the line).
static PAGE_RELOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

pub fn page_reloads() -> usize {
    PAGE_RELOADS.load(std::sync::atomic::Ordering::SeqCst)
}

/// Whether a line of a WebKit process's stderr is its web process aborting on a fatal
/// GLib-family error (`(WebKitWebProcess:123): GLib-ERROR **: …`).
fn is_engine_crash(line: &str) -> bool {
    line.contains("(WebKitWebProcess:") && line.contains("-ERROR **")
}

#[test]
fn the_web_process_aborting_is_an_engine_crash_and_its_warnings_are_not() {
    let abort = "(WebKitWebProcess:15835): GLib-ERROR **: 17:46:09.012: getauxval () failed: Interrupted system call";
    assert!(is_engine_crash(abort));
    let warning = "(WebKitWebProcess:15835): Gtk-WARNING **: 17:46:07.108: Locale not supported by C library.";
    assert!(!is_engine_crash(warning));
    // The app's own GLib errors are the app's.
    assert!(!is_engine_crash(
        "(carambole:1200): GLib-ERROR **: out of memory"
    ));
}

/// Starts a test's watch on the engine: forgets an earlier test's crash and makes a
/// failure of this one say whether the engine crashed under it.
pub fn watch_engine() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Some(line) = engine_crash().as_ref() {
                eprintln!("{ENGINE_CRASH_MARKER}{line}");
            }
            default(info);
        }));
    });
    *engine_crash() = None;
}

/// Reads a WebKit driver's stderr (its browser's and web processes' too), notes an engine
/// crash, and copies the lines to this process's stderr when `forward`.
pub fn read_engine_stderr(stderr: ChildStderr, forward: bool) {
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(|l| l.ok()) {
            if line.starts_with("carambole: the page's engine ended") {
                PAGE_RELOADS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            if is_engine_crash(&line) {
                engine_crash().get_or_insert_with(|| line.clone());
            }
            if forward {
                // Straight to stderr, as when it was inherited: not into a test's capture.
                let _ = writeln!(std::io::stderr(), "{line}");
            }
        }
    });
}

/// A virtual X display.
pub struct Display {
    child: Child,
    pub name: String,
}

/// Whether display `n` is free: no lock file, or a stale one whose X server is gone (an
/// X server killed by a signal leaves its lock and socket behind; those are removed).
fn display_free(n: u32) -> bool {
    let lock = format!("/tmp/.X{n}-lock");
    let socket = format!("/tmp/.X11-unix/X{n}");
    let Ok(pid) = std::fs::read_to_string(&lock) else {
        return !Path::new(&socket).exists();
    };
    let alive = pid
        .trim()
        .parse::<u32>()
        .is_ok_and(|p| Path::new(&format!("/proc/{p}")).exists());
    if alive {
        return false;
    }
    let _ = std::fs::remove_file(&socket);
    std::fs::remove_file(&lock).is_ok()
}

impl Display {
    pub fn start() -> Display {
        let n = (90..400)
            .find(|n| display_free(*n))
            .expect("a free X display number");
        let name = format!(":{n}");
        let child = Command::new("Xvfb")
            .args([
                name.as_str(),
                "-screen",
                "0",
                "1400x1000x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
            assert!(Instant::now() < deadline, "Xvfb did not start on {name}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Display { child, name }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        // SIGTERM first: Xvfb then removes its lock file and socket (a SIGKILL leaves them
        // behind, and display numbers run out on a machine that runs the tests all day).
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        kill_tree(&mut self.child);
    }
}

/// tauri-driver on a free port, proxying to WebKitWebDriver.
pub struct Driver {
    child: Child,
    pub port: u16,
}

impl Driver {
    pub async fn start(display: &Display, locale: &str) -> Driver {
        let port = free_port();
        let native = free_port();
        let mut child = Command::new(env_path("CARAMBOLE_TAURI_DRIVER"))
            .args([
                "--port",
                &port.to_string(),
                "--native-port",
                &native.to_string(),
            ])
            .args(["--native-driver", "/usr/bin/WebKitWebDriver"])
            .env("DISPLAY", &display.name)
            .env("LANG", locale)
            .env("LC_ALL", locale)
            .env("LANGUAGE", locale.split('.').next().unwrap_or(locale))
            // No GPU under Xvfb: WebKit's DMA-BUF renderer would show a blank page.
            .env("WEBKIT_DISABLE_DMABUF_RENDERER", "1")
            .env("WEBKIT_DISABLE_COMPOSITING_MODE", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tauri-driver");
        read_engine_stderr(child.stderr.take().expect("piped stderr"), true);
        // tauri-driver listens before WebKitWebDriver does; a session asked for in between
        // is dropped (IncompleteMessage). Wait for both.
        let deadline = Instant::now() + Duration::from_secs(30);
        for p in [port, native] {
            while std::net::TcpStream::connect(("127.0.0.1", p)).is_err() {
                assert!(
                    Instant::now() < deadline,
                    "tauri-driver did not listen on {p}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        kill_tree(&mut self.child);
    }
}

/// How a test's screenshots are taken.
pub enum Camera {
    /// The X display the desktop app's window is on (WebKitWebDriver's screenshot hangs
    /// under Xvfb).
    Display(String),
    /// WebDriver's own screenshot (Chromium).
    WebDriver,
}

/// A running app (the desktop window or the web app in a browser) with what it runs on.
pub struct App {
    pub client: Client,
    pub size: (u32, u32),
    pub camera: Camera,
    /// Taps are touches on the screen, as on a phone ([`App::click`]), not mouse clicks.
    /// (A mouse left over the page is a desktop's: Chromium then recomputes what it
    /// hovers, laying the page out first, at the start of every frame after a change.)
    pub touch: bool,
    /// The processes under the session, dropped (killed) in this order after the client.
    pub _keep: Vec<Box<dyn std::any::Any + Send>>,
}

/// The environment of one test: a temporary folder with the database.
pub struct Env {
    pub dir: tempfile::TempDir,
}

impl Env {
    pub fn new() -> Env {
        watch_engine();
        Env {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("carambole.sqlite")
    }

    /// The folder that answers the app's file dialogs (`--dialog-dir`): saved files land
    /// here, and an open dialog picks the files put here.
    pub fn dialogs(&self) -> PathBuf {
        let dir = self.dir.path().join("dialogs");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Starts the app on this environment's database, in `locale`, at `size`.
    pub async fn launch(&self, locale: &str, size: (u32, u32)) -> App {
        // The session is asked for up to 3 times, each with a fresh display and driver:
        // now and then WebKitWebDriver drops a new session (IncompleteMessage) before the
        // app is started; that is the driver's failure, not the app's, which is then
        // tested as usual.
        // Once in a cold CI run (2026-12-08) the window's web view showed nothing for
        // 20 s: not even the top bar, which is drawn before the app asks its core
        // anything. So the page's shell must be there before a test starts; a web view
        // that stays blank for a minute is started again like a dropped session, with
        // what it showed printed. An app whose page never mounts fails all 3 tries.
        let mut last = String::new();
        for _ in 0..3 {
            let display = Display::start();
            let driver = Driver::start(&display, locale).await;
            match self.session(&driver, size).await {
                Ok(client) => {
                    let app = App {
                        client,
                        size,
                        camera: Camera::Display(display.name.clone()),
                        touch: false,
                        // The driver (and the app under it) before the display.
                        _keep: vec![Box::new(driver), Box::new(display)],
                    };
                    match app.mounted().await {
                        Ok(()) => return app,
                        Err(e) => {
                            eprintln!("the app's page did not mount, starting again: {e}");
                            last = e;
                            app.close().await;
                        }
                    }
                }
                Err(e) => {
                    eprintln!("WebDriver session refused, starting again: {e}");
                    last = e.to_string();
                }
            }
        }
        panic!("WebDriver session with the app: {last}");
    }

    async fn session(
        &self,
        driver: &Driver,
        size: (u32, u32),
    ) -> Result<Client, fantoccini::error::NewSessionError> {
        let app = env_path("CARAMBOLE_APP");
        let caps = json!({
            "tauri:options": {
                "application": app,
                "args": [
                    "--db", self.db(),
                    "--window-size", format!("{}x{}", size.0, size.1),
                    "--dialog-dir", self.dialogs(),
                ],
            }
        });
        webdriver_session(driver.port, caps).await
    }
}

/// A WebDriver session with `caps` on the driver listening on this machine's `port`.
/// Plain HTTP: every driver runs here, so the client carries no TLS stack (rustls and
/// its C crypto library were minutes of a cold build for nothing).
pub async fn webdriver_session(
    port: u16,
    caps: serde_json::Value,
) -> Result<Client, fantoccini::error::NewSessionError> {
    let caps = caps.as_object().cloned().unwrap_or_default();
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps.into_iter().collect())
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
}

impl App {
    /// Waits up to a minute for the page's shell (`main.content`, drawn by every window
    /// before it asks the core anything); otherwise says what the page held.
    async fn mounted(&self) -> Result<(), String> {
        let found = self
            .client
            .wait()
            .at_most(Duration::from_secs(60))
            .for_element(Locator::Css("main.content"))
            .await;
        if found.is_ok() {
            return Ok(());
        }
        let url = self.client.current_url().await.map(|u| u.to_string());
        let source = self.client.source().await.unwrap_or_default();
        let head: String = source.chars().take(400).collect();
        Err(format!(
            "no main.content after 60 s at {url:?}; the page's first 400 characters: {head}"
        ))
    }

    /// Fails when the page scrolls sideways (phone layouts must fit the width).
    pub async fn assert_no_horizontal_scroll(&self) {
        let overflow = self
            .client
            .execute(
                "return document.documentElement.scrollWidth - window.innerWidth;",
                vec![],
            )
            .await
            .unwrap()
            .as_f64()
            .unwrap();
        assert!(
            overflow <= 0.0,
            "horizontal scrolling at {:?}: {overflow}px",
            self.size
        );
    }

    /// Every slot on screen (src-ui components/slot.rs) is laid out on its own and is
    /// exactly as tall as what it holds, after the frames that followed a change: a figure
    /// that changed is never cut off, nor leaves a gap. Returns how many there are.
    pub async fn slots_fit(&self) -> usize {
        let script = r#"
            const done = arguments[arguments.length - 1];
            // Two frames: the observers of the first have answered by the second.
            requestAnimationFrame(() => requestAnimationFrame(() => done(
                [...document.querySelectorAll(".slot")].map((s) => ({
                    sized: s.classList.contains("sized"),
                    gap: s.getBoundingClientRect().height
                        - s.firstElementChild.getBoundingClientRect().height,
                }))
            )));
        "#;
        let slots = self.client.execute_async(script, vec![]).await.unwrap();
        let slots = slots.as_array().expect("slots");
        for s in slots {
            assert_eq!(s["sized"], true, "a slot never sized: {slots:?}");
            let gap = s["gap"].as_f64().unwrap();
            assert!(
                gap.abs() < 0.5,
                "a slot not as tall as its content: {slots:?}"
            );
        }
        slots.len()
    }

    /// SIGKILLs the WebKit web processes under the desktop app — its page's engine — as a
    /// crash of the engine or the out-of-memory killer would; returns how many there were.
    pub fn kill_page(&self) -> Vec<u32> {
        let pages = self.page_processes();
        for p in &pages {
            let status = Command::new("kill")
                .args(["-KILL", &p.to_string()])
                .status()
                .expect("kill");
            assert!(status.success(), "kill -KILL {p}");
        }
        pages
    }

    /// The WebKit web processes under the desktop app: its pages' engines.
    pub fn page_processes(&self) -> Vec<u32> {
        let driver = self
            ._keep
            .iter()
            .find_map(|k| k.downcast_ref::<Driver>())
            .expect("the desktop app's driver");
        descendants(driver.child.id())
            .into_iter()
            .filter(|p| {
                // The kernel keeps 15 bytes of the name: "WebKitWebProces".
                std::fs::read_to_string(format!("/proc/{p}/comm"))
                    .is_ok_and(|c| c.starts_with("WebKitWebProc"))
            })
            .collect()
    }

    /// The element with `data-testid`, waiting for it to appear.
    pub async fn testid(&self, id: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(Locator::Css(&format!("[data-testid='{id}']")))
            .await
            .unwrap_or_else(|e| panic!("element {id}: {e}"))
    }

    /// Waits until the element's text satisfies `ok`; returns the text.
    pub async fn text_until(&self, id: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let element = self.testid(id).await;
            let text = element.text().await.unwrap_or_default();
            // A carom shown as pending (`aria-busy`) is not yet stored: wait for its commit.
            if ok(&text) && element.attr("aria-busy").await.ok().flatten().is_none() {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "element {id} kept the text {text:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Types into a field after clearing it. On a phone ([`App::touch`]) the field is
    /// tapped, emptied, and the text comes as the on-screen keyboard gives it (DevTools'
    /// `Input.insertText`): WebDriver's typing leaves a mouse over the page.
    pub async fn fill(&self, id: &str, text: &str) {
        let el = self.testid(id).await;
        if !self.touch {
            el.clear().await.unwrap();
            el.send_keys(text).await.unwrap();
            return;
        }
        self.click(id).await;
        self.client
            .execute(
                "const e = arguments[0]; e.value = ''; \
                 e.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'deleteContent'}));",
                vec![serde_json::to_value(&el).unwrap()],
            )
            .await
            .unwrap_or_else(|e| panic!("empty {id}: {e}"));
        self.cdp("Input.insertText", serde_json::json!({ "text": text }))
            .await;
    }

    /// Picks `value` in the select `id`. On a phone ([`App::touch`]) as its own picker
    /// does: the value is set and the select tells `input` and `change` (WebDriver's
    /// option click leaves a mouse over the page).
    pub async fn choose(&self, id: &str, value: &str) {
        let el = self.testid(id).await;
        if !self.touch {
            el.select_by_value(value).await.unwrap();
            return;
        }
        let chosen = self
            .client
            .execute(
                "const [e, v] = arguments; e.value = v; \
                 e.dispatchEvent(new Event('input', {bubbles: true})); \
                 e.dispatchEvent(new Event('change', {bubbles: true})); return e.value;",
                vec![serde_json::to_value(&el).unwrap(), value.into()],
            )
            .await
            .unwrap_or_else(|e| panic!("choose {value} in {id}: {e}"));
        assert_eq!(chosen, value, "{id} has no option {value}");
    }

    /// Saves a PNG of the real window under the test output folder. The X server is
    /// grabbed with ImageMagick because WebKitWebDriver's screenshot hangs under Xvfb;
    /// there is no window manager, so the window sits at 0,0 with the requested size.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let path = carambole_tests::output_dir("screenshots").join(format!("{name}.png"));
        let display = match &self.camera {
            Camera::Display(d) => d.clone(),
            Camera::WebDriver => {
                let png = self
                    .client
                    .screenshot()
                    .await
                    .expect("WebDriver screenshot");
                assert!(png.starts_with(b"\x89PNG"), "not a PNG");
                std::fs::write(&path, png).unwrap();
                return path;
            }
        };
        let (w, h) = self.size;
        let status = Command::new("import")
            .args([
                "-window",
                "root",
                "-crop",
                &format!("{w}x{h}+0+0"),
                "+repage",
            ])
            .arg(&path)
            .env("DISPLAY", &display)
            .status()
            .expect("run ImageMagick import");
        assert!(status.success(), "screenshot {name} failed");
        let png = std::fs::read(&path).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        path
    }

    /// Ends the WebDriver session, which closes the app.
    pub async fn close(self) {
        let App { client, .. } = self;
        let _ = client.close().await;
    }
}

/// The one file in `dir` named `<prefix><yyyy-mm-dd><ext>`, as the app names what it
/// saves (the players or what it holds, then the day): its path.
pub fn saved_file(dir: &Path, prefix: &str, ext: &str) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix(prefix))
                .and_then(|n| n.strip_suffix(ext))
                .is_some_and(|day| {
                    day.len() == 10
                        && day.chars().enumerate().all(|(i, c)| {
                            if i == 4 || i == 7 {
                                c == '-'
                            } else {
                                c.is_ascii_digit()
                            }
                        })
                })
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{prefix}<day>{ext} in {}: {found:?}",
        dir.display()
    );
    found[0].clone()
}
