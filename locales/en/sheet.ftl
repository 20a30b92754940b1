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
sheet-set-score = Score:
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
sheet-correction-undo = { $what } cancelled
sheet-correction-undo-player = { $what } of { $name } cancelled
sheet-correction-undo-inning = { $what } of { $name } in inning { $inning } cancelled
sheet-event-carom = carom
sheet-event-miss = miss
sheet-event-inning = run
sheet-event-foul = foul
sheet-event-edit-inning = corrected inning
sheet-event-warning = warning
sheet-event-protest = protest
sheet-event-edit-setup = match details changed
sheet-event-lag = lag
sheet-event-choose-breaker = choice of the breaker
sheet-event-break = break
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

## Errors when producing a sheet
sheet-error-missing-signature = The score sheet is not signed by the { $role }.
sheet-error-duplicate-signature = The { $role } has signed twice.
sheet-error-empty-signature = The signature of the { $role } is empty: sign again.
sheet-error-match-not-finished = The match is not finished: there is no result to put on the score sheet yet.
sheet-error-invalid-document = The score sheet is invalid: { $detail }
sheet-error-layout = The score sheet could not be laid out: { $detail }

## Verification of a signed sheet
sheet-verify-valid = valid
sheet-verify-not-a-pdf = Not a readable PDF: { $detail }
sheet-verify-attachment-missing = The PDF has no attached { $name }: it is not a Carambole score sheet, or the attachment was removed.
sheet-verify-envelope-invalid = The attached match file is not valid: { $detail }
sheet-verify-seal-invalid = The attached seal is not valid: { $detail }
sheet-verify-digest-mismatch = The attached match file was changed: its SHA-256 is { $computed }, the seal says { $sealed }.
sheet-verify-bad-signature = The signature does not match the attached match file and device key.
sheet-verify-replay-failed = The attached match file does not replay (event { $event }): { $detail }
sheet-verify-grid-differs = Set { $set }, inning { $inning }: the innings printed on the sheet are not those of the replayed match.
sheet-verify-totals-differ = { $name }: { $field } is { $printed } on the sheet but { $replayed } when the match is replayed.
sheet-verify-extra-attachment = The PDF carries an attachment { $name } beyond the sealed match file and seal.
sheet-verify-page-count-differs = The PDF has { $found } pages where the sealed match file prints { $expected }: pages were removed, added or repeated.
sheet-verify-page-differs = Page { $page }: { $part ->
    [content] what it prints is not what the sealed match file prints
    [font] a font it draws with is not the sheet's
    [image] an image it shows (the QR code) is not the sheet's
    [drawing] a drawing it places (a signature) is not the sheet's
    [layout] its size, margins or rotation are not the sheet's
   *[other] what it draws with is not the sheet's
}.
sheet-verify-page-annotations = Page { $page } carries notes, links or form fields drawn over it that the sealed sheet does not have.
sheet-verify-active-content = The PDF carries { $what } (actions, scripts or forms a viewer runs or shows) that the sealed sheet does not have.
sheet-verify-document-differs = The PDF differs from the sheet its sealed match file prints, at { $path }.
