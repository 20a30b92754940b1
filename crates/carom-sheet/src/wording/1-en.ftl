# Wording 1 of the printed score sheet (frozen): the messages a sheet sealed without a
# "wording" option was printed with. Never edit: verification renders such sheets again
# with exactly these words. (From locales/en/sheet.ftl and rules.ftl as of 2026-12.)

## Score sheet (PDF): title, header, players
sheet-title = Score sheet
sheet-header = Match
sheet-competition = Competition
sheet-venue = Venue
sheet-table = Table
sheet-date = Date
sheet-start = Start
sheet-end = End
sheet-discipline = Discipline
sheet-distance = Distance
sheet-distance-points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
sheet-handicap = Handicap
sheet-innings-limit = Innings limit
sheet-no-limit = none
sheet-sets-format = Sets
sheet-no-sets = none
sheet-best-of = best of { $n }
sheet-referee = Referee
sheet-marker = Marker
sheet-players = Players
sheet-player = Player
sheet-player-1 = Player 1
sheet-player-2 = Player 2
sheet-name = Name
sheet-club = Club
sheet-ball = Ball
sheet-ball-white = White
sheet-ball-yellow = Yellow
sheet-target = Target

## Disciplines as printed on the sheet
sheet-discipline-libre = Straight rail
sheet-discipline-cadre-47-2 = Balkline 47/2
sheet-discipline-cadre-47-1 = Balkline 47/1
sheet-discipline-cadre-71-2 = Balkline 71/2
sheet-discipline-one-cushion = One-cushion
sheet-discipline-three-cushion = Three-cushion

## Innings grid
sheet-innings-grid = Innings
sheet-inning-short = Inn.
sheet-run = Run
sheet-total = Total
sheet-equalizing-inning = equalizing inning
sheet-foul-mark = F
sheet-foul-note = inning ended with a foul
sheet-set = Set { $n }
sheet-set-score = Score
sheet-set-winner = won by { $name }

## Totals and result
sheet-totals = Totals
sheet-points = Points
sheet-innings = Innings
sheet-general-average = General average
sheet-high-run = High run
sheet-best-game-average = Best game average
sheet-sets-won = Sets won
sheet-average-rule-truncate = Averages truncated to 3 decimals.
sheet-average-rule-round = Averages rounded to 3 decimals.
sheet-result = Result
sheet-result-win = { $name } wins
sheet-result-forfeit = { $name } wins by forfeit
sheet-result-draw = Draw

## Corrections, warnings, protests
sheet-corrections = Corrections
sheet-no-corrections = No correction was made during the match.
sheet-time = Time
sheet-correction = Correction
sheet-correction-undo = Event { $event } undone ({ $what })
sheet-event-carom = carom
sheet-event-miss = miss
sheet-event-inning = inning
sheet-event-foul = foul
sheet-event-edit-inning = corrected inning
sheet-event-warning = warning
sheet-event-protest = protest
sheet-event-edit-setup = match details changed
sheet-event-lag = lag
sheet-event-choose-breaker = choice of the breaker
sheet-event-break = break shot
sheet-event-contact = balls in contact
sheet-event-zone = zone call
sheet-event-shot-clock-expired = shot clock expired
sheet-event-time-out = time-out
sheet-event-pause-start = start of a pause
sheet-event-pause-end = end of a pause
sheet-event-forfeit = forfeit
sheet-event-undo = undo
sheet-correction-edit = { $name }, inning { $inning }: run corrected from { $before } to { $after }
sheet-correction-setup = { $field }: { $before } → { $after }
sheet-setup-none = none
sheet-warnings = Warnings
sheet-no-warnings = No warning was given.
sheet-reason = Reason
sheet-reclamations = Protests
sheet-no-reclamations = No protest was made.

## Signatures and seal
sheet-signatures = Signatures
sheet-role-referee = Referee
sheet-role-player-1 = Player 1
sheet-role-player-2 = Player 2
sheet-signed-at = signed { $date } at { $time }
sheet-seal = Electronic seal
sheet-digest = SHA-256 of the attached match file
sheet-digest-short = SHA-256
sheet-key = Device key
sheet-key-short = Key
sheet-signature-ed25519 = Ed25519 signature
sheet-seal-note = The match file (match.json) is attached to this PDF. “carambole verify” checks that it is unchanged, that it replays to the totals printed here, and that the signature matches the device key.
sheet-page = Page { $n } of { $total }

table-match = Match 2.84 × 1.42 m
table-half-match = Half-match 2.30 × 1.15 m
table-small = Small 2.10 × 1.05 m
setup-field-competition = Competition
setup-field-venue = Venue
setup-field-table-name = Table
setup-field-referee = Referee
setup-field-marker = Marker
setup-field-shot-clock = Shot clock
