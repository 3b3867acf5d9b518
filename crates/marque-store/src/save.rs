//! Reading a session and saving it: only over the file that was read, under its lock; an
//! append writes only what it adds.

use std::fs::{self};
use std::path::{Path, PathBuf};

use crate::error::StoreError;
use crate::files::read_text;
use crate::limits::MAX_SESSION_BYTES;
use crate::lock::{Lock, RETAKE_WAIT};
use crate::stamp::{Loaded, Stamp};
use crate::store::{Store, new_id};
use crate::write::{replace_file_as, write_atomic};
use marque_core::session::{Replay, Session, Splice};

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
    let mut replay = Replay::new(session.options.typed(), &session.players).quiet();
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
pub(super) fn insert_point(
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
pub(super) fn join<S: AsRef<str>>(items: &[S], first: bool) -> String {
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

/// Writes the text of an evening's table file (a duplicate table, which the session model does
/// not read) over its file, under the conditions of [`save`]: the lock held, the file still
/// the one read (`stamp`), atomically.
pub fn save_table(
    path: &Path,
    text: &[u8],
    stamp: Stamp,
    lock: &Lock,
) -> Result<Stamp, StoreError> {
    save_text(path, text, stamp, lock, std::time::Duration::ZERO)
}

/// Writes a session's text over its file, under the conditions of [`save`].
pub(super) fn save_text(
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
pub(super) fn replace_file_checked(
    path: &Path,
    bytes: &[u8],
    old: Option<&fs::Metadata>,
    check: &mut dyn FnMut() -> std::io::Result<()>,
) -> std::io::Result<()> {
    replace_file_as(
        path,
        &mut |f| std::io::Write::write_all(f, bytes),
        true,
        old,
        false,
        Some(check),
    )
}

/// Saves a brand-new session at a fresh path, taking its lock.
pub fn create(store: &Store, session: &Session) -> Result<(PathBuf, Lock), StoreError> {
    fs::create_dir_all(&store.dir)?;
    let path = store.new_path(session.id.as_deref().unwrap_or("session"));
    let lock = Lock::acquire(&path)?;
    write_atomic(&path, session.to_json_string().as_bytes())?;
    Ok((path, lock))
}

/// A session file read and decoded, not scored (its stamp with it).
pub(crate) fn read_decoded(path: &Path) -> Result<(Session, Stamp), StoreError> {
    read_text(path, Session::parse).map(|(s, stamp, _)| (s, stamp))
}

impl Store {
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
