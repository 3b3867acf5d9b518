//! Backups of a data folder and putting them back.
//!
//! A backup takes everything the folder holds of the user's: the sessions, those in `archive/`
//! and `trash/`, the file a linked session points to (under the link's name), and the folder's
//! preferences. It names each file it leaves out and why, and still writes the rest. Restore
//! takes each entry alone: one it cannot write is named with the reason, and the others still
//! come back; it never writes over a file, never waits on a special file, refuses a text that
//! is no session, and counts an entry identical to a file there (or to a copy restored before)
//! as already there.

use std::fs;
use std::path::{Path, PathBuf};

use marque_core::i18n::Msg;
use marque_core::i18n::msg;

use crate::error::StoreError;
use crate::files::exists_or;
use crate::files::read_file;
use crate::limits::{MAX_BACKUP_BYTES, MAX_PREFS_BYTES, MAX_SESSION_BYTES};
use crate::own::own_folder;
use crate::own::{MACHINE_ONLY, STIGNORE};
use crate::own::{PEOPLE_FILE, PREFS_FILE};
use crate::store::{BACKUP_FORMAT, Store, shown_name};
use crate::sync::copies_of;
use crate::write::write_new;
use marque_core::session::Session;

/// The preferences file's name in a data folder (and in a backup).
pub const PREFS: &str = PREFS_FILE;
/// The folder's own files a backup keeps besides the sessions: preferences and the names.
const FOLDER_FILES: [&str; 2] = [PREFS, PEOPLE_FILE];
/// The shelves a backup takes, by their folder ("" for the sessions themselves).
const SHELVES: [&str; 3] = ["", "archive", "trash"];

/// Why an entry was left out of a backup or could not be put back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Not a regular file (a FIFO, a device, a folder, a dangling link).
    Special,
    /// Larger than Marque reads.
    TooLarge,
    /// Not UTF-8 text.
    NotText,
    /// Not a Marque session (restore).
    NotSession,
    /// A name Marque does not write (restore).
    BadName,
    /// No permission to read or write it.
    Permission,
    /// Reading or writing it failed, and why, in words.
    Io(Msg),
    /// Not taken, on purpose: the message key says why (a damaged file set aside, a copy of
    /// the club's names not merged yet, this machine's Syncthing list).
    NotTaken(&'static str),
}

impl Skip {
    fn of(e: StoreError) -> Skip {
        match e {
            StoreError::Io(e) if e.kind() == std::io::ErrorKind::InvalidInput => Skip::Special,
            StoreError::Io(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                Skip::Permission
            }
            StoreError::Damaged(_) => Skip::TooLarge,
            other => Skip::Io(other.msg(None)),
        }
    }

    pub fn message(&self) -> Msg {
        match self {
            Skip::Special => Msg::new("backup.skip.special"),
            Skip::TooLarge => msg!("backup.skip.too_large", limit = MAX_SESSION_BYTES >> 20),
            Skip::NotText => Msg::new("backup.skip.not_text"),
            Skip::NotSession => Msg::new("backup.skip.not_session"),
            Skip::BadName => Msg::new("backup.skip.bad_name"),
            Skip::Permission => Msg::new("backup.skip.permission"),
            Skip::Io(e) => msg!("backup.skip.io", error = e.clone()),
            Skip::NotTaken(key) => Msg::new(key),
        }
    }
}

/// What a backup did.
#[derive(Debug, Default)]
pub struct Backup {
    /// Sessions written (the preferences, if any, go with them uncounted).
    pub written: usize,
    /// Files left out, by their name in the folder, and why.
    pub skipped: Vec<(String, Skip)>,
}

/// What a restore did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Restore {
    pub restored: usize,
    /// Identical to a file there, or to a copy restored before.
    pub same: usize,
    /// Put back beside a different file of the same name.
    pub beside: usize,
    /// Entries not put back, by their name in the backup, and why.
    pub failed: Vec<(String, Skip)>,
}

/// One line per skipped entry, after `head`.
fn with_skips(head: Msg, skips: &[(String, Skip)], key: &'static str) -> Msg {
    skips.iter().fold(head, |all, (name, why)| {
        let line = msg!(key, name = name.clone(), why = why.message());
        msg!("lines.two", first = all, second = line)
    })
}

impl Backup {
    /// The files that could not be taken (those left out on purpose aside).
    pub fn failed(&self) -> usize {
        self.skipped
            .iter()
            .filter(|(_, s)| !matches!(s, Skip::NotTaken(_)))
            .count()
    }

    pub fn message(&self, out: &Path) -> Msg {
        let head = msg!(
            "backup.done",
            n = self.written,
            file = out.display().to_string()
        );
        with_skips(head, &self.skipped, "backup.skipped")
    }
}

impl Restore {
    pub fn message(&self) -> Msg {
        let head = msg!(
            "restore.done",
            restored = self.restored,
            same = self.same,
            beside = self.beside
        );
        with_skips(head, &self.failed, "restore.failed")
    }
}

