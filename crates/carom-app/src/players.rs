//! The roster: players listed, added, changed, merged; a player's matches; the club
//! roster's conflicts, listed and resolved.

use carom_api::{
    AddPlayer, Error, ErrorCode, HistoryPage, ListPlayers, MergePlayers, Merged, PlayerMatches,
    ResolveRosterConflict, RosterConflict, RosterConflicts, RosterPick, RosterPlayer, UpdatePlayer,
};

use crate::errors::OrStoreError;
use crate::{rows, App};

/// Matches per page of a player's match list.
const MATCHES_PER_PAGE: u32 = 20;

impl App {
    /// Players whose name contains `search` (all without), by name.
    ///
    /// # Errors
    /// The store's.
    pub fn list_players(&self, req: ListPlayers) -> Result<Vec<RosterPlayer>, Error> {
        self.db
            .with(|store| {
                store
                    .players(req.search.as_deref().map(str::trim))
                    .or_store()
            })
            .map(|players| players.into_iter().map(rows::player).collect())
    }

    /// Adds a player (or updates the one with the same name and club); answers him.
    ///
    /// # Errors
    /// [`ErrorCode::NameEmpty`] and the other checks of the form, or the store's.
    pub fn add_player(&self, req: AddPlayer) -> Result<RosterPlayer, Error> {
        let at = self.services.clock.now();
        self.db.with(|store| {
            let id = store
                .save_player(&rows::player_fields(&req.info), at)
                .or_store()?;
            store
                .player(id)
                .or_store()?
                .map(rows::player)
                .ok_or_else(|| ErrorCode::PlayerNotFound { id }.into())
        })
    }

    /// Changes a player's name, club, licence number and notes.
    ///
    /// # Errors
    /// [`ErrorCode::PlayerNotFound`], [`ErrorCode::PlayerDuplicate`], the form's checks.
    pub fn update_player(&self, req: UpdatePlayer) -> Result<RosterPlayer, Error> {
        self.db
            .with(|store| {
                store
                    .update_player(req.id, &rows::player_fields(&req.info))
                    .or_store()
            })
            .map(rows::player)
    }

    /// Merges player `merged` into player `kept`.
    ///
    /// # Errors
    /// [`ErrorCode::PlayerNotFound`], [`ErrorCode::PlayerMergeSame`], or the store's.
    pub fn merge_players(&self, req: MergePlayers) -> Result<Merged, Error> {
        self.db
            .with(|store| store.merge_players(req.kept, req.merged).or_store())
            .map(rows::merged)
    }

    /// A page of a player's matches, newest first.
    ///
    /// # Errors
    /// [`ErrorCode::PlayerNotFound`], or the store's.
    pub fn player_matches(&self, req: PlayerMatches) -> Result<HistoryPage, Error> {
        self.db
            .with(|store| {
                store
                    .player_matches(req.id, req.page, MATCHES_PER_PAGE)
                    .or_store()
            })
            .map(rows::history_page)
    }

    /// The club roster's conflicts not resolved yet (found here, or shown by the club).
    ///
    /// # Errors
    /// The store's.
    pub fn roster_conflicts(&self, _: RosterConflicts) -> Result<Vec<RosterConflict>, Error> {
        self.db
            .with(|store| store.roster_conflicts().or_store())
            .map(|all| all.into_iter().map(rows::roster_conflict).collect())
    }

    /// Resolves the conflict about player `uid` with the value picked: the player takes
    /// it here at once; the club's sync writes it into the roster over the conflict's
    /// revision and removes the conflict from every device.
    ///
    /// # Errors
    /// [`ErrorCode::RosterConflictNotFound`] (resolved meanwhile), the form's checks for
    /// an edited value, [`ErrorCode::PlayerDuplicate`], or the store's.
    pub fn resolve_roster_conflict(
        &self,
        req: ResolveRosterConflict,
    ) -> Result<RosterPlayer, Error> {
        let at = self.services.clock.now();
        self.db
            .with(|store| {
                let open = store.roster_conflict(&req.uid).or_store()?;
                let keep = match &req.keep {
                    RosterPick::Roster => open.roster,
                    RosterPick::Lost => open.lost,
                    RosterPick::Edited(info) => rows::player_fields(info),
                };
                store
                    .resolve_roster_conflict(&req.uid, &keep, at)
                    .or_store()
            })
            .map(rows::player)
    }
}
