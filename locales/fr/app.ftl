## App shell and home screen
app-title = Carambole
app-tagline = Marqueur de billard français
# The Linux desktop entry (cargo xtask package): Name= is app-title, GenericName= app-tagline.
app-desktop-comment = Marquez les matchs de billard carambole et signez la feuille de match, hors ligne
language-label = Langue
language-en = English
language-fr = Français
language-es = Español
home-matches = Matchs
home-no-matches = Aucun match pour l'instant. Créez le premier.
home-new-match = Nouveau match
home-match-vs = { $a } contre { $b }
home-match-targets = distance { $a } – { $b ->
    [one] { $b } point
   *[other] { $b } points
}
match-status-setup = Pas commencé
match-status-in-progress = En cours
match-status-finished = Terminé

## New match form
new-match-title = Nouveau match
new-match-player-a = Joueur 1
new-match-player-b = Joueur 2
new-match-name-placeholder = Nom
new-match-discipline = Mode de jeu
new-match-target = Distance (points)
new-match-create = Créer le match
new-match-cancel = Annuler
new-match-created = Match créé : { $a } contre { $b }

## Disciplines (short labels used in lists and forms)
app-discipline-libre = Partie libre
app-discipline-cadre-47-2 = Cadre 47/2
app-discipline-cadre-47-1 = Cadre 47/1
app-discipline-cadre-71-2 = Cadre 71/2
app-discipline-one-cushion = Une bande
app-discipline-three-cushion = Trois bandes

## Errors shown to the user (the app sends codes; these are their words)
error-name-empty = Saisissez le nom du joueur.
error-name-too-long = Le nom est trop long : { $max } caractères au plus.
error-name-control-chars = Le nom contient des caractères non imprimables.
error-target-out-of-range = La distance doit être comprise entre { $min } et { $max } points.
error-same-players = Les deux joueurs doivent être des personnes différentes.
error-database = La base des matchs est inutilisable : { $detail }
error-internal = Une erreur s'est produite : { $detail }
error-request-invalid = La demande « { $command } » est illisible : { $detail }
error-database-newer = Cette base de matchs a été écrite par une version plus récente de Carambole. Mettez l'application à jour ; votre fichier n'a pas été modifié.
error-database-corrupt = La base des matchs est endommagée : { $detail }

error-no-backup = Il n'y a aucune sauvegarde automatique à restaurer.
error-database-is-fine = La base des matchs fonctionne ; il n'y a rien à restaurer.
app-restore-backup = Restaurer la dernière sauvegarde
app-restore-hint = Votre fichier actuel sera conservé dans le dossier des sauvegardes.

## Command line
cli-about = Carambole — marqueur de billard français. Sans commande, ouvre l'application.
cli-error-prefix = erreur
cli-db-help = Le fichier de la base des matchs (par défaut : carambole.sqlite dans le dossier de données de l'application)
cli-window-size-help = La taille initiale de la fenêtre, par exemple 390x844
cli-replay-about = Rejoue un fichier de match (carambole-match) et affiche le résultat en JSON
cli-replay-announcements-help = Affiche aussi la suite des annonces
cli-replay-file-help = Le fichier de match
cli-error-at-event = événement { $index } : { $error }
cli-error-read-file = impossible de lire { $detail }
cli-serve-about = Lance l'application sans fenêtre pour un autre programme : requêtes JSON sur l'entrée standard, une ligne de réponse chacune sur la sortie standard
cli-serve-long-about = Lance l'application sans fenêtre pour un autre programme (il faut --db CHEMIN).
    Chaque ligne de l'entrée standard est une requête : {"{"}"command": NOM, "args": REQUÊTE{"}"}, une commande du catalogue de l'application avec sa requête, telle que la fenêtre l'envoie.
    Chaque requête reçoit une ligne sur la sortie standard, dans l'ordre, écrite une fois la commande terminée (et sa modification enregistrée) : {"{"}"ok": RÉPONSE{"}"} ou {"{"}"error": {"{"}"code": …, "args": …{"}"}{"}"}.
    Une ligne qui n'est pas une requête reçoit une ligne d'erreur ; le service continue. Il s'arrête à la fin de l'entrée.

## File names the app gives its exports (no accents needed; no / \ : * ? " < > |)
file-statistics = statistiques
file-ranking = classement
file-backup = carambole-sauvegarde
