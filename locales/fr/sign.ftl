## Signature de la feuille de match et export (issue 5)
sign-missing-signatures = la feuille de match n'est pas encore signée par : { $roles }
sign-device-key-error = La clé de signature de l'appareil ne peut être lue ni créée : { $detail }

## Sans fenêtre : export-pdf et verify
cli-sheet-export-about = Exporter en PDF la feuille de match signée d'un match terminé
cli-sheet-match-help = Le numéro du match (voir `list`)
cli-sheet-lang-help = La langue de la feuille : fr, es ou en (par défaut : celle du système)
cli-sheet-output-help = Le fichier PDF à écrire
cli-sheet-verify-about = Vérifier une feuille de match signée (PDF) : sceau, signature, rejeu, et que ses pages sont exactement ce qu'imprime le fichier du match scellé
cli-sheet-verify-file-help = La feuille de match PDF à vérifier
cli-sheet-cannot-export = Le match { $id } ne peut pas être exporté : { $error }
cli-sheet-exported = Feuille de match du match { $id } écrite dans { $file } (clé de l'appareil { $fingerprint }).
cli-sheet-valid = valide : { $summary }
cli-sheet-digest = Empreinte du fichier du match (SHA-256) : { $digest }
cli-sheet-fingerprint = Signée par l'appareil de clé { $fingerprint } — comparez-la avec les appareils de confiance.
cli-sheet-invalid = NON valide : { $reason }

## L'écran de signature
sign-open = Signer et exporter
sign-warnings = Avertissements
sign-protests = Réclamations pendant le match
sign-reclamations = Réclamations
sign-reclamation-label = Réclamation de { $name }
sign-reclamation-save = Enregistrer la réclamation
sign-reclamation-saved = La réclamation est enregistrée.
sign-no-reclamation = aucune réclamation
sign-signatures = Signatures
sign-pad-hint = Signez dans le cadre avec le doigt, un stylet ou la souris.
sign-first-locks = La première signature verrouille les réclamations : enregistrez-les avant que quiconque signe.
sign-unsaved-reclamation = Une réclamation est saisie mais pas enregistrée : enregistrez-la (ou effacez-la) d'abord, la première signature verrouille les réclamations.
sign-pad-label = Zone de signature : { $role }
sign-signer-name = Nom
sign-clear = Effacer
sign-undo-stroke = Annuler le dernier trait
sign-sign = Signer
sign-signed-by = signé par { $name }
sign-locked = Signée par l'arbitre et les deux joueurs : la feuille de match est verrouillée.
sign-export = Exporter le PDF
sign-exported = Feuille de match enregistrée dans { $file }.
sign-error-empty-signature = Tracez d'abord la signature dans le cadre.
sign-error-write = Impossible d'écrire { $detail }
sign-error-open = Le PDF est enregistré mais ne peut pas être ouvert : { $detail }
