//! Following sessions live: each followed session read again when its file changes (the folder's
//! one watcher tells), and what changed sent to every page that follows it, as a server-sent
//! event. A page that comes is sent the sheet once (its last rows); then each change as what
//! changed: the rows new or changed, the parts above and below them that changed, the totals
//! and the news. The hub keeps one parsed copy of each followed session and, by language, a
//! fingerprint of each part its pages were sent: memory and bytes grow with the change, not
//! with the session.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use hyper::body::Frame;
use tokio::sync::mpsc::{Receiver, Sender};

use super::pages::{self, Base};
use marque_core::i18n::Lang;
use marque_store::{FileState, Store};

/// An event as sent, shared by every page that receives it.
pub type Event = Bytes;

/// How many events may wait for a page that reads slowly; past them it is let go (it
/// reconnects and catches up).
const QUEUE: usize = 8;

/// A page following a session.
struct Page {
    lang: Lang,
    tx: Sender<Event>,
}

/// What the pages of one language were last sent, as fingerprints of each part.
struct Known {
    lang: Lang,
    rows: Vec<u64>,
    /// The head, the table's head, its foot, the wheel, the log.
    parts: [u64; 5],
}

/// A session followed: its file, the file's stamp when last read (and whether it read then),
/// its pages, what they were sent. Nothing of the session itself is kept between changes: a
/// long session read for a change is let go once the change is sent.
struct Followed {
    path: PathBuf,
    stamp: Option<(u64, std::time::SystemTime)>,
    read: bool,
    pages: Vec<Page>,
    known: Vec<Known>,
    /// What a page that comes is sent first, by language, while the file does not change.
    first: Vec<(Lang, Event)>,
}

fn fingerprint(text: &str) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut h = std::hash::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl Known {
    /// What differs from `parts` (which the pages now get), as a change event's fields; the
    /// fingerprints follow.
    fn change(&mut self, parts: &pages::Parts) -> serde_json::Map<String, serde_json::Value> {
        let mut out = serde_json::Map::new();
        let mut rows = Vec::new();
        let mut now = Vec::with_capacity(parts.rows.len());
        for (i, r) in parts.rows.iter().enumerate() {
            let f = fingerprint(r);
            if self.rows.get(i) != Some(&f) {
                rows.push(serde_json::json!([i, r]));
            }
            now.push(f);
        }
        self.rows = now;
        out.insert("rows".into(), rows.into());
        out.insert("count".into(), parts.rows.len().into());
        let named = [
            ("head", &parts.head),
            ("cols", &parts.cols),
            ("foot", &parts.foot),
            ("wheel", &parts.wheel),
            ("log", &parts.log),
        ];
        for (k, (name, text)) in named.into_iter().enumerate() {
            let f = fingerprint(text);
            if self.parts[k] != f {
                self.parts[k] = f;
                out.insert(name.into(), text.as_str().into());
            }
        }
        out
    }

    fn of(lang: Lang, parts: &pages::Parts) -> Known {
        let mut k = Known {
            lang,
            rows: Vec::new(),
            parts: [0; 5],
        };
        k.change(parts);
        k
    }
}

/// The folder's listing as last made, and whether it is being made again.
#[derive(Default)]
struct Listed {
    last: Option<Arc<super::pages::Listing>>,
    /// The folder changed since `last` was made.
    stale: bool,
    /// A thread is listing it again.
    listing: bool,
}

fn lock(listed: &Mutex<Listed>) -> std::sync::MutexGuard<'_, Listed> {
    listed.lock().unwrap_or_else(|e| e.into_inner())
}

/// The folder listed now (without writing its index).
fn list_now(folder: &Path) -> super::pages::Listing {
    let store = Store::new(folder.to_path_buf());
    let people = marque_store::people::People::read(&store).people.stats();
    // Rated as statistics count: the archived sessions too (never served).
    let counted = store.list_rated(&people, false);
    let mut listed = counted.sessions;
    listed.retain(|l| own_file(&l.path));
    super::pages::Listing {
        listed,
        people,
        ratings: counted.ratings,
        evenings: super::evening::evenings(folder),
    }
}

