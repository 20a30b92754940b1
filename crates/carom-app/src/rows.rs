//! The store's rows as the wire carries them: one function per row type, from
//! carom-store's own types to carom-api's. Every store row is taken apart field by field
//! (no `..`), so a field added on either side does not compile until it is mapped here.
//!
//! Public only for the headless CLI's `stats` and `ranking`, which still query the store
//! themselves (issue 29: they are to go through [`crate::App`] like the window).

use carom_api::{
    DisciplineStats, HeadToHead, HistoryPage, MatchLine, MatchPlayer, MatchRow, Merged, Player,
    PlayerInfo, PlayerStats, Ranking, RankingQuery, RankingRow, TargetSuggestion,
};
use carom_store::{
    DisciplineFigures, MatchEntrant, MatchFigures, MatchPage, MatchRecord, MergedPlayers,
    OpponentRecord, PlayerFields, PlayerFigures, PlayerRecord, RankedPlayer, RankingScope,
    RankingTable, SuggestedTarget,
};

/// A roster player.
pub fn player(r: PlayerRecord) -> Player {
    let PlayerRecord {
        id,
        name,
        club,
        licence,
        notes,
    } = r;
    Player {
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

/// A player of a match as the store takes him.
pub fn match_entrant(p: &MatchPlayer) -> MatchEntrant {
    let MatchPlayer { name, target } = p;
    MatchEntrant {
        name: name.clone(),
        target: *target,
    }
}

/// A stored match; `points` are the whole match's, per player, when the caller replayed
/// its log (the store does not).
pub fn match_row(r: MatchRecord, points: Option<[u32; 2]>) -> MatchRow {
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
        players: players.map(match_player),
        status,
        created_at,
        updated_at,
        finished_at,
        player_ids,
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

fn match_line(l: MatchFigures) -> MatchLine {
    let MatchFigures {
        match_id,
        played_on,
        opponent_id,
        points,
        innings,
        average,
        high_run,
        outcome,
    } = l;
    MatchLine {
        match_id,
        played_on,
        opponent_id,
        points,
        innings,
        average,
        high_run,
        outcome,
    }
}

fn head_to_head(o: OpponentRecord) -> HeadToHead {
    let OpponentRecord {
        opponent_id,
        opponent,
        matches,
        won,
        drawn,
        lost,
        points,
        innings,
        general_average,
    } = o;
    HeadToHead {
        opponent_id,
        opponent,
        matches,
        won,
        drawn,
        lost,
        points,
        innings,
        general_average,
    }
}

fn discipline_stats(d: DisciplineFigures) -> DisciplineStats {
    let DisciplineFigures {
        discipline,
        matches,
        won,
        drawn,
        lost,
        points,
        innings,
        general_average,
        best_game_average,
        high_run,
        innings_per_match_thousandths,
        runs,
        form,
        form_average,
        head_to_head: opponents,
        match_lines,
        trend,
        handicap_target,
    } = d;
    DisciplineStats {
        discipline,
        matches,
        won,
        drawn,
        lost,
        points,
        innings,
        general_average,
        best_game_average,
        high_run,
        innings_per_match_thousandths,
        runs,
        form,
        form_average,
        head_to_head: opponents.into_iter().map(head_to_head).collect(),
        match_lines: match_lines.into_iter().map(match_line).collect(),
        trend,
        handicap_target,
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
        disciplines: disciplines.into_iter().map(discipline_stats).collect(),
    }
}

/// The ranking asked for, as the store takes it.
pub fn ranking_scope(q: &RankingQuery) -> RankingScope {
    let RankingQuery {
        discipline,
        from,
        until,
        club,
    } = q;
    RankingScope {
        discipline: *discipline,
        from: *from,
        until: *until,
        club: club.clone(),
    }
}

fn ranking_query(s: RankingScope) -> RankingQuery {
    let RankingScope {
        discipline,
        from,
        until,
        club,
    } = s;
    RankingQuery {
        discipline,
        from,
        until,
        club,
    }
}

fn ranking_row(r: RankedPlayer) -> RankingRow {
    let RankedPlayer {
        rank,
        player_id,
        name,
        club,
        matches,
        won,
        drawn,
        lost,
        points,
        innings,
        general_average,
        best_game_average,
        high_run,
        handicap_target,
    } = r;
    RankingRow {
        rank,
        player_id,
        name,
        club,
        matches,
        won,
        drawn,
        lost,
        points,
        innings,
        general_average,
        best_game_average,
        high_run,
        handicap_target,
    }
}

/// The club ranking.
pub fn ranking(t: RankingTable) -> Ranking {
    let RankingTable {
        scope,
        handicap,
        rows,
    } = t;
    Ranking {
        query: ranking_query(scope),
        handicap,
        rows: rows.into_iter().map(ranking_row).collect(),
    }
}

/// A suggested distance.
pub fn target_suggestion(s: SuggestedTarget) -> TargetSuggestion {
    let SuggestedTarget {
        player_id,
        target,
        average,
        matches,
    } = s;
    TargetSuggestion {
        player_id,
        target,
        average,
        matches,
    }
}
