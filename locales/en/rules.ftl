## Rules engine (carom-core): disciplines, tables, balls, spots, phases

discipline-libre = Straight rail
discipline-cadre-47-2 = Balkline 47/2
discipline-cadre-47-1 = Balkline 47/1
discipline-cadre-71-2 = Balkline 71/2
discipline-one-cushion = One-cushion
discipline-three-cushion = Three-cushion

table-match = Match 2.84 × 1.42 m
table-half-match = Half-match 2.30 × 1.15 m
table-small = Small 2.10 × 1.05 m

ball-white = white
ball-yellow = yellow
ball-red = red

spot-top = top spot
spot-centre = centre spot
spot-bottom = bottom spot (centre of the starting line)
spot-outer-left = left outer spot of the starting line
spot-outer-right = right outer spot of the starting line
spot-lag-left = left lag position
spot-lag-right = right lag position

phase-lag = Lag
phase-break = Break
phase-play = Play
phase-equalizing-inning = Equalizing inning
phase-set-over = Set over
phase-finished = Match over

## Fouls (Art. 8.2): short name and plain-words explanation

foul-ball-off-table = Ball off the table
foul-ball-off-table-help = A ball fell off the table or touched the wooden frame. The inning ends and the shot does not count.
foul-balls-not-still = Balls still moving
foul-balls-not-still-help = The player shot before all three balls had stopped.
foul-ball-touched = Ball touched
foul-ball-touched-help = A ball was touched with the hand, the clothes, the chalk or anything other than the cue tip.
foul-push-shot = Push shot
foul-push-shot-help = The cue stayed on the ball when it hit another ball or a cushion, hit it twice, or the player shot into a frozen ball or cushion without a massé.
foul-not-with-tip = Not hit with the tip
foul-not-with-tip-help = The cue ball was struck with a part of the cue other than the tip.
foul-no-foot-on-floor = No foot on the floor
foul-no-foot-on-floor-help = The player had no foot on the floor when he struck the ball.
foul-table-marked = Table marked
foul-table-marked-help = The player made a mark on a cushion, the cloth or the frame to help him aim.
foul-wrong-ball = Wrong ball
foul-wrong-ball-help = The player played his opponent's ball. The points he made before in this run stay.
foul-zone-not-left = Ball not brought out of the zone
foul-zone-not-left-help = After "inside", the next carom must bring an object ball out of the zone; this one did not.
foul-left-the-room = Left the room
foul-left-the-room-help = The player left the playing room during his run.
foul-red-not-hit-first = Break did not hit the red first
foul-red-not-hit-first-help = The break must hit the red first, directly or off a cushion.

## Announcements (Art. 9 and 17)

announce-lag-won = { $name } wins the lag and chooses who breaks
announce-relag-not-simultaneous = Lag again: the balls did not start together
announce-relag-collision = Lag again: the balls collided
announce-relag-equal-distance = Lag again: equal distance
announce-break = { $name } breaks
announce-break-set = Set { $set }: { $name } breaks
announce-count = { $run }
announce-plays-for = { $name } plays for { $points ->
    [one] { $points } point
   *[other] { $points } points
}
announce-innings-left = { $innings ->
    [one] One inning left
   *[other] { $innings } innings left
}
announce-penultimate-inning = Penultimate inning
announce-last-inning = Last inning
announce-turn = { $name }, { $points }
announce-turn-inning = { $name }, { $points }, inning { $inning }
announce-zone-a-cheval = On the line{ $place ->
    [anchor] {" "}(anchor)
   *[field] {""}
}
announce-zone-entree = In{ $place ->
    [anchor] {" "}the anchor
   *[field] {""}
}
announce-zone-dedans = Inside{ $place ->
    [anchor] {" "}the anchor
   *[field] {""}
}
announce-contact-ball = Touching ball
announce-contact-cushion = Touching cushion
announce-foul = Foul
announce-shot-clock-expired = Time
announce-time-out = Time-out { $left ->
    [0] (no time-outs left)
    [one] (one time-out left)
   *[other] ({ $left } time-outs left)
}
announce-equalizing-inning = Equalizing inning for { $name }
announce-set-won = Set { $set } to { $name }
announce-set-drawn = Set { $set } drawn
announce-match-won = Match to { $name }
announce-match-drawn = Draw
announce-pause-start = Pause of { $minutes ->
    [one] one minute
   *[other] { $minutes } minutes
}
announce-pause-end = Play resumes
announce-warning = { $count ->
    [one] Warning to { $name }
   *[other] Second warning to { $name }: the match is lost
}
announce-forfeit = { $name } forfeits
announce-correction = Correction: { $name }, { $points }

## Guidance for the referee

