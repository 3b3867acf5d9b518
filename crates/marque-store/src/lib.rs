//! Session files on disk: the data folder, atomic saves, locks between windows, damaged files;
//! and the open session as a [`document`], through which the window, the command line and the
//! room's server write. No window and no HTTP here: a layering mistake does not compile.
//!
//! - A save writes a temporary file in the same folder, syncs it, renames it over the session
//!   file and syncs the folder: a crash leaves either the old complete file or the new one.
//! - A file that does not read as a session (damaged) or that a newer Marque wrote is never
//!   overwritten: [`save()`] refuses it.
//! - A session open for writing holds an advisory lock on `.NAME.lock` beside it. The OS drops
//!   the lock when the process ends, however it ends, so a lock left by a crash is taken over.
//! - A save writes only over the file that was read: its size and modification time are
//!   compared just before (a [`Stamp`]); a file changed since is never overwritten.
//! - [`Store::list`] keeps a summary of every session file in `.index.json`, keyed by each
//!   file's size and modification time, so that only files that changed are read again.

use std::fs;

use std::path::{Path, PathBuf};

use thiserror::Error;

use marque_core::i18n::{Msg, io_error};
use marque_core::msg;

use marque_core::session::{Facts, Problem, Session, Sheet};

pub mod backup;
mod conflict;
pub mod document;
mod files;
mod index;
mod listing;
mod lock;
pub mod people;
mod save;
mod sync;
pub mod watch;

pub use conflict::{Merged, merge_after_change};
pub use files::{
    MAX_BACKUP_BYTES, MAX_INDEX_BYTES, MAX_PREFS_BYTES, MAX_SESSION_BYTES, exists_or, lock_problem,
    open_regular, read_capped, read_file, write_atomic, write_new, write_new_with, write_problem,
};
use files::{read_text, sync_dir};
pub use index::{INDEX, summarize};
pub use lock::{LOCKS, Lock, TEMPORARIES, lock_note, lock_path, own_folder};
pub use save::{Appending, create, read_for_append, read_session, save};
pub use sync::{
    MACHINE_ONLY, Merging, STIGNORE, copies_of, copy_of, keep_machine_files, merge_copies,
    pending_copies,
};

/// This machine's preferences in a data folder (language, theme, text size): not shared.
pub const PREFS_FILE: &str = ".prefs.json";
/// What a club shares besides its sessions: the names typed and the names merged by hand.
pub const PEOPLE_FILE: &str = ".people.json";

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

/// Where a session file lies: among the sessions, archived (kept, out of the default list), or
/// in the trash (out of every list but its own, and can be put back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shelf {
    #[default]
    Sessions,
    Archive,
    Trash,
}

/// A session is over for the table: stopped by the players (`closed`), or a game that reached
/// its end (`finished`), unless its session goes on after it (a bridge evening, after a
/// complete rubber, until it is closed).
pub fn session_over(game: marque_core::games::GameKind, finished: bool, closed: bool) -> bool {
    closed || (finished && !game.goes_on())
}

/// What statistics need of each session that reads (damaged and newer files count nowhere).
pub fn played(listed: &[Listed]) -> impl Iterator<Item = marque_core::stats::Played<'_>> {
    counted(listed).map(|s| marque_core::stats::Played {
        game: s.game,
        players: s.people.as_ref().map_or(&s.players, |p| &p.names),
        finished: s.finished,
        winners: &s.winners,
        figures: &s.figures,
        seats: s.people.as_ref().map_or(&[], |p| &p.seats),
        holds: s.people.as_ref().map_or(&[], |p| &p.holds),
    })
}

/// What ratings need of each session that reads, counted as statistics count it.
pub fn rated(listed: &[Listed]) -> impl Iterator<Item = marque_core::ratings::Rated<'_>> {
    counted(listed).map(|s| marque_core::ratings::Rated {
        game: s.game,
        id: s.id.as_deref(),
        created: s.created.as_deref(),
        seats: &s.players,
        totals: &s.totals,
        finished: s.finished,
        left: &s.left,
        holders: s.people.as_ref().map_or(&s.players, |p| &p.names),
        best_hands: &s.best_hands,
    })
}

