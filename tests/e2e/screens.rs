//! The referee's screens measured in the real window (issue 12): dialogs that say what
//! each answer does and keep their answers in view, score digits readable at 3 m on the
//! club tablet, no text cut on the phone, and WCAG AA contrast in the dark theme.

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

/// Visible elements whose text does not fit: cut (scrollWidth over clientWidth) or, for a
/// select, the chosen option wider than the box.
const CUT_TEXTS: &str = r#"
const out = [];
const ctx = document.createElement('canvas').getContext('2d');
const sel = 'h1, h2, h3, button, select, label, legend, summary, dt, dd, p, li, .name, .chip, .target, .label';
for (const el of document.querySelectorAll(sel)) {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
  const what = (el.dataset.testid || el.tagName.toLowerCase() + '.' + el.className) + ' "' + (el.innerText || '').trim().slice(0, 40) + '"';
  if (el.tagName === 'SELECT') {
    const o = el.options[el.selectedIndex];
    if (!o) continue;
    ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
    const text = ctx.measureText(o.text).width;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    // The arrow of a native select takes about 20 px of the room; a styled one sits in
    // the padding.
    const arrow = (cs.webkitAppearance || cs.appearance) === 'none' ? 0 : 20;
    if (text > room - arrow) out.push('select ' + (el.dataset.testid || el.id) + ' "' + o.text + '": ' + text + ' > ' + (room - arrow));
  } else if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
    out.push(what + ': ' + el.scrollWidth + ' > ' + el.clientWidth);
  } else if (r.right > innerWidth + 1 || r.left < -1) {
    out.push(what + ' leaves the window: ' + r.left + '..' + r.right);
  }
}
return out;
"#;

/// Every visible control whose text has less than WCAG AA contrast with the colour
/// behind it (4.5:1, or 3:1 for large text): the text colour over the first opaque
/// background up the tree, translucent layers composited on the way.
const LOW_CONTRAST: &str = r#"
const parse = c => {
  const m = /rgba?\(([^)]*)\)/.exec(c || '');
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
};
const over = (t, b) => [0, 1, 2].map(i => t[i] * t[3] + b[i] * (1 - t[3])).concat([1]);
const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
const behind = el => {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let base = [255, 255, 255, 1];
  for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
  return base;
};
const out = [];
let checked = 0;
for (const el of document.querySelectorAll('button, select, a, textarea, input:not([type=checkbox]):not([type=radio]):not([type=range])')) {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || el.disabled || el.closest('.visually-hidden')) continue;
  const text = (el.tagName === 'SELECT' ? (el.options[el.selectedIndex] || {}).text : (el.value || el.innerText || '')) || '';
  if (!text.trim()) continue;
  const bg = behind(el);
  const fg = over(parse(cs.color), bg);
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  const ratio = (hi + 0.05) / (lo + 0.05);
  const size = parseFloat(cs.fontSize);
  const large = size >= 24 || (size >= 18.66 && parseInt(cs.fontWeight, 10) >= 700);
  checked++;
  if (ratio < (large ? 3 : 4.5)) {
    out.push((el.dataset.testid || el.tagName.toLowerCase()) + ' "' + text.trim().slice(0, 30) + '": ' + ratio.toFixed(2) + ' (' + cs.color + ' on ' + JSON.stringify(bg) + ')');
  }
}
return [checked, out];
"#;

/// The words inside the elements that match the CSS selector `arguments[0]` that a line
/// break cuts in two: a word (up to a space, or a hyphen, where lines may break) whose
/// letters lie on more than one line, broken by a hyphen the browser added or by
/// `overflow-wrap`. A selector that matches nothing is said so, not passed.
pub(crate) const BROKEN_WORDS: &str = r#"
const roots = document.querySelectorAll(arguments[0]);
if (roots.length === 0) return ['nothing matches ' + arguments[0]];
const cut = [];
for (const el of roots) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const word = /[^\s-]+-?/g;
    for (let m; (m = word.exec(node.data));) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      // (A range that starts a line also has an empty box at the end of the line before.)
      const boxes = Array.from(r.getClientRects()).filter(q => q.width > 0.5);
      const lines = new Set(boxes.map(q => Math.round(q.bottom)));
      if (lines.size > 1) cut.push(m[0]);
    }
  }
}
return cut;
"#;

