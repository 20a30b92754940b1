## Historial: partidas guardadas, búsqueda, papelera, archivos de partida

history-title = Historial de partidas
history-player = Jugador
history-player-hint = Parte del nombre
history-discipline = Modalidad
history-discipline-all = Todas las modalidades
history-status = Estado
history-status-all = Todas las partidas
history-status-unfinished = Sin terminar
history-status-finished = Terminadas
history-from = Desde
history-until = Hasta
history-clear = Borrar la búsqueda
history-none = Ninguna partida coincide con esta búsqueda.
history-pages = Páginas del historial
history-page = Página { $n }
history-previous = ← Más recientes
history-next = Más antiguas →
history-sets = mangas { $a } – { $b }
history-signed = Firmada
history-view-sheet = Ver la hoja de anotación
history-resume = Continuar
history-export = Exportar
history-delete = Eliminar
history-match-label = { $a } contra { $b }, { $discipline }, { $date }
history-delete-title = ¿Eliminar esta partida?
history-delete-explain = La partida va a la papelera. Puede recuperarla de la papelera hasta la próxima copia de seguridad: Carambole hace una cada vez que se inicia, y cuando usted hace una copia ahora.
history-delete-explain-web = La partida va a la papelera. Puede recuperarla de la papelera hasta su próxima copia de seguridad (Copia de seguridad y restauración): la copia la conserva.
history-delete-confirm = Mover a la papelera
history-delete-keep = Conservar la partida
history-deleted = Movida a la papelera: { $match }.
history-delete-signed-title = Esta partida está firmada. ¿Eliminarla de todos modos?
history-delete-signed-explain = Su hoja de anotación fue firmada: es el documento oficial de la partida. Elimínela solo si se registró por error.
history-delete-signed-keep = Conservar la partida firmada
history-delete-signed-confirm = Eliminar la partida firmada
history-restored = Recuperada: { $match }.
history-trash = Papelera ({ $count })
history-trash-title = Papelera
history-trash-explain = Las partidas eliminadas quedan aquí hasta la próxima copia de seguridad, hecha cada vez que Carambole se inicia o cuando usted hace una copia ahora. Esa copia todavía las contiene; después la papelera se vacía definitivamente.
history-trash-empty = La papelera está vacía.
history-deleted-on = eliminada el { $date }
history-restore = Recuperar
history-read-only = Partida terminada: solo lectura. Su hoja de anotación no puede cambiarse aquí.
history-signatures = Firmas
history-export-file = Exportar el archivo de partida…
history-export-pdf = Guardar el PDF firmado
history-continue-signing = Continuar con las firmas
history-export-title = Exportar el archivo de partida
history-exported = Archivo de partida guardado: { $path }
history-import = Importar archivos de partida…
history-import-title = Importar archivos de partida
history-match-files = Archivos de partida (carambole-match)
history-import-imported = { $count ->
    [0] Ninguna partida importada.
    [one] Una partida importada.
   *[other] { $count } partidas importadas.
}
history-import-duplicates = { $count ->
    [0] {""}
    [one] Una ya guardada, omitida.
   *[other] { $count } ya guardadas, omitidas.
}
history-import-rejected = { $count ->
    [0] {""}
    [one] Un archivo rechazado:
   *[other] { $count } archivos rechazados:
}
history-import-file = { $file }: { $reason }
history-import-duplicate = ya guardada como partida { $id }, omitida.
history-error-date = Escriba una fecha como año-mes-día, por ejemplo 2025-03-31.
history-error-date-order = La fecha «hasta» es anterior a la fecha «desde».

## Comprobar una hoja de anotación firmada (un PDF hecho en este dispositivo o en otro)

