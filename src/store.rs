//! Session files on disk: the data folder, atomic saves, locks between windows, damaged files.
//!
//! - A save writes a temporary file in the same folder, syncs it, renames it over the session
//!   file and syncs the folder: a crash leaves either the old complete file or the new one.
//! - A file that does not read as a session (damaged) or that a newer Marque wrote is never
//!   overwritten: [`Store::save`] refuses it.
//! - A session open for writing holds an advisory lock on `.NAME.lock` beside it. The OS drops
//!   the lock when the process ends, however it ends, so a lock left by a crash is taken over.
//! - A save writes only over the file that was read: its size and modification time are
//!   compared just before (a [`Stamp`]); a file changed since is never overwritten.
//! - [`Store::list`] keeps a summary of every session file in `.index.json`, keyed by each
//!   file's size and modification time, so that only files that changed are read again.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use marque_core::msg;

use crate::session::{Facts, Problem, Replay, Session, Sheet, Splice};

/// Why a session file cannot be used.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file does not read as a session: the problems, as `marque score` prints them.
    #[error("damaged")]
    Damaged(Vec<Problem>),
    /// A newer Marque wrote this file.
    #[error("newer version {0}")]
    Newer(u64),
    /// Another window or process holds the lock; its note (pid and time) if readable.
    #[error("locked")]
    Locked(String),
    /// The file changed on disk since it was read: it is not overwritten.
    #[error("changed on disk")]
    Changed,
    /// Writing failed (the disk full, the folder read-only, no permission, a name too long…).
    #[error("{0}")]
    Write(std::io::Error),
    /// The file has no write permission: Marque does not write it.
    #[error("read-only")]
    ReadOnly,
    /// A file is already there: Marque does not write over it.
    #[error("exists")]
    Exists(PathBuf),
    /// The file is not a Marque backup.
    #[error("not a backup")]
    NotBackup(PathBuf),
    /// The lock could not be taken (its folder cannot be made, a lock file that is no file).
    #[error("lock: {0}")]
    Lock(std::io::Error),
    /// The session would grow past what Marque reads ([`MAX_SESSION_BYTES`]).
    #[error("too large")]
    TooLarge,
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
pub fn session_over(game: crate::games::GameKind, finished: bool, closed: bool) -> bool {
    closed || (finished && !game.goes_on())
}

/// What statistics need of each session that reads (damaged and newer files count nowhere).
pub fn played(listed: &[Listed]) -> impl Iterator<Item = marque_core::stats::Played<'_>> {
    // A session reached by two names (a link beside its file, two links to one file) is one
    // evening: counted once.
    let mut seen = std::collections::HashSet::new();
    listed.iter().filter_map(move |l| match &l.state {
        FileState::Fine(_)
            if l.stamp.inode != 0
                && !seen.insert((l.stamp.inode, l.stamp.size, l.stamp.modified)) =>
        {
            None
        }
        FileState::Fine(s) => Some(marque_core::stats::Played {
            game: s.game,
            players: &s.players,
            finished: s.finished,
            winners: &s.winners,
            figures: &s.figures,
        }),
        _ => None,
    })
}

/// The `format` of a backup file.
pub const BACKUP_FORMAT: &str = "marque-backup";

