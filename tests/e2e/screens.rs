//! The referee's screens measured in the real window (issue 12): dialogs that say what
//! each answer does and keep their answers in view.

use fantoccini::elements::Element;
use serde_json::Value;

use crate::harness::{App, Env};
use crate::referee::{NewMatch, PHONE, TABLET};

/// The answers of the open dialog that are not wholly inside the viewport, or that
/// something else covers at their centre.
const ACTIONS_OUT_OF_VIEW: &str = r#"
const out = [];
for (const b of document.querySelectorAll(
    "[data-testid='confirm-ok'], [data-testid='confirm-cancel'], [data-testid='undo-confirm'], [data-testid='undo-cancel']")) {
  const r = b.getBoundingClientRect();
  const inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  if (!inside || !(top === b || b.contains(top))) {
    out.push(b.dataset.testid + ' at ' + JSON.stringify([r.left, r.top, r.right, r.bottom]) + ' in ' + innerWidth + 'x' + innerHeight);
  }
}
return out;
"#;

impl App {
    /// Runs `script` (which returns a JSON value) in the page.
    async fn script(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}"))
    }

    /// Waits until `script` returns true.
    async fn wait_script(&self, script: &str, what: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while self.script(script, vec![]).await != Value::Bool(true) {
            assert!(std::time::Instant::now() < deadline, "no {what}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// Fails when an answer of the open dialog needs scrolling to be seen.
    async fn assert_dialog_answers_in_view(&self, what: &str) {
        let out = self.script(ACTIONS_OUT_OF_VIEW, vec![]).await;
        assert_eq!(out, Value::Array(vec![]), "{what}: answers out of view");
    }

    /// The text of `el`.
    async fn text_of(&self, el: &Element) -> String {
        el.text().await.unwrap_or_default()
    }

    /// The title and the two answers of the confirmation `within`, checked apart.
    async fn distinct_answers(&self, within: &str, title: &str, keep: &str, act: &str) {
        let t = self.text_of(&self.inside(within, title).await).await;
        let k = self.text_of(&self.inside(within, keep).await).await;
        let a = self.text_of(&self.inside(within, act).await).await;
        assert!(
            !t.is_empty() && t != k && t != a && k != a,
            "{within}: title {t:?}, answers {k:?} / {a:?}"
        );
    }

    /// The bounding box `[left, top, right, bottom]` of the element `id`.
    async fn rect(&self, id: &str) -> [f64; 4] {
        let el = self.testid(id).await;
        let v = self
            .script(
                "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];",
                vec![serde_json::to_value(&el).unwrap()],
            )
            .await;
        [0, 1, 2, 3].map(|i| v[i].as_f64().unwrap_or(f64::NAN))
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_confirmation_says_what_its_answers_do_and_shows_them_without_scrolling_and_forfeits_ask_first(
) {
    for (locale, size, name) in [
        ("fr_FR.UTF-8", PHONE, "phone-fr"),
        ("es_ES.UTF-8", TABLET, "tablet-es"),
    ] {
        let env = Env::new();
        let app = env.launch(locale, size).await;
        app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 30))
            .await;
        app.lag_and_break(0).await;
        app.caroms(1).await;
        app.score_is(0, 1).await;

        // Undo: "Garder" / "Annuler l'action" under another title, not "Annuler" three times.
        app.click("undo").await;
        app.testid("undo-dialog").await;
        let title = app
            .text_of(
                &app.client
                    .find(fantoccini::Locator::Css("[data-testid='undo-dialog'] h2"))
                    .await
                    .unwrap(),
            )
            .await;
        let keep = app.text_of(&app.testid("undo-cancel").await).await;
        let act = app.text_of(&app.testid("undo-confirm").await).await;
        assert!(
            title != keep && title != act && keep != act,
            "{name} undo: {title:?} / {keep:?} / {act:?}"
        );
        if locale.starts_with("fr") {
            assert_eq!(keep, "Garder");
        }
        app.assert_dialog_answers_in_view(&format!("{name} undo"))
            .await;
        app.screenshot(&format!("{name}-undo-dialog")).await;
        app.click("undo-cancel").await;
        app.score_is(0, 1).await;

        // A first warning is given at once; the forfeits sit apart from the warnings.
        app.click("more").await;
        app.click("warning-0").await;
        app.gone("more-dialog").await;
        app.wait_script(
            "return !!document.querySelector(\"[data-testid='panel-0'] .chip\");",
            "the warning chip",
        )
        .await;
        app.click("more").await;
        let warning = app.rect("warning-1").await;
        let forfeit = app.rect("forfeit-0").await;
        assert!(
            forfeit[1] >= warning[3] + 24.0,
            "{name}: forfeit {forfeit:?} right under the warning {warning:?}"
        );
        app.screenshot(&format!("{name}-more-dialog")).await;

        // The second warning loses the match: it asks, and "keep" goes back to the menu.
        app.click("warning-0").await;
        app.testid("match-end-confirm").await;
        app.distinct_answers(
            "match-end-confirm",
            "confirm-title",
            "confirm-cancel",
            "confirm-ok",
        )
        .await;
        app.assert_dialog_answers_in_view(&format!("{name} second warning"))
            .await;
        app.screenshot(&format!("{name}-second-warning-dialog"))
            .await;
        app.click("confirm-cancel").await;
        app.testid("more-dialog").await;

        // A forfeit asks too; confirmed, it ends the match.
        app.click("forfeit-1").await;
        app.distinct_answers(
            "match-end-confirm",
            "confirm-title",
            "confirm-cancel",
            "confirm-ok",
        )
        .await;
        app.assert_dialog_answers_in_view(&format!("{name} forfeit"))
            .await;
        app.screenshot(&format!("{name}-forfeit-dialog")).await;
        app.click("confirm-ok").await;
        let result = app.text_until("result", |t| !t.is_empty()).await;
        assert!(result.contains("Caudron"), "{name}: {result}");
        app.close().await;
    }
}