guide-lag = Lag: red on the top spot, both cue balls on the starting line, between the outer spots and the long cushions. Both players shoot together to the top cushion.
guide-start = Starting position: red on the top spot, the opponent's ball on the centre of the starting line, the breaker's ball on the outer spot of his choice. The break must hit the red first.
guide-choose-breaker = The lag winner chooses who breaks.
guide-contact-choose = Balls in contact: ask the player — re-spot, or play on (free ball, cushion first or massé).
guide-contact-respot-compulsory = Balls in contact: all three balls go back to the starting position.
guide-contact-respot-all = Re-spot: all three balls to the starting position.
guide-contact-respot-touching = Re-spot only the balls in contact: red on the top spot, the player's ball on the bottom spot, the opponent's ball on the centre spot; a ball whose spot is taken goes to the spot of the ball on it.
guide-off-table-respot-all = Ball off the table: all three balls back to the starting position.
guide-off-table-respot-jumped = Ball off the table: only the jumped ball is re-spotted (red top spot, the incoming player's ball bottom spot, the other centre spot; if taken, the spot of the ball on it).
guide-zone-dedans = "Inside": the next carom must bring an object ball out of the zone.
guide-pause-due = Pause of { $minutes ->
    [one] one minute
   *[other] { $minutes } minutes
} is due (it may be waived).
guide-next-set = Set { $set }: place the balls for the break.

## Errors of the rules engine (the app sends codes; these are their words)

error-setup-name-empty = Enter the player's name.
error-setup-name-too-long = The name is too long: at most { $max } characters.
error-setup-name-control-chars = The name contains characters that cannot be printed.
error-setup-target-out-of-range = The distance must be between { $min } and { $max } points.
error-setup-innings-limit-out-of-range = The innings limit must be between { $min } and { $max }.
error-setup-best-of-invalid = Sets must be best of an odd number from 1 to 9.
error-setup-set-target-out-of-range = The set distance must be between { $min } and { $max } points.
error-setup-shot-clock-invalid = The shot clock settings are out of range.
error-setup-pause-invalid = The pause settings are out of range.
error-setup-text-too-long = { $field ->
    [referee] The referee's name
    [marker] The marker's name
    [competition] The competition name
    [venue] The venue
    [table_name] The table's name
    [date] The date
    [club] The club
   *[other] { $field }
} is too long: at most { $max } characters.
error-setup-text-control-chars = { $field ->
    [referee] The referee's name
    [marker] The marker's name
    [competition] The competition name
    [venue] The venue
    [table_name] The table's name
    [date] The date
    [club] The club
   *[other] { $field }
} contains characters that cannot be printed.
error-play-match-finished = The match is over.
error-play-not-started = The match has not started: the break comes first.
error-play-set-over = The set is over: the next set starts with a break.
error-play-already-started = The break was already played.
error-play-lag-over = The lag is over.
error-play-lag-winner-and-relag = A lag has a winner or is played again, not both.
error-play-lag-cause-without-relag = Only a lag played again can be caused by a player.
error-play-lag-red-touched-and-outcome = When a lag ball touches the red, the lag has no winner and is not played again.
error-play-too-many-sets = No further set can be played in this match.
error-play-contact-own-ball = The cue ball cannot be in contact with itself: name the other ball.
error-play-contact-occupied-invalid = The occupied spots do not fit this contact: only in three-cushion when the balls in contact are re-spotted, on the top, centre or bottom spot, taken by the ball not in contact.
error-play-off-table-no-ball = Say which ball left the table.
error-play-wrong-breaker = Another player was chosen to break.
error-play-paused = The match is paused.
error-play-not-paused = The match is not paused.
error-play-already-paused = The match is already paused.
error-play-pause-during-run = No pause during a run.
error-play-run-too-long = A run of { $run } is more than the { $max ->
    [one] { $max } point
   *[other] { $max } points
} the player can still make.
error-play-no-zones = This discipline has no zones.
error-play-no-anchors = This discipline has no anchors.
error-play-anchor-before-field = Call the field before the anchor.
error-play-already-dedans = "Inside" was already called.
error-play-no-dedans = "Inside" was not called.
error-play-not-the-break-shot = Only the break must hit the red first.
error-play-respot-compulsory = On this table the balls must be re-spotted.
error-play-no-shot-clock = This match has no shot clock.
error-play-no-time-outs-left = No time-outs left.
error-play-not-at-table = Only the player at the table can take a time-out.
error-play-nothing-to-undo = There is nothing to undo.
error-play-no-such-inning = There is no such completed inning in this match.
error-play-edit-reaches-target = An edited inning cannot reach the distance.
error-play-full-distance-credited = The player made his distance after "plays for 1": it stands.
error-play-target-already-reached = The player has already reached his distance.
error-play-protest-invalid = The protest text is empty, too long or not printable.
error-play-setup-value-mismatch = This value does not fit the field { $field }.
setup-field-competition = Competition
setup-field-venue = Venue
setup-field-table-name = Table
setup-field-referee = Referee
setup-field-marker = Marker
setup-field-shot-clock = Shot clock
error-file-invalid-json = The match file is not valid JSON (line { $line }, column { $column }).
error-file-unknown-field = The match file has an unknown field (line { $line }, column { $column }).
error-file-missing-field = The match file lacks a field (line { $line }, column { $column }).
error-file-invalid-field = The match file has an invalid value (line { $line }, column { $column }).
error-file-unsupported-format = Unsupported match file format "{ $format }".
error-file-unknown-event-type = event { $index }: unknown event type "{ $type }".
error-file-unknown-event-field = event { $index }: unknown field.
error-file-no-such-player = event { $index }: names a player who does not exist (players are 0 and 1).
error-file-invalid-event = event { $index }: not a valid event.
error-file-off-table-no-ball = event { $index }: a ball off the table in three-cushion must name the ball that left (field "{ $field }"); only carambole-match/1 files may leave it out.
error-file-lag-red-touched-and-outcome = event { $index }: a lag where the red was touched has no winner and is not played again (field "{ $field }"); only carambole-match/1 files may give both.
