//! Tap to updated screen in the real window, measured in the page (from the click handler
//! to the next animation frame after the committed state reached the DOM), p95 over 500
//! taps; printed beside the `play` round trip (the durable commit seen from the page).

use serde_json::Value;

use crate::harness::Env;
use crate::referee::{NewMatch, TABLET};

const TAPS: usize = 500;

fn p95(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() as f64 * 0.95).ceil() as usize)
        .saturating_sub(1)
        .min(v.len() - 1)]
}

/// Taps carom `TAPS` times, each after the previous one reached the screen (as a
/// referee's do): the tap-to-screen and `play` round-trip samples, in ms.
async fn tap_samples(app: &crate::harness::App) -> (Vec<f64>, Vec<f64>) {
    let script = r#"
        const [n, done] = [arguments[0], arguments[arguments.length - 1]];
        const button = document.querySelector("[data-testid='carom']");
        window.__caramboleTaps = []; window.__caramboleRounds = [];
        let i = 0;
        const next = () => {
            if (i === n) { done({ taps: window.__caramboleTaps, rounds: window.__caramboleRounds }); return; }
            const want = i + 1;
            i++;
            button.click();
            const wait = () => window.__caramboleTaps.length >= want ? next() : setTimeout(wait, 0);
            wait();
        };
        next();
    "#;
    let long = std::time::Duration::from_secs(120);
    app.client
        .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
            Some(long),
            None,
            None,
        ))
        .await
        .unwrap();
    let out = app
        .client
        .execute_async(script, vec![Value::from(TAPS)])
        .await
        .unwrap();
    let ms = |k: &str| -> Vec<f64> {
        out[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect()
    };
    let (taps, rounds) = (ms("taps"), ms("rounds"));
    assert_eq!(taps.len(), TAPS);
    app.score_is(0, TAPS as u32).await;
    (taps, rounds)
}

#[tokio::test(flavor = "multi_thread")]
async fn tap_to_screen_p95_over_500_taps() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("libre", "Tap", "Screen", 10_000))
        .await;
    app.lag_and_break(0).await;
    let (taps, rounds) = tap_samples(&app).await;
    let (tap, round) = (p95(taps) * 1e6, p95(rounds) * 1e6);
    println!("bench:\ttap to updated screen (p95 of {TAPS})\t{tap:.0}\tplay command round trip with durable commit (p95)\t{round:.0}\t≤ 16.7 ms");
    app.close().await;
}

/// Milliseconds from the navigation's start until the home screen can be used (the frame
/// in which "New match" is on the page).
async fn start_to_interactive(app: &crate::harness::App, url: &str) -> f64 {
    app.client.goto(url).await.unwrap();
    let script = r#"
        const done = arguments[arguments.length - 1];
        const look = () => document.querySelector("[data-testid='new-match']")
            ? done(performance.now()) : requestAnimationFrame(look);
        look();
    "#;
    app.client
        .execute_async(script, vec![])
        .await
        .unwrap()
        .as_f64()
        .unwrap()
}

/// The gzip size of the files of `dir` whose names pass `keep`.
fn gzip_bytes(dir: &std::path::Path, keep: impl Fn(&str) -> bool) -> u64 {
    let mut total = 0;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_file() && keep(&name) {
            let out = std::process::Command::new("gzip")
                .args(["-9c"])
                .arg(&path)
                .output()
                .unwrap();
            total += out.stdout.len() as u64;
        }
    }
    total
}

#[tokio::test(flavor = "multi_thread")]
async fn web_app_on_a_phone_4x_throttled_tap_to_screen_start_and_size() {
    use crate::web::{Phone, Site};

    let site = Site::start();
    // The first visit (network, nothing cached) is the baseline of the start from the
    // service worker's cache.
    let phone = Phone::new("en-GB");
    let (app, _chromium) = phone.open("about:blank").await;
    app.cdp(
        "Emulation.setCPUThrottlingRate",
        serde_json::json!({ "rate": 4 }),
    )
    .await;
    let first = start_to_interactive(&app, &site.url).await;
    app.wait_service_worker().await;
    let cached = start_to_interactive(&app, &site.url).await;
    println!("bench:\tweb app start to interactive, from the service worker (4× CPU)\t{:.0}\tfirst visit, from the network (4× CPU)\t{:.0}\t≤ 1 s", cached * 1e6, first * 1e6);

    app.create_match(&NewMatch::race("libre", "Tap", "Screen", 10_000))
        .await;
    app.lag_and_break(0).await;
    let (taps, rounds) = tap_samples(&app).await;
    let (tap, round) = (p95(taps) * 1e6, p95(rounds) * 1e6);
    println!("bench:\tweb tap to updated screen, 4× CPU (p95 of {TAPS})\t{tap:.0}\tplay round trip with durable OPFS commit (p95)\t{round:.0}\t≤ 16.7 ms");

    // A durable append in the worker against a bare INSERT+COMMIT on the same OPFS VFS,
    // from a page of the origin that is not the app (its own pool, no app worker).
    app.client
        .goto(&format!("{}manifest.webmanifest", site.url))
        .await
        .unwrap();
    let script = r#"
        const done = arguments[arguments.length - 1];
        const w = new Worker("/worker.js", { type: "module" });
        w.onmessage = (e) => {
            if (e.data.bench) done(e.data.bench);
            if (e.data.bench_error) done(e.data.bench_error);
        };
        w.postMessage({ bench: 300 });
    "#;
    let r = app.client.execute_async(script, vec![]).await.unwrap();
    let ms: Vec<f64> = r
        .as_array()
        .unwrap_or_else(|| panic!("worker bench: {r}"))
        .iter()
        .map(|v| v.as_f64().unwrap() * 1e6)
        .collect();
    println!("bench:\tweb durable event append in the worker (p50, 4× CPU)\t{:.0}\tbare INSERT+COMMIT, same OPFS VFS and pragmas (p50)\t{:.0}\tratio ≤ 1.5", ms[0], ms[1]);
    println!("bench:\tweb durable event append in the worker (p99, 4× CPU)\t{:.0}\tbare INSERT+COMMIT, same OPFS VFS and pragmas (p99)\t{:.0}\tratio ≤ 1.5", ms[2], ms[3]);

    let dir = crate::harness::env_path("CARAMBOLE_WEB_APP");
    let shell = gzip_bytes(&dir, |n| !n.starts_with("carom-web-sheet"));
    let desktop_ui = gzip_bytes(&dir, |n| {
        n.starts_with("carambole-ui") || n.ends_with(".css") || n == "index.html"
    });
    let sheet = gzip_bytes(&dir, |n| n.starts_with("carom-web-sheet"));
    println!("bench:\tweb app shell, gzip, sheet module excluded (bytes)\t{shell}\tthe UI alone, as the desktop embeds it (bytes)\t{desktop_ui}\t≤ 1.5 MB");
    println!("bench:\tweb sheet module, gzip, loaded at the first export (bytes)\t{sheet}\tweb app shell (bytes)\t{shell}\t—");
}
