//! The session being played, as a document: the session, its sheet, its file's stamp, why it may
//! not be written, its undo stack, and every operation on it (enter, edit, delete, the other
//! side's word, close, reopen, options, title and note, reload, merge of conflict copies), each
//! returning a typed outcome. No screen state, no notices, no strings: the window turns outcomes
//! and errors into notices in one place, and the room's server will call the same operations.
//!
//! Writes are short: no lock is held between changes. Each save takes the session's lock only
//! while it writes, over the file as it was read; a change that came meanwhile (`marque add`,
//! a Syncthing arrival, another window) is settled by the store's conflict policy: a hand added
//! at the end goes on top of the file as it now is, any other change is kept in a copy beside
//! it, and the document shows the file as it now is. Nothing acknowledged is lost.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::conflict::{Merged, merge_after_change};
use crate::error::StoreError;
use crate::lock::Lock;
use crate::save::{Appending, read_for_append, read_session};
use crate::stamp::{Loaded, Stamp};
use crate::store::{Store, shown_name};
use crate::summary::session_over;
use crate::sync::Merging;
use marque_core::games::GameHand;
use marque_core::history::{self, Action, Change, UndoStack};
use marque_core::i18n::Msg;
use marque_core::i18n::msg;
use marque_core::merge::Choice;
use marque_core::session::{Hand, Problem, Session, Sheet};
use serde_json::Value;

/// How long a save waits for another writer (`marque add`, another window) to finish: an add
/// holds the lock for milliseconds; a writer stopped while holding it keeps the window waiting
/// no longer than this (the change is then kept on screen, unsaved, and said).
pub const SAVE_WAIT: Duration = Duration::from_secs(2);
/// How many times a phone's word is put on the file as it now is, while the file keeps
/// changing between the reading and the writing.
const WORD_TRIES: usize = 5;

/// Why a document is shown without being written to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadOnly {
    /// The session is over (stopped by the players, or its game ended): it may be taken up
    /// again.
    Over,
    /// A newer Marque wrote it, at this version.
    Newer(u64),
}

impl ReadOnly {
    /// Why, for the table.
    pub fn msg(&self) -> Msg {
        match self {
            ReadOnly::Over => Msg::new("ui.read_only.finished"),
            ReadOnly::Newer(v) => msg!("ui.read_only.newer", version = *v),
        }
    }
}

/// What a change did to the file.
#[derive(Debug)]
pub enum Outcome {
    /// Saved over the file as it was read.
    Saved,
    /// The file had changed elsewhere: the hand went on top of it as it now is, and the
    /// document shows it so.
    AddedOnNewer,
    /// The file had changed elsewhere: the document shows it as it now is, and this change was
    /// kept in a copy beside it (or the copy could not be written).
    KeptBeside(Result<PathBuf, std::io::Error>),
}

impl Outcome {
    /// What the table is told of it, the same from the window and the command line (nothing
    /// when it was simply saved).
    pub fn msg(&self) -> Option<Msg> {
        match self {
            Outcome::Saved => None,
            Outcome::AddedOnNewer => Some(Msg::new("doc.added_on_newer")),
            Outcome::KeptBeside(Ok(copy)) => Some(msg!("doc.kept_beside", file = shown_name(copy))),
            Outcome::KeptBeside(Err(e)) => {
                Some(msg!("ui.io_error", error = marque_core::i18n::io_error(e)))
            }
        }
    }
}

/// What reading the file again found.
#[derive(Debug)]
pub enum Reloaded {
    /// The file is as the document last read or wrote it.
    Same,
    /// The file changed: the document shows it as it now is (whether its hands changed).
    Changed { hands: bool },
    /// The last save failed: what the document holds is only here, the file is not read over it.
    Unsaved,
    /// The file is gone.
    Gone,
}

