//! The commands of the signing flow (issue 5): the sheet on screen, reclamations,
//! signatures, and the PDF export. Each answers only after the store committed; errors
//! are [`IpcError`] codes the UI localizes.

use carom_i18n::Lang;
use carom_sheet::{MatchResult, PlayerSlot, SheetDocument, SheetSet, SignerRole};
use carom_store::Store;
use chrono::Utc;
use serde::Serialize;
use tauri::State;

use crate::sheet_export::{self, ExportError, PadStrokes};
use crate::{device_key, file_dialog, AppState, IpcError};

/// A player's column on screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScreenPlayer {
    /// Name.
    pub name: String,
    /// Distance.
    pub target: u32,
    /// Points.
    pub points: u32,
    /// Innings.
    pub innings: u32,
    /// General average, thousandths.
    pub general_average: u32,
    /// High run.
    pub high_run: u32,
    /// Best game average, thousandths.
    pub best_game_average: u32,
    /// Sets won, when sets are played.
    pub sets_won: Option<u32>,
}

/// A signature on screen: the strokes as one SVG path on its pad.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScreenSignature {
    /// `referee`, `player-1`, `player-2`.
    pub role: &'static str,
    /// The signer's name.
    pub name: String,
    /// Pad width.
    pub width: u16,
    /// Pad height.
    pub height: u16,
    /// SVG path `d`.
    pub path: String,
}

/// A warning or reclamation line: player 0 or 1 and the text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScreenNote {
    /// Player 0 or 1.
    pub player: u8,
    /// The text.
    pub text: String,
}

/// The score sheet as the signing screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetScreen {
    /// The match.
    pub match_id: i64,
    /// All three signed: no more changes.
    pub locked: bool,
    /// Discipline id.
    pub discipline: &'static str,
    /// `win`, `forfeit` or `draw`.
    pub result: &'static str,
    /// The winner (0 or 1) unless a draw.
    pub winner: Option<u8>,
    /// Referee named in the set-up (prefills the referee's signature).
    pub referee: String,
    /// Both players.
    pub players: [ScreenPlayer; 2],
    /// The innings grid, set by set.
    pub sets: Vec<SheetSet>,
    /// Warnings given during the match.
    pub warnings: Vec<ScreenNote>,
    /// Protests recorded during the match.
    pub protests: Vec<ScreenNote>,
    /// Reclamations written on this screen, by player.
    pub reclamations: [Option<String>; 2],
    /// Signatures given.
    pub signatures: Vec<ScreenSignature>,
    /// Roles still to sign.
    pub missing: Vec<&'static str>,
}

fn slot_index(s: PlayerSlot) -> u8 {
    s.index() as u8
}

fn screen(store: &mut Store, id: i64) -> Result<SheetScreen, IpcError> {
    let now = Utc::now();
    let doc: SheetDocument =
        sheet_export::sheet_document(store, id, now, sheet_export::local_offset(now))
            .map_err(export_error)?;
    let stored = store.reclamations(id)?;
    let row = store.match_row(id)?;
    let mut reclamations = [None, None];
    for r in &stored {
        if let Some(slot) = reclamations.get_mut(usize::from(r.player)) {
            *slot = Some(r.text.clone());
        }
    }
    let written = stored.len();
    let all_notes = doc.reclamations.len();
    let (result, winner) = match doc.result {
        MatchResult::Win { winner } => ("win", Some(slot_index(winner))),
        MatchResult::Forfeit { winner } => ("forfeit", Some(slot_index(winner))),
        MatchResult::Draw => ("draw", None),
    };
    Ok(SheetScreen {
        match_id: id,
        locked: row.locked,
        discipline: doc.header.discipline.id(),
        result,
        winner,
        referee: doc.header.referee.clone(),
        players: [0, 1].map(|p| {
            let (pl, t) = (&doc.players[p], &doc.totals[p]);
            ScreenPlayer {
                name: pl.name.clone(),
                target: pl.target,
                points: t.points,
                innings: t.innings,
                general_average: t.general_average,
                high_run: t.high_run,
                best_game_average: t.best_game_average,
                sets_won: t.sets_won,
            }
        }),
        warnings: doc
            .warnings
            .iter()
            .map(|w| ScreenNote {
                player: slot_index(w.player),
                text: w.reason.clone(),
            })
            .collect(),
        // The store's reclamations come last in the document; the others are protests.
        protests: doc.reclamations[..all_notes.saturating_sub(written)]
            .iter()
            .map(|r| ScreenNote {
                player: slot_index(r.by),
                text: r.text.clone(),
            })
            .collect(),
        reclamations,
        signatures: doc
            .signatures
            .iter()
            .map(|s| ScreenSignature {
                role: s.role.id(),
                name: s.name.clone(),
                width: s.width,
                height: s.height,
                path: s.svg_path(),
            })
            .collect(),
        missing: sheet_export::missing_signers(&doc)
            .into_iter()
            .map(SignerRole::id)
            .collect(),
        sets: doc.sets,
    })
}

