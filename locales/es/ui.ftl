## Aplicación del árbitro: palabras comunes

ui-back = ← Volver
# A label before its value ("Referee: Dupont"): the language's own spacing.
ui-labelled = { $label }:
ui-cancel = Cancelar
ui-close = Cerrar

## Inicio: reanudar e historial

home-resume = Reanudar una partida
home-resume-at-table = { $name } en la mesa, serie { $run }
home-resume-go = Reanudar

## Nueva partida: toda la configuración

new-match-table = Mesa
new-match-innings-limit = Límite de entradas (vacío: ninguno)
new-match-sets = Mangas
new-match-single-game = Sin mangas
new-match-best-of = Al mejor de { $sets } mangas
new-match-set-target = Distancia de cada manga (puntos)
new-match-equalizing = Entrada de igualación
new-match-pause = Pausa a media distancia
new-match-shot-clock = Reloj de tiro
new-match-clock-seconds = Segundos por tiro
new-match-clock-warning = Aviso tras (segundos)
new-match-timeouts = Tiempos muertos por jugador
new-match-details = Competición, sede, árbitro
new-match-competition = Competición
new-match-venue = Sede
new-match-table-name = Mesa (nombre o número)
new-match-referee = Árbitro
new-match-marker = Anotador

## Sorteo a banda (R-LAG)

lag-title = Sorteo a banda
lag-instructions = Roja en la mosca alta, las dos bolas de los jugadores en la línea de salida. Ambos tiran a la vez hacia la banda de arriba; gana la bola que se detiene más cerca de la banda de abajo.
lag-outcomes = Resultado del sorteo
lag-closer = { $name } más cerca
lag-not-simultaneous-by = No a la vez — { $name } tarde
lag-collision = Las bolas chocaron — repetir
lag-crossed = Choque — { $name } cruzó
lag-equal = Distancia igual — repetir
lag-red-touched = { $name } tocó la roja
lag-who-breaks = { $name } ganó el sorteo: ¿quién sale?
lag-breaks = Sale { $name }

## Posición de salida (R-START)

start-title = Posición de salida
start-title-set = Manga { $set }: posición de salida
start-breaker = { $name } sale con la blanca, en la mosca lateral que elija.
start-side = Mosca de la bola del jugador
start-side-left = Mosca izquierda
start-side-right = Mosca derecha
start-red-first = Recuerde: la salida debe tocar primero la roja, directamente o por banda.
start-break = Salida jugada — { $name } en la mesa

## Anotación

scoring-title = Anotación
scoring-of-target = de { $target }
scoring-run = Serie
scoring-innings = Entradas
scoring-average = Promedio general
scoring-high-run = Serie mayor
scoring-last-run = Última serie
scoring-sets-won = Mangas { $sets }
scoring-warnings = { $count ->
    [one] Una advertencia
   *[other] { $count } advertencias
}
scoring-timeouts-left = { $count ->
    [0] Sin tiempos muertos
    [one] Queda un tiempo muerto
   *[other] Quedan { $count } tiempos muertos
}
scoring-at-table = En la mesa: { $name }
scoring-carom = Carambola +1
scoring-miss = Fallo
scoring-foul = Falta…
scoring-contact = Bolas en contacto…
scoring-undo = Deshacer…
scoring-pause = Pausa
scoring-resume = Reanudar el juego
scoring-paused = Pausa — el juego está detenido
pause-left = Pausa: quedan { $time }
pause-over = La pausa ha terminado: se reanuda el juego
scoring-more = Más…
scoring-equalizing = Entrada de igualación — { $name } juega para { $points }
scoring-set = Manga { $set }
scoring-innings-left = { $innings ->
    [one] Última entrada
   *[other] Quedan { $innings } entradas
}
scoring-to-do = Antes del próximo tiro
scoring-start-position = Posición de salida
scoring-pause-start = Empezar la pausa
scoring-foul-title = ¿Qué falta?
scoring-off-which = ¿Qué bola salió de la mesa?
scoring-off-tick-first = Marque la bola que salió de la mesa: después se indica cómo reponerla.
scoring-off-occupied = Moscas ocupadas por bolas que siguen en la mesa
scoring-spot-free = Libre
scoring-record-foul = Anotar la falta
scoring-contact-title = Bolas en contacto
scoring-contact-which = La bola del jugador toca
scoring-contact-rule-compulsory = En esta mesa las tres bolas vuelven a la posición de salida.
scoring-contact-rule-choose-all = El jugador elige: colocar las tres bolas en la posición de salida, o jugar (la bola libre, banda primero, o un massé que se aleje).
scoring-contact-rule-choose-touching = El jugador elige: colocar solo las bolas en contacto, o jugar (la bola libre, banda primero, o un massé que se aleje).
scoring-contact-respot = Colocar
scoring-contact-respot-compulsory = Colocar (obligatorio)
scoring-contact-play-on = Jugar
scoring-contact-cushion = Pegada a la banda (solo se anuncia)
scoring-contact-occupied = ¿Está la { $ball } en una mosca?
scoring-contact-occupied-none = No
scoring-undo-title = Deshacer la última acción
scoring-undo-what = ¿Deshacer { $what }?
scoring-undo-score = { $name } { $before } → { $after }
scoring-undo-confirm = Deshacer la acción
scoring-undo-keep = Mantener
scoring-time-out = Tiempo muerto
scoring-time-expired = ¡Tiempo! (reloj de tiro)
scoring-warning = Advertencia a { $name }
scoring-forfeit = { $name } abandona
scoring-forfeit-title = ¿Pérdida por abandono de { $name }?
scoring-forfeit-explain = La partida termina en el acto y { $name } la pierde.
scoring-forfeit-keep = Seguir la partida
scoring-forfeit-confirm = Registrar el abandono
scoring-second-warning-title = ¿Segunda advertencia a { $name }?
scoring-second-warning-explain = { $name } ya tiene una advertencia: la segunda le hace perder la partida.
scoring-second-warning-keep = No advertir
scoring-second-warning-confirm = Advertir: partida perdida
scoring-forfeits = Abandono
scoring-scoreboard = Marcador (pantalla completa)
scoring-scoreboard-window = Marcador en otra ventana
scoring-keys = Atajos de teclado

