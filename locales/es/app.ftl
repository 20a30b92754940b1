## App shell and home screen
app-title = Carambole
app-tagline = Marcador de billar carambola
# The Linux desktop entry (cargo xtask package): Name= is app-title, GenericName= app-tagline.
app-desktop-comment = Anote partidas de billar a carambola y firme la hoja de anotación, sin conexión
language-label = Idioma
language-en = English
language-fr = Français
language-es = Español
home-matches = Partidas
home-no-matches = Todavía no hay partidas. Cree la primera.
home-new-match = Nueva partida
home-match-vs = { $a } contra { $b }
home-match-targets = distancia { $a } – { $b ->
    [one] { $b } punto
   *[other] { $b } puntos
}
match-status-setup = Sin empezar
match-status-in-progress = En juego
match-status-finished = Terminada

## New match form
new-match-title = Nueva partida
new-match-player-a = Jugador 1
new-match-player-b = Jugador 2
new-match-name-placeholder = Nombre
new-match-discipline = Modalidad
new-match-target = Distancia (puntos)
new-match-create = Crear partida
new-match-cancel = Cancelar
new-match-created = Partida creada: { $a } contra { $b }

## Disciplines (short labels used in lists and forms)
app-discipline-libre = Libre
app-discipline-cadre-47-2 = Cuadro 47/2
app-discipline-cadre-47-1 = Cuadro 47/1
app-discipline-cadre-71-2 = Cuadro 71/2
app-discipline-one-cushion = Una banda
app-discipline-three-cushion = Tres bandas

## Errors shown to the user (the app sends codes; these are their words)
error-name-empty = Escriba el nombre del jugador.
error-name-too-long = El nombre es demasiado largo: { $max } caracteres como máximo.
error-name-control-chars = El nombre contiene caracteres no imprimibles.
error-target-out-of-range = La distancia debe estar entre { $min } y { $max } puntos.
error-same-players = Los dos jugadores deben ser personas distintas.
error-database = No se puede usar la base de partidas: { $detail }
error-internal = Se ha producido un error: { $detail }
error-request-invalid = La petición «{ $command }» no se puede leer: { $detail }
error-database-newer = Esta base de partidas la escribió una versión más reciente de Carambole. Actualice la aplicación; su archivo no se ha modificado.
error-database-corrupt = La base de partidas está dañada: { $detail }

error-no-backup = No hay ninguna copia de seguridad automática que restaurar.
error-database-is-fine = La base de partidas funciona; no hay nada que restaurar.
app-restore-backup = Restaurar la última copia de seguridad
app-restore-hint = Su archivo actual se conservará en la carpeta de copias de seguridad.

## Command line
cli-about = Carambole — marcador de billar carambola. Sin orden, abre la aplicación.
cli-error-prefix = error
cli-db-help = El archivo de la base de partidas (por defecto: carambole.sqlite en la carpeta de datos de la aplicación)
cli-window-size-help = El tamaño inicial de la ventana, por ejemplo 390x844
cli-replay-about = Reproduce un archivo de partida (carambole-match) y muestra el resultado en JSON
cli-replay-announcements-help = Muestra también la secuencia de anuncios
cli-replay-file-help = El archivo de partida
cli-error-at-event = evento { $index }: { $error }
cli-error-read-file = no se puede leer { $detail }
cli-serve-about = Ejecuta la aplicación sin ventana para otro programa: peticiones JSON en la entrada estándar, una línea de respuesta cada una en la salida estándar
cli-serve-long-about = Ejecuta la aplicación sin ventana para otro programa (requiere --db RUTA).
    Cada línea de la entrada estándar es una petición: {"{"}"command": NOMBRE, "args": PETICIÓN{"}"}, una orden del catálogo de la aplicación con su petición, tal como la envía la ventana.
    Cada petición recibe una línea en la salida estándar, en orden, escrita una vez que la orden ha terminado (y su cambio está guardado): {"{"}"ok": RESPUESTA{"}"} o {"{"}"error": {"{"}"code": …, "args": …{"}"}{"}"}.
    Una línea que no es una petición recibe una línea de error; el servicio continúa. Se detiene al final de la entrada.

## File names the app gives its exports (no accents needed; no / \ : * ? " < > |)
file-statistics = estadisticas
file-ranking = clasificacion
file-backup = carambole-copia