/// Writes every file of the folder's into one backup file, `out` (never over a file or link
/// already there): `{"format": "marque-backup", "version": 1, "sessions": [{"name", "text"}]}`,
/// each as the exact text of its file, named by its place in the folder (`archive/x.json`).
pub fn backup(dir: &Path, out: &Path) -> Result<Backup, StoreError> {
    if fs::symlink_metadata(out).is_ok() {
        return Err(StoreError::Exists(out.to_path_buf()));
    }
    let mut report = Backup::default();
    let mut entries = Vec::new();
    let mut take = |name: String, path: &Path, cap: u64, report: &mut Backup| {
        // A link is followed: its target is what the user sees as the session.
        match read_file(path, cap) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => entries.push(serde_json::json!({ "name": name, "text": text })),
                Err(_) => report.skipped.push((name, Skip::NotText)),
            },
            Err(e) => report.skipped.push((name, Skip::of(e))),
        }
    };
    for shelf in SHELVES {
        let folder = if shelf.is_empty() {
            dir.to_path_buf()
        } else {
            dir.join(shelf)
        };
        let mut names: Vec<PathBuf> = match fs::read_dir(&folder) {
            Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) if shelf.is_empty() => return Err(e.into()),
            Err(e) => {
                report.skipped.push((
                    format!("{shelf}/"),
                    Skip::Io(marque_core::i18n::io_error(&e)),
                ));
                continue;
            }
        };
        names.sort();
        for path in names {
            let Some(file) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
                continue;
            };
            if !file.ends_with(".json") || file.starts_with('.') {
                continue;
            }
            // A folder named like a session is not one, nor anything the user kept.
            if fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
                continue;
            }
            let name = if shelf.is_empty() {
                file
            } else {
                format!("{shelf}/{file}")
            };
            take(name, &path, MAX_SESSION_BYTES, &mut report);
        }
    }
    for name in FOLDER_FILES {
        let path = dir.join(name);
        if fs::symlink_metadata(&path).is_ok() {
            take(name.to_string(), &path, MAX_PREFS_BYTES, &mut report);
        }
    }
    left_out(dir, &mut report);
    report.written = entries
        .iter()
        .filter(|e| !FOLDER_FILES.iter().any(|f| e["name"] == *f))
        .count();
    let bundle = serde_json::json!({"format": BACKUP_FORMAT, "version": 1, "sessions": entries});
    write_new(out, bundle.to_string().as_bytes()).map_err(|e| exists_or(e, out))?;
    Ok(report)
}

/// What a backup does not take, named: files set aside in `damaged/` (they do not read as
/// sessions), conflict copies of the club's names (taken in at the next change of names),
/// and a `.stignore` holding lines of the user's own (this machine's Syncthing list).
fn left_out(dir: &Path, report: &mut Backup) {
    if let Ok(rd) = fs::read_dir(dir.join("damaged")) {
        let mut names: Vec<String> = rd
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for n in names {
            report.skipped.push((
                format!("damaged/{n}"),
                Skip::NotTaken("backup.skip.damaged"),
            ));
        }
    }
    for c in copies_of(&dir.join(PEOPLE_FILE)) {
        report
            .skipped
            .push((shown_name(&c), Skip::NotTaken("backup.skip.people_copy")));
    }
    let list = read_file(&dir.join(STIGNORE), MAX_PREFS_BYTES).unwrap_or_default();
    let own = String::from_utf8_lossy(&list)
        .lines()
        .map(str::trim)
        .any(|l| !l.is_empty() && !l.starts_with("//") && !MACHINE_ONLY.contains(&l));
    if own {
        report
            .skipped
            .push((STIGNORE.to_string(), Skip::NotTaken("backup.skip.stignore")));
    }
}

/// Where an entry of a backup goes back: a shelf of the folder and a plain file name in it.
fn place(dir: &Path, name: &str) -> Result<(PathBuf, String), Skip> {
    if name.contains('\0') || name.is_empty() {
        return Err(Skip::BadName);
    }
    if let Some(f) = FOLDER_FILES.iter().find(|f| **f == name) {
        return Ok((dir.to_path_buf(), f.to_string()));
    }
    let path = Path::new(name);
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") && !n.starts_with('.'))
        .ok_or(Skip::BadName)?;
    // Only the shelves Marque keeps: any other path comes back among the sessions.
    let shelf = path
        .parent()
        .and_then(|p| p.to_str())
        .filter(|p| SHELVES.contains(p))
        .unwrap_or("");
    Ok((dir.join(shelf), file))
}

/// Whether `text` is a Marque session: one that scores, or one a newer Marque wrote or that
/// breaks a rule (it is still the user's; the app shows why).
fn is_session(text: &str) -> bool {
    Session::parse(text).is_ok()
        || serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| {
            v.get("format").and_then(|f| f.as_str()) == Some(marque_core::session::FORMAT)
        })
}

