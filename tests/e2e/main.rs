//! End-to-end tests in the real Tauri window (WebKitGTK over WebDriver, under Xvfb),
//! each on a fresh database. Run by `cargo xtask test`.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bench;
mod details;
mod harness;
mod history;
mod referee;
mod scoring;
mod screens;
mod stats;
mod web;
mod words;

use fantoccini::Locator;
use harness::Env;

const PHONE: (u32, u32) = (390, 844);
const TABLET: (u32, u32) = (1280, 800);
const FRENCH: &str = "fr_FR.UTF-8";

#[tokio::test(flavor = "multi_thread")]
async fn a_match_created_in_french_survives_a_restart_and_labels_follow_the_language_switch() {
    let env = Env::new();

    // First start on a French system: the app speaks French.
    let app = env.launch(FRENCH, PHONE).await;
    app.text_until("new-match", |t| t == "Nouveau match").await;
    app.text_until("no-matches", |t| t.contains("Aucun match"))
        .await;
    app.screenshot("phone-home-empty-fr").await;

    app.testid("new-match").await.click().await.unwrap();
    app.fill("player-a-name", "Frédéric Caudron").await;
    app.fill("player-b-name", "Dick Jaspers").await;
    app.fill("player-a-target", "40").await;
    app.fill("player-b-target", "35").await;
    app.screenshot("phone-new-match-fr").await;
    app.testid("create-match").await.click().await.unwrap();
    // The new match opens on its lag; the home screen lists it.
    app.testid("lag-screen").await;
    app.testid("back-home").await.click().await.unwrap();

    let item = app
        .text_until("match-list", |t| t.contains("Caudron"))
        .await;
    // The list shows the score and the distance, never the distance alone (issue 12).
    assert!(
        item.contains("Frédéric Caudron 0 – 0 Dick Jaspers"),
        "{item}"
    );
    assert!(
        item.contains("Trois bandes") && item.contains("40 – 35 points"),
        "{item}"
    );
    app.screenshot("phone-home-fr").await;

    // Switch to Spanish: the visible labels change at once.
    app.testid("language-select")
        .await
        .select_by_value("es")
        .await
        .unwrap();
    app.text_until("new-match", |t| t == "Nueva partida").await;
    let item = app
        .text_until("match-list", |t| t.contains("distancia"))
        .await;
    assert!(item.contains("Tres bandas"), "{item}");
    app.close().await;

    // Restart on the same database: still Spanish, the match is still there.
    let app = env.launch(FRENCH, TABLET).await;
    app.text_until("new-match", |t| t == "Nueva partida").await;
    let items = app
        .client
        .find_all(Locator::Css("[data-testid='match-item']"))
        .await
        .unwrap();
    assert_eq!(items.len(), 1);
    let item = app
        .text_until("match-list", |t| t.contains("Caudron"))
        .await;
    assert!(
        item.contains("Frédéric Caudron 0 – 0 Dick Jaspers") && item.contains("distancia 40 – 35"),
        "{item}"
    );
    app.screenshot("tablet-home-es").await;
    app.testid("new-match").await.click().await.unwrap();
    app.testid("player-a-name").await;
    app.screenshot("tablet-new-match-es").await;
    app.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_names_and_distances_show_localized_errors_and_store_nothing() {
    let env = Env::new();
    let app = env.launch(FRENCH, PHONE).await;
    app.testid("new-match").await.click().await.unwrap();

    // Empty name.
    app.fill("player-b-name", "Dick Jaspers").await;
    app.testid("create-match").await.click().await.unwrap();
    let err = app
        .text_until("error-player-a-name", |t| !t.is_empty())
        .await;
    assert_eq!(err, "Saisissez le nom du joueur.");
    app.screenshot("phone-error-fr").await;

    // A 10 KB name.
    app.fill("player-a-name", &"x".repeat(10 * 1024)).await;
    app.testid("create-match").await.click().await.unwrap();
    let err = app
        .text_until("error-player-a-name", |t| t.contains("trop long"))
        .await;
    assert!(err.contains("100"), "{err}");

    // A distance of 0, then above 10,000.
    app.fill("player-a-name", "Caudron").await;
    for bad in ["0", "10001"] {
        app.fill("player-b-target", bad).await;
        app.testid("create-match").await.click().await.unwrap();
        let err = app
            .text_until("error-player-b-target", |t| !t.is_empty())
            .await;
        assert_eq!(
            err,
            "La distance doit être comprise entre 1 et 10000 points."
        );
    }

    // The error follows the language.
    app.testid("language-select")
        .await
        .select_by_value("en")
        .await
        .unwrap();
    app.text_until("error-player-b-target", |t| {
        t.starts_with("The distance must be")
    })
    .await;

    // Nothing was stored.
    app.testid("cancel").await.click().await.unwrap();
    app.text_until("no-matches", |t| t.starts_with("No match yet"))
        .await;
    app.close().await;
}
