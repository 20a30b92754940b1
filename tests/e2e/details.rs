//! The new-match form's handicap suggestion and the match details edited during play.

use std::time::{Duration, Instant};

use crate::harness::{App, Env};
use crate::referee::{NewMatch, TABLET};

/// Waits until the input `id` holds `want`.
async fn value_is(app: &App, id: &str, want: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = app.testid(id).await.prop("value").await.unwrap();
        if v.as_deref() == Some(want) {
            return;
        }
        assert!(Instant::now() < deadline, "{id} holds {v:?}, not {want:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_known_player_gets_a_suggested_distance_and_details_edited_in_play_are_recorded() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;

    // A first match: Ana makes her one point in one inning (average 1.000).
    app.create_match(&NewMatch::race("three-cushion", "Ana", "Blanca", 1))
        .await;
    app.lag_and_break(0).await;
    app.caroms(1).await;
    app.testid("equalizing").await;
    app.click("miss").await;
    app.testid("end-screen").await;
    app.click("back-home").await;

    // The form suggests her distance from it (1.000 × 30) and fills it in on one tap.
    app.click("new-match").await;
    app.fill("player-a-name", "Ana").await;
    let text = app.text_until("suggestion-a", |t| t.contains("30")).await;
    assert!(
        text.contains("Suggested: 30") && text.contains("1.000") && text.contains("last match"),
        "{text}"
    );
    app.click("use-suggestion-a").await;
    value_is(&app, "player-a-target", "30").await;
    // The same person cannot play both sides: refused beside the second name.
    app.fill("player-b-name", " Ana ").await;
    app.fill("player-b-target", "30").await;
    app.click("create-match").await;
    app.text_until("error-player-b-name", |t| t.contains("different people"))
        .await;
    // No suggestion for a player who never played.
    app.fill("player-b-name", "Carla").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!app.has("suggestion-b").await);
    app.fill("player-b-target", "30").await;
    app.click("create-match").await;
    app.testid("lag-screen").await;
    app.lag_and_break(0).await;

    // During play: the referee changes; the change is committed, then shown.
    app.caroms(2).await;
    app.score_is(0, 2).await;
    app.click("more").await;
    app.click("edit-details").await;
    app.fill("edit-referee", "Mme Remplaçante").await;
    app.click("details-save").await;
    app.gone("details-dialog").await;
    app.click("more").await;
    app.click("edit-details").await;
    value_is(&app, "edit-referee", "Mme Remplaçante").await;
    app.screenshot("tablet-edit-details-en").await;
    app.click("details-cancel").await;
    // It is the last action on the log: undo would take it back, the run goes on.
    app.click("undo").await;
    app.text_until("undo-what", |t| t.contains("Referee")).await;
    app.click("undo-cancel").await;
    app.text_is("run", "2").await;
    app.close().await;
}
