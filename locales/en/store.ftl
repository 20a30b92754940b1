## Local storage: database faults, matches, import and export, backups

error-database-locked = The match database is open in another Carambole window or program. Close it, then try again.
error-database-read-only = The match database cannot be written (the file or its folder is read-only). Your file was not changed.
error-database-not-a-file = { $file } is not a file (it is a folder, a device or a pipe): it cannot hold the match database. Choose a file.
error-database-foreign = This file is not a Carambole match database (it belongs to another program): it was left unchanged. Choose another file.
error-database-missing = There is no match database at { $file }. Nothing was created; check the path.
error-database-damaged = The match database is damaged: some of its pages cannot be read. Your file is kept as it is; restore a backup to go on.
error-disk-full = The disk is full: the last action was not saved. Free some space, then try again.
error-file-system = A file could not be read or written: { $detail }
error-match-not-found = Match { $id } does not exist.
error-match-signed = Match { $id } is signed: its score sheet can no longer change.
error-match-signed-delete = Match { $id } is signed: it is an official record. Confirm a second time to put it in the trash.
error-match-in-trash = Match { $id } is in the trash. Restore it first.
error-match-not-in-trash = Match { $id } is not in the trash.
error-match-not-finished = Match { $id } is not finished yet.
error-import-too-large = The file is too large for a match file (more than { $max } bytes).
error-import-not-text = The file is not a text file.
error-import-duplicate = This match is already stored (match { $id }).
error-backup-onto-itself = A backup cannot be written over the database it copies. Pick another file.
error-backup-too-large = The backup file is too large: more than { $max_mb } MB. Pick a Carambole backup.
error-text-too-long = The text is too long (at most { $max } characters).
error-text-control-chars = The text contains invisible or control characters.
error-signature-too-large = The signature is too large.
error-signature-duplicate = This person has already signed.
error-no-such-player = There is no such player.

## Command line
store-cli-import-about = Import match files (carambole-match) into the database.
store-cli-import-files-help = The match files to import.
store-cli-export-about = Write one match to a match file (carambole-match).
store-cli-export-match-help = The id of the match (see `list`).
store-cli-export-output-help = The file to write.
store-cli-backup-about = Copy the whole database to a file.
store-cli-backup-file-help = The backup file to write.
store-cli-restore-about = Replace the database with a backup; the current database is kept as a copy first.
store-cli-restore-file-help = The backup file to restore.
store-cli-list-about = List the stored matches as JSON.
store-cli-db-required = No database given: add --db PATH.
store-cli-imported = { $file }: imported as match { $id } ({ $events ->
    [one] { $events } event
   *[other] { $events } events
}).
store-cli-import-failed = { $file }: { $error }
store-cli-exported = Match { $id } written to { $file }.
store-cli-backed-up = Backup written to { $file }.
store-cli-restored = Database restored from { $file }. The previous one is kept in { $kept }.
store-cli-restored-new = Database restored from { $file }.
error-open-in-another-tab = Carambole is already open in another tab of this browser, which holds the matches. Use that tab, or close it and reload this one.
error-browser-storage = This browser gives Carambole no storage on the device, so no match can be kept ({ $detail }). Use a current browser outside private browsing.
