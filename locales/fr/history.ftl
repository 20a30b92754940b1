## Historique : matchs enregistrés, recherche, corbeille, fichiers de match

history-title = Historique des matchs
history-player = Joueur
history-player-hint = Une partie du nom
history-discipline = Discipline
history-discipline-all = Toutes les disciplines
history-status = État
history-status-all = Tous les matchs
history-status-unfinished = Non terminés
history-status-finished = Terminés
history-from = Du
history-until = Au
history-clear = Effacer la recherche
history-none = Aucun match ne correspond à cette recherche.
history-pages = Pages de l'historique
history-page = Page { $n }
history-previous = ← Plus récents
history-next = Plus anciens →
history-sets = manches { $a } – { $b }
history-signed = Signée
history-view-sheet = Voir la feuille de match
history-resume = Reprendre
history-export = Exporter
history-delete = Supprimer
history-match-label = { $a } contre { $b }, { $discipline }, { $date }
history-delete-title = Supprimer ce match ?
history-delete-explain = Le match va dans la corbeille. Vous pouvez l'en sortir jusqu'à la prochaine sauvegarde : Carambole en fait une à chaque démarrage, et quand vous sauvegardez maintenant.
history-delete-explain-web = Le match va dans la corbeille. Vous pouvez l'en sortir jusqu'à votre prochaine sauvegarde (Sauvegarde et restauration) : la sauvegarde le garde.
history-delete-confirm = Mettre à la corbeille
history-delete-keep = Garder le match
history-deleted = Mis à la corbeille : { $match }.
history-delete-signed-title = Ce match est signé. Le supprimer quand même ?
history-delete-signed-explain = Sa feuille de match a été signée : c'est le document officiel du match. Ne le supprimez que s'il a été saisi par erreur.
history-delete-signed-keep = Garder le match signé
history-delete-signed-confirm = Supprimer le match signé
history-restored = Restauré : { $match }.
history-trash = Corbeille ({ $count })
history-trash-title = Corbeille
history-trash-explain = Les matchs supprimés restent ici jusqu'à la prochaine sauvegarde, faite à chaque démarrage de Carambole ou quand vous sauvegardez maintenant. Cette sauvegarde les contient encore ; ensuite la corbeille est vidée pour de bon.
history-trash-empty = La corbeille est vide.
history-deleted-on = supprimé le { $date }
history-restore = Restaurer
history-read-only = Match terminé : lecture seule. Sa feuille de match ne peut pas être modifiée ici.
history-signatures = Signatures
history-export-file = Exporter le fichier de match…
history-export-pdf = Enregistrer le PDF signé
history-continue-signing = Poursuivre les signatures
history-export-title = Exporter le fichier de match
history-exported = Fichier de match enregistré : { $path }
history-import = Importer des fichiers de match…
history-import-title = Importer des fichiers de match
history-match-files = Fichiers de match (carambole-match)
history-import-imported = { $count ->
    [0] Aucun match importé.
    [one] Un match importé.
   *[other] { $count } matchs importés.
}
history-import-duplicates = { $count ->
    [0] {""}
    [one] Un déjà enregistré, ignoré.
   *[other] { $count } déjà enregistrés, ignorés.
}
history-import-rejected = { $count ->
    [0] {""}
    [one] Un fichier refusé :
   *[other] { $count } fichiers refusés :
}
history-import-file = { $file } : { $reason }
history-import-duplicate = déjà enregistré comme match { $id }, ignoré.
history-error-date = Saisissez une date sous la forme année-mois-jour, par exemple 2025-03-31.
history-error-date-order = La date « au » est antérieure à la date « du ».

## Vérifier une feuille de match signée (un PDF fait sur cet appareil ou un autre)

