//! A player's statistics and the club ranking in the real window, from matches refereed
//! through the app: figures checked against hand-computed values, charts drawn, CSV
//! exported, and the phone layout without horizontal scrolling.

use fantoccini::Locator;

use crate::harness::{App, Env};
use crate::referee::{NewMatch, PHONE, TABLET};

/// Libre to 3, Blomdahl breaks: 2 then a miss, Zanetti 1 then a miss, Blomdahl 1 (3 in
/// 2 innings), Zanetti misses his equalizing inning.
async fn two_inning_match(app: &App) {
    app.create_match(&NewMatch::race("libre", "Blomdahl", "Zanetti", 3))
        .await;
    app.lag_and_break(0).await;
    app.caroms(2).await;
    app.text_is("run", "2").await;
    app.click("miss").await;
    app.at_table(1, "Zanetti").await;
    app.caroms(1).await;
    app.score_is(1, 1).await;
    app.click("miss").await;
    app.at_table(0, "Blomdahl").await;
    app.caroms(1).await;
    app.score_is(0, 3).await;
    app.at_table(1, "Zanetti").await;
    app.click("miss").await;
    app.text_until("result", |t| t.contains("Blomdahl wins"))
        .await;
}

/// Libre to 3, Blomdahl runs 3 at the break; Zanetti misses his equalizing inning.
async fn one_inning_match(app: &App) {
    app.create_match(&NewMatch::race("libre", "Blomdahl", "Zanetti", 3))
        .await;
    app.lag_and_break(0).await;
    app.caroms(3).await;
    app.score_is(0, 3).await;
    app.at_table(1, "Zanetti").await;
    app.click("miss").await;
    app.text_until("result", |t| t.contains("Blomdahl wins"))
        .await;
}

async fn open_player(app: &App, name: &str) {
    app.click("open-players").await;
    app.text_until("player-list", |t| t.contains(name)).await;
    for item in app
        .client
        .find_all(Locator::Css("[data-testid='player-item']"))
        .await
        .unwrap()
    {
        if item.text().await.unwrap().contains(name) {
            item.click().await.unwrap();
            break;
        }
    }
    app.text_is("player-title", name).await;
}