/// Why an operation did nothing, or did not reach the file.
#[derive(Debug, thiserror::Error)]
pub enum DocError {
    /// The change does not play: nothing changed.
    #[error("{}", english(self))]
    Refused(Vec<Problem>),
    /// The document may not be written.
    #[error("{}", english(self))]
    ReadOnly(ReadOnly),
    /// No such hand, or nothing to undo or redo.
    #[error("{}", english(self))]
    Nothing,
    /// The last change could not be saved: what would read the file over it waits until a
    /// save goes through.
    #[error("{}", english(self))]
    Unsaved,
    /// The change is made here but the file could not be written (kept in memory; the next
    /// save tries again).
    #[error("{}", english(self))]
    NotSaved(StoreError),
    /// The file could not be read.
    #[error("{}", english(self))]
    Store(#[from] StoreError),
}

impl DocError {
    /// The error in words, once for every reader: the problems of a change that does not
    /// play, why the document is read only, a save that failed, the file's error.
    pub fn msg(&self) -> Msg {
        match self {
            DocError::Refused(p) => Problem::lines(p),
            DocError::ReadOnly(r) => msg!("ui.read_only", why = r.msg()),
            DocError::Nothing => Msg::new("doc.nothing"),
            DocError::Unsaved => Msg::new("ui.doc.unsaved"),
            DocError::NotSaved(e) | DocError::Store(e) => e.msg(None),
        }
    }
}

/// The error's words in English, as the locale gives them (its Display, for logs).
fn english(e: &DocError) -> String {
    e.msg().render(marque_core::i18n::Lang::En)
}

/// The session being played.
pub struct Document {
    path: PathBuf,
    session: Session,
    sheet: Sheet,
    /// The file as last read or written: a save over anything else is settled, never blind.
    stamp: Stamp,
    read_only: Option<ReadOnly>,
    undo: UndoStack,
    /// The last save failed: the document is ahead of its file.
    unsaved: bool,
    /// The evening that names this file among its tables, as read ([`Document::in_evening`]).
    evening: Option<Value>,
    /// Who is who, as the window knows it ([`Document::know_people`]); else read from the data
    /// folder when a substitute or an arrival needs it.
    people: Option<marque_core::stats::People>,
}

/// The club's names of the data folder the session at `path` is in (an archived session's
/// too), as the statistics count people.
fn folder_people(path: &Path) -> marque_core::stats::People {
    let folder = Store::root_of(path);
    crate::people::People::read(&Store::new(folder))
        .people
        .stats()
}

/// The seating rule ([`marque_core::stats::same_person_seated`]) for `hand` entered as hand
/// `at`, the table being `seats` before it: who is who as `people` says, or as the data folder
/// of the session at `path` says (read only for a substitute or an arrival).
fn seating(
    (path, at): (&Path, usize),
    hand: &GameHand,
    seats: &marque_core::games::table::Seats,
    people: Option<&marque_core::stats::People>,
) -> Result<(), DocError> {
    if hand.event().is_none() {
        return Ok(());
    }
    let read;
    let people = match people {
        Some(p) => p,
        None => {
            read = folder_people(path);
            &read
        }
    };
    match marque_core::stats::same_person_seated(hand, seats, people) {
        Some(m) => Err(DocError::Refused(vec![Problem::hand(at, m)])),
        None => Ok(()),
    }
}

/// Refuses a change of the table's session at `path` that would bring its evening a problem
/// it does not have (a Tarot table's seat changing player, a deal past the round's): the table
/// writes nothing its evening would not count.
fn for_evening(
    evening: &Value,
    path: &Path,
    before: &Value,
    after: &Session,
) -> Result<(), DocError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let new = marque_core::club::new_problems(evening, &name, before, &after.to_value());
    match new.is_empty() {
        true => Ok(()),
        false => Err(DocError::Refused(
            new.into_iter()
                .map(|m| Problem::file(msg!("club.err.table_of", why = m)))
                .collect(),
        )),
    }
}

impl Document {
    /// The evening that names this file among its tables (as read): from now on a change it
    /// would not count is refused.
    pub fn in_evening(&mut self, evening: Value) {
        self.evening = Some(evening);
    }

    /// Who is who, as the window knows it (the club's names merged by hand): the seating rule
    /// reads them here, not from the folder.
    pub fn know_people(&mut self, people: marque_core::stats::People) {
        self.people = Some(people);
    }

    /// The seating rule for `hand` entered as hand `at` of the session as it now is.
    fn seated(&self, at: usize, hand: &GameHand) -> Result<(), DocError> {
        if hand.event().is_none() {
            return Ok(());
        }
        let replay = self.sheet.before(at, &self.session.hands);
        seating((&self.path, at), hand, replay.seats(), self.people.as_ref())
    }

