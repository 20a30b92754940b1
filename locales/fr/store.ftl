## Stockage local : pannes de la base, matchs, import et export, sauvegardes

error-database-locked = La base des matchs est ouverte dans une autre fenêtre ou un autre programme Carambole. Fermez-la, puis réessayez.
error-database-read-only = La base des matchs ne peut pas être écrite (le fichier ou son dossier est en lecture seule). Votre fichier n'a pas été modifié.
error-database-not-a-file = { $file } n'est pas un fichier (c'est un dossier, un périphérique ou un tube) : il ne peut pas contenir la base des matchs. Choisissez un fichier.
error-database-foreign = Ce fichier n'est pas une base de matchs Carambole (il appartient à un autre programme) : il n'a pas été modifié. Choisissez un autre fichier.
error-database-missing = Il n'y a pas de base de matchs à l'emplacement { $file }. Rien n'a été créé ; vérifiez le chemin.
error-database-damaged = La base des matchs est endommagée : certaines de ses pages sont illisibles. Votre fichier est conservé tel quel ; restaurez une sauvegarde pour continuer.
error-disk-full = Le disque est plein : la dernière action n'a pas été enregistrée. Libérez de la place, puis réessayez.
error-file-system = Un fichier n'a pas pu être lu ou écrit : { $detail }
error-match-not-found = Le match { $id } n'existe pas.
error-match-signed = Le match { $id } est signé : sa feuille de match ne peut plus changer.
error-match-signed-delete = Le match { $id } est signé : c'est un document officiel. Confirmez une seconde fois pour le mettre à la corbeille.
error-match-in-trash = Le match { $id } est dans la corbeille. Restaurez-le d'abord.
error-match-not-in-trash = Le match { $id } n'est pas dans la corbeille.
error-match-not-finished = Le match { $id } n'est pas encore terminé.
error-import-too-large = Le fichier est trop gros pour un fichier de match (plus de { $max } octets).
error-import-not-text = Le fichier n'est pas un fichier texte.
error-import-duplicate = Ce match est déjà enregistré (match { $id }).
error-backup-onto-itself = Une sauvegarde ne peut pas écraser la base qu'elle copie. Choisissez un autre fichier.
error-backup-too-large = Le fichier de sauvegarde est trop gros : plus de { $max_mb } Mo. Choisissez une sauvegarde de Carambole.
error-text-too-long = Le texte est trop long ({ $max } caractères au plus).
error-text-control-chars = Le texte contient des caractères invisibles ou de contrôle.
error-signature-too-large = La signature est trop grande.
error-signature-duplicate = Cette personne a déjà signé.
error-no-such-player = Ce joueur n'existe pas.

## Ligne de commande
store-cli-import-about = Importe des fichiers de match (carambole-match) dans la base.
store-cli-import-files-help = Les fichiers de match à importer.
store-cli-export-about = Écrit un match dans un fichier de match (carambole-match).
store-cli-export-match-help = Le numéro du match (voir `list`).
store-cli-export-output-help = Le fichier à écrire.
store-cli-backup-about = Copie toute la base dans un fichier.
store-cli-backup-file-help = Le fichier de sauvegarde à écrire.
store-cli-restore-about = Remplace la base par une sauvegarde ; la base actuelle est d'abord gardée en copie.
store-cli-restore-file-help = Le fichier de sauvegarde à restaurer.
store-cli-list-about = Liste les matchs enregistrés en JSON.
store-cli-db-required = Aucune base indiquée : ajoutez --db CHEMIN.
store-cli-imported = { $file } : importé comme match { $id } ({ $events ->
    [one] { $events } événement
   *[other] { $events } événements
}).
store-cli-import-failed = { $file } : { $error }
store-cli-exported = Match { $id } écrit dans { $file }.
store-cli-backed-up = Sauvegarde écrite dans { $file }.
store-cli-restored = Base restaurée depuis { $file }. L'ancienne est gardée dans { $kept }.
store-cli-restored-new = Base restaurée depuis { $file }.
error-open-in-another-tab = Carambole est déjà ouvert dans un autre onglet de ce navigateur, qui détient les matchs. Utilisez cet onglet, ou fermez-le et rechargez celui-ci.
error-browser-storage = Ce navigateur ne donne à Carambole aucun stockage sur l'appareil : aucun match ne peut être conservé ({ $detail }). Utilisez un navigateur récent, hors navigation privée.
