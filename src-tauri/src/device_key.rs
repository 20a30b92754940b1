//! The device's signing key for score sheets (issue 5): 32 random seed bytes drawn at
//! first use and kept in the file `device-key` beside the database (mode 0600 on Unix).
//! The same key signs every sheet of the device afterwards, so its fingerprint
//! identifies the device.

use std::fs::OpenOptions;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The name of the key file in the app-data folder.
pub const FILE_NAME: &str = "device-key";

/// The key file that belongs to database `db`: `device-key` in the same folder.
pub fn path_beside(db: &Path) -> PathBuf {
    db.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join(FILE_NAME)
}

fn read_seed(path: &Path) -> io::Result<[u8; 32]> {
    let mut bytes = Vec::with_capacity(33);
    let file = std::fs::File::open(path)?;
    keep_private(&file)?;
    file.take(33).read_to_end(&mut bytes)?;
    bytes.try_into().map_err(|b: Vec<u8>| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} bytes instead of 32", b.len()),
        )
    })
}

/// A key file others may read (a copy, a restored folder, a umask of 022) is made
/// owner-only (0600) before it is used; if its mode cannot be changed, it is refused.
#[cfg(unix)]
fn keep_private(file: &std::fs::File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = file.metadata()?.permissions().mode();
    if mode & 0o077 != 0 {
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn keep_private(_file: &std::fs::File) -> io::Result<()> {
    Ok(())
}

/// The key file beside the database as the app's key storage.
#[derive(Debug, Clone)]
pub struct KeyFile(pub PathBuf);

impl KeyFile {
    /// An I/O error about the key file, naming it (the error alone does not).
    fn error(&self, e: &io::Error) -> String {
        format!("{}: {e}", self.0.display())
    }
}

impl carom_app::platform::KeyStorage for KeyFile {
    fn load(&self) -> Result<Option<[u8; 32]>, String> {
        match read_seed(&self.0) {
            Ok(seed) => Ok(Some(seed)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(self.error(&e)),
        }
    }

    fn fresh_seed(&self) -> Result<[u8; 32], String> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| self.error(&io::Error::other(e.to_string())))?;
        Ok(seed)
    }

    fn store(&self, seed: &[u8; 32]) -> Result<[u8; 32], String> {
        write_new(&self.0, seed).map_err(|e| self.error(&e))
    }
}

/// Writes `seed` to a new key file at `path` (mode 0600); when another process created
/// it first, answers the seed it holds.
fn write_new(path: &Path, seed: &[u8; 32]) -> io::Result<[u8; 32]> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(mut file) => {
            file.write_all(seed)?;
            file.sync_all()?;
            Ok(*seed)
        }
        // Another process created it first: use that one.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => read_seed(path),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use carom_app::platform::KeyStorage;

    use super::*;

    /// The key of `keys`, created as the app creates it at first use.
    fn load_or_create(keys: &KeyFile) -> Result<[u8; 32], String> {
        match keys.load()? {
            Some(seed) => Ok(seed),
            None => keys.store(&keys.fresh_seed()?),
        }
    }

    #[test]
    fn the_key_is_created_once_and_reused_afterwards() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_beside(&dir.path().join("carambole.sqlite"));
        assert_eq!(path, dir.path().join(FILE_NAME));
        let keys = KeyFile(path.clone());
        assert_eq!(keys.load().unwrap(), None, "nothing is created by a load");
        assert!(!path.exists());
        let first = load_or_create(&keys).unwrap();
        let again = load_or_create(&keys).unwrap();
        assert_eq!(first, again);
        assert_eq!(std::fs::read(&path).unwrap(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let other = tempfile::tempdir().unwrap();
        let elsewhere = load_or_create(&KeyFile(other.path().join(FILE_NAME))).unwrap();
        assert_ne!(first, elsewhere);
    }

    #[test]
    fn a_key_kept_meanwhile_by_another_process_wins() {
        let dir = tempfile::tempdir().unwrap();
        let keys = KeyFile(dir.path().join(FILE_NAME));
        assert_eq!(keys.store(&[1u8; 32]).unwrap(), [1u8; 32]);
        assert_eq!(
            keys.store(&[2u8; 32]).unwrap(),
            [1u8; 32],
            "a device has one key"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_key_file_others_can_read_is_made_owner_only_before_use() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, [7u8; 32]).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(KeyFile(path.clone()).load().unwrap(), Some([7u8; 32]));
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_damaged_key_file_is_reported_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, b"short").unwrap();
        let err = load_or_create(&KeyFile(path.clone())).unwrap_err();
        assert!(err.contains("5 bytes instead of 32"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"short");
    }
}
