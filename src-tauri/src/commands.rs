//! The Tauri commands the UI invokes. Each answers only after the store committed.
//!
//! Requests take loosely typed fields (strings, wide integers) so that bad input is
//! reported as a localized error code, never as a serde message in English.

use carom_core::Discipline;
use carom_i18n::Lang;
use carom_store::{MatchRow, NewMatch, NewPlayer, MAX_TARGET};
use serde::{Deserialize, Serialize};
use tauri::State;

use crate::{AppState, IpcError};

const LANGUAGE_KEY: &str = "language";

/// The settings the UI needs at start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// The language to show: the stored choice, else the system's.
    pub language: String,
}

/// The system's preferred languages, best first.
fn system_languages() -> Vec<String> {
    sys_locale::get_locales().collect()
}

/// Returns the settings, choosing (and remembering) the language from the system
/// locale at first start. With an unusable database the system language is used, so
/// the error about it is still shown in the user's language.
#[tauri::command]
pub fn get_settings(state: State<'_, AppState>) -> Result<Settings, IpcError> {
    let system = || {
        let locales = system_languages();
        Lang::negotiate(locales.iter().map(String::as_str))
    };
    let lang = state
        .with_store(|store| {
            if let Some(lang) = store
                .setting(LANGUAGE_KEY)?
                .as_deref()
                .and_then(Lang::from_code)
            {
                return Ok(lang);
            }
            let lang = system();
            store.set_setting(LANGUAGE_KEY, lang.code())?;
            Ok(lang)
        })
        .unwrap_or_else(|_| system());
    Ok(Settings {
        language: lang.code().to_owned(),
    })
}

/// Stores the user's language choice.
#[tauri::command]
pub fn set_language(state: State<'_, AppState>, language: String) -> Result<Settings, IpcError> {
    let lang = Lang::from_code(&language)
        .filter(|l| l.code() == language)
        .ok_or_else(|| IpcError::new("error-unknown-language"))?;
    state.with_store(|store| {
        store.set_setting(LANGUAGE_KEY, lang.code())?;
        Ok(Settings {
            language: lang.code().to_owned(),
        })
    })
}

/// Replaces a database that cannot be opened by the newest automatic backup.
#[tauri::command]
pub fn restore_backup(state: State<'_, AppState>) -> Result<(), IpcError> {
    state.restore_latest_backup()
}

/// One player as the form sends it.
#[derive(Debug, Clone, Deserialize)]
pub struct PlayerRequest {
    name: String,
    target: i64,
}

/// The new-match form as the UI sends it.
#[derive(Debug, Clone, Deserialize)]
pub struct CreateMatchRequest {
    discipline: String,
    players: [PlayerRequest; 2],
}

impl CreateMatchRequest {
    fn into_new_match(self) -> Result<NewMatch, IpcError> {
        let discipline = Discipline::from_id(&self.discipline)
            .ok_or_else(|| IpcError::new("error-unknown-discipline"))?;
        let fields = ["player-a-target", "player-b-target"];
        let mut players = Vec::with_capacity(2);
        for (p, field) in self.players.into_iter().zip(fields) {
            // Out-of-range targets become 0, which the store refuses with the field named.
            let target = u32::try_from(p.target)
                .ok()
                .filter(|t| *t <= MAX_TARGET)
                .unwrap_or(0);
            if target == 0 && p.target != 0 {
                let mut e = IpcError::new("error-target-out-of-range")
                    .arg("min", 1)
                    .arg("max", MAX_TARGET);
                e.field = Some(field.to_owned());
                return Err(e);
            }
            players.push(NewPlayer {
                name: p.name,
                target,
            });
        }
        let players: [NewPlayer; 2] = players.try_into().expect("two players");
        Ok(NewMatch {
            discipline,
            players,
        })
    }
}

