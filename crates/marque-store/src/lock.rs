//! Locks between windows and processes: an advisory lock on a file in `.marque-locks/`, held
//! only while that file is the one locked; temporaries swept once their writer is gone.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::error::StoreError;
use crate::own::{LOCKS, hidden_dir, own_folder, temporaries};

/// The right to write one session file, held until dropped.
///
/// A lock is a file in `.marque-locks/` beside the session, locked with `flock`. A cleaner may
/// delete that file while it is held; another writer would then make a new one and lock it too.
/// So a lock is held only while the file on disk is the one locked (the same inode): checked
/// when it is taken and again just before each save's rename, and taken again when it is not
/// ([`Lock::hold`]).
#[derive(Debug)]
pub struct Lock {
    file: std::sync::Mutex<File>,
    path: PathBuf,
    /// The note of a previous holder that ended without unlocking (a crash), if any.
    pub taken_over: Option<String>,
}

/// How long a writer whose lock file was deleted waits to take it again from another writer
/// that made a new one in the meantime.
pub(super) const RETAKE_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Why a lock could not be taken.
pub(super) enum Take {
    /// Held by another: its note.
    Held(String),
    Failed(std::io::Error),
}

impl Lock {
    /// Takes the lock of a session file, or says who holds it.
    pub fn acquire(session_path: &Path) -> Result<Lock, StoreError> {
        // A session reached through a symbolic link is locked where its file is: every writer
        // of that file meets the same lock.
        let real = fs::canonicalize(session_path).unwrap_or_else(|_| session_path.to_path_buf());
        let session_path = real.as_path();
        let path = lock_path(session_path);
        let (file, previous) = match take(&path) {
            Ok(taken) => taken,
            Err(Take::Held(note)) => return Err(StoreError::Locked(note)),
            Err(Take::Failed(e)) => return Err(StoreError::Lock(e)),
        };
        sweep_temporaries(session_path);
        Ok(Lock {
            file: std::sync::Mutex::new(file),
            path,
            taken_over: (!previous.is_empty()).then_some(previous),
        })
    }

    /// Takes the lock of a session file, waiting at most `wait` for another writer to let it
    /// go; then says who holds it.
    pub fn acquire_within(
        session_path: &Path,
        wait: std::time::Duration,
    ) -> Result<Lock, StoreError> {
        let deadline = std::time::Instant::now() + wait;
        loop {
            match Lock::acquire(session_path) {
                Err(StoreError::Locked(_)) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                other => return other,
            }
        }
    }

    /// Makes sure the lock is still held: the lock file on disk is the one locked. If a cleaner
    /// deleted it, the lock is taken again (waiting for a writer that took the new file in the
    /// meantime); the caller must then check the session has not changed since it was read.
    pub fn hold(&self) -> Result<(), StoreError> {
        self.hold_within(RETAKE_WAIT)
    }

    /// [`Lock::hold`], waiting at most `wait` for another writer (none at all inside a step
    /// that holds the folder: that writer may be waiting for the folder).
    pub(super) fn hold_within(&self, wait: std::time::Duration) -> Result<(), StoreError> {
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if same_file(&file, &self.path) {
            return Ok(());
        }
        let deadline = std::time::Instant::now() + wait;
        loop {
            match take(&self.path) {
                Ok((new, _)) => {
                    // The old inode's lock goes with the old file.
                    *file = new;
                    return Ok(());
                }
                Err(Take::Held(note)) if std::time::Instant::now() >= deadline => {
                    return Err(StoreError::Locked(note));
                }
                Err(Take::Held(_)) => std::thread::sleep(std::time::Duration::from_millis(20)),
                Err(Take::Failed(e)) => return Err(StoreError::Lock(e)),
            }
        }
    }
}

/// Whether `path` is the file `file` has open (the same device and inode).
#[cfg_attr(
    not(unix),
    allow(unused_variables, reason = "the path is read on unix only")
)]
pub(super) fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        path.exists()
    }
}

