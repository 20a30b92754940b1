## Hoja de anotación (PDF): título, encabezado, jugadores
sheet-title = Hoja de anotación
sheet-header = Partida
sheet-competition = Competición
sheet-venue = Lugar
sheet-table = Mesa
sheet-date = Fecha
sheet-start = Inicio
sheet-end = Fin
sheet-discipline = Modalidad
sheet-distance = Distancia
sheet-distance-points = { $n ->
    [one] { $n } punto
   *[other] { $n } puntos
}
sheet-handicap = Hándicap
sheet-innings-limit = Límite de entradas
sheet-no-limit = ninguno
sheet-sets-format = Mangas
sheet-no-sets = ninguna
sheet-best-of = al mejor de { $n }
sheet-referee = Árbitro
sheet-marker = Anotador
sheet-players = Jugadores
sheet-player = Jugador
sheet-player-1 = Jugador 1
sheet-player-2 = Jugador 2
sheet-name = Nombre
sheet-club = Club
sheet-ball = Bola
sheet-ball-white = Blanca
sheet-ball-yellow = Amarilla
sheet-target = Distancia

## Modalidades tal como se imprimen
sheet-discipline-libre = Libre
sheet-discipline-cadre-47-2 = Cuadro 47/2
sheet-discipline-cadre-47-1 = Cuadro 47/1
sheet-discipline-cadre-71-2 = Cuadro 71/2
sheet-discipline-one-cushion = Una banda
sheet-discipline-three-cushion = Tres bandas

## Cuadrícula de entradas
sheet-innings-grid = Entradas
sheet-inning-short = Ent.
sheet-run = Serie
sheet-total = Total
sheet-equalizing-inning = entrada de igualación (contrasalida)
sheet-foul-mark = F
sheet-foul-note = entrada terminada con una falta
sheet-set = Manga { $n }
sheet-set-score = Tanteo:
sheet-set-winner = ganada por { $name }

## Totales y resultado
sheet-totals = Totales
sheet-points = Puntos
sheet-innings = Entradas
sheet-general-average = Promedio general
sheet-high-run = Serie mayor
sheet-best-game-average = Mejor promedio particular
sheet-sets-won = Mangas ganadas
sheet-average-rule-truncate = Promedios truncados a 3 decimales.
sheet-average-rule-round = Promedios redondeados a 3 decimales.
sheet-result = Resultado
sheet-result-win = Gana { $name }
sheet-result-forfeit = Gana { $name } por abandono
sheet-result-draw = Empate

## Correcciones, advertencias, reclamaciones
sheet-corrections = Correcciones
sheet-no-corrections = No hubo correcciones durante la partida.
sheet-time = Hora
sheet-correction = Corrección
sheet-correction-undo = Anulación: { $what }
sheet-correction-undo-player = Anulación: { $what } de { $name }
sheet-correction-undo-inning = Anulación: { $what } de { $name } en la entrada { $inning }
sheet-event-carom = carambola
sheet-event-miss = fallo
sheet-event-inning = serie
sheet-event-foul = falta
sheet-event-edit-inning = entrada corregida
sheet-event-warning = advertencia
sheet-event-protest = reclamación
sheet-event-edit-setup = datos de la partida cambiados
sheet-event-lag = sorteo a banda
sheet-event-choose-breaker = elección del jugador que sale
sheet-event-break = salida
sheet-event-contact = bolas en contacto
sheet-event-zone = anuncio de zona
sheet-event-shot-clock-expired = tiempo agotado
sheet-event-time-out = tiempo muerto
sheet-event-pause-start = inicio de pausa
sheet-event-pause-end = fin de pausa
sheet-event-forfeit = pérdida por abandono
sheet-event-undo = anulación
sheet-correction-edit = { $name }, entrada { $inning }: serie corregida de { $before } a { $after }
sheet-correction-setup = { $field }: { $before } → { $after }
sheet-setup-none = ninguno
sheet-warnings = Advertencias
sheet-no-warnings = No hubo advertencias.
sheet-reason = Motivo
sheet-reclamations = Reclamaciones
sheet-no-reclamations = No hubo reclamaciones.

