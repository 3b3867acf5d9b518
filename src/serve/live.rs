//! Following sessions live: the folder watched (inotify, through notify: no work while nothing
//! changes), each followed session read again when its file changes, and what it now shows
//! sent once to every page that follows it, as a server-sent event. The file stays the one
//! truth: nothing is kept but what the pages were last sent.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use hyper::body::Frame;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::{Receiver, Sender};

use super::pages::{self, Base};
use crate::i18n::Lang;
use crate::store::{FileState, Store};

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

/// A session followed: its file, the file's stamp when last read, its pages.
struct Followed {
    path: PathBuf,
    stamp: Option<(u64, std::time::SystemTime)>,
    pages: Vec<Page>,
    /// What its pages were last sent, by language: a page that comes is sent the same bytes
    /// (one copy for every page, however long the sheet).
    sent: Vec<(Lang, Event)>,
}

/// Every session followed, by id, and the folder's listing as last read.
pub struct Hub {
    folder: PathBuf,
    root: String,
    followed: Mutex<HashMap<String, Followed>>,
    /// The folder's sessions, read again after each change the watcher sees (a request
    /// never lists the folder itself but the first time).
    listing: Mutex<Option<Arc<super::Listing>>>,
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
    crate::store::one_per_session(&listed)
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
            listing: Mutex::new(None),
        }
    }

    /// The folder: as last listed, or listed now (without writing its index).
    pub fn listing(&self) -> Arc<super::Listing> {
        let mut cached = self.listing.lock().unwrap_or_else(|e| e.into_inner());
        cached
            .get_or_insert_with(|| {
                let store = Store::new(self.folder.clone());
                let people = crate::store::people::People::read(&store).people.stats();
                // Rated as statistics count: the archived sessions too (never served).
                let counted = store.list_rated(&people, false);
                let mut listed = counted.sessions;
                listed.retain(|l| own_file(&l.path));
                Arc::new(super::Listing {
                    listed,
                    people,
                    ratings: counted.ratings,
                })
            })
            .clone()
    }

    fn base(&self, lang: Lang) -> Base {
        Base {
            root: self.root.clone(),
            lang,
        }
    }

    /// What a page of session `path` in `lang` is sent: the sheet as it now is ("change"), or
    /// that the session is gone (its file no longer there, or a link now). Nothing while the
    /// file is there but does not read (written in place, half copied, damaged): the page keeps
    /// what it shows, and the file's next change is read again.
    fn event(&self, id: &str, path: Option<&Path>, lang: Lang) -> Option<Event> {
        let base = self.base(lang);
        let path = path.filter(|p| own_file(p));
        let loaded = match path.map(crate::store::read_session) {
            Some(Ok(l)) => Some(l),
            Some(Err(_)) => return None,
            None => None,
        };
        let text = match loaded {
            Some(l) => {
                let body = serde_json::json!({
                    "html": pages::sheet_html(&base, id, &l.session, &l.sheet),
                    "news": pages::news(&base, &l.session, &l.sheet),
                    "totals": l.sheet.totals,
                    "hands": l.sheet.hands.len(),
                });
                format!("event: change\ndata: {body}\n\n")
            }
            None => {
                let body = serde_json::json!({ "text": crate::i18n::tr(lang, "web.gone") });
                format!("event: gone\ndata: {body}\n\n")
            }
        };
        Some(Bytes::from(text))
    }

    /// A page starts following session `id` (its file `path`): it is sent the sheet as it is
    /// now, then every change.
    pub fn follow(&self, id: &str, path: PathBuf, lang: Lang) -> Receiver<Event> {
        let (tx, rx) = tokio::sync::mpsc::channel(QUEUE);
        let mut followed = self.followed.lock().unwrap_or_else(|e| e.into_inner());
        let now = stamp(&path);
        let f = followed.entry(id.to_string()).or_insert_with(|| Followed {
            stamp: now,
            path,
            pages: Vec::new(),
            sent: Vec::new(),
        });
        if f.stamp != now {
            // Changed since it was last sent: what was sent is no longer the sheet.
            f.sent.clear();
        }
        let first = match f.sent.iter().find(|(l, _)| *l == lang) {
            Some((_, e)) => Some(e.clone()),
            None => {
                let e = self.event(id, Some(&f.path), lang);
                if let Some(e) = &e {
                    f.sent.push((lang, e.clone()));
                }
                e
            }
        };
        match first {
            Some(first) => {
                tx.try_send(first).ok();
            }
            // Not readable just now: read again at its next change, whatever its stamp then.
            None => f.stamp = None,
        }
        // Pages that went since the last change are let go now (a phone reconnecting to a
        // session that does not change leaves nothing behind).
        f.pages.retain(|p| !p.tx.is_closed());
        f.pages.push(Page { lang, tx });
        rx
    }

    /// Something changed in the folder: each followed session whose file changed is read
    /// again, once per language, and sent to its pages; a page gone or too slow is let go.
    pub fn changed(&self) {
        *self.listing.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let mut followed = self.followed.lock().unwrap_or_else(|e| e.into_inner());
        followed.retain(|id, f| {
            let now = stamp(&f.path);
            let moved = now.is_none();
            if moved && let Some(p) = find(&self.folder, id) {
                // Renamed (another machine's copy put in its place): followed there.
                f.path = p;
            }
            let now = stamp(&f.path);
            if now == f.stamp && !moved {
                return !f.pages.is_empty();
            }
            f.stamp = now;
            let path = now.is_some().then_some(f.path.as_path());
            let mut made: Vec<(Lang, Option<Event>)> = Vec::new();
            f.pages.retain(|p| {
                let event = match made.iter().find(|(l, _)| *l == p.lang) {
                    Some((_, e)) => e.clone(),
                    None => {
                        let e = self.event(id, path, p.lang);
                        made.push((p.lang, e.clone()));
                        e
                    }
                };
                // The file does not read just now: the page waits for its next change.
                let Some(event) = event else {
                    return true;
                };
                match p.tx.try_send(event) {
                    Ok(()) => true,
                    Err(TrySendError::Full(_) | TrySendError::Closed(_)) => false,
                }
            });
            // A read that failed is made again at the file's next change, even one that leaves
            // its length and time as they were (a write in place within the clock's tick).
            if made.iter().any(|(_, e)| e.is_none()) {
                f.stamp = None;
            }
            f.sent = made
                .into_iter()
                .filter_map(|(l, e)| e.map(|e| (l, e)))
                .collect();
            !f.pages.is_empty()
        });
    }

    /// Every page let go (sharing stops).
    pub fn close(&self) {
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