    /// Whether it was opened as a table of an evening ([`Document::in_evening`]).
    pub fn is_a_table(&self) -> bool {
        self.evening.is_some()
    }

    /// The session at `path`, read and scored; read only if it is over.
    pub fn open(path: &Path) -> Result<Document, StoreError> {
        let loaded = read_session(path)?;
        let over = session_over(
            loaded.session.game,
            loaded.sheet.finished,
            loaded.session.closed,
        );
        Ok(Document::of(path, loaded, over.then_some(ReadOnly::Over)))
    }

    /// A document of what was read.
    pub fn of(path: &Path, loaded: Loaded, read_only: Option<ReadOnly>) -> Document {
        Document {
            path: path.to_path_buf(),
            session: loaded.session,
            sheet: loaded.sheet,
            stamp: loaded.stamp,
            read_only,
            undo: UndoStack::default(),
            unsaved: false,
            evening: None,
            people: None,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn session(&self) -> &Session {
        &self.session
    }
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }
    pub fn stamp(&self) -> Stamp {
        self.stamp
    }
    pub fn read_only(&self) -> Option<&ReadOnly> {
        self.read_only.as_ref()
    }
    pub fn can_undo(&self) -> bool {
        self.undo.can_undo()
    }
    pub fn can_redo(&self) -> bool {
        self.undo.can_redo()
    }
    /// The last save failed: what is shown is only here.
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    fn writable(&self) -> Result<(), DocError> {
        match &self.read_only {
            Some(r) => Err(DocError::ReadOnly(r.clone())),
            None => Ok(()),
        }
    }

    /// Whether the other side's word may be written: also once the game reached its end (its
    /// last hand is answered too), not once the players stopped the session, nor in a file of
    /// a newer Marque.
    fn word_writable(&self) -> Result<(), DocError> {
        match &self.read_only {
            Some(ReadOnly::Over) if !self.session.closed => Ok(()),
            _ => self.writable(),
        }
    }

    /// Enters the next hand.
    pub fn enter(&mut self, hand: GameHand, now: &str) -> Result<Outcome, DocError> {
        let at = self.session.hands.len();
        self.change(Change::Insert(at, Hand::new(hand)), Action::Add, now)
    }

    /// Puts `hand` in place of hand `i` (from 0).
    pub fn edit(&mut self, i: usize, hand: GameHand, now: &str) -> Result<Outcome, DocError> {
        let old = self.session.hands.get(i).ok_or(DocError::Nothing)?.clone();
        let new = Hand::replacing(hand, &old);
        self.change(Change::Replace(i, old, new), Action::Edit, now)
    }

    /// Deletes hand `i` (from 0).
    pub fn delete(&mut self, i: usize, now: &str) -> Result<Outcome, DocError> {
        let old = self.session.hands.get(i).ok_or(DocError::Nothing)?.clone();
        self.change(Change::Remove(i, old), Action::Delete, now)
    }

    pub fn undo(&mut self, now: &str) -> Result<Outcome, DocError> {
        let c = self.undo.peek_undo().ok_or(DocError::Nothing)?;
        self.change(c, Action::Undo, now)
    }

    pub fn redo(&mut self, now: &str) -> Result<Outcome, DocError> {
        let c = self.undo.peek_redo().ok_or(DocError::Nothing)?;
        self.change(c, Action::Redo, now)
    }

    /// Puts an old value back from the log.
    pub fn restore(&mut self, change: Change, now: &str) -> Result<Outcome, DocError> {
        self.change(change, Action::Restore, now)
    }

    /// Applies a change to the hands, saves it at once and records it for undo; refused (and
    /// nothing changes) if the session would no longer score.
    pub fn change(
        &mut self,
        change: Change,
        action: Action,
        now: &str,
    ) -> Result<Outcome, DocError> {
        self.writable()?;
        // A hand entered or edited; what undo, redo or the log puts back was taken once, and
        // is never refused by names merged since.
        match (&change, action) {
            (Change::Insert(i, h), Action::Add) | (Change::Replace(i, _, h), Action::Edit) => {
                self.seated(*i, &h.game)?;
            }
            _ => {}
        }
        if let Some(evening) = &self.evening {
            let (mut session, mut sheet) = (self.session.clone(), self.sheet.clone());
            history::apply(&mut session, &mut sheet, &change, action, now)
                .map_err(DocError::Refused)?;
            for_evening(evening, &self.path, &self.session.to_value(), &session)?;
        }
        history::apply(&mut self.session, &mut self.sheet, &change, action, now)
            .map_err(DocError::Refused)?;
        match action {
            Action::Undo => self.undo.undone(),
            Action::Redo => self.undo.redone(),
            _ => self.undo.push(change.clone()),
        }
        // A hand added on top of a file changed elsewhere, if that is the whole change: where an
        // earlier change could not be saved, the whole session is kept beside it instead (the
        // hand alone would leave the earlier change out).
        let added = match (&change, action) {
            (Change::Insert(i, h), Action::Add)
                if i + 1 == self.session.hands.len() && !self.unsaved =>
            {
                Some(h)
            }
            _ => None,
        };
        self.save(added, now)
    }

    /// The other side's word on hand `i` (from 0): agreed or not, by the side that lost points
    /// on it ([`history::word_side`]).
    pub fn word(&mut self, i: usize, agreed: bool, now: &str) -> Result<Outcome, DocError> {
        self.word_writable()?;
        if i >= self.session.hands.len() {
            return Err(DocError::Nothing);
        }
        let side = history::word_side(&self.sheet, i).map(|s| self.sheet.sides[s].clone());
        let word = if agreed {
            Action::Confirm
        } else {
            Action::Dispute
        };
        let who = history::Giver {
            side: side.as_deref(),
            seat: None,
        };
        history::give_word(&mut self.session, i, word, (who, None), now);
        self.save(None, now)
    }

    /// The word of the side answering hand `i`, given from its paired phone: recorded only for
    /// the hand `hand` (its id) at `revision`, as the phone was shown it, and only by the side
    /// that answers it (`side`: its place, and its name when the phone paired: a seat taken
    /// over by a substitute since is another's word); refused in words otherwise. A word that
    /// could not be written is not kept: the phone is told so, and it is never saved later.
    pub fn word_from_phone(
        &mut self,
        (hand, revision): (&str, &str),
        ((side, side_name), agreed): ((usize, &str), bool),
        phone: history::FromPhone<'_>,
        now: &str,
    ) -> Result<Outcome, DocError> {
        self.word_writable()?;
        // Under the session's lock from the reading to the writing: the file as it now is
        // (another writer's hand, another phone's word) gets the word on top, never a copy
        // beside it. A change of this document's own that could not be saved is kept as it is
        // (the write then settles it).
        let lock = Lock::acquire_within(&self.path, SAVE_WAIT).map_err(DocError::NotSaved)?;
        let mut tried = 0;
        loop {
            tried += 1;
            self.follow_file()?;
            let (log, unsaved) = (self.session.log.len(), self.unsaved);
            self.put_phone_word((hand, revision), ((side, side_name), agreed), phone, now)?;
            match self.write(&lock) {
                Ok(()) => return Ok(Outcome::Saved),
                // The file changed between the reading and the writing (a cleaner took the
                // lock meanwhile): the word goes on top of the file as it now is, checked
                // again, never in a whole copy beside it.
                Err(DocError::NotSaved(StoreError::Changed)) if !unsaved && tried < WORD_TRIES => {
                    self.session.log.truncate(log);
                    self.unsaved = false;
                }
                Err(DocError::NotSaved(StoreError::Changed)) if unsaved => {
                    return self.settle(&lock, None, now);
                }
                Err(e) => {
                    // Not written: taken back, so that no later save writes what the phone
                    // was told was refused.
                    self.session.log.truncate(log);
                    self.unsaved = unsaved;
                    return Err(e);
                }
            }
        }
    }

    /// Hand `hand` (as a session file writes it) entered from a table's paired phone named
    /// `label`, as the session's hand `shown` (its next one when the phone was shown the
    /// form): under the session's lock, on the file as it now is; refused in words where a
    /// hand was entered, changed or deleted since, or where the rules refuse it. Nothing that
    /// could not be written is kept.
    pub fn enter_from_phone(
        &mut self,
        (hand, shown): (&Value, usize),
        label: &str,
        now: &str,
    ) -> Result<Outcome, DocError> {
        self.writable()?;
        let lock = Lock::acquire_within(&self.path, SAVE_WAIT).map_err(DocError::NotSaved)?;
        let mut tried = 0;
        loop {
            tried += 1;
            self.follow_file()?;
            if self.unsaved || self.session.closed || self.session.hands.len() != shown {
                return Err(DocError::Refused(vec![Problem::file(Msg::new(
                    "doc.enter.changed",
                ))]));
            }
            let h = self.session.decode_at(hand, shown).map_err(|ms| {
                DocError::Refused(ms.into_iter().map(|m| Problem::hand(shown, m)).collect())
            })?;
            self.seated(shown, &h.game)?;
            let (log, sheet) = (self.session.log.len(), self.sheet.clone());
            let change = Change::Insert(shown, h);
            history::apply(
                &mut self.session,
                &mut self.sheet,
                &change,
                Action::Add,
                now,
            )
            .map_err(DocError::Refused)?;
            history::by_phone(&mut self.session, label);
            match self.write(&lock) {
                Ok(()) => {
                    self.undo.push(change);
                    return Ok(Outcome::Saved);
                }
                // Not written: taken back, so that no later save writes what the phone was
                // told was refused; where the file changed between the reading and the
                // writing (a cleaner took the lock meanwhile), read again and tried on the
                // file as it now is.
                Err(e) => {
                    self.session.log.truncate(log);
                    self.session.hands.truncate(shown);
                    self.sheet = sheet;
                    self.unsaved = false;
                    if !(matches!(e, DocError::NotSaved(StoreError::Changed)) && tried < WORD_TRIES)
                    {
                        return Err(e);
                    }
                }
            }
        }
    }

    /// The checks of a phone's word on the document as it now is, and the word given there
    /// (not yet written).
    fn put_phone_word(
        &mut self,
        (hand, revision): (&str, &str),
        ((side, side_name), agreed): ((usize, &str), bool),
        phone: history::FromPhone<'_>,
        now: &str,
    ) -> Result<(), DocError> {
        let ids = history::hand_ids(&self.session);
        let Some(i) = ids.iter().position(|id| id == hand) else {
            return Err(DocError::Refused(vec![Problem::file(Msg::new(
                "doc.answer.gone",
            ))]));
        };
        let asked = history::answering(&self.session, &self.sheet);
        let stands = history::stands(&self.session, &asked);
        if self.sheet.sides.get(side).map(String::as_str) != Some(side_name) {
            return Err(DocError::Refused(vec![Problem::file(Msg::new(
                "doc.answer.seat_changed",
            ))]));
        }
        let shown = history::revision((&self.session, &self.sheet), &stands, i, side);
        if shown.as_deref() != Some(revision) {
            return Err(DocError::Refused(vec![Problem::file(Msg::new(
                "doc.answer.changed",
            ))]));
        }
        if !asked.get(i).is_some_and(|a| a.contains(&side)) {
            return Err(DocError::Refused(vec![Problem::file(Msg::new(
                "doc.answer.not_yours",
            ))]));
        }
        // At a game of more sides each player answers for themself, by their seat.
        let who = history::Giver {
            side: self.sheet.sides.get(side).map(String::as_str),
            seat: (self.sheet.sides.len() > 2).then_some(side),
        };
        let word = if agreed {
            Action::Confirm
        } else {
            Action::Dispute
        };
        history::give_word(&mut self.session, i, word, (who, Some(phone)), now);
        Ok(())
    }

    /// The session's title and note (fields of the file that scoring ignores).
    pub fn set_fields(&mut self, title: &str, note: &str, now: &str) -> Result<Outcome, DocError> {
        self.writable()?;
        self.session.set_text_field("title", title);
        self.session.set_text_field("note", note);
        self.save(None, now)
    }

    /// Makes options the session's own, for every hand: scored again and logged.
    pub fn apply_options(
        &mut self,
        changes: &serde_json::Map<String, serde_json::Value>,
        now: &str,
    ) -> Result<Outcome, DocError> {
        self.writable()?;
        history::apply_options(&mut self.session, &mut self.sheet, changes, now)
            .map_err(DocError::Refused)?;
        self.save(None, now)
    }

    /// Marks the session stopped by the players; it is read only from then on.
    pub fn close(&mut self, now: &str) -> Result<Outcome, DocError> {
        self.writable()?;
        history::close(&mut self.session, &mut self.sheet, now);
        let out = self.save(None, now)?;
        // Over as the file now is: a close kept beside a file changed elsewhere leaves it open.
        if self.session.closed {
            self.read_only = Some(ReadOnly::Over);
        }
        Ok(out)
    }

    /// Opens the session again after the players closed it, or after its game reached its end
    /// (to mend a hand): read again under its lock, the reopening logged and saved.
    pub fn reopen(&mut self, now: &str) -> Result<Outcome, DocError> {
        if let Some(r @ ReadOnly::Newer(_)) = &self.read_only {
            return Err(DocError::ReadOnly(r.clone()));
        }
        if self.unsaved {
            return Err(DocError::Unsaved);
        }
        let lock = Lock::acquire_within(&self.path, SAVE_WAIT)?;
        let mut loaded = read_session(&self.path)?;
        if !(loaded.session.closed || loaded.sheet.natural_end) {
            return Err(DocError::Nothing);
        }
        history::reopen(&mut loaded.session, now);
        loaded.sheet.set_closed(false);
        self.replace(loaded);
        self.read_only = None;
        self.write(&lock)?;
        Ok(Outcome::Saved)
    }

    /// Reads the file again if it changed since the document read or wrote it.
    pub fn reload(&mut self) -> Result<Reloaded, DocError> {
        let now = match Stamp::of_path(&self.path) {
            Ok(s) => s,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Reloaded::Gone),
            Err(e) => return Err(StoreError::Io(e).into()),
        };
        if now == self.stamp {
            return Ok(Reloaded::Same);
        }
        // A change this document could not save is only here: the file is not read over it
        // (the next save settles it with the file as it then is).
        if self.unsaved {
            return Ok(Reloaded::Unsaved);
        }
        let loaded = read_session(&self.path)?;
        let hands = loaded.session.hands != self.session.hands;
        self.replace(loaded);
        // A session the players ended elsewhere is over here too.
        if self.read_only.is_none()
            && session_over(self.session.game, self.sheet.finished, self.session.closed)
        {
            self.read_only = Some(ReadOnly::Over);
        }
        Ok(Reloaded::Changed { hands })
    }

