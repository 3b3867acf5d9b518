//! Where a phone's word is written: always through the file's own `Document`, as a tap's is
//! (saved at once and atomically under the session's lock, never over a file changed since it
//! was read), on the server's own threads. Nothing waits on a window: a window that holds the
//! session follows its file as it follows `marque add` (the folder's one watcher), and is only
//! woken ([`Wake`]) to show at once what a phone did.

use std::path::Path;

use marque_core::history::FromPhone;
use marque_core::i18n::{Msg, msg};
use marque_store::document::{DocError, Document};

use super::pairing::Reply;

/// A phone's word on a hand, as it was shown.
#[derive(Debug, Clone)]
pub struct Word {
    /// The session's id.
    pub session: String,
    /// The hand's id and revision when the phone was shown it.
    pub hand: String,
    pub revision: String,
    /// The side answering, by its place, and its name when the phone paired.
    pub side: usize,
    pub side_name: String,
    pub agreed: bool,
    /// The phone's name, and why the hand is disputed (empty: nothing said).
    pub label: String,
    pub why: String,
}

/// Called, never waited on, when a phone paired or a word was written: a window sharing the
/// room shows it now, not at its next input (it only asks for a frame).
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

/// The word written through the file's own document.
pub fn through_file(path: &Path, word: &Word) -> Reply {
    let mut doc = match Document::open(path) {
        Ok(d) => d,
        Err(e) => return Reply::Refused(named(path, e.msg(None))),
    };
    let result = doc.word_from_phone(
        (&word.hand, &word.revision),
        ((word.side, &word.side_name), word.agreed),
        FromPhone {
            label: &word.label,
            why: &word.why,
        },
        &crate::local::now(),
    );
    told(path, &result)
}

/// Why a word was not written into file `path`, naming the file, as every other reader's
/// refusals do (only its name: the phone is told nothing of the laptop's folders).
fn named(path: &Path, why: Msg) -> Msg {
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    msg!("web.phone.refused_file", file = file, why = why)
}

/// What writing a phone's word into file `path` gave, as the phone is told it (by `marque
/// serve` and by the window alike).
pub fn told(path: &Path, result: &Result<marque_store::document::Outcome, DocError>) -> Reply {
    use marque_store::document::Outcome;
    match result {
        Ok(Outcome::Saved | Outcome::AddedOnNewer) => Reply::Recorded,
        // Kept beside the file, not in it: the phone is told so, never that it is noted.
        Ok(other) => Reply::Refused(
            other
                .msg()
                .unwrap_or_else(|| Msg::new("ui.share.phone_refused")),
        ),
        // The file could not be written: which file, and why.
        Err(e @ (DocError::NotSaved(_) | DocError::Store(_))) => {
            Reply::Refused(named(path, e.msg()))
        }
        Err(e) => Reply::Refused(e.msg()),
    }
}

/// The reply's words for the phone.
pub fn said(reply: &Reply) -> Msg {
    match reply {
        Reply::Recorded => Msg::new("web.phone.recorded"),
        Reply::Refused(m) => m.clone(),
    }
}