/// Validates and stores a new match; returns it as listed.
#[tauri::command]
pub fn create_match(
    state: State<'_, AppState>,
    request: CreateMatchRequest,
) -> Result<MatchRow, IpcError> {
    let new_match = request.into_new_match()?;
    state.with_store(|store| {
        let id = store.create_match(&new_match)?;
        store
            .list_matches(u32::MAX)?
            .into_iter()
            .find(|m| m.id == id)
            .ok_or_else(|| IpcError::new("error-internal").arg("detail", "created match missing"))
    })
}

/// Stored matches, newest first.
#[tauri::command]
pub fn list_matches(state: State<'_, AppState>) -> Result<Vec<MatchRow>, IpcError> {
    state.with_store(|store| Ok(store.list_matches(200)?))
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};
    use tauri::ipc::{CallbackFn, InvokeBody};
    use tauri::test::{get_ipc_response, mock_builder, mock_context, noop_assets, INVOKE_KEY};
    use tauri::webview::InvokeRequest;
    use tauri::Manager;

    use crate::AppState;

    fn app(db: &std::path::Path) -> tauri::WebviewWindow<tauri::test::MockRuntime> {
        let app = crate::with_commands(mock_builder())
            .build(mock_context(noop_assets()))
            .unwrap();
        app.manage(AppState::open(db));
        tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap()
    }

    fn invoke(
        w: &tauri::WebviewWindow<tauri::test::MockRuntime>,
        cmd: &str,
        body: Value,
    ) -> Result<Value, Value> {
        get_ipc_response(
            w,
            InvokeRequest {
                cmd: cmd.into(),
                callback: CallbackFn(0),
                error: CallbackFn(1),
                url: "tauri://localhost".parse().unwrap(),
                body: InvokeBody::Json(body),
                headers: Default::default(),
                invoke_key: INVOKE_KEY.to_string(),
            },
        )
        .map(|b| b.deserialize::<Value>().unwrap())
    }

    fn form(a: &str, target: i64) -> Value {
        json!({"request": {"discipline": "three-cushion",
            "players": [{"name": a, "target": target}, {"name": "Zanetti", "target": 40}]}})
    }

    #[test]
    fn a_match_created_through_the_command_is_listed() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        let created = invoke(&w, "create_match", form("Caudron", 40)).unwrap();
        assert_eq!(created["players"][0]["name"], "Caudron");
        let list = invoke(&w, "list_matches", json!({})).unwrap();
        assert_eq!(list.as_array().unwrap().len(), 1);
    }

    #[test]
    fn bad_input_comes_back_as_a_code_and_a_field_not_prose() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        for (name, target, field, code) in [
            ("", 40, "player-a-name", "error-name-empty"),
            ("A", 0, "player-a-target", "error-target-out-of-range"),
            ("A", -5, "player-a-target", "error-target-out-of-range"),
            (
                "A",
                99_999_999_999,
                "player-a-target",
                "error-target-out-of-range",
            ),
        ] {
            let err = invoke(&w, "create_match", form(name, target)).unwrap_err();
            assert_eq!(
                (err["field"].as_str(), err["code"].as_str()),
                (Some(field), Some(code))
            );
        }
        let bad = json!({"request": {"discipline": "snooker",
            "players": [{"name": "A", "target": 1}, {"name": "B", "target": 1}]}});
        assert_eq!(
            invoke(&w, "create_match", bad).unwrap_err()["code"],
            "error-unknown-discipline"
        );
        assert_eq!(invoke(&w, "list_matches", json!({})).unwrap(), json!([]));
    }

    #[test]
    fn the_language_choice_is_stored() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        invoke(&w, "set_language", json!({"language": "es"})).unwrap();
        assert_eq!(
            invoke(&w, "get_settings", json!({})).unwrap()["language"],
            "es"
        );
        let err = invoke(&w, "set_language", json!({"language": "klingon"})).unwrap_err();
        assert_eq!(err["code"], "error-unknown-language");
    }
}
