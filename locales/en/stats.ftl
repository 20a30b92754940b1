## Players, personal statistics, charts and the club ranking

## Home
players-title = Players
ranking-title = Club ranking

## Roster
players-search = Search a player
players-add = New player
players-name = Name
players-club = Club
players-licence = Licence number
players-notes = Notes
players-save = Save
players-cancel = Cancel
players-edit = Edit
players-none = No players yet. Players are added here or when a match is recorded.
players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
players-licence-line = Licence { $licence }
players-matches = Matches
players-no-matches = No matches yet.
players-match-vs = { $a } vs { $b }
players-more = More matches
players-merge = Merge another entry
players-merge-help = Two entries of the same person (a typo, a club left blank): pick the other entry; his matches move to this player and the other entry is removed.
players-merge-pick = The other entry
players-merge-confirm = Merge “{ $merged }” into “{ $kept }”
players-merge-done = { $count ->
    [one] { $count } match moved to { $name }.
   *[other] { $count } matches moved to { $name }.
}
players-error-not-found = There is no such player.
players-error-merge-same = A player cannot be merged with himself.
players-error-no-conflict = This player has no open conflict between two devices: it may have been resolved on another device.
players-error-duplicate = Another player already has this name and club: merge the two entries instead.
players-error-unknown-name = No player is named “{ $name }”.
players-error-ambiguous-name = Several players are named “{ $name }” (clubs: { $clubs }): add --club.

## Statistics
stats-title = Statistics
stats-all-disciplines = All disciplines
stats-discipline = Discipline
stats-matches = Matches
stats-won = Won
stats-drawn = Drawn
stats-lost = Lost
stats-points = Points
stats-innings = Innings
stats-general-average = General average
stats-best-game-average = Best game average
stats-high-run = High run
stats-innings-per-match = Innings per match
stats-handicap-target = Suggested handicap
stats-form = Form (last 10)
stats-form-average = Average over the last 10
stats-runs = Runs distribution
stats-head-to-head = Head to head
stats-opponent = Opponent
stats-date = Date
stats-result = Result
stats-record = { $won } W · { $drawn } D · { $lost } L
stats-outcome-won = W
stats-outcome-drawn = D
stats-outcome-lost = L
stats-outcome-won-long = won
stats-outcome-drawn-long = drawn
stats-outcome-lost-long = lost
stats-no-stats = No finished match yet.
stats-export-csv = Export as CSV
stats-exported = Saved to { $path }
stats-error-out-of-range = Enter a number from { $min } to { $max }.
stats-error-bad-date = “{ $date }” is not a date (YYYY-MM-DD).
stats-error-no-folder = No folder to save the file in.
stats-cli-about = Print a player's statistics per discipline as JSON (or CSV)
stats-cli-player-help = The player's name
stats-cli-club-help = His club, when several players have the same name
stats-cli-discipline-help = Only this discipline (libre, cadre-47-2, cadre-47-1, cadre-71-2, one-cushion, three-cushion)
stats-cli-from-help = Only matches played on or after this day (YYYY-MM-DD)
stats-cli-until-help = Only matches played on or before this day (YYYY-MM-DD)
stats-cli-csv-help = Print CSV instead of JSON
stats-cli-db-required = No database given: add --db PATH.

## Charts
chart-average-title = General average per match
chart-average-desc = { $count ->
    [one] General average of { $count } match, with its trend line.
   *[other] General average of each of { $count } matches, oldest first, with the trend line.
}
chart-trend = Trend
chart-trend-line = Trend: { $slope } per match
chart-runs-title = Runs distribution
chart-runs-desc = How many innings ended with each run.
chart-high-runs-title = High run per match
chart-high-runs-desc = The high run of each match, oldest first.
chart-axis-matches = Matches, oldest first
chart-axis-run = Run
chart-axis-innings = Innings

## Club ranking
ranking-discipline = Discipline
ranking-from = From
ranking-until = Until
ranking-club = Club
ranking-all-clubs = All clubs
ranking-rank = Rank
ranking-player = Player
ranking-empty = No finished match in this discipline and period.
ranking-handicap-rule = Handicap rule
ranking-handicap-factor = Average multiplied by
ranking-handicap-minimum = Smallest distance
ranking-handicap-save = Save the rule
ranking-handicap-formula = Suggested distance = general average × { $factor }, rounded, at least { $minimum }.
ranking-cli-about = Print the club ranking of one discipline as JSON (or CSV)
ranking-cli-discipline-help = The discipline (libre, cadre-47-2, cadre-47-1, cadre-71-2, one-cushion, three-cushion)
ranking-cli-club-help = Only the players of this club
