//! The sport's words and French typography as the referee reads them (issue 32, item 4),
//! in the real window in English, French and Spanish, on the phone and the tablet, light
//! and dark: "l'acquit", one word for a match, one label for the way back, whose "plays
//! for" it is, the foul list lettered as Art. 8.2, the undone carom named on the end
//! screen, a no-break space before French `: ; ! ?` and inside « », and no word of the
//! settings broken across two lines.

use serde_json::Value;

use crate::harness::{App, Env};
use crate::referee::{NewMatch, PHONE, TABLET};
use crate::screens::BROKEN_WORDS;

/// French text nodes on the page whose spacing is wrong: a plain space (or none, or the
/// narrow U+202F: docs/words.md chooses U+00A0) before `: ; ! ?` or `»`, or after `«`.
/// A colon between digits (`15:30`) is a time, not punctuation.
const FRENCH_SPACING_FAULTS: &str = r#"
const faults = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const bad = /( [:;!?»])|(«[^\u00a0])|([^\s\u00a0][;!?»](?=\s|$))|([^\s\u00a0\d][:](?=\s|$))|(\u202f)/g;
for (let n; (n = walker.nextNode());) {
  const el = n.parentElement;
  if (!el || el.closest('script, style, textarea')) continue;
  for (let m; (m = bad.exec(n.data));) {
    faults.push(JSON.stringify(n.data.slice(Math.max(0, m.index - 15), m.index + 3)));
  }
}
return faults;
"#;

/// What the referee must read in one language.
struct Words {
    locale: &'static str,
    lang: &'static str,
    new_match: &'static str,
    back: &'static str,
    /// In the start screen's reminder: the break shot's name.
    break_shot: &'static str,
    plays_for: &'static str,
    end_title: &'static str,
    correction: &'static str,
}

const LANGUAGES: [Words; 3] = [
    Words {
        locale: "en_GB.UTF-8",
        lang: "en",
        new_match: "New match",
        back: "← Back",
        break_shot: "the break must hit the red first",
        plays_for: "Caudron plays for 3 points",
        end_title: "End of the match",
        correction: "carom of Caudron in inning 1 cancelled",
    },
    Words {
        locale: "fr_FR.UTF-8",
        lang: "fr",
        new_match: "Nouveau match",
        back: "← Retour",
        break_shot: "l'acquit doit toucher la rouge en premier",
        plays_for: "Caudron joue pour 3 points",
        end_title: "Fin du match",
        correction: "Annulation\u{a0}: carambole, Caudron, reprise 1",
    },
    Words {
        locale: "es_ES.UTF-8",
        lang: "es",
        new_match: "Nueva partida",
        back: "← Volver",
        break_shot: "la salida debe tocar primero la roja",
        plays_for: "Caudron juega para 3 puntos",
        end_title: "Fin de la partida",
        correction: "Anulación: carambola de Caudron en la entrada 1",
    },
];

impl App {
    /// The `textContent` of the element `id`: its characters as written, where
    /// WebDriver's text turns a no-break space into a plain one.
    async fn text_content(&self, id: &str) -> String {
        let el = self.testid(id).await;
        let v = self
            .script(
                "return arguments[0].textContent;",
                vec![serde_json::to_value(&el).unwrap()],
            )
            .await;
        v.as_str().unwrap_or_default().to_owned()
    }

