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

#[tokio::test(flavor = "multi_thread")]
async fn tap_to_screen_p95_over_500_taps() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("libre", "Tap", "Screen", 10_000))
        .await;
    app.lag_and_break(0).await;
    // Each tap waits for the previous one to reach the screen, as a referee's do.
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
    let (tap, round) = (p95(taps) * 1e6, p95(rounds) * 1e6);
    println!("bench:\ttap to updated screen (p95 of {TAPS})\t{tap:.0}\tplay command round trip with durable commit (p95)\t{round:.0}\t≤ 16.7 ms");
    app.close().await;
}
