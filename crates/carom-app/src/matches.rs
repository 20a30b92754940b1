//! Matches: starting from a full set-up, opening, playing, the matches to resume, the
//! names for the form's type-ahead, the scoreboard window.

use carom_api::{
    Applied, Error, ErrorCode, FormField, ListMatches, MatchRow, OpenMatch, OpenScoreboard,
    OpenedMatch, Play, PlayerNames, ResumeItem, StartMatch, Started, UnfinishedMatches,
};
use carom_core::{ByPlayer, MatchSetup, Player};
use carom_store::{same_player, Seen, Store};

use crate::errors::{at, setup_error, OrStoreError};
use crate::{rows, App};

/// The same person cannot play both sides of a match: refused when the two players would
/// be one player of the store (the store's own comparison: trimmed name and club).
///
/// # Errors
/// [`ErrorCode::SamePlayerBothSides`] about the second player's name.
fn refuse_same_player(setup: &MatchSetup) -> Result<(), Error> {
    if same_player(&setup.players[Player::A], &setup.players[Player::B]) {
        return Err(at(ErrorCode::SamePlayerBothSides, FormField::PlayerBName));
    }
    Ok(())
}

/// Points of the whole match per player, as lists show them; `None` when its log does
/// not replay (the match is still listed).
pub(crate) fn points(store: &mut Store, id: i64) -> Option<ByPlayer<u32>> {
    let view = store.match_view(id).ok()?;
    Some(view.players.map(|p| p.total_points))
}

impl App {
    /// The stored matches, newest first (the last 200).
    ///
    /// # Errors
    /// The store's.
    pub fn list_matches(&self, _: ListMatches) -> Result<Vec<MatchRow>, Error> {
        self.db.with(|store| {
            let records = store.list_matches(200).or_store()?;
            Ok(records
                .into_iter()
                .map(|r| {
                    let points = points(store, r.id);
                    rows::match_row(r, points)
                })
                .collect())
        })
    }

    /// Checks the full set-up through the core and stores the new match.
    ///
    /// # Errors
    /// The core's set-up error naming the form field, [`ErrorCode::SamePlayerBothSides`]
    /// at the second player's name, or the store's.
    pub fn start_match(&self, req: StartMatch) -> Result<Started, Error> {
        let mut setup = req.setup;
        for (_, p) in setup.players.iter_mut() {
            p.name = p.name.trim().to_owned();
        }
        if let Err(e) = setup.validate() {
            return Err(setup_error(&e));
        }
        refuse_same_player(&setup)?;
        let now = self.services.clock.now();
        self.db.with(|store| {
            let id = store.create_match_with_setup(setup, now).or_store()?;
            Ok(Started { id })
        })
    }

    /// A stored match: its set-up and every event, to replay with the same core.
    ///
    /// # Errors
    /// [`ErrorCode::MatchNotFound`], or the store's.
    pub fn open_match(&self, req: OpenMatch) -> Result<OpenedMatch, Error> {
        self.db.with(|store| {
            let m = store.load_match(req.id).or_store()?;
            let locked = store.match_row(req.id).or_store()?.locked;
            Ok(OpenedMatch {
                id: req.id,
                setup: m.setup().clone(),
                events: m.events().to_vec(),
                locked,
            })
        })
    }

    /// Applies a referee action: refused when the screen that sent it was out of date
    /// (a late tap after a change of turn credits nobody); otherwise checked by the core
    /// and committed by the store before the answer.
    ///
    /// # Errors
    /// [`ErrorCode::TurnChanged`], [`ErrorCode::StaleAction`], the core's refusal
    /// ([`ErrorCode::Rules`]), or the store's.
    pub fn play(&self, req: Play) -> Result<Applied, Error> {
        let now = self.services.clock.now();
        let seen = Seen {
            events: req.expected_seq,
            at_table: req.player,
        };
        self.db.with(|store| {
            // Checked against the committed match inside the append's transaction.
            let after = store.append_seen(req.id, req.event, seen, now).or_store()?;
            Ok(Applied {
                events: u64::try_from(after.events().len()).unwrap_or(u64::MAX),
            })
        })
    }

    /// Every unfinished match, newest first, rebuilt from its log.
    ///
    /// # Errors
    /// The store's.
    pub fn unfinished_matches(&self, _: UnfinishedMatches) -> Result<Vec<ResumeItem>, Error> {
        self.db.with(|store| {
            let list = store.unfinished_matches().or_store()?;
            Ok(list
                .into_iter()
                .map(|m| {
                    let players = m.view.players.as_ref();
                    ResumeItem {
                        id: m.row.id,
                        discipline: m.view.discipline,
                        names: players.map(|p| p.name.clone()),
                        scores: players.map(|p| p.score),
                        phase: m.view.phase,
                        at_table: m.view.at_table,
                        current_run: m.view.current_run,
                    }
                })
                .collect())
        })
    }

    /// Names for the new-match form's type-ahead: the roster, then everyone who played
    /// here, each once (whatever the case).
    ///
    /// # Errors
    /// The store's.
    pub fn player_names(&self, _: PlayerNames) -> Result<Vec<String>, Error> {
        self.db.with(|store| {
            let mut names: Vec<String> = store
                .players(None)
                .or_store()?
                .into_iter()
                .map(|p| p.name)
                .collect();
            for m in store.list_matches(500).or_store()? {
                names.extend(m.players.into_iter().map(|p| p.name));
            }
            let mut seen = std::collections::BTreeSet::new();
            names.retain(|n| seen.insert(n.to_lowercase()));
            Ok(names)
        })
    }

    /// Opens the spectator scoreboard of a match in a window of its own.
    ///
    /// # Errors
    /// The platform's, when the window cannot be made.
    pub fn open_scoreboard(&self, req: OpenScoreboard) -> Result<(), Error> {
        self.services
            .windows
            .open_scoreboard(req.id)
            .map_err(Error::from)
    }
}
