//! The session on screen: the document (`marque_store::document`) and how the window shows it,
//! and the window's side of every change: each command calls one operation of the document,
//! and its outcome or error becomes the notice it returns, once.

use super::forms;
use super::notice::Notice;
use super::sheet::rows;
use super::view::{Shown, View};
use marque_core::games::GameHand;
use marque_core::history::Change;
use marque_core::i18n::Msg;
use marque_store::document::{DocError, Document, Outcome, ReadOnly};

/// A session on screen: its document, and how the window shows it.
pub struct Open {
    pub doc: Document,
    pub view: View,
}

impl Open {
    /// The screen of `doc`, its forms entering hands the table's way (`modes`).
    pub(super) fn new(doc: Document, modes: forms::Modes) -> Open {
        let view = View::new(&doc, modes);
        Open { doc, view }
    }

    /// A file written by a newer Marque, shown read-only if its hands still read as version 1;
    /// else what to tell the table.
    pub(super) fn newer(
        path: &std::path::Path,
        version: u64,
        modes: forms::Modes,
    ) -> Result<Open, Notice> {
        use marque_store::{self as store, Stamp};
        let shown = store::read_file(path, store::MAX_SESSION_BYTES)
            .ok()
            .and_then(|t| serde_json::from_slice::<serde_json::Value>(&t).ok())
            .and_then(|mut v| {
                v["version"] = serde_json::json!(marque_core::session::VERSION);
                marque_core::session::Session::from_value(&v).ok()
            })
            .and_then(|session| {
                let sheet = session.score().ok()?;
                let stamp = Stamp::of_path(path).ok()?;
                Some(store::Loaded {
                    session,
                    sheet,
                    stamp,
                })
            });
        match shown {
            None => Err(marque_core::i18n::msg!("ui.newer_unreadable", version = version).into()),
            Some(loaded) => {
                let doc = Document::of(path, loaded, Some(ReadOnly::Newer(version)));
                Ok(Open::new(doc, modes))
            }
        }
    }

    /// Why this window may not write (finished, newer).
    pub fn read_only(&self) -> Option<&ReadOnly> {
        self.doc.read_only()
    }

    /// The session as a screen is handed it: the document to read, the view to change.
    pub fn shown(&mut self) -> Shown<'_> {
        Shown {
            doc: &self.doc,
            view: &mut self.view,
        }
    }

    /// A fresh form for the next hand, or for the hand being edited.
    pub(super) fn reset_form(&mut self) {
        self.view.reset_form(&self.doc);
    }

    /// The form enters `kind`: a table event, or with `None` the next hand.
    pub(super) fn switch_table(&mut self, kind: Option<marque_core::games::table::EventKind>) {
        self.view.switch_table(&self.doc, kind);
    }
}

/// What a change did, as the window follows it up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// A change to the hands: the form starts afresh. A refusal is said under this key (with
    /// the problems as `why`), or as the problems alone.
    Hands(Option<&'static str>),
    /// The other side's word on a hand: a hand not agreed is selected, its edit key at hand.
    Word { i: usize, agreed: bool },
    /// The title and note.
    Fields,
    /// The options or the state of the session: the form is made again.
    Form,
}

/// What an operation did: whether anything changed (a refusal leaves the form and the
/// selection as they were), and what to tell the players.
struct Operated {
    changed: bool,
    notice: Option<Notice>,
}