/// The folder changed: listed again on a thread of its own (once for a burst of changes, again
/// for a change that came while it was listed), the last listing served meanwhile; where no
/// thread can be made, the next request lists it.
fn relist(listed: &Arc<Mutex<Listed>>, folder: &Path) {
    let mut l = lock(listed);
    l.stale = true;
    if l.listing {
        return;
    }
    l.listing = true;
    drop(l);
    let (shared, folder) = (listed.clone(), folder.to_path_buf());
    let spawned = std::thread::Builder::new()
        .name("marque-listing".into())
        .spawn(move || {
            loop {
                {
                    let mut l = lock(&shared);
                    if !l.stale {
                        l.listing = false;
                        return;
                    }
                    l.stale = false;
                }
                let fresh = Arc::new(list_now(&folder));
                lock(&shared).last = Some(fresh);
                let_memory_go();
            }
        });
    if spawned.is_err() {
        let mut l = lock(listed);
        l.listing = false;
        l.last = None;
    }
}

/// Every session followed, by id, and the folder's listing as last read.
pub struct Hub {
    folder: PathBuf,
    root: String,
    followed: Mutex<HashMap<String, Followed>>,
    /// The folder's sessions, listed again on a thread of its own after each change the
    /// watcher sees (a request never lists the folder itself but the first time).
    listing: Arc<Mutex<Listed>>,
    /// The evenings' pages following.
    pub evenings: super::evening::Following,
}

fn stamp(path: &Path) -> Option<(u64, std::time::SystemTime)> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.len(), m.modified().ok()?))
}

/// The file of session `id` in `folder`, by the folder's listing (never a path from outside).
pub fn find(folder: &Path, id: &str) -> Option<PathBuf> {
    let listed: Vec<_> = Store::new(folder.to_path_buf())
        .list_reading()
        .into_iter()
        .filter(|l| own_file(&l.path))
        .collect();
    // Of two files of one id, the one chosen by what they hold, as the list shows it.
    marque_store::one_per_session(&listed)
        .find(|l| matches!(&l.state, FileState::Fine(s) if s.id.as_deref() == Some(id)))
        .map(|l| l.path.clone())
}

/// Whether `path` is a file of the folder itself, not a symbolic link: a link (which another
/// machine of a Syncthing share may plant) could lead to the trash, the archive, another folder,
/// or to a session listed already; the room's pages serve none of them.
pub fn own_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_symlink())
}

impl Hub {
    pub fn new(folder: PathBuf, root: String) -> Hub {
        Hub {
            folder,
            root,
            followed: Mutex::new(HashMap::new()),
            listing: Arc::new(Mutex::new(Listed::default())),
            evenings: super::evening::Following::default(),
        }
    }

    /// The folder as last listed (while it is listed again after a change, as it was before:
    /// a page never waits on the whole folder read again, a long session's ratings among it),
    /// or listed now the first time.
    pub fn listing(&self) -> Arc<super::pages::Listing> {
        if let Some(last) = &lock(&self.listing).last {
            return last.clone();
        }
        let fresh = Arc::new(list_now(&self.folder));
        lock(&self.listing)
            .last
            .get_or_insert_with(|| fresh.clone())
            .clone()
    }

    fn base(&self, lang: Lang) -> Base {
        Base {
            root: self.root.clone(),
            lang,
        }
    }

    /// An event named `name` with `data`.
    fn event(name: &str, data: &serde_json::Value) -> Event {
        Bytes::from(format!("event: {name}\ndata: {data}\n\n"))
    }

    /// What every event of a session carries besides its parts: the totals, the number of
    /// hands, and what the newest hand did (for the page's live region).
    fn common(
        &self,
        lang: Lang,
        l: &marque_store::Loaded,
        out: &mut serde_json::Map<String, serde_json::Value>,
    ) {
        let news = pages::clean(&pages::news(&self.base(lang), &l.session, &l.sheet));
        out.insert("news".into(), news.into());
        out.insert("totals".into(), serde_json::json!(l.sheet.totals));
        out.insert("hands".into(), l.sheet.hands.len().into());
    }