    /// In French, fails when a text on the screen is wrongly spaced.
    async fn assert_french_spacing(&self, lang: &str, screen: &str) {
        if lang != "fr" {
            return;
        }
        let faults = self.script(FRENCH_SPACING_FAULTS, vec![]).await;
        assert_eq!(faults, Value::Array(vec![]), "{screen}: French spacing");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_referee_reads_the_sports_words_and_french_spacing_on_every_screen_in_three_languages()
{
    for w in &LANGUAGES {
        // English once; French and Spanish at both sizes in both themes.
        let runs: &[((u32, u32), &str, bool)] = if w.lang == "en" {
            &[(PHONE, "phone", false)]
        } else {
            &[
                (PHONE, "phone", false),
                (PHONE, "phone", true),
                (TABLET, "tablet", false),
                (TABLET, "tablet", true),
            ]
        };
        for &(size, device, dark) in runs {
            let name = format!(
                "words-{device}-{}-{}",
                if dark { "dark" } else { "light" },
                w.lang
            );
            let env = Env::new();
            let app = env.launch(w.locale, size).await;
            app.text_is("new-match", w.new_match).await;
            app.assert_french_spacing(w.lang, &name).await;
            if dark {
                app.dark_theme().await;
            }

            // Settings: the way back says "back", and no word is broken across lines.
            app.click("open-settings").await;
            app.testid("settings-screen").await;
            app.text_is("settings-done", w.back).await;
            let broken = app
                .script(BROKEN_WORDS, vec!["[data-testid='settings-screen']".into()])
                .await;
            assert_eq!(broken, Value::Array(vec![]), "{name}: settings");
            app.assert_french_spacing(w.lang, &format!("{name} settings"))
                .await;
            app.screenshot(&format!("{name}-settings")).await;
            app.click("settings-done").await;

            app.create_match(&NewMatch::race("three-cushion", "Caudron", "Gómez", 5))
                .await;
            app.text_is("back-home", w.back).await;
            app.assert_french_spacing(w.lang, &format!("{name} lag"))
                .await;
            app.click("lag-winner-0").await;
            app.click("breaker-0").await;
            app.testid("start-screen").await;
            let reminder = app.text_content("red-first").await;
            assert!(reminder.contains(w.break_shot), "{name}: {reminder:?}");
            app.assert_french_spacing(w.lang, &format!("{name} start"))
                .await;
            app.screenshot(&format!("{name}-start")).await;
            app.click("side-right").await;
            app.click("break").await;
            app.testid("scoring-screen").await;

            // Three-cushion calls "plays for" from 3 on, with the player's name.
            app.caroms(2).await;
            app.score_is(0, 2).await;
            let said = app
                .text_until("announcements", |t| t.contains(w.plays_for))
                .await;
            assert!(said.contains(w.plays_for), "{name}: {said:?}");
            app.assert_french_spacing(w.lang, &format!("{name} scoring"))
                .await;
            app.screenshot(&format!("{name}-scoring")).await;

            // The foul list wears the rules' own letters (Art. 8.2 a–j).
            app.click("foul").await;
            let off = app.text_content("foul-ball-off-table").await;
            assert!(off.trim_start().starts_with("a) "), "{name}: {off:?}");
            let push = app.text_content("foul-push-shot").await;
            assert!(push.trim_start().starts_with("d) "), "{name}: {push:?}");
            app.assert_french_spacing(w.lang, &format!("{name} fouls"))
                .await;
            app.screenshot(&format!("{name}-fouls")).await;
            app.click("dialog-close").await;
            app.gone("foul-menu").await;

            // The spectator board's way back is the same "back".
            app.click("more").await;
            app.click("scoreboard-mode").await;
            app.text_is("scoreboard-exit", w.back).await;
            app.assert_french_spacing(w.lang, &format!("{name} board"))
                .await;
            app.screenshot(&format!("{name}-board")).await;
            app.click("scoreboard-exit").await;
            app.testid("scoring-screen").await;

            // An undone carom, then the match to its end: the end screen says what was
            // undone, whose and in which inning, as the sheet prints it.
            app.click("undo").await;
            app.click("undo-confirm").await;
            app.score_is(0, 1).await;
            app.caroms(4).await;
            app.testid("equalizing").await;
            app.click("miss").await;
            app.testid("end-screen").await;
            let end = app.text_content("end-screen").await;
            assert!(end.contains(w.end_title), "{name}: {end:?}");
            let fixes = app.text_content("corrections").await;
            assert!(fixes.contains(w.correction), "{name}: {fixes:?}");
            app.assert_french_spacing(w.lang, &format!("{name} end"))
                .await;
            app.screenshot(&format!("{name}-end")).await;
            app.close().await;
        }
    }
}
