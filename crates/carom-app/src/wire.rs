//! The store's rows as they cross: the store keeps its own types (dates as dates, its
//! queries); these functions give the carom-api form of each.

use carom_api as api;
use carom_store as store;

/// A match's player.
pub(crate) fn match_player(p: store::NewPlayer) -> api::MatchPlayer {
    api::MatchPlayer {
        name: p.name,
        target: p.target,
    }
}

/// Where a match stands.
pub(crate) fn status(s: store::MatchStatus) -> api::MatchStatus {
    match s {
        store::MatchStatus::Setup => api::MatchStatus::Setup,
        store::MatchStatus::InProgress => api::MatchStatus::InProgress,
        store::MatchStatus::Finished => api::MatchStatus::Finished,
    }
}

/// A stored match as lists show it.
pub(crate) fn match_row(r: store::MatchRow) -> api::MatchRow {
    api::MatchRow {
        id: r.id,
        discipline: r.discipline,
        players: r.players.map(match_player),
        status: status(r.status),
        created_at: r.created_at,
        updated_at: r.updated_at,
        finished_at: r.finished_at,
        player_ids: r.player_ids,
        events: r.events,
        device: r.device,
        deleted_at: r.deleted_at,
        locked: r.locked,
    }
}

/// A page of matches.
pub(crate) fn history_page(p: store::HistoryPage) -> api::HistoryPage {
    api::HistoryPage {
        matches: p.matches.into_iter().map(match_row).collect(),
        page: p.page,
        has_more: p.has_more,
    }
}

/// A roster player.
pub(crate) fn player(p: store::Player) -> api::Player {
    api::Player {
        id: p.id,
        name: p.name,
        club: p.club,
        licence: p.licence,
        notes: p.notes,
    }
}

/// The player form, for the store.
pub(crate) fn player_info(p: api::PlayerInfo) -> store::PlayerInfo {
    store::PlayerInfo {
        name: p.name,
        club: p.club,
        licence: p.licence,
        notes: p.notes,
    }
}

/// Two players merged.
pub(crate) fn merged(m: store::Merged) -> api::Merged {
    api::Merged {
        player: player(m.player),
        matches_moved: m.matches_moved,
    }
}

/// The club's handicap rule.
pub(crate) fn handicap(h: store::HandicapRule) -> api::HandicapRule {
    api::HandicapRule {
        factor: h.factor,
        minimum: h.minimum,
    }
}

/// A suggested distance.
pub(crate) fn suggestion(s: store::TargetSuggestion) -> api::TargetSuggestion {
    api::TargetSuggestion {
        player_id: s.player_id,
        target: s.target,
        average: s.average,
        matches: s.matches,
    }
}

fn outcome(o: store::Outcome) -> api::Outcome {
    match o {
        store::Outcome::Won => api::Outcome::Won,
        store::Outcome::Drawn => api::Outcome::Drawn,
        store::Outcome::Lost => api::Outcome::Lost,
    }
}

fn day(d: chrono::NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn discipline_stats(d: store::DisciplineStats) -> api::DisciplineStats {
    api::DisciplineStats {
        discipline: d.discipline,
        matches: d.matches,
        won: d.won,
        drawn: d.drawn,
        lost: d.lost,
        points: d.points,
        innings: d.innings,
        general_average: d.general_average,
        best_game_average: d.best_game_average,
        high_run: d.high_run,
        innings_per_match_thousandths: d.innings_per_match_thousandths,
        runs: d
            .runs
            .into_iter()
            .map(|r| api::RunCount {
                run: r.run,
                count: r.count,
            })
            .collect(),
        form: d.form.into_iter().map(outcome).collect(),
        form_average: d.form_average,
        head_to_head: d
            .head_to_head
            .into_iter()
            .map(|h| api::HeadToHead {
                opponent_id: h.opponent_id,
                opponent: h.opponent,
                matches: h.matches,
                won: h.won,
                drawn: h.drawn,
                lost: h.lost,
                points: h.points,
                innings: h.innings,
                general_average: h.general_average,
            })
            .collect(),
        match_lines: d
            .match_lines
            .into_iter()
            .map(|l| api::MatchLine {
                match_id: l.match_id,
                played_on: day(l.played_on),
                opponent_id: l.opponent_id,
                points: l.points,
                innings: l.innings,
                average: l.average,
                high_run: l.high_run,
                outcome: l.outcome.map(outcome),
            })
            .collect(),
        trend: d.trend.map(|t| api::Trend {
            slope: t.slope,
            intercept: t.intercept,
        }),
        handicap_target: d.handicap_target,
    }
}

/// A player's statistics.
pub(crate) fn player_stats(s: store::PlayerStats) -> api::PlayerStats {
    api::PlayerStats {
        player: player(s.player),
        handicap: handicap(s.handicap),
        disciplines: s.disciplines.into_iter().map(discipline_stats).collect(),
    }
}

/// The club ranking.
pub(crate) fn ranking(r: store::Ranking) -> api::Ranking {
    api::Ranking {
        query: api::RankingQuery {
            discipline: r.query.discipline,
            from: r.query.from.map(day),
            until: r.query.until.map(day),
            club: r.query.club,
        },
        handicap: handicap(r.handicap),
        rows: r
            .rows
            .into_iter()
            .map(|r| api::RankingRow {
                rank: r.rank,
                player_id: r.player_id,
                name: r.name,
                club: r.club,
                matches: r.matches,
                won: r.won,
                drawn: r.drawn,
                lost: r.lost,
                points: r.points,
                innings: r.innings,
                general_average: r.general_average,
                best_game_average: r.best_game_average,
                high_run: r.high_run,
                handicap_target: r.handicap_target,
            })
            .collect(),
    }
}
