//! The store's rows as the wire carries them: one function per row type, from
//! carom-store's own types to carom-api's. The statistics' figures need none: they are
//! the core's types (`carom_core::figures`), which the store fills and the wire carries. Every store row is taken apart field by field
//! (no `..`), so a field added on either side does not compile until it is mapped here.

use carom_api::{
    HistoryPage, MatchPlayer, MatchRow, Merged, PlayerInfo, PlayerStats, RosterConflict,
    RosterPlayer,
};
use carom_core::ByPlayer;
use carom_store::{
    MatchEntrant, MatchPage, MatchRecord, MergedPlayers, PlayerFields, PlayerFigures, PlayerRecord,
    StoredRosterConflict,
};

/// A roster player.
pub fn player(r: PlayerRecord) -> RosterPlayer {
    let PlayerRecord {
        id,
        name,
        club,
        licence,
        notes,
    } = r;
    RosterPlayer {
        id,
        name,
        club,
        licence,
        notes,
    }
}

/// The player form, as the store takes it.
pub fn player_fields(info: &PlayerInfo) -> PlayerFields {
    let PlayerInfo {
        name,
        club,
        licence,
        notes,
    } = info;
    PlayerFields {
        name: name.clone(),
        club: club.clone(),
        licence: licence.clone(),
        notes: notes.clone(),
    }
}

/// A player's fields as the wire carries them.
pub fn player_info(fields: PlayerFields) -> PlayerInfo {
    let PlayerFields {
        name,
        club,
        licence,
        notes,
    } = fields;
    PlayerInfo {
        name,
        club,
        licence,
        notes,
    }
}

/// A roster conflict.
pub fn roster_conflict(c: StoredRosterConflict) -> RosterConflict {
    let StoredRosterConflict {
        uid,
        device,
        lost,
        roster,
        revision,
        found_at,
    } = c;
    RosterConflict {
        uid,
        device,
        lost: player_info(lost),
        roster: player_info(roster),
        revision,
        found_at,
    }
}

/// Two players merged.
pub fn merged(m: MergedPlayers) -> Merged {
    let MergedPlayers {
        player: kept,
        matches_moved,
    } = m;
    Merged {
        player: player(kept),
        matches_moved,
    }
}

/// A player of a stored match.
pub fn match_player(e: MatchEntrant) -> MatchPlayer {
    let MatchEntrant { name, target } = e;
    MatchPlayer { name, target }
}

/// A stored match; `points` are the whole match's, per player, when the caller replayed
/// its log (the store does not).
pub fn match_row(r: MatchRecord, points: Option<ByPlayer<u32>>) -> MatchRow {
    let MatchRecord {
        id,
        discipline,
        players,
        status,
        created_at,
        updated_at,
        finished_at,
        player_ids,
        events,
        device,
        deleted_at,
        locked,
    } = r;
    MatchRow {
        id,
        discipline,
        players: ByPlayer::from(players).map(match_player),
        status,
        created_at,
        updated_at,
        finished_at,
        player_ids: player_ids.into(),
        events,
        device,
        deleted_at,
        locked,
        points,
    }
}

/// A page of a player's matches, without their scores.
pub fn history_page(p: MatchPage) -> HistoryPage {
    let MatchPage {
        matches,
        page,
        has_more,
    } = p;
    HistoryPage {
        matches: matches.into_iter().map(|m| match_row(m, None)).collect(),
        page,
        has_more,
    }
}

/// A player's statistics.
pub fn player_stats(s: PlayerFigures) -> PlayerStats {
    let PlayerFigures {
        player: record,
        handicap,
        disciplines,
    } = s;
    PlayerStats {
        player: player(record),
        handicap,
        disciplines,
    }
}