/// Each session that reads, once, as its listing: a session reached by two names (a link
/// beside its file, two links to one file, a copy synced from another machine under another
/// name) is one evening. A session is its id; of two files of one id (a restore puts one
/// beside, `x-restored.json`) the one that counts is chosen by what they hold, the same on
/// every machine whatever the files' names and times: the one with more hands, then the one
/// whose summary reads first. Statistics, ratings and the room's pages all take it.
pub fn one_per_session(listed: &[Listed]) -> impl Iterator<Item = &Listed> {
    use std::collections::HashMap;
    let key = |s: &Summary| (std::cmp::Reverse(s.hands), serde_json::to_string(s).ok());
    let mut chosen: HashMap<&str, &Summary> = HashMap::new();
    for s in listed.iter().filter_map(fine) {
        if let Some(id) = s.id.as_deref() {
            chosen
                .entry(id)
                .and_modify(|c| {
                    if key(s) < key(c) {
                        *c = s;
                    }
                })
                .or_insert(s);
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut ids = std::collections::HashSet::new();
    listed.iter().filter(move |l| {
        let Some(s) = fine(l) else {
            return false;
        };
        if l.stamp.inode != 0 && !seen.insert((l.stamp.inode, l.stamp.size, l.stamp.modified)) {
            return false;
        }
        match s.id.as_deref() {
            Some(id) => chosen.get(id).is_some_and(|c| std::ptr::eq(*c, s)) && ids.insert(id),
            None => true,
        }
    })
}

/// The summary of a listed session that reads.
fn fine(l: &Listed) -> Option<&Summary> {
    match &l.state {
        FileState::Fine(s) => Some(&**s),
        _ => None,
    }
}

/// [`one_per_session`], as summaries.
fn counted(listed: &[Listed]) -> impl Iterator<Item = &Summary> {
    one_per_session(listed).filter_map(fine)
}

/// The `format` of a backup file.
pub const BACKUP_FORMAT: &str = "marque-backup";

/// What the home screen, `marque check` and statistics need of a session file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub game: marque_core::games::GameKind,
    pub id: Option<String>,
    pub created: Option<String>,
    pub players: Vec<String>,
    pub hands: usize,
    pub totals: Vec<i64>,
    pub finished: bool,
    /// The game reached its own end (bridge: its last rubber is complete).
    #[serde(default)]
    pub natural_end: bool,
    pub closed: bool,
    pub winners: Vec<usize>,
    /// The title the players gave the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Each player's figures for statistics, by seat (by person in `people` where it is set).
    #[serde(default)]
    pub figures: Vec<marque_core::games::Tally>,
    /// Each one's best hand, as `figures` (`null`: no hand played).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best_hands: Vec<Option<i64>>,
    /// Where table events changed who sat where: each person who played a hand, the seat
    /// they held and whether they held it at the end (statistics count them, not the seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub people: Option<Box<People>>,
    /// The seats that left the table (not rated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<usize>,
}

/// The persons of a session whose seats changed hands (see [`Summary::people`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct People {
    pub names: Vec<String>,
    pub seats: Vec<usize>,
    pub holds: Vec<bool>,
}

/// What statistics take from a session's holders: their figures, best hands, and persons.
struct Held {
    figures: Vec<marque_core::games::Tally>,
    best_hands: Vec<Option<i64>>,
    people: Option<Box<People>>,
}

fn people_of(holders: marque_core::session::Holders, players: &[String]) -> Held {
    if holders.are_seats(players) {
        return Held {
            figures: holders.figures,
            best_hands: holders.best_hand,
            people: None,
        };
    }
    let h = holders.playing();
    Held {
        figures: h.figures,
        best_hands: h.best_hand,
        people: Some(Box::new(People {
            names: h.names,
            seats: h.seats,
            holds: h.holds,
        })),
    }
}

impl Summary {
    /// The session is over for the table: stopped by the players, or a game that reached its
    /// end. A bridge evening goes on after a complete rubber until the players end it.
    pub fn over(&self) -> bool {
        session_over(self.game, self.finished, self.closed)
    }

    /// The sides that score (made from the players when asked: a listing of thousands of
    /// sessions keeps none).
    pub fn sides(&self) -> Vec<String> {
        self.game.sides(&self.players)
    }

    /// Where the session stands: in progress, finished (its game reached its end), or stopped
    /// (the players ended it before that).
    pub fn progress(&self) -> Progress {
        if !self.over() {
            Progress::InProgress
        } else if self.natural_end {
            Progress::Finished
        } else {
            Progress::Stopped
        }
    }

    pub fn of(session: &Session, sheet: &Sheet) -> Summary {
        let held = people_of(sheet.holders(&session.hands), &session.players);
        Summary {
            game: session.game,
            id: session.id.clone(),
            created: session.created.clone(),
            players: sheet.seats().current(),
            // The table's count: table events are not hands.
            hands: sheet.hands_played(),
            totals: sheet.totals.clone(),
            finished: sheet.finished,
            natural_end: sheet.natural_end,
            closed: session.closed,
            winners: sheet.winners.clone(),
            title: session.text_field("title"),
            figures: held.figures,
            best_hands: held.best_hands,
            people: held.people,
            left: (0..sheet.seats().len())
                .filter(|s| !sheet.seats().plays(*s))
                .collect(),
        }
    }