    /// Merges the conflict copies another machine left of this session (under its lock, for
    /// the time of the merge), then shows the file as it now is.
    pub fn merge_copies(
        &mut self,
        store: &Store,
        picks: &[usize],
        expect: Option<&[Choice]>,
        now: &str,
    ) -> Result<Merging, DocError> {
        // What could not be saved is only here: a merge read over it would lose it.
        if self.unsaved {
            return Err(DocError::Unsaved);
        }
        let merging = merge_copies(store, &self.path, picks, expect, now)?;
        if matches!(merging, Merging::Merged(_)) {
            // What the merge wrote is what the table sees (nothing of the window's is lost:
            // it was all saved).
            if let Ok(loaded) = read_session(&self.path) {
                self.replace(loaded);
            }
        }
        Ok(merging)
    }

    /// The file read again where it changed since the document read it (and the document has
    /// nothing unsaved of its own).
    fn follow_file(&mut self) -> Result<(), DocError> {
        if !self.unsaved && Stamp::of_path(&self.path).ok() != Some(self.stamp) {
            let loaded = read_session(&self.path)?;
            self.replace(loaded);
        }
        Ok(())
    }

    /// The file as it now is, in place of what the document held; undo starts afresh (its
    /// steps were of the file before).
    fn replace(&mut self, loaded: Loaded) {
        self.session = loaded.session;
        self.sheet = loaded.sheet;
        self.stamp = loaded.stamp;
        self.undo = UndoStack::default();
        self.unsaved = false;
    }