impl App {
    /// Runs `script` (which returns a JSON value) in the page.
    pub(crate) async fn script(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}"))
    }

    /// Waits until `script` returns true.
    pub(crate) async fn wait_script(&self, script: &str, what: &str) {
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

    /// Fails when a visible text is cut on the current screen.
    async fn assert_no_cut_text(&self, screen: &str) {
        let out = self.script(CUT_TEXTS, vec![]).await;
        assert_eq!(out, Value::Array(vec![]), "{screen}: cut texts");
        self.assert_no_horizontal_scroll().await;
    }

    /// Fails when a visible control lacks WCAG AA contrast on the current screen.
    async fn assert_contrast(&self, screen: &str) {
        let out = self.script(LOW_CONTRAST, vec![]).await;
        let checked = out[0].as_u64().unwrap_or(0);
        assert!(checked > 0, "{screen}: no control checked");
        assert_eq!(out[1], Value::Array(vec![]), "{screen}: low contrast");
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

#[tokio::test(flavor = "multi_thread")]
async fn on_the_club_tablet_the_score_digits_are_120_px_tall_and_centred_and_the_board_button_leaves_the_announcement_free(
) {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 30))
        .await;
    app.lag_and_break(0).await;
    app.caroms(3).await;
    app.click("miss").await;
    app.at_table(1, "Jaspers").await;
    app.caroms(12).await;
    app.score_is(1, 12).await;
    for p in [0, 1] {
        let score = app.testid(&format!("score-{p}")).await;
        let m = app
            .script(
                r#"const el = arguments[0], cs = getComputedStyle(el);
                const ctx = document.createElement('canvas').getContext('2d');
                ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
                const t = ctx.measureText('0123456789');
                const glyph = (t.actualBoundingBoxAscent || 0) + (t.actualBoundingBoxDescent || 0);
                const r = el.getBoundingClientRect(), panel = el.closest('.panel').getBoundingClientRect();
                return [glyph || parseFloat(cs.fontSize) * 0.7, (r.left + r.right) / 2 - (panel.left + panel.right) / 2, r.bottom];"#,
                vec![serde_json::to_value(&score).unwrap()],
            )
            .await;
        let (digits, off_centre, bottom) = (
            m[0].as_f64().unwrap_or(0.0),
            m[1].as_f64().unwrap_or(f64::NAN),
            m[2].as_f64().unwrap_or(f64::NAN),
        );
        assert!(digits >= 120.0, "score {p}: digits {digits} px tall");
        assert!(
            off_centre.abs() <= 4.0,
            "score {p}: {off_centre} px off its panel's centre"
        );
        assert!(bottom <= 800.0, "score {p} below the window: {bottom}");
    }
    // The referee's buttons stay on the screen under the big digits.
    let carom = app.rect("carom").await;
    assert!(
        carom[3] <= 800.0,
        "carom button below the window: {carom:?}"
    );
    app.screenshot("tablet-scoring-big-digits-en").await;

    // The spectator board: the announcement is never under the back button.
    app.click("miss").await;
    app.text_until("announcements", |t| t.contains("Jaspers, 12"))
        .await;
    app.click("more").await;
    app.click("scoreboard-mode").await;
    app.text_is("sb-score-1", "12").await;
    let exit = app.rect("scoreboard-exit").await;
    let boxes = app
        .script(
            r#"return [...document.querySelectorAll("[data-testid='scoreboard'] [data-testid='announcements'] *")]
                .map(e => e.getBoundingClientRect()).filter(r => r.width > 0)
                .map(r => [r.left, r.top, r.right, r.bottom]);"#,
            vec![],
        )
        .await;
    let boxes = boxes.as_array().cloned().unwrap_or_default();
    assert!(!boxes.is_empty(), "no announcement on the board");
    for b in boxes {
        let b = [0, 1, 2, 3].map(|i| b[i].as_f64().unwrap_or(f64::NAN));
        let apart = b[2] <= exit[0] || exit[2] <= b[0] || b[3] <= exit[1] || exit[3] <= b[1];
        assert!(
            apart,
            "the back button {exit:?} covers the announcement {b:?}"
        );
    }
    app.screenshot("tablet-scoreboard-announcement-en").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_390_px_phone_no_text_is_cut_in_french_or_spanish() {
    for (locale, lang, a, b) in [
        (
            "fr_FR.UTF-8",
            "fr",
            "Jean-Christophe Delacroix-Montmorency",
            "Frédéric Caudron-Vandenberghe",
        ),
        (
            "es_ES.UTF-8",
            "es",
            "María Fernanda Castellanos Rodríguez",
            "Daniel Sánchez de la Fuente",
        ),
    ] {
        let env = Env::new();
        let app = env.launch(locale, PHONE).await;
        app.testid("app-title").await;
        app.assert_no_cut_text(&format!("home {lang}")).await;
        app.click("open-settings").await;
        app.testid("settings-screen").await;
        app.assert_no_cut_text(&format!("settings {lang}")).await;
        app.screenshot(&format!("phone-settings-{lang}")).await;
        app.click("settings-done").await;

        app.click("new-match").await;
        for (id, value) in [
            ("discipline", "cadre-47-2"),
            ("table-size", "match"),
            ("discipline", "three-cushion"),
        ] {
            app.testid(id).await.select_by_value(value).await.unwrap();
            app.assert_no_cut_text(&format!("new match {lang} ({value})"))
                .await;
        }
        app.screenshot(&format!("phone-new-match-{lang}")).await;
        app.click("cancel").await;

        app.create_match(&NewMatch::race("three-cushion", a, b, 30))
            .await;
        app.lag_and_break(0).await;
        app.caroms(2).await;
        app.text_is("run", "2").await;
        app.assert_no_cut_text(&format!("scoring {lang}")).await;
        // Each name's font fits its longest word to the panel: no word on two lines.
        let cut = app
            .script(BROKEN_WORDS, vec!["[data-testid^='name-']".into()])
            .await;
        assert_eq!(
            cut,
            Value::Array(vec![]),
            "scoring {lang}: names cut inside a word"
        );
        app.screenshot(&format!("phone-scoring-long-names-{lang}"))
            .await;
        app.close().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn in_the_dark_theme_every_control_has_wcag_aa_contrast() {
    for (size, name) in [(TABLET, "tablet"), (PHONE, "phone")] {
        let env = Env::new();
        let app = env.launch("fr_FR.UTF-8", size).await;
        app.click("open-settings").await;
        app.choose_dark_theme().await;
        app.assert_contrast(&format!("{name} settings")).await;
        app.click("settings-done").await;
        app.assert_contrast(&format!("{name} home")).await;
        app.screenshot(&format!("{name}-home-dark-fr")).await;

        app.click("new-match").await;
        app.testid("player-a-name").await;
        app.assert_contrast(&format!("{name} new match")).await;
        app.click("cancel").await;
        app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 1))
            .await;
        app.assert_contrast(&format!("{name} lag")).await;
        app.lag_and_break(0).await;
        app.assert_contrast(&format!("{name} scoring")).await;
        app.screenshot(&format!("{name}-scoring-dark-fr")).await;
        app.caroms(1).await;
        app.testid("equalizing").await;
        app.click("miss").await;
        app.testid("end-screen").await;
        app.testid("end-sign").await;
        app.assert_contrast(&format!("{name} end")).await;
        app.screenshot(&format!("{name}-end-dark-fr")).await;
        app.click("end-sign").await;
        app.testid("signing").await;
        app.assert_contrast(&format!("{name} signing")).await;
        app.screenshot(&format!("{name}-signing-dark-fr")).await;
        app.close().await;
    }
}

impl App {
    /// Chooses the dark theme in the open settings screen, once it is applied.
    async fn choose_dark_theme(&self) {
        self.click("theme-dark").await;
        self.wait_script(
            "return document.documentElement.dataset.theme === 'dark';",
            "the dark theme",
        )
        .await;
    }

    /// Switches to the dark theme through the settings, back to the home screen.
    pub(crate) async fn dark_theme(&self) {
        self.click("open-settings").await;
        self.choose_dark_theme().await;
        self.click("settings-done").await;
    }
}

/// The scoring buttons whose place the referee's finger knows.
const SCORING_BUTTONS: [&str; 6] = ["carom", "miss", "foul", "contact", "undo", "more"];

impl App {
    /// The bounding boxes of the scoring buttons, in [`SCORING_BUTTONS`]' order.
    async fn scoring_button_boxes(&self) -> Vec<[f64; 4]> {
        let mut out = Vec::new();
        for id in SCORING_BUTTONS {
            out.push(self.rect(id).await);
        }
        out
    }

    /// Fails when a scoring button is not where it was in `before` (half a pixel of
    /// rounding allowed).
    async fn assert_buttons_stayed(&self, before: &[[f64; 4]], what: &str) {
        let now = self.scoring_button_boxes().await;
        for ((id, b), n) in SCORING_BUTTONS.iter().zip(before).zip(&now) {
            let moved = b.iter().zip(n).any(|(x, y)| (x - y).abs() > 0.5);
            assert!(!moved, "{what}: {id} moved from {b:?} to {n:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_scoring_buttons_do_not_move_when_the_announcement_a_refused_pause_the_pause_or_the_equalizing_inning_appear(
) {
    for (size, name, dark) in [
        (PHONE, "phone", false),
        (TABLET, "tablet", false),
        (PHONE, "phone-dark", true),
        (TABLET, "tablet-dark", true),
    ] {
        let env = Env::new();
        let app = env.launch("fr_FR.UTF-8", size).await;
        if dark {
            app.dark_theme().await;
        }
        app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 2))
            .await;
        app.lag_and_break(0).await;
        app.testid("at-table").await;
        let before = app.scoring_button_boxes().await;

        // The first announcement.
        app.caroms(1).await;
        app.score_is(0, 1).await;
        app.text_until("announcements", |t| !t.is_empty()).await;
        app.assert_buttons_stayed(&before, &format!("{name} announcement"))
            .await;

        // A pause asked for during a run is refused, and says so.
        app.click("pause").await;
        app.text_until("play-error", |t| !t.is_empty()).await;
        app.assert_buttons_stayed(&before, &format!("{name} pause refused"))
            .await;
        app.screenshot(&format!("{name}-scoring-pause-refused"))
            .await;

        // Between innings the pause is taken: its banner and the resume button.
        app.click("miss").await;
        app.at_table(1, "Jaspers").await;
        app.click("pause").await;
        app.testid("paused").await;
        app.testid("resume").await;
        app.assert_buttons_stayed(&before, &format!("{name} paused"))
            .await;
        app.screenshot(&format!("{name}-scoring-paused")).await;
        app.click("resume").await;
        app.gone("paused").await;
        app.assert_buttons_stayed(&before, &format!("{name} resumed"))
            .await;

        // Caudron reaches the distance: Jaspers's equalizing inning is announced.
        app.click("miss").await;
        app.at_table(0, "Caudron").await;
        app.caroms(1).await;
        app.testid("equalizing").await;
        app.at_table(1, "Jaspers").await;
        app.assert_buttons_stayed(&before, &format!("{name} equalizing inning"))
            .await;
        app.screenshot(&format!("{name}-scoring-equalizing")).await;

        // Nothing is lost under the bar: scrolled to the end, every part of the screen
        // lies above it.
        let hidden = app
            .script(
                r#"window.scrollTo(0, document.documentElement.scrollHeight);
                const bar = document.querySelector('.actions-bar').getBoundingClientRect();
                return [...document.querySelectorAll('.scoring > *:not(.actions-bar)')]
                  .map(e => [e.className, e.getBoundingClientRect()])
                  .filter(([, r]) => r.height > 0 && r.bottom > bar.top + 0.5)
                  .map(([c, r]) => c + ' ends at ' + r.bottom + ' under the bar at ' + bar.top);"#,
                vec![],
            )
            .await;
        assert_eq!(hidden, Value::Array(vec![]), "{name}: hidden under the bar");
        app.assert_buttons_stayed(&before, &format!("{name} scrolled to the end"))
            .await;
        app.close().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_full_screen_board_takes_the_scoring_keys_of_a_remote_and_scores_through_the_same_commands(
) {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 30))
        .await;
    app.lag_and_break(0).await;
    app.caroms(2).await;
    app.score_is(0, 2).await;
    app.click("more").await;
    app.click("scoreboard-mode").await;
    app.text_is("sb-score-0", "2").await;

    // A presenter remote's PageDown, and the numpad's +: two caroms on the board.
    app.keys("\u{E00F}").await;
    app.text_is("sb-score-0", "3").await;
    app.keys("+").await;
    app.text_is("sb-score-0", "4").await;
    app.text_is("sb-run", "4").await;
    // PageUp: a miss; Jaspers comes to the table, still on the board.
    app.keys("\u{E00E}").await;
    app.wait_script(
        "return !!document.querySelector(\"[data-testid='sb-player-1'].at-table\");",
        "Jaspers at the table on the board",
    )
    .await;
    app.keys("+").await;
    app.text_is("sb-score-1", "1").await;
    assert!(app.has("scoreboard").await, "the board left the screen");
    app.screenshot("tablet-scoreboard-keys-en").await;

    // Undo needs the referee's eyes: its key brings back his screen with the question.
    app.keys("u").await;
    app.testid("undo-dialog").await;
    app.gone("scoreboard").await;
    app.click("undo-confirm").await;
    app.score_is(1, 0).await;
    // What the board scored is what the store holds: the referee's screen agrees.
    app.score_is(0, 4).await;
    app.close().await;
}

/// A match file of `discipline` between Ana and Bea, to `target` each, with `events`.
fn match_file(discipline: &str, target: u32, events: &str) -> String {
    format!(
        r#"{{"format": "carambole-match/1", "discipline": "{discipline}", "table": "match",
        "players": [{{"name": "Ana", "target": {target}}}, {{"name": "Bea", "target": {target}}}],
        "innings_limit": null, "equalizing_inning": true, "sets": null, "average": "truncate",
        "events": [{events}]}}"#
    )
}

