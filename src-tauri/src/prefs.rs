//! The referee's preferences: theme, spoken announcements, default averaging rule.

use carom_core::AverageRule;
use serde::{Deserialize, Serialize};
use tauri::State;

use crate::{AppState, IpcError};

const KEY: &str = "preferences";

/// Light, dark, or as the system says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// As the system says.
    #[default]
    Auto,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// The stored preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Preferences {
    /// Theme.
    #[serde(default)]
    pub theme: Theme,
    /// Speak the announcements.
    #[serde(default)]
    pub voice: bool,
    /// The averaging rule the new-match form proposes.
    #[serde(default)]
    pub average: AverageRule,
}

/// The stored preferences (defaults when none).
#[tauri::command(rename_all = "snake_case")]
pub fn get_preferences(state: State<'_, AppState>) -> Result<Preferences, IpcError> {
    state.with_store(|store| {
        let stored = store.setting(KEY)?;
        Ok(stored
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default())
    })
}

/// Stores the preferences; answers with what was stored.
#[tauri::command(rename_all = "snake_case")]
pub fn set_preferences(
    state: State<'_, AppState>,
    preferences: Preferences,
) -> Result<Preferences, IpcError> {
    state.with_store(|store| {
        let json = serde_json::to_string(&preferences)
            .map_err(|e| IpcError::new("error-internal").arg("detail", e.to_string()))?;
        store.set_setting(KEY, &json)?;
        Ok(preferences)
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::test_support::{app, invoke};

    #[test]
    fn preferences_are_stored_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let w = app(&dir.path().join("db.sqlite"));
        assert_eq!(
            invoke(&w, "get_preferences", json!({})).unwrap(),
            json!({"theme": "auto", "voice": false, "average": "truncate"})
        );
        let p = json!({"theme": "dark", "voice": true, "average": "round"});
        invoke(&w, "set_preferences", json!({"preferences": p})).unwrap();
        assert_eq!(invoke(&w, "get_preferences", json!({})).unwrap(), p);
    }
}