## Lo que deshace un deshacer

ui-event-lag = el sorteo
ui-event-choose-breaker = la elección: sale { $name }
ui-event-break = la salida
ui-event-carom = la última carambola
ui-event-miss = el fallo (fin de entrada)
ui-event-inning = una entrada de { $run }
ui-event-foul = la falta «{ $foul }»
ui-event-contact = las bolas en contacto
ui-event-shot-clock = el tiempo (reloj de tiro)
ui-event-time-out = el tiempo muerto
ui-event-pause-start = el inicio de la pausa
ui-event-pause-end = el fin de la pausa
ui-event-warning = la advertencia a { $name }
ui-event-forfeit = el abandono de { $name }
ui-event-edit-inning = la entrada corregida
ui-event-protest = la reclamación
ui-event-undo = el deshacer

## Zonas (R-ZONE)

zone-title = Zonas
zone-status-clear = Sin anuncio de zona
zone-status-entered = { $caroms ->
    [0] Entrada
    [one] Entrada: una carambola
   *[other] Entrada: { $caroms } carambolas
}
zone-status-dedans = Dentro: la próxima carambola debe sacar una bola
zone-anchor = Ancla

## Reloj de tiro (R-CLOCK)

clock-label = Reloj de tiro

## Teclado

keys-title = Atajos de teclado
keys-pause = Pausa / reanudar
keys-zone = A caballo / Entrada / Dentro

## Fin de la partida y hoja de anotación

end-title = Fin de la partida
end-signed = Firmada: esta hoja de anotación es un documento oficial y ya no puede cambiar.
end-won = Gana { $name } ({ $reason })
end-draw = Empate ({ $reason })
end-in-progress = Partida en curso
end-reason-target = distancia alcanzada
end-reason-innings-limit = límite de entradas
end-reason-sets = por mangas
end-reason-forfeit = abandono
end-reason-second-warning = segunda advertencia
end-totals = Totales
end-totals-line = { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
} en { $innings ->
    [one] { $innings } entrada
   *[other] { $innings } entradas
}, promedio general { $average }, serie mayor { $high }
end-corrections = Correcciones
ui-event-edit-setup = el cambio de { $field }
details-open = Editar datos de la partida
details-title = Datos de la partida
details-hint = Cada cambio queda anotado en la hoja de anotación.
details-save = Guardar
new-match-suggested = Sugerido: { $target } (promedio { $average } en { $matches ->
    [one] la última partida
   *[other] las últimas { $matches } partidas
})
new-match-use-suggestion = Usar

## Marcador

board-title = Marcador
board-last-runs = Últimas series
board-placement = { $ball }: { $spot }
board-placement-taken = { $ball }: { $spot } ({ $own } ocupada por la { $by })
board-others-stay = Las demás bolas quedan donde están.
diagram-letter-white = B
diagram-letter-yellow = A
diagram-letter-red = R

## Ajustes

settings-title = Ajustes
settings-theme = Tema
settings-theme-auto = Como el sistema
settings-theme-light = Claro
settings-theme-dark = Oscuro
settings-voice = Voz
settings-voice-on = Decir los anuncios
settings-average = Promedios
settings-average-truncate = Truncados a 3 decimales
settings-average-round = Redondeados a 3 decimales

## Errores de las acciones del árbitro

error-turn-changed = No anotado: el turno ya había pasado a { $name }.
error-speech-engine-missing = Voz no disponible: el motor de síntesis de voz ({ $engine }) no está instalado.
error-speech-failed = No se pudo decir el anuncio: { $detail }
error-speech-too-long = Este texto es demasiado largo para decirlo ({ $max } caracteres como máximo).
error-stale-action = No anotado: la partida había cambiado mientras tanto. La pantalla la muestra tal como está.
web-update-ready = Hay una nueva versión de Carambole lista.
web-update-reload = Recargar ahora
web-install = Instalar Carambole en este dispositivo
web-memory-only = Este navegador no puede guardar las partidas en el dispositivo: el arbitraje funciona, pero todo se pierde al cerrar esta pestaña. Use un Chrome, Edge, Firefox o Safari actual para guardar sus partidas.
