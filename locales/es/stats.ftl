## Jugadores, estadísticas personales, gráficos y clasificación del club

## Inicio
players-title = Jugadores
ranking-title = Clasificación del club

## Lista de jugadores
players-search = Buscar un jugador
players-add = Nuevo jugador
players-name = Nombre
players-club = Club
players-licence = Número de licencia
players-notes = Notas
players-save = Guardar
players-cancel = Cancelar
players-edit = Editar
players-none = Todavía no hay jugadores. Se añaden aquí o al registrar una partida.
players-count = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
players-licence-line = Licencia { $licence }
players-matches = Partidas
players-no-matches = Todavía no hay partidas.
players-match-vs = { $a } contra { $b }
players-more = Más partidas
players-merge = Fusionar otra ficha
players-merge-help = Dos fichas de la misma persona (una errata, un club en blanco): elija la otra ficha; sus partidas pasan a este jugador y la otra ficha se elimina.
players-merge-pick = La otra ficha
players-merge-confirm = Fusionar «{ $merged }» en «{ $kept }»
players-merge-done = { $count ->
    [one] { $count } partida pasada a { $name }.
   *[other] { $count } partidas pasadas a { $name }.
}
players-error-not-found = Ese jugador no existe.
players-error-merge-same = Un jugador no se puede fusionar consigo mismo.
players-error-no-conflict = Este jugador no tiene ningún conflicto abierto entre dos dispositivos: quizá se resolvió en otro dispositivo.
players-error-duplicate = Otro jugador ya tiene este nombre y club: fusione las dos fichas.
players-error-unknown-name = Ningún jugador se llama «{ $name }».
players-error-ambiguous-name = Varios jugadores se llaman «{ $name }» (clubes: { $clubs }): añada --club.

## Estadísticas
stats-title = Estadísticas
stats-all-disciplines = Todas las modalidades
stats-discipline = Modalidad
stats-matches = Partidas
stats-won = Ganadas
stats-drawn = Empatadas
stats-lost = Perdidas
stats-points = Puntos
stats-innings = Entradas
stats-general-average = Promedio general
stats-best-game-average = Mejor promedio particular
stats-high-run = Serie mayor
stats-innings-per-match = Entradas por partida
stats-handicap-target = Hándicap sugerido
stats-form = Forma (últimas 10)
stats-form-average = Promedio de las últimas 10
stats-runs = Distribución de series
stats-head-to-head = Cara a cara
stats-opponent = Rival
stats-date = Fecha
stats-result = Resultado
stats-record = { $won } G · { $drawn } E · { $lost } P
stats-outcome-won = G
stats-outcome-drawn = E
stats-outcome-lost = P
stats-outcome-won-long = ganada
stats-outcome-drawn-long = empatada
stats-outcome-lost-long = perdida
stats-no-stats = Todavía no hay partidas terminadas.
stats-export-csv = Exportar en CSV
stats-exported = Guardado en { $path }
stats-error-out-of-range = Introduzca un número de { $min } a { $max }.
stats-error-bad-date = «{ $date }» no es una fecha (AAAA-MM-DD).
stats-error-no-folder = No hay carpeta donde guardar el archivo.
stats-cli-about = Mostrar las estadísticas de un jugador por modalidad en JSON (o CSV)
stats-cli-player-help = El nombre del jugador
stats-cli-club-help = Su club, si varios jugadores tienen el mismo nombre
stats-cli-discipline-help = Solo esta modalidad (libre, cadre-47-2, cadre-47-1, cadre-71-2, one-cushion, three-cushion)
stats-cli-from-help = Solo las partidas jugadas desde este día (AAAA-MM-DD)
stats-cli-until-help = Solo las partidas jugadas hasta este día (AAAA-MM-DD)
stats-cli-csv-help = Mostrar CSV en lugar de JSON
stats-cli-db-required = No se indicó la base de datos: añada --db RUTA.

## Gráficos
chart-average-title = Promedio general por partida
chart-average-desc = { $count ->
    [one] Promedio general de { $count } partida, con su tendencia.
   *[other] Promedio general de cada una de las { $count } partidas, de la más antigua a la más reciente, con la tendencia.
}
chart-trend = Tendencia
chart-trend-line = Tendencia: { $slope } por partida
chart-runs-title = Distribución de series
chart-runs-desc = Cuántas entradas terminaron con cada serie.
chart-high-runs-title = Serie mayor por partida
chart-high-runs-desc = La serie mayor de cada partida, de la más antigua a la más reciente.
chart-axis-matches = Partidas, de la más antigua a la más reciente
chart-axis-run = Serie
chart-axis-innings = Entradas

## Clasificación del club
ranking-discipline = Modalidad
ranking-from = Desde
ranking-until = Hasta
ranking-club = Club
ranking-all-clubs = Todos los clubes
ranking-rank = Puesto
ranking-player = Jugador
ranking-empty = No hay partidas terminadas en esta modalidad y periodo.
ranking-handicap-rule = Regla de hándicap
ranking-handicap-factor = Promedio multiplicado por
ranking-handicap-minimum = Distancia mínima
ranking-handicap-save = Guardar la regla
ranking-handicap-formula = Distancia sugerida = promedio general × { $factor }, redondeado, como mínimo { $minimum }.
ranking-cli-about = Mostrar la clasificación del club en una modalidad en JSON (o CSV)
ranking-cli-discipline-help = La modalidad (libre, cadre-47-2, cadre-47-1, cadre-71-2, one-cushion, three-cushion)
ranking-cli-club-help = Solo los jugadores de este club
