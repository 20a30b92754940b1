//! Platform services for an app with no user in front of it: the system clock, a key in
//! memory, dialogs that are always cancelled, silent speech, no windows, English.

use std::sync::Mutex;

use carom_api::ErrorCode;
use carom_app::platform::{KeyStorage, NoDialogs, Speech, SystemClock, SystemLocale, Windows};
use carom_app::Services;
use carom_i18n::Lang;

struct MemoryKey(Mutex<Option<[u8; 32]>>);

impl KeyStorage for MemoryKey {
    fn load(&self) -> Result<Option<[u8; 32]>, String> {
        self.0.lock().map(|k| *k).map_err(|e| e.to_string())
    }
    fn fresh_seed(&self) -> Result<[u8; 32], String> {
        Ok([7; 32])
    }
    fn store(&self, seed: &[u8; 32]) -> Result<[u8; 32], String> {
        self.0
            .lock()
            .map(|mut k| *k.get_or_insert(*seed))
            .map_err(|e| e.to_string())
    }
}

struct Silent;

impl Speech for Silent {
    fn speak(&self, _: &str, _: Lang) -> Result<Option<Vec<u8>>, ErrorCode> {
        Ok(None)
    }
}

impl Windows for Silent {
    fn open_scoreboard(&self, _: i64) -> Result<(), ErrorCode> {
        Ok(())
    }
}

impl SystemLocale for Silent {
    fn languages(&self) -> Vec<String> {
        vec!["en".to_owned()]
    }
}

/// The services of an unattended app.
pub fn services() -> Services {
    Services {
        clock: Box::new(SystemClock),
        keys: Box::new(MemoryKey(Mutex::new(None))),
        files: Box::new(NoDialogs::default()),
        speech: Box::new(Silent),
        windows: Box::new(Silent),
        locale: Box::new(Silent),
        printer: Box::new(carom_app::platform::LocalPrinter),
    }
}
