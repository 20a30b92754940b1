//! The FFB's E2i import file: `;`-separated, a header row, UTF-8 with a byte order mark,
//! CRLF line ends, dates `dd/mm/yyyy`, decimal comma, names in capitals, 20 columns.

use carom_core::{Average, AverageRule, Discipline};

use super::{plain, Exported, Group};
use crate::error::{Error, ErrorCode};
use crate::file::{RoundKind, TournamentFile};
use crate::rules::{Counted, GameOutcome};

/// The 20 columns, in order.
pub const COLUMNS: [&str; 20] = [
    "No Phase",
    "Date match",
    "Billard",
    "Poule",
    "Licence J1",
    "Joueur 1",
    "Pts J1",
    "Rep J1",
    "Ser J1",
    "Pts Match J1",
    "Moy J1",
    "Licence J2",
    "Joueur 2",
    "Pts J2",
    "Rep J2",
    "Ser J2",
    "Pts Match J2",
    "Moy J2",
    "NOMBD",
    "Mode de jeu",
];

/// The E2i name of a discipline's game mode.
pub const fn mode(d: Discipline) -> &'static str {
    match d {
        Discipline::Libre => "Libre",
        Discipline::OneCushion => "1 Bande",
        Discipline::ThreeCushion => "3 Bandes",
        Discipline::Cadre47_2 | Discipline::Cadre47_1 | Discipline::Cadre71_2 => "Cadre",
    }
}

/// The phase code: 1 poules, 6 semi-finals, 7 third place, 8 final; the earlier
/// knock-out rounds have none known (see `docs/tournament-file.md`).
pub const fn phase_code(g: Group<'_>) -> Option<u8> {
    match g {
        Group::Poule(_) => Some(1),
        Group::Round(RoundKind::SemiFinal) => Some(6),
        Group::Round(RoundKind::ThirdPlace) => Some(7),
        Group::Round(RoundKind::Final) => Some(8),
        Group::Round(_) => None,
    }
}

/// An average with three decimals, cut, and a decimal comma: `12,345`.
fn comma(points: u64, innings: u64) -> String {
    Average::new(points, innings, AverageRule::Truncate)
        .to_decimal_string()
        .replace('.', ",")
}

impl TournamentFile {
    /// The E2i file of every game with a result.
    ///
    /// # Errors
    /// [`ErrorCode::FfbPhaseUnknown`] at a played round before the semi-finals;
    /// [`ErrorCode::SeparatorInField`] at a name, licence or table holding `;`;
    /// [`ErrorCode::FiguresMissing`] as [`TournamentFile::exported_games`].
    pub fn ffb_e2i(&self) -> Result<String, Error> {
        let mut out = String::from("\u{feff}");
        out.push_str(&COLUMNS.join(";"));
        out.push_str("\r\n");
        let date = self.date.format("%d/%m/%Y").to_string();
        for e in self.exported_games()? {
            out.push_str(&self.ffb_row(&e, &date)?.join(";"));
            out.push_str("\r\n");
        }
        Ok(out)
    }

    fn ffb_row(&self, e: &Exported<'_>, date: &str) -> Result<Vec<String>, Error> {
        let code = phase_code(e.group).ok_or_else(|| {
            let (i, j, _) = e.index_path;
            Error::at(
                ErrorCode::FfbPhaseUnknown,
                format!("phases[{i}].knock-out.rounds[{j}].round"),
            )
        })?;
        let table = match &e.game.table {
            Some(t) => plain(t, &format!("{}.table", e.path()))?.to_owned(),
            None => String::new(),
        };
        let poule = match e.group {
            Group::Poule(name) => plain(name, &format!("{}.name", e.path()))?.to_owned(),
            Group::Round(_) => String::new(),
        };
        let mut row = vec![code.to_string(), date.to_owned(), table, poule];
        let outcome = match e.counted {
            Counted::Played(_, GameOutcome::Drawn) => e
                .game
                .result
                .as_ref()
                .and_then(|r| r.tie_break)
                .map_or(GameOutcome::Drawn, GameOutcome::Won),
            c => c.outcome(),
        };
        for side in 0..2 {
            let p = e.players.get(side).copied().unwrap_or(0);
            let at = format!("players[{p}]");
            let entrant = self.players.get(p);
            let licence = entrant.and_then(|x| x.licence.as_deref()).unwrap_or("");
            let name = entrant.map_or("", |x| x.name.as_str());
            row.push(plain(licence, &format!("{at}.licence"))?.to_owned());
            row.push(plain(name, &format!("{at}.name"))?.to_uppercase());
            let f = match e.counted {
                Counted::Played(f, _) => f.get(side).copied(),
                Counted::Forfeit(_) => None,
            };
            let (pts, inn, hr) = f.map_or((0, 0, 0), |f| (f.points, f.innings, f.high_run));
            row.push(pts.to_string());
            row.push(inn.to_string());
            row.push(hr.to_string());
            row.push(outcome.match_points(side).to_string());
            row.push(comma(pts.into(), inn.into()));
        }
        row.push(String::new());
        row.push(mode(self.discipline).to_owned());
        Ok(row)
    }
}
