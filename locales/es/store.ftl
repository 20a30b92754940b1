## Almacenamiento local: fallos de la base, partidas, importación y exportación, copias de seguridad

error-database-locked = La base de partidas está abierta en otra ventana o programa de Carambole. Ciérrela y vuelva a intentarlo.
error-database-read-only = La base de partidas no se puede escribir (el archivo o su carpeta son de solo lectura). Su archivo no se ha modificado.
error-database-not-a-file = { $file } no es un archivo (es una carpeta, un dispositivo o una tubería): no puede contener la base de partidas. Elija un archivo.
error-database-foreign = Este archivo no es una base de partidas de Carambole (pertenece a otro programa): no se ha modificado. Elija otro archivo.
error-database-missing = No hay ninguna base de partidas en { $file }. No se ha creado nada; compruebe la ruta.
error-database-damaged = La base de partidas está dañada: algunas de sus páginas no se pueden leer. Su archivo se conserva tal cual; restaure una copia de seguridad para continuar.
error-disk-full = El disco está lleno: la última acción no se ha guardado. Libere espacio y vuelva a intentarlo.
error-file-system = No se ha podido leer o escribir un archivo: { $detail }
error-match-not-found = La partida { $id } no existe.
error-match-signed = La partida { $id } está firmada: su hoja de anotación ya no puede cambiar.
error-match-signed-delete = La partida { $id } está firmada: es un documento oficial. Confirme una segunda vez para enviarla a la papelera.
error-match-in-trash = La partida { $id } está en la papelera. Restáurela primero.
error-match-not-in-trash = La partida { $id } no está en la papelera.
error-match-not-finished = La partida { $id } aún no ha terminado.
error-import-too-large = El archivo es demasiado grande para un archivo de partida (más de { $max } bytes).
error-import-not-text = El archivo no es un archivo de texto.
error-import-duplicate = Esta partida ya está guardada (partida { $id }).
error-backup-onto-itself = Una copia de seguridad no puede sobrescribir la base que copia. Elija otro archivo.
error-backup-too-large = El archivo de copia de seguridad es demasiado grande: más de { $max_mb } MB. Elija una copia de Carambole.
error-text-too-long = El texto es demasiado largo ({ $max } caracteres como máximo).
error-text-control-chars = El texto contiene caracteres invisibles o de control.
error-signature-too-large = La firma es demasiado grande.
error-signature-duplicate = Esta persona ya ha firmado.
error-no-such-player = Ese jugador no existe.

## Línea de órdenes
store-cli-import-about = Importa archivos de partida (carambole-match) a la base.
store-cli-import-files-help = Los archivos de partida que se importan.
store-cli-export-about = Escribe una partida en un archivo de partida (carambole-match).
store-cli-export-match-help = El número de la partida (véase `list`).
store-cli-export-output-help = El archivo que se escribe.
store-cli-backup-about = Copia toda la base en un archivo.
store-cli-backup-file-help = El archivo de copia de seguridad que se escribe.
store-cli-restore-about = Sustituye la base por una copia de seguridad; antes se guarda una copia de la base actual.
store-cli-restore-file-help = El archivo de copia de seguridad que se restaura.
store-cli-list-about = Lista las partidas guardadas en JSON.
store-cli-db-required = No se ha indicado ninguna base: añada --db RUTA.
store-cli-imported = { $file }: importado como partida { $id } ({ $events ->
    [one] { $events } evento
   *[other] { $events } eventos
}).
store-cli-import-failed = { $file }: { $error }
store-cli-exported = Partida { $id } escrita en { $file }.
store-cli-backed-up = Copia de seguridad escrita en { $file }.
store-cli-restored = Base restaurada desde { $file }. La anterior se guarda en { $kept }.
store-cli-restored-new = Base restaurada desde { $file }.
error-open-in-another-tab = Carambole ya está abierto en otra pestaña de este navegador, que tiene las partidas. Use esa pestaña, o ciérrela y vuelva a cargar esta.
error-browser-storage = Este navegador no da a Carambole almacenamiento en el dispositivo: no se puede guardar ninguna partida ({ $detail }). Use un navegador actual, fuera de la navegación privada.