/// What the home screen, `marque check` and statistics need of a session file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub game: crate::games::GameKind,
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
    /// Each player's figures for statistics, by seat.
    #[serde(default)]
    pub figures: Vec<marque_core::games::Tally>,
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
        Summary {
            game: session.game,
            id: session.id.clone(),
            created: session.created.clone(),
            players: session.players.clone(),
            hands: session.hands.len(),
            totals: sheet.totals.clone(),
            finished: sheet.finished,
            natural_end: sheet.natural_end,
            closed: session.closed,
            winners: sheet.winners.clone(),
            title: session.text_field("title"),
            figures: sheet.figures(&session.hands),
        }
    }

    /// The summary of a session read for its facts only.
    fn of_facts(f: Facts) -> Summary {
        Summary {
            game: f.game,
            id: f.id,
            created: f.created,
            players: f.players,
            hands: f.hands,
            totals: f.end.totals,
            finished: f.end.finished,
            natural_end: f.end.natural_end,
            closed: f.closed,
            winners: f.end.winners,
            figures: f.end.figures,
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
        let Ok(rd) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let index_path = self.dir.join(INDEX);
        // The index only saves work: one that is no regular file, too large or damaged is made
        // again from the files.
        let mut old: Index = read_file(&index_path, MAX_INDEX_BYTES)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .filter(|i: &Index| i.version == index_version())
            .unwrap_or_default();
        let mut changed = false;
        let mut entries = 0;
        // One buffer for every file read: its memory serves the next file.
        let mut bytes = Vec::new();
        let mut out = Vec::new();
        for e in rd.filter_map(|e| e.ok()) {
            let file_name = e.file_name();
            let name = file_name.to_string_lossy();
            if name.starts_with('.') || !name.ends_with(".json") {
                continue;
            }
            // A name that is not UTF-8 is listed, but kept out of the index (its keys are text).
            let indexable = file_name.to_str().is_some();
            let path = e.path();
            // The entry's own metadata is read relative to the open folder; a link is followed.
            let meta = match e.file_type() {
                Ok(t) if !t.is_symlink() => e.metadata(),
                _ => fs::metadata(&path),
            };
            // What is named like a session but cannot be one (a FIFO, a device, a link to
            // nothing or to itself) is listed as damaged, with why: never silently left out.
            // A folder so named is no file of the user's.
            let odd = match &meta {
                Ok(m) if m.is_file() => None,
                Ok(m) if m.is_dir() => continue,
                Ok(_) => Some(marque_core::i18n::Msg::new("file.not_regular")),
                Err(e) => Some(msg!("ui.io_error", error = e.to_string())),
            };
            if let Some(why) = odd {
                let problem = Problem::file(msg!(
                    "file.unreadable",
                    path = path.display().to_string(),
                    error = why
                ));
                out.push(Listed {
                    path,
                    state: FileState::Damaged(vec![problem]),
                    modified: None,
                    stamp: Stamp {
                        size: 0,
                        modified: 0,
                        inode: 0,
                        changed: 0,
                    },
                });
                continue;
            }
            let Ok(meta) = meta else {
                continue;
            };
            let stamp = Stamp::of(&meta);
            let cached = if indexable {
                old.files.remove(&*name)
            } else {
                None
            };
            let indexed = cached.is_some();
            let state = match cached.filter(|c| c.stamp == stamp) {
                Some(cached) => cached.state.into_state(),
                None => {
                    let state = match summarize_listed(&path, stamp.size, &mut bytes) {
                        Ok(summary) => FileState::Fine(Box::new(summary)),
                        Err(StoreError::Newer(v)) => FileState::Newer(v),
                        Err(StoreError::Damaged(p)) => FileState::Damaged(p),
                        Err(e) => FileState::Damaged(vec![Problem::file(msg!(
                            "file.unreadable",
                            path = path.display().to_string(),
                            error = e.to_string()
                        ))]),
                    };
                    // A damaged file is not kept in the index: one that was not there before
                    // changes nothing.
                    changed |= indexed || !matches!(state, FileState::Damaged(_));
                    state
                }
            };
            entries += usize::from(!matches!(state, FileState::Damaged(_)));
            out.push(Listed {
                path,
                state,
                modified: meta.modified().ok(),
                stamp,
            });
        }
        // Entries left in the old index are files that are gone.
        changed |= !old.files.is_empty() || old.version != index_version();
        if changed && let Ok(text) = IndexOut::write(&out, entries) {
            // The index only saves work: a folder that cannot be written is read in full, and
            // an index lost in a crash is made again (so it is renamed into place, never half
            // written, but not synced to the disk).
            let _ = replace_file(&index_path, &text, false, None);
        }
        // Newest first; the paths are all in this folder, so their bytes order them.
        out.sort_unstable_by(|a, b| {
            b.modified
                .cmp(&a.modified)
                .then_with(|| a.path.as_os_str().cmp(b.path.as_os_str()))
        });
        out
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
        let _lock = Lock::acquire(path)?;
        let dir = self.shelf_dir(to);
        fs::create_dir_all(&dir)?;
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
                    Ok(()) => {
                        fs::remove_file(path)?;
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(StoreError::Write(e)),
                }
            } else if fs::symlink_metadata(&dest).is_err() {
                match fs::hard_link(path, &dest) {
                    Ok(()) => {
                        fs::remove_file(path)?;
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
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

    /// See [`crate::backup::backup`].
    pub fn backup(&self, out: &Path) -> Result<crate::backup::Backup, StoreError> {
        crate::backup::backup(&self.dir, out)
    }

    /// See [`crate::backup::restore`].
    pub fn restore(&self, from: &Path) -> Result<crate::backup::Restore, StoreError> {
        crate::backup::restore(&self.dir, from)
    }

    /// Moves a damaged file into `damaged/` beside it (never over another file); returns where.
    pub fn move_aside(&self, path: &Path) -> std::io::Result<PathBuf> {
        let dir = self.dir.join("damaged");
        fs::create_dir_all(&dir)?;
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
        if let Some(p) = crate::session::control_in_names(&session.players) {
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
        let _ = (target, link);
        Err(std::io::Error::other("no symbolic links here"))
    }
}

/// The session index's file, in the data folder.
pub const INDEX: &str = ".index.json";
/// The layout of the index's entries: a change to [`Summary`] moves it.
const INDEX_LAYOUT: u32 = 6;

/// The index's version: its layout, and the figures each game counts (their names in order,
/// and how they are counted, [`marque_core::games::TALLY_VERSION`]), so that an index made
/// when the figures were others is made again rather than read out of step.
fn index_version() -> u32 {
    static VERSION: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *VERSION.get_or_init(|| {
        // FNV-1a: the same on every run and machine (std's hasher is seeded at random).
        let mut h: u32 = 0x811c_9dc5;
        let mut eat = |bytes: &[u8]| {
            for b in bytes {
                h = (h ^ u32::from(*b)).wrapping_mul(0x0100_0193);
            }
        };
        eat(&INDEX_LAYOUT.to_le_bytes());
        eat(&marque_core::games::TALLY_VERSION.to_le_bytes());
        for g in crate::games::GameKind::ALL {
            eat(g.id().as_bytes());
            for name in g.sums().iter().chain(g.bests()) {
                eat(b"/");
                eat(name.as_bytes());
            }
        }
        h
    })
}

#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct Index {
    version: u32,
    files: BTreeMap<String, IndexEntry>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct IndexEntry {
    stamp: Stamp,
    state: Cached,
}

/// The index written from the listed files, borrowing their summaries (the same JSON as
/// [`Index`]).
#[derive(serde::Serialize)]
struct IndexOut<'a> {
    version: u32,
    files: BTreeMap<&'a str, IndexEntryOut<'a>>,
}

#[derive(serde::Serialize)]
struct IndexEntryOut<'a> {
    stamp: Stamp,
    state: CachedOut<'a>,
}

#[derive(serde::Serialize)]
enum CachedOut<'a> {
    Fine(&'a Summary),
    Newer(u64),
}

impl IndexOut<'_> {
    /// The index of these files (damaged ones are read again each time: not kept).
    fn write(listed: &[Listed], entries: usize) -> serde_json::Result<Vec<u8>> {
        let mut files = BTreeMap::new();
        for l in listed {
            let state = match &l.state {
                FileState::Fine(s) => CachedOut::Fine(s),
                FileState::Newer(v) => CachedOut::Newer(*v),
                FileState::Damaged(_) => continue,
            };
            let Some(name) = l.path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            files.insert(
                name,
                IndexEntryOut {
                    stamp: l.stamp,
                    state,
                },
            );
        }
        let mut text = Vec::with_capacity(entries * 256);
        serde_json::to_writer(
            &mut text,
            &IndexOut {
                version: index_version(),
                files,
            },
        )?;
        Ok(text)
    }
}

/// What the index keeps of a file: its summary, or the version of a newer file. A damaged
/// file is read again each time (its problems are messages in the reader's language).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
enum Cached {
    Fine(Summary),
    Newer(u64),
}

impl Cached {
    fn into_state(self) -> FileState {
        match self {
            Cached::Fine(s) => FileState::Fine(Box::new(s)),
            Cached::Newer(v) => FileState::Newer(v),
        }
    }
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

/// Reads a session file once: decoded, scored, and stamped; tells a newer version from a
/// damaged file.
pub fn read_session(path: &Path) -> Result<Loaded, StoreError> {
    let (session, stamp) = read_decoded(path)?;
    let sheet = session.score().map_err(StoreError::Damaged)?;
    Ok(Loaded {
        session,
        sheet,
        stamp,
    })
}

/// Reads a session file to add hands at its end: decoded, every hand played once, without the
/// score sheet (the game after the last hand is all that is kept).
pub fn read_for_append(path: &Path) -> Result<Appending, StoreError> {
    let ((session, splice), stamp, text) = read_text(path, Session::parse_to_append)?;
    // Only the game after the last hand is kept, to check what is added: no lines.
    let mut replay = Replay::new(&session.options, &session.players).quiet();
    replay
        .play_from(&session.hands, 0)
        .map_err(StoreError::Damaged)?;
    Ok(Appending {
        hands: session.hands.len(),
        log: session.log.len(),
        closed: session.closed,
        session,
        replay,
        stamp,
        text,
        splice,
    })
}

/// A session read to have hands added at its end: the game after its last hand, and the text
/// read, which the save keeps as it is but for what was added.
pub struct Appending {
    pub session: Session,
    pub replay: Replay,
    pub stamp: Stamp,
    text: String,
    /// Where a save changes the text, when its reading found it.
    splice: Option<Splice>,
    /// What the text holds: its hands, its log entries, whether it is closed.
    hands: usize,
    log: usize,
    closed: bool,
}

impl Appending {
    /// Saves the hands and log entries added since it was read, into the text as it was read
    /// (nothing else is rewritten: the file stays as its writer laid it out).
    pub fn save(&self, path: &Path, lock: &Lock) -> Result<Stamp, StoreError> {
        let text = match self.spliced() {
            Some(t) => t,
            None => self.whole()?,
        };
        // The command line may wait for a writer that took the lock meanwhile.
        save_text(path, text.as_bytes(), self.stamp, lock, RETAKE_WAIT)
    }

    /// The whole session written anew: the text read, read again keeping every hand's text (the
    /// fields Marque does not know), with what was added.
    fn whole(&self) -> Result<String, StoreError> {
        let mut s = Session::parse(&self.text).map_err(StoreError::Damaged)?;
        s.hands
            .extend(self.session.hands[self.hands..].iter().cloned());
        s.log.extend(self.session.log[self.log..].iter().cloned());
        // Another tool's "log" of another shape went aside when this add logged.
        s.extra = self.session.extra.clone();
        s.closed = self.session.closed;
        Ok(s.to_json_string())
    }

    /// The text read with the new hands and log entries put at the ends of their lists; `None`
    /// where the text is not as expected (then the whole session is written instead).
    fn spliced(&self) -> Option<String> {
        let splice = match &self.splice {
            Some(s) => s.clone(),
            None => Splice::scan(&self.text)?,
        };
        let new_hands: Vec<String> = self.session.hands[self.hands..]
            .iter()
            .map(|h| h.raw().get().to_string())
            .collect();
        let new_log: Vec<&str> = self.session.log[self.log..]
            .iter()
            .map(|r| r.get())
            .collect();
        // Edits, in the text's order, from its end: (where, what to put there). New hands go
        // after the last one (or just inside an empty list's `[`).
        let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
        let at = self.text.get(..splice.hands_end)?.trim_end().len();
        edits.push((at..at, join(&new_hands, self.hands == 0)));
        if !new_log.is_empty() {
            match &splice.log {
                Some(r) => {
                    let empty = self.log == 0;
                    edits.push((
                        insert_point(&self.text, r.clone(), empty)?,
                        join(&new_log, empty),
                    ));
                }
                None => {
                    let end = self.text.trim_end().len();
                    let close = end
                        .checked_sub(1)
                        .filter(|&i| self.text.as_bytes()[i] == b'}')?;
                    let at = self.text[..close].trim_end().len();
                    edits.push((at..at, format!(",\n  \"log\": [{}]", join(&new_log, true))));
                }
            }
        }
        if self.closed != self.session.closed {
            edits.push((splice.closed.clone()?, self.session.closed.to_string()));
        }
        edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        let mut out = self.text.clone();
        for (r, put) in edits {
            out.replace_range(r, &put);
        }
        Some(out)
    }
}

/// Where new elements go in a JSON list's text `list`: after its last element (before the
/// white space and the closing bracket).
fn insert_point(
    text: &str,
    list: std::ops::Range<usize>,
    empty: bool,
) -> Option<std::ops::Range<usize>> {
    let inner = &text[list.clone()];
    if !inner.starts_with('[') || !inner.ends_with(']') {
        return None;
    }
    let at = if empty {
        list.start + 1
    } else {
        list.start + inner[..inner.len() - 1].trim_end().len()
    };
    Some(at..at)
}

/// New list elements as Marque lays them out, one a line.
fn join<S: AsRef<str>>(items: &[S], first: bool) -> String {
    let mut out = String::new();
    for (k, item) in items.iter().enumerate() {
        out.push_str(if first && k == 0 { "\n    " } else { ",\n    " });
        out.push_str(item.as_ref());
    }
    if first {
        out.push_str("\n  ");
    }
    out
}

/// Reads a session file for its summary only: its hands are read to be played, not kept as
/// written, and no score sheet is made.
pub fn summarize(path: &Path) -> Result<Summary, StoreError> {
    let mut bytes = Vec::new();
    read_bytes(path, &mut bytes)?;
    summary_of(&bytes)
}

/// [`summarize`] of a file listed with `size` bytes: read in one call, since the listing said
/// what it is (its stamp is the listing's; a file changed since is read again at the next
/// listing, its stamp being another).
fn summarize_listed(path: &Path, size: u64, bytes: &mut Vec<u8>) -> Result<Summary, StoreError> {
    if size > MAX_SESSION_BYTES {
        return Err(too_large(MAX_SESSION_BYTES));
    }
    let file = open_to_read(path)?;
    bytes.clear();
    // `size` bytes, and no more: the read that would find the end of the file is spared.
    let want = usize::try_from(size).unwrap_or(0);
    bytes.reserve(want);
    file.take(size).read_to_end(bytes)?;
    summary_of(bytes)
}

/// The summary of a session file's bytes.
fn summary_of(bytes: &[u8]) -> Result<Summary, StoreError> {
    let text = std::str::from_utf8(bytes).map_err(not_utf8)?;
    parse_with(text, Session::facts).map(Summary::of_facts)
}

fn read_decoded(path: &Path) -> Result<(Session, Stamp), StoreError> {
    read_text(path, Session::parse).map(|(s, stamp, _)| (s, stamp))
}

/// The largest session file Marque reads: far more than any evening (a 10,000-hand session is a
/// few megabytes), far less than what would exhaust memory.
pub const MAX_SESSION_BYTES: u64 = 64 << 20;

/// Opens a file to read without waiting on it (a FIFO given as a session never blocks) and only
/// if it is a regular file.
pub fn open_regular(path: &Path) -> std::io::Result<(File, fs::Metadata)> {
    let file = open_to_read(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok((file, meta))
}

/// Opens a file to read without waiting on it: a FIFO never blocks the open.
fn open_to_read(path: &Path) -> std::io::Result<File> {
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

/// The largest index, preferences file and backup Marque reads.
pub const MAX_INDEX_BYTES: u64 = 64 << 20;
pub const MAX_PREFS_BYTES: u64 = 1 << 20;
pub const MAX_BACKUP_BYTES: u64 = 1 << 30;

/// Reads at most `limit` bytes; past it, the problem to report.
pub fn read_capped(r: impl Read, limit: u64) -> Result<Vec<u8>, StoreError> {
    let mut bytes = Vec::new();
    read_capped_into(r, limit, &mut bytes)?;
    Ok(bytes)
}

/// [`read_capped`] into `bytes` (emptied first), which keeps its memory from one file to the
/// next. `bytes` is sized from the file's length when it is known, so that a file is read in
/// one call and one allocation.
fn read_capped_into(mut r: impl Read, limit: u64, bytes: &mut Vec<u8>) -> Result<(), StoreError> {
    bytes.clear();
    r.by_ref().take(limit + 1).read_to_end(bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(())
}

/// A file over `limit` bytes: what Marque says of it.
fn too_large(limit: u64) -> StoreError {
    StoreError::Damaged(vec![Problem::file(msg!(
        "file.too_large",
        limit = limit >> 20
    ))])
}

/// Reads a session file with `parse`: the session, the stamp of what was read, and its text.
fn read_text<T>(
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
fn read_bytes(path: &Path, bytes: &mut Vec<u8>) -> Result<Stamp, StoreError> {
    let (file, meta) = open_regular(path)?;
    bytes.clear();
    bytes.reserve(usize::try_from(meta.len().min(MAX_SESSION_BYTES)).unwrap_or(0) + 1);
    read_capped_into(file, MAX_SESSION_BYTES, bytes)?;
    Ok(Stamp::of(&meta))
}

fn not_utf8(e: std::str::Utf8Error) -> StoreError {
    // Where (counted from 1, as people count), in the reader's language (the error's own
    // text is English).
    StoreError::Damaged(vec![Problem::file(msg!(
        "file.not_utf8",
        offset = e.valid_up_to() as i64 + 1
    ))])
}

/// `parse` of a file's text, telling a newer version from a damaged file.
fn parse_with<T>(text: &str, parse: fn(&str) -> Result<T, Vec<Problem>>) -> Result<T, StoreError> {
    parse(text).map_err(|p| match newer_version(&p) {
        Some(v) => StoreError::Newer(v),
        None => StoreError::Damaged(p),
    })
}

/// The version of a file refused because a newer Marque wrote it.
fn newer_version(problems: &[Problem]) -> Option<u64> {
    match problems {
        [p] if p.msg.key == "file.newer" => p.msg.args.iter().find_map(|(n, a)| match a {
            marque_core::i18n::Arg::Int(v) if *n == "version" => u64::try_from(*v).ok(),
            marque_core::i18n::Arg::Text(t) if *n == "version" => t.parse().ok(),
            _ => None,
        }),
        _ => None,
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
    msg!(key, path = path, error = e.to_string())
}

/// A lock that could not be taken, naming that step: the lock's folder or file, and why.
pub fn lock_problem(path: &str, e: &std::io::Error) -> marque_core::i18n::Msg {
    if e.kind() == std::io::ErrorKind::InvalidInput {
        return msg!("store.own_folder", path = path);
    }
    msg!("store.lock_failed", path = path, error = e.to_string())
}

/// A write refused because a file appeared at `path`, said as such; any other error as it is.
pub fn exists_or(e: std::io::Error, path: &Path) -> StoreError {
    if e.kind() == std::io::ErrorKind::AlreadyExists {
        StoreError::Exists(path.to_path_buf())
    } else {
        StoreError::Write(e)
    }
}

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
    match replace_file_as(path, bytes, true, None, true, None) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists && !path.exists() => {
            let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
            let written = f.write_all(bytes).and_then(|()| f.sync_all());
            if written.is_err() {
                drop(f);
                let _ = fs::remove_file(path);
            }
            written
        }
        other => other,
    }
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`; with `sync`, the
/// data and the rename reach the disk before it returns.
fn replace_file(
    path: &Path,
    bytes: &[u8],
    sync: bool,
    keep: Option<&fs::Metadata>,
) -> std::io::Result<()> {
    replace_file_as(path, bytes, sync, keep, false, None)
}

/// [`replace_file`], or with `new_only` [`write_new`]'s linking in place.
fn replace_file_as(
    path: &Path,
    bytes: &[u8],
    sync: bool,
    keep: Option<&fs::Metadata>,
    new_only: bool,
    check: Option<&mut dyn FnMut() -> std::io::Result<()>>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let (tmp_dir, prefix) = temporaries(path);
    own_folder(&tmp_dir)?;
    // Process and a count: two threads of one process (two listings of the folder) never
    // share a temporary file.
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = tmp_dir.join(format!("{prefix}{}-{n}.tmp", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        if let Some(meta) = keep {
            f.set_permissions(meta.permissions())?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                // Only a privileged process may give a file away: otherwise it stays ours.
                let _ = std::os::unix::fs::fchown(&f, Some(meta.uid()), Some(meta.gid()));
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
            let _ = fs::remove_file(&tmp);
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
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

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
const RETAKE_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Why a lock could not be taken.
enum Take {
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

    /// Makes sure the lock is still held: the lock file on disk is the one locked. If a cleaner
    /// deleted it, the lock is taken again (waiting for a writer that took the new file in the
    /// meantime); the caller must then check the session has not changed since it was read.
    pub fn hold(&self) -> Result<(), StoreError> {
        self.hold_within(RETAKE_WAIT)
    }

    /// [`Lock::hold`], waiting at most `wait` for another writer (none at all inside a step
    /// that holds the folder: that writer may be waiting for the folder).
    fn hold_within(&self, wait: std::time::Duration) -> Result<(), StoreError> {
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
fn same_file(file: &File, path: &Path) -> bool {
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
        let _ = file;
        path.exists()
    }
}

/// Opens and locks the lock file at `path`, as it is on disk once locked: the file and the
/// note of a previous holder that crashed.
fn take(path: &Path) -> Result<(File, String), Take> {
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
            return Err(failed(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "the lock file is not a regular file",
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
    Err(failed(std::io::Error::other(
        "the lock file kept vanishing as it was taken",
    )))
}

/// Makes Marque's own hidden folder `dir` (locks, temporaries) if it is not there, and checks
/// it is a folder of its own: a symbolic link there (to a folder elsewhere, or to nothing) or a
/// file is refused, never followed.
pub fn own_folder(dir: &Path) -> std::io::Result<()> {
    match fs::create_dir(dir) {
        Ok(()) => return Ok(()),
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
        Err(_) => {}
    }
    match fs::symlink_metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(m) if m.file_type().is_symlink() => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} is a symbolic link: Marque does not follow it",
                dir.display()
            ),
        )),
        Ok(_) => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is a file, not a folder", dir.display()),
        )),
        Err(e) => Err(e),
    }
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
fn sweep_temporaries(session_path: &Path) {
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
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // Signal 0 checks the process is there without touching it; EPERM: there, not ours.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Where the temporary files of a save of `path` go, and how their names start: a hidden folder
/// beside the file (a listing of it stays short however many sessions there are), and a hash of
/// the file's name (a name of any length gives a short one, never the start of another's).
fn temporaries(path: &Path) -> (PathBuf, String) {
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

/// The lock file of a session: in a hidden folder beside it (the locks do not pile up among
/// the sessions), named by a hash of the session's name (any name gives a short one).
pub fn lock_path(session_path: &Path) -> PathBuf {
    let (_, hash) = temporaries(session_path);
    hidden_dir(session_path, LOCKS).join(format!("{hash}lock"))
}

/// The hidden folder of lock files, beside the session files.
pub const LOCKS: &str = ".marque-locks";

fn hidden_dir(path: &Path, name: &str) -> PathBuf {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join(name)
}

/// Saves a session over its file, holding `lock`, if the file is still the one read (`stamp`);
/// returns the stamp of what was written.
pub fn save(
    path: &Path,
    session: &Session,
    stamp: Stamp,
    lock: &Lock,
) -> Result<Stamp, StoreError> {
    // The app saves on its UI thread: a writer that took the lock meanwhile (a cleaner deleted
    // this one's) is not waited for; the save is refused as locked, in words.
    save_text(
        path,
        session.to_json_string().as_bytes(),
        stamp,
        lock,
        std::time::Duration::ZERO,
    )
}

/// Writes a session's text over its file, under the conditions of [`save`].
fn save_text(
    path: &Path,
    text: &[u8],
    stamp: Stamp,
    lock: &Lock,
    wait: std::time::Duration,
) -> Result<Stamp, StoreError> {
    // Never a file Marque would refuse to read back.
    if text.len() as u64 > MAX_SESSION_BYTES {
        return Err(StoreError::TooLarge);
    }
    // A session that is a symbolic link is written through to its target: the link stays.
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(StoreError::Io)?,
        _ => path.to_path_buf(),
    };
    // The file as it is now must be the one read, under a lock still held: checked before the
    // new text is written, and again just before it is renamed into place.
    let check = |wait: std::time::Duration| -> Result<Option<fs::Metadata>, StoreError> {
        lock.hold_within(wait)?;
        match fs::metadata(&target) {
            Ok(meta) if Stamp::of(&meta) != stamp => Err(StoreError::Changed),
            Ok(meta) if meta.permissions().readonly() => Err(StoreError::ReadOnly),
            Ok(meta) => Ok(Some(meta)),
            // A file deleted under the writer is written again: nothing of it can be lost.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::Io(e)),
        }
    };
    let kept = check(wait)?;
    let mut refused = None;
    // Just before the rename the folder is held: another writer is not waited for there (it
    // may wait for the folder); the caller tries again.
    let last = std::time::Duration::ZERO;
    let written = replace_file_checked(&target, text, kept.as_ref(), &mut || match check(last) {
        Ok(_) => Ok(()),
        Err(e) => {
            refused = Some(e);
            Err(std::io::Error::other("refused"))
        }
    });
    match (written, refused) {
        (Ok(()), _) => Ok(Stamp::of_path(&target).map_err(StoreError::Io)?),
        (Err(_), Some(e)) => Err(e),
        (Err(e), None) => Err(StoreError::Write(e)),
    }
}

/// [`write_atomic`], the new file taking the permissions and, where the process may, the owner
/// of the one it replaces (a private session stays private), and `check` called just before the
/// rename: an error from it leaves the file as it was.
fn replace_file_checked(
    path: &Path,
    bytes: &[u8],
    old: Option<&fs::Metadata>,
    check: &mut dyn FnMut() -> std::io::Result<()>,
) -> std::io::Result<()> {
    replace_file_as(path, bytes, true, old, false, Some(check))
}

/// Saves a brand-new session at a fresh path, taking its lock.
pub fn create(store: &Store, session: &Session) -> Result<(PathBuf, Lock), StoreError> {
    fs::create_dir_all(&store.dir)?;
    let path = store.new_path(session.id.as_deref().unwrap_or("session"));
    let lock = Lock::acquire(&path)?;
    write_atomic(&path, session.to_json_string().as_bytes())?;
    Ok((path, lock))
}
