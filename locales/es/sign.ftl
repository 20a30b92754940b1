## Firma de la hoja de anotación y exportación (issue 5)
sign-missing-signatures = la hoja de anotación aún no está firmada por: { $roles }
sign-device-key-error = No se puede leer ni crear la clave de firma del dispositivo: { $detail }

## Sin ventana: export-pdf y verify
cli-sheet-export-about = Exportar en PDF la hoja de anotación firmada de una partida terminada
cli-sheet-match-help = El número de la partida (ver `list`)
cli-sheet-lang-help = El idioma de la hoja: fr, es o en (por defecto: el del sistema)
cli-sheet-output-help = El archivo PDF que se escribe
cli-sheet-verify-about = Comprobar una hoja de anotación firmada (PDF): sello, firma, reproducción, y que sus páginas son exactamente lo que imprime el archivo de la partida sellado
cli-sheet-verify-file-help = La hoja de anotación en PDF que se comprueba
cli-sheet-cannot-export = La partida { $id } no se puede exportar: { $error }
cli-sheet-exported = Hoja de anotación de la partida { $id } escrita en { $file } (clave del dispositivo { $fingerprint }).
cli-sheet-valid = válida: { $summary }
cli-sheet-digest = Huella del archivo de partida (SHA-256): { $digest }
cli-sheet-fingerprint = Firmada por el dispositivo con clave { $fingerprint }; compárela con los dispositivos de confianza.
cli-sheet-invalid = NO válida: { $reason }

## La pantalla de firma
sign-open = Firmar y exportar
sign-warnings = Advertencias
sign-protests = Reclamaciones durante la partida
sign-reclamations = Reclamaciones
sign-reclamation-label = Reclamación de { $name }
sign-reclamation-save = Guardar la reclamación
sign-reclamation-saved = La reclamación está guardada.
sign-no-reclamation = ninguna reclamación
sign-signatures = Firmas
sign-pad-hint = Firme en el recuadro con el dedo, un lápiz óptico o el ratón.
sign-first-locks = La primera firma bloquea las reclamaciones: guárdelas antes de que nadie firme.
sign-unsaved-reclamation = Hay una reclamación escrita sin guardar: guárdela (o bórrela) antes, la primera firma bloquea las reclamaciones.
sign-pad-label = Recuadro de firma: { $role }
sign-signer-name = Nombre
sign-clear = Borrar
sign-undo-stroke = Deshacer el último trazo
sign-sign = Firmar
sign-signed-by = firmado por { $name }
sign-locked = Firmada por el árbitro y los dos jugadores: la hoja de anotación está bloqueada.
sign-export = Exportar el PDF
sign-exported = Hoja de anotación guardada en { $file }.
sign-error-empty-signature = Primero trace la firma en el recuadro.
sign-error-write = No se puede escribir { $detail }
sign-error-open = El PDF está guardado pero no se puede abrir: { $detail }