/// Whether the file at `path` holds exactly `text` (a file that cannot be read does not).
fn holds(path: &Path, text: &str) -> bool {
    read_file(path, MAX_SESSION_BYTES).is_ok_and(|b| b == text.as_bytes())
}

/// Puts back the entries of a backup file, each on its own (see the module's text). Fails only
/// when the backup itself cannot be read.
pub fn restore(dir: &Path, from: &Path) -> Result<Restore, StoreError> {
    let bytes = read_file(from, MAX_BACKUP_BYTES)?;
    let bundle: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|_| StoreError::NotBackup(from.to_path_buf()))?;
    drop(bytes);
    let sessions = bundle
        .get("sessions")
        .and_then(|s| s.as_array())
        .filter(|_| bundle.get("format").and_then(|f| f.as_str()) == Some(BACKUP_FORMAT))
        .ok_or_else(|| StoreError::NotBackup(from.to_path_buf()))?;
    // A backup of another layout (a newer Marque's) is not read as this one.
    match bundle.get("version").and_then(|v| v.as_u64()) {
        Some(1) => {}
        Some(v) => return Err(StoreError::Newer(v)),
        None => return Err(StoreError::NotBackup(from.to_path_buf())),
    }
    fs::create_dir_all(dir)?;
    let mut report = Restore::default();
    for (k, entry) in sessions.iter().enumerate() {
        let name = entry.get("name").and_then(|n| n.as_str());
        let shown = name.map_or_else(|| format!("#{}", k + 1), str::to_string);
        let Some(name) = name else {
            report.failed.push((shown, Skip::BadName));
            continue;
        };
        let Some(text) = entry.get("text").and_then(|t| t.as_str()) else {
            report.failed.push((shown, Skip::NotSession));
            continue;
        };
        // The preferences go with the sessions, uncounted.
        let session = !FOLDER_FILES.contains(&name);
        match restore_one(dir, name, text) {
            Ok(Outcome::Restored) => report.restored += usize::from(session),
            Ok(Outcome::Same) => report.same += usize::from(session),
            Ok(Outcome::Beside) => report.beside += usize::from(session),
            Err(why) => report.failed.push((shown, why)),
        }
    }
    Ok(report)
}

enum Outcome {
    Restored,
    Same,
    Beside,
}

fn restore_one(dir: &Path, name: &str, text: &str) -> Result<Outcome, Skip> {
    let (folder, file) = place(dir, name)?;
    let prefs = FOLDER_FILES.contains(&file.as_str());
    if prefs {
        if serde_json::from_str::<serde_json::Value>(text).is_err() {
            return Err(Skip::NotSession);
        }
    } else if !is_session(text) {
        return Err(Skip::NotSession);
    }
    if text.len() as u64 > MAX_SESSION_BYTES {
        return Err(Skip::TooLarge);
    }
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::PermissionDenied => Skip::Permission,
        std::io::ErrorKind::InvalidFilename => Skip::BadName,
        _ => Skip::Io(marque_core::i18n::io_error(&e)),
    };
    // A shelf that is a link (to a folder elsewhere) is not followed: nothing is written
    // outside the folder.
    if folder != dir {
        own_folder(&folder).map_err(io)?;
    }
    let dest = folder.join(&file);
    if fs::symlink_metadata(&dest).is_err() {
        write_new(&dest, text.as_bytes()).map_err(io)?;
        return Ok(Outcome::Restored);
    }
    if holds(&dest, text) {
        return Ok(Outcome::Same);
    }
    // The folder's own preferences are the user's latest: never replaced by a backup's.
    if prefs {
        return Ok(Outcome::Same);
    }
    // A copy put back beside it before, by an earlier run of the same backup.
    let stem = file.trim_end_matches(".json");
    let copies = [format!("{stem}-restored"), format!("{stem}.sync-conflict-")];
    if let Ok(rd) = fs::read_dir(&folder) {
        for e in rd.filter_map(|e| e.ok()) {
            let n = e.file_name();
            let n = n.to_string_lossy();
            let copy = copies.iter().any(|c| n.starts_with(c.as_str()));
            if copy && n.ends_with(".json") && holds(&e.path(), text) {
                return Ok(Outcome::Same);
            }
        }
    }
    // Named as a conflict copy of the file it differs from: two versions of one session are
    // for the players to settle by the merge, never a silent choice.
    let copy = crate::sync::kept_path(&dest, crate::sync::Kept::Restored);
    write_new(&copy, text.as_bytes()).map_err(io)?;
    Ok(Outcome::Beside)
}

impl Store {
    /// See [`backup()`].
    pub fn backup(&self, out: &Path) -> Result<Backup, StoreError> {
        backup(&self.dir, out)
    }

    /// See [`restore()`].
    pub fn restore(&self, from: &Path) -> Result<Restore, StoreError> {
        restore(&self.dir, from)
    }
}