    /// Saves the document over its file, under the session's lock for the time of the write.
    /// `added`: the change was only this hand added at the end (which goes on top of a file
    /// changed meanwhile).
    fn save(&mut self, added: Option<&Hand>, now: &str) -> Result<Outcome, DocError> {
        let lock = match Lock::acquire_within(&self.path, SAVE_WAIT) {
            Ok(l) => l,
            Err(e) => {
                self.unsaved = true;
                return Err(DocError::NotSaved(e));
            }
        };
        match self.write(&lock) {
            Ok(()) => Ok(Outcome::Saved),
            Err(DocError::NotSaved(StoreError::Changed)) => self.settle(&lock, added, now),
            Err(e) => Err(e),
        }
    }

    fn write(&mut self, lock: &Lock) -> Result<(), DocError> {
        match crate::save::save(&self.path, &self.session, self.stamp, lock) {
            Ok(stamp) => {
                self.stamp = stamp;
                self.unsaved = false;
                Ok(())
            }
            Err(e) => {
                self.unsaved = true;
                Err(DocError::NotSaved(e))
            }
        }
    }

    /// The file changed since the document read it: settled by [`settle`] (once: the window
    /// waits on no more than one file); the document then shows the file as it now is.
    fn settle(
        &mut self,
        lock: &Lock,
        added: Option<&Hand>,
        now: &str,
    ) -> Result<Outcome, DocError> {
        match settle(&self.path, lock, &self.session, added, now, Patience::ONCE) {
            Ok((outcome, loaded)) => {
                self.replace(loaded);
                Ok(outcome)
            }
            // Not settled: the change is only here, and stays shown.
            Err(e) => {
                self.unsaved = true;
                Err(e)
            }
        }
    }
}

