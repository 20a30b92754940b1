//! Bad files are refused with what is wrong and where: each case changes one thing in a
//! valid fixture and names the code and the JSON path it must be refused with.

// A failed unwrap is the test's failure report, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::Path;

use carom_tournament::{ErrorCode, Figures, RuleSet, TournamentFile};
use serde_json::{json, Value};

fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.json"));
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn refused(v: &Value) -> (ErrorCode, String) {
    let e = TournamentFile::parse(&v.to_string()).expect_err("accepted");
    assert!(!e.to_string().contains('\n'), "one line: {e}");
    (e.code, e.path)
}

const G: &str = "/phases/0/round-robin/poules/0/games";
const P: &str = "phases[0].round-robin.poules[0].games";

/// Sets the value at `pointer`, adding the last key to its object when it is new.
fn set(v: &mut Value, pointer: &str, x: Value) {
    if let Some(slot) = v.pointer_mut(pointer) {
        *slot = x;
        return;
    }
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let obj = v.pointer_mut(parent).and_then(Value::as_object_mut);
    obj.unwrap_or_else(|| panic!("{pointer}"))
        .insert(key.to_owned(), x);
}

#[test]
fn files_that_are_not_json_are_refused() {
    let e = TournamentFile::parse("{\"format\": ").unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidJson);
    let mut text = fixture("poule-of-5").to_string();
    text.push_str(" {}");
    assert_eq!(
        TournamentFile::parse(&text).unwrap_err().code,
        ErrorCode::InvalidJson
    );
}

#[test]
fn another_version_is_refused_before_its_fields() {
    let mut v = fixture("poule-of-5");
    set(&mut v, "/format", json!("carambole-tournament/2"));
    v["new_field_of_v2"] = json!(1);
    assert_eq!(refused(&v), (ErrorCode::UnsupportedFormat, "format".into()));
    let mut v = fixture("poule-of-5");
    v.as_object_mut().unwrap().remove("format");
    assert_eq!(refused(&v).0, ErrorCode::UnsupportedFormat);
}

#[test]
fn unknown_and_missing_fields_are_refused_where_they_are() {
    let mut v = fixture("poule-of-5");
    v["colour"] = json!("green");
    assert_eq!(refused(&v), (ErrorCode::UnknownField, "colour".into()));

    let mut v = fixture("poule-of-5");
    v["players"][1]["nickname"] = json!("Bru");
    assert_eq!(
        refused(&v),
        (ErrorCode::UnknownField, "players[1].nickname".into())
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, &format!("{G}/2/result/colour"), json!(1));
    assert_eq!(
        refused(&v),
        (ErrorCode::UnknownField, format!("{P}[2].result.colour"))
    );

    let mut v = fixture("poule-of-5");
    v.as_object_mut().unwrap().remove("rules");
    assert_eq!(refused(&v), (ErrorCode::MissingField, ".".into()));

    let mut v = fixture("poule-of-5");
    set(&mut v, "/phases/0", json!({"swiss": {}}));
    assert_eq!(refused(&v).0, ErrorCode::InvalidField);
}

#[test]
fn values_of_the_wrong_kind_are_refused_at_their_field() {
    let cases: [(&str, Value, &str); 6] = [
        ("/time", json!("25:00"), "time"),
        ("/rules", json!("fifa"), "rules"),
        (
            "/players/0/seeding",
            json!({"elo": 1800}),
            "players[0].seeding",
        ),
        ("/discipline", json!("snooker"), "discipline"),
        (
            "/phases/0/round-robin/poules/0/games/0/time",
            json!("2pm"),
            "phases[0].round-robin.poules[0].games[0].time",
        ),
        (
            "/phases/0/round-robin/poules/0/games/0/result/points",
            json!([50]),
            "phases[0].round-robin.poules[0].games[0].result.points",
        ),
    ];
    for (pointer, x, path) in cases {
        let mut v = fixture("poule-of-5");
        set(&mut v, pointer, x);
        assert_eq!(
            refused(&v),
            (ErrorCode::InvalidField, path.into()),
            "{pointer}"
        );
    }
    let mut v = fixture("knock-out-of-10");
    set(&mut v, "/players/3/seeding/average", json!(1.8125));
    assert_eq!(
        refused(&v),
        (ErrorCode::InvalidField, "players[3].seeding.average".into())
    );
}

