//! What the referee must read or press in the re-spot dialogs (a ball off the table,
//! balls in contact) is on the screen at once, on the phone and the club tablet, in both
//! themes (issue 32, item 2): the dialog fits the window without scrolling, every one of
//! its buttons is wholly in view and uncovered, and the re-spot it leaves behind sits
//! above the bar of buttons with both scores.

use serde_json::Value;

use crate::harness::{App, Env};
use crate::referee::{NewMatch, PHONE, TABLET};
use crate::screens::UNDER_THE_BAR;

/// What of the open dialog needs scrolling to be seen: the dialog taller than the room
/// it has, and each of its buttons (enabled or not) not wholly in the window or covered
/// at its centre by something else.
const DIALOG_OUT_OF_VIEW: &str = r#"
const dialog = document.querySelector('.modal');
if (!dialog) return ['no dialog open'];
const out = [];
const over = dialog.scrollHeight - dialog.clientHeight;
if (over > 1) out.push('the dialog scrolls: ' + over + ' px');
for (const b of dialog.querySelectorAll('button, select, input')) {
  const r = b.getBoundingClientRect();
  const what = b.dataset.testid || b.tagName.toLowerCase();
  const inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  const shown = b.tagName === 'INPUT' ? !!top && (top === b || top.contains(b) || b.contains(top) || top.closest('label') === b.closest('label')) : !!top && (top === b || b.contains(top));
  if (!inside || !shown) out.push(what + ' at ' + JSON.stringify([r.left, r.top, r.right, r.bottom]) + ' in ' + innerWidth + 'x' + innerHeight);
}
return out;
"#;

impl App {
    /// Fails, naming what, when part of the open dialog needs scrolling to be seen.
    async fn assert_dialog_fits(&self, what: &str) {
        let out = self.script(DIALOG_OUT_OF_VIEW, vec![]).await;
        assert_eq!(out, Value::Array(vec![]), "{what}: out of view");
    }

    /// Fails when one of `ids` is not wholly above the bar of buttons.
    async fn assert_above_the_bar(&self, ids: &[&str], what: &str) {
        let out = self
            .script(UNDER_THE_BAR, vec![serde_json::to_value(ids).unwrap()])
            .await;
        assert_eq!(out, Value::Array(vec![]), "{what}: under the bar");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_off_table_and_contact_dialogs_fit_the_phone_and_the_tablet_with_every_button_in_view()
{
    for (size, name, dark, locale, lang) in [
        (PHONE, "phone", false, "fr_FR.UTF-8", "fr"),
        (TABLET, "tablet", false, "es_ES.UTF-8", "es"),
        (PHONE, "phone-dark", true, "es_ES.UTF-8", "es"),
        (TABLET, "tablet-dark", true, "fr_FR.UTF-8", "fr"),
    ] {
        let env = Env::new();
        let app = env.launch(locale, size).await;
        if dark {
            app.dark_theme().await;
        }
        app.create_match(&NewMatch::race(
            "three-cushion",
            "Sánchez",
            "Van Beveren",
            30,
        ))
        .await;
        app.lag_and_break(0).await;
        app.caroms(1).await;
        app.score_is(0, 1).await;

        // The red jumps off the table while the white sits on the top spot: the
        // dialog at its tallest (both lists, the guide and the diagram).
        app.click("foul").await;
        app.click("foul-ball-off-table").await;
        app.testid("off-table-dialog").await;
        for ball in ["white", "yellow", "red"] {
            let tick = app.testid(&format!("jumped-{ball}")).await;
            assert!(
                !tick.is_selected().await.unwrap(),
                "{name}: the {ball} ticked beforehand"
            );
        }
        app.assert_dialog_fits(&format!("{name}-{lang}, off table, nothing ticked"))
            .await;
        app.click("jumped-red").await;
        app.choose("occupied-top", "white").await;
        app.screenshot(&format!("{name}-off-table-dialog-{lang}"))
            .await;
        app.assert_dialog_fits(&format!("{name}-{lang}, off table, red ticked, top taken"))
            .await;
        app.click("off-table-confirm").await;
        app.gone("off-table-dialog").await;
        // The re-spot the foul calls for stays up with both scores, above the bar.
        app.testid("pending").await;
        app.screenshot(&format!("{name}-off-table-re-spot-{lang}"))
            .await;
        app.assert_above_the_bar(
            &["pending-prompt", "pending", "score-0", "score-1"],
            &format!("{name}-{lang}, the re-spot after the foul"),
        )
        .await;

        // Balls in contact, the yellow on the top spot: the three-cushion dialog with
        // its spot list, its guide, its diagram and three answers.
        app.caroms(1).await;
        app.click("contact").await;
        app.testid("contact-dialog").await;
        app.choose("contact-occupied", "top").await;
        assert_eq!(app.ball_spot("contact-dialog", "red").await, "centre");
        app.screenshot(&format!("{name}-contact-dialog-{lang}"))
            .await;
        app.assert_dialog_fits(&format!("{name}-{lang}, contact, top spot taken"))
            .await;
        app.click("contact-respot").await;
        app.gone("contact-dialog").await;
        app.testid("pending").await;
        app.screenshot(&format!("{name}-contact-re-spot-{lang}"))
            .await;
        app.assert_above_the_bar(
            &["pending-prompt", "pending", "score-0", "score-1"],
            &format!("{name}-{lang}, the re-spot after the contact"),
        )
        .await;
        app.close().await;
    }
}