check-open = Vérifier une feuille de match…
check-title = Vérifier une feuille de match signée
check-files = Feuilles de match (PDF)
check-error-too-large = Le fichier est trop gros pour une feuille de match (plus de { $max } octets).
check-genuine = Feuille de match authentique
check-genuine-explain = { $file } : son sceau est intact et ses pages sont exactement ce qu'imprime le fichier de match scellé.
check-match = { $discipline }, { $date }
check-player = { $name } : { $points } { $points ->
    [one] point
   *[other] points
} en { $innings } { $innings ->
    [one] reprise
   *[other] reprises
}
check-player-sets = { $name } : { $sets } { $sets ->
    [one] manche
   *[other] manches
}, { $points } { $points ->
    [one] point
   *[other] points
} en { $innings } { $innings ->
    [one] reprise
   *[other] reprises
}
check-winner = Vainqueur : { $name }
check-winner-forfeit = Vainqueur par forfait : { $name }
check-draw = Match nul
check-referee = Arbitre : { $name }
check-signed-here = Signée sur cet appareil, clé { $fingerprint }.
check-signed-elsewhere = Signée par l'appareil de clé { $fingerprint } : comparez-la avec les appareils de confiance.
check-not-genuine = Feuille de match NON authentique
check-fault-not-a-pdf = { $file } n'est pas un PDF lisible.
check-fault-not-a-sheet = { $file } n'est pas une feuille de match Carambole.
check-fault-seal-broken = Le sceau de { $file } est rompu : le fichier de match a été modifié après la signature.
check-fault-not-signed = Il manque à { $file } la signature de l'arbitre ou d'un joueur.
check-fault-figures-differ = Les chiffres imprimés sur { $file } ne sont pas ceux du match tel qu'il a été joué.
check-fault-pages-differ = { $file } a été modifié après la signature : ses pages ne sont pas ce qu'imprime son fichier de match scellé.

## Sauvegarde et restauration

data-title = Sauvegarde et restauration
data-open = Sauvegarde et restauration…
data-settings-hint = Copier tous les matchs dans un fichier, ou les reprendre d'un fichier.
data-backup-heading = Sauvegarder
data-backup-explain = Une sauvegarde est une copie de tous les matchs, joueurs et réglages dans un seul fichier. L'écrire vide aussi la corbeille (les matchs de la corbeille restent dans la sauvegarde).
data-backup-now = Sauvegarder maintenant dans un fichier…
data-backup-title = Sauvegarder la base des matchs
data-backup-files = Sauvegardes Carambole
data-backed-up = Sauvegarde écrite dans { $path }.
data-backup-downloaded = Sauvegarde téléchargée sous le nom { $file }.
data-trash-emptied = { $count ->
    [one] Un match retiré de la corbeille pour de bon ; il est dans cette sauvegarde.
   *[other] { $count } matchs retirés de la corbeille pour de bon ; ils sont dans cette sauvegarde.
}
data-restore-heading = Restaurer
data-restore-explain = Remplacer toutes les données actuelles par un fichier de sauvegarde. Le fichier est d'abord vérifié, et seulement lu.
data-restore-file = Restaurer depuis un fichier…
data-restore-title = Choisir une sauvegarde à restaurer
data-restore-confirm-title = Remplacer toutes les données actuelles ?
data-restore-warning = La restauration remplace tous les matchs, joueurs et réglages actuels par ceux de cette sauvegarde. Une copie des données actuelles est d'abord gardée dans le dossier des sauvegardes.
data-restore-warning-download = La restauration remplace tous les matchs, joueurs et réglages actuels par ceux de cette sauvegarde. Une copie des données actuelles est d'abord téléchargée.
data-restore-confirm = Remplacer par cette sauvegarde
data-restore-keep = Garder les données actuelles
data-restore = Restaurer
data-restored = Données restaurées depuis { $file }. Les données précédentes sont gardées dans { $kept }.
data-restored-download = Données restaurées depuis { $file }. Une copie des données précédentes a été téléchargée sous le nom { $kept }.
data-restored-new = Données restaurées depuis { $file }.
data-automatic = Sauvegardes automatiques
data-automatic-explain = Carambole sauvegarde la base à chaque démarrage et garde les 7 dernières, dans son dossier de données.
data-automatic-none = Pas encore de sauvegarde automatique.
data-damaged = Cette sauvegarde est endommagée et ne peut pas être restaurée.
data-matches = { $count ->
    [one] un match
   *[other] { $count } matchs
}
data-size-kb = { $kb } Ko
data-error-restore-itself = Ce fichier est la base en cours d'utilisation. Choisissez un fichier de sauvegarde.
