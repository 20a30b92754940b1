//! Backups of the whole database with SQLite's online backup API, rotating automatic
//! backups, and restore — which always keeps a copy of the data it replaces. Where there
//! is no file system (the browser), a backup is an image of the database in bytes and a
//! restore takes one.

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};
use serde::{Deserialize, Serialize};

use crate::{schema, Store, StoreError};

/// How many automatic backups are kept.
pub const BACKUPS_KEPT: usize = 7;

const PREFIX: &str = "carambole-";
const SUFFIX: &str = ".sqlite";

/// What a backup holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupInfo {
    /// The file; `None` for a backup handed over as bytes.
    pub path: Option<PathBuf>,
    /// Its schema version.
    pub schema_version: i64,
    /// Matches in it (the trash included).
    pub matches: i64,
}

/// Names our backups' temporary copies `.<destination>.carambole-backup-<pid>.tmp`, so
/// that what a killed backup left (the copy and the journal SQLite keeps beside it) is
/// told from anything else in the folder and removed by the next backup.
const TEMP_MARK: &str = ".carambole-backup-";
const TEMP_END: &str = ".tmp";
/// What SQLite may keep beside a database it writes.
const SIDECARS: [&str; 3] = ["-journal", "-wal", "-shm"];

/// The temporary copy process `pid` writes before renaming it to `dest`.
fn temp_name(dest: &Path, pid: u32) -> PathBuf {
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dest.with_file_name(format!(".{name}{TEMP_MARK}{pid}{TEMP_END}"))
}

/// This process's temporary copy for `dest`.
fn temp_for(dest: &Path) -> PathBuf {
    temp_name(dest, std::process::id())
}

/// The process id in `name` if it is one of our temporary copies or their sidecars
/// (the exact shape [`temp_name`] makes, nothing looser).
fn temp_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?;
    let rest = SIDECARS
        .iter()
        .find_map(|s| rest.strip_suffix(s))
        .unwrap_or(rest);
    let (dest, pid) = rest.strip_suffix(TEMP_END)?.rsplit_once(TEMP_MARK)?;
    if dest.is_empty() || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether the temporary of process `pid`, last modified at `modified`, was left by a
/// backup that died. This process's own are in use (another store of it may be copying);
/// on Linux a process that is gone has no `/proc/<pid>`; elsewhere a day-old one is stale.
fn is_stale(pid: u32, modified: Option<std::time::SystemTime>) -> bool {
    if pid == std::process::id() {
        return false;
    }
    if cfg!(target_os = "linux") {
        return !Path::new("/proc").join(pid.to_string()).exists();
    }
    modified
        .and_then(|m| m.elapsed().ok())
        .is_some_and(|age| age > Duration::from_secs(24 * 3600))
}

