## Application de l'arbitre : mots communs

ui-back = ← Retour
# A label before its value ("Referee: Dupont"): the language's own spacing.
ui-labelled = { $label } :
ui-cancel = Annuler
ui-close = Fermer

## Accueil : reprendre et historique

home-resume = Reprendre un match
home-resume-at-table = { $name } au billard, série { $run }
home-resume-go = Reprendre

## Nouveau match : tous les réglages

new-match-table = Billard
new-match-innings-limit = Limitation de reprises (vide : aucune)
new-match-sets = Manches
new-match-single-game = Sans manches
new-match-best-of = Au meilleur de { $sets } manches
new-match-set-target = Distance de chaque manche (points)
new-match-equalizing = Reprise d'égalisation
new-match-pause = Pause à mi-distance
new-match-shot-clock = Chronomètre
new-match-clock-seconds = Secondes par coup
new-match-clock-warning = Avertissement après (secondes)
new-match-timeouts = Temps morts par joueur
new-match-details = Compétition, lieu, arbitre
new-match-competition = Compétition
new-match-venue = Lieu
new-match-table-name = Billard (nom ou numéro)
new-match-referee = Arbitre
new-match-marker = Marqueur

## Tirage à la bande (R-LAG)

lag-title = Tirage à la bande
lag-instructions = Rouge sur la mouche haute, les deux billes de tir sur la ligne de départ. Les deux joueurs jouent ensemble vers la bande du haut ; la bille qui s'arrête le plus près de la bande du bas gagne.
lag-outcomes = Résultat du tirage
lag-closer = { $name } plus près
lag-not-simultaneous-by = Pas ensemble — { $name } en retard
lag-collision = Billes entrées en collision — à rejouer
lag-crossed = Collision — { $name } a franchi le milieu
lag-equal = Distance égale — à rejouer
lag-red-touched = { $name } a touché la rouge
lag-who-breaks = { $name } a gagné le tirage : qui engage ?
lag-breaks = { $name } engage

## Position de départ (R-START)

start-title = Position de départ
start-title-set = Manche { $set } : position de départ
start-breaker = { $name } engage avec la blanche, sur la mouche de côté de son choix.
start-side = Mouche de la bille de tir
start-side-left = Mouche gauche
start-side-right = Mouche droite
start-red-first = Rappel : l'acquit doit toucher la rouge en premier, directement ou par la bande.
start-break = Acquit joué — { $name } au billard

## Marque

scoring-title = Marque
scoring-of-target = sur { $target }
scoring-run = Série
scoring-innings = Reprises
scoring-average = Moyenne générale
scoring-high-run = Meilleure série
scoring-last-run = Dernière série
scoring-sets-won = Manches { $sets }
scoring-warnings = { $count ->
    [one] Un avertissement
   *[other] { $count } avertissements
}
scoring-timeouts-left = { $count ->
    [0] Plus de temps mort
    [one] Un temps mort restant
   *[other] { $count } temps morts restants
}
scoring-at-table = Au billard : { $name }
scoring-carom = Carambole +1
scoring-miss = Manqué
scoring-foul = Faute…
scoring-contact = Billes collées…
scoring-undo = Annuler…
scoring-pause = Pause
scoring-resume = Reprendre le jeu
scoring-paused = Pause — le jeu est arrêté
pause-left = Pause : encore { $time }
pause-over = La pause est terminée : le jeu reprend
scoring-more = Plus…
scoring-equalizing = Reprise d'égalisation — { $name } joue pour { $points }
scoring-set = Manche { $set }
scoring-innings-left = { $innings ->
    [one] Dernière reprise
   *[other] Encore { $innings } reprises
}
scoring-to-do = À faire avant le prochain coup
scoring-start-position = Position de départ
scoring-pause-start = Commencer la pause
scoring-foul-title = Quelle faute ?
scoring-off-which = Quelle bille a sauté ?
scoring-off-tick-first = Cochez la bille qui a sauté : la remise en place s'affiche ensuite.
scoring-off-occupied = Mouches occupées par des billes restées sur le billard
scoring-spot-free = Libre
scoring-record-foul = Enregistrer la faute
scoring-contact-title = Billes collées
scoring-contact-which = La bille de tir touche
scoring-contact-rule-compulsory = Sur ce billard, les trois billes sont replacées en position de départ.
scoring-contact-rule-choose-all = Le joueur choisit : replacer les trois billes en position de départ, ou jouer (la bille libre, la bande d'abord, ou un massé qui s'éloigne).
scoring-contact-rule-choose-touching = Le joueur choisit : replacer seulement les billes collées, ou jouer (la bille libre, la bande d'abord, ou un massé qui s'éloigne).
scoring-contact-respot = Replacer
scoring-contact-respot-compulsory = Replacer (obligatoire)
scoring-contact-play-on = Jouer
scoring-contact-cushion = Collée à la bande (annonce seulement)
scoring-contact-occupied = La { $ball } est-elle sur une mouche ?
scoring-contact-occupied-none = Non
scoring-undo-title = Annuler la dernière action
scoring-undo-what = Annuler : { $what } ?
scoring-undo-score = { $name } { $before } → { $after }
scoring-undo-confirm = Annuler l'action
scoring-undo-keep = Garder
scoring-time-out = Temps mort
scoring-time-expired = Temps ! (chronomètre)
scoring-warning = Avertissement à { $name }
scoring-forfeit = { $name } déclare forfait
scoring-forfeit-title = Forfait de { $name } ?
scoring-forfeit-explain = Le match s'arrête aussitôt et { $name } le perd.
scoring-forfeit-keep = Continuer le match
scoring-forfeit-confirm = Déclarer le forfait
scoring-second-warning-title = Second avertissement à { $name } ?
scoring-second-warning-explain = { $name } a déjà un avertissement : un second lui fait perdre le match.
scoring-second-warning-keep = Ne pas avertir
scoring-second-warning-confirm = Avertir : match perdu
scoring-forfeits = Forfait
scoring-scoreboard = Tableau d'affichage (plein écran)
scoring-scoreboard-window = Tableau d'affichage dans une autre fenêtre
scoring-keys = Raccourcis clavier

