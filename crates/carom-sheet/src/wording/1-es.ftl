# Wording 1 of the printed score sheet (frozen): the messages a sheet sealed without a
# "wording" option was printed with. Never edit: verification renders such sheets again
# with exactly these words. (From locales/es/sheet.ftl and rules.ftl as of 2026-12.)

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
sheet-set-score = Tanteo
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
sheet-correction-undo = Evento { $event } anulado ({ $what })
sheet-event-carom = carambola
sheet-event-miss = fallo
sheet-event-inning = entrada
sheet-event-foul = falta
sheet-event-edit-inning = entrada corregida
sheet-event-warning = advertencia
sheet-event-protest = reclamación
sheet-event-edit-setup = datos del partido cambiados
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

table-match = Competición 2,84 × 1,42 m
table-half-match = Mediana 2,30 × 1,15 m
table-small = Pequeña 2,10 × 1,05 m
setup-field-competition = Competición
setup-field-venue = Lugar
setup-field-table-name = Mesa
setup-field-referee = Árbitro
setup-field-marker = Anotador
setup-field-shot-clock = Reloj de tiro
