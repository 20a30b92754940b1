## App shell and home screen
app-title = Carambole
app-tagline = Carom billiards scorer
# The Linux desktop entry (cargo xtask package): Name= is app-title, GenericName= app-tagline.
app-desktop-comment = Score carom billiards matches and sign the score sheet, offline
language-label = Language
language-en = English
language-fr = Français
language-es = Español
home-matches = Matches
home-no-matches = No match yet. Create the first one.
home-new-match = New match
home-match-vs = { $a } vs { $b }
home-match-targets = distance { $a } – { $b ->
    [one] { $b } point
   *[other] { $b } points
}
match-status-setup = Not started
match-status-in-progress = In progress
match-status-finished = Finished

## New match form
new-match-title = New match
new-match-player-a = Player 1
new-match-player-b = Player 2
new-match-name-placeholder = Name
new-match-discipline = Discipline
new-match-target = Distance (points)
new-match-create = Create match
new-match-cancel = Cancel
new-match-created = Match created: { $a } vs { $b }

## Disciplines (short labels used in lists and forms)
app-discipline-libre = Straight rail
app-discipline-cadre-47-2 = Balkline 47/2
app-discipline-cadre-47-1 = Balkline 47/1
app-discipline-cadre-71-2 = Balkline 71/2
app-discipline-one-cushion = One-cushion
app-discipline-three-cushion = Three-cushion

## Errors shown to the user (the app sends codes; these are their words)
error-name-empty = Enter the player's name.
error-name-too-long = The name is too long: at most { $max } characters.
error-name-control-chars = The name contains characters that cannot be printed.
error-target-out-of-range = The distance must be between { $min } and { $max } points.
error-same-players = The two players must be different people.
error-database = The match database could not be used: { $detail }
error-internal = Something went wrong: { $detail }
error-request-invalid = The request “{ $command }” cannot be read: { $detail }
error-database-newer = This match database was written by a newer version of Carambole. Update the app; your file has not been changed.
error-database-corrupt = The match database is damaged: { $detail }

error-no-backup = There is no automatic backup to restore.
error-database-is-fine = The match database works; there is nothing to restore.
app-restore-backup = Restore the latest backup
app-restore-hint = Your current file will be kept in the backups folder.

## Command line
cli-about = Carambole — carom billiards scorer. With no command, opens the app.
cli-error-prefix = error
cli-db-help = The match database file (default: carambole.sqlite in the app-data folder)
cli-window-size-help = The window's initial size, e.g. 390x844
cli-replay-about = Replay a match file (carambole-match) and print the result as JSON
cli-replay-announcements-help = Also print the announcement sequence
cli-replay-file-help = The match file
cli-error-at-event = event { $index }: { $error }
cli-error-read-file = cannot read { $detail }
cli-serve-about = Run the app without its window for another program: JSON requests on standard input, one answer line each on standard output
cli-serve-long-about = Run the app without its window for another program (needs --db PATH).
    Each line of standard input is one request: {"{"}"command": NAME, "args": REQUEST{"}"}, a command of the app's catalogue with its request, as the window sends it.
    Each request gets one line on standard output, in order, written once the command has returned (and its change is saved): {"{"}"ok": ANSWER{"}"} or {"{"}"error": {"{"}"code": …, "args": …{"}"}{"}"}.
    A line that is not a request gets an error line; serving goes on. It stops at the end of the input.

## File names the app gives its exports (no accents needed; no / \ : * ? " < > |)
file-statistics = statistics
file-ranking = ranking
file-backup = carambole-backup
