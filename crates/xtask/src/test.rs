//! `cargo xtask test`: every check, in the order a failure is cheapest to find.
//! Ends with one line, `N passed, N failed`, and a non-zero exit on any failure.

use std::process::{Command, ExitCode};

use crate::package;
use crate::setup::{self, Extras, Tools};
use crate::sh::{self, Result};
use crate::{ui, web};

/// Running totals: test functions from libtest's `test result:` lines, plus one per
/// check that is not a test harness (fmt, clippy, builds).
#[derive(Debug, Default)]
struct TestCounts {
    passed: u64,
    failed: u64,
    failures: Vec<String>,
}

impl TestCounts {
    fn check(&mut self, name: &str, ok: bool) {
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
            self.failures.push(name.to_owned());
        }
    }

    /// Runs a cargo test command and adds up its `test result:` lines. A harness that
    /// fails without such a line (a build error, a crash), or prints none at all (a runner
    /// that skipped: wasm-bindgen-test-runner does when told to run only Node.js tests),
    /// still counts as a failure.
    fn tests(&mut self, name: &str, cmd: &mut Command) -> Result<()> {
        let run = TestRun::of(cmd)?;
        self.add(name, &run, 0);
        Ok(())
    }

    /// Adds a run, of which `forgiven` failed tests were run again (and counted there).
    fn add(&mut self, name: &str, run: &TestRun, forgiven: u64) {
        let failed = run.failed - forgiven;
        self.passed += run.passed;
        self.failed += failed;
        let exit_ok = run.exit_ok || (forgiven > 0 && failed == 0);
        if failed > 0 || !exit_ok || run.results == 0 {
            if failed == 0 {
                self.failed += 1;
            }
            self.failures.push(name.to_owned());
        }
    }

    /// The end-to-end tests. A test under which the WebKit engine's web process aborted on
    /// a fatal error of its own (the harness prints [`ENGINE_CRASH_MARKER`] in its output)
    /// is run once more, alone, and that run counts instead: the crash killed the page,
    /// not the app. Any other failure stands, and so does a second failure.
    fn e2e(&mut self, cmd: impl Fn() -> Command) -> Result<()> {
        let run = TestRun::of(cmd().args(["--", "--test-threads=1"]))?;
        let again: Vec<&String> = run
            .failed_tests
            .iter()
            .filter(|t| run.engine_crashes.contains(t))
            .collect();
        for test in &again {
            eprintln!(
                "xtask: the WebKit web process crashed under {test} (see its output); running it once more"
            );
            let mut rerun = cmd();
            rerun.args(["--", "--exact", test.as_str(), "--test-threads=1"]);
            self.tests(&format!("end-to-end test {test}, run again"), &mut rerun)?;
        }
        self.add("end-to-end tests", &run, again.len() as u64);
        Ok(())
    }
}

/// What the harness prints in a test's output when the WebKit web process crashed under it
/// (tests/e2e/harness.rs, `ENGINE_CRASH_MARKER`).
const ENGINE_CRASH_MARKER: &str = "e2e: the WebKit web process crashed under this test: ";

/// The outcome of one libtest run, read from its output.
#[derive(Debug, Default)]
struct TestRun {
    passed: u64,
    failed: u64,
    /// How many `test result:` lines (one per test binary).
    results: u64,
    exit_ok: bool,
    /// The tests reported `FAILED`.
    failed_tests: Vec<String>,
    /// The tests whose output holds [`ENGINE_CRASH_MARKER`].
    engine_crashes: Vec<String>,
}

impl TestRun {
    fn of(cmd: &mut Command) -> Result<TestRun> {
        let mut run = TestRun::default();
        let mut section: Option<String> = None;
        run.exit_ok = sh::stream(cmd, |line| run.read(line, &mut section))?;
        Ok(run)
    }

