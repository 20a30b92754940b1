## Referee's app: common words

ui-back = ← Back
# A label before its value ("Referee: Dupont"): the language's own spacing.
ui-labelled = { $label }:
ui-cancel = Cancel
ui-close = Close

## Home: resume and history

home-resume = Resume a match
home-resume-at-table = { $name } at the table, run { $run }
home-resume-go = Resume

## New match: the full set-up

new-match-table = Table
new-match-innings-limit = Innings limit (empty: none)
new-match-sets = Sets
new-match-single-game = No sets
new-match-best-of = Best of { $sets } sets
new-match-set-target = Distance of each set (points)
new-match-equalizing = Equalizing inning
new-match-pause = Pause at half distance
new-match-shot-clock = Shot clock
new-match-clock-seconds = Seconds per shot
new-match-clock-warning = Warning after (seconds)
new-match-timeouts = Time-outs per player
new-match-details = Competition, venue, referee
new-match-competition = Competition
new-match-venue = Venue
new-match-table-name = Table (name or number)
new-match-referee = Referee
new-match-marker = Marker

## Lag assistant (R-LAG)

lag-title = Lag
lag-instructions = Red on the top spot, both cue balls on the starting line. Both players shoot together to the top cushion; the ball that stops nearer the bottom cushion wins.
lag-outcomes = Outcome of the lag
lag-closer = { $name } closer
lag-not-simultaneous-by = Not together — { $name } late
lag-collision = Balls collided — lag again
lag-crossed = Collision — { $name } crossed
lag-equal = Equal distance — lag again
lag-red-touched = { $name } touched the red
lag-who-breaks = { $name } won the lag: who breaks?
lag-breaks = { $name } breaks

## Starting position (R-START)

start-title = Starting position
start-title-set = Set { $set }: starting position
start-breaker = { $name } breaks with the white ball on the outer spot of his choice.
start-side = Outer spot for the cue ball
start-side-left = Left spot
start-side-right = Right spot
start-red-first = Reminder: the break must hit the red first, directly or off a cushion.
start-break = Break played — { $name } at the table

## Scoring

scoring-title = Scoring
scoring-of-target = of { $target }
scoring-run = Run
scoring-innings = Innings
scoring-average = General average
scoring-high-run = High run
scoring-last-run = Last run
scoring-sets-won = Sets { $sets }
scoring-warnings = { $count ->
    [one] One warning
   *[other] { $count } warnings
}
scoring-timeouts-left = { $count ->
    [0] No time-outs left
    [one] One time-out left
   *[other] { $count } time-outs left
}
scoring-at-table = At the table: { $name }
scoring-carom = Carom +1
scoring-miss = Miss
scoring-foul = Foul…
scoring-contact = Balls in contact…
scoring-undo = Undo…
scoring-pause = Pause
scoring-resume = Resume play
scoring-paused = Pause — play is stopped
pause-left = Pause: { $time } left
pause-over = The pause is over: play resumes
scoring-more = More…
scoring-equalizing = Equalizing inning — { $name } plays for { $points }
scoring-set = Set { $set }
scoring-innings-left = { $innings ->
    [one] Last inning
   *[other] { $innings } innings left
}
scoring-to-do = To do before the next shot
scoring-start-position = Starting position
scoring-pause-start = Start the pause
scoring-foul-title = Foul: which one?
scoring-off-which = Which ball left the table?
scoring-off-tick-first = Tick the ball that left the table: the guidance to re-spot it follows.
scoring-off-occupied = Spots taken by balls still on the table
scoring-spot-free = Free
scoring-record-foul = Record the foul
scoring-contact-title = Balls in contact
scoring-contact-which = The cue ball touches
scoring-contact-rule-compulsory = On this table all three balls go back to the starting position.
scoring-contact-rule-choose-all = The player chooses: re-spot all three balls to the starting position, or play on (the free ball, a cushion first, or a massé away).
scoring-contact-rule-choose-touching = The player chooses: re-spot only the balls in contact, or play on (the free ball, a cushion first, or a massé away).
scoring-contact-respot = Re-spot
scoring-contact-respot-compulsory = Re-spot (compulsory)
scoring-contact-play-on = Play on
scoring-contact-cushion = Touching a cushion (announce only)
scoring-contact-occupied = Is the { $ball } on a spot?
scoring-contact-occupied-none = No
scoring-undo-title = Undo the last action
scoring-undo-what = Undo: { $what }?
scoring-undo-score = { $name } { $before } → { $after }
scoring-undo-confirm = Undo it
scoring-undo-keep = Keep it
scoring-time-out = Time-out
scoring-time-expired = Time! (shot clock)
scoring-warning = Warning to { $name }
scoring-forfeit = { $name } forfeits
scoring-forfeit-title = { $name } forfeits the match?
scoring-forfeit-explain = The match ends at once and { $name } loses it.
scoring-forfeit-keep = Go on with the match
scoring-forfeit-confirm = Record the forfeit
scoring-second-warning-title = Second warning to { $name }?
scoring-second-warning-explain = { $name } already has a warning: a second one loses the match.
scoring-second-warning-keep = Do not warn
scoring-second-warning-confirm = Warn: the match is lost
scoring-forfeits = Forfeit
scoring-scoreboard = Scoreboard (full screen)
scoring-scoreboard-window = Scoreboard in a second window
scoring-keys = Keyboard shortcuts

