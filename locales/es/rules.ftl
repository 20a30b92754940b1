## Motor de reglas (carom-core): modalidades, mesas, bolas, moscas, fases

discipline-libre = Libre
discipline-cadre-47-2 = Cuadro 47/2
discipline-cadre-47-1 = Cuadro 47/1
discipline-cadre-71-2 = Cuadro 71/2
discipline-one-cushion = Una banda
discipline-three-cushion = Tres bandas

table-match = Competición 2,84 × 1,42 m
table-half-match = Mediana 2,30 × 1,15 m
table-small = Pequeña 2,10 × 1,05 m

ball-white = blanca
ball-yellow = amarilla
ball-red = roja

spot-top = mosca alta
spot-centre = mosca central
spot-bottom = mosca baja (centro de la línea de salida)
spot-outer-left = mosca exterior izquierda de la línea de salida
spot-outer-right = mosca exterior derecha de la línea de salida
spot-lag-left = posición izquierda del sorteo
spot-lag-right = posición derecha del sorteo

phase-lag = Sorteo a banda
phase-break = Salida
phase-play = Juego
phase-equalizing-inning = Entrada de igualación
phase-set-over = Fin de manga
phase-finished = Partida terminada

## Faltas (art. 8.2): nombre corto y explicación sencilla

foul-ball-off-table = Bola fuera de la mesa
foul-ball-off-table-help = Una bola cayó de la mesa o tocó la madera del marco. La entrada termina y la jugada no cuenta.
foul-balls-not-still = Bolas en movimiento
foul-balls-not-still-help = El jugador jugó antes de que las tres bolas estuvieran inmóviles.
foul-ball-touched = Bola tocada
foul-ball-touched-help = Se tocó una bola con la mano, la ropa, la tiza o cualquier cosa distinta de la suela del taco.
foul-push-shot = Doble toque o empuje (queuteo)
foul-push-shot-help = El taco seguía en contacto con la bola cuando esta tocó otra bola o la banda, la golpeó dos veces, o se jugó sobre una bola o banda en contacto sin mazazo.
foul-not-with-tip = Golpe sin la suela
foul-not-with-tip-help = La bola del jugador fue golpeada con una parte del taco distinta de la suela.
foul-no-foot-on-floor = Ningún pie en el suelo
foul-no-foot-on-floor-help = El jugador no tocaba el suelo con al menos un pie al golpear la bola.
foul-table-marked = Marca en la mesa
foul-table-marked-help = El jugador hizo una marca de referencia en la banda, el paño o el borde de la mesa.
foul-wrong-ball = Bola equivocada
foul-wrong-ball-help = El jugador jugó con la bola del adversario. Las carambolas hechas antes en la serie siguen siendo válidas.
foul-zone-not-left = Bola no sacada de la zona
foul-zone-not-left-help = Tras el aviso «dentro», la carambola siguiente debe sacar una bola de la zona; esta no lo hizo.
foul-left-the-room = Abandono de la sala
foul-left-the-room-help = El jugador abandonó la sala de juego durante su serie.
foul-red-not-hit-first = La salida no tocó primero la roja
foul-red-not-hit-first-help = El golpe de salida debe ejecutarse sobre la bola roja, directamente o por banda.

## Anuncios (art. 9 y 17)

announce-lag-won = { $name } gana el sorteo y elige quién sale
announce-relag-not-simultaneous = Repetir el sorteo: el tiro no fue simultáneo
announce-relag-collision = Repetir el sorteo: las bolas chocaron
announce-relag-equal-distance = Repetir el sorteo: misma distancia
announce-break = Sale { $name }
announce-break-set = Manga { $set }: sale { $name }
announce-count = { $run }
announce-plays-for = { $name } juega para { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}
announce-innings-left = { $innings ->
    [one] Queda una entrada
   *[other] Quedan { $innings } entradas
}
announce-penultimate-inning = Penúltima entrada
announce-last-inning = Última entrada
announce-turn = { $name }, { $points }
announce-turn-inning = { $name }, { $points }, entrada { $inning }
announce-zone-a-cheval = A caballo{ $place ->
    [anchor] {" "}(ancla)
   *[field] {""}
}
announce-zone-entree = Entrada{ $place ->
    [anchor] {" "}en el ancla
   *[field] {""}
}
announce-zone-dedans = Dentro{ $place ->
    [anchor] {" "}del ancla
   *[field] {""}
}
announce-contact-ball = Bola en contacto
announce-contact-cushion = En contacto con la banda
announce-foul = Falta
announce-shot-clock-expired = Tiempo
announce-time-out = Tiempo muerto { $left ->
    [0] (no quedan tiempos muertos)
    [one] (queda un tiempo muerto)
   *[other] (quedan { $left } tiempos muertos)
}
announce-equalizing-inning = Entrada de igualación para { $name }
announce-set-won = Manga { $set } para { $name }
announce-set-drawn = Manga { $set } empatada
announce-match-won = Partida para { $name }
announce-match-drawn = Empate
announce-pause-start = Pausa de { $minutes ->
    [one] un minuto
   *[other] { $minutes } minutos
}
announce-pause-end = Se reanuda el juego
announce-warning = { $count ->
    [one] Advertencia a { $name }
   *[other] Segunda advertencia a { $name }: pierde la partida
}
announce-forfeit = { $name } pierde por abandono
announce-correction = Corrección: { $name }, { $points }

