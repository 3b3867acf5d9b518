//! Where a phone's word is written: always through the session's `Document`, as a tap's is.
//! Under `marque serve` alone the server opens the file's document for each answer (saved at
//! once and atomically under the session's lock, never over a file changed since it was read);
//! where the window holds the session, the window's own path writes it ([`Answers`], which the
//! window implements and hands to [`super::Sharing::start_with`]).

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

/// Who writes a phone's word into session file `path`.
pub trait Answers: Send + Sync {
    /// The word written (or refused, in words). `None`: not this writer's session (the next
    /// writer, the file's own document, writes it).
    fn answer(&self, path: &Path, word: &Word) -> Option<Reply>;

    /// A phone just paired: a writer that also lists the phones (the window) shows it now, not
    /// at its next frame whenever that comes.
    fn paired(&self) {}
}

/// The word written through the file's own document (what `marque serve` alone does, and the
/// window's server for a session the window does not hold).
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
