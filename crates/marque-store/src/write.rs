//! Writing a file whole or not at all: through a temporary file in Marque's own hidden folder
//! beside it, renamed (or linked) in place.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::Path;

use crate::files::Fill;
use crate::own::{own_folder, temporaries};

/// Writes `bytes` to `path` so that a crash at any moment leaves the old file or the new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace_file(path, bytes, true, None)
}

/// Writes a new file at `path`, whole or not at all, and never over anything there: not even
/// over a file that appears while it is written (an `AlreadyExists` error then). The data goes
/// to a temporary file beside it first, which is then linked in place (a link, unlike a
/// rename, fails where a name exists); where the folder takes no links (some USB sticks), the
/// file is created anew and written, never replacing one.
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_new_with(path, &mut |f| f.write_all(bytes))
}

/// [`write_new`] of what `fill` writes, as it writes it: a long export (a PDF of 100,000
/// deals) goes to the disk without being held whole in memory. `fill` may be called twice
/// (where no temporary file can be made beside `path`, it writes `path` itself).
pub fn write_new_with(path: &Path, fill: Fill<'_>) -> std::io::Result<()> {
    match replace_file_as(path, fill, true, None, true, None) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists && !path.exists() => {
            let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
            let written = fill(&mut f).and_then(|()| f.sync_all());
            if written.is_err() {
                drop(f);
                // The write already failed, and says so: the half-written file goes if it can.
                fs::remove_file(path).ok();
            }
            written
        }
        other => other,
    }
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`; with `sync`, the
/// data and the rename reach the disk before it returns.
pub(super) fn replace_file(
    path: &Path,
    bytes: &[u8],
    sync: bool,
    keep: Option<&fs::Metadata>,
) -> std::io::Result<()> {
    replace_file_as(path, &mut |f| f.write_all(bytes), sync, keep, false, None)
}

/// [`replace_file`], or with `new_only` [`write_new`]'s linking in place.
pub(super) fn replace_file_as(
    path: &Path,
    fill: Fill<'_>,
    sync: bool,
    keep: Option<&fs::Metadata>,
    new_only: bool,
    check: Option<&mut dyn FnMut() -> std::io::Result<()>>,
) -> std::io::Result<()> {
    let (tmp_dir, prefix) = temporaries(path);
    own_folder(&tmp_dir)?;
    // Process and a count: two threads of one process (two listings of the folder) never
    // share a temporary file.
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = tmp_dir.join(format!("{prefix}{}-{n}.tmp", std::process::id()));
    crate::files::replace_via(&tmp, path, fill, sync, keep, new_only, check)
}
