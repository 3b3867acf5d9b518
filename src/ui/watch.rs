//! The data folder watched for changes made elsewhere (another machine through Syncthing,
//! another program, `marque add`): the system tells a thread of its own (inotify, through
//! `notify`), which wakes the window; the UI thread only looks whether anything came.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use notify::Watcher as _;

/// How long the folder must be quiet before the window looks again: a synced file arrives as
/// a temporary file, then a rename; a merge writes a session and moves copies.
const QUIET: Duration = Duration::from_millis(150);

/// How often a folder that could not be watched is tried again.
const RETRY: Duration = Duration::from_secs(2);

pub struct Watch {
    dir: PathBuf,
    /// None while the folder cannot be watched (not made yet): tried again at each look.
    watcher: Option<notify::RecommendedWatcher>,
    /// Each change that came: whether it was of the shared names (`.people.json`).
    rx: Option<Receiver<bool>>,
    /// The window to wake when something comes (known from its first frame).
    ctx: Arc<Mutex<Option<egui::Context>>>,
    /// Something came at this time and was not looked at yet (and whether the shared names).
    pending: Option<(Instant, bool)>,
    /// When watching was last tried (a folder that cannot be watched is tried again now and
    /// then, not at every frame).
    tried: Option<Instant>,
    /// The folder watched, as the system knows it (device, inode), and when that was last
    /// looked at: a data folder replaced (by a link to another, say) is watched anew.
    watched: Option<(u64, u64)>,
    looked: Option<Instant>,
}

/// What changed in the folder since the window last looked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Changed {
    /// The names shared by the machines (`.people.json`) changed too.
    pub people: bool,
}

impl Watch {
    pub fn new(dir: &Path) -> Watch {
        let mut w = Watch {
            dir: dir.to_path_buf(),
            watcher: None,
            rx: None,
            ctx: Arc::new(Mutex::new(None)),
            pending: None,
            tried: None,
            watched: None,
            looked: None,
        };
        w.start();
        w
    }

    /// Watches the folder and its shelves if it is there and not watched yet.
    fn start(&mut self) {
        if self.watcher.is_some() || self.tried.is_some_and(|t| t.elapsed() < RETRY) {
            return;
        }
        self.tried = Some(Instant::now());
        if !self.dir.is_dir() {
            return;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let ctx = Arc::clone(&self.ctx);
        let dir = self.dir.clone();
        let handler = move |event: notify::Result<notify::Event>| {
            let Ok(event) = event else { return };
            if matches!(event.kind, notify::EventKind::Access(_)) {
                return;
            }
            // No path: the system lost track (its queue overflowed); everything is looked at.
            if !event.paths.is_empty() && !event.paths.iter().any(|p| shared(&dir, p)) {
                return;
            }
            let people = event.paths.is_empty() || event.paths.iter().any(|p| people(&dir, p));
            // The window gone, nobody is left to tell.
            tx.send(people).ok();
            if let Some(ctx) = ctx.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                ctx.request_repaint_after(QUIET);
            }
        };
        let Ok(mut watcher) = notify::recommended_watcher(handler) else {
            return;
        };
        if watcher
            .watch(&self.dir, notify::RecursiveMode::Recursive)
            .is_ok()
        {
            self.watcher = Some(watcher);
            self.rx = Some(rx);
            self.watched = identity(&self.dir);
        }
    }

    /// Now and then (not at every frame), whether the folder watched is still the one at its
    /// path: one replaced (moved away and a link to another put there) is watched anew, and
    /// everything is looked at again.
    fn follow_replaced(&mut self) {
        if self.looked.is_some_and(|t| t.elapsed() < RETRY) {
            return;
        }
        self.looked = Some(Instant::now());
        if self.watcher.is_none() || identity(&self.dir) == self.watched {
            return;
        }
        self.watcher = None;
        self.rx = None;
        self.tried = None;
        self.start();
        self.pending = Some((Instant::now(), true));
    }

    /// What changed in the folder (once it has been quiet since): once per burst.
    pub fn changed(&mut self, ctx: &egui::Context) -> Option<Changed> {
        {
            let mut known = self.ctx.lock().unwrap_or_else(|e| e.into_inner());
            if known.is_none() {
                *known = Some(ctx.clone());
            }
        }
        self.start();
        self.follow_replaced();
        if let Some(rx) = &self.rx {
            loop {
                match rx.try_recv() {
                    Ok(people) => {
                        let before = self.pending.is_some_and(|(_, p)| p);
                        self.pending = Some((Instant::now(), people || before));
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        self.watcher = None;
                        self.rx = None;
                        break;
                    }
                }
            }
        }
        match self.pending {
            Some((at, people)) if at.elapsed() >= QUIET => {
                self.pending = None;
                Some(Changed { people })
            }
            Some((at, _)) => {
                ctx.request_repaint_after(QUIET.saturating_sub(at.elapsed()));
                None
            }
            None => None,
        }
    }

    /// Whether the folder is watched.
    pub fn watching(&self) -> bool {
        self.watcher.is_some()
    }
}

/// A folder as the system knows it, its link followed: device and inode.
fn identity(dir: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(dir).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(dir).ok().map(|_| (0, 0))
    }
}

/// A file people share: not Marque's own files of one machine (hidden: locks, temporaries,
/// the index, preferences) nor Syncthing's (`.stfolder`, its temporary files), but the names
/// merged by hand, which are shared.
fn shared(dir: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(dir) else {
        return false;
    };
    if people(dir, path) {
        return true;
    }
    !rel.as_os_str().is_empty()
        && rel
            .components()
            .all(|c| !c.as_os_str().to_string_lossy().starts_with('.'))
}

/// The names shared by the machines, or a conflict copy of them another machine left.
fn people(dir: &Path, path: &Path) -> bool {
    path.strip_prefix(dir).is_ok_and(|rel| {
        let name = rel.to_string_lossy();
        name == crate::store::PEOPLE_FILE || name.starts_with(".people.sync-conflict-")
    })
}
