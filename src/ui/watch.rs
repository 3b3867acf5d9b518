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

pub struct Watch {
    dir: PathBuf,
    /// None while the folder cannot be watched (not made yet): tried again at each look.
    watcher: Option<notify::RecommendedWatcher>,
    rx: Option<Receiver<()>>,
    /// The window to wake when something comes (known from its first frame).
    ctx: Arc<Mutex<Option<egui::Context>>>,
    /// Something came at this time and was not looked at yet.
    pending: Option<Instant>,
}

impl Watch {
    pub fn new(dir: &Path) -> Watch {
        let mut w = Watch {
            dir: dir.to_path_buf(),
            watcher: None,
            rx: None,
            ctx: Arc::new(Mutex::new(None)),
            pending: None,
        };
        w.start();
        w
    }

    /// Watches the folder and its shelves if it is there and not watched yet.
    fn start(&mut self) {
        if self.watcher.is_some() || !self.dir.is_dir() {
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
            if !event.paths.iter().any(|p| shared(&dir, p)) {
                return;
            }
            // The window gone, nobody is left to tell.
            tx.send(()).ok();
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
        }
    }

    /// Whether files of the folder changed (and have been quiet since): true once per burst.
    pub fn changed(&mut self, ctx: &egui::Context) -> bool {
        {
            let mut known = self.ctx.lock().unwrap_or_else(|e| e.into_inner());
            if known.is_none() {
                *known = Some(ctx.clone());
            }
        }
        self.start();
        if let Some(rx) = &self.rx {
            loop {
                match rx.try_recv() {
                    Ok(()) => self.pending = Some(Instant::now()),
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
            Some(at) if at.elapsed() >= QUIET => {
                self.pending = None;
                true
            }
            Some(at) => {
                ctx.request_repaint_after(QUIET.saturating_sub(at.elapsed()));
                false
            }
            None => false,
        }
    }

    /// Whether the folder is watched.
    pub fn watching(&self) -> bool {
        self.watcher.is_some()
    }
}

/// A file people share: not Marque's own files of one machine (hidden: locks, temporaries,
/// the index, preferences) nor Syncthing's (`.stfolder`, its temporary files), but the names
/// merged by hand, which are shared.
fn shared(dir: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(dir) else {
        return false;
    };
    if rel == Path::new(crate::store::PEOPLE_FILE) {
        return true;
    }
    !rel.as_os_str().is_empty()
        && rel
            .components()
            .all(|c| !c.as_os_str().to_string_lossy().starts_with('.'))
}