/// What must be seen without scrolling in each state of a match, above the bar of
/// buttons: (match file, the `data-testid`s that must be wholly above the bar).
fn states_that_need_the_eye() -> Vec<(&'static str, String, Vec<&'static str>)> {
    vec![
        // A run in progress in straight rail: the zone calls (R-ZONE).
        (
            "zone calls",
            match_file(
                "libre",
                50,
                r#"{"type": "break", "player": 0}, {"type": "carom"}, {"type": "carom"}"#,
            ),
            vec![
                "zone-a-cheval",
                "zone-entree",
                "zone-dedans",
                "zone-status",
                "score-0",
                "score-1",
            ],
        ),
        // Half the distance reached: the pause prompt.
        (
            "pause prompt",
            match_file(
                "one-cushion",
                10,
                r#"{"type": "break", "player": 0}, {"type": "inning", "run": 3}, {"type": "inning", "run": 2},
                {"type": "inning", "run": 3}, {"type": "inning", "run": 1}"#,
            ),
            vec!["pending-prompt", "pause-start", "score-0", "score-1"],
        ),
        // The red jumped off the table: the re-spot guidance, with its diagram.
        (
            "re-spot",
            match_file(
                "three-cushion",
                15,
                r#"{"type": "break", "player": 0}, {"type": "carom"},
                {"type": "foul", "foul": "ball-off-table", "balls": ["red"], "occupied": [{"spot": "top", "ball": "white"}]}"#,
            ),
            vec!["pending", "score-0", "score-1"],
        ),
        // The breaker reached the distance: the equalizing inning, both scores in view.
        (
            "equalizing inning",
            match_file(
                "three-cushion",
                2,
                r#"{"type": "break", "player": 0}, {"type": "carom"}, {"type": "carom"}"#,
            ),
            vec!["equalizing", "score-0", "score-1", "announcements"],
        ),
    ]
}

