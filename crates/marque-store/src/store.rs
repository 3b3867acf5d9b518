//! The data folder: where sessions are, how they are named, made, moved, archived and put back.

use std::fs;
use std::path::{Path, PathBuf};

use marque_core::i18n::msg;

use crate::error::StoreError;
use crate::files::sync_dir;
use crate::lock::Lock;
use crate::stamp::Stamp;
use crate::summary::Shelf;

/// The `format` of a backup file.
pub const BACKUP_FORMAT: &str = "marque-backup";

/// The folder of session files.
#[derive(Debug, Clone)]
pub struct Store {
    pub dir: PathBuf,
}

/// The environment variable that points Marque at another data folder (tests, several users).
pub const DATA_DIR_ENV: &str = "MARQUE_DATA_DIR";

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// `$MARQUE_DATA_DIR`, else the user's data folder (`~/.local/share/marque/sessions` on Linux).
    pub fn default_dir() -> PathBuf {
        if let Some(d) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
            return PathBuf::from(d);
        }
        directories::ProjectDirs::from("", "", "marque")
            .map(|p| p.data_dir().join("sessions"))
            .unwrap_or_else(|| PathBuf::from("marque-sessions"))
    }

    /// The data folder a session file belongs to: its folder, or the one above for a session
    /// archived or in the trash.
    pub fn root_of(path: &Path) -> PathBuf {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        match dir.file_name().and_then(|n| n.to_str()) {
            Some("archive" | "trash") => dir.parent().unwrap_or(dir).to_path_buf(),
            _ => dir.to_path_buf(),
        }
    }

    /// A path for a new session file, never an existing one.
    pub fn new_path(&self, id: &str) -> PathBuf {
        let clean: String = id
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let mut p = self.dir.join(format!("{clean}.json"));
        let mut k = 2;
        while p.exists() {
            p = self.dir.join(format!("{clean}-{k}.json"));
            k += 1;
        }
        p
    }

    /// The folder of a shelf: the sessions themselves, or `archive/` or `trash/` inside them.
    pub fn shelf_dir(&self, shelf: Shelf) -> PathBuf {
        match shelf {
            Shelf::Sessions => self.dir.clone(),
            Shelf::Archive => self.dir.join("archive"),
            Shelf::Trash => self.dir.join("trash"),
        }
    }

    /// Moves a session file to another shelf (archived, in the trash, or back among the
    /// sessions), never over a file there; returns where it went. Nothing is ever deleted: the
    /// trash is a folder, and its files can be put back.
    ///
    /// A session open for writing in a window (its lock held) stays where it is: the window
    /// would go on saving to the old place.
    pub fn shelve(&self, path: &Path, to: Shelf) -> Result<PathBuf, StoreError> {
        self.shelve_if(path, to, None)
    }

    /// The folder of a shelf, made if it is not there; `archive/`, `trash/` and `damaged/` must
    /// be Marque's own folders: a symbolic link there (Syncthing syncs links: another machine
    /// may plant one) or a file is refused in words, never followed.
    fn shelf_ready(&self, dir: PathBuf) -> Result<PathBuf, StoreError> {
        if dir != self.dir {
            crate::own::check_own_folder(&dir).map_err(StoreError::Io)?;
        } else {
            fs::create_dir_all(&dir)?;
        }
        Ok(dir)
    }

    /// [`Store::shelve`], only if the file is still the one read (`expect`, its stamp then):
    /// a file changed or replaced since (Syncthing renames a newer copy into place) is left
    /// where it is, `StoreError::Changed`.
    pub fn shelve_if(
        &self,
        path: &Path,
        to: Shelf,
        expect: Option<Stamp>,
    ) -> Result<PathBuf, StoreError> {
        self.move_into(path, self.shelf_dir(to), expect)
    }

    /// A file that does not read as a session moved to `damaged/`, only if it is still the
    /// file read (`expect`), as a move to a shelf: a good copy renamed over a damaged one
    /// since (Syncthing) stays, to be merged.
    pub fn move_aside_if(&self, path: &Path, expect: Option<Stamp>) -> Result<PathBuf, StoreError> {
        self.move_into(path, self.dir.join("damaged"), expect)
    }

    /// [`Store::shelve_if`] into the folder `dir`.
    fn move_into(
        &self,
        path: &Path,
        dir: PathBuf,
        expect: Option<Stamp>,
    ) -> Result<PathBuf, StoreError> {
        let _lock = Lock::acquire(path)?;
        let dir = self.shelf_ready(dir)?;
        let still = |p: &Path| expect.is_none_or(|e| Stamp::of_path(p).is_ok_and(|s| s == e));
        if !still(path) {
            return Err(StoreError::Changed);
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "session.json".into());
        let stem = name.trim_end_matches(".json").to_string();
        let mut dest = dir.join(&name);
        let mut k = 2;
        // A session that is a symbolic link moves as a link to where it points, said in full:
        // a relative link moved to another folder would point to nothing.
        let target = match fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => Some(fs::canonicalize(path)?),
            _ => None,
        };
        // Linked under its new name, which fails where a name exists (even one that appeared
        // a moment ago): never over another file. Where the folder takes no links, renamed.
        loop {
            if let Some(target) = &target {
                match link_to(target, &dest) {
                    // The old name taken away only from the link read (see take_away).
                    Ok(()) if expect.is_some() => {
                        take_away(path, &dest)?;
                        break;
                    }
                    Ok(()) => {
                        fs::remove_file(path)?;
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(StoreError::Write(e)),
                }
            } else if fs::symlink_metadata(&dest).is_err() {
                match fs::hard_link(path, &dest) {
                    // The link is of the file read (a newer one renamed into place between the
                    // check and the link is not): only then is its old name taken away.
                    // (The link itself changes the file's change time: its inode says.)
                    Ok(())
                        if expect.is_some_and(|e| {
                            Stamp::of_path(&dest).map_or(true, |s| s.inode != e.inode)
                        }) =>
                    {
                        fs::remove_file(&dest)?;
                        return Err(StoreError::Changed);
                    }
                    Ok(()) => {
                        take_away(path, &dest)?;
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(_) if expect.is_some() => return Err(StoreError::Changed),
                    Err(_) => {
                        fs::rename(path, &dest)?;
                        break;
                    }
                }
            }
            dest = dir.join(format!("{stem}-{k}.json"));
            k += 1;
        }
        sync_dir(&dir);
        if let Some(from) = path.parent() {
            sync_dir(from);
        }
        Ok(dest)
    }

    /// Moves a damaged file into `damaged/` beside it (never over another file); returns where.
    /// A `damaged/` that is a link or a file is refused, never followed.
    pub fn move_aside(&self, path: &Path) -> std::io::Result<PathBuf> {
        let dir = self.dir.join("damaged");
        crate::own::check_own_folder(&dir)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "session.json".into());
        let mut dest = dir.join(&name);
        let mut k = 2;
        while dest.exists() {
            dest = dir.join(format!("{k}-{name}"));
            k += 1;
        }
        fs::rename(path, &dest)?;
        sync_dir(&self.dir);
        Ok(dest)
    }
}

