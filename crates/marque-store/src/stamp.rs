//! What identifies the version of a file that was read, and a session read with it.

use std::fs;
use std::path::Path;

use marque_core::session::{Session, Sheet};

/// What identifies the version of a file that was read: its size and modification time, and
/// where the system has them its inode and change time. A file rewritten with its size kept and
/// its modification time set back (`touch -d`) still has a new change time, which no program
/// can set: it is seen as changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stamp {
    pub size: u64,
    /// Nanoseconds since the Unix epoch (0 where the system gives no time).
    pub modified: u128,
    /// The file's inode (0 where the system has none).
    pub inode: u64,
    /// The inode's change time, nanoseconds since the Unix epoch (0 where there is none).
    pub changed: i128,
}

impl Stamp {
    pub fn of(meta: &fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let (inode, changed) = {
            use std::os::unix::fs::MetadataExt;
            (
                meta.ino(),
                i128::from(meta.ctime()) * 1_000_000_000 + i128::from(meta.ctime_nsec()),
            )
        };
        #[cfg(not(unix))]
        let (inode, changed) = (0, 0);
        Stamp {
            size: meta.len(),
            modified: meta
                .modified()
                .ok()
                .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_nanos())
                .unwrap_or(0),
            inode,
            changed,
        }
    }

    pub fn of_path(path: &Path) -> std::io::Result<Stamp> {
        Ok(Stamp::of(&fs::metadata(path)?))
    }
}

/// A session file read and scored, with the stamp of what was read.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub session: Session,
    pub sheet: Sheet,
    pub stamp: Stamp,
}
