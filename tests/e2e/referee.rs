//! Steps of the referee's app as a referee takes them: fill the new-match form, play the
//! lag, break, tap caroms and misses, read the panels.

use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::Locator;

use crate::harness::App;

pub const PHONE: (u32, u32) = (390, 844);
pub const TABLET: (u32, u32) = (1280, 800);

/// A new match as typed in the form.
pub struct NewMatch<'a> {
    pub discipline: &'a str,
    pub table: &'a str,
    pub players: [(&'a str, u32); 2],
    pub innings_limit: Option<u32>,
}

impl<'a> NewMatch<'a> {
    pub fn race(discipline: &'a str, a: &'a str, b: &'a str, target: u32) -> NewMatch<'a> {
        NewMatch {
            discipline,
            table: "match",
            players: [(a, target), (b, target)],
            innings_limit: None,
        }
    }
}

impl App {
    /// Clicks the element with `data-testid`.
    pub async fn click(&self, id: &str) {
        let element = self.testid(id).await;
        // A dialog's list scrolls inside the dialog (it never outgrows the window), and
        // WebKitWebDriver does not scroll such an inner box to the element itself.
        self.client
            .execute(
                "arguments[0].scrollIntoView({block: 'center'});",
                vec![serde_json::to_value(&element).unwrap()],
            )
            .await
            .unwrap_or_else(|e| panic!("scroll to {id}: {e}"));
        if self.touch {
            self.tap(&element, id).await;
        } else {
            element
                .click()
                .await
                .unwrap_or_else(|e| panic!("click {id}: {e}"));
        }
    }

    /// A finger's tap at the centre of `element` (touch input through DevTools, which
    /// the browser turns into a click), after checking that nothing covers that point:
    /// WebDriver's click refuses an element covered there, and so does this.
    async fn tap(&self, element: &Element, id: &str) {
        self.touch_down(element, id).await;
        self.lift().await;
    }

    /// A finger lands at the centre of `element` (and stays there until [`App::lift`]),
    /// after checking that nothing covers that point.
    pub async fn touch_down(&self, element: &Element, id: &str) {
        let script = r#"
            const e = arguments[0], r = e.getBoundingClientRect();
            const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
            const hit = document.elementFromPoint(x, y);
            return [x, y, !!hit && e.contains(hit), hit ? hit.outerHTML.slice(0, 120) : ""];
        "#;
        let at = self
            .client
            .execute(script, vec![serde_json::to_value(element).unwrap()])
            .await
            .unwrap_or_else(|e| panic!("where is {id}: {e}"));
        assert!(
            at[2].as_bool() == Some(true),
            "tap {id}: covered at its centre by {}",
            at[3]
        );
        let (x, y) = (at[0].clone(), at[1].clone());
        self.cdp(
            "Input.dispatchTouchEvent",
            serde_json::json!({ "type": "touchStart", "touchPoints": [{ "x": x, "y": y }] }),
        )
        .await;
    }

    /// The finger of [`App::touch_down`] lifts.
    pub async fn lift(&self) {
        self.cdp(
            "Input.dispatchTouchEvent",
            serde_json::json!({ "type": "touchEnd", "touchPoints": [] }),
        )
        .await;
    }

    /// The element `id` inside the element `within`.
    pub async fn inside(&self, within: &str, id: &str) -> Element {
        self.testid(within)
            .await
            .find(Locator::Css(&format!("[data-testid='{id}']")))
            .await
            .unwrap_or_else(|e| panic!("{id} in {within}: {e}"))
    }

    /// The `data-spot` of ball `ball` in the diagram inside `within`.
    pub async fn ball_spot(&self, within: &str, ball: &str) -> String {
        self.inside(within, &format!("ball-{ball}"))
            .await
            .attr("data-spot")
            .await
            .unwrap()
            .unwrap_or_default()
    }

    /// Waits until the element's text equals `want`.
    pub async fn text_is(&self, id: &str, want: &str) {
        self.text_until(id, |t| t == want).await;
    }

    /// Types `keys` on the keyboard (to whatever has the focus).
    pub async fn keys(&self, keys: &str) {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut actions = KeyActions::new("keyboard".into());
        for c in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: c })
                .then(KeyAction::Up { value: c });
        }
        self.client.perform_actions(actions).await.unwrap();
    }

    /// Draws a zigzag signature on the pad of `role` with the mouse (real pointer input:
    /// WebDriver actions, which WebKit turns into pointer events).
    /// On a touch phone the finger draws it (touch input through DevTools).
    pub async fn draw_signature(&self, role: &str) {
        use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
        let pad = self.testid(&format!("pad-{role}")).await;
        let centre = self
            .client
            .execute(
                "arguments[0].scrollIntoView({block: 'center'}); \
                 const r = arguments[0].getBoundingClientRect(); \
                 return [r.left + r.width / 2, r.top + r.height / 2];",
                vec![serde_json::to_value(&pad).unwrap()],
            )
            .await
            .unwrap();
        if self.touch {
            let (x0, y0) = (
                centre[0].as_f64().unwrap() - 120.0,
                centre[1].as_f64().unwrap(),
            );
            let touch = |kind: &'static str, x: f64, y: f64| serde_json::json!({ "type": kind, "touchPoints": [{ "x": x, "y": y }] });
            self.cdp("Input.dispatchTouchEvent", touch("touchStart", x0, y0))
                .await;
            for i in 1..=8 {
                let y = if i % 2 == 1 { y0 + 18.0 } else { y0 - 18.0 };
                self.cdp(
                    "Input.dispatchTouchEvent",
                    touch("touchMove", x0 + 30.0 * f64::from(i), y),
                )
                .await;
            }
            self.lift().await;
            return;
        }
        let step = Some(Duration::from_millis(10));
        let mut mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement {
                element: pad.clone(),
                duration: None,
                x: -120.0,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        for i in 0..8 {
            let y = if i % 2 == 0 { 18.0 } else { -18.0 };
            mouse = mouse.then(PointerAction::MoveBy {
                duration: step,
                x: 30.0,
                y,
            });
        }
        mouse = mouse.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client.perform_actions(mouse).await.unwrap();
        self.client.release_actions().await.unwrap();
    }

    /// Fails unless the element `id` lies wholly inside the window as it is scrolled now
    /// (an answer to a button must be where the eye is).
    pub async fn assert_in_viewport(&self, id: &str) {
        let element = self.testid(id).await;
        let r = self
            .client
            .execute(
                "const r = arguments[0].getBoundingClientRect();
                 return [r.top, r.bottom, r.left, r.right, window.innerHeight, window.innerWidth, window.scrollY];",
                vec![serde_json::to_value(&element).unwrap()],
            )
            .await
            .unwrap();
        let v: Vec<f64> = r
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        let (top, bottom, left, right, height, width) = (v[0], v[1], v[2], v[3], v[4], v[5]);
        assert!(
            top >= 0.0 && bottom <= height && left >= 0.0 && right <= width && bottom > top,
            "{id} is outside the window: {v:?} (top, bottom, left, right, height, width, scroll)"
        );
    }

    /// Whether an element with `data-testid` is on the page now.
    pub async fn has(&self, id: &str) -> bool {
        !self
            .client
            .find_all(Locator::Css(&format!("[data-testid='{id}']")))
            .await
            .unwrap()
            .is_empty()
    }

    /// Waits until the element `id` is gone.
    pub async fn gone(&self, id: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.has(id).await {
            assert!(Instant::now() < deadline, "{id} stayed on the page");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Creates a match through the form; the app then shows its lag.
    pub async fn create_match(&self, m: &NewMatch<'_>) {
        self.click("new-match").await;
        self.choose("discipline", m.discipline).await;
        self.choose("table-size", m.table).await;
        for (i, (name, target)) in m.players.iter().enumerate() {
            let p = ["a", "b"][i];
            self.fill(&format!("player-{p}-name"), name).await;
            self.fill(&format!("player-{p}-target"), &target.to_string())
                .await;
        }
        if let Some(l) = m.innings_limit {
            self.fill("innings-limit", &l.to_string()).await;
        }
        self.click("create-match").await;
        self.testid("lag-screen").await;
    }

    /// The home screen's offer of the match under way with `player`: the offer's text and
    /// the `data-testid` of its button.
    pub async fn resume_offer(&self, player: &str) -> (String, String) {
        let item = self.text_until("resume-list", |t| t.contains(player)).await;
        let button = self
            .client
            .find(Locator::Css("button[data-testid^='resume-']"))
            .await
            .unwrap();
        let id = button.attr("data-testid").await.unwrap().unwrap();
        (item, id)
    }

    /// Player `winner` wins the lag and breaks (from the right outer spot).
    pub async fn lag_and_break(&self, winner: u8) {
        self.click(&format!("lag-winner-{winner}")).await;
        self.click(&format!("breaker-{winner}")).await;
        self.testid("start-screen").await;
        self.click("side-right").await;
        self.click("break").await;
        self.testid("scoring-screen").await;
    }

    /// Taps carom `n` times as fast as the referee can.
    pub async fn caroms(&self, n: u32) {
        let button = self.testid("carom").await;
        for _ in 0..n {
            if self.touch {
                self.tap(&button, "carom").await;
            } else {
                button.click().await.unwrap();
            }
        }
    }

    /// Waits for player `p`'s score.
    pub async fn score_is(&self, p: u8, want: u32) {
        self.text_is(&format!("score-{p}"), &want.to_string()).await;
    }

    /// Waits until `p` is at the table.
    pub async fn at_table(&self, p: u8, name: &str) {
        self.text_until("at-table", |t| t.contains(name)).await;
        let panel = self.testid(&format!("panel-{p}")).await;
        assert_eq!(
            panel.attr("aria-current").await.unwrap().as_deref(),
            Some("true")
        );
    }
}
