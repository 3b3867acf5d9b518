//! The conflict policy: what a save does when the file changed on disk since it was read
//! (another writer got in). Nothing is overwritten: the file is read again; a hand added at the
//! end is added to it too, where it still plays; any other change is saved as a copy beside it.

use std::path::{Path, PathBuf};

use marque_core::history::{self, Action, Change};
use marque_core::session::{Hand, Session};

use crate::error::StoreError;
use crate::save::read_session;
use crate::stamp::Loaded;

/// How a change met a file changed since it was read.
#[derive(Debug)]
pub enum Merged {
    /// The hand was added at the end of the file as it now is; the caller saves it.
    Added(Loaded),
    /// The file as it now is; ours was kept in a copy beside it (or the copy failed).
    Kept {
        loaded: Loaded,
        copy: Result<PathBuf, std::io::Error>,
    },
}

/// Settles what was made to `ours` (read from `path`) with the file as it now is; `added` is
/// the hand the change added at the end, when that was the whole change; `now` dates its log
/// entry. A file the players closed (or whose game ended) meanwhile takes no hand. Anything
/// else is kept in a conflict copy beside it ([`crate::sync::kept_path`]).
pub fn merge_after_change(
    path: &Path,
    ours: &Session,
    added: Option<&Hand>,
    now: &str,
) -> Result<Merged, StoreError> {
    let mut loaded = read_session(path)?;
    // What the first read checks, the file as it now is checks too: a session the players
    // stopped, or whose game ended, takes no hand; it is kept beside, to merge.
    let over = crate::summary::session_over(
        loaded.session.game,
        loaded.sheet.finished,
        loaded.session.closed,
    );
    if let Some(hand) = added.filter(|_| !over) {
        let at = loaded.session.hands.len();
        let added = history::apply(
            &mut loaded.session,
            &mut loaded.sheet,
            &Change::Insert(at, hand.clone()),
            Action::Add,
            now,
        );
        if added.is_ok() {
            return Ok(Merged::Added(loaded));
        }
    }
    // Ours is kept in a file of its own, never over theirs, named as a conflict copy: the
    // check, the home list and the merges find it.
    let copy = crate::sync::kept_path(path, crate::sync::Kept::Aside);
    let copy = crate::write::write_new(&copy, ours.to_json_string().as_bytes()).map(|()| copy);
    Ok(Merged::Kept { loaded, copy })
}