    /// Reads one line of output; `section` is the test whose captured output is being
    /// printed (`---- NAME stdout ----`), if any.
    fn read(&mut self, line: &str, section: &mut Option<String>) {
        if let Some((p, f)) = parse_test_result(line) {
            self.passed += p;
            self.failed += f;
            self.results += 1;
        } else if let Some(test) = line
            .strip_prefix("test ")
            .and_then(|r| r.strip_suffix(" ... FAILED"))
        {
            self.failed_tests.push(test.to_owned());
        } else if let Some(test) = line
            .strip_prefix("---- ")
            .and_then(|r| r.strip_suffix(" stdout ----"))
        {
            *section = Some(test.to_owned());
        } else if line.contains(ENGINE_CRASH_MARKER) {
            if let Some(test) = section.as_ref() {
                if !self.engine_crashes.contains(test) {
                    self.engine_crashes.push(test.clone());
                }
            }
        }
    }
}

/// Reads `test result: ok. 7 passed; 0 failed; …` into `(7, 0)`.
fn parse_test_result(line: &str) -> Option<(u64, u64)> {
    let rest = line.trim().strip_prefix("test result: ")?;
    let count = |label: &str| -> Option<u64> {
        rest.split(';').find_map(|part| {
            let part = part
                .trim()
                .trim_start_matches("ok. ")
                .trim_start_matches("FAILED. ");
            part.strip_suffix(label)?.trim().parse().ok()
        })
    };
    Some((count(" passed")?, count(" failed")?))
}

