//! Match files: import, export, duplicates, hostile files refused.

use carom_core::{Discipline, Event, MatchFile, MatchSetup, Player, TableSize};
use chrono::Utc;

use super::{Opener, DB};
use crate::{Store, StoreError};
use carom_core::MatchStatus;

/// A finished libre match between `names` as a match file (A wins 2–0).
pub(crate) fn finished_file(names: [&str; 2]) -> String {
    let setup = MatchSetup::race(Discipline::Libre, TableSize::Match, names, 2);
    let m = carom_core::Match::replay(
        setup,
        [
            Event::Lag {
                winner: Some(Player::A),
                relag: None,
                caused_by: None,
                red_touched_by: None,
                at: None,
            },
            Event::ChooseBreaker {
                player: Player::A,
                spot: None,
                at: None,
            },
            Event::break_by(Player::A),
            Event::carom(),
            Event::carom(),
            Event::miss(),
        ],
    )
    .unwrap();
    MatchFile::from_match(&m).to_json_pretty()
}

fn counts(s: &Store) -> (i64, i64, i64) {
    let c = s.connection();
    let n = |t: &str| {
        c.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .unwrap()
    };
    (n("matches"), n("events"), n("players"))
}

pub(super) fn an_exported_match_imports_as_an_equal_match_and_a_second_import_is_a_duplicate(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    let text = finished_file(["Caudron", "Jaspers"]);
    let imported = s.import_match(text.as_bytes(), Utc::now()).unwrap();
    assert_eq!(
        (imported.status, imported.events),
        (MatchStatus::Finished, 6)
    );
    let exported = s.export_match(imported.id).unwrap();
    assert_eq!(
        MatchFile::parse(&exported).unwrap(),
        MatchFile::parse(&text).unwrap()
    );
    // Same content, other spacing: still a duplicate.
    let compact =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&text).unwrap()).unwrap();
    let err = s.import_match(compact.as_bytes(), Utc::now()).unwrap_err();
    assert!(
        matches!(err, StoreError::Duplicate { existing } if existing == imported.id),
        "{err:?}"
    );
}

/// `carambole-match/1` files holding events that `/2` refuses (a lag where the red was
/// touched that names a winner too, and a ball off the table in three-cushion naming no ball).
const V1_LENIENT: [(&str, &str); 2] = [
    (
        "lag-red-touched-with-winner.json",
        include_str!("../../../../tests/fixtures/v1/lag-red-touched-with-winner.json"),
    ),
    (
        "off-table-no-ball-three-cushion.json",
        include_str!("../../../../tests/fixtures/v1/off-table-no-ball-three-cushion.json"),
    ),
];

/// The report the release that published `/1` printed for the fixture `name` of
/// `tests/fixtures/v1/` (its `expected.tsv`).
fn v1_report(name: &str) -> &'static str {
    include_str!("../../../../tests/fixtures/v1/expected.tsv")
        .lines()
        .filter_map(|l| {
            let mut cols = l.split('\t');
            (cols.next() == Some(name)).then(|| cols.nth(1)).flatten()
        })
        .next()
        .unwrap()
}

pub(super) fn a_version_1_file_that_version_2_refuses_is_kept_replayed_and_exported_as_version_1(
    place: &dyn Opener,
) {
    let mut ids = Vec::new();
    {
        let mut s = place.open(DB).unwrap();
        for (name, text) in V1_LENIENT {
            let file = MatchFile::parse(text).unwrap();
            let imported = s.import_match(text.as_bytes(), Utc::now()).unwrap();
            ids.push((name, imported.id, file));
        }
    }
    // Reopened: the matches are replayed from the database, under /1's rules, to the
    // result the release that published /1 gave.
    let mut s = place.open(DB).unwrap();
    for (name, id, file) in ids {
        let want = s.load_match(id).unwrap().report(false);
        assert_eq!(
            serde_json::to_string(&want).unwrap(),
            v1_report(name),
            "{name}"
        );
        let view = s.match_view(id).unwrap();
        assert_eq!(view.events, file.events.len());
        let exported = s.export_match(id).unwrap();
        let back = MatchFile::parse(&exported).unwrap();
        assert_eq!(back.format, carom_core::FileFormat::V1, "{exported}");
        assert_eq!((&back.setup, &back.events), (&file.setup, &file.events));
        assert_eq!(
            serde_json::to_string(&back.replay().unwrap().report(false)).unwrap(),
            serde_json::to_string(&want).unwrap()
        );
        // The exported file is recognized as the same match.
        let err = s.import_match(exported.as_bytes(), Utc::now()).unwrap_err();
        assert!(
            matches!(err, StoreError::Duplicate { existing } if existing == id),
            "{err:?}"
        );
        // The match goes on under the rules it was recorded with.
        s.append_event(id, Event::undo(), Utc::now()).unwrap();
    }
}