#[test]
fn the_set_up_and_the_players_are_checked() {
    let mut v = fixture("poule-of-5");
    set(&mut v, "/distance", json!(0));
    assert_eq!(refused(&v), (ErrorCode::OutOfRange, "distance".into()));

    let mut v = fixture("poule-of-5");
    set(&mut v, "/players/0/distance", json!(40));
    assert_eq!(
        refused(&v),
        (ErrorCode::DistanceTwice, "players[0].distance".into())
    );

    let mut v = fixture("handicap-poule");
    v["players"][2].as_object_mut().unwrap().remove("distance");
    assert_eq!(
        refused(&v),
        (ErrorCode::DistanceMissing, "players[2]".into())
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, "/players/3/seeding", json!({"average": 1.5}));
    assert_eq!(
        refused(&v),
        (ErrorCode::SeedingMixed, "players[3].seeding".into())
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, "/players/4/licence", json!("0101"));
    assert_eq!(
        refused(&v),
        (ErrorCode::PlayerTwice, "players[4].licence".into())
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, "/players/2/name", json!("Lefèvre\u{202e}Claire"));
    assert_eq!(
        refused(&v),
        (ErrorCode::InvalidText, "players[2].name".into())
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, "/name", json!(" Tournoi"));
    assert_eq!(refused(&v), (ErrorCode::InvalidText, "name".into()));

    let mut v = fixture("poule-of-5");
    let first = v["players"][0].clone();
    set(&mut v, "/players", json!([first]));
    assert_eq!(refused(&v), (ErrorCode::TooFewPlayers, "players".into()));
}

#[test]
fn poules_and_games_are_checked() {
    let mut v = fixture("poule-of-5");
    set(
        &mut v,
        "/phases/0/round-robin/poules/0/players",
        json!([0, 1]),
    );
    assert_eq!(
        refused(&v),
        (
            ErrorCode::PouleSize,
            "phases[0].round-robin.poules[0].players".into()
        )
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, "/phases/0/round-robin/poules/0/players/4", json!(9));
    assert_eq!(
        refused(&v),
        (
            ErrorCode::NoSuchPlayer,
            "phases[0].round-robin.poules[0].players[4]".into()
        )
    );

    let mut v = fixture("two-poules-then-final");
    set(&mut v, "/phases/0/round-robin/poules/1/players/3", json!(7));
    assert_eq!(
        refused(&v),
        (
            ErrorCode::PlayerInTwoPoules,
            "phases[0].round-robin.poules[1].players[3]".into()
        )
    );

    let mut v = fixture("two-poules-then-final");
    set(
        &mut v,
        "/phases/0/round-robin/poules/0/games/0/players",
        json!([0, 1]),
    );
    assert_eq!(
        refused(&v),
        (ErrorCode::PlayerNotInPoule, format!("{P}[0].players[1]"))
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, &format!("{G}/1/players"), json!([3, 2]));
    set(&mut v, &format!("{G}/1/players"), json!([4, 1]));
    assert_eq!(
        refused(&v),
        (ErrorCode::GameTwice, format!("{P}[1].players"))
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, &format!("{G}/1/players"), json!([2, 2]));
    assert_eq!(
        refused(&v),
        (ErrorCode::SamePlayer, format!("{P}[1].players"))
    );

    let mut v = fixture("poule-of-5");
    set(&mut v, &format!("{G}/1/players"), json!([2]));
    assert_eq!(
        refused(&v),
        (ErrorCode::GamePlayers, format!("{P}[1].players"))
    );

    let mut v = fixture("knock-out-of-10");
    set(
        &mut v,
        "/phases/0/knock-out/rounds/0/games/0/result",
        json!({"entered_by": "X", "forfeit": 0}),
    );
    assert_eq!(
        refused(&v),
        (
            ErrorCode::ByeWithResult,
            "phases[0].knock-out.rounds[0].games[0].result".into()
        )
    );
}