/// Opens and locks the lock file at `path`, as it is on disk once locked: the file and the
/// note of a previous holder that crashed.
pub(super) fn take(path: &Path) -> Result<(File, String), Take> {
    let failed = Take::Failed;
    // A cleaner deleting the folder between two steps makes them start again, a few times.
    for _ in 0..1000 {
        // The folder of locks, beside the session: never its missing parents (a refused
        // command makes no folder). Made again if a cleaner took it away.
        if let Some(d) = path.parent() {
            own_folder(d).map_err(failed)?;
        }
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        // A lock file that is a symbolic link is refused, never followed: writing the note
        // through it would change a file elsewhere. Nor is it waited on (a FIFO put there).
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let mut file = match options.open(path) {
            Ok(f) => f,
            // Deleted with its folder between the two steps: made again.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(failed(e)),
        };
        if !file.metadata().map_err(failed)?.is_file() {
            return Err(failed(marque_core::i18n::worded(
                std::io::ErrorKind::InvalidInput,
                marque_core::i18n::Msg::new("io.lock_not_file"),
            )));
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut note = String::new();
                file.read_to_string(&mut note).ok();
                return Err(Take::Held(note.trim().to_string()));
            }
            Err(TryLockError::Error(e)) => return Err(failed(e)),
        }
        // Deleted between its opening and its locking: the lock of a file nobody else will
        // ever open. Taken again on the file now there.
        if !same_file(&file, path) {
            continue;
        }
        let mut previous = String::new();
        // A note that cannot be read is as good as none: only shown to people.
        file.read_to_string(&mut previous).ok();
        let note = format!(
            "pid {} since {}",
            std::process::id(),
            chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
        );
        file.set_len(0).map_err(failed)?;
        let mut w = &file;
        use std::io::Seek;
        w.seek(std::io::SeekFrom::Start(0)).map_err(failed)?;
        w.write_all(note.as_bytes()).map_err(failed)?;
        return Ok((file, previous.trim().to_string()));
    }
    Err(failed(marque_core::i18n::worded(
        std::io::ErrorKind::Other,
        marque_core::i18n::Msg::new("io.lock_vanishing"),
    )))
}

impl Drop for Lock {
    fn drop(&mut self) {
        let file = self.file.get_mut().unwrap_or_else(|e| e.into_inner());
        // An orderly release empties the note, so that the next holder knows nobody crashed.
        // Only a note of the file still locked: one a cleaner deleted is nobody's.
        if same_file(file, &self.path) {
            file.set_len(0).ok();
        }
        // Closing the file unlocks it too: a failed unlock leaves nothing held.
        file.unlock().ok();
    }
}

/// Removes the temporary files that writers of this session killed mid-save left behind. Only
/// the lock holder calls it: nobody else can be writing them.
pub(super) fn sweep_temporaries(session_path: &Path) {
    let (dir, prefix) = temporaries(session_path);
    if let Ok(rd) = fs::read_dir(&dir) {
        for e in rd.filter_map(|e| e.ok()) {
            let name = e.file_name();
            let name = name.to_string_lossy();
            let Some(rest) = name.strip_prefix(&prefix) else {
                continue;
            };
            // Only a crashed writer's: a writer still running may be writing it (its lock file
            // deleted under it by a cleaner, it does not know another writer came).
            let writer = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
            if writer.is_some_and(alive) {
                continue;
            }
            fs::remove_file(e.path()).ok();
        }
    }
}

/// Whether a process of this id runs (on a system that cannot tell: yes).
#[cfg_attr(
    not(unix),
    allow(unused_variables, reason = "the id is read on unix only")
)]
#[expect(
    unsafe_code,
    reason = "asking the system whether a process lives (kill with signal 0) has no safe std call"
)]
pub(super) fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // Signal 0 checks the process is there without touching it; EPERM: there, not ours.
        // SAFETY: kill with signal 0 sends nothing and takes no pointer.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        // No way to ask here: a writer is taken as alive.
        true
    }
}

/// The lock file of a session: in a hidden folder beside it (the locks do not pile up among
/// the sessions), named by a hash of the session's name (any name gives a short one).
pub fn lock_path(session_path: &Path) -> PathBuf {
    let (_, hash) = temporaries(session_path);
    hidden_dir(session_path, LOCKS).join(format!("{hash}lock"))
}
