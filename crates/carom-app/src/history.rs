//! The history and its search, and the trash.

use carom_api::{
    Error, ErrorCode, FormField, History, HistoryEntry, HistoryScreenPage, HistorySearch,
    RestoreFromTrash, StatusFilter, TrashMatch,
};
use carom_core::{ByPlayer, MatchStatus};
use carom_store::{HistoryQuery, Store};
use chrono::NaiveDate;

use crate::errors::{at, OrStoreError};
use crate::{rows, App};

/// Matches per history page when the UI does not say.
const PAGE_SIZE: u32 = 20;

/// A day typed as `YYYY-MM-DD`, or nothing when empty.
fn parse_day(raw: &str, field: FormField) -> Result<Option<NaiveDate>, Error> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| at(ErrorCode::HistoryDate, field))
}

/// The search as the store's query, every field checked.
fn query(s: &HistorySearch) -> Result<HistoryQuery, Error> {
    let from = parse_day(&s.from, FormField::HistoryFrom)?;
    let until = parse_day(&s.until, FormField::HistoryUntil)?;
    if let (Some(f), Some(u)) = (from, until) {
        if f > u {
            return Err(at(ErrorCode::HistoryDateOrder, FormField::HistoryUntil));
        }
    }
    let (status, unfinished) = match s.status {
        StatusFilter::All => (None, false),
        StatusFilter::Unfinished => (None, true),
        StatusFilter::Finished => (Some(MatchStatus::Finished), false),
    };
    let player = Some(s.player.trim().to_owned()).filter(|p| !p.is_empty());
    Ok(HistoryQuery {
        player,
        discipline: s.discipline,
        from,
        until,
        status,
        unfinished,
        trash: s.trash,
        page: s.page,
        page_size: if s.page_size == 0 {
            PAGE_SIZE
        } else {
            s.page_size
        },
        ..HistoryQuery::default()
    })
}

fn page(store: &mut Store, q: &HistoryQuery) -> Result<HistoryScreenPage, Error> {
    let page = store.history(q).or_store()?;
    let entries = page
        .matches
        .into_iter()
        .map(|row| {
            // A match whose log does not replay is still listed, without its score.
            let view = store.match_view(row.id).ok();
            let points = view
                .as_ref()
                .map(|v| v.players.as_ref().map(|p| p.total_points));
            let sets = view
                .as_ref()
                .filter(|v| v.set.is_some())
                .map(|v| v.players.as_ref().map(|p| p.sets_won));
            let winner =
                view.as_ref()
                    .and_then(|v| v.result.as_ref())
                    .and_then(|r| match r.winner {
                        carom_core::Winner::Player(p) => Some(p),
                        carom_core::Winner::Draw => None,
                    });
            HistoryEntry {
                id: row.id,
                discipline: row.discipline,
                players: ByPlayer::from(row.players).map(rows::match_player),
                status: row.status,
                created_at: row.created_at,
                finished_at: row.finished_at,
                deleted_at: row.deleted_at,
                locked: row.locked,
                points,
                sets,
                winner,
            }
        })
        .collect();
    Ok(HistoryScreenPage {
        entries,
        page: page.page,
        has_more: page.has_more,
        in_trash: store.trash_count().or_store()?,
    })
}

impl App {
    /// One page of the history (or of the trash), searched by player, discipline,
    /// dates and status, newest first, each match with its score.
    ///
    /// # Errors
    /// [`ErrorCode::HistoryDate`], [`ErrorCode::HistoryDateOrder`] naming the field, or
    /// the store's.
    pub fn history(&self, req: History) -> Result<HistoryScreenPage, Error> {
        let q = query(&req.request)?;
        self.db.with(|store| page(store, &q))
    }

    /// Puts a match in the trash; it can be restored until the next backup. A signed
    /// match is an official record: it goes only with a second, explicit confirmation.
    ///
    /// # Errors
    /// [`ErrorCode::SignedDeleteUnconfirmed`] for a signed match without
    /// `confirm_signed`, [`ErrorCode::MatchNotFound`], [`ErrorCode::MatchInTrash`], or
    /// the store's.
    pub fn trash_match(&self, req: TrashMatch) -> Result<(), Error> {
        let at = self.services.clock.now();
        self.db.with(|store| {
            let row = store.match_row(req.match_id).or_store()?;
            if row.locked && !req.confirm_signed {
                return Err(ErrorCode::SignedDeleteUnconfirmed { id: row.id }.into());
            }
            store.trash_match(req.match_id, at).or_store()
        })
    }

    /// Takes a match back out of the trash.
    ///
    /// # Errors
    /// [`ErrorCode::MatchNotFound`], [`ErrorCode::MatchNotInTrash`], or the store's.
    pub fn restore_from_trash(&self, req: RestoreFromTrash) -> Result<(), Error> {
        self.db
            .with(|store| store.restore_from_trash(req.match_id).or_store())
    }
}