/// Removes from `dir` the temporaries of our backups that were killed (never any other
/// file: only the exact names [`temp_name`] makes, regular files, of a dead process).
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let Some(pid) = entry.file_name().to_str().and_then(temp_pid) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        if meta.is_file() && is_stale(pid, meta.modified().ok()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The folder of `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Copies the whole of `src` into `dst` with the online backup API.
fn copy(src: &Connection, dst: &mut Connection) -> Result<(), StoreError> {
    Backup::new(src, dst)?.run_to_completion(256, Duration::ZERO, None)?;
    Ok(())
}

/// The checks every backup passes before it is offered or restored, on a read-only
/// connection to it (its origin was identified already): not from a newer app, sound
/// (`PRAGMA quick_check`). Answers what it holds.
fn check_backup(conn: &Connection, path: Option<&Path>) -> Result<BackupInfo, StoreError> {
    let version = schema::version(conn)?;
    if version > schema::latest_version() as i64 {
        return Err(StoreError::NewerSchema);
    }
    crate::check_integrity(conn)?;
    let matches = if version >= 1 {
        conn.query_row("SELECT count(*) FROM matches", [], |r| r.get(0))?
    } else {
        0
    };
    Ok(BackupInfo {
        path: path.map(Path::to_path_buf),
        schema_version: version,
        matches,
    })
}

/// A backup image `bytes`, identified ([`schema::identify_bytes`]) and checked
/// ([`check_backup`]): the private read-only connection holding it, and what it holds.
fn checked_image(bytes: &[u8]) -> Result<(Connection, BackupInfo), StoreError> {
    let (_, conn) = schema::identify_bytes(bytes)?;
    let info = check_backup(&conn, None)?;
    Ok((conn, info))
}

/// A consistent image of the whole database of `conn` (one read transaction).
fn image(conn: &Connection) -> Result<Vec<u8>, StoreError> {
    Ok(conn.serialize(rusqlite::MAIN_DB)?.to_vec())
}

/// Writes a copy of `src` to a temporary file beside `dest`, then renames it into place:
/// `dest` is replaced whole or not at all.
fn copy_to_file(src: &Connection, dest: &Path) -> Result<(), StoreError> {
    std::fs::create_dir_all(folder_of(dest)).map_err(StoreError::io)?;
    remove_stale_temporaries(folder_of(dest));
    let tmp = temp_for(dest);
    remove_with_sidecars(&tmp);
    let result = (|| {
        let mut dst = Connection::open(&tmp)?;
        copy(src, &mut dst)?;
        dst.close().map_err(|(_, e)| StoreError::from(e))?;
        std::fs::File::open(&tmp)
            .and_then(|f| f.sync_all())
            .map_err(StoreError::io)?;
        std::fs::rename(&tmp, dest).map_err(StoreError::io)?;
        sync_dir(dest);
        Ok(())
    })();
    if result.is_err() {
        remove_with_sidecars(&tmp);
    }
    result
}

/// Removes the temporary copy `tmp` and whatever SQLite kept beside it.
fn remove_with_sidecars(tmp: &Path) {
    let _ = std::fs::remove_file(tmp);
    for suffix in SIDECARS {
        let _ = std::fs::remove_file(PathBuf::from(format!("{}{suffix}", tmp.display())));
    }
}

/// What a restore must not replace even though the app cannot open it: something that is
/// not a regular file (copying a FIFO first would block for ever), or a sound database of
/// another program. A file SQLite cannot read (damaged, not a database) may be replaced:
/// that is what restoring is for, and a copy of it is kept.
fn refuse_to_replace(db: &Path) -> Result<(), StoreError> {
    let Ok(meta) = std::fs::metadata(db) else {
        return Ok(());
    };
    if !meta.is_file() {
        return Err(StoreError::NotAFile(db.to_path_buf()));
    }
    match schema::identify_file(db) {
        Err(e @ StoreError::Foreign) => Err(e),
        _ => Ok(()),
    }
}

/// Makes a rename durable (best effort: not every platform can sync a folder).
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A free name `<dir>/<stem>-YYYYMMDD-HHMMSS[-n].sqlite`.
fn stamped(dir: &Path, stem: &str, at: DateTime<Utc>) -> PathBuf {
    let base = format!("{stem}{}", at.format("%Y%m%d-%H%M%S"));
    let mut path = dir.join(format!("{base}{SUFFIX}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}{SUFFIX}"));
        n += 1;
    }
    path
}

/// The automatic backups in `dir`, oldest first.
fn automatic_backups(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                    n.starts_with(PREFIX)
                        && n.ends_with(SUFFIX)
                        && n[PREFIX.len()..].starts_with(|c: char| c.is_ascii_digit())
                })
        })
        .collect();
    found.sort_by_key(|p| {
        // Names sort by time, except that `-10` must follow `-9` in one second.
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let stem = name.trim_end_matches(SUFFIX).to_owned();
        let (time, n) = match stem[PREFIX.len()..].rsplit_once('-') {
            Some((t, n)) if t.contains('-') => (format!("{PREFIX}{t}"), n.parse().unwrap_or(0)),
            _ => (stem.clone(), 1u32),
        };
        (time, n)
    });
    found
}

impl Store {
    /// Copies the whole database to `dest` (online backup API; `dest` is replaced whole or
    /// not at all), then empties the trash: a trashed match stays recoverable from the
    /// backup.
    ///
    /// # Errors
    /// [`StoreError::BackupOntoItself`], a file error, or a database fault.
    pub fn backup_to(&mut self, dest: &Path) -> Result<(), StoreError> {
        if self.path.as_deref().is_some_and(|p| same_file(p, dest)) {
            return Err(StoreError::BackupOntoItself);
        }
        copy_to_file(&self.conn, dest)?;
        self.purge_trash()?;
        Ok(())
    }

    /// Makes an automatic backup `carambole-YYYYMMDD-HHMMSS.sqlite` in `dir` and removes
    /// the oldest automatic backups beyond [`BACKUPS_KEPT`] (no other file is touched).
    /// Returns the new backup's path.
    ///
    /// # Errors
    /// As [`Store::backup_to`].
    pub fn backup_rotating(
        &mut self,
        dir: &Path,
        at: DateTime<Utc>,
    ) -> Result<PathBuf, StoreError> {
        std::fs::create_dir_all(dir).map_err(StoreError::io)?;
        let path = stamped(dir, PREFIX, at);
        self.backup_to(&path)?;
        let all = automatic_backups(dir);
        for old in all.iter().take(all.len().saturating_sub(BACKUPS_KEPT)) {
            let _ = std::fs::remove_file(old);
        }
        Ok(path)
    }

    /// The newest automatic backup in `dir`, if any: what the app offers to restore when
    /// the database cannot be opened.
    pub fn latest_backup(dir: &Path) -> Option<PathBuf> {
        automatic_backups(dir).pop()
    }

    /// The automatic backups in `dir`, newest first (no other file of the folder).
    pub fn automatic_backups(dir: &Path) -> Vec<PathBuf> {
        let mut all = automatic_backups(dir);
        all.reverse();
        all
    }

    /// Checks that `path` is a sound Carambole database this build can open, read-only.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`], [`StoreError::Damaged`], [`StoreError::NewerSchema`],
    /// [`StoreError::Foreign`], or a file error.
    pub fn inspect_backup(path: &Path) -> Result<BackupInfo, StoreError> {
        if !path.is_file() {
            return Err(StoreError::Io(format!("{}: no such file", path.display())));
        }
        // Restoring another program's database would replace the user's matches by it.
        schema::identify_file(path)?;
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        check_backup(&conn, Some(path))
    }

    /// Checks the backup image `bytes` (a file the user handed over whole: the browser's
    /// upload) as [`Store::inspect_backup`] checks a file, on a private in-memory copy.
    ///
    /// # Errors
    /// As [`Store::inspect_backup`], without its file errors.
    pub fn inspect_backup_bytes(bytes: &[u8]) -> Result<BackupInfo, StoreError> {
        checked_image(bytes).map(|(_, info)| info)
    }

    /// Backs up the whole database as bytes, where there is no file system to write a
    /// backup to (the browser): a consistent image of the database is handed to `deliver`
    /// (which saves it: a download), and only once that succeeded is the trash emptied,
    /// as [`Store::backup_to`] does: a trashed match stays recoverable from the backup.
    ///
    /// # Errors
    /// `deliver`'s error (the trash is then kept), or a database fault.
    pub fn backup_bytes<T>(
        &mut self,
        deliver: impl FnOnce(&[u8]) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let delivered = deliver(&image(&self.conn)?)?;
        self.purge_trash()?;
        Ok(delivered)
    }

    /// Replaces the whole database by the backup image `bytes`, as [`Store::restore_from`]
    /// does with a file: the image is checked first ([`Store::inspect_backup_bytes`]);
    /// then an image of the current data is handed to `keep` (the safety copy: a
    /// download), and only once that succeeded is the data replaced; an older backup is
    /// migrated. Answers what `keep` answered.
    ///
    /// # Errors
    /// As [`Store::inspect_backup_bytes`], `keep`'s error, or a database fault (the
    /// current data is then unchanged, or in the copy `keep` was handed).
    pub fn restore_from_bytes<T>(
        &mut self,
        bytes: &[u8],
        keep: impl FnOnce(&[u8]) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let (src, _) = checked_image(bytes)?;
        let kept = keep(&image(&self.conn)?)?;
        self.replace_with(&src)?;
        Ok(kept)
    }

    /// Copies the whole of `src` over this database (one transaction of the online backup
    /// API: all or nothing), then brings it up to date.
    fn replace_with(&mut self, src: &Connection) -> Result<(), StoreError> {
        copy(src, &mut self.conn)?;
        self.cache.clear();
        schema::migrate(&mut self.conn)
    }

    /// Replaces the whole database with the backup at `backup`, after writing a copy of the
    /// current one into `safety_dir` (returned, its name stamped with `at`). The backup is
    /// checked first; an older backup is migrated.
    ///
    /// # Errors
    /// As [`Store::inspect_backup`], or a file or database fault (the current data is then
    /// unchanged, or restored from the safety copy by the user).
    pub fn restore_from(
        &mut self,
        backup: &Path,
        safety_dir: &Path,
        at: DateTime<Utc>,
    ) -> Result<PathBuf, StoreError> {
        Store::inspect_backup(backup)?;
        let safety = stamped(safety_dir, "before-restore-", at);
        std::fs::create_dir_all(safety_dir).map_err(StoreError::io)?;
        copy_to_file(&self.conn, &safety)?;
        let src = Connection::open_with_flags(backup, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        self.replace_with(&src)?;
        Ok(safety)
    }

    /// Restores `backup` over the database file `db` that cannot be opened (damaged, from a
    /// newer app): the current file (and its WAL) is first copied into `safety_dir`, never
    /// lost (its name stamped with `at`). Returns the copy's path, if there was a file. Do
    /// not use while the app has the
    /// database open: use [`Store::restore_from`] then.
    ///
    /// # Errors
    /// As [`Store::inspect_backup`]; [`StoreError::NotAFile`] or [`StoreError::Foreign`]
    /// when `db` is not a regular file or is another program's database; or a file error
    /// (the current file is then untouched).
    pub fn restore_file(
        db: &Path,
        backup: &Path,
        safety_dir: &Path,
        at: DateTime<Utc>,
    ) -> Result<Option<PathBuf>, StoreError> {
        Store::inspect_backup(backup)?;
        if same_file(db, backup) {
            return Err(StoreError::BackupOntoItself);
        }
        refuse_to_replace(db)?;
        std::fs::create_dir_all(safety_dir).map_err(StoreError::io)?;
        let name = db
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let sidecar = |suffix: &str| PathBuf::from(format!("{}{suffix}", db.display()));
        let mut safety = None;
        if db.exists() {
            let copy = stamped(safety_dir, &format!("before-restore-{name}-"), at);
            std::fs::copy(db, &copy).map_err(StoreError::io)?;
            let wal = sidecar("-wal");
            if wal.exists() {
                std::fs::copy(&wal, PathBuf::from(format!("{}-wal", copy.display())))
                    .map_err(StoreError::io)?;
            }
            std::fs::File::open(&copy)
                .and_then(|f| f.sync_all())
                .map_err(StoreError::io)?;
            safety = Some(copy);
        }
        let src = Connection::open_with_flags(backup, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        remove_stale_temporaries(folder_of(db));
        let tmp = temp_for(db);
        remove_with_sidecars(&tmp);
        let mut dst = Connection::open(&tmp)?;
        copy(&src, &mut dst)?;
        dst.close().map_err(|(_, e)| StoreError::from(e))?;
        std::fs::File::open(&tmp)
            .and_then(|f| f.sync_all())
            .map_err(StoreError::io)?;
        // The old WAL belongs to the old file (a copy is kept): it must not be replayed
        // into the restored one.
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(sidecar(suffix));
        }
        std::fs::rename(&tmp, db).map_err(StoreError::io)?;
        sync_dir(db);
        Ok(safety)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MatchEntrant, NewMatch};
    use carom_core::Discipline;

    fn add(s: &mut Store, name: &str) -> i64 {
        s.create_match(
            &NewMatch {
                discipline: Discipline::Libre,
                players: [
                    MatchEntrant {
                        name: name.into(),
                        target: 50,
                    },
                    MatchEntrant {
                        name: "B".into(),
                        target: 50,
                    },
                ],
            },
            chrono::Utc::now(),
        )
        .unwrap()
    }

    #[test]
    fn a_killed_backups_temporaries_are_removed_by_the_next_backup_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let backups = dir.path().join("backups");
        std::fs::create_dir_all(&backups).unwrap();
        // What a backup killed mid-copy leaves: its temporary copy and the copy's journal.
        // 4,000,000,000 is above any pid_max: no such process runs.
        let dead = temp_name(
            &backups.join("carambole-20260101-000000.sqlite"),
            4_000_000_000,
        );
        let journal = PathBuf::from(format!("{}-journal", dead.display()));
        std::fs::write(&dead, b"half a copy").unwrap();
        std::fs::write(&journal, b"its journal").unwrap();
        // This process's own temporary may be another store's copy in progress.
        let live = temp_name(&backups.join("picked.sqlite"), std::process::id());
        std::fs::write(&live, b"in use").unwrap();
        let others = [
            "notes.tmp",
            ".notes.tmp",
            ".x.sqlite.12.tmp",
            ".x.carambole-backup-.tmp",
            ".x.carambole-backup-12a.tmp",
            ".x.carambole-backup-12.tmp.bak",
            ".x.carambole-backup-12.tmp-journal.old",
            "x.carambole-backup-12.tmp",
            ".carambole-backup-12.tmp",
            "carambole-20250101-000000.sqlite-journal",
        ];
        for name in others {
            std::fs::write(backups.join(name), b"not ours").unwrap();
        }
        let folder = backups.join(".y.carambole-backup-4000000000.tmp");
        std::fs::create_dir(&folder).unwrap();

        let mut s = Store::open_in_memory().unwrap();
        add(&mut s, "M");
        let made = s
            .backup_rotating(
                &backups,
                DateTime::from_timestamp(1_750_000_000, 0).unwrap(),
            )
            .unwrap();
        assert!(
            !dead.exists() && !journal.exists(),
            "the killed backup's files stay"
        );
        assert!(live.exists() && folder.exists());
        for name in others {
            assert_eq!(
                std::fs::read(backups.join(name)).unwrap(),
                b"not ours",
                "{name}"
            );
        }
        assert_eq!(Store::inspect_backup(&made).unwrap().matches, 1);
        // The backup itself left no temporary.
        let left: Vec<_> = std::fs::read_dir(&backups)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| temp_pid(n).is_some())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
    }

    #[test]
    fn only_the_exact_names_of_our_temporaries_are_recognised() {
        let ours = temp_name(Path::new("/b/carambole-1.sqlite"), 42);
        let name = ours.file_name().unwrap().to_str().unwrap().to_owned();
        assert_eq!(name, ".carambole-1.sqlite.carambole-backup-42.tmp");
        assert_eq!(temp_pid(&name), Some(42));
        assert_eq!(temp_pid(&format!("{name}-journal")), Some(42));
        assert_eq!(temp_pid(&format!("{name}-wal")), Some(42));
        for not_ours in [
            "carambole-1.sqlite",
            ".carambole-1.sqlite.42.tmp",
            ".carambole-1.sqlite.carambole-backup-42.tmp2",
            ".carambole-1.sqlite.carambole-backup--42.tmp",
            ".carambole-1.sqlite.carambole-backup-99999999999.tmp",
        ] {
            assert_eq!(temp_pid(not_ours), None, "{not_ours}");
        }
    }

    #[test]
    fn a_backup_restores_the_data_and_keeps_a_copy_of_what_it_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("db.sqlite")).unwrap();
        add(&mut s, "Before");
        let backup = dir.path().join("picked/backup.sqlite");
        s.backup_to(&backup).unwrap();
        assert_eq!(Store::inspect_backup(&backup).unwrap().matches, 1);
        add(&mut s, "After");
        let safety = s
            .restore_from(&backup, &dir.path().join("safety"), chrono::Utc::now())
            .unwrap();
        let names: Vec<_> = s
            .list_matches(10)
            .unwrap()
            .into_iter()
            .map(|m| m.players[0].name.clone())
            .collect();
        assert_eq!(names, ["Before"]);
        assert_eq!(Store::inspect_backup(&safety).unwrap().matches, 2);
        // The store goes on working after a restore.
        add(&mut s, "Later");
        assert_eq!(s.list_matches(10).unwrap().len(), 2);
    }

    #[test]
    fn a_backup_onto_the_database_itself_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        let mut s = Store::open(&path).unwrap();
        assert!(matches!(
            s.backup_to(&path),
            Err(StoreError::BackupOntoItself)
        ));
        s.integrity_check().unwrap();
    }

    #[test]
    fn automatic_backups_keep_the_last_seven_and_touch_no_other_file() {
        let dir = tempfile::tempdir().unwrap();
        let backups = dir.path().join("backups");
        std::fs::create_dir_all(&backups).unwrap();
        std::fs::write(backups.join("my-notes.txt"), "mine").unwrap();
        let mut s = Store::open_in_memory().unwrap();
        let t0 = DateTime::from_timestamp(1_750_000_000, 0).unwrap();
        let mut made = Vec::new();
        for i in 0..10 {
            add(&mut s, &format!("M{i}"));
            made.push(
                s.backup_rotating(&backups, t0 + chrono::Duration::hours(i))
                    .unwrap(),
            );
        }
        // Two in the same second get distinct names.
        made.push(
            s.backup_rotating(&backups, t0 + chrono::Duration::hours(9))
                .unwrap(),
        );
        let kept = automatic_backups(&backups);
        assert_eq!(kept.len(), BACKUPS_KEPT);
        assert_eq!(kept, made[made.len() - BACKUPS_KEPT..]);
        assert_eq!(Store::latest_backup(&backups).as_ref(), made.last());
        let newest_first: Vec<_> = made[made.len() - BACKUPS_KEPT..]
            .iter()
            .rev()
            .cloned()
            .collect();
        assert_eq!(Store::automatic_backups(&backups), newest_first);
        assert!(backups.join("my-notes.txt").exists());
        assert_eq!(
            Store::inspect_backup(made.last().unwrap()).unwrap().matches,
            10
        );
    }

    #[test]
    fn the_trash_is_emptied_by_the_next_backup_which_still_holds_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open_in_memory().unwrap();
        let id = add(&mut s, "Trashed");
        s.trash_match(id, chrono::Utc::now()).unwrap();
        let backup = dir.path().join("b.sqlite");
        s.backup_to(&backup).unwrap();
        assert!(matches!(
            s.restore_from_trash(id),
            Err(StoreError::NoSuchMatch(_))
        ));
        assert_eq!(Store::inspect_backup(&backup).unwrap().matches, 1);
    }

    fn names(s: &Store) -> Vec<String> {
        s.list_matches(10)
            .unwrap()
            .into_iter()
            .map(|m| m.players[0].name.clone())
            .collect()
    }

    /// A backup as bytes, as the browser downloads it.
    fn backup_bytes(s: &mut Store) -> Vec<u8> {
        s.backup_bytes(|b| Ok(b.to_vec())).unwrap()
    }

    #[test]
    fn a_backup_in_bytes_restores_the_data_and_hands_over_a_copy_of_what_it_replaced() {
        let dir = tempfile::tempdir().unwrap();
        // The browser's way: a database in a VFS (here the native one), no file system.
        let db = dir.path().join("pool.sqlite");
        let mut s = Store::open_vfs(db.to_str().unwrap(), "unix").unwrap();
        add(&mut s, "Before");
        let backup = backup_bytes(&mut s);
        let info = Store::inspect_backup_bytes(&backup).unwrap();
        assert_eq!((info.path, info.matches), (None, 1));
        assert_eq!(info.schema_version, crate::SCHEMA_VERSION as i64);
        add(&mut s, "After");
        let safety = s.restore_from_bytes(&backup, |b| Ok(b.to_vec())).unwrap();
        assert_eq!(names(&s), ["Before"]);
        assert_eq!(Store::inspect_backup_bytes(&safety).unwrap().matches, 2);
        // The store goes on working after a restore, and the pool's file stays in its
        // own journal mode (the restored pages say nothing of a WAL).
        add(&mut s, "Later");
        assert_eq!(names(&s), ["Later", "Before"]);
        drop(s);
        let s = Store::open_vfs(db.to_str().unwrap(), "unix").unwrap();
        assert_eq!(names(&s), ["Later", "Before"]);
        s.integrity_check().unwrap();
    }

    #[test]
    fn a_desktop_backup_file_restores_from_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let mut desktop = Store::open(&dir.path().join("desktop.sqlite")).unwrap();
        add(&mut desktop, "Desktop");
        let file = dir.path().join("backup.sqlite");
        desktop.backup_to(&file).unwrap();
        // A backup of a WAL database is marked WAL (bytes 18 and 19); memory has none.
        let bytes = std::fs::read(&file).unwrap();
        assert_eq!(&bytes[18..20], [2, 2]);
        assert_eq!(Store::inspect_backup_bytes(&bytes).unwrap().matches, 1);
        let pool = dir.path().join("pool.sqlite");
        let mut phone = Store::open_vfs(pool.to_str().unwrap(), "unix").unwrap();
        add(&mut phone, "Phone");
        phone.restore_from_bytes(&bytes, |_| Ok(())).unwrap();
        assert_eq!(names(&phone), ["Desktop"]);
        add(&mut phone, "Next");
        drop(phone);
        let phone = Store::open_vfs(pool.to_str().unwrap(), "unix").unwrap();
        assert_eq!(names(&phone), ["Next", "Desktop"]);
    }

    #[test]
    fn the_trash_is_emptied_by_a_backup_in_bytes_once_it_was_delivered() {
        let mut s = Store::open_in_memory().unwrap();
        let id = add(&mut s, "Trashed");
        s.trash_match(id, chrono::Utc::now()).unwrap();
        let failed = s.backup_bytes(|_| Err::<(), _>(StoreError::Io("no page".into())));
        assert!(matches!(failed, Err(StoreError::Io(_))), "{failed:?}");
        assert_eq!(
            s.trash_count().unwrap(),
            1,
            "an undelivered backup keeps the trash"
        );
        let backup = backup_bytes(&mut s);
        assert_eq!(s.trash_count().unwrap(), 0);
        assert!(matches!(
            s.restore_from_trash(id),
            Err(StoreError::NoSuchMatch(_))
        ));
        assert_eq!(Store::inspect_backup_bytes(&backup).unwrap().matches, 1);
        s.restore_from_bytes(&backup, |_| Ok(())).unwrap();
        s.restore_from_trash(id).unwrap();
        assert_eq!(names(&s), ["Trashed"]);
    }

    /// An image of a database `sql` makes (another program's, a newer Carambole's…).
    fn image_of(sql: &str) -> Vec<u8> {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(sql).unwrap();
        conn.serialize(rusqlite::MAIN_DB).unwrap().to_vec()
    }

    #[test]
    fn bad_bytes_are_refused_and_change_nothing() {
        let mut s = Store::open_in_memory().unwrap();
        for i in 0..40 {
            add(&mut s, &format!("M{i}"));
        }
        let good = backup_bytes(&mut s);
        add(&mut s, "Kept");
        let before = names(&s);

        let mut damaged = good.clone();
        let page = usize::from(u16::from_be_bytes([good[16], good[17]]));
        assert!(good.len() >= 4 * page, "{} bytes", good.len());
        damaged[2 * page..3 * page].fill(0xA5);
        let mut newer = Store::open_in_memory().unwrap();
        newer
            .connection()
            .pragma_update(None, "user_version", 999)
            .unwrap();
        let newer = backup_bytes(&mut newer);
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("empty", Vec::new()),
            (
                "text",
                b"not a database, only some bytes of text".repeat(10),
            ),
            ("header only", good[..100].to_vec()),
            ("truncated", good[..good.len() / 2].to_vec()),
            ("damaged page", damaged),
            (
                "another program's",
                image_of("PRAGMA application_id = 7; CREATE TABLE urls (url TEXT);"),
            ),
            (
                "another program's without an id",
                image_of("CREATE TABLE visits (url TEXT); PRAGMA user_version = 2;"),
            ),
            ("newer", newer),
        ];
        for (what, bytes) in &cases {
            let inspected = Store::inspect_backup_bytes(bytes).map(drop).unwrap_err();
            let mut kept = false;
            let restored = s
                .restore_from_bytes(bytes, |_| {
                    kept = true;
                    Ok(())
                })
                .unwrap_err();
            let expected = |e: &StoreError| match *what {
                "another program's" | "another program's without an id" => {
                    matches!(e, StoreError::Foreign)
                }
                "newer" => matches!(e, StoreError::NewerSchema),
                _ => matches!(e, StoreError::Corrupt(_) | StoreError::Damaged(_)),
            };
            assert!(expected(&inspected), "{what}: {inspected:?}");
            assert!(expected(&restored), "{what}: {restored:?}");
            assert!(
                !kept,
                "{what}: no copy is made of data that is not replaced"
            );
            assert_eq!(names(&s), before, "{what}");
        }
        s.integrity_check().unwrap();
        // The sound one still restores.
        s.restore_from_bytes(&good, |_| Ok(())).unwrap();
        assert_eq!(s.list_matches(100).unwrap().len(), 40);
    }

    #[test]
    fn a_restore_whose_copy_of_the_current_data_fails_changes_nothing() {
        let mut s = Store::open_in_memory().unwrap();
        add(&mut s, "Old");
        let backup = backup_bytes(&mut s);
        add(&mut s, "Current");
        let refused =
            s.restore_from_bytes(&backup, |_| Err::<(), _>(StoreError::Io("no page".into())));
        assert!(matches!(refused, Err(StoreError::Io(_))), "{refused:?}");
        assert_eq!(names(&s), ["Current", "Old"]);
    }
}