/// The elements of `ids` not wholly in view: between the top of the window and the top
/// of the bar of buttons, or, for one of the bar's own, inside the bar in the window.
pub(crate) const UNDER_THE_BAR: &str = r#"
const barEl = document.querySelector('.actions-bar');
const bar = barEl.getBoundingClientRect();
const out = [];
for (const id of arguments[0]) {
  const el = document.querySelector(`[data-testid='${id}']`);
  if (!el) { out.push(id + ' missing'); continue; }
  const r = el.getBoundingClientRect();
  const seen = barEl.contains(el)
    ? r.top >= bar.top - 0.5 && r.bottom <= innerHeight + 0.5
    : r.top >= 0 && r.bottom <= bar.top + 0.5;
  if (!seen || r.height === 0) out.push(`${id} at ${r.top}..${r.bottom}, bar from ${bar.top} in ${innerHeight}`);
}
return out;
"#;

#[tokio::test(flavor = "multi_thread")]
async fn nothing_the_referee_needs_is_under_the_button_bar_on_the_phone_and_the_tablet() {
    let states = states_that_need_the_eye();
    for (size, name, dark) in [
        (PHONE, "phone", false),
        (TABLET, "tablet", false),
        (PHONE, "phone-dark", true),
        (TABLET, "tablet-dark", true),
    ] {
        let env = Env::new();
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<std::path::PathBuf> = states
            .iter()
            .enumerate()
            .map(|(i, (_, text, _))| {
                let path = dir.path().join(format!("{i}.json"));
                std::fs::write(&path, text).unwrap();
                path
            })
            .collect();
        crate::history::import(&env, &files);
        let app = env.launch("fr_FR.UTF-8", size).await;
        if dark {
            app.dark_theme().await;
        }
        for (i, (what, _, ids)) in states.iter().enumerate() {
            app.text_until("resume-list", |t| t.contains("Ana")).await;
            // The matches are offered newest first: the i-th imported is the one whose
            // resume button is i-th from the end.
            let buttons = app
                .client
                .find_all(fantoccini::Locator::Css("button[data-testid^='resume-']"))
                .await
                .unwrap();
            assert_eq!(buttons.len(), states.len(), "{name}: the imported matches");
            let mut ids_sorted = Vec::new();
            for b in &buttons {
                ids_sorted.push(b.attr("data-testid").await.unwrap().unwrap());
            }
            ids_sorted
                .sort_by_key(|id| id.trim_start_matches("resume-").parse::<i64>().unwrap_or(0));
            app.click(&ids_sorted[i]).await;
            app.testid("scoring-screen").await;
            app.testid(ids[0]).await;
            let out = app
                .script(UNDER_THE_BAR, vec![serde_json::to_value(ids).unwrap()])
                .await;
            app.screenshot(&format!("{name}-needs-the-eye-{}", what.replace(' ', "-")))
                .await;
            assert_eq!(out, serde_json::json!([]), "{name}, {what}: under the bar");
            app.click("back-home").await;
            app.testid("resume-list").await;
        }
        app.close().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_error_is_where_the_eye_is_and_every_screen_opens_at_its_top() {
    for (size, name) in [(PHONE, "phone"), (TABLET, "tablet")] {
        let env = Env::new();
        let app = env.launch("es_ES.UTF-8", size).await;

        // An empty name, the form scrolled to its button: the name field comes to the
        // middle of the window, with the focus and its message.
        app.click("new-match").await;
        app.fill("player-b-name", "Sánchez").await;
        app.script(
            "document.querySelector(\"[data-testid='create-match']\").scrollIntoView({block: 'end'});",
            vec![],
        )
        .await;
        app.click("create-match").await;
        app.testid("error-player-a-name").await;
        app.wait_script(
            r#"const f = document.getElementById('player-a-name');
            const r = f.getBoundingClientRect();
            return document.activeElement === f && r.top >= 0 && r.bottom <= innerHeight;"#,
            "the empty name's field in view with the focus",
        )
        .await;
        app.screenshot(&format!("{name}-empty-name-es")).await;

        // The match's screens open at their top, wherever the form was scrolled to.
        app.fill("player-a-name", "Zanetti").await;
        app.script(
            "document.querySelector(\"[data-testid='create-match']\").scrollIntoView({block: 'end'});",
            vec![],
        )
        .await;
        app.click("create-match").await;
        app.testid("lag-screen").await;
        assert_eq!(
            app.script("return scrollY;", vec![]).await,
            serde_json::json!(0),
            "{name}: the lag screen"
        );

        // The signature pad: "sign first" goes as soon as something is drawn.
        app.click("back-home").await;
        app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 1))
            .await;
        app.lag_and_break(0).await;
        app.caroms(1).await;
        app.click("miss").await;
        app.click("end-sign").await;
        app.testid("signing").await;
        app.click("sign-referee").await;
        app.testid("sign-error").await;
        app.draw_signature("referee").await;
        app.wait_script(
            "return !document.querySelector(\"[data-testid='sign-error']\");",
            "the pad's error gone once signed on",
        )
        .await;
        // The tap on Sign right after a drawing counts.
        app.fill("signer-name-referee", "Ceulemans").await;
        app.draw_signature("referee").await;
        app.click("sign-referee").await;
        app.testid("signed-referee").await;
        app.close().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_language_is_also_chosen_in_the_settings_and_no_word_there_is_cut() {
    for (size, name) in [(PHONE, "phone"), (TABLET, "tablet")] {
        let env = Env::new();
        let app = env.launch("en_GB.UTF-8", size).await;
        app.click("open-settings").await;
        app.click("settings-language-fr").await;
        app.text_until("settings-title", |t| t == "Réglages").await;
        let pressed = app.testid("settings-language-fr").await;
        assert_eq!(
            pressed.attr("aria-pressed").await.unwrap().as_deref(),
            Some("true")
        );
        app.screenshot(&format!("{name}-settings-fr")).await;
        app.click("settings-language-es").await;
        app.text_until("settings-title", |t| t == "Ajustes").await;
        app.screenshot(&format!("{name}-settings-es")).await;
        app.click("settings-done").await;
        app.text_until("new-match", |t| {
            t == "Nueva partida" || t == "Nuevo partido"
        })
        .await;
        app.close().await;
    }
}