#[test]
fn results_that_no_game_ends_with_are_refused() {
    let r = |g: usize, field: &str| format!("{G}/{g}/result/{field}");
    let cases: Vec<(String, Value, ErrorCode, String)> = vec![
        (
            r(0, "high_run"),
            json!([51, 6]),
            ErrorCode::FiguresImpossible,
            format!("{P}[0].result.high_run[0]"),
        ),
        (
            r(0, "high_run"),
            json!([2, 6]),
            ErrorCode::FiguresImpossible,
            format!("{P}[0].result.points[0]"),
        ),
        (
            r(0, "innings"),
            json!([0, 0]),
            ErrorCode::FiguresImpossible,
            format!("{P}[0].result.innings[0]"),
        ),
        (
            r(0, "points"),
            json!([55, 31]),
            ErrorCode::PointsAboveDistance,
            format!("{P}[0].result.points[0]"),
        ),
        (
            r(0, "points"),
            json!([49, 31]),
            ErrorCode::ResultUnfinished,
            format!("{P}[0].result.points"),
        ),
        (
            r(0, "innings"),
            json!([20, 19]),
            ErrorCode::InningsMismatch,
            format!("{P}[0].result.innings"),
        ),
        (
            r(0, "forfeit"),
            json!(1),
            ErrorCode::ForfeitWithFigures,
            format!("{P}[0].result.points"),
        ),
        (
            r(0, "tie_break"),
            json!(0),
            ErrorCode::TieBreakNotAllowed,
            format!("{P}[0].result.tie_break"),
        ),
        (
            format!("{G}/0/result"),
            json!({"entered_by": "X"}),
            ErrorCode::ResultEmpty,
            format!("{P}[0].result"),
        ),
        (
            format!("{G}/0/result"),
            json!({"points": [50, 31], "innings": [20, 20], "high_run": [9, 6]}),
            ErrorCode::EnteredByMissing,
            format!("{P}[0].result.entered_by"),
        ),
        (
            format!("{G}/0/result"),
            json!({"entered_by": "X", "points": [50, 31], "innings": [20, 20]}),
            ErrorCode::FiguresIncomplete,
            format!("{P}[0].result.high_run"),
        ),
        (
            format!("{G}/0/result"),
            json!({"entered_by": "X", "forfeit": 2}),
            ErrorCode::NoSuchPlayer,
            format!("{P}[0].result.forfeit"),
        ),
        (
            format!("{G}/6/corrections/0/corrected_by"),
            json!(""),
            ErrorCode::InvalidText,
            format!("{P}[6].corrections[0].corrected_by"),
        ),
        (
            format!("{G}/6/corrections/0/replaced/points"),
            json!([38, 49]),
            ErrorCode::ResultUnfinished,
            format!("{P}[6].corrections[0].replaced.points"),
        ),
    ];
    for (pointer, x, code, path) in cases {
        let mut v = fixture("poule-of-5");
        set(&mut v, &pointer, x);
        assert_eq!(refused(&v), (code, path), "{pointer}");
    }

    // The limit: innings above it, or a game stopped short of it.
    let mut v = fixture("draw-at-the-limit");
    set(&mut v, &format!("{G}/0/result/innings"), json!([41, 41]));
    assert_eq!(
        refused(&v),
        (
            ErrorCode::InningsAboveLimit,
            format!("{P}[0].result.innings[0]")
        )
    );
    let mut v = fixture("draw-at-the-limit");
    set(&mut v, &format!("{G}/0/result/innings"), json!([39, 39]));
    assert_eq!(
        refused(&v),
        (ErrorCode::ResultUnfinished, format!("{P}[0].result.points"))
    );

    // Without the equalizing inning both cannot reach, and only the one who reached
    // may have an inning more.
    let mut v = fixture("knock-out-of-10");
    let k = "/phases/0/knock-out/rounds/0/games/1/result";
    set(&mut v, &format!("{k}/innings"), json!([14, 15]));
    assert_eq!(
        refused(&v),
        (
            ErrorCode::InningsMismatch,
            "phases[0].knock-out.rounds[0].games[1].result.innings".into()
        )
    );
    let mut v = fixture("knock-out-of-10");
    set(&mut v, &format!("{k}/points"), json!([30, 30]));
    assert_eq!(refused(&v).0, ErrorCode::InningsMismatch);
}

#[test]
fn a_drawn_knock_out_game_needs_its_tie_break() {
    let mut v = fixture("two-poules-then-final");
    let s2 = "/phases/1/knock-out/rounds/0/games/1/result";
    v.pointer_mut(s2)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove("tie_break");
    assert_eq!(
        refused(&v),
        (
            ErrorCode::TieBreakMissing,
            "phases[1].knock-out.rounds[0].games[1].result.tie_break".into()
        )
    );
    let mut v = fixture("two-poules-then-final");
    set(
        &mut v,
        "/phases/1/knock-out/rounds/0/games/0/result/tie_break",
        json!(0),
    );
    assert_eq!(refused(&v).0, ErrorCode::TieBreakNotAllowed);
}

#[test]
fn a_result_naming_a_match_gets_its_figures_from_the_store() {
    let mut v = fixture("poule-of-5");
    let r = v
        .pointer_mut(&format!("{G}/0/result"))
        .unwrap()
        .as_object_mut()
        .unwrap();
    for f in ["points", "innings", "high_run"] {
        r.remove(f);
    }
    let mut t = TournamentFile::parse(&v.to_string()).unwrap();
    let e = t.standings(RuleSet::Ffb).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (
            ErrorCode::FiguresMissing,
            "phases[0].round-robin.poules[0].games[0].result"
        )
    );
    assert_eq!(t.ffb_e2i().unwrap_err().code, ErrorCode::FiguresMissing);

    let unknown = t.clone().fill_figures(|_| None).unwrap_err();
    assert_eq!(unknown.code, ErrorCode::FiguresMissing);

    let f = |points, innings, high_run| Figures {
        points,
        innings,
        high_run,
    };
    let impossible = t
        .clone()
        .fill_figures(|_| Some([f(50, 20, 9), f(51, 20, 6)]))
        .unwrap_err();
    assert_eq!(impossible.code, ErrorCode::PointsAboveDistance);

    t.fill_figures(|id| (id == "m-01").then(|| [f(50, 20, 9), f(31, 20, 6)]))
        .unwrap();
    let original = TournamentFile::parse(&fixture("poule-of-5").to_string()).unwrap();
    assert_eq!(t, original);
}