/// "The file changed under me", settled one way for every writer (the window's document, the
/// command line's `add`, the room's server to come), under the lock held: the file is read as
/// it now is; a hand added at the end (`added`, when that was the whole change) goes on top of
/// it and is saved; any other change is kept in a copy beside it, never over theirs. While
/// another writer keeps changing the file (a cleaner deleted the lock it held), it is read and
/// settled again, as `patience` allows. What the file now holds comes back with the outcome.
fn settle(
    path: &Path,
    lock: &Lock,
    ours: &Session,
    added: Option<&Hand>,
    now: &str,
    patience: Patience,
) -> Result<(Outcome, Loaded), DocError> {
    let mut tried = 0;
    loop {
        tried += 1;
        match merge_after_change(path, ours, added, now).map_err(DocError::NotSaved)? {
            Merged::Added(mut loaded) => {
                match crate::save::save(path, &loaded.session, loaded.stamp, lock) {
                    Ok(stamp) => {
                        loaded.stamp = stamp;
                        return Ok((Outcome::AddedOnNewer, loaded));
                    }
                    Err(StoreError::Changed | StoreError::Locked(_)) if patience.again(tried) => {}
                    Err(e) => return Err(DocError::NotSaved(e)),
                }
            }
            Merged::Kept {
                loaded,
                copy: Ok(copy),
            } => return Ok((Outcome::KeptBeside(Ok(copy)), loaded)),
            Merged::Kept { copy: Err(e), .. } => {
                return Err(DocError::NotSaved(StoreError::Write(e)));
            }
        }
    }
}