pub fn test() -> Result<ExitCode> {
    let tools = setup::setup(Extras::default())?;
    let mut tally = TestCounts::default();

    tally.check(
        "cargo fmt --check",
        sh::status(sh::cargo().args(["fmt", "--all", "--check"]))?,
    );
    // The UI goes first: the app crate embeds src-ui/dist at compile time, even for clippy.
    // The web app (the same UI plus the browser worker) is built with it.
    let web_built = web::build(&tools);
    if let Err(e) = &web_built {
        eprintln!("xtask: {e}");
    }
    tally.check("src-ui and the web app build for wasm32", web_built.is_ok());
    tally.check(
        "clippy (native)",
        sh::status(sh::cargo().args([
            "clippy",
            "--workspace",
            "--exclude",
            "carambole-ui",
            "--all-targets",
            "--all-features",
            "--",
            "-D",
            "warnings",
        ]))?,
    );
    // One run for both wasm32 packages and all their targets (carom-web's browser tests,
    // tests/store.rs, exist only for that target): two runs with different targets
    // checked the shared dependencies twice. With carom-web's `bench` feature, so that the
    // worker's benchmark code (built by `cargo xtask bench` only) is checked too.
    tally.check(
        "clippy (src-ui and carom-web, wasm32)",
        sh::status(&mut ui::wasm_cargo(
            &tools,
            &[
                "clippy",
                "-p",
                "carambole-ui",
                "-p",
                "carom-web",
                "--features",
                "carom-web/bench",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        ))?,
    );
    // The libraries the browser runs (carom-core, carom-api, carom-store with SQLite's C,
    // carom-sheet, carom-app) are built, linked and run for wasm32 by the web app's build
    // above (its worker and sheet module) and by the browser store tests below: no
    // separate debug build of each (it cost 9 minutes of a cold run). But there they get
    // the features the web crates ask for: each is also checked alone, with its own, so
    // that a feature or a C compiler only the web crates provide cannot hide.
    for package in WASM_LIBRARIES {
        tally.check(
            &format!("{package} checks for wasm32 on its own"),
            sh::status(&mut ui::wasm_cargo(&tools, &["check", "-p", package]))?,
        );
    }
    tally.tests(
        "unit and integration tests",
        // Every failing test counted, not only the first failing binary's.
        sh::cargo()
            .args(["test", "--no-fail-fast"])
            .args(sh::NATIVE_PACKAGES),
    )?;
    // The UI's pure helpers (diagram geometry, keys, clock, forms) are tested natively.
    tally.tests(
        "src-ui unit tests",
        sh::cargo().args(["test", "-p", "carambole-ui"]),
    )?;
    // The store's conformance tests, run natively above on files, again where the web app
    // keeps its matches: a dedicated worker in headless Chromium, OPFS through the pool VFS.
    tally.tests(
        "store tests in the browser worker (OPFS, Chromium)",
        &mut browser_store_tests(&tools),
    )?;
    // The UI's screens mounted in the same headless Chromium, over a backend each test
    // answers for (src-ui/src/tests): typed into, clicked, read back by data-testid.
    tally.tests(
        "src-ui component tests (Chromium)",
        &mut ui_component_tests(&tools),
    )?;

    // The end-to-end tests drive the debug app binary (with the UI just built embedded),
    // the one the workspace's tests built.
    let app_built = package::build_debug_binary();
    if let Err(e) = &app_built {
        eprintln!("xtask: {e}");
    }
    let app_built = app_built.is_ok();
    tally.check("app builds", app_built);
    if app_built {
        let out = sh::root().join("test-output");
        tally.e2e(|| {
            let mut e2e = e2e_tests(&tools);
            e2e.env("CARAMBOLE_TEST_OUTPUT", &out);
            e2e
        })?;

        // The same debug binary, packaged and installed the way users install the app.
        let installed = package::check_installed(&tools);
        if let Err(e) = &installed {
            eprintln!("xtask: {e}");
        }
        tally.check(".deb installs and runs", installed.is_ok());
    }

    if !tally.failures.is_empty() {
        eprintln!("failed: {}", tally.failures.join(", "));
    }
    println!("{} passed, {} failed", tally.passed, tally.failed);
    Ok(if tally.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `cargo xtask e2e [FILTER…]`: the end-to-end tests alone (those whose names contain a
/// filter), after the builds they drive, for working on one screen without the whole run.
///
/// # Errors
/// A failed set-up or build.
pub fn e2e_only(filters: &[String]) -> Result<ExitCode> {
    let tools = setup::setup(Extras::default())?;
    web::build(&tools)?;
    package::build_debug_binary()?;
    let mut e2e = e2e_tests(&tools);
    e2e.env("CARAMBOLE_TEST_OUTPUT", sh::root().join("test-output"))
        .arg("--")
        .args(filters)
        .arg("--test-threads=1");
    Ok(if sh::status(&mut e2e)? {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `cargo test` of the end-to-end tests (`tests/e2e`, one window or browser at a time:
/// add `-- --test-threads=1`), given the debug app, tauri-driver and the web app they
/// drive. The native packages with the `e2e` feature, which adds no dependency: what the
/// workspace's tests built is reused.
pub fn e2e_tests(tools: &Tools) -> Command {
    let mut e2e = sh::cargo();
    e2e.arg("test")
        .args(sh::NATIVE_PACKAGES)
        .args(["--features", "carambole-tests/e2e", "--test", "e2e"])
        .env("CARAMBOLE_APP", sh::target_dir().join("debug/carambole"))
        .env("CARAMBOLE_TAURI_DRIVER", &tools.tauri_driver)
        .env("CARAMBOLE_WEB_APP", web::out_dir());
    e2e
}

/// The libraries the web app runs in the browser (DESIGN.md: wasm32 too), each checked for
/// wasm32 on its own by `cargo xtask test`.
pub const WASM_LIBRARIES: [&str; 6] = [
    "carom-core",
    "carom-api",
    "carom-i18n",
    "carom-store",
    "carom-sheet",
    "carom-app",
];

/// The browser's WebDriver; the browser itself and its flags are in carom-web's
/// `webdriver.json` (headless, no sandbox as root, no background networking: on a closed
/// network Chromium's own connections are refused).
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// `cargo test` of carom-web's `tests/store.rs` for wasm32, run by wasm-bindgen-test-runner
/// (cargo's runner for the target) in Chromium. A browser that does not start prints no
/// `test result:` line and exits non-zero: a failure, never a skip.
fn browser_store_tests(tools: &Tools) -> Command {
    in_chromium(
        tools,
        ui::wasm_cargo(tools, &["test", "-p", "carom-web", "--test", "store"]),
    )
}

/// `cargo test` of src-ui for wasm32: its component tests (`src/tests/`), each a screen
/// mounted in Chromium, run as carom-web's browser tests are.
fn ui_component_tests(tools: &Tools) -> Command {
    in_chromium(
        tools,
        ui::wasm_cargo(tools, &["test", "-p", "carambole-ui"]),
    )
}

/// `cmd`, a wasm32 `cargo test`, run by wasm-bindgen-test-runner in headless Chromium.
fn in_chromium(tools: &Tools, mut cmd: Command) -> Command {
    cmd.env(
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
        &tools.wasm_bindgen_test_runner,
    )
    .env("CHROMEDRIVER", CHROMEDRIVER)
    // Neither an interactive page waiting for a person nor a Node.js-only run that skips.
    .env_remove("NO_HEADLESS")
    .env_remove("WASM_BINDGEN_TEST_ONLY_NODE")
    .env(
        "WASM_BINDGEN_TEST_WEBDRIVER_JSON",
        sh::root().join("crates/carom-web/webdriver.json"),
    )
    // The runner's default is 20 s for the whole page: a cold Chromium and some forty tests
    // that each sync to OPFS need more on two loaded cores.
    .env("WASM_BINDGEN_TEST_TIMEOUT", "600")
    // And 5 s for chromedriver to listen: a warm CI run failed so ("driver failed to bind
    // port during startup", the driver killed after 5 s). The e2e harness gives it 30 s.
    .env("WASM_BINDGEN_TEST_DRIVER_TIMEOUT", "30");
    cmd
}

#[cfg(test)]
mod tests {
    use super::{parse_test_result, TestRun, ENGINE_CRASH_MARKER, WASM_LIBRARIES};

    #[test]
    fn every_library_of_the_browser_worker_is_checked_for_wasm32_on_its_own() {
        let manifest = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../carom-web/Cargo.toml"),
        )
        .unwrap();
        let libraries: Vec<&str> = manifest
            .lines()
            .filter_map(|l| {
                l.split_once(".workspace = true")
                    .map(|(name, _)| name.trim())
            })
            .filter(|name| name.starts_with("carom-"))
            .collect();
        assert!(libraries.contains(&"carom-app"), "{libraries:?}");
        for library in libraries {
            assert!(
                WASM_LIBRARIES.contains(&library),
                "{library} is not checked alone"
            );
        }
    }

    #[test]
    fn a_failure_under_a_crashed_engine_is_told_from_the_others() {
        let mut run = TestRun::default();
        let mut section = None;
        let out = [
            "test screens::dark ... FAILED".to_owned(),
            "test screens::phone ... ok".to_owned(),
            "test scoring::late_tap ... FAILED".to_owned(),
            "failures:".to_owned(),
            "---- screens::dark stdout ----".to_owned(),
            format!(
                "{ENGINE_CRASH_MARKER}(WebKitWebProcess:15835): GLib-ERROR **: getauxval () failed"
            ),
            "thread 'screens::dark' panicked at tests/e2e/harness.rs:351:33:".to_owned(),
            "---- scoring::late_tap stdout ----".to_owned(),
            "assertion failed".to_owned(),
            "test result: FAILED. 1 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out"
                .to_owned(),
        ];
        for line in &out {
            run.read(line, &mut section);
        }
        assert_eq!(run.failed_tests, ["screens::dark", "scoring::late_tap"]);
        assert_eq!(run.engine_crashes, ["screens::dark"]);
        assert_eq!((run.passed, run.failed, run.results), (1, 2, 1));
    }

    #[test]
    fn libtest_summaries_are_read() {
        let ok = "test result: ok. 7 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s";
        assert_eq!(parse_test_result(ok), Some((7, 0)));
        let bad = "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out";
        assert_eq!(parse_test_result(bad), Some((3, 2)));
        assert_eq!(parse_test_result("running 7 tests"), None);
        // wasm-bindgen-test-runner's summary (the browser store tests) has no "measured".
        let browser = "test result: FAILED. 37 passed; 1 failed; 0 ignored; 0 filtered out; finished in 7.50s";
        assert_eq!(parse_test_result(browser), Some((37, 1)));
    }
}
