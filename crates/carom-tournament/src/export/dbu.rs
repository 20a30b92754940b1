//! The DBU's ClubCloud upload file: `;`-separated, no header, 13 fields
//! `GROUP;GAME;SET;P1-ID;P2-ID;PTS1;PTS2;INN1;INN2;HS1;HS2;dd.mm.yyyy;HH:MM`, UTF-8
//! without a byte order mark, CRLF line ends.

use super::{plain, Exported, Group};
use crate::error::{Error, ErrorCode};
use crate::file::TournamentFile;
use crate::rules::Counted;

/// The 13 fields, in order (the file has no header; these name them for the tests).
pub const FIELDS: [&str; 13] = [
    "GROUP",
    "GAME",
    "SET",
    "P1-ID",
    "P2-ID",
    "PTS1",
    "PTS2",
    "INN1",
    "INN2",
    "HS1",
    "HS2",
    "dd.mm.yyyy",
    "HH:MM",
];

impl TournamentFile {
    /// The ClubCloud file of every game played (forfeits are not in it: the file has no
    /// field for one).
    ///
    /// # Errors
    /// [`ErrorCode::LicenceMissing`] at a player without a licence (his ClubCloud id);
    /// [`ErrorCode::TimeMissing`] at a game without a time when the tournament has none;
    /// [`ErrorCode::SeparatorInField`] at a licence or poule name holding `;`;
    /// [`ErrorCode::FiguresMissing`] as [`TournamentFile::exported_games`].
    pub fn dbu_clubcloud(&self) -> Result<String, Error> {
        let date = self.date.format("%d.%m.%Y").to_string();
        let mut out = String::new();
        for e in self.exported_games()? {
            let Counted::Played(f, _) = e.counted else {
                continue;
            };
            out.push_str(&self.dbu_row(&e, f, &date)?.join(";"));
            out.push_str("\r\n");
        }
        Ok(out)
    }

    fn dbu_row(
        &self,
        e: &Exported<'_>,
        f: [crate::file::Figures; 2],
        date: &str,
    ) -> Result<Vec<String>, Error> {
        let group = match e.group {
            Group::Poule(name) => plain(name, &format!("{}.name", e.path()))?.to_owned(),
            Group::Round(r) => r.id().to_owned(),
        };
        let mut ids = Vec::new();
        for p in e.players {
            let at = format!("players[{p}].licence");
            let l = self
                .players
                .get(p)
                .and_then(|x| x.licence.as_deref())
                .ok_or_else(|| Error::at(ErrorCode::LicenceMissing, at.clone()))?;
            ids.push(plain(l, &at)?.to_owned());
        }
        let time = e
            .game
            .time
            .or(self.time)
            .ok_or_else(|| Error::at(ErrorCode::TimeMissing, format!("{}.time", e.path())))?;
        let [a, b] = f;
        let mut row = vec![group, e.number.to_string(), "1".to_owned()];
        row.extend(ids);
        for n in [
            a.points, b.points, a.innings, b.innings, a.high_run, b.high_run,
        ] {
            row.push(n.to_string());
        }
        row.push(date.to_owned());
        row.push(time.to_string());
        Ok(row)
    }
}