/// The window's side of every change to the open session: each calls one operation of the
/// document and turns its outcome or error into the notice it returns (none: nothing to say).
impl Open {
    /// Runs one operation of the open document (nothing when no session is open) and follows
    /// it up: the outcome or the error becomes a notice here, once. Whether anything changed
    /// (a refusal leaves the form and the selection as they were).
    fn operate(
        &mut self,
        after: After,
        op: impl FnOnce(&mut Document, &str) -> Result<Outcome, DocError>,
    ) -> Operated {
        let open = self;
        let game = open.doc.session().game;
        let result = op(&mut open.doc, &crate::local::now());
        let not_saved = matches!(result, Err(DocError::NotSaved(_)));
        // Nothing changed (refused, read only, nothing to do): the form keeps what was typed.
        let changed = matches!(result, Ok(_) | Err(DocError::NotSaved(_)));
        let notice: Option<Notice> = match result {
            Ok(Outcome::Saved) => {
                (after == After::Fields).then(|| Msg::new("ui.title.saved").into())
            }
            Ok(o) => o.msg().map(Notice::from),
            Err(e) => {
                let refused = match after {
                    After::Hands(key) => key,
                    _ => None,
                };
                super::notice::doc_notice(e, game, refused)
            }
        };
        // A change kept here but not written: said under the sheet until a save goes through.
        if not_saved {
            open.view.save_error = notice.clone();
        } else if !open.doc.unsaved() {
            open.view.save_error = None;
        }
        if !changed {
            return Operated {
                changed: false,
                notice,
            };
        }
        match after {
            After::Hands(_) | After::Form => {
                open.view.editing = None;
                open.view.selected = open
                    .view
                    .selected
                    .filter(|&i| i < open.doc.session().hands.len());
                // A rubber that this change completes asks again whether another follows.
                open.view.next_part &= !open.doc.sheet().natural_end;
                open.view.rows = rows::Rows::default();
                open.reset_form();
            }
            After::Word { i, agreed } if !agreed => open.view.selected = Some(i),
            After::Word { .. } | After::Fields => open.view.rows = rows::Rows::default(),
        }
        Operated {
            changed: true,
            notice,
        }
    }

    /// The form's hand: added, or in place of the hand being edited; the hand is selected.
    pub(super) fn confirm(&mut self, hand: GameHand) -> Option<Notice> {
        let editing = self.view.editing;
        let event = hand.event().is_some();
        let done = self.operate(After::Hands(None), |doc, now| match editing {
            Some(i) => doc.edit(i, hand, now),
            None => doc.enter(hand, now),
        });
        if done.changed {
            if event {
                // The event is recorded: the next entry is a hand again.
                self.view.table = None;
                self.reset_form();
            }
            let last = self.doc.session().hands.len().saturating_sub(1);
            self.view.selected = editing.filter(|&i| i <= last).or(Some(last));
        }
        done.notice
    }

    /// Deletes hand `i`, with a trace in the log.
    pub(super) fn delete(&mut self, i: usize) -> Option<Notice> {
        self.operate(After::Hands(Some("ui.delete_refused")), |doc, now| {
            doc.delete(i, now)
        })
        .notice
    }

    /// Brings back what the log recorded.
    pub(super) fn restore(&mut self, change: Change) -> Option<Notice> {
        self.operate(After::Hands(None), |doc, now| doc.restore(change, now))
            .notice
    }

    pub fn undo(&mut self) -> Option<Notice> {
        self.operate(After::Hands(Some("ui.undo_refused")), |doc, now| {
            doc.undo(now)
        })
        .notice
    }

    pub fn redo(&mut self) -> Option<Notice> {
        self.operate(After::Hands(Some("ui.redo_refused")), |doc, now| {
            doc.redo(now)
        })
        .notice
    }

    /// Saves the session's title and note as typed.
    pub fn set_title(&mut self) -> Option<Notice> {
        let (title, note) = (self.view.title.clone(), self.view.note.clone());
        self.operate(After::Fields, |doc, now| doc.set_fields(&title, &note, now))
            .notice
    }

    /// Makes the options tried in "what if" the session's own, for every hand.
    pub fn apply_options(&mut self) -> Option<Notice> {
        let changes = std::mem::take(&mut self.view.whatif);
        if changes.is_empty() {
            return None;
        }
        self.operate(After::Form, |doc, now| doc.apply_options(&changes, now))
            .notice
    }

    /// Records the other side's word on hand `i` in the log and saves.
    pub fn word(&mut self, i: usize, agreed: bool) -> Option<Notice> {
        self.operate(After::Word { i, agreed }, |doc, now| {
            doc.word(i, agreed, now)
        })
        .notice
    }

    /// Marks the open session as stopped by the players (closed) and saves it.
    pub fn close_session(&mut self) -> Option<Notice> {
        self.operate(After::Form, |doc, now| doc.close(now)).notice
    }

    /// Opens the open session again after the players closed it, or after its game reached its
    /// end: read again under its lock, the reopening logged and saved.
    pub fn reopen(&mut self) -> Option<Notice> {
        let notice = self.operate(After::Form, |doc, now| doc.reopen(now)).notice;
        self.view.confirm_reopen = false;
        notice
    }
}