## Indicaciones para el árbitro

guide-lag = Sorteo a banda: roja en la mosca alta, las dos bolas de los jugadores en la línea de salida, entre las moscas exteriores y las bandas largas. Ambos tiran a la vez hacia la banda superior.
guide-start = Posición de salida: roja en la mosca alta, la bola del adversario en el centro de la línea de salida, la bola del jugador que sale en la mosca exterior que elija. La salida debe tocar primero la roja.
guide-choose-breaker = El ganador del sorteo elige quién sale.
guide-contact-choose = Bolas en contacto: preguntar al jugador — volver a colocar, o jugar (bola libre, banda antes o mazazo).
guide-contact-respot-compulsory = Bolas en contacto: las tres bolas vuelven a la posición de salida.
guide-contact-respot-all = Volver a colocar las tres bolas en la posición de salida.
guide-contact-respot-touching = Colocar solo las bolas en contacto: roja en la mosca alta, la bola del jugador en la mosca baja, la del adversario en la mosca central; si su mosca está ocupada, la bola va a la mosca de la bola que la ocupa.
guide-off-table-respot-all = Bola fuera de la mesa: las tres bolas vuelven a la posición de salida.
guide-off-table-respot-jumped = Bola fuera de la mesa: solo se coloca la bola que saltó (roja mosca alta, bola del jugador que va a jugar mosca baja, la otra mosca central; si está ocupada, en la mosca de la bola que la ocupa).
guide-zone-dedans = «Dentro»: la próxima carambola debe sacar una bola de la zona.
guide-pause-due = Corresponde una pausa de { $minutes ->
    [one] un minuto
   *[other] { $minutes } minutos
} (los jugadores pueden renunciar a ella).
guide-next-set = Manga { $set }: colocar las bolas para la salida.

## Errores del motor de reglas