/// An export error as an IPC error. A missing signature list is given as role ids in
/// `roles` (comma-separated); the UI names them in its language.
fn export_error(e: ExportError) -> IpcError {
    match e {
        ExportError::Store(e) => e.into(),
        ExportError::Sheet(e) => e
            .params()
            .into_iter()
            .fold(IpcError::new(e.code()), |err, (k, v)| err.arg(k, v)),
        ExportError::Unsigned(roles) => IpcError::new("sign-missing-signatures").arg(
            "roles",
            roles.iter().map(|r| r.id()).collect::<Vec<_>>().join(","),
        ),
    }
}

fn parse_role(role: &str) -> Result<SignerRole, IpcError> {
    SignerRole::ALL
        .into_iter()
        .find(|r| r.id() == role)
        .ok_or_else(|| IpcError::new("sign-error-unknown-role").arg("role", role))
}

/// The score sheet of a finished match as it stands (signed or not).
#[tauri::command]
pub fn get_sheet(state: State<'_, AppState>, match_id: i64) -> Result<SheetScreen, IpcError> {
    state.with_store(|store| screen(store, match_id))
}

/// Writes (or rewrites) a player's reclamation (player 0 or 1) before the sheet is
/// signed; returns the sheet.
#[tauri::command]
pub fn save_reclamation(
    state: State<'_, AppState>,
    match_id: i64,
    player: i64,
    text: String,
) -> Result<SheetScreen, IpcError> {
    let player = u8::try_from(player).unwrap_or(u8::MAX);
    state.with_store(|store| {
        store.set_reclamation(match_id, player, &text, Utc::now())?;
        screen(store, match_id)
    })
}

/// Signs the sheet as `role` (`referee`, `player-1`, `player-2`) with `name` and the
/// pad's `strokes` (`{"width", "height", "strokes": [[[x, y], …], …]}`), at the
/// backend's clock. An empty pad is refused. Returns the sheet.
#[tauri::command]
pub fn sign_sheet(
    state: State<'_, AppState>,
    match_id: i64,
    role: String,
    name: String,
    strokes: serde_json::Value,
) -> Result<SheetScreen, IpcError> {
    let role = parse_role(&role)?;
    let field = format!("signature-{}", role.id());
    let pad = PadStrokes::from_json(&strokes)
        .filter(PadStrokes::is_drawn)
        .ok_or_else(|| {
            let mut e = IpcError::new("sign-error-empty-signature");
            e.field = Some(field.clone());
            e
        })?;
    let strokes = serde_json::to_value(&pad).expect("strokes serialize");
    state.with_store(|store| {
        store
            .sign(
                match_id,
                sheet_export::store_role(role),
                &name,
                &strokes,
                Utc::now(),
            )
            .map_err(|e| {
                let mut e = IpcError::from(e);
                if e.field.is_some() {
                    e.field = Some(field.clone());
                }
                e
            })?;
        screen(store, match_id)
    })
}

