# Wording 1 of the printed score sheet (frozen): the messages a sheet sealed without a
# "wording" option was printed with. Never edit: verification renders such sheets again
# with exactly these words. (From locales/fr/sheet.ftl and rules.ftl as of 2026-12.)

## Feuille de match (PDF) : titre, en-tête, joueurs
sheet-title = Feuille de match
sheet-header = Rencontre
sheet-competition = Compétition
sheet-venue = Lieu
sheet-table = Billard
sheet-date = Date
sheet-start = Début
sheet-end = Fin
sheet-discipline = Mode de jeu
sheet-distance = Distance
sheet-distance-points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
sheet-handicap = Handicap
sheet-innings-limit = Limitation de reprises
sheet-no-limit = aucune
sheet-sets-format = Manches
sheet-no-sets = aucune
sheet-best-of = au meilleur des { $n }
sheet-referee = Arbitre
sheet-marker = Marqueur
sheet-players = Joueurs
sheet-player = Joueur
sheet-player-1 = Joueur 1
sheet-player-2 = Joueur 2
sheet-name = Nom
sheet-club = Club
sheet-ball = Bille
sheet-ball-white = Blanche
sheet-ball-yellow = Jaune
sheet-target = Distance

## Modes de jeu tels qu'imprimés
sheet-discipline-libre = Partie libre
sheet-discipline-cadre-47-2 = Cadre 47/2
sheet-discipline-cadre-47-1 = Cadre 47/1
sheet-discipline-cadre-71-2 = Cadre 71/2
sheet-discipline-one-cushion = Une bande
sheet-discipline-three-cushion = Trois bandes

## Grille des reprises
sheet-innings-grid = Reprises
sheet-inning-short = Rep.
sheet-run = Série
sheet-total = Total
sheet-equalizing-inning = reprise d'égalisation
sheet-foul-mark = F
sheet-foul-note = reprise terminée sur une faute
sheet-set = Manche { $n }
sheet-set-score = Score
sheet-set-winner = gagnée par { $name }

## Totaux et résultat
sheet-totals = Totaux
sheet-points = Points
sheet-innings = Reprises
sheet-general-average = Moyenne générale
sheet-high-run = Meilleure série
sheet-best-game-average = Moyenne particulière
sheet-sets-won = Manches gagnées
sheet-average-rule-truncate = Moyennes tronquées à 3 décimales.
sheet-average-rule-round = Moyennes arrondies à 3 décimales.
sheet-result = Résultat
sheet-result-win = { $name } gagne
sheet-result-forfeit = { $name } gagne par forfait
sheet-result-draw = Match nul

## Corrections, avertissements, réclamations
sheet-corrections = Corrections
sheet-no-corrections = Aucune correction pendant la partie.
sheet-time = Heure
sheet-correction = Correction
sheet-correction-undo = Événement { $event } annulé ({ $what })
sheet-event-carom = carambole
sheet-event-miss = manque
sheet-event-inning = reprise
sheet-event-foul = faute
sheet-event-edit-inning = reprise corrigée
sheet-event-warning = avertissement
sheet-event-protest = réclamation
sheet-event-edit-setup = détails du match modifiés
sheet-event-lag = tirage à la bande
sheet-event-choose-breaker = choix du joueur qui engage
sheet-event-break = coup d’envoi
sheet-event-contact = billes collées
sheet-event-zone = annonce de zone
sheet-event-shot-clock-expired = temps écoulé
sheet-event-time-out = temps mort
sheet-event-pause-start = début de pause
sheet-event-pause-end = fin de pause
sheet-event-forfeit = forfait
sheet-event-undo = annulation
sheet-correction-edit = { $name }, reprise { $inning } : série corrigée de { $before } à { $after }
sheet-correction-setup = { $field } : { $before } → { $after }
sheet-setup-none = aucun
sheet-warnings = Avertissements
sheet-no-warnings = Aucun avertissement.
sheet-reason = Motif
sheet-reclamations = Réclamations
sheet-no-reclamations = Aucune réclamation.

## Signatures et sceau
sheet-signatures = Signatures
sheet-role-referee = Arbitre
sheet-role-player-1 = Joueur 1
sheet-role-player-2 = Joueur 2
sheet-signed-at = signé le { $date } à { $time }
sheet-seal = Sceau électronique
sheet-digest = SHA-256 de la feuille jointe
sheet-digest-short = SHA-256
sheet-key = Clé de l'appareil
sheet-key-short = Clé
sheet-signature-ed25519 = Signature Ed25519
sheet-seal-note = Le fichier de la partie (match.json) est joint à ce PDF. « carambole verify » vérifie qu'il est intact, qu'il redonne les totaux imprimés ici et que la signature correspond à la clé de l'appareil.
sheet-page = Page { $n } sur { $total }

table-match = Match 2,84 × 1,42 m
table-half-match = Demi-match 2,30 × 1,15 m
table-small = Petit 2,10 × 1,05 m
setup-field-competition = Compétition
setup-field-venue = Lieu
setup-field-table-name = Billard
setup-field-referee = Arbitre
setup-field-marker = Marqueur
setup-field-shot-clock = Chronomètre
