//! Whole matches refereed in the real window: from the lag to the sheet.

use std::time::{Duration, Instant};

use fantoccini::Locator;

use crate::harness::{self, Env};
use crate::referee::{NewMatch, PHONE, TABLET};

#[tokio::test(flavor = "multi_thread")]
async fn a_three_cushion_match_goes_from_the_lag_through_a_ball_off_the_table_and_the_equalizing_inning_to_the_sheet(
) {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", PHONE).await;
    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 4))
        .await;

    // R-LAG-1: the lag set-up, red on the top spot, cue balls on the starting line.
    assert_eq!(app.ball_spot("lag-screen", "red").await, "top");
    assert_eq!(app.ball_spot("lag-screen", "white").await, "lag-left");
    app.screenshot("phone-lag-en").await;
    // A re-lag first: the core announces it, the lag stays open.
    app.click("lag-equal").await;
    app.text_until("announcements", |t| t.contains("equal distance"))
        .await;
    app.click("lag-winner-0").await;
    app.text_until("choose-breaker", |t| t.contains("Caudron won the lag"))
        .await;
    app.click("breaker-0").await;

    // R-START-1/2: the starting position and the reminder.
    app.testid("start-screen").await;
    app.text_until("red-first", |t| t.contains("must hit the red first"))
        .await;
    app.click("side-right").await;
    assert_eq!(app.ball_spot("start-screen", "white").await, "outer-right");
    assert_eq!(app.ball_spot("start-screen", "yellow").await, "bottom");
    app.screenshot("phone-start-en").await;
    app.click("break").await;

    // Caudron: 2 then a miss.
    app.at_table(0, "Caudron").await;
    app.caroms(2).await;
    app.text_is("run", "2").await;
    app.screenshot("phone-scoring-run-en").await;
    app.click("miss").await;
    app.at_table(1, "Jaspers").await;
    app.score_is(0, 2).await;
    app.text_is("last-run-0", "2").await;
    // The run line went from one panel to the other: both fit what they hold (the
    // announcements, the status line and the two panels are slots).
    assert!(app.slots_fit().await >= 4);
    app.text_until("announcements", |t| t.contains("Caudron, 2"))
        .await;

    // Jaspers: 1, then the red and his yellow jump off the table (R-OFF-3).
    app.caroms(1).await;
    app.score_is(1, 1).await;
    app.click("foul").await;
    app.text_until("foul-menu", |t| t.contains("wooden frame"))
        .await;
    app.screenshot("phone-foul-menu-en").await;
    app.click("foul-ball-off-table").await;
    // Nothing ticked beforehand: the foul cannot be recorded until a ball is named.
    app.text_until("off-table-guide", |t| t.starts_with("Tick the ball"))
        .await;
    for ball in ["white", "yellow", "red"] {
        let tick = app.testid(&format!("jumped-{ball}")).await;
        assert!(
            !tick.is_selected().await.unwrap(),
            "{ball} ticked beforehand"
        );
    }
    let record = app.testid("off-table-confirm").await;
    assert!(
        !record.is_enabled().await.unwrap(),
        "recordable with no ball named"
    );
    app.click("jumped-red").await;
    app.click("jumped-yellow").await;
    app.text_until("off-table-guide", |t| !t.starts_with("Tick the ball"))
        .await;
    assert!(record.is_enabled().await.unwrap());
    assert_eq!(app.ball_spot("off-table-dialog", "red").await, "top");
    assert_eq!(app.ball_spot("off-table-dialog", "yellow").await, "centre");
    // With the top spot taken by the white, the red goes to the white's own spot.
    app.testid("occupied-top")
        .await
        .select_by_value("white")
        .await
        .unwrap();
    assert_eq!(app.ball_spot("off-table-dialog", "red").await, "bottom");
    app.testid("occupied-top")
        .await
        .select_by_value("")
        .await
        .unwrap();
    app.screenshot("phone-off-table-en").await;
    app.click("off-table-confirm").await;
    app.at_table(0, "Caudron").await;
    // The committed re-spot, as the core computed it, stays up until the next shot.
    app.text_until("pending-prompt", |t| t.contains("only the jumped ball"))
        .await;
    assert_eq!(app.ball_spot("pending", "red").await, "top");
    assert_eq!(app.ball_spot("pending", "yellow").await, "centre");
    app.score_is(1, 1).await;

    // Balls in contact (Art. 5.4 → 6b): the white touches the red while the yellow sits on
    // the top spot. Only the two in contact are re-spotted, and the red goes to the spot
    // of the yellow (the centre spot); the guide says why.
    app.click("contact").await;
    app.testid("contact-occupied")
        .await
        .select_by_value("top")
        .await
        .unwrap();
    assert_eq!(app.ball_spot("contact-dialog", "red").await, "centre");
    assert_eq!(app.ball_spot("contact-dialog", "white").await, "bottom");
    app.click("contact-respot").await;
    app.text_until("pending", |t| t.contains("top spot taken by the yellow"))
        .await;
    assert_eq!(app.ball_spot("pending", "red").await, "centre");

    // Caudron reaches 4 as the breaker: Jaspers gets the equalizing inning.
    app.caroms(2).await;
    app.score_is(0, 4).await;
    let eq = app.text_until("equalizing", |t| !t.is_empty()).await;
    assert_eq!(eq, "Equalizing inning — Jaspers plays for 3");
    app.at_table(1, "Jaspers").await;
    app.screenshot("phone-equalizing-en").await;
    app.caroms(1).await;
    app.score_is(1, 2).await;
    app.click("miss").await;

    // The end: result and sheet.
    let result = app.text_until("result", |t| !t.is_empty()).await;
    assert_eq!(result, "Caudron wins (distance reached)");
    let sheet = app.text_until("sheet", |t| t.contains("Totals")).await;
    assert!(
        sheet.contains("4 points in 2 innings, general average 2.000, high run 2"),
        "{sheet}"
    );
    assert!(
        sheet.contains("2 points in 2 innings, general average 1.000"),
        "{sheet}"
    );
    app.screenshot("phone-end-en").await;
    app.assert_no_horizontal_scroll().await;

    // Then the sheet is signed (issue 5): a reclamation, the three signatures, the lock.
    app.click("end-sign").await;
    app.testid("signing").await;
    // The bordered grid and the totals fit the phone (they stack; nothing is cut).
    app.testid("sheet-totals").await;
    app.assert_no_horizontal_scroll().await;
    let cut = app
        .client
        .execute(
            "return Array.from(document.querySelectorAll('.sheet-grid, .sheet-totals'))
               .filter(t => t.getBoundingClientRect().right > window.innerWidth + 0.5).length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(cut, 0, "a sheet table wider than the phone");
    app.screenshot("phone-signing-sheet-en").await;
    app.fill("reclamation-1", "The red was re-spotted late")
        .await;
    app.click("save-reclamation-1").await;
    // Saved: said beside the field, not at the top of the page.
    app.text_until("reclamation-saved-1", |t| {
        t.contains("reclamation is saved")
    })
    .await;
    app.assert_in_viewport("reclamation-saved-1").await;
    app.screenshot("phone-reclamation-saved-en").await;
    // Before anyone signs: the first signature locks the reclamations.
    app.text_until("sign-locks-warning", |t| {
        t.contains("locks the reclamations")
    })
    .await;
    // The pads are framed boxes with a baseline and the signer's role.
    let pad = app.testid("pad-referee").await;
    let (w, h) = (
        pad.attr("width").await.unwrap(),
        pad.attr("height").await.unwrap(),
    );
    assert_eq!((w, h), (None, None), "sized by the page");
    let style = app
        .client
        .execute(
            "const s = getComputedStyle(arguments[0]); const r = arguments[0].getBoundingClientRect();
             return [s.borderTopStyle, s.borderTopWidth, r.width, r.height];",
            vec![serde_json::to_value(&pad).unwrap()],
        )
        .await
        .unwrap();
    assert_ne!(style[0], "none", "a framed pad: {style}");
    assert!(
        style[2].as_f64().unwrap() > 300.0 && style[3].as_f64().unwrap() > 100.0,
        "{style}"
    );
    let inner = pad.html(false).await.unwrap();
    assert!(
        inner.contains("signature-baseline") && inner.contains("Referee"),
        "{inner}"
    );
    // The reclamation fields are of a usable size.
    let rows = app
        .testid("reclamation-0")
        .await
        .attr("rows")
        .await
        .unwrap();
    assert_eq!(rows.as_deref(), Some("4"));
    // An empty pad is refused in the pad itself and nothing is signed.
    app.click("sign-referee").await;
    app.text_until("sign-error", |t| t.contains("Draw the signature"))
        .await;
    app.assert_in_viewport("sign-error").await;
    let in_pad = app.inside("signer-referee", "sign-error").await;
    assert!(in_pad.text().await.unwrap().contains("Draw the signature"));
    app.screenshot("phone-signing-pads-en").await;
    assert!(!app.has("signed-referee").await);
    // A reclamation typed but not saved holds the first signature back (it would lock
    // the reclamation out); cleared again, the signing goes on.
    app.fill("reclamation-0", "Not saved").await;
    app.draw_signature("referee").await;
    app.click("sign-referee").await;
    app.text_until("sign-unsaved", |t| t.contains("not saved"))
        .await;
    assert!(!app.has("signed-referee").await);
    // Emptied as a user would (backspaces), which the field hears as input.
    let field = app.testid("reclamation-0").await;
    field
        .send_keys(&"\u{E003}".repeat("Not saved".len()))
        .await
        .unwrap();
    assert_eq!(field.prop("value").await.unwrap().as_deref(), Some(""));
    app.click("clear-referee").await;
    app.fill("signer-name-referee", "Ceulemans").await;
    for role in ["referee", "player-1", "player-2"] {
        app.draw_signature(role).await;
        app.click(&format!("sign-{role}")).await;
        app.testid(&format!("signed-{role}")).await;
    }
    app.text_until("sign-locked", |t| t.contains("locked"))
        .await;
    let caption = app.text_until("signed-referee", |t| !t.is_empty()).await;
    assert!(caption.contains("signed by Ceulemans"), "{caption}");
    // The stored strokes are drawn back: a path with the zigzag's points.
    let drawn = app
        .inside("signed-referee", "signature-image")
        .await
        .html(false)
        .await
        .unwrap();
    assert!(drawn.matches(' ').count() > 10, "{drawn}");
    // Reclamations are read-only once signed.
    let rec = app.text_until("reclamation-1", |t| !t.is_empty()).await;
    assert!(rec.contains("re-spotted late"), "{rec}");
    app.screenshot("phone-signed-en").await;

    // The export: the save dialog is answered with the test's folder; the answer is
    // a toast inside the window, though the button is at the bottom of a long page.
    app.click("export-pdf").await;
    let saved = app
        .text_until("sign-notice", |t| t.contains("Caudron-Jaspers-"))
        .await;
    app.assert_in_viewport("sign-notice").await;
    app.screenshot("phone-pdf-saved-en").await;
    // Named after the players and the day, in the user's language.
    let pdf = crate::harness::saved_file(&env.dialogs(), "Caudron-Jaspers-", ".pdf");
    let name = pdf.file_name().unwrap().to_str().unwrap().to_owned();
    assert!(saved.contains(&name), "{saved}");
    let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("{}: {e}", pdf.display()));
    assert!(bytes.starts_with(b"%PDF"));
    let text = std::process::Command::new("pdftotext")
        .args([pdf.as_os_str(), "-".as_ref()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    for want in [
        "Caudron",
        "Jaspers",
        "Ceulemans",
        "re-spotted late",
        "Match 2.84 × 1.42 m",
        "inning ended with a foul",
    ] {
        assert!(text.contains(want), "{want} not in the PDF:\n{text}");
    }
    // The referee typed at signing is the header's referee.
    let layout = std::process::Command::new("pdftotext")
        .args(["-layout".as_ref(), pdf.as_os_str(), "-".as_ref()])
        .output()
        .unwrap();
    let layout = String::from_utf8_lossy(&layout.stdout);
    let header_referee = layout
        .lines()
        .find(|l| l.contains("Referee"))
        .unwrap_or_default();
    assert!(header_referee.contains("Ceulemans"), "{header_referee}");

    // A signed match is read-only everywhere (issue 12, item 10). The home list shows
    // its score and that it is signed, and offers the sheet, not "Sign and export".
    app.click("sign-back").await;
    app.text_until("match-score", |t| t == "Caudron 4 – 2 Jaspers")
        .await;
    app.text_is("match-signed", "Signed").await;
    assert!(!app.has("sign-open-1").await, "no second signing");
    app.screenshot("phone-home-signed-en").await;
    // Its end screen: no undo, no signing.
    app.click("open-1").await;
    app.text_until("end-signed", |t| t.contains("official record"))
        .await;
    assert!(!app.has("undo").await, "no undo on a signed match");
    assert!(!app.has("end-sign").await);
    app.keys("u").await;
    assert!(!app.has("undo-dialog").await, "nor by the keyboard");
    app.click("end-view-sheet").await;

    // The read-only sheet: reclamation, fouls, the equalizing mark, the signatures,
    // the referee, and the PDF again.
    app.testid("archived-match").await;
    app.text_until("archive-reclamations", |t| t.contains("re-spotted late"))
        .await;
    let legend = app.text_until("sheet-legend", |t| !t.is_empty()).await;
    assert!(
        legend.contains("equalizing inning") && legend.contains("inning ended with a foul"),
        "{legend}"
    );
    app.testid("equalizing-row").await;
    let fouls = app
        .client
        .find_all(Locator::Css(
            "[data-testid='sheet-view'] td[data-foul='true']",
        ))
        .await
        .unwrap();
    assert_eq!(fouls.len(), 1, "Jaspers' ball off the table");
    app.text_until("sheet-referee", |t| t.contains("Ceulemans"))
        .await;
    let signed = app
        .client
        .find_all(Locator::Css("[data-testid='archive-signatures'] li"))
        .await
        .unwrap();
    assert_eq!(signed.len(), 3, "the three signatures");
    app.assert_no_horizontal_scroll().await;
    app.screenshot("phone-archive-signed-en").await;
    std::fs::remove_file(&pdf).unwrap();
    app.click("archive-pdf").await;
    app.text_until("archive-notice", |t| t.contains(&name))
        .await;
    app.assert_in_viewport("archive-notice").await;
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));

    // Deleting it asks twice; the second question says it is signed.
    app.click("back").await;
    app.testid("history-screen").await;
    app.click("history-delete-1").await;
    app.click("confirm-ok").await;
    app.text_until("delete-signed-what", |t| t.contains("Caudron"))
        .await;
    app.text_until("confirm-title", |t| t.contains("signed"))
        .await;
    app.screenshot("phone-delete-signed-en").await;
    app.click("confirm-cancel").await;
    app.gone("delete-signed-dialog").await;
    app.testid("history-open-1").await;
    app.click("history-delete-1").await;
    app.click("confirm-ok").await;
    app.testid("delete-signed-dialog").await;
    app.click("confirm-ok").await;
    app.text_until("history-notice", |t| t.contains("Moved to the trash"))
        .await;
    app.gone("history-open-1").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_libre_match_shows_the_zone_calls_and_a_foul_after_dedans_passes_the_turn() {
    let env = Env::new();
    let app = env.launch("fr_FR.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("libre", "Dupont", "Martin", 50))
        .await;
    app.lag_and_break(1).await;
    app.at_table(1, "Martin").await;
    app.caroms(3).await;
    app.text_is("run", "3").await;
    // "Entrée": both object balls in a corner zone; two caroms may be made there, then
    // "dedans": the third must bring a ball out (seed 000 §3).
    app.click("zone-entree").await;
    app.text_until("zone-status", |t| t.starts_with("Entrée"))
        .await;
    app.caroms(1).await;
    app.text_until("zone-status", |t| t.starts_with("Entrée : un point"))
        .await;
    app.caroms(1).await;
    app.text_until("zone-status", |t| t.starts_with("Dedans"))
        .await;
    app.text_until("announcements", |t| t.contains("Dedans"))
        .await;
    app.screenshot("tablet-libre-dedans-fr").await;
    // He fails to bring a ball out: R-FOUL i.
    app.click("foul").await;
    app.text_until("foul-zone-not-left", |t| !t.is_empty())
        .await;
    app.screenshot("tablet-foul-menu-fr").await;
    app.click("foul-zone-not-left").await;
    app.at_table(0, "Dupont").await;
    app.score_is(1, 5).await;
    app.text_is("last-run-1", "5").await;
    app.text_until("zone-status", |t| t.starts_with("Aucune"))
        .await;
    // Keyboard: "+" scores for the player at the table, "-" ends his inning.
    app.keys("++-").await;
    app.score_is(0, 2).await;
    app.at_table(1, "Martin").await;
    app.screenshot("tablet-scoring-fr").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cadre_47_1_match_guides_balls_in_contact_and_calls_dedans_at_once() {
    let env = Env::new();
    let app = env.launch("es_ES.UTF-8", PHONE).await;
    app.create_match(&NewMatch::race("cadre-47-1", "García", "López", 100))
        .await;
    app.lag_and_break(0).await;
    app.caroms(2).await;
    app.text_is("run", "2").await;
    // 47/1: "entrada" is "dentro" at once.
    app.click("zone-entree").await;
    app.text_until("zone-status", |t| t.starts_with("Dentro"))
        .await;
    app.caroms(1).await;
    app.text_until("zone-status", |t| t.starts_with("Sin anuncio"))
        .await;
    // Balls in contact: the player chooses; re-spot puts all three back (R-CONTACT).
    app.click("contact").await;
    app.text_until("contact-rule", |t| t.contains("las tres bolas"))
        .await;
    assert!(app.has("contact-play-on").await);
    assert_eq!(app.ball_spot("contact-dialog", "red").await, "top");
    app.screenshot("phone-contact-es").await;
    app.click("contact-respot").await;
    app.text_until("pending-prompt", |t| !t.is_empty()).await;
    assert_eq!(app.ball_spot("pending", "red").await, "top");
    app.text_until("announcements", |t| {
        t.contains("contacto") || t.contains("Toca")
    })
    .await;
    // The next shot settles the re-spot.
    app.caroms(1).await;
    app.text_is("run", "4").await;
    app.gone("pending").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn when_the_engine_under_the_page_dies_the_window_loads_it_again_and_the_match_is_kept() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("three-cushion", "Blomdahl", "Sánchez", 30))
        .await;
    app.lag_and_break(1).await;
    app.caroms(2).await;
    app.text_is("run", "2").await;
    let reloads = harness::page_reloads();
    let killed = app.kill_page();
    assert!(!killed.is_empty(), "no WebKit web process under the app");

    // WebKitWebDriver ends its session with the page ("session deleted because of page
    // crash"), so the window is watched from outside: the app says it loads the page again
    // and a new engine runs it.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let fresh = app.page_processes().iter().any(|p| !killed.contains(p));
        if harness::page_reloads() > reloads && fresh {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the window did not load its page again (reloads {}, engines {:?})",
            harness::page_reloads() - reloads,
            app.page_processes()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.close().await;

    // Nothing was lost: the next start offers the match where it was, and it goes on.
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    let (item, resume) = app.resume_offer("Blomdahl").await;
    assert!(item.contains("Blomdahl 0 – 2 Sánchez"), "{item}");
    assert!(item.contains("Sánchez at the table, run 2"), "{item}");
    app.click(&resume).await;
    app.at_table(1, "Sánchez").await;
    app.caroms(1).await;
    app.score_is(1, 3).await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_interrupted_in_the_middle_of_a_run_resumes_where_it_was() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", PHONE).await;
    app.create_match(&NewMatch::race("three-cushion", "Blomdahl", "Sánchez", 30))
        .await;
    app.lag_and_break(1).await;
    app.caroms(3).await;
    app.text_is("run", "3").await;
    app.close().await;

    let app = env.launch("en_GB.UTF-8", TABLET).await;
    let (item, resume) = app.resume_offer("Blomdahl").await;
    assert!(item.contains("Blomdahl 0 – 3 Sánchez"), "{item}");
    assert!(item.contains("Sánchez at the table, run 3"), "{item}");
    app.screenshot("tablet-home-resume-en").await;
    app.click(&resume).await;
    app.at_table(1, "Sánchez").await;
    app.text_is("run", "3").await;
    app.caroms(1).await;
    app.text_is("run", "4").await;
    app.score_is(1, 4).await;
    app.screenshot("tablet-scoring-en").await;
    // Undo asks first and says what it undoes.
    app.click("undo").await;
    let what = app.text_until("undo-what", |t| !t.is_empty()).await;
    assert_eq!(what, "Undo: the last carom?");
    app.text_until("undo-scores", |t| t.contains("Sánchez 4 → 3"))
        .await;
    app.screenshot("tablet-undo-en").await;
    app.click("undo-confirm").await;
    app.score_is(1, 3).await;
    app.text_until("announcements", |t| t.contains("Correction"))
        .await;
    // The spectator scoreboard follows.
    app.click("more").await;
    app.click("scoreboard-mode").await;
    app.text_is("sb-score-1", "3").await;
    app.text_is("sb-run", "3").await;
    app.screenshot("tablet-scoreboard-en").await;
    app.click("scoreboard-exit").await;
    app.testid("scoring-screen").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_language_switched_mid_match_changes_every_label_and_the_match_goes_on() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    app.create_match(&NewMatch::race("one-cushion", "Ceulemans", "Zanetti", 20))
        .await;
    app.lag_and_break(0).await;
    app.caroms(2).await;
    app.text_is("run", "2").await;
    app.text_is("carom", "Carom +1").await;
    app.testid("language-select")
        .await
        .select_by_value("es")
        .await
        .unwrap();
    app.text_is("carom", "Carambola +1").await;
    app.text_until("at-table", |t| t == "En la mesa: Ceulemans")
        .await;
    app.click("miss").await;
    app.text_until("announcements", |t| t.contains("Ceulemans, 2"))
        .await;
    app.text_until("at-table", |t| t == "En la mesa: Zanetti")
        .await;
    app.testid("language-select")
        .await
        .select_by_value("fr")
        .await
        .unwrap();
    app.text_is("miss", "Manqué").await;
    app.screenshot("tablet-scoring-after-switch-fr").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tap_that_arrives_after_the_turn_changed_is_not_credited_to_the_other_player() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", PHONE).await;
    app.create_match(&NewMatch::race("three-cushion", "Caudron", "Jaspers", 40))
        .await;
    app.lag_and_break(0).await;
    app.caroms(1).await;
    app.score_is(0, 1).await;
    // The referee taps "miss" and, before the screen changed, "carom" once more: the
    // carom was meant for Caudron, whose inning the miss ended.
    app.client
        .execute(
            "document.querySelector(\"[data-testid='miss']\").click();
             document.querySelector(\"[data-testid='carom']\").click();",
            vec![],
        )
        .await
        .unwrap();
    let err = app.text_until("play-error", |t| !t.is_empty()).await;
    assert_eq!(err, "Not recorded: the turn had already passed to Jaspers.");
    app.assert_in_viewport("play-error").await;
    app.at_table(1, "Jaspers").await;
    app.score_is(0, 1).await;
    app.score_is(1, 0).await;
    app.screenshot("phone-late-tap-en").await;
    app.close().await;
}
