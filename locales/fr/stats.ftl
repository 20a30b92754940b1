## Joueurs, statistiques personnelles, graphiques et classement du club

## Accueil
players-title = Joueurs
ranking-title = Classement du club

## Liste des joueurs
players-search = Chercher un joueur
players-add = Nouveau joueur
players-name = Nom
players-club = Club
players-licence = Numéro de licence
players-notes = Notes
players-save = Enregistrer
players-cancel = Annuler
players-edit = Modifier
players-none = Aucun joueur pour l'instant. Les joueurs s'ajoutent ici ou en enregistrant un match.
players-count = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
players-licence-line = Licence { $licence }
players-matches = Matchs
players-no-matches = Aucun match pour l'instant.
players-match-vs = { $a } contre { $b }
players-more = Plus de matchs
players-merge = Fusionner une autre fiche
players-merge-help = Deux fiches pour la même personne (une faute de frappe, un club oublié) : choisissez l'autre fiche ; ses matchs passent à ce joueur et l'autre fiche est supprimée.
players-merge-pick = L'autre fiche
players-merge-confirm = Fusionner « { $merged } » dans « { $kept } »
players-merge-done = { $count ->
    [one] { $count } match transféré à { $name }.
   *[other] { $count } matchs transférés à { $name }.
}
players-error-not-found = Ce joueur n'existe pas.
players-error-merge-same = Un joueur ne peut pas être fusionné avec lui-même.
players-error-no-conflict = Ce joueur n'a pas de conflit ouvert entre deux appareils : il a peut-être été résolu sur un autre appareil.
players-error-duplicate = Un autre joueur porte déjà ce nom dans ce club : fusionnez plutôt les deux fiches.
players-error-unknown-name = Aucun joueur ne s'appelle « { $name } ».
players-error-ambiguous-name = Plusieurs joueurs s'appellent « { $name } » (clubs : { $clubs }) : ajoutez --club.

## Statistiques
stats-title = Statistiques
stats-all-disciplines = Tous les modes de jeu
stats-discipline = Mode de jeu
stats-matches = Matchs
stats-won = Gagnés
stats-drawn = Nuls
stats-lost = Perdus
stats-points = Points
stats-innings = Reprises
stats-general-average = Moyenne générale
stats-best-game-average = Moyenne particulière
stats-high-run = Meilleure série
stats-innings-per-match = Reprises par match
stats-handicap-target = Handicap conseillé
stats-form = Forme (10 derniers)
stats-form-average = Moyenne sur les 10 derniers
stats-runs = Répartition des séries
stats-head-to-head = Face-à-face
stats-opponent = Adversaire
stats-date = Date
stats-result = Résultat
stats-record = { $won } V · { $drawn } N · { $lost } D
stats-outcome-won = V
stats-outcome-drawn = N
stats-outcome-lost = D
stats-outcome-won-long = gagné
stats-outcome-drawn-long = nul
stats-outcome-lost-long = perdu
stats-no-stats = Aucun match terminé pour l'instant.
stats-export-csv = Exporter en CSV
stats-exported = Enregistré dans { $path }
stats-error-out-of-range = Entrez un nombre de { $min } à { $max }.
stats-error-bad-date = « { $date } » n'est pas une date (AAAA-MM-JJ).
stats-error-no-folder = Aucun dossier où enregistrer le fichier.
stats-cli-about = Afficher les statistiques d'un joueur par mode de jeu en JSON (ou CSV)
stats-cli-player-help = Le nom du joueur
stats-cli-club-help = Son club, si plusieurs joueurs portent le même nom
stats-cli-discipline-help = Seulement ce mode de jeu (libre, cadre-47-2, cadre-47-1, cadre-71-2, one-cushion, three-cushion)
stats-cli-from-help = Seulement les matchs joués à partir de ce jour (AAAA-MM-JJ)
stats-cli-until-help = Seulement les matchs joués jusqu'à ce jour (AAAA-MM-JJ)
stats-cli-csv-help = Afficher du CSV au lieu du JSON
stats-cli-db-required = Aucune base de données : ajoutez --db CHEMIN.

## Graphiques
chart-average-title = Moyenne générale par match
chart-average-desc = { $count ->
    [one] Moyenne générale de { $count } match, avec sa tendance.
   *[other] Moyenne générale de chacun des { $count } matchs, du plus ancien au plus récent, avec la tendance.
}
chart-trend = Tendance
chart-trend-line = Tendance : { $slope } par match
chart-runs-title = Répartition des séries
chart-runs-desc = Combien de reprises se sont terminées sur chaque série.
chart-high-runs-title = Meilleure série par match
chart-high-runs-desc = La meilleure série de chaque match, du plus ancien au plus récent.
chart-axis-matches = Matchs, du plus ancien au plus récent
chart-axis-run = Série
chart-axis-innings = Reprises

## Classement du club
ranking-discipline = Mode de jeu
ranking-from = Du
ranking-until = Au
ranking-club = Club
ranking-all-clubs = Tous les clubs
ranking-rank = Rang
ranking-player = Joueur
ranking-empty = Aucun match terminé dans ce mode de jeu sur cette période.
ranking-handicap-rule = Règle de handicap
ranking-handicap-factor = Moyenne multipliée par
ranking-handicap-minimum = Distance minimale
ranking-handicap-save = Enregistrer la règle
ranking-handicap-formula = Distance conseillée = moyenne générale × { $factor }, arrondie, au moins { $minimum }.
ranking-cli-about = Afficher le classement du club dans un mode de jeu en JSON (ou CSV)
ranking-cli-discipline-help = Le mode de jeu (libre, cadre-47-2, cadre-47-1, cadre-71-2, one-cushion, three-cushion)
ranking-cli-club-help = Seulement les joueurs de ce club