## Firmas y sello
sheet-signatures = Firmas
sheet-role-referee = Árbitro
sheet-role-player-1 = Jugador 1
sheet-role-player-2 = Jugador 2
sheet-signed-at = firmado el { $date } a las { $time }
sheet-seal = Sello electrónico
sheet-digest = SHA-256 de la hoja adjunta
sheet-digest-short = SHA-256
sheet-key = Clave del dispositivo
sheet-key-short = Clave
sheet-signature-ed25519 = Firma Ed25519
sheet-seal-note = El archivo de la partida (match.json) va adjunto a este PDF. «carambole verify» comprueba que está intacto, que al reproducirlo da los totales impresos aquí y que la firma corresponde a la clave del dispositivo.
sheet-page = Página { $n } de { $total }

## Errores al producir una hoja
sheet-error-missing-signature = Falta la firma en la hoja de anotación: { $role }.
sheet-error-duplicate-signature = Firma duplicada: { $role }.
sheet-error-empty-signature = La firma ({ $role }) está vacía: firme de nuevo.
sheet-error-match-not-finished = La partida no ha terminado: todavía no hay resultado para la hoja de anotación.
sheet-error-invalid-document = La hoja de anotación no es válida: { $detail }
sheet-error-layout = No se pudo maquetar la hoja de anotación: { $detail }

## Verificación de una hoja firmada
sheet-verify-valid = válida
sheet-verify-not-a-pdf = No es un PDF legible: { $detail }
sheet-verify-attachment-missing = El PDF no tiene el adjunto { $name }: no es una hoja de Carambole, o se quitó el adjunto.
sheet-verify-envelope-invalid = El archivo de la partida adjunto no es válido: { $detail }
sheet-verify-seal-invalid = El sello adjunto no es válido: { $detail }
sheet-verify-digest-mismatch = El archivo de la partida adjunto fue modificado: su SHA-256 es { $computed }, el sello indica { $sealed }.
sheet-verify-bad-signature = La firma no corresponde al archivo de la partida adjunto ni a la clave del dispositivo.
sheet-verify-replay-failed = El archivo de la partida adjunto no se puede reproducir (evento { $event }): { $detail }
sheet-verify-grid-differs = Manga { $set }, entrada { $inning }: las entradas de la hoja no son las de la partida reproducida.
sheet-verify-totals-differ = { $name }: { $field } es { $printed } en la hoja pero { $replayed } al reproducir la partida.
sheet-verify-extra-attachment = El PDF contiene un adjunto { $name } además del archivo de la partida y del sello.
sheet-verify-page-count-differs = El PDF tiene { $found } páginas donde el archivo de la partida sellado imprime { $expected }: se quitaron, añadieron o repitieron páginas.
sheet-verify-page-differs = Página { $page }: { $part ->
    [content] lo que imprime no es lo que imprime el archivo de la partida sellado
    [font] una fuente con la que dibuja no es la de la hoja
    [image] una imagen que muestra (el código QR) no es la de la hoja
    [drawing] un dibujo que coloca (una firma) no es el de la hoja
    [layout] su tamaño, márgenes u orientación no son los de la hoja
   *[other] aquello con lo que dibuja no es lo de la hoja
}.
sheet-verify-page-annotations = La página { $page } lleva notas, enlaces o campos de formulario dibujados encima que la hoja sellada no tiene.
sheet-verify-active-content = El PDF contiene { $what } (acciones, scripts o formularios que un lector ejecuta o muestra) que la hoja sellada no tiene.
sheet-verify-document-differs = El PDF difiere de la hoja que imprime su archivo de la partida sellado, en { $path }.
