//! Reading and writing files safely: regular files only, never blocking, capped; atomic
//! writes; every failure said as a problem of the file.

use std::fs::{self, File, OpenOptions};
use std::io::Read;
use std::path::Path;

use marque_core::i18n::msg;

use crate::error::StoreError;
use crate::limits::MAX_SESSION_BYTES;
use crate::stamp::Stamp;
use marque_core::session::Problem;

/// Opens a file to read without waiting on it (a FIFO given as a session never blocks) and only
/// if it is a regular file.
pub fn open_regular(path: &Path) -> std::io::Result<(File, fs::Metadata)> {
    let file = open_to_read(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(marque_core::i18n::worded(
            std::io::ErrorKind::InvalidInput,
            marque_core::i18n::Msg::new("file.not_regular"),
        ));
    }
    Ok((file, meta))
}

/// Opens a file to read without waiting on it: a FIFO never blocks the open.
pub(super) fn open_to_read(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The one way Marque reads a file whole (a session, the index, the preferences, a backup, a
/// file already where a restore would write): a regular file only, opened without waiting on it
/// (a FIFO or a device in its place is refused at once, never read), and at most `cap` bytes
/// (a larger or sparse file is refused, not read whole).
pub fn read_file(path: &Path, cap: u64) -> Result<Vec<u8>, StoreError> {
    let mut bytes = Vec::new();
    let (file, meta) = open_regular(path)?;
    bytes.reserve(usize::try_from(meta.len().min(cap)).unwrap_or(0) + 1);
    read_capped_into(file, cap, &mut bytes)?;
    Ok(bytes)
}

/// Reads at most `limit` bytes; past it, the problem to report.
pub fn read_capped(r: impl Read, limit: u64) -> Result<Vec<u8>, StoreError> {
    let mut bytes = Vec::new();
    read_capped_into(r, limit, &mut bytes)?;
    Ok(bytes)
}

/// [`read_capped`] into `bytes` (emptied first), which keeps its memory from one file to the
/// next. `bytes` is sized from the file's length when it is known, so that a file is read in
/// one call and one allocation.
pub(super) fn read_capped_into(
    mut r: impl Read,
    limit: u64,
    bytes: &mut Vec<u8>,
) -> Result<(), StoreError> {
    bytes.clear();
    r.by_ref().take(limit + 1).read_to_end(bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(())
}

/// A file over `limit` bytes: what Marque says of it.
pub(super) fn too_large(limit: u64) -> StoreError {
    StoreError::Damaged(vec![Problem::file(msg!(
        "file.too_large",
        limit = limit >> 20
    ))])
}

/// Reads a session file with `parse`: the session, the stamp of what was read, and its text.
pub(super) fn read_text<T>(
    path: &Path,
    parse: fn(&str) -> Result<T, Vec<Problem>>,
) -> Result<(T, Stamp, String), StoreError> {
    let mut bytes = Vec::new();
    let stamp = read_bytes(path, &mut bytes)?;
    let text = String::from_utf8(bytes).map_err(|e| not_utf8(e.utf8_error()))?;
    Ok((parse_with(&text, parse)?, stamp, text))
}

/// Reads a regular file's bytes into `bytes` (emptied first, then sized from the file's length,
/// so that a file is read in one call and one allocation): the stamp of what was read.
pub(super) fn read_bytes(path: &Path, bytes: &mut Vec<u8>) -> Result<Stamp, StoreError> {
    let (file, meta) = open_regular(path)?;
    bytes.clear();
    bytes.reserve(usize::try_from(meta.len().min(MAX_SESSION_BYTES)).unwrap_or(0) + 1);
    read_capped_into(file, MAX_SESSION_BYTES, bytes)?;
    Ok(Stamp::of(&meta))
}

pub(super) fn not_utf8(e: std::str::Utf8Error) -> StoreError {
    // Where (counted from 1, as people count), in the reader's language (the error's own
    // text is English).
    StoreError::Damaged(vec![Problem::file(msg!(
        "file.not_utf8",
        offset = e.valid_up_to() as i64 + 1
    ))])
}

/// `parse` of a file's text, telling a newer version from a damaged file.
pub(super) fn parse_with<T>(
    text: &str,
    parse: fn(&str) -> Result<T, Vec<Problem>>,
) -> Result<T, StoreError> {
    parse(text).map_err(|p| match newer_version(&p) {
        Some(v) => StoreError::Newer(v),
        None => StoreError::Damaged(p),
    })
}

/// The version of a file refused because a newer Marque wrote it.
pub(super) fn newer_version(problems: &[Problem]) -> Option<u64> {
    match problems {
        [p] => match p.kind {
            marque_core::session::ProblemKind::Newer(v) => Some(v),
            marque_core::session::ProblemKind::Invalid => None,
        },
        _ => None,
    }
}

/// A write refused because a file appeared at `path`, said as such; any other error as it is.
pub fn exists_or(e: std::io::Error, path: &Path) -> StoreError {
    if e.kind() == std::io::ErrorKind::AlreadyExists {
        StoreError::Exists(path.to_path_buf())
    } else {
        StoreError::Write(e)
    }
}

/// Syncs a folder's entries to the disk (after a rename in it). Best effort: some file systems
/// refuse to sync a folder, and the rename itself has already happened.
pub(super) fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        d.sync_all().ok();
    }
}

/// What writes a file's content (through a buffer of its own if it writes in small pieces).
pub type Fill<'a> = &'a mut dyn FnMut(&mut File) -> std::io::Result<()>;

/// Writes what `fill` writes to the temporary file `tmp` and renames it over `path` (with
/// `new_only`, links it in place, never over a file there); with `sync`, the data and the
/// rename reach the disk before it returns; `keep`: the permissions and owner to give it;
/// `check`: the last look before the rename, the folder locked for that moment.
pub(super) fn replace_via(
    tmp: &Path,
    path: &Path,
    fill: Fill<'_>,
    sync: bool,
    keep: Option<&fs::Metadata>,
    new_only: bool,
    check: Option<&mut dyn FnMut() -> std::io::Result<()>>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = tmp.to_path_buf();
    let result = (|| {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        fill(&mut f)?;
        if let Some(meta) = keep {
            f.set_permissions(meta.permissions())?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                // Only a privileged process may give a file away: otherwise it stays ours.
                std::os::unix::fs::fchown(&f, Some(meta.uid()), Some(meta.gid())).ok();
            }
        }
        if sync {
            f.sync_all()?;
        }
        drop(f);
        // The last check and the rename as one step for every writer of the folder: the
        // folder itself is locked for that moment (a lock file can be deleted by a cleaner;
        // the folder of the sessions cannot be, while it holds them).
        let guard = match check {
            Some(check) => {
                let guard = File::open(dir)?;
                guard.lock()?;
                check()?;
                Some(guard)
            }
            None => None,
        };
        if new_only {
            fs::hard_link(&tmp, path)?;
            // The file is in place; a temporary left behind is swept once its writer is gone.
            fs::remove_file(&tmp).ok();
        } else {
            fs::rename(&tmp, path)?;
        }
        drop(guard);
        if sync {
            sync_dir(dir);
        }
        Ok(())
    })();
    if result.is_err() {
        // The error is returned; the temporary goes if it can (else it is swept later).
        fs::remove_file(&tmp).ok();
    }
    result
}