/// How long a writer tries again while the file keeps changing under it: a number of times at
/// least, and until a time.
#[derive(Clone, Copy)]
pub struct Patience {
    pub tries: usize,
    pub until: Option<std::time::Instant>,
}

impl Patience {
    /// Once: the window waits on no more than one file.
    const ONCE: Patience = Patience {
        tries: 1,
        until: None,
    };

    pub(crate) fn again(self, tried: usize) -> bool {
        tried < self.tries || self.until.is_some_and(|u| std::time::Instant::now() < u)
    }
}

/// A session opened to add hands at its end (the command line's `marque add`), under a lock
/// its caller holds: read without its sheet (the game after the last hand is all that is
/// kept), saved by putting the new hands into the text as it was read, so that adding to a
/// session of 100,000 hands costs little more than copying its file. A file changed meanwhile
/// is settled as the window's document settles it (`settle`), with more patience: the
/// command line may wait.
pub struct Appender<'l> {
    path: PathBuf,
    lock: &'l Lock,
    appending: Appending,
    patience: Patience,
    /// The evening that names this file among its tables, as read ([`Appender::in_evening`]).
    evening: Option<Value>,
}

impl<'l> Appender<'l> {
    /// The session at `path`, read to add at its end; the lock is taken again first if a
    /// cleaner deleted it. A file that keeps changing under the lock is read and settled again
    /// as `patience` allows.
    pub fn open(
        path: &Path,
        lock: &'l Lock,
        patience: Patience,
    ) -> Result<Appender<'l>, StoreError> {
        lock.hold()?;
        Ok(Appender {
            path: path.to_path_buf(),
            lock,
            appending: read_for_append(path)?,
            patience,
            evening: None,
        })
    }

    /// The evening that names this file among its tables: a hand it would not count is refused.
    pub fn in_evening(&mut self, evening: Value) {
        self.evening = Some(evening);
    }

    pub fn session(&self) -> &Session {
        &self.appending.session
    }

    /// Who sits where before the hand added.
    pub fn seats(&self) -> &marque_core::games::table::Seats {
        self.appending.replay.seats()
    }

    /// Takes up a session the players had stopped (logged).
    pub fn reopen(&mut self, now: &str) {
        history::reopen(&mut self.appending.session, now);
    }

    /// Adds `hand` at the end and saves; refused (nothing written) if it does not play.
    /// (A hand as decoded from a file or the command line: fields Marque does not know stay.)
    pub fn enter(mut self, hand: Hand, now: &str) -> Result<Outcome, DocError> {
        let Appending {
            session, replay, ..
        } = &mut self.appending;
        let at = session.hands.len();
        seating((&self.path, at), &hand.game, replay.seats(), None)?;
        let before = self.evening.as_ref().map(|_| session.to_value());
        history::append(session, replay, hand.clone(), now).map_err(DocError::Refused)?;
        if let (Some(evening), Some(before)) = (&self.evening, &before) {
            for_evening(evening, &self.path, before, session)?;
        }
        let outcome = match self.appending.save(&self.path, self.lock) {
            Ok(_) => Outcome::Saved,
            Err(StoreError::Changed | StoreError::Locked(_)) => {
                let ours = &self.appending.session;
                settle(&self.path, self.lock, ours, Some(&hand), now, self.patience)?.0
            }
            Err(e) => return Err(DocError::NotSaved(e)),
        };
        // The process ends soon: the system takes back its memory at once, without freeing
        // thousands of hands one by one.
        std::mem::forget(self.appending);
        Ok(outcome)
    }
}