/// The signed PDF of match `match_id` in `language`, sealed with this device's key.
fn render_pdf(state: &AppState, match_id: i64, language: &str) -> Result<Vec<u8>, IpcError> {
    let lang = Lang::from_code(language)
        .filter(|l| l.code() == language)
        .ok_or_else(|| IpcError::new("error-unknown-language"))?;
    state.with_store(|store| {
        let db = store
            .path()
            .map(std::path::Path::to_path_buf)
            .ok_or_else(|| IpcError::new("error-internal").arg("detail", "no database file"))?;
        let key = device_key::load_or_create(&device_key::path_beside(&db))
            .map_err(|e| IpcError::new("sign-device-key-error").arg("detail", e.to_string()))?;
        sheet_export::render(store, match_id, lang, &key, Utc::now()).map_err(export_error)
    })
}

/// Renders the signed PDF, asks where to save it (save dialog), writes it and opens
/// it. Answers the saved path, or `None` if the dialog was cancelled.
#[tauri::command]
pub async fn export_sheet_pdf<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    match_id: i64,
    language: String,
) -> Result<Option<String>, IpcError> {
    let pdf = render_pdf(&state, match_id, &language)?;
    let name = format!("carambole-{match_id}.pdf");
    let lang = Lang::from_code(&language).unwrap_or(Lang::En);
    let picker = file_dialog::Picker {
        title: carom_i18n::t(lang, "sign-export"),
        label: "PDF".into(),
        extensions: &["pdf"],
    };
    let Some(path) = file_dialog::save_path(&app, &picker, &name) else {
        return Ok(None);
    };
    carom_store::write_file_atomically(&path, &pdf).map_err(|e| {
        IpcError::new("sign-error-write").arg("detail", format!("{}: {e}", path.display()))
    })?;
    file_dialog::show(&app, &path)?;
    let shown = path.display().to_string();
    Ok(Some(shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_signature_list_crosses_ipc_as_role_ids() {
        let e = export_error(ExportError::Unsigned(vec![
            SignerRole::Player1,
            SignerRole::Player2,
        ]));
        assert_eq!(e.code, "sign-missing-signatures");
        assert_eq!(e.args["roles"], "player-1,player-2");
        let e = export_error(ExportError::Sheet(
            carom_sheet::SheetError::MatchNotFinished,
        ));
        assert_eq!(e.code, "sheet-error-match-not-finished");
        assert!(parse_role("referee").is_ok());
        assert_eq!(
            parse_role("coach").unwrap_err().code,
            "sign-error-unknown-role"
        );
    }

    #[test]
    fn the_pdf_is_rendered_with_the_key_beside_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("carambole.sqlite");
        let state = AppState::open(&db);
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/fmt-1-handicap-libre.json");
        let id = state
            .with_store(|s| Ok(s.import_path(&fixture)?.id))
            .unwrap();
        let err = render_pdf(&state, id, "fr").unwrap_err();
        assert_eq!(err.code, "sign-missing-signatures");
        let strokes =
            serde_json::json!({"width": 600, "height": 200, "strokes": [[[1, 2], [30, 40]]]});
        for role in SignerRole::ALL {
            state
                .with_store(|s| {
                    Ok(s.sign(
                        id,
                        sheet_export::store_role(role),
                        "N",
                        &strokes,
                        Utc::now(),
                    )?)
                })
                .unwrap();
        }
        let pdf = render_pdf(&state, id, "fr").unwrap();
        let verified = carom_sheet::verify_pdf(&pdf).unwrap();
        let key = device_key::load_or_create(&dir.path().join("device-key")).unwrap();
        assert_eq!(verified.fingerprint, key.fingerprint());
        assert_eq!(
            render_pdf(&state, id, "de").unwrap_err().code,
            "error-unknown-language"
        );
    }
}
