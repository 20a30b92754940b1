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
sheet-set-score = Score :
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
sheet-no-corrections = Aucune correction pendant le match.
sheet-time = Heure
sheet-correction = Correction
sheet-correction-undo = Annulation : { $what }
sheet-correction-undo-player = Annulation : { $what }, { $name }
sheet-correction-undo-inning = Annulation : { $what }, { $name }, reprise { $inning }
sheet-event-carom = carambole
sheet-event-miss = manque
sheet-event-inning = série
sheet-event-foul = faute
sheet-event-edit-inning = reprise corrigée
sheet-event-warning = avertissement
sheet-event-protest = réclamation
sheet-event-edit-setup = détails du match modifiés
sheet-event-lag = tirage à la bande
sheet-event-choose-breaker = choix du joueur qui engage
sheet-event-break = acquit
sheet-event-contact = billes collées
sheet-event-zone = annonce de zone
sheet-event-shot-clock-expired = temps écoulé
sheet-event-time-out = temps mort
sheet-event-pause-start = début de pause
sheet-event-pause-end = fin de pause
sheet-event-forfeit = forfait
sheet-event-undo = annulation
sheet-correction-edit = { $name }, reprise { $inning } : série corrigée de { $before } à { $after }
sheet-correction-setup = { $field } : { $before } → { $after }
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
sheet-seal-note = Le fichier du match (match.json) est joint à ce PDF. « carambole verify » vérifie qu'il est intact, qu'il redonne les totaux imprimés ici et que la signature correspond à la clé de l'appareil.
sheet-page = Page { $n } sur { $total }

## Erreurs à la production d'une feuille
sheet-error-missing-signature = La feuille de match n'est pas signée par : { $role }.
sheet-error-duplicate-signature = Signature en double : { $role }.
sheet-error-empty-signature = La signature ({ $role }) est vide : signez à nouveau.
sheet-error-match-not-finished = Le match n'est pas terminé : il n'y a pas encore de résultat à porter sur la feuille.
sheet-error-invalid-document = La feuille de match n'est pas valide : { $detail }
sheet-error-layout = La feuille de match n'a pas pu être mise en page : { $detail }

## Vérification d'une feuille signée
sheet-verify-valid = valide
sheet-verify-not-a-pdf = Ce n'est pas un PDF lisible : { $detail }
sheet-verify-attachment-missing = Le PDF n'a pas de pièce jointe { $name } : ce n'est pas une feuille Carambole, ou la pièce jointe a été retirée.
sheet-verify-envelope-invalid = Le fichier du match joint n'est pas valide : { $detail }
sheet-verify-seal-invalid = Le sceau joint n'est pas valide : { $detail }
sheet-verify-digest-mismatch = Le fichier du match joint a été modifié : son SHA-256 est { $computed }, le sceau indique { $sealed }.
sheet-verify-bad-signature = La signature ne correspond pas au fichier du match joint et à la clé de l'appareil.
sheet-verify-replay-failed = Le fichier du match joint ne se rejoue pas (événement { $event }) : { $detail }
sheet-verify-grid-differs = Manche { $set }, reprise { $inning } : les reprises de la feuille ne sont pas celles de le match rejoué.
sheet-verify-totals-differ = { $name } : { $field } vaut { $printed } sur la feuille mais { $replayed } quand on rejoue le match.
sheet-verify-extra-attachment = Le PDF contient une pièce jointe { $name } en plus du fichier du match et du sceau.
sheet-verify-page-count-differs = Le PDF a { $found } pages là où le fichier du match scellé en imprime { $expected } : des pages ont été retirées, ajoutées ou répétées.
sheet-verify-page-differs = Page { $page } : { $part ->
    [content] ce qu'elle imprime n'est pas ce qu'imprime le fichier du match scellé
    [font] une police qu'elle emploie n'est pas celle de la feuille
    [image] une image qu'elle montre (le code QR) n'est pas celle de la feuille
    [drawing] un dessin qu'elle place (une signature) n'est pas celui de la feuille
    [layout] son format, ses marges ou son orientation ne sont pas ceux de la feuille
   *[other] ce qu'elle emploie pour dessiner n'est pas celui de la feuille
}.
sheet-verify-page-annotations = La page { $page } porte des notes, liens ou champs de formulaire dessinés par-dessus que la feuille scellée n'a pas.
sheet-verify-active-content = Le PDF contient { $what } (actions, scripts ou formulaires qu'un lecteur exécute ou affiche) que la feuille scellée n'a pas.
sheet-verify-document-differs = Le PDF diffère de la feuille qu'imprime son fichier du match scellé, en { $path }.