check-open = Comprobar una hoja de anotación…
check-title = Comprobar una hoja de anotación firmada
check-files = Hojas de anotación (PDF)
check-error-too-large = El archivo es demasiado grande para una hoja de anotación (más de { $max } bytes).
check-genuine = Hoja de anotación auténtica
check-genuine-explain = { $file }: su sello está intacto y sus páginas son exactamente lo que imprime el archivo de partida sellado.
check-match = { $discipline }, { $date }
check-player = { $name }: { $points } { $points ->
    [one] punto
   *[other] puntos
} en { $innings } { $innings ->
    [one] entrada
   *[other] entradas
}
check-player-sets = { $name }: { $sets } { $sets ->
    [one] manga
   *[other] mangas
}, { $points } { $points ->
    [one] punto
   *[other] puntos
} en { $innings } { $innings ->
    [one] entrada
   *[other] entradas
}
check-winner = Ganador: { $name }
check-winner-forfeit = Ganador por abandono: { $name }
check-draw = Empate
check-referee = Árbitro: { $name }
check-signed-here = Firmada en este dispositivo, clave { $fingerprint }.
check-signed-elsewhere = Firmada por el dispositivo de clave { $fingerprint }: compárela con los dispositivos de confianza.
check-not-genuine = Hoja de anotación NO auténtica
check-fault-not-a-pdf = { $file } no es un PDF legible.
check-fault-not-a-sheet = { $file } no es una hoja de anotación de Carambole.
check-fault-seal-broken = El sello de { $file } está roto: el archivo de partida se modificó después de la firma.
check-fault-not-signed = A { $file } le falta la firma del árbitro o de un jugador.
check-fault-figures-differ = Las cifras impresas en { $file } no son las de la partida tal como se jugó.
check-fault-pages-differ = { $file } se modificó después de la firma: sus páginas no son lo que imprime su archivo de partida sellado.

## Copia de seguridad y restauración

data-title = Copia de seguridad y restauración
data-open = Copia de seguridad y restauración…
data-settings-hint = Copiar todas las partidas en un archivo, o recuperarlas de uno.
data-backup-heading = Copia de seguridad
data-backup-explain = Una copia de seguridad contiene todas las partidas, jugadores y ajustes en un solo archivo. Al escribirla también se vacía la papelera (las partidas de la papelera quedan en la copia).
data-backup-now = Hacer una copia ahora en un archivo…
data-backup-title = Copia de seguridad de la base de partidas
data-backup-files = Copias de seguridad de Carambole
data-backed-up = Copia de seguridad escrita en { $path }.
data-backup-downloaded = Copia de seguridad descargada como { $file }.
data-trash-emptied = { $count ->
    [one] Una partida quitada de la papelera definitivamente; está en esta copia.
   *[other] { $count } partidas quitadas de la papelera definitivamente; están en esta copia.
}
data-restore-heading = Restaurar
data-restore-explain = Reemplazar todos los datos actuales por un archivo de copia de seguridad. El archivo se comprueba antes y solo se lee.
data-restore-file = Restaurar desde un archivo…
data-restore-title = Elegir una copia de seguridad para restaurar
data-restore-confirm-title = ¿Reemplazar todos los datos actuales?
data-restore-warning = La restauración reemplaza todas las partidas, jugadores y ajustes actuales por los de esta copia. Antes se guarda una copia de los datos actuales en la carpeta de copias de seguridad.
data-restore-warning-download = La restauración reemplaza todas las partidas, jugadores y ajustes actuales por los de esta copia. Antes se descarga una copia de los datos actuales.
data-restore-confirm = Reemplazar por esta copia
data-restore-keep = Conservar los datos actuales
data-restore = Restaurar
data-restored = Datos restaurados desde { $file }. Los datos anteriores se guardan en { $kept }.
data-restored-download = Datos restaurados desde { $file }. Se descargó una copia de los datos anteriores como { $kept }.
data-restored-new = Datos restaurados desde { $file }.
data-automatic = Copias de seguridad automáticas
data-automatic-explain = Carambole hace una copia de la base cada vez que se inicia y guarda las 7 últimas, en su carpeta de datos.
data-automatic-none = Todavía no hay copias automáticas.
data-damaged = Esta copia está dañada y no puede restaurarse.
data-matches = { $count ->
    [one] una partida
   *[other] { $count } partidas
}
data-size-kb = { $kb } KB
data-error-restore-itself = Este archivo es la base en uso. Elija un archivo de copia de seguridad.