    /// The summary of a session read for its facts only.
    fn of_facts(f: Facts) -> Summary {
        let held = people_of(f.end.holders, &f.players);
        Summary {
            game: f.game,
            id: f.id,
            created: f.created,
            players: if f.end.names.is_empty() {
                f.players
            } else {
                f.end.names
            },
            hands: f.end.hands_played,
            totals: f.end.totals,
            finished: f.end.finished,
            natural_end: f.end.natural_end,
            closed: f.closed,
            winners: f.end.winners,
            figures: held.figures,
            best_hands: held.best_hands,
            people: held.people,
            left: f.end.left,
            title: f.title,
        }
    }
}

/// Where a session stands, as the history lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    InProgress,
    Finished,
    Stopped,
}

/// The state of one session file, as listed on the home screen and by `marque check`.
#[derive(Debug, Clone)]
pub enum FileState {
    Fine(Box<Summary>),
    Damaged(Vec<Problem>),
    Newer(u64),
}

#[derive(Debug, Clone)]
pub struct Listed {
    pub path: PathBuf,
    pub state: FileState,
    pub modified: Option<std::time::SystemTime>,
    /// The size and modification time the state was read at.
    pub stamp: Stamp,
    /// Conflict copies of this session that another machine left (Syncthing), to merge.
    pub copies: Vec<PathBuf>,
}

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

    /// Every `*.json` file of the folder with its state, newest first. Files whose size and
    /// modification time are those of the index are not read again; the index is rewritten when
    /// anything changed (where the folder can be written).
    pub fn list(&self) -> Vec<Listed> {
        self.list_as(true)
    }

    /// [`Store::list`] for a reader that writes nothing (the room's pages): the index is used
    /// where it is up to date, never written.
    pub fn list_reading(&self) -> Vec<Listed> {
        self.list_as(false)
    }

    fn list_as(&self, write_index: bool) -> Vec<Listed> {
        let scan = self.scan();
        if scan.changed && write_index {
            self.write_index(&scan.listed, scan.entries, scan.kept.as_ref());
        }
        scan.listed
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
            lock::check_own_folder(&dir).map_err(StoreError::Io)?;
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

    /// See [`backup::backup`].
    pub fn backup(&self, out: &Path) -> Result<backup::Backup, StoreError> {
        backup::backup(&self.dir, out)
    }

    /// See [`backup::restore`].
    pub fn restore(&self, from: &Path) -> Result<backup::Restore, StoreError> {
        backup::restore(&self.dir, from)
    }

    /// Moves a damaged file into `damaged/` beside it (never over another file); returns where.
    /// A `damaged/` that is a link or a file is refused, never followed.
    pub fn move_aside(&self, path: &Path) -> std::io::Result<PathBuf> {
        let dir = self.dir.join("damaged");
        lock::check_own_folder(&dir)?;
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

    /// Imports a session file from elsewhere: it must score, and it gets a new file of its own
    /// (an existing session is never overwritten).
    pub fn import(&self, from: &Path) -> Result<PathBuf, StoreError> {
        let session = read_session(from)?.session;
        if let Some(p) = marque_core::session::control_in_names(&session.players) {
            return Err(StoreError::Damaged(vec![p]));
        }
        fs::create_dir_all(&self.dir)?;
        // An id that makes no usable name (empty, dots only…) gets a fresh one; a long one is
        // shortened: an imported session always has a file the home screen lists.
        let id: String = session
            .id
            .as_deref()
            .unwrap_or("")
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
            .take(64)
            .collect();
        let id = if id.is_empty() {
            new_id(session.game.id())
        } else {
            id
        };
        let path = self.new_path(&id);
        write_atomic(&path, session.to_json_string().as_bytes())?;
        Ok(path)
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

/// A session file read and decoded, not scored (its stamp with it).
pub(crate) fn read_decoded(path: &Path) -> Result<(Session, Stamp), StoreError> {
    read_text(path, Session::parse).map(|(s, stamp, _)| (s, stamp))
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

#[cfg(test)]
mod tests {
    use super::*;
    use marque_core::i18n::Lang;

    /// An error is worded once, in the locale files: what it displays (in logs) is its English
    /// words, and a system error is said by its kind, never by the system's text.
    #[test]
    fn an_error_displays_its_english_words() {
        let full = StoreError::Io(std::io::Error::from_raw_os_error(28));
        for e in [
            full,
            StoreError::Changed,
            StoreError::Newer(7),
            StoreError::TooLarge,
        ] {
            let en = e.msg(None).render(Lang::En);
            assert_eq!(e.to_string(), en, "{e:?} displays its English words");
            assert_ne!(e.msg(None).render(Lang::Fr), en, "{e:?} has French words");
        }
        let full = StoreError::Io(std::io::Error::from_raw_os_error(28));
        assert!(
            !full.to_string().contains("os error"),
            "the system's text: {full}"
        );
    }
}