## What an undo revokes

ui-event-lag = the lag
ui-event-choose-breaker = the choice: { $name } breaks
ui-event-break = the break
ui-event-carom = the last carom
ui-event-miss = the miss (end of inning)
ui-event-inning = an inning of { $run }
ui-event-foul = the foul "{ $foul }"
ui-event-contact = balls in contact
ui-event-shot-clock = time (shot clock)
ui-event-time-out = the time-out
ui-event-pause-start = the start of the pause
ui-event-pause-end = the end of the pause
ui-event-warning = the warning to { $name }
ui-event-forfeit = the forfeit of { $name }
ui-event-edit-inning = the corrected inning
ui-event-protest = the protest
ui-event-undo = the undo

## Zone tracker (R-ZONE)

zone-title = Zones
zone-status-clear = No zone call
zone-status-entered = { $caroms ->
    [0] In the zone
    [one] In the zone: one carom
   *[other] In the zone: { $caroms } caroms
}
zone-status-dedans = Inside: the next carom must bring an object ball out
zone-anchor = Anchor

## Shot clock (R-CLOCK)

clock-label = Shot clock

## Keyboard

keys-title = Keyboard shortcuts
keys-pause = Pause / resume
keys-zone = On the line / In / Inside

## End of the match and score sheet

end-title = End of the match
end-signed = Signed: this score sheet is an official record and can no longer change.
end-won = { $name } wins ({ $reason })
end-draw = Draw ({ $reason })
end-in-progress = Match in progress
end-reason-target = distance reached
end-reason-innings-limit = innings limit
end-reason-sets = on sets
end-reason-forfeit = forfeit
end-reason-second-warning = second warning
end-totals = Totals
end-totals-line = { $points ->
    [one] { $points } point
   *[other] { $points } points
} in { $innings ->
    [one] { $innings } inning
   *[other] { $innings } innings
}, general average { $average }, high run { $high }
end-corrections = Corrections
ui-event-edit-setup = the change of { $field }
details-open = Edit match details
details-title = Match details
details-hint = Each change is recorded on the score sheet.
details-save = Save
new-match-suggested = Suggested: { $target } (average { $average } over the last { $matches ->
    [one] match
   *[other] { $matches } matches
})
new-match-use-suggestion = Use

## Spectator scoreboard

board-title = Scoreboard
board-last-runs = Last runs
board-placement = { $ball }: { $spot }
board-placement-taken = { $ball }: { $spot } ({ $own } taken by the { $by })
board-others-stay = The other balls stay where they are.
diagram-letter-white = W
diagram-letter-yellow = Y
diagram-letter-red = R

## Settings

settings-title = Settings
settings-theme = Theme
settings-theme-auto = As the system
settings-theme-light = Light
settings-theme-dark = Dark
settings-voice = Voice
settings-voice-on = Speak the announcements
settings-average = Averages
settings-average-truncate = Truncated to 3 decimals
settings-average-round = Rounded to 3 decimals

## Errors of the referee's actions

error-turn-changed = Not recorded: the turn had already passed to { $name }.
error-speech-engine-missing = Speech is not available: the speech engine ({ $engine }) is not installed.
error-speech-failed = The announcement could not be spoken: { $detail }
error-speech-too-long = This text is too long to be spoken (at most { $max } characters).
error-stale-action = Not recorded: the match had changed in the meantime. The screen shows it as it is now.
web-update-ready = A new version of Carambole is ready.
web-update-reload = Reload now
web-install = Install Carambole on this device
web-memory-only = This browser cannot keep matches on the device: scoring works, but everything is lost when this tab closes. Use a current Chrome, Edge, Firefox or Safari to keep your matches.