error-setup-name-empty = Escriba el nombre del jugador.
error-setup-name-too-long = El nombre es demasiado largo: { $max } caracteres como máximo.
error-setup-name-control-chars = El nombre contiene caracteres no imprimibles.
error-setup-target-out-of-range = La distancia debe estar entre { $min } y { $max } puntos.
error-setup-innings-limit-out-of-range = El límite de entradas debe estar entre { $min } y { $max }.
error-setup-best-of-invalid = Las mangas se juegan al mejor de un número impar de 1 a 9.
error-setup-set-target-out-of-range = La distancia de una manga debe estar entre { $min } y { $max } puntos.
error-setup-shot-clock-invalid = Los ajustes del reloj de tiro están fuera de rango.
error-setup-pause-invalid = Los ajustes de la pausa están fuera de rango.
error-setup-text-too-long = { $field ->
    [referee] El nombre del árbitro
    [marker] El nombre del anotador
    [competition] El nombre de la competición
    [venue] El nombre del lugar
    [table_name] El nombre de la mesa
    [date] El texto de la fecha
    [club] El nombre del club
   *[other] { $field }
} es demasiado largo: { $max } caracteres como máximo.
error-setup-text-control-chars = { $field ->
    [referee] El nombre del árbitro
    [marker] El nombre del anotador
    [competition] El nombre de la competición
    [venue] El nombre del lugar
    [table_name] El nombre de la mesa
    [date] El texto de la fecha
    [club] El nombre del club
   *[other] { $field }
} contiene caracteres no imprimibles.
error-play-match-finished = La partida ha terminado.
error-play-not-started = La partida no ha comenzado: primero la salida.
error-play-set-over = La manga ha terminado: la siguiente empieza con una salida.
error-play-already-started = La salida ya se jugó.
error-play-lag-over = El sorteo a banda ha terminado.
error-play-lag-winner-and-relag = Un sorteo a banda tiene un ganador o se repite, no ambas cosas.
error-play-lag-cause-without-relag = Solo un sorteo que se repite puede ser causado por un jugador.
error-play-lag-red-touched-and-outcome = Cuando una bola del sorteo toca la roja, el sorteo no tiene ganador y no se repite.
error-play-too-many-sets = No se puede jugar ninguna manga más en esta partida.
error-play-contact-own-ball = La bola del jugador no puede estar en contacto consigo misma: indique la otra bola.
error-play-contact-occupied-invalid = Las moscas ocupadas no corresponden a este contacto: solo en tres bandas cuando se colocan las bolas en contacto, en la mosca alta, central o baja, ocupada por la bola que no está en contacto.
error-play-off-table-no-ball = Indique qué bola salió de la mesa.
error-play-wrong-breaker = Se eligió a otro jugador para salir.
error-play-paused = La partida está en pausa.
error-play-not-paused = La partida no está en pausa.
error-play-already-paused = La partida ya está en pausa.
error-play-pause-during-run = No hay pausa durante una serie.
error-play-run-too-long = Una serie de { $run } supera { $max ->
    [one] el { $max } punto
   *[other] los { $max } puntos
} que el jugador aún puede hacer.
error-play-no-zones = Esta modalidad no tiene zonas.
error-play-no-anchors = Esta modalidad no tiene anclas.
error-play-anchor-before-field = Anuncie el cuadro antes que el ancla.
error-play-already-dedans = «Dentro» ya fue anunciado.
error-play-no-dedans = «Dentro» no fue anunciado.
error-play-not-the-break-shot = Solo la salida debe tocar primero la roja.
error-play-respot-compulsory = En esta mesa las bolas deben volver a colocarse.
error-play-no-shot-clock = Esta partida no tiene reloj de tiro.
error-play-no-time-outs-left = No quedan tiempos muertos.
error-play-not-at-table = Solo el jugador en juego puede pedir un tiempo muerto.
error-play-nothing-to-undo = No hay nada que deshacer.
error-play-no-such-inning = Esa entrada terminada no existe en esta partida.
error-play-edit-reaches-target = Una entrada corregida no puede alcanzar la distancia.
error-play-full-distance-credited = El jugador hizo su distancia tras «juega para 1»: se le acredita.
error-play-target-already-reached = El jugador ya alcanzó su distancia.
error-play-protest-invalid = El texto de la reclamación está vacío, es demasiado largo o no es imprimible.
error-play-setup-value-mismatch = Este valor no corresponde al campo { $field }.
setup-field-competition = Competición
setup-field-venue = Lugar
setup-field-table-name = Mesa
setup-field-referee = Árbitro
setup-field-marker = Anotador
setup-field-shot-clock = Reloj de tiro
error-file-invalid-json = El archivo de partida no es JSON válido (línea { $line }, columna { $column }).
error-file-unknown-field = El archivo de partida tiene un campo desconocido (línea { $line }, columna { $column }).
error-file-missing-field = Falta un campo en el archivo de partida (línea { $line }, columna { $column }).
error-file-invalid-field = El archivo de partida tiene un valor no válido (línea { $line }, columna { $column }).
error-file-unsupported-format = Formato de archivo de partida no admitido: «{ $format }».
error-file-unknown-event-type = evento { $index }: tipo de evento desconocido «{ $type }».
error-file-unknown-event-field = evento { $index }: campo desconocido.
error-file-no-such-player = evento { $index }: nombra a un jugador que no existe (los jugadores son 0 y 1).
error-file-invalid-event = evento { $index }: evento no válido.
error-file-off-table-no-ball = evento { $index }: en tres bandas, una bola fuera de la mesa debe nombrarse (campo «{ $field }»); solo los archivos carambole-match/1 pueden omitirla.
error-file-lag-red-touched-and-outcome = evento { $index }: cuando una bola del sorteo toca la roja, el sorteo no tiene ganador y no se repite (campo «{ $field }»); solo los archivos carambole-match/1 pueden indicar ambos.
