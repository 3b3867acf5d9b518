//! What goes wrong with files, in kinds, and its words (made once, from the locale files).

use std::path::PathBuf;

use thiserror::Error;

use marque_core::i18n::{Msg, io_error, msg};
use marque_core::session::Problem;

use crate::limits::MAX_SESSION_BYTES;

/// Why a session file cannot be used.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{}", english(self))]
    Io(#[from] std::io::Error),
    /// The file does not read as a session: the problems, as `marque score` prints them.
    #[error("{}", english(self))]
    Damaged(Vec<Problem>),
    /// A newer Marque wrote this file.
    #[error("{}", english(self))]
    Newer(u64),
    /// Another window or process holds the lock; its note (pid and time) if readable.
    #[error("{}", english(self))]
    Locked(String),
    /// The file changed on disk since it was read: it is not overwritten.
    #[error("{}", english(self))]
    Changed,
    /// Writing failed (the disk full, the folder read-only, no permission, a name too long…).
    #[error("{}", english(self))]
    Write(std::io::Error),
    /// The file has no write permission: Marque does not write it.
    #[error("{}", english(self))]
    ReadOnly,
    /// A file is already there: Marque does not write over it.
    #[error("{}", english(self))]
    Exists(PathBuf),
    /// The file is not a Marque backup.
    #[error("{}", english(self))]
    NotBackup(PathBuf),
    /// The lock could not be taken (its folder cannot be made, a lock file that is no file).
    #[error("{}", english(self))]
    Lock(std::io::Error),
    /// The session would grow past what Marque reads ([`MAX_SESSION_BYTES`]).
    #[error("{}", english(self))]
    TooLarge,
}

/// The error's words in English, as the locale gives them (its Display, for logs): worded
/// once, in the locale files, never beside them.
fn english(e: &StoreError) -> String {
    e.msg(None).render(marque_core::i18n::Lang::En)
}

impl StoreError {
    /// The error in words, made once here for every reader (the window, the command line):
    /// `path` names the file where the reader says which (the command line), else the words
    /// are of the file at hand. A damaged file's problems are its own words (`Problem`s).
    pub fn msg(&self, path: Option<&str>) -> Msg {
        match (self, path) {
            (StoreError::Damaged(p), _) => Problem::lines(p),
            (StoreError::Newer(v), Some(_)) => msg!("store.newer_untouched", version = *v),
            (StoreError::Newer(v), None) => msg!("store.newer", version = *v),
            // A note not written yet (read in the instant between the lock and its note):
            // no empty parentheses, the lock said alone.
            (StoreError::Locked(note), _) if note.trim().is_empty() => {
                Msg::new("store.locked_unnamed")
            }
            (StoreError::Locked(note), _) => msg!("store.locked", note = lock_note(note)),
            (StoreError::Io(e), Some(path)) => {
                msg!("file.unreadable", path = path, error = io_error(e))
            }
            (StoreError::Io(e), None) => msg!("ui.io_error", error = io_error(e)),
            (StoreError::Changed, _) => Msg::new("store.changed"),
            (StoreError::ReadOnly, Some(path)) => msg!("store.read_only", path = path),
            (StoreError::ReadOnly, None) => Msg::new("store.read_only_here"),
            (StoreError::Exists(p), _) => msg!("export.exists", file = p.display().to_string()),
            (StoreError::NotBackup(p), _) => {
                msg!("backup.not_backup", file = p.display().to_string())
            }
            (StoreError::Write(e), _) => write_problem(path.unwrap_or(""), e),
            (StoreError::Lock(e), _) => lock_problem(path.unwrap_or(""), e),
            (StoreError::TooLarge, _) => {
                msg!("store.too_large", limit = MAX_SESSION_BYTES >> 20)
            }
        }
    }
}

/// What a failed write says: the disk full, the folder read-only, no permission, a name too
/// long, or the system's own words.
pub fn write_problem(path: &str, e: &std::io::Error) -> marque_core::i18n::Msg {
    use std::io::ErrorKind as K;
    let key = match e.kind() {
        K::StorageFull | K::QuotaExceeded => "store.write.full",
        K::ReadOnlyFilesystem => "store.write.read_only_fs",
        K::PermissionDenied => "store.write.permission",
        K::InvalidFilename => "store.write.name_too_long",
        // What own_folder and open_regular refuse: a link, a file or a FIFO where Marque's own
        // hidden folder or a file to write should be.
        K::InvalidInput => "store.own_folder",
        _ => "store.write.other",
    };
    msg!(key, path = path, error = marque_core::i18n::io_error(e))
}

/// A lock that could not be taken, naming that step: the lock's folder or file, and why.
pub fn lock_problem(path: &str, e: &std::io::Error) -> marque_core::i18n::Msg {
    if e.kind() == std::io::ErrorKind::InvalidInput {
        return msg!("store.own_folder", path = path);
    }
    msg!(
        "store.lock_failed",
        path = path,
        error = marque_core::i18n::io_error(e)
    )
}

/// A lock's note (`pid 1234 since 2026-11-24T21:43:00+01:00`, as holders write it) for people:
/// the process and the time it took the session, in the reader's language. A note of another
/// form is shown as it is.
pub fn lock_note(note: &str) -> marque_core::i18n::Msg {
    let parsed = note.strip_prefix("pid ").and_then(|rest| {
        let (pid, since) = rest.split_once(" since ")?;
        let pid: u32 = pid.parse().ok()?;
        let time = since
            .get(11..16)
            .filter(|t| t.as_bytes().get(2) == Some(&b':'))?;
        let (y, m, d) = (since.get(..4)?, since.get(5..7)?, since.get(8..10)?);
        Some(msg!(
            "store.lock_note",
            pid = pid,
            y = y,
            m = m,
            d = d,
            time = time
        ))
    });
    parsed.unwrap_or_else(|| msg!("store.lock_note_raw", note = note))
}