/// A symbolic link at `link` to `target` (never over a file there).
fn link_to(target: &Path, link: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(target, link)
    }
    #[cfg(not(unix))]
    {
        Err(marque_core::i18n::worded(
            std::io::ErrorKind::Unsupported,
            msg!(
                "io.no_links",
                link = link.display().to_string(),
                target = target.display().to_string()
            ),
        ))
    }
}

/// A file as people name it in a notice: its name, not the whole path.
pub fn shown_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// A fresh session id: date, game and a short random part.
pub fn new_id(game: &str) -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.write_u32(std::process::id());
    format!(
        "{}-{game}-{:04x}",
        chrono::Local::now().format("%Y-%m-%d"),
        h.finish() & 0xffff
    )
}

/// Takes the name `path` away from a file once it has another (`kept`): only if the file there
/// is still that one. Where another came there meanwhile (renamed into place by Syncthing), it is
/// put back under its name, never deleted.
fn take_away(path: &Path, kept: &Path) -> std::io::Result<()> {
    let Some(dir) = path.parent() else {
        return fs::remove_file(path);
    };
    // A name of this process's own, never one another move left (renamed over, it would be
    // lost).
    static MOVES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = MOVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let aside = dir.join(format!(
        ".{}.{}-{n}.marque-moving",
        path.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default(),
        std::process::id()
    ));
    if fs::symlink_metadata(&aside).is_ok() {
        return Err(marque_core::i18n::worded(
            std::io::ErrorKind::AlreadyExists,
            msg!("io.aside_there", file = aside.display().to_string()),
        ));
    }
    fs::rename(path, &aside)?;
    if Stamp::of_path(&aside)?.inode == Stamp::of_path(kept)?.inode {
        return fs::remove_file(&aside);
    }
    // Not the file moved: back under its name (a link never replaces one that came since);
    // where a third came there meanwhile, it stays under the aside name, and that is said.
    match fs::hard_link(&aside, path) {
        Ok(()) => fs::remove_file(&aside),
        Err(e) => Err(marque_core::i18n::worded(
            e.kind(),
            msg!("io.newer_kept", file = aside.display().to_string()),
        )),
    }
}
