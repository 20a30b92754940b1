//! The federation files read back against their column lists: every line, every field's
//! form, and every row against the game it comes from.

// A failed unwrap is the test's failure report, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::Path;

use carom_tournament::export::{dbu, ffb};
use carom_tournament::{Counted, TournamentFile};

fn fixture(name: &str) -> TournamentFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.json"));
    TournamentFile::parse(&fs::read_to_string(path).unwrap()).unwrap()
}

const EXPORTED: [&str; 7] = [
    "poule-of-5",
    "two-poules-then-final",
    "handicap-poule",
    "withdrawal",
    "draw-at-the-limit",
    "three-way-tie",
    "ties-within-ties",
];

/// Lines ended by CRLF, none left unended, no bare LF or CR.
fn crlf_lines(text: &str) -> Vec<&str> {
    assert!(
        text.is_empty() || text.ends_with("\r\n"),
        "last line unended"
    );
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    for l in &lines {
        assert!(!l.contains(['\r', '\n']), "a bare line break in {l:?}");
    }
    lines
}

fn int(s: &str) -> u64 {
    assert!(
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()),
        "not an integer: {s:?}"
    );
    s.parse().unwrap()
}

/// `points / innings` cut to three decimals with a decimal comma, computed here apart.
fn moy(points: u64, innings: u64) -> String {
    let t = (points * 1000).checked_div(innings).unwrap_or(0);
    format!("{},{:03}", t / 1000, t % 1000)
}

#[test]
fn the_ffb_file_reads_back_as_its_20_columns() {
    assert_eq!(ffb::COLUMNS.len(), 20);
    let mut modes = std::collections::BTreeSet::new();
    for name in EXPORTED {
        let t = fixture(name);
        let text = t.ffb_e2i().unwrap();
        let body = text
            .strip_prefix('\u{feff}')
            .expect("UTF-8 byte order mark");
        let lines = crlf_lines(body);
        let header: Vec<&str> = lines[0].split(';').collect();
        assert_eq!(header, ffb::COLUMNS, "{name}");
        let games = t.exported_games().unwrap();
        assert_eq!(lines.len() - 1, games.len(), "{name}: one row per game");
        let date = t.date.format("%d/%m/%Y").to_string();
        for (line, g) in lines[1..].iter().zip(&games) {
            let f: Vec<&str> = line.split(';').collect();
            assert_eq!(f.len(), 20, "{name}: {line}");
            assert!(["1", "6", "7", "8"].contains(&f[0]), "{line}");
            assert_eq!(f[1], date);
            assert_eq!(f[1].len(), 10);
            assert_eq!(f[2], g.game.table.as_deref().unwrap_or(""));
            for (side, base) in [(0, 4), (1, 11)] {
                let e = &t.players[g.players[side]];
                assert_eq!(f[base], e.licence.as_deref().unwrap_or(""));
                assert_eq!(f[base + 1], e.name.to_uppercase());
                assert_eq!(f[base + 1], f[base + 1].to_uppercase());
                let (pts, rep, ser) = (int(f[base + 2]), int(f[base + 3]), int(f[base + 4]));
                match g.counted {
                    Counted::Played(fig, _) => {
                        assert_eq!(pts, u64::from(fig[side].points));
                        assert_eq!(rep, u64::from(fig[side].innings));
                        assert_eq!(ser, u64::from(fig[side].high_run));
                    }
                    Counted::Forfeit(_) => assert_eq!((pts, rep, ser), (0, 0, 0)),
                }
                assert!(int(f[base + 5]) <= 2);
                assert_eq!(f[base + 6], moy(pts, rep), "{line}");
            }
            assert_eq!(
                int(f[9]) + int(f[16]),
                2,
                "{line}: match points of one game"
            );
            assert_eq!(f[18], "");
            assert_eq!(f[19], ffb::mode(t.discipline));
            assert!(["Libre", "1 Bande", "3 Bandes", "Cadre"].contains(&f[19]));
            modes.insert(f[19].to_owned());
        }
    }
    assert_eq!(
        modes.len(),
        3,
        "{modes:?}: Libre, 3 Bandes and Cadre are exported"
    );
}

#[test]
fn the_dbu_file_reads_back_as_its_13_fields() {
    assert_eq!(dbu::FIELDS.len(), 13);
    for name in EXPORTED.iter().chain(&["knock-out-of-10"]) {
        let t = fixture(name);
        if t.players.iter().any(|p| p.licence.is_none()) {
            // The three-way tie's players have no licence: no ClubCloud file.
            assert!(t.dbu_clubcloud().is_err(), "{name}");
            continue;
        }
        let text = t.dbu_clubcloud().unwrap();
        assert!(!text.starts_with('\u{feff}'));
        let lines = crlf_lines(&text);
        let played: Vec<_> = t
            .exported_games()
            .unwrap()
            .into_iter()
            .filter(|g| matches!(g.counted, Counted::Played(..)))
            .collect();
        assert_eq!(
            lines.len(),
            played.len(),
            "{name}: one line per game played, no header"
        );
        let date = t.date.format("%d.%m.%Y").to_string();
        for (line, g) in lines.iter().zip(&played) {
            let f: Vec<&str> = line.split(';').collect();
            assert_eq!(f.len(), 13, "{name}: {line}");
            assert!(!f[0].is_empty());
            assert_eq!(int(f[1]) as usize, g.number);
            assert_eq!(f[2], "1");
            for side in 0..2 {
                assert_eq!(
                    Some(f[3 + side]),
                    t.players[g.players[side]].licence.as_deref()
                );
            }
            let Counted::Played(fig, _) = g.counted else {
                unreachable!()
            };
            let nums: Vec<u64> = f[5..11].iter().map(|s| int(s)).collect();
            let want: Vec<u64> = [
                fig[0].points,
                fig[1].points,
                fig[0].innings,
                fig[1].innings,
                fig[0].high_run,
                fig[1].high_run,
            ]
            .into_iter()
            .map(u64::from)
            .collect();
            assert_eq!(nums, want, "{line}");
            assert_eq!(f[11], date);
            let (h, m) = f[12].split_once(':').unwrap();
            assert_eq!((h.len(), m.len()), (2, 2));
            assert!(int(h) < 24 && int(m) < 60);
        }
    }
}
