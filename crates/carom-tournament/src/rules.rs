//! The rule sets of the standings, and how one game ends under the tournament's set-up.

use crate::file::{Figures, GameResult, TournamentFile};
pub use crate::kinds::RuleSet;

/// What happens to a withdrawn player's games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Withdrawal {
    /// The games he played stand; each game left is lost by forfeit (2 match points to
    /// the opponent, no points or innings to either).
    ForfeitRemaining,
    /// Every game of his in the phase is annulled, for him and his opponents; he is
    /// ranked last of his poule.
    AnnulAll,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 4] = [RuleSet::Ffb, RuleSet::Dbu, RuleSet::Umb, RuleSet::Handicap];

    /// The identifier of the file and the CLI (`ffb`, `dbu`, `umb`, `handicap`).
    pub const fn id(self) -> &'static str {
        match self {
            RuleSet::Ffb => "ffb",
            RuleSet::Dbu => "dbu",
            RuleSet::Umb => "umb",
            RuleSet::Handicap => "handicap",
        }
    }

    /// The rule set named `id`.
    pub fn from_id(id: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.id() == id)
    }

    /// What a withdrawal does under this rule set (see `docs/tournament-file.md`,
    /// "Withdrawal", for the sources and what is unsure).
    pub const fn withdrawal(self) -> Withdrawal {
        match self {
            RuleSet::Umb => Withdrawal::AnnulAll,
            RuleSet::Ffb | RuleSet::Dbu | RuleSet::Handicap => Withdrawal::ForfeitRemaining,
        }
    }
}

/// How a game ended, from the point of view of its players in [`crate::Game::players`]
/// order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameOutcome {
    /// Player 0 or 1 won.
    Won(usize),
    /// A draw (both reached their distance with the equalizing inning, or equal at the
    /// innings limit).
    Drawn,
}

impl GameOutcome {
    /// Match points of side `s`: 2 won, 1 drawn, 0 lost.
    pub fn match_points(self, s: usize) -> u32 {
        match self {
            GameOutcome::Won(w) if w == s => 2,
            GameOutcome::Won(_) => 0,
            GameOutcome::Drawn => 1,
        }
    }
}

/// A result as the standings count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Counted {
    /// Played: both players' figures and how it ended (before any knock-out tie-break).
    Played([Figures; 2], GameOutcome),
    /// Lost by forfeit by side `0` or `1`.
    Forfeit(usize),
}

impl Counted {
    /// How it ended, counting a forfeit as a win of the other side.
    pub fn outcome(self) -> GameOutcome {
        match self {
            Counted::Played(_, o) => o,
            Counted::Forfeit(l) => GameOutcome::Won(1 - l.min(1)),
        }
    }
}

/// How a game with these figures ended between players of distances `d` under the
/// tournament's set-up: a player who reached his distance alone won; both reached (the
/// equalizing inning) is a draw; neither (the innings limit) is won by the larger share
/// of his own distance, points against points when the distances are equal, and equal
/// shares are a draw. Shares are compared as cross-multiplied integers.
pub fn outcome_of(f: [Figures; 2], d: [u32; 2]) -> GameOutcome {
    let reached = [f[0].points >= d[0], f[1].points >= d[1]];
    match reached {
        [true, true] => GameOutcome::Drawn,
        [true, false] => GameOutcome::Won(0),
        [false, true] => GameOutcome::Won(1),
        [false, false] => {
            let a = u64::from(f[0].points) * u64::from(d[1]);
            let b = u64::from(f[1].points) * u64::from(d[0]);
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => GameOutcome::Won(0),
                std::cmp::Ordering::Less => GameOutcome::Won(1),
                std::cmp::Ordering::Equal => GameOutcome::Drawn,
            }
        }
    }
}

impl TournamentFile {
    /// How a checked result counts between `players`; `None` when it has no figures
    /// yet (a match id to fill, see [`TournamentFile::fill_figures`]).
    pub fn counted(&self, players: [usize; 2], r: &GameResult) -> Option<Counted> {
        if let Some(l) = r.forfeit {
            return Some(Counted::Forfeit(l));
        }
        let f = [r.figures(0)?, r.figures(1)?];
        let d = [self.distance_of(players[0]), self.distance_of(players[1])];
        Some(Counted::Played(f, outcome_of(f, d)))
    }
}
