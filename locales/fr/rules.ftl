## Moteur de règles (carom-core) : disciplines, billards, billes, mouches, phases

discipline-libre = Partie libre
discipline-cadre-47-2 = Cadre 47/2
discipline-cadre-47-1 = Cadre 47/1
discipline-cadre-71-2 = Cadre 71/2
discipline-one-cushion = Une bande
discipline-three-cushion = Trois bandes

table-match = Match 2,84 × 1,42 m
table-half-match = Demi-match 2,30 × 1,15 m
table-small = Petit 2,10 × 1,05 m

ball-white = blanche
ball-yellow = jaune
ball-red = rouge

spot-top = mouche haute
spot-centre = mouche centrale
spot-bottom = mouche basse (centre de la ligne de départ)
spot-outer-left = mouche extérieure gauche de la ligne de départ
spot-outer-right = mouche extérieure droite de la ligne de départ
spot-lag-left = position gauche du tirage
spot-lag-right = position droite du tirage

phase-lag = Tirage à la bande
phase-break = Acquit
phase-play = Jeu
phase-equalizing-inning = Reprise d'égalisation
phase-set-over = Fin de manche
phase-finished = Match terminé

## Fautes (art. 8.2) : nom court et explication simple

foul-ball-off-table = Bille sautée
foul-ball-off-table-help = Une bille est tombée du billard ou a touché le bois du cadre. La reprise s'arrête et le coup ne compte pas.
foul-balls-not-still = Billes en mouvement
foul-balls-not-still-help = Le joueur a joué avant l'arrêt des trois billes.
foul-ball-touched = Bille touchée
foul-ball-touched-help = Une bille a été touchée avec la main, un vêtement, la craie ou autre chose que le procédé.
foul-push-shot = Queutage
foul-push-shot-help = La queue était encore au contact de la bille quand elle a touché une autre bille ou la bande, l'a touchée deux fois, ou le joueur a joué sur une bille ou une bande collée sans massé.
foul-not-with-tip = Bille frappée hors procédé
foul-not-with-tip-help = La bille de tir a été frappée avec une autre partie de la queue que le procédé.
foul-no-foot-on-floor = Aucun pied au sol
foul-no-foot-on-floor-help = Le joueur n'avait aucun pied au sol au moment de frapper.
foul-table-marked = Marque sur le billard
foul-table-marked-help = Le joueur a fait une marque sur une bande, le tapis ou le cadre pour viser.
foul-wrong-ball = Mauvaise bille
foul-wrong-ball-help = Le joueur a joué la bille de son adversaire. Les points faits auparavant dans la série restent acquis.
foul-zone-not-left = Bille non sortie de la zone
foul-zone-not-left-help = Après « dedans », le carambole suivant doit faire sortir une bille de la zone ; celui-ci ne l'a pas fait.
foul-left-the-room = Sortie de la salle
foul-left-the-room-help = Le joueur a quitté la salle pendant sa série.
foul-red-not-hit-first = Acquit sans la rouge en premier
foul-red-not-hit-first-help = L'acquit doit toucher d'abord la rouge, directement ou par la bande.

## Annonces (art. 9 et 17)

announce-lag-won = { $name } gagne le tirage et choisit qui engage
announce-relag-not-simultaneous = Tirage à refaire : départ non simultané
announce-relag-collision = Tirage à refaire : les billes se sont touchées
announce-relag-equal-distance = Tirage à refaire : égalité de distance
announce-break = { $name } engage
announce-break-set = Manche { $set } : { $name } engage
announce-count = { $run }
announce-plays-for = { $name } joue pour { $points ->
    [one] { $points } point
   *[other] { $points } points
}
announce-innings-left = { $innings ->
    [one] Encore une reprise
   *[other] Encore { $innings } reprises
}
announce-penultimate-inning = Avant-dernière reprise
announce-last-inning = Dernière reprise
announce-turn = { $name }, { $points }
announce-turn-inning = { $name }, { $points }, reprise { $inning }
announce-zone-a-cheval = À cheval{ $place ->
    [anchor] {" "}(ancre)
   *[field] {""}
}
announce-zone-entree = Entrée{ $place ->
    [anchor] {" "}dans l'ancre
   *[field] {""}
}
announce-zone-dedans = Dedans{ $place ->
    [anchor] {" "}l'ancre
   *[field] {""}
}
announce-contact-ball = Bille collée
announce-contact-cushion = Collée à la bande
announce-foul = Faute
announce-shot-clock-expired = Temps
announce-time-out = Temps mort { $left ->
    [0] (plus de temps mort)
    [one] (encore un temps mort)
   *[other] (encore { $left } temps morts)
}
announce-equalizing-inning = Reprise d'égalisation pour { $name }
announce-set-won = Manche { $set } pour { $name }
announce-set-drawn = Manche { $set } nulle
announce-match-won = Match gagné par { $name }
announce-match-drawn = Match nul
announce-pause-start = Pause de { $minutes ->
    [one] une minute
   *[other] { $minutes } minutes
}
announce-pause-end = Reprise du jeu
announce-warning = { $count ->
    [one] Avertissement à { $name }
   *[other] Second avertissement à { $name } : match perdu
}
announce-forfeit = Forfait de { $name }
announce-correction = Correction : { $name }, { $points }

