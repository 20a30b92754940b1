## History: stored matches, search, trash, match files

history-title = Match history
history-player = Player
history-player-hint = Part of a name
history-discipline = Discipline
history-discipline-all = All disciplines
history-status = Status
history-status-all = All matches
history-status-unfinished = Unfinished
history-status-finished = Finished
history-from = From
history-until = To
history-clear = Clear the search
history-none = No match fits this search.
history-pages = Pages of the history
history-page = Page { $n }
history-previous = ← Newer
history-next = Older →
history-sets = sets { $a } – { $b }
history-signed = Signed
history-view-sheet = View the score sheet
history-resume = Resume
history-export = Export
history-delete = Delete
history-match-label = { $a } vs { $b }, { $discipline }, { $date }
history-delete-title = Delete this match?
history-delete-explain = The match goes to the trash. You can restore it from the trash until the next backup: Carambole makes one each time it starts, and when you back up now.
history-delete-explain-web = The match goes to the trash. You can restore it from the trash until you next back up (Backup and restore): the backup keeps it.
history-delete-confirm = Move to the trash
history-delete-keep = Keep the match
history-deleted = Moved to the trash: { $match }.
history-delete-signed-title = This match is signed. Delete it anyway?
history-delete-signed-explain = Its score sheet was signed: it is an official record of the match. Delete it only if it was entered by mistake.
history-delete-signed-keep = Keep the signed match
history-delete-signed-confirm = Delete the signed match
history-restored = Restored: { $match }.
history-trash = Trash ({ $count })
history-trash-title = Trash
history-trash-explain = Deleted matches stay here until the next backup, made each time Carambole starts or when you back up now. That backup still holds them; then the trash is emptied for good.
history-trash-empty = The trash is empty.
history-deleted-on = deleted { $date }
history-restore = Restore
history-read-only = Finished match: read only. Its score sheet cannot be changed here.
history-signatures = Signatures
history-export-file = Export the match file…
history-export-pdf = Save the signed PDF
history-continue-signing = Continue signing
history-export-title = Export the match file
history-exported = Match file saved: { $path }
history-import = Import match files…
history-import-title = Import match files
history-match-files = Match files (carambole-match)
history-import-imported = { $count ->
    [0] No match imported.
    [one] One match imported.
   *[other] { $count } matches imported.
}
history-import-duplicates = { $count ->
    [0] {""}
    [one] One already stored, skipped.
   *[other] { $count } already stored, skipped.
}
history-import-rejected = { $count ->
    [0] {""}
    [one] One file refused:
   *[other] { $count } files refused:
}
history-import-file = { $file }: { $reason }
history-import-duplicate = already stored as match { $id }, skipped.
history-error-date = Enter a date as year-month-day, for example 2025-03-31.
history-error-date-order = The “to” date is before the “from” date.

## Checking a signed score sheet (a PDF made on this device or another)

check-open = Check a score sheet…
check-title = Check a signed score sheet
check-files = Score sheets (PDF)
check-error-too-large = The file is too large for a score sheet (more than { $max } bytes).
check-genuine = Genuine score sheet
check-genuine-explain = { $file }: its seal is intact and its pages are exactly what the sealed match file prints.
check-match = { $discipline }, { $date }
check-player = { $name }: { $points } { $points ->
    [one] point
   *[other] points
} in { $innings } { $innings ->
    [one] inning
   *[other] innings
}
check-player-sets = { $name }: { $sets } { $sets ->
    [one] set
   *[other] sets
}, { $points } { $points ->
    [one] point
   *[other] points
} in { $innings } { $innings ->
    [one] inning
   *[other] innings
}
check-winner = Winner: { $name }
check-winner-forfeit = Winner by forfeit: { $name }
check-draw = Draw
check-referee = Referee: { $name }
check-signed-here = Signed on this device, key { $fingerprint }.
check-signed-elsewhere = Signed by the device with key { $fingerprint }: compare it with the devices you trust.
check-not-genuine = NOT a genuine score sheet
check-fault-not-a-pdf = { $file } is not a readable PDF.
check-fault-not-a-sheet = { $file } is not a Carambole score sheet.
check-fault-seal-broken = The seal of { $file } is broken: the match file was changed after it was signed.
check-fault-not-signed = { $file } lacks a signature of the referee or of a player.
check-fault-figures-differ = The figures printed on { $file } are not those of the match as it was played.
check-fault-pages-differ = { $file } was changed after it was signed: its pages are not what its sealed match file prints.

## Backup and restore

data-title = Backup and restore
data-open = Backup and restore…
data-settings-hint = Copy all matches to a file, or bring them back from one.
data-backup-heading = Back up
data-backup-explain = A backup is a copy of all matches, players and settings in one file. Writing it also empties the trash (the trashed matches stay in the backup).
data-backup-now = Back up now to a file…
data-backup-title = Back up the match database
data-backup-files = Carambole backups
data-backed-up = Backup written to { $path }.
data-backup-downloaded = Backup downloaded as { $file }.
data-trash-emptied = { $count ->
    [one] One match removed from the trash for good; it is in this backup.
   *[other] { $count } matches removed from the trash for good; they are in this backup.
}
data-restore-heading = Restore
data-restore-explain = Replace all current data by a backup file. The file is checked first and only read.
data-restore-file = Restore from a file…
data-restore-title = Choose a backup to restore
data-restore-confirm-title = Replace all current data?
data-restore-warning = Restoring replaces all current matches, players and settings by those of this backup. A copy of the current data is kept first in the backups folder.
data-restore-warning-download = Restoring replaces all current matches, players and settings by those of this backup. A copy of the current data is downloaded first.
data-restore-confirm = Replace with this backup
data-restore-keep = Keep the current data
data-restore = Restore
data-restored = Data restored from { $file }. The previous data is kept in { $kept }.
data-restored-download = Data restored from { $file }. A copy of the previous data was downloaded as { $kept }.
data-restored-new = Data restored from { $file }.
data-automatic = Automatic backups
data-automatic-explain = Carambole backs up the database each time it starts and keeps the last 7, in its app-data folder.
data-automatic-none = No automatic backup yet.
data-damaged = This backup is damaged and cannot be restored.
data-matches = { $count ->
    [one] one match
   *[other] { $count } matches
}
data-size-kb = { $kb } KB
data-error-restore-itself = This file is the database in use. Pick a backup file.