pub(super) fn a_version_1_file_and_its_version_2_export_are_the_same_match(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let v2 = finished_file(["A", "B"]);
    assert!(v2.contains(carom_core::FORMAT));
    let v1 = v2.replace(carom_core::FORMAT, carom_core::FORMAT_V1);
    let imported = s.import_match(v1.as_bytes(), Utc::now()).unwrap();
    // Nothing in it needs /1: it is exported as /2, and either file is a duplicate.
    assert_eq!(s.export_match(imported.id).unwrap(), v2);
    for text in [&v1, &v2] {
        let err = s.import_match(text.as_bytes(), Utc::now()).unwrap_err();
        assert!(
            matches!(err, StoreError::Duplicate { existing } if existing == imported.id),
            "{err:?}"
        );
    }
}

pub(super) fn a_match_recorded_here_is_recognized_when_its_file_comes_back(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let text = finished_file(["A", "B"]);
    let file = MatchFile::parse(&text).unwrap();
    let id = s
        .create_match_with_setup(file.setup.clone(), chrono::Utc::now())
        .unwrap();
    for e in file.events {
        s.append_event(id, e, Utc::now()).unwrap();
    }
    let err = s.import_match(text.as_bytes(), Utc::now()).unwrap_err();
    assert!(
        matches!(err, StoreError::Duplicate { existing } if existing == id),
        "{err:?}"
    );
}

pub(super) fn malformed_truncated_huge_and_hostile_files_are_refused_and_change_nothing(
    place: &dyn Opener,
) {
    let mut s = place.open(DB).unwrap();
    s.import_match(finished_file(["Keep", "Me"]).as_bytes(), Utc::now())
        .unwrap();
    let before = counts(&s);
    let good = finished_file(["A", "B"]);
    let long_name = good.replace("\"A\"", &format!("\"{}\"", "x".repeat(10 * 1024)));
    let control = good.replace("\"A\"", "\"A\\u0007\\u0000B\"");
    let huge = format!("{}{}", " ".repeat(10 * 1024 * 1024), good);
    let impossible = good.replace("\"miss\"", "\"break\"");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good.as_bytes()[..good.len() / 2].to_vec()),
        ("empty", Vec::new()),
        ("not json", b"DROP TABLE matches;".to_vec()),
        ("not text", vec![0xff, 0xfe, 0x00, 0x01]),
        ("10 KB name", long_name.into_bytes()),
        ("control characters", control.into_bytes()),
        ("10 MB", huge.into_bytes()),
        ("impossible event", impossible.into_bytes()),
        (
            "unknown field",
            good.replacen('{', "{\"evil\": 1,", 1).into_bytes(),
        ),
        (
            "wrong format",
            good.replace(carom_core::FORMAT, "carambole-match/9")
                .into_bytes(),
        ),
    ];
    for (what, bytes) in cases {
        let err = s.import_match(&bytes, Utc::now()).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::File(_) | StoreError::TooLarge { .. } | StoreError::NotText
            ),
            "{what}: {err:?}"
        );
        assert_eq!(counts(&s), before, "{what} changed the database");
    }
    s.integrity_check().unwrap();
}

pub(super) fn sql_looking_names_are_stored_as_plain_text(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let evil = "Robert'); DROP TABLE matches;--";
    let text = finished_file([evil, "x' OR '1'='1"]);
    let imported = s.import_match(text.as_bytes(), Utc::now()).unwrap();
    let row = s.match_row(imported.id).unwrap();
    assert_eq!(row.players[0].name, evil);
    assert_eq!(s.players(Some("DROP")).unwrap().len(), 1);
}

pub(super) fn many_files_import_together_each_refused_one_on_its_own(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let a = finished_file(["A", "B"]);
    let c = finished_file(["C", "D"]);
    let files: Vec<&[u8]> = vec![a.as_bytes(), b"{".as_slice(), c.as_bytes(), a.as_bytes()];
    let results = s.import_matches(&files, Utc::now()).unwrap();
    assert!(results[0].is_ok() && results[2].is_ok());
    assert!(matches!(results[1], Err(StoreError::File(_))));
    assert!(matches!(results[3], Err(StoreError::Duplicate { .. })));
    assert_eq!(counts(&s).0, 2);
}

pub(super) fn the_history_tells_finished_from_unfinished_matches(place: &dyn Opener) {
    let mut s = place.open(DB).unwrap();
    let done = s
        .import_match(finished_file(["A", "B"]).as_bytes(), Utc::now())
        .unwrap()
        .id;
    let setup = MatchSetup::race(Discipline::Libre, TableSize::Match, ["C", "D"], 2);
    let open = s
        .create_match_with_setup(setup, chrono::Utc::now())
        .unwrap();
    let ids = |q: crate::HistoryQuery| -> Vec<i64> {
        s.history(&q)
            .unwrap()
            .matches
            .iter()
            .map(|m| m.id)
            .collect()
    };
    assert_eq!(
        ids(crate::HistoryQuery {
            unfinished: true,
            ..Default::default()
        }),
        vec![open]
    );
    assert_eq!(
        ids(crate::HistoryQuery {
            status: Some(MatchStatus::Finished),
            ..Default::default()
        }),
        vec![done]
    );
    assert_eq!(ids(crate::HistoryQuery::default()), vec![open, done]);
}
