## Signing the score sheet and exporting it (issue 5)
sign-missing-signatures = the score sheet is not signed yet by: { $roles }
sign-device-key-error = The device's signing key cannot be read or created: { $detail }

## Headless: export-pdf and verify
cli-sheet-export-about = Export the signed score sheet of a finished match as PDF
cli-sheet-match-help = The match number (see `list`)
cli-sheet-lang-help = The language of the sheet: fr, es or en (default: the system's)
cli-sheet-output-help = The PDF file to write
cli-sheet-verify-about = Check a signed score sheet (PDF): seal, signature, replay, and that its pages are exactly what the sealed match file prints
cli-sheet-verify-file-help = The PDF score sheet to check
cli-sheet-cannot-export = Match { $id } cannot be exported: { $error }
cli-sheet-exported = Score sheet of match { $id } written to { $file } (device key { $fingerprint }).
cli-sheet-valid = valid: { $summary }
cli-sheet-digest = Match file digest (SHA-256): { $digest }
cli-sheet-fingerprint = Signed by the device with key { $fingerprint } — compare it with the devices you trust.
cli-sheet-invalid = NOT valid: { $reason }

## The signing screen
sign-open = Sign and export
sign-warnings = Warnings
sign-protests = Protests during the match
sign-reclamations = Reclamations
sign-reclamation-label = Reclamation by { $name }
sign-reclamation-save = Save the reclamation
sign-reclamation-saved = The reclamation is saved.
sign-no-reclamation = no reclamation
sign-signatures = Signatures
sign-pad-hint = Sign in the box with a finger, a stylus or the mouse.
sign-first-locks = The first signature locks the reclamations: save them before anyone signs.
sign-unsaved-reclamation = A reclamation is typed but not saved: save it (or clear it) first, the first signature locks the reclamations.
sign-pad-label = Signature pad: { $role }
sign-signer-name = Name
sign-clear = Clear
sign-undo-stroke = Undo the last stroke
sign-sign = Sign
sign-signed-by = signed by { $name }
sign-locked = Signed by the referee and both players: the score sheet is locked.
sign-export = Export the PDF
sign-exported = Score sheet saved to { $file }.
sign-error-empty-signature = Draw the signature in the box first.
sign-error-write = Cannot write { $detail }
sign-error-open = The PDF was saved but cannot be opened: { $detail }
