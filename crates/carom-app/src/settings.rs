//! The language, the referee's preferences, and the way out of a damaged database.

use carom_api::{
    Error, ErrorCode, GetPreferences, GetSettings, Preferences, RestoreBackup, SetLanguage,
    SetPreferences, Settings,
};
use carom_i18n::Lang;

use crate::errors::OrStoreError;
use crate::App;

const LANGUAGE_KEY: &str = "language";
const PREFERENCES_KEY: &str = "preferences";

impl App {
    fn system_lang(&self) -> Lang {
        let locales = self.services.locale.languages();
        Lang::negotiate(locales.iter().map(String::as_str))
    }

    /// The settings, choosing (and remembering) the language from the system locale at
    /// first start. With an unusable database the system language is used, so that the
    /// error about it is still shown in the user's language.
    ///
    /// # Errors
    /// None today; the signature is the catalogue's.
    pub fn get_settings(&self, _: GetSettings) -> Result<Settings, Error> {
        let lang = self
            .db
            .with(|store| {
                if let Some(lang) = store
                    .setting(LANGUAGE_KEY)
                    .or_store()?
                    .as_deref()
                    .and_then(Lang::from_code)
                {
                    return Ok(lang);
                }
                let lang = self.system_lang();
                store.set_setting(LANGUAGE_KEY, lang.code()).or_store()?;
                Ok(lang)
            })
            .unwrap_or_else(|_| self.system_lang());
        Ok(Settings { language: lang })
    }

    /// Stores the user's language choice.
    ///
    /// # Errors
    /// The store's.
    pub fn set_language(&self, req: SetLanguage) -> Result<Settings, Error> {
        let lang = req.language;
        self.db.with(|store| {
            store.set_setting(LANGUAGE_KEY, lang.code()).or_store()?;
            Ok(Settings { language: lang })
        })
    }

    /// Replaces a database that cannot be opened by the newest automatic backup.
    ///
    /// # Errors
    /// [`ErrorCode::DatabaseIsFine`], [`ErrorCode::NoBackup`], or why it failed.
    pub fn restore_backup(&self, _: RestoreBackup) -> Result<(), Error> {
        self.db.restore_latest_backup(self.services.clock.now())
    }

    /// The stored preferences (defaults when none, or when unreadable).
    ///
    /// # Errors
    /// The store's.
    pub fn get_preferences(&self, _: GetPreferences) -> Result<Preferences, Error> {
        self.db.with(|store| {
            let stored = store.setting(PREFERENCES_KEY).or_store()?;
            Ok(stored
                .and_then(|s| serde_json::from_str(&s).ok())
                .unwrap_or_default())
        })
    }

    /// Stores the preferences; answers with what was stored.
    ///
    /// # Errors
    /// The store's.
    pub fn set_preferences(&self, req: SetPreferences) -> Result<Preferences, Error> {
        let json = serde_json::to_string(&req.preferences)
            .map_err(|e| Error::from(ErrorCode::internal(e.to_string())))?;
        self.db.with(|store| {
            store.set_setting(PREFERENCES_KEY, &json).or_store()?;
            Ok(req.preferences)
        })
    }
}