    /// Reads followed session `id` again if its file changed (or moved), and sends each of its
    /// pages what changed. A file there that does not read just now (written in place, half
    /// copied, damaged) sends nothing: the pages keep what they show, and the file's next
    /// change is read again. A file gone (or a link now) is said so.
    fn refresh(&self, id: &str, f: &mut Followed) {
        let mut now = stamp(&f.path);
        let moved = now.is_none();
        if moved && let Some(p) = find(&self.folder, id) {
            // Renamed (another machine's copy put in its place): followed there.
            f.path = p;
            now = stamp(&f.path);
        }
        if now == f.stamp && !moved && f.read {
            return;
        }
        f.stamp = now;
        f.first.clear();
        let path = now
            .is_some()
            .then_some(f.path.as_path())
            .filter(|p| own_file(p));
        let loaded = match path.map(marque_store::read_session) {
            Some(Ok(l)) => l,
            // Read again at its next change, even one that leaves its length and time as they
            // were (a write in place within the clock's tick).
            // (A regular file: anything else put in its place, a FIFO say, is no session.)
            Some(Err(_))
                if path.is_some_and(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file())) =>
            {
                f.stamp = None;
                f.read = false;
                return;
            }
            _ => {
                let mut made: Vec<(Lang, Event)> = Vec::new();
                f.pages.retain(|p| {
                    let e = match made.iter().find(|(l, _)| *l == p.lang) {
                        Some((_, e)) => e.clone(),
                        None => {
                            let text = marque_core::i18n::tr(p.lang, "web.gone");
                            let e = Self::event("gone", &serde_json::json!({ "text": text }));
                            made.push((p.lang, e.clone()));
                            e
                        }
                    };
                    p.tx.try_send(e).is_ok()
                });
                f.read = false;
                f.known.clear();
                return;
            }
        };
        // Each language its pages read, made once and sent to each of them.
        let mut langs: Vec<Lang> = f.pages.iter().map(|p| p.lang).collect();
        langs.dedup();
        f.known.retain(|k| langs.contains(&k.lang));
        let mut made: Vec<(Lang, Event)> = Vec::new();
        for lang in langs {
            if made.iter().any(|(l, _)| *l == lang) {
                continue;
            }
            let parts = pages::Parts::of(&self.base(lang), id, &loaded.session, &loaded.sheet);
            // What a page of this language that comes now is sent first.
            f.first.push((lang, self.first(lang, id, &loaded, &parts)));
            let mut data = match f.known.iter_mut().find(|k| k.lang == lang) {
                Some(k) => k.change(&parts),
                None => {
                    // Pages that were sent the sheet before it was ever read here: sent it
                    // whole (their rows are dropped first).
                    f.known.push(Known::of(lang, &parts));
                    let mut d = serde_json::Map::new();
                    let from = parts.rows.len().saturating_sub(pages::PART);
                    d.insert("html".into(), parts.main(&self.base(lang), id, from).into());
                    d
                }
            };
            self.common(lang, &loaded, &mut data);
            made.push((lang, Self::event("change", &data.into())));
        }
        // A page gone or too slow (its queue full) is let go: it reconnects and is sent the
        // sheet whole.
        f.pages.retain(|p| {
            made.iter()
                .find(|(l, _)| *l == p.lang)
                .is_some_and(|(_, e)| p.tx.try_send(e.clone()).is_ok())
        });
        f.read = true;
        drop(loaded);
        let_memory_go();
    }

    /// What a page that comes is sent first: the sheet's last rows.
    fn first(&self, lang: Lang, id: &str, l: &marque_store::Loaded, parts: &pages::Parts) -> Event {
        let mut data = serde_json::Map::new();
        let from = parts.rows.len().saturating_sub(pages::PART);
        data.insert("html".into(), parts.main(&self.base(lang), id, from).into());
        self.common(lang, l, &mut data);
        Self::event("change", &data.into())
    }

    /// A page starts following session `id` (its file `path`): it is sent the sheet as it is
    /// now (its last rows), then every change.
    pub fn follow(&self, id: &str, path: PathBuf, lang: Lang) -> Receiver<Event> {
        let (tx, rx) = tokio::sync::mpsc::channel(QUEUE);
        let mut followed = self.followed.lock().unwrap_or_else(|e| e.into_inner());
        let f = followed.entry(id.to_string()).or_insert_with(|| Followed {
            path,
            stamp: None,
            read: false,
            pages: Vec::new(),
            known: Vec::new(),
            first: Vec::new(),
        });
        // Pages that went since the last change are let go now (a phone reconnecting to a
        // session that does not change leaves nothing behind).
        f.pages.retain(|p| !p.tx.is_closed());
        // The pages following already are sent what changed first.
        self.refresh(id, f);
        let mut first = f
            .first
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, e)| e.clone());
        // A language no page read since the file last changed: the file is read for it.
        if first.is_none()
            && f.read
            && let Ok(l) = marque_store::read_session(&f.path)
        {
            let parts = pages::Parts::of(&self.base(lang), id, &l.session, &l.sheet);
            if !f.known.iter().any(|k| k.lang == lang) {
                f.known.push(Known::of(lang, &parts));
            }
            let e = self.first(lang, id, &l, &parts);
            f.first.push((lang, e.clone()));
            first = Some(e);
            drop(l);
            let_memory_go();
        }
        if let Some(e) = first {
            tx.try_send(e).ok();
        }
        f.pages.push(Page { lang, tx });
        rx
    }

    /// Something changed in the folder: each followed session whose file changed is read
    /// again, once, and each of its pages sent what changed.
    pub fn changed(&self) {
        relist(&self.listing, &self.folder);
        let mut followed = self.followed.lock().unwrap_or_else(|e| e.into_inner());
        followed.retain(|id, f| {
            self.refresh(id, f);
            !f.pages.is_empty()
        });
        drop(followed);
        self.evenings.changed(&self.root);
    }

    /// The folder served.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Where the pages live: `/CAPABILITY`.
    pub fn root(&self) -> &str {
        &self.root
    }

    /// Every page let go (sharing stops).
    pub fn close(&self) {
        self.evenings.close();
        self.followed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

/// What a following page is sent: the stream's start, each event as it comes, and a
/// heartbeat when nothing came for a while (a page knows it is still connected, and a
/// connection whose other end is gone is found). `place` is held as long as the stream lasts.
pub struct Events<P> {
    start: Option<Bytes>,
    events: Receiver<Event>,
    beat: tokio::time::Interval,
    _place: P,
}

impl<P> Events<P> {
    pub fn new(events: Receiver<Event>, heartbeat: Duration, place: P) -> Events<P> {
        let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + heartbeat, heartbeat);
        beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Events {
            // Reconnect after 2 s if the connection is lost.
            start: Some(Bytes::from_static(b"retry: 2000\n\n")),
            events,
            beat,
            _place: place,
        }
    }
}

impl<P: Unpin> hyper::body::Body for Events<P> {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Some(start) = self.start.take() {
            return Poll::Ready(Some(Ok(Frame::data(start))));
        }
        match self.events.poll_recv(cx) {
            Poll::Ready(Some(e)) => {
                self.beat.reset();
                return Poll::Ready(Some(Ok(Frame::data(e))));
            }
            // Sharing stops, or the page was too slow: the stream ends.
            Poll::Ready(None) => return Poll::Ready(None),
            Poll::Pending => {}
        }
        if self.beat.poll_tick(cx).is_ready() {
            return Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
                b": heartbeat\n\n",
            )))));
        }
        Poll::Pending
    }
}

/// A long session read for a change was let go: its memory is given back to the system, so
/// that the server holds what it keeps, not what it last read (glibc keeps freed memory
/// otherwise).
#[expect(
    unsafe_code,
    reason = "giving freed memory back to the system is glibc's malloc_trim, which std does not offer"
)]
pub(super) fn let_memory_go() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only gives free memory of the allocator back to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}
