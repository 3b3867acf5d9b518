//! The data folder watched, once for the whole process: the window and the room's server
//! subscribe to the same watcher. Changes made elsewhere (another machine through Syncthing,
//! another program, `marque add`) are told by the system (inotify, through `notify`) to a
//! thread of the watcher's own, which waits for the folder to be quiet, then tells every
//! subscriber, once per burst. On a timer, not on anyone's redraw, that thread also looks
//! whether the folder at the path is still the one watched (a folder replaced by a link to
//! another is watched anew, and everything is looked at again) and tries again to watch a
//! folder that could not be watched (not made yet).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use notify::Watcher as _;

/// How long the folder must be quiet before subscribers are told: a synced file arrives as a
/// temporary file, then a rename, within a moment; a merge writes a session and moves copies
/// (told again if they come later). Short: a hand reaches the phones within 100 ms.
const QUIET: Duration = Duration::from_millis(40);

/// How often the folder's identity is looked at, and watching tried again where it failed.
const LOOK: Duration = Duration::from_secs(1);

/// What changed in the folder since subscribers were last told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Changed {
    /// The names shared by the machines (`.people.json`) changed too.
    pub people: bool,
}

/// One subscriber: where it is told, and how it is woken.
struct Subscriber {
    tx: Sender<Changed>,
    wake: Box<dyn Fn() + Send>,
}

struct Shared {
    dir: PathBuf,
    subscribers: Mutex<Vec<Subscriber>>,
    watching: AtomicBool,
    stop: AtomicBool,
}

/// The data folder's watcher (its thread ends when it is dropped).
pub struct Watcher {
    shared: Arc<Shared>,
    /// Wakes the thread (to end it).
    poke: Sender<Option<bool>>,
    thread: Option<JoinHandle<()>>,
}

impl Watcher {
    /// Watches `dir` (and its shelves), from a thread of its own.
    pub fn new(dir: &Path) -> Watcher {
        let shared = Arc::new(Shared {
            dir: dir.to_path_buf(),
            subscribers: Mutex::new(Vec::new()),
            watching: AtomicBool::new(false),
            stop: AtomicBool::new(false),
        });
        let (poke, events) = std::sync::mpsc::channel();
        // Watched from now on (the thread takes the watcher over).
        let first = watch(dir, poke.clone());
        shared.watching.store(first.is_some(), Ordering::Relaxed);
        let thread = {
            let (shared, poke) = (shared.clone(), poke.clone());
            std::thread::Builder::new()
                .name("marque-watch".into())
                .spawn(move || run(&shared, &poke, &events, first))
                .ok()
        };
        Watcher {
            shared,
            poke,
            thread,
        }
    }

    /// The folder watched.
    pub fn dir(&self) -> &Path {
        &self.shared.dir
    }

    /// Whether the folder is watched now (else it is tried again every second).
    pub fn watching(&self) -> bool {
        self.shared.watching.load(Ordering::Relaxed)
    }

    /// How many subscribe (the window, the room's server).
    pub fn subscribers(&self) -> usize {
        lock(&self.shared.subscribers).len()
    }