#[test]
fn the_dbu_file_needs_licences_and_times() {
    let mut v = fixture("poule-of-5");
    v["players"][3].as_object_mut().unwrap().remove("licence");
    let t = TournamentFile::parse(&v.to_string()).unwrap();
    let e = t.dbu_clubcloud().unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::LicenceMissing, "players[3].licence")
    );

    let mut v = fixture("poule-of-5");
    v.as_object_mut().unwrap().remove("time");
    v.pointer_mut(&format!("{G}/4"))
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove("time");
    let t = TournamentFile::parse(&v.to_string()).unwrap();
    let e = t.dbu_clubcloud().unwrap_err();
    assert_eq!(
        (e.code, e.path),
        (ErrorCode::TimeMissing, format!("{P}[4].time"))
    );
}

#[test]
fn a_separator_in_a_field_is_refused_not_written() {
    let mut v = fixture("poule-of-5");
    set(&mut v, "/players/1/name", json!("Dubois; Bruno"));
    let t = TournamentFile::parse(&v.to_string()).unwrap();
    let e = t.ffb_e2i().unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::SeparatorInField, "players[1].name")
    );
    let mut v = fixture("poule-of-5");
    set(&mut v, "/phases/0/round-robin/poules/0/name", json!("A;B"));
    let t = TournamentFile::parse(&v.to_string()).unwrap();
    assert_eq!(
        t.dbu_clubcloud().unwrap_err().code,
        ErrorCode::SeparatorInField
    );
}

#[test]
fn a_file_above_two_mebibytes_is_refused_before_it_is_read() {
    let mut v = fixture("poule-of-5");
    set(
        &mut v,
        "/name",
        json!("x".repeat(carom_tournament::MAX_FILE_BYTES)),
    );
    let e = TournamentFile::parse(&v.to_string()).unwrap_err();
    assert_eq!((e.code, e.path.as_str()), (ErrorCode::FileTooLarge, "."));
}

#[test]
fn knock_out_rounds_must_follow_from_one_another() {
    // A quarter-final pairing someone the round of 16 did not send through.
    let mut v = fixture("knock-out-of-10");
    set(
        &mut v,
        "/phases/0/knock-out/rounds/1/games/0/players",
        json!([7, 2]),
    );
    assert_eq!(
        refused(&v),
        (
            ErrorCode::BracketMismatch,
            "phases[0].knock-out.rounds[1].games[0].players".into()
        )
    );
    // The players of a game may be listed either way round.
    let mut v = fixture("knock-out-of-10");
    set(
        &mut v,
        "/phases/0/knock-out/rounds/1/games/0/players",
        json!([9, 7]),
    );
    let (a, b) = (
        "/phases/0/knock-out/rounds/1/games/0/result",
        v.pointer("/phases/0/knock-out/rounds/1/games/0/result")
            .unwrap()
            .clone(),
    );
    let mut r = b;
    for f in ["points", "innings", "high_run"] {
        let x = r[f].as_array().unwrap().clone();
        r[f] = json!([x[1], x[0]]);
    }
    set(&mut v, a, r);
    TournamentFile::parse(&v.to_string()).unwrap();
    // A first round whose kind does not fit its games.
    let mut v = fixture("knock-out-of-10");
    set(
        &mut v,
        "/phases/0/knock-out/rounds/0/round",
        json!("quarter-final"),
    );
    assert_eq!(
        refused(&v),
        (
            ErrorCode::BracketMismatch,
            "phases[0].knock-out.rounds[0].round".into()
        )
    );
    // A third-place match in a knock-out that shares third, or between the finalists.
    let mut v = fixture("two-poules-then-final");
    set(&mut v, "/phases/1/knock-out/third_place", json!("shared"));
    assert_eq!(
        refused(&v),
        (
            ErrorCode::BracketMismatch,
            "phases[1].knock-out.rounds[1].round".into()
        )
    );
    let mut v = fixture("two-poules-then-final");
    set(
        &mut v,
        "/phases/1/knock-out/rounds/1/games/0/players",
        json!([0, 4]),
    );
    assert_eq!(
        refused(&v),
        (
            ErrorCode::BracketMismatch,
            "phases[1].knock-out.rounds[1].games[0].players".into()
        )
    );
}