## Indications pour l'arbitre

guide-lag = Tirage à la bande : rouge sur la mouche haute, les deux billes de tir sur la ligne de départ, entre les mouches extérieures et les grandes bandes. Les deux joueurs tirent ensemble vers la bande du haut.
guide-start = Position de départ : rouge sur la mouche haute, la bille de l'adversaire au centre de la ligne de départ, la bille du joueur qui engage sur la mouche extérieure de son choix. L'acquit doit toucher d'abord la rouge.
guide-choose-breaker = Le gagnant du tirage choisit qui engage.
guide-contact-choose = Billes collées : demander au joueur — replacer, ou jouer (bille libre, bande d'abord ou massé).
guide-contact-respot-compulsory = Billes collées : les trois billes sont replacées en position de départ.
guide-contact-respot-all = Replacer les trois billes en position de départ.
guide-contact-respot-touching = Replacer seulement les billes collées : rouge sur la mouche haute, la bille du joueur sur la mouche basse, celle de l'adversaire sur la mouche centrale ; si sa mouche est occupée, une bille va sur la mouche de la bille qui l'occupe.
guide-off-table-respot-all = Bille sautée : les trois billes sont replacées en position de départ.
guide-off-table-respot-jumped = Bille sautée : seule la bille sautée est replacée (rouge mouche haute, bille du joueur qui va jouer mouche basse, l'autre mouche centrale ; si elle est occupée, sur la mouche de la bille qui l'occupe).
guide-zone-dedans = « Dedans » : le prochain carambole doit faire sortir une bille de la zone.
guide-pause-due = Pause de { $minutes ->
    [one] une minute
   *[other] { $minutes } minutes
} à accorder (les joueurs peuvent y renoncer).
guide-next-set = Manche { $set } : placer les billes pour l'acquit.

## Erreurs du moteur de règles

error-setup-name-empty = Saisissez le nom du joueur.
error-setup-name-too-long = Le nom est trop long : { $max } caractères au plus.
error-setup-name-control-chars = Le nom contient des caractères non imprimables.
error-setup-target-out-of-range = La distance doit être comprise entre { $min } et { $max } points.
error-setup-innings-limit-out-of-range = La limitation de reprises doit être comprise entre { $min } et { $max }.
error-setup-best-of-invalid = Les manches se jouent au meilleur d'un nombre impair de 1 à 9.
error-setup-set-target-out-of-range = La distance d'une manche doit être comprise entre { $min } et { $max } points.
error-setup-shot-clock-invalid = Les réglages du chronomètre sont hors limites.
error-setup-pause-invalid = Les réglages de la pause sont hors limites.
error-setup-text-too-long = { $field ->
    [referee] Le nom de l'arbitre
    [marker] Le nom du marqueur
    [competition] Le nom de la compétition
    [venue] Le nom du lieu
    [table_name] Le nom de la table
    [date] Le texte de la date
    [club] Le nom du club
   *[other] { $field }
} est trop long : { $max } caractères au plus.
error-setup-text-control-chars = { $field ->
    [referee] Le nom de l'arbitre
    [marker] Le nom du marqueur
    [competition] Le nom de la compétition
    [venue] Le nom du lieu
    [table_name] Le nom de la table
    [date] Le texte de la date
    [club] Le nom du club
   *[other] { $field }
} contient des caractères non imprimables.
error-play-match-finished = Le match est terminé.
error-play-not-started = Le match n'a pas commencé : d'abord l'acquit.
error-play-set-over = La manche est terminée : la suivante commence par l'acquit.
error-play-already-started = L'acquit a déjà été joué.
error-play-lag-over = Le tirage à la bande est terminé.
error-play-lag-winner-and-relag = Un tirage à la bande a un gagnant ou est rejoué, pas les deux.
error-play-lag-cause-without-relag = Seul un tirage rejoué peut être causé par un joueur.
error-play-lag-red-touched-and-outcome = Quand une bille du tirage touche la rouge, le tirage n'a pas de gagnant et n'est pas rejoué.
error-play-too-many-sets = Aucune autre manche ne peut être jouée dans ce match.
error-play-contact-own-ball = La bille de tir ne peut pas être collée à elle-même : indiquez l'autre bille.
error-play-contact-occupied-invalid = Les mouches occupées ne conviennent pas à ces billes collées : seulement en trois bandes quand les billes collées sont replacées, sur la mouche haute, centrale ou basse, occupée par la bille qui n'est pas collée.
error-play-off-table-no-ball = Indiquez quelle bille a sauté.
error-play-wrong-breaker = Un autre joueur a été choisi pour engager.
error-play-paused = Le match est en pause.
error-play-not-paused = Le match n'est pas en pause.
error-play-already-paused = Le match est déjà en pause.
error-play-pause-during-run = Pas de pause pendant une série.
error-play-run-too-long = Une série de { $run } dépasse { $max ->
    [one] le { $max } point
   *[other] les { $max } points
} que le joueur peut encore faire.
error-play-no-zones = Cette discipline n'a pas de zones.
error-play-no-anchors = Cette discipline n'a pas d'ancres.
error-play-anchor-before-field = Annoncer le cadre avant l'ancre.
error-play-already-dedans = « Dedans » a déjà été annoncé.
error-play-no-dedans = « Dedans » n'a pas été annoncé.
error-play-not-the-break-shot = Seul l'acquit doit toucher la rouge en premier.
error-play-respot-compulsory = Sur ce billard, les billes doivent être replacées.
error-play-no-shot-clock = Ce match n'a pas de chronomètre.
error-play-no-time-outs-left = Plus de temps mort.
error-play-not-at-table = Seul le joueur au billard peut prendre un temps mort.
error-play-nothing-to-undo = Il n'y a rien à annuler.
error-play-no-such-inning = Cette reprise terminée n'existe pas dans ce match.
error-play-edit-reaches-target = Une reprise corrigée ne peut pas atteindre la distance.
error-play-full-distance-credited = Le joueur a fait sa distance après « pour 1 » : elle lui reste acquise.
error-play-target-already-reached = Le joueur a déjà atteint sa distance.
error-play-protest-invalid = Le texte de la réclamation est vide, trop long ou non imprimable.
error-play-setup-value-mismatch = Cette valeur ne convient pas au champ { $field }.
setup-field-competition = Compétition
setup-field-venue = Lieu
setup-field-table-name = Billard
setup-field-referee = Arbitre
setup-field-marker = Marqueur
setup-field-shot-clock = Chronomètre
error-file-invalid-json = Le fichier de match n'est pas du JSON valide (ligne { $line }, colonne { $column }).
error-file-unknown-field = Le fichier de match contient un champ inconnu (ligne { $line }, colonne { $column }).
error-file-missing-field = Il manque un champ au fichier de match (ligne { $line }, colonne { $column }).
error-file-invalid-field = Le fichier de match contient une valeur invalide (ligne { $line }, colonne { $column }).
error-file-unsupported-format = Format de fichier de match non pris en charge : « { $format } ».
error-file-unknown-event-type = événement { $index } : type d'événement inconnu « { $type } ».
error-file-unknown-event-field = événement { $index } : champ inconnu.
error-file-no-such-player = événement { $index } : nomme un joueur qui n'existe pas (les joueurs sont 0 et 1).
error-file-invalid-event = événement { $index } : événement non valide.
error-file-off-table-no-ball = événement { $index } : en trois bandes, une bille sautée doit être nommée (champ « { $field } ») ; seuls les fichiers carambole-match/1 peuvent l'omettre.
error-file-lag-red-touched-and-outcome = événement { $index } : quand une bille du tirage touche la rouge, le tirage n'a pas de gagnant et n'est pas rejoué (champ « { $field } ») ; seuls les fichiers carambole-match/1 peuvent donner les deux.