    /// A new subscriber: each change is sent on the receiver, then `wake` is called (from the
    /// watcher's thread: it must be quick).
    pub fn subscribe(&self, wake: impl Fn() + Send + 'static) -> Receiver<Changed> {
        let (tx, rx) = std::sync::mpsc::channel();
        lock(&self.shared.subscribers).push(Subscriber {
            tx,
            wake: Box::new(wake),
        });
        rx
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.poke.send(None).ok();
        if let Some(t) = self.thread.take() {
            t.join().ok();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The watcher's thread: `events` brings what the system told (`Some(people)`), or `None` to
/// look whether to stop.
fn run(
    shared: &Shared,
    poke: &Sender<Option<bool>>,
    events: &Receiver<Option<bool>>,
    first: Option<notify::RecommendedWatcher>,
) {
    let dir = &shared.dir;
    let mut watched = first.as_ref().and_then(|_| identity(dir));
    let mut watcher = first;
    let mut pending: Option<(Instant, bool)> = None;
    let mut looked = Some(Instant::now());
    while !shared.stop.load(Ordering::Relaxed) {
        if looked.is_none_or(|t| t.elapsed() >= LOOK) {
            looked = Some(Instant::now());
            let now = identity(dir);
            // Replaced (moved away and a link to another put there): watched anew, and
            // everything looked at again.
            if watcher.is_some() && now != watched {
                watcher = None;
                pending = Some((Instant::now(), true));
            }
            if watcher.is_none() {
                watcher = watch(dir, poke.clone());
                watched = watcher.as_ref().and(now);
                shared.watching.store(watcher.is_some(), Ordering::Relaxed);
            }
        }
        let wait = match pending {
            Some((at, _)) => QUIET.saturating_sub(at.elapsed()),
            None => LOOK,
        };
        match events.recv_timeout(wait.min(LOOK)) {
            Ok(Some(people)) => {
                let before = pending.is_some_and(|(_, p)| p);
                pending = Some((Instant::now(), people || before));
            }
            Ok(None) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        if let Some((at, people)) = pending
            && at.elapsed() >= QUIET
        {
            pending = None;
            let mut subscribers = lock(&shared.subscribers);
            // One gone (a window closed, sharing stopped) is let go.
            subscribers.retain(|s| s.tx.send(Changed { people }).is_ok());
            for s in subscribers.iter() {
                (s.wake)();
            }
        }
    }
}

/// A watcher of `dir` and its shelves telling `poke`, if the system gives one.
fn watch(dir: &Path, poke: Sender<Option<bool>>) -> Option<notify::RecommendedWatcher> {
    if !dir.is_dir() {
        return None;
    }
    // The system tells whole paths: a folder given as `f` or `./f` is watched as the folder
    // it is, and its events are known as its own.
    let root = dir.canonicalize().ok()?;
    let handler = move |event: notify::Result<notify::Event>| {
        let Ok(event) = event else { return };
        if matches!(event.kind, notify::EventKind::Access(_)) {
            return;
        }
        // No path: the system lost track (its queue overflowed); everything is looked at.
        if !event.paths.is_empty() && !event.paths.iter().any(|p| shared(&root, p)) {
            return;
        }
        let people = event.paths.is_empty() || event.paths.iter().any(|p| people(&root, p));
        // The watcher gone, nobody is left to tell.
        poke.send(Some(people)).ok();
    };
    let mut watcher = notify::recommended_watcher(handler).ok()?;
    let watched = dir.canonicalize().ok()?;
    watcher
        .watch(&watched, notify::RecursiveMode::Recursive)
        .ok()
        .map(|()| watcher)
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
        name == crate::own::PEOPLE_FILE || name.starts_with(".people.sync-conflict-")
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    /// Two subscribers of one watcher are each told of a change, once; a folder replaced by a
    /// link to another is followed within 3 s, nobody asking (no redraw, no event).
    #[test]
    fn every_subscriber_is_told_and_a_replaced_folder_is_followed_unasked() {
        let base = tempfile::tempdir().unwrap();
        let dir = base.path().join("data");
        std::fs::create_dir(&dir).unwrap();
        let w = Watcher::new(&dir);
        let woken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let one = {
            let woken = woken.clone();
            w.subscribe(move || {
                woken.fetch_add(1, Ordering::Relaxed);
            })
        };
        let two = w.subscribe(|| {});
        assert!(w.watching());
        std::fs::write(dir.join("a.json"), "{}").unwrap();
        let wait = Duration::from_secs(3);
        assert_eq!(one.recv_timeout(wait).unwrap(), Changed { people: false });
        assert_eq!(two.recv_timeout(wait).unwrap(), Changed { people: false });
        // Woken right after the change is sent (the watcher's thread may not be there yet).
        let start = Instant::now();
        while woken.load(Ordering::Relaxed) == 0 && start.elapsed() < wait {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            woken.load(Ordering::Relaxed) >= 1,
            "the subscriber was woken"
        );
        // Replaced by a link to another folder.
        let other = base.path().join("other");
        std::fs::create_dir(&other).unwrap();
        std::fs::rename(&dir, base.path().join("old")).unwrap();
        std::os::unix::fs::symlink(&other, &dir).unwrap();
        while one.try_recv().is_ok() {}
        let start = Instant::now();
        let told = one.recv_timeout(wait);
        assert!(
            told.is_ok() && start.elapsed() < wait,
            "not followed within 3 s"
        );
        // Watched there now: a file written in the new folder is told.
        while one.try_recv().is_ok() {}
        std::fs::write(other.join("b.json"), "{}").unwrap();
        assert!(one.recv_timeout(wait).is_ok());
    }

    /// A folder given by a relative path (`marque serve f`) is followed as well: the system
    /// tells whole paths.
    #[test]
    fn a_folder_given_by_a_relative_path_is_followed() {
        let here = std::env::current_dir().unwrap();
        let base = tempfile::tempdir_in(&here).unwrap();
        let relative = base.path().strip_prefix(&here).unwrap().to_path_buf();
        assert!(relative.is_relative());
        let w = Watcher::new(&relative);
        let told = w.subscribe(|| {});
        std::fs::write(base.path().join("a.json"), "{}").unwrap();
        assert!(
            told.recv_timeout(Duration::from_secs(3)).is_ok(),
            "not told"
        );
    }
}
