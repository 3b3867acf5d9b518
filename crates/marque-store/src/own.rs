//! Marque's own files beside the sessions (locks, temporaries, the index, the preferences, the
//! names merged by hand), its hidden folders, and the `.stignore` that keeps what belongs to one
//! machine on that machine.

use std::collections::HashSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use marque_core::i18n::msg;

/// Makes Marque's own hidden folder `dir` (locks, temporaries) if it is not there, and checks
/// it is a folder of its own: a symbolic link there (to a folder elsewhere, or to nothing) or a
/// file is refused, never followed.
pub fn own_folder(dir: &Path) -> std::io::Result<()> {
    check_own_folder(dir)?;
    // Marque's own files are about to be made beside the sessions: a folder shared with
    // Syncthing keeps them on this machine (once the folder is known to be Marque's own: a
    // refused one writes nothing).
    if let Some(parent) = dir.parent() {
        keep_machine_files(parent);
    }
    Ok(())
}

pub(super) fn check_own_folder(dir: &Path) -> std::io::Result<()> {
    // A cleaner may take the folder away between its making and its check: made again, a
    // few times, rather than failing on a folder that was there a moment ago.
    for _ in 0..100 {
        match fs::create_dir(dir) {
            Ok(()) => return Ok(()),
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
            Err(_) => {}
        }
        match fs::symlink_metadata(dir) {
            Ok(m) if m.is_dir() => return Ok(()),
            Ok(m) if m.file_type().is_symlink() => {
                return Err(marque_core::i18n::worded(
                    std::io::ErrorKind::InvalidInput,
                    msg!("io.folder_link", folder = dir.display().to_string()),
                ));
            }
            Ok(_) => {
                return Err(marque_core::i18n::worded(
                    std::io::ErrorKind::InvalidInput,
                    msg!("io.folder_is_file", folder = dir.display().to_string()),
                ));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        }
    }
    Err(marque_core::i18n::worded(
        std::io::ErrorKind::Other,
        msg!("io.folder_vanishing", folder = dir.display().to_string()),
    ))
}

/// Where the temporary files of a save of `path` go, and how their names start: a hidden folder
/// beside the file (a listing of it stays short however many sessions there are), and a hash of
/// the file's name (a name of any length gives a short one, never the start of another's).
pub(super) fn temporaries(path: &Path) -> (PathBuf, String) {
    let name = path.file_name().unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.as_encoded_bytes() {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (hidden_dir(path, TEMPORARIES), format!("{h:016x}."))
}

/// The hidden folder of temporary files, beside the session files.
pub const TEMPORARIES: &str = ".marque-tmp";

/// The hidden folder of lock files, beside the session files.
pub const LOCKS: &str = ".marque-locks";

pub(super) fn hidden_dir(path: &Path, name: &str) -> PathBuf {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join(name)
}

/// The session index's file, in the data folder.
pub const INDEX: &str = ".index.json";

/// This machine's preferences in a data folder (language, theme, text size): not shared.
pub const PREFS_FILE: &str = ".prefs.json";

/// What a club shares besides its sessions: the names typed and the names merged by hand.
pub const PEOPLE_FILE: &str = ".people.json";

/// Syncthing's list of what a folder does not share.
pub const STIGNORE: &str = ".stignore";

/// The lines Marque keeps in `.stignore`: its files that belong to one machine. Without a
/// leading `/` a pattern matches at any depth (the locks of `archive/` and `trash/` too).
pub const MACHINE_ONLY: [&str; 4] = [LOCKS, TEMPORARIES, INDEX, PREFS_FILE];

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
        // A list Marque cannot read as text is the user's: left as it is.
        Ok(m) if m.is_file() => match crate::files::read_file(&path, 1 << 20) {
            Ok(b) => match String::from_utf8(b) {
                Ok(t) => t,
                Err(_) => return,
            },
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
    // Atomically, as every file of Marque's (its temporary file in `.marque-tmp/`, which the
    // list keeps on this machine): never half a list. Best effort: a folder that cannot be
    // written has none. The temporaries' folder is made here without asking for this very
    // list again (as `own_folder` would).
    let (tmp_dir, prefix) = temporaries(&path);
    if check_own_folder(&tmp_dir).is_ok() {
        let tmp = tmp_dir.join(format!("{prefix}{}-list.tmp", std::process::id()));
        crate::files::replace_via(
            &tmp,
            &path,
            &mut |f| f.write_all(text.as_bytes()),
            true,
            None,
            false,
            None,
        )
        .ok();
    }
}
