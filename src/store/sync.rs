//! A data folder shared between machines (Syncthing): what stays on one machine (`.stignore`),
//! the conflict copies Syncthing leaves, and their merge into the session by the edit logs.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use marque_core::merge::{self, Copy};

use super::{Lock, Shelf, Stamp, Store, StoreError, read_session, save};

/// Syncthing's list of what a folder does not share.
pub const STIGNORE: &str = ".stignore";

/// The lines Marque keeps in `.stignore`: its files that belong to one machine. Without a
/// leading `/` a pattern matches at any depth (the locks of `archive/` and `trash/` too).
pub const MACHINE_ONLY: [&str; 4] = [
    super::LOCKS,
    super::TEMPORARIES,
    super::INDEX,
    super::PREFS_FILE,
];

const STIGNORE_HEAD: &str = "// Marque: what belongs to this machine only (locks, temporary files, the session index,\n\
// this machine's language, theme and text size). Sessions, archive/, trash/ and the names\n\
// merged by hand (.people.json) are shared.\n";

/// The shelves inside a data folder: their own files are covered by the folder's `.stignore`.
const SHELF_DIRS: [&str; 3] = ["archive", "trash", "damaged"];

/// Folders whose `.stignore` was seen complete by this process (checked once each).
static DONE: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

/// Makes sure the data folder holding `dir` (Marque is about to make its own files in `dir`)
/// has a `.stignore` that keeps those files on this machine: written when missing, completed
/// when lines are missing, never touching the lines of its own that a user wrote. A `.stignore`
/// that is no regular file (a link, a FIFO) is left alone. Best effort: a folder that cannot be
/// written has none, and Marque works the same.
pub fn keep_machine_files(dir: &Path) {
    let root = match dir.file_name().and_then(|n| n.to_str()) {
        Some(n) if SHELF_DIRS.contains(&n) => dir.parent().unwrap_or(dir),
        _ => dir,
    };
    let root = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    };
    {
        let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
        if !done
            .get_or_insert_with(HashSet::new)
            .insert(root.to_path_buf())
        {
            return;
        }
    }
    let path = root.join(STIGNORE);
    let old = match fs::symlink_metadata(&path) {
        Ok(m) if m.is_file() => match super::read_file(&path, 1 << 20) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(_) => return,
        },
        Ok(_) => return,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(_) => return,
    };
    let has: HashSet<&str> = old.lines().map(str::trim).collect();
    let missing: Vec<&str> = MACHINE_ONLY
        .into_iter()
        .filter(|l| !has.contains(l))
        .collect();
    if missing.is_empty() {
        return;
    }
    let mut text = old.clone();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    if !old.contains(STIGNORE_HEAD.lines().next().unwrap_or_default()) {
        text.push_str(STIGNORE_HEAD);
    }
    for l in missing {
        text.push_str(l);
        text.push('\n');
    }
    // Written beside, then renamed: never half a list (its temporary file is one Syncthing
    // skips: a dot name it has not been told to share yet is still only a moment there).
    let tmp = root.join(format!(".stignore.marque-{}", std::process::id()));
    let written = fs::write(&tmp, text.as_bytes()).and_then(|()| fs::rename(&tmp, &path));
    if written.is_err() {
        fs::remove_file(&tmp).ok();
    }
}

/// The session a Syncthing conflict copy is of: `NAME.sync-conflict-20261125-213000-ABCDEFG.json`
/// gives `NAME.json`.
pub fn copy_of(file_name: &str) -> Option<String> {
    let stem = file_name.strip_suffix(".json")?;
    let (name, rest) = stem.rsplit_once(".sync-conflict-")?;
    let mut parts = rest.splitn(3, '-');
    let (date, time) = (parts.next()?, parts.next()?);
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (!name.is_empty() && digits(date, 8) && digits(time, 6) && parts.next().is_some())
        .then(|| format!("{name}.json"))
}

/// The conflict copies of the session at `path`, oldest name first.
pub fn copies_of(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(rd) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_str()
                .and_then(copy_of)
                .is_some_and(|of| of == name)
        })
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// What merging a session's conflict copies came to.
#[derive(Debug)]
pub enum Merging {
    /// Merged and saved; the copies went to the trash (where each went), the copies that were
    /// other sessions became sessions of their own (where).
    Merged {
        stamp: Stamp,
        trashed: Vec<PathBuf>,
        apart: Vec<PathBuf>,
        applied: usize,
        chosen: usize,
    },
    /// Choices for the players: nothing was written.
    Choices(Box<merge::Pending>),
    /// The copies do not merge (why, in words, for the copies' names): nothing was written.
    Refused(merge::Error, Vec<String>),
}

/// Merges the conflict copies of the session at `path` into it, holding `lock` (the session's):
/// `picks` choose where copies changed one hand differently. A copy that is another session
/// (another id: two machines made sessions of the same name) is moved to a name of its own and
/// kept as a session. Nothing is written unless the merge is whole; then the copies merged go to
/// `trash/` (never deleted) and the log records the merge.
pub fn merge_copies(
    store: &Store,
    path: &Path,
    lock: &Lock,
    picks: &[usize],
    now: &str,
) -> Result<Merging, StoreError> {
    lock.hold()?;
    let main = read_session(path)?;
    let mut copies = Vec::new();
    let mut apart = Vec::new();
    for p in copies_of(path) {
        let loaded = read_session(&p)?;
        let other = loaded.session.id.is_some()
            && main.session.id.is_some()
            && loaded.session.id != main.session.id;
        if other {
            apart.push(p);
        } else {
            copies.push((p, loaded));
        }
    }
    let mut moved_apart = Vec::new();
    for p in apart {
        moved_apart.push(move_apart(store, &p)?);
    }
    let names: Vec<String> = std::iter::once(path)
        .chain(copies.iter().map(|(p, _)| p.as_path()))
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    let sessions: Vec<Copy> = std::iter::once(&main.session)
        .chain(copies.iter().map(|(_, l)| &l.session))
        .zip(&names)
        .map(|(session, name)| Copy { name, session })
        .collect();
    if sessions.len() == 1 {
        return Ok(Merging::Merged {
            stamp: main.stamp,
            trashed: Vec::new(),
            apart: moved_apart,
            applied: 0,
            chosen: 0,
        });
    }
    let merged = match merge::merge(&sessions, picks, now) {
        Ok(m) => m,
        Err(merge::Error {
            kind: merge::ErrorKind::Choices(p),
        }) => return Ok(Merging::Choices(p)),
        Err(e) => return Ok(Merging::Refused(e, names)),
    };
    let stamp = save(path, &merged.session, main.stamp, lock)?;
    let mut trashed = Vec::new();
    for (p, _) in &copies {
        trashed.push(store.shelve(p, Shelf::Trash)?);
    }
    Ok(Merging::Merged {
        stamp,
        trashed,
        apart: moved_apart,
        applied: merged.applied,
        chosen: merged.chosen,
    })
}

/// A conflict copy that is another session, under a name of its own beside it.
fn move_apart(store: &Store, copy: &Path) -> Result<PathBuf, StoreError> {
    let dir = copy.parent().unwrap_or(&store.dir);
    let stem = copy
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(copy_of)
        .unwrap_or_else(|| "session.json".into());
    let stem = stem.trim_end_matches(".json");
    let dest = Store::new(dir).new_path(&format!("{stem}-2"));
    // Linked under the new name first: never over a file that appeared meanwhile.
    match fs::hard_link(copy, &dest) {
        Ok(()) => fs::remove_file(copy)?,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(e.into()),
        Err(_) => fs::rename(copy, &dest)?,
    }
    Ok(dest)
}