/// Adds a hand at the end of the session at `path` (the command line's `marque add`), under
/// `lock`: `make` is handed the session as it now is, read to add at its end, and gives the hand
/// to add (or why not, in words). The document's one loop of tries: while another writer holds
/// the lock (a cleaner deleted it while that one held it) or the file keeps changing between
/// the reading and the saving, the file is read again from the start and `make` asked again,
/// as `patience` allows; a file changed once is settled as the window settles it.
pub fn append_with(
    path: &Path,
    lock: &Lock,
    patience: Patience,
    now: &str,
    mut make: impl FnMut(&mut Appender<'_>) -> Result<Hand, DocError>,
) -> Result<Outcome, DocError> {
    let mut tried = 0;
    loop {
        tried += 1;
        let added = Appender::open(path, lock, patience)
            .map_err(DocError::Store)
            .and_then(|mut doc| {
                let hand = make(&mut doc)?;
                doc.enter(hand, now)
            });
        match added {
            Err(DocError::Store(StoreError::Locked(_) | StoreError::Changed))
            | Err(DocError::NotSaved(StoreError::Locked(_) | StoreError::Changed))
                if patience.again(tried) => {}
            done => return done,
        }
    }
}

/// Merges the conflict copies of the session at `path`, taking its lock for the time of the
/// merge (what the home screen's merge key does for a session not open).
pub fn merge_copies(
    store: &Store,
    path: &Path,
    picks: &[usize],
    expect: Option<&[Choice]>,
    now: &str,
) -> Result<Merging, StoreError> {
    let lock = Lock::acquire_within(path, SAVE_WAIT)?;
    crate::sync::merge_copies(store, path, &lock, picks, expect, now)
}