/// The value of a statistics figure (its `.figure-value`, beside the label).
async fn figure(app: &App, id: &str) -> String {
    app.text_until(id, |t| !t.is_empty()).await;
    app.testid(id)
        .await
        .find(Locator::Css(".figure-value"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
        .trim()
        .to_string()
}

async fn scroll_to(app: &App, id: &str) {
    let el = app.testid(id).await;
    app.client
        .execute(
            "arguments[0].scrollIntoView({block: 'start'});",
            vec![serde_json::to_value(&el).unwrap()],
        )
        .await
        .unwrap();
}

/// From the player page back home, then the club ranking in `discipline`, once it lists
/// `name`.
async fn open_ranking(app: &App, discipline: &str, name: &str) {
    app.click("back").await;
    app.click("back").await;
    app.click("open-ranking").await;
    app.testid("ranking-discipline")
        .await
        .select_by_value(discipline)
        .await
        .unwrap();
    app.text_until("ranking-table", |t| t.contains(name)).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_players_statistics_charts_ranking_and_csv_follow_the_matches_he_played() {
    let env = Env::new();
    let app = env.launch("en_GB.UTF-8", TABLET).await;
    two_inning_match(&app).await;
    app.click("back-home").await;
    one_inning_match(&app).await;
    app.click("back-home").await;

    // Blomdahl in libre: 2 matches won, 6 points in 3 innings (2.000), best game 3.000
    // (3 in 1), high run 3, 1.500 innings per match.
    open_player(&app, "Blomdahl").await;
    app.text_until("stat-matches", |t| t.contains('2')).await;
    assert_eq!(figure(&app, "stat-points").await, "6");
    assert_eq!(figure(&app, "stat-innings").await, "3");
    assert_eq!(figure(&app, "stat-general-average").await, "2.000");
    assert_eq!(figure(&app, "stat-best-game-average").await, "3.000");
    assert_eq!(figure(&app, "stat-high-run").await, "3");
    assert_eq!(figure(&app, "stat-innings-per-match").await, "1.500");
    let record = app.text_until("stat-record", |t| !t.is_empty()).await;
    assert!(record.contains('2'), "{record}");
    let h2h = app
        .text_until("head-to-head", |t| t.contains("Zanetti"))
        .await;
    assert!(h2h.contains("2.000"), "{h2h}");
    // The charts are drawn: one point per match, a bar per run length (2 and 3).
    let points = app
        .testid("chart-average")
        .await
        .find_all(Locator::Css("circle"))
        .await
        .unwrap();
    assert_eq!(points.len(), 2, "one point per match");
    let bars = app
        .testid("chart-runs")
        .await
        .find_all(Locator::Css("rect"))
        .await
        .unwrap();
    assert!(bars.len() >= 2, "runs histogram has {} bars", bars.len());
    app.testid("chart-high-runs").await;
    app.screenshot("tablet-player-stats-en").await;
    scroll_to(&app, "chart-average").await;
    app.screenshot("tablet-player-charts-en").await;

    // CSV of his statistics.
    app.click("export-stats").await;
    app.text_until("exported", |t| t.contains("statistics-Blomdahl-"))
        .await;
    let csv = std::fs::read_to_string(crate::harness::saved_file(
        &env.dialogs(),
        "statistics-Blomdahl-",
        ".csv",
    ))
    .unwrap();
    // With the byte-order mark that makes a spreadsheet read it as UTF-8.
    assert!(csv.starts_with('\u{feff}'), "{csv}");
    assert!(csv.contains("Blomdahl"), "{csv}");
    assert!(csv.contains("2.000"), "{csv}");

    // The club ranking in libre: Blomdahl first, Zanetti (1 in 3, 0.333) second.
    open_ranking(&app, "libre", "Zanetti").await;
    let rows = app
        .client
        .find_all(Locator::Css("[data-testid='ranking-row']"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 2);
    let first = rows[0].text().await.unwrap();
    let second = rows[1].text().await.unwrap();
    assert!(
        first.contains("Blomdahl") && first.contains("2.000"),
        "{first}"
    );
    assert!(
        second.contains("Zanetti") && second.contains("0.333"),
        "{second}"
    );
    app.screenshot("tablet-ranking-en").await;
    app.click("export-ranking").await;
    app.text_until("exported", |t| t.contains("ranking-Straight rail-"))
        .await;
    let csv = std::fs::read_to_string(crate::harness::saved_file(
        &env.dialogs(),
        "ranking-Straight rail-",
        ".csv",
    ))
    .unwrap();
    assert!(csv.starts_with('\u{feff}'), "{csv}");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "header and two players:\n{csv}");
    assert!(lines[1].contains("Blomdahl"), "{csv}");
    app.close().await;

    // On the phone, switched to Spanish: the same page fits without horizontal scrolling.
    let app = env.launch("es_ES.UTF-8", PHONE).await;
    // The stored language (English, from the first start) wins over the system's.
    app.testid("language-select")
        .await
        .select_by_value("es")
        .await
        .unwrap();
    app.text_until("open-players", |t| t.contains("Jugadores"))
        .await;
    open_player(&app, "Zanetti").await;
    assert_eq!(figure(&app, "stat-general-average").await, "0,333");
    app.screenshot("phone-player-stats-es").await;
    scroll_to(&app, "chart-average").await;
    app.screenshot("phone-player-charts-es").await;
    app.assert_no_horizontal_scroll().await;
    open_ranking(&app, "libre", "Blomdahl").await;
    app.screenshot("phone-ranking-es").await;
    app.assert_no_horizontal_scroll().await;
    app.close().await;
}