## Ce qu'annule une annulation

ui-event-lag = le tirage à la bande
ui-event-choose-breaker = le choix : { $name } engage
ui-event-break = l'acquit
ui-event-carom = le dernier point
ui-event-miss = le coup manqué (fin de reprise)
ui-event-inning = une reprise de { $run }
ui-event-foul = la faute « { $foul } »
ui-event-contact = les billes collées
ui-event-shot-clock = le temps (chronomètre)
ui-event-time-out = le temps mort
ui-event-pause-start = le début de la pause
ui-event-pause-end = la fin de la pause
ui-event-warning = l'avertissement à { $name }
ui-event-forfeit = le forfait de { $name }
ui-event-edit-inning = la reprise corrigée
ui-event-protest = la réclamation
ui-event-undo = l'annulation

## Zones (R-ZONE)

zone-title = Zones
zone-status-clear = Aucune annonce de zone
zone-status-entered = { $caroms ->
    [0] Entrée
    [one] Entrée : un point
   *[other] Entrée : { $caroms } points
}
zone-status-dedans = Dedans : le prochain point doit faire sortir une bille
zone-anchor = Ancre

## Chronomètre (R-CLOCK)

clock-label = Chronomètre

## Clavier

keys-title = Raccourcis clavier
keys-pause = Pause / reprise
keys-zone = À cheval / Entrée / Dedans

## Fin du match et feuille de match

end-title = Fin du match
end-signed = Signée : cette feuille de match est un document officiel et ne peut plus changer.
end-won = { $name } gagne ({ $reason })
end-draw = Match nul ({ $reason })
end-in-progress = Match en cours
end-reason-target = distance atteinte
end-reason-innings-limit = limitation de reprises
end-reason-sets = aux manches
end-reason-forfeit = forfait
end-reason-second-warning = second avertissement
end-totals = Totaux
end-totals-line = { $points ->
    [one] { $points } point
   *[other] { $points } points
} en { $innings ->
    [one] { $innings } reprise
   *[other] { $innings } reprises
}, moyenne générale { $average }, meilleure série { $high }
end-corrections = Corrections
ui-event-edit-setup = la modification : { $field }
details-open = Modifier les détails du match
details-title = Détails du match
details-hint = Chaque modification est notée sur la feuille de match.
details-save = Enregistrer
new-match-suggested = Suggéré : { $target } (moyenne { $average } sur { $matches ->
    [one] le dernier match
   *[other] les { $matches } derniers matchs
})
new-match-use-suggestion = Utiliser

## Tableau d'affichage

board-title = Tableau d'affichage
board-last-runs = Dernières séries
board-placement = { $ball } : { $spot }
board-placement-taken = { $ball } : { $spot } ({ $own } occupée par la { $by })
board-others-stay = Les autres billes restent où elles sont.
diagram-letter-white = B
diagram-letter-yellow = J
diagram-letter-red = R

## Réglages

settings-title = Réglages
settings-theme = Thème
settings-theme-auto = Comme le système
settings-theme-light = Clair
settings-theme-dark = Sombre
settings-voice = Voix
settings-voice-on = Dire les annonces
settings-average = Moyennes
settings-average-truncate = Tronquées à 3 décimales
settings-average-round = Arrondies à 3 décimales

## Erreurs des actions de l'arbitre

error-turn-changed = Non enregistré : la main était déjà passée à { $name }.
error-speech-engine-missing = Voix indisponible : le moteur de synthèse vocale ({ $engine }) n'est pas installé.
error-speech-failed = L'annonce n'a pas pu être dite : { $detail }
error-speech-too-long = Ce texte est trop long pour être dit ({ $max } caractères au plus).
error-stale-action = Non enregistré : le match avait changé entre-temps. L'écran le montre tel qu'il est.
web-update-ready = Une nouvelle version de Carambole est prête.
web-update-reload = Recharger maintenant
web-install = Installer Carambole sur cet appareil
web-memory-only = Ce navigateur ne peut pas conserver les matchs sur l'appareil : l'arbitrage fonctionne, mais tout est perdu à la fermeture de cet onglet. Utilisez un Chrome, Edge, Firefox ou Safari récent pour conserver vos matchs.
