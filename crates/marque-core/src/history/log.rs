//! The edit log: each change to a session (a hand entered, edited, deleted, put back, the
//! options, the word of the other side), recorded with its time and machine, applied and undone.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::session::{Hand, Problem, RawJson, Replay, Session, Sheet};

/// One change to the list of hands.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A hand inserted at this index (at the end for a new hand).
    Insert(usize, Hand),
    /// The hand at this index removed.
    Remove(usize, Hand),
    /// The hand at this index replaced: old, new.
    Replace(usize, Hand, Hand),
}

impl Change {
    pub fn inverse(&self) -> Change {
        match self {
            Change::Insert(i, v) => Change::Remove(*i, v.clone()),
            Change::Remove(i, v) => Change::Insert(*i, v.clone()),
            Change::Replace(i, old, new) => Change::Replace(*i, new.clone(), old.clone()),
        }
    }

    /// The index of the hand changed.
    pub fn hand(&self) -> usize {
        match self {
            Change::Insert(i, _) | Change::Remove(i, _) | Change::Replace(i, _, _) => *i,
        }
    }

    fn old_new(&self) -> (Option<&Hand>, Option<&Hand>) {
        match self {
            Change::Insert(_, v) => (None, Some(v)),
            Change::Remove(_, v) => (Some(v), None),
            Change::Replace(_, o, n) => (Some(o), Some(n)),
        }
    }

    /// Makes the change to a list of hands; false if the index is not there.
    fn make(&self, hands: &mut Vec<Hand>) -> bool {
        let n = hands.len();
        match self {
            Change::Insert(i, v) if *i <= n => hands.insert(*i, v.clone()),
            Change::Remove(i, _) if *i < n => {
                hands.remove(*i);
            }
            Change::Replace(i, _, v) if *i < n => hands[*i] = v.clone(),
            _ => return false,
        }
        true
    }
}

/// Why a change is made, as written in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Add,
    Edit,
    Delete,
    Undo,
    Redo,
    Restore,
    /// The players stopped the game: the session is marked closed (no hand changes).
    Close,
    /// A closed session was opened again for more hands.
    Reopen,
    /// The other side agreed with a hand as entered (its word, `new.side`).
    Confirm,
    /// The other side did not agree with a hand as entered: it is marked until confirmed or
    /// edited.
    Dispute,
    /// The session's options were changed, for every hand (`old` and `new` are the options).
    Options,
    /// Copies of the session changed apart on other machines were merged into it (`new` says
    /// which, and what the players chose).
    Merge,
    /// A version the players did not keep in a merge (a hand another copy entered or changed
    /// otherwise): `old` is that version, `new` the hand kept there (none for a hand left
    /// out), `copy` the copy it came from. It changes nothing; restoring it puts it back.
    Aside,
    /// A word a merge kept for the record only: said on a hand as one copy had it, where another
    /// copy's change of that hand was kept. `new` is the word as said (`word`: `confirm` or
    /// `dispute`, with its side, seat, phone and reason), `copy` the copy it came from. It
    /// changes nothing and answers nothing: the hand as kept is asked again.
    Lapsed,
}

impl Action {
    pub const ALL: [Action; 14] = [
        Action::Add,
        Action::Edit,
        Action::Delete,
        Action::Undo,
        Action::Redo,
        Action::Restore,
        Action::Close,
        Action::Reopen,
        Action::Confirm,
        Action::Dispute,
        Action::Options,
        Action::Merge,
        Action::Aside,
        Action::Lapsed,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Action::Add => "add",
            Action::Edit => "edit",
            Action::Delete => "delete",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Restore => "restore",
            Action::Close => "close",
            Action::Reopen => "reopen",
            Action::Confirm => "confirm",
            Action::Dispute => "dispute",
            Action::Options => "options",
            Action::Merge => "merge",
            Action::Aside => "aside",
            Action::Lapsed => "lapsed",
        }
    }
    pub fn name_key(self) -> &'static str {
        match self {
            Action::Add => "log.add",
            Action::Edit => "log.edit",
            Action::Delete => "log.delete",
            Action::Undo => "log.undo",
            Action::Redo => "log.redo",
            Action::Restore => "log.restore",
            Action::Close => "log.close",
            Action::Reopen => "log.reopen",
            Action::Confirm => "log.confirm",
            Action::Dispute => "log.dispute",
            Action::Options => "log.options",
            Action::Merge => "log.merge",
            Action::Aside => "log.aside",
            Action::Lapsed => "log.lapsed",
        }
    }
    pub fn from_id(s: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.id() == s)
    }
}

/// Applies `change` to `session` and its `sheet` (which must be the session's) at time `at` (an
/// RFC 3339 time from the caller's clock). Adding a hand at the end plays that hand only; any
/// other change replays from the hand it touches. If the session no longer scores, nothing
/// changes and the problems are returned.
pub fn apply(
    session: &mut Session,
    sheet: &mut Sheet,
    change: &Change,
    action: Action,
    at: &str,
) -> Result<(), Vec<Problem>> {
    let id = match (action, change) {
        (Action::Add, Change::Insert(..)) => Some(HandId::fresh()),
        (Action::Undo | Action::Redo | Action::Restore, Change::Insert(_, h)) => {
            put_back_id(session, &h.to_value())
        }
        _ => None,
    };
    apply_as(session, sheet, change, action, at, id.as_ref())
}

/// The id of the hand a change puts back (undo, redo, restore): the last hand of that value
/// the log took out. Read from the whole log, only for these rare changes.
fn put_back_id(session: &Session, value: &Value) -> Option<HandId> {
    let mut removed = Ids::after(&log(session)).removed;
    let r = removed.iter().rposition(|(_, v)| v == value)?;
    removed.swap_remove(r).0.map(HandId)
}

/// The hands as the log follows them, played entry by entry: each one's id and value, in the
/// hands' order, and the hands taken out on the way with their ids.
#[derive(Default)]
struct Ids {
    ids: Vec<Option<String>>,
    values: Vec<Value>,
    removed: Vec<(Option<String>, Value)>,
}

impl Ids {
    fn after(entries: &[Entry]) -> Ids {
        let mut out = Ids::default();
        for e in entries {
            out.play(e);
        }
        out
    }

    fn play(&mut self, e: &Entry) {
        let Some(i) = e.hand.checked_sub(1) else {
            return;
        };
        match (e.action, e.old.is_null(), e.new.is_null()) {
            (Some(Action::Add | Action::Undo | Action::Redo | Action::Restore), true, false) => {
                let id = e.id.clone().or_else(|| {
                    let r = self.removed.iter().rposition(|(_, v)| *v == e.new)?;
                    self.removed.remove(r).0
                });
                let at = i.min(self.ids.len());
                self.ids.insert(at, id);
                self.values.insert(at, e.new.clone());
            }
            (Some(Action::Delete | Action::Undo | Action::Redo | Action::Restore), false, true)
                if i < self.ids.len() =>
            {
                self.values.remove(i);
                self.removed.push((self.ids.remove(i), e.old.clone()));
            }
            (Some(_), false, false) if i < self.values.len() => self.values[i] = e.new.clone(),
            _ => {}
        }
    }
}

/// The change that puts each log entry's old value back ([`restore`]), for the whole log at
/// once: the hands followed through it a single time (what the log's screen shows each frame).
pub fn restores(session: &Session, entries: &[Entry]) -> Vec<Option<Change>> {
    let now = Ids::after(entries);
    let mut then = Ids::default();
    entries
        .iter()
        .map(|e| {
            let change = restore_with(session, e, (&then, &now));
            then.play(e);
            change
        })
        .collect()
}

/// [`apply`], the hand known by `id` when the change adds it: a merge keeps the id a copy
/// gave it (a hand added is known by it on every machine).
pub fn apply_as(
    session: &mut Session,
    sheet: &mut Sheet,
    change: &Change,
    action: Action,
    at: &str,
    id: Option<&HandId>,
) -> Result<(), Vec<Problem>> {
    let i = change.hand();
    let no_such_hand = || {
        let m = session
            .game
            .hand_words(crate::i18n::msg!("log.no_such_hand", n = i + 1));
        vec![Problem::file(m)]
    };
    match change {
        Change::Insert(i, h) if *i == session.hands.len() && sheet.hands.len() == *i => {
            sheet.push(&h.game).map_err(|ms| {
                ms.into_iter()
                    .map(|m| Problem::hand(*i, m))
                    .collect::<Vec<_>>()
            })?;
            session.hands.push(h.clone());
        }
        _ => {
            if !change.make(&mut session.hands) {
                return Err(no_such_hand());
            }
            if let Err((k, ms)) = sheet.replay_from(i, &session.hands) {
                // Put the hands back as they were, and the sheet with them.
                change.inverse().make(&mut session.hands);
                // They played before the change: they play again (a refusal is not possible).
                sheet.replay_from(i, &session.hands).ok();
                return Err(ms.into_iter().map(|m| Problem::hand(k, m)).collect());
            }
        }
    }
    log_change(session, change, action, at, id);
    Ok(())
}

/// Who a hand added is, whatever it holds and wherever it comes to stand: 64 random bits from
/// the system's generator, written in hexadecimal in the log entry that adds it. Two machines
/// cannot both draw one (two deals entered alike in the same second are two deals), and every
/// writer keeps it, so a copy merged twice adds nothing twice.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HandId(pub String);

impl HandId {
    /// A new id. Where the system gives no random bytes (never on Linux), the time and the
    /// process stand in for them, mixed by the standard library's randomly keyed hasher.
    pub fn fresh() -> HandId {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            use std::hash::{BuildHasher, Hasher};
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u32(std::process::id());
            bytes = h.finish().to_le_bytes();
        }
        HandId(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// Adds `hand` at the end of `session`, played on `replay` (the game after the session's last
/// hand), and logs it: what `marque add` needs, without a score sheet.
pub fn append(
    session: &mut Session,
    replay: &mut Replay,
    hand: Hand,
    at: &str,
) -> Result<(), Vec<Problem>> {
    let i = session.hands.len();
    replay.play(&hand.game).map_err(|ms| {
        ms.into_iter()
            .map(|m| Problem::hand(i, m))
            .collect::<Vec<_>>()
    })?;
    let change = Change::Insert(i, hand);
    log_change(session, &change, Action::Add, at, Some(&HandId::fresh()));
    if let Change::Insert(_, h) = change {
        session.hands.push(h);
    }
    Ok(())
}

/// Names the paired phone `label` in the log's last entry (a hand a table's phone entered),
/// as a phone's word names it: the log says which phone, and the window which one wrote.
pub fn by_phone(session: &mut Session, label: &str) {
    let Some(last) = session.log.last_mut() else {
        return;
    };
    let mut e = last.to_value();
    if let Some(o) = e.as_object_mut() {
        o.insert("phone".into(), Value::from(label));
    }
    if let Some(r) = RawJson::of(&e) {
        *last = r;
    }
}

/// Adds one entry to the session's log as given: a merge writes its own entry, and the
/// entries of other machines that touched nothing here.
pub fn record(
    session: &mut Session,
    at: &str,
    action: Action,
    hand: usize,
    old: Option<&RawValue>,
    new: Option<&RawValue>,
) {
    push_log(
        session,
        &LogOut {
            at,
            action: action.id(),
            hand,
            id: None,
            old: old.map(Cow::Borrowed),
            new: new.map(Cow::Borrowed),
        },
    );
}

fn log_change(
    session: &mut Session,
    change: &Change,
    action: Action,
    at: &str,
    id: Option<&HandId>,
) {
    let (old, new) = change.old_new();
    push_log(
        session,
        &LogOut {
            at,
            action: action.id(),
            hand: change.hand() + 1,
            id: id.map(|i| i.0.as_str()),
            old: old.map(Hand::raw),
            new: new.map(Hand::raw),
        },
    );
}

/// Marks a session closed (stopped before its natural end) and logs it.
pub fn close(session: &mut Session, sheet: &mut Sheet, at: &str) {
    session.closed = true;
    sheet.set_closed(true);
    push_log(
        session,
        &LogOut {
            at,
            action: Action::Close.id(),
            hand: 0,
            id: None,
            old: None,
            new: None,
        },
    );
}

/// Opens a closed session again for more hands, and logs it.
pub fn reopen(session: &mut Session, at: &str) {
    session.closed = false;
    push_log(
        session,
        &LogOut {
            at,
            action: Action::Reopen.id(),
            hand: 0,
            id: None,
            old: None,
            new: None,
        },
    );
}

/// Changes the session's options for every hand (a session file holds one set of options):
/// the session is scored again under them, and the log keeps the old and new options. If it
/// no longer scores, nothing changes and the problems are returned.
pub fn apply_options(
    session: &mut Session,
    sheet: &mut Sheet,
    changes: &serde_json::Map<String, Value>,
    at: &str,
) -> Result<(), Vec<Problem>> {
    let tried = crate::explain::what_if(session, changes)?;
    let old = RawJson::of(session.options.written());
    let new = RawJson::of(tried.session.options.written());
    let crate::explain::WhatIf {
        session: mut other,
        sheet: other_sheet,
        ..
    } = tried;
    push_log(
        &mut other,
        &LogOut {
            at,
            action: Action::Options.id(),
            hand: 0,
            id: None,
            old: old.as_ref().map(|r| Cow::Borrowed(&*r.0)),
            new: new.as_ref().map(|r| Cow::Borrowed(&*r.0)),
        },
    );
    *session = other;
    *sheet = other_sheet;
    Ok(())
}

/// Where a "log" field Marque does not understand goes when Marque starts its own log.
pub const KEPT_LOG: &str = "kept_log";

/// A log entry as written.
#[derive(Serialize)]
pub(super) struct LogOut<'a> {
    pub(super) at: &'a str,
    pub(super) action: &'a str,
    pub(super) hand: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) id: Option<&'a str>,
    pub(super) old: Option<Cow<'a, RawValue>>,
    pub(super) new: Option<Cow<'a, RawValue>>,
}

pub(super) fn push_log(s: &mut Session, entry: &LogOut) {
    // A "log" field of another shape (another tool's), kept aside while reading, is kept under
    // a name of its own ("kept_log", "kept_log_2"…): the real log takes its place, nothing of it
    // is lost.
    if let Some(foreign) = s.extra.remove("log") {
        let mut name = KEPT_LOG.to_string();
        let mut k = 2;
        while s.extra.contains_key(&name) {
            name = format!("{KEPT_LOG}_{k}");
            k += 1;
        }
        s.extra.insert(name, foreign);
    }
    if let Some(r) = RawJson::of(entry) {
        s.log.push(r);
    }
}

/// One entry of a session's edit log.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub at: String,
    pub action: Option<Action>,
    /// The hand's number (from 1).
    pub hand: usize,
    /// Who the hand added is ([`HandId`]); none in other entries, and in files written before
    /// hands had ids.
    pub id: Option<String>,
    pub old: Value,
    pub new: Value,
    /// A version set aside by a merge: the copy it came from (its file's name) and when it
    /// was made there.
    pub copy: Option<String>,
    pub then: Option<String>,
    /// A field of the file set aside by a merge (`title`, `note`), in place of a hand.
    pub field: Option<String>,
    /// The paired phone that entered the hand ([`by_phone`]).
    pub phone: Option<String>,
}

impl Entry {
    /// One entry as written; None if it does not read as one.
    pub fn read(r: &RawJson) -> Option<Entry> {
        let e = r.to_value();
        Some(Entry {
            at: e.get("at")?.as_str()?.to_string(),
            action: Action::from_id(e.get("action")?.as_str()?),
            hand: usize::try_from(e.get("hand")?.as_u64()?).ok()?,
            id: e.get("id").and_then(Value::as_str).map(str::to_string),
            old: e.get("old").cloned().unwrap_or(Value::Null),
            new: e.get("new").cloned().unwrap_or(Value::Null),
            copy: e.get("copy").and_then(Value::as_str).map(str::to_string),
            then: e.get("then").and_then(Value::as_str).map(str::to_string),
            field: e.get("field").and_then(Value::as_str).map(str::to_string),
            phone: e.get("phone").and_then(Value::as_str).map(str::to_string),
        })
    }
}

/// The log of a session, oldest first (entries it cannot read are skipped).
pub fn log(session: &Session) -> Vec<Entry> {
    session.log.iter().filter_map(Entry::read).collect()
}

/// The change that puts a log entry's old value back: the hand replaced by it, or re-inserted
/// when the entry deleted it. `None` when the entry has no old value (an added hand) or the old
/// value no longer reads as a hand of this session.
///
/// `entries` is the session's log ([`log`]) and `k` the entry's place in it. A version set aside
/// by a merge goes in place of the hand kept then, followed by its id where the log gives the
/// hands theirs: where that hand now stands, edited or moved since, and none if it is gone
/// (never another hand that happens to read the same).
pub fn restore(session: &Session, entries: &[Entry], k: usize) -> Option<Change> {
    let entry = entries.get(k)?;
    let (then, now) = (Ids::after(&entries[..k]), Ids::after(entries));
    restore_with(session, entry, (&then, &now))
}

/// [`restore`] of `entry`, the hands followed through the log before it (`then`) and through
/// all of it (`now`).
fn restore_with(session: &Session, entry: &Entry, (then, now): (&Ids, &Ids)) -> Option<Change> {
    if entry.old.is_null() || entry.hand == 0 {
        return None;
    }
    let mut i = entry.hand - 1;
    let old = session.decode_at(&entry.old, i).ok()?;
    if entry.new.is_null() {
        return (i <= session.hands.len()).then_some(Change::Insert(i, old));
    }
    if entry.action == Some(Action::Aside) {
        i = kept_now(session, entry, (then, now))?;
    }
    session
        .hands
        .get(i)
        .map(|current| Change::Replace(i, current.clone(), old))
}

/// Where the hand an `aside` entry was set aside for stands now: by its id where the log
/// follows every hand and the hand at its place then is the one it names (found again however
/// it was edited or moved since; none if it was deleted); by its value where it does not
/// (files from before hands had ids, an entry carried over from an earlier merge).
fn kept_now(session: &Session, entry: &Entry, (then, now): (&Ids, &Ids)) -> Option<usize> {
    let at = entry.hand - 1;
    if let (Some(Some(id)), Some(value)) = (then.ids.get(at), then.values.get(at))
        && *value == entry.new
        && now.ids.len() == session.hands.len()
    {
        return now
            .ids
            .iter()
            .position(|n| n.as_deref() == Some(id.as_str()));
    }
    if session
        .hands
        .get(at)
        .is_some_and(|h| h.to_value() == entry.new)
    {
        return Some(at);
    }
    session.hands.iter().position(|h| h.to_value() == entry.new)
}

/// Undo and redo over the changes of one app session.
#[derive(Debug, Clone, Default)]
pub struct UndoStack {
    done: Vec<Change>,
    undone: Vec<Change>,
}

impl UndoStack {
    /// Records a change just applied (clears what could be redone).
    pub fn push(&mut self, c: Change) {
        self.done.push(c);
        self.undone.clear();
    }
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }
    /// The change that undoes the last one; call [`UndoStack::undone`] once it is applied.
    pub fn peek_undo(&self) -> Option<Change> {
        self.done.last().map(Change::inverse)
    }
    pub fn peek_redo(&self) -> Option<Change> {
        self.undone.last().cloned()
    }
    pub fn undone(&mut self) {
        if let Some(c) = self.done.pop() {
            self.undone.push(c);
        }
    }
    pub fn redone(&mut self) {
        if let Some(c) = self.undone.pop() {
            self.done.push(c);
        }
    }
}

/// Each hand's id, as the log follows it (a hand the log does not account for, from a file
/// written by another tool, by its place: `#N`).
pub fn hand_ids(session: &Session) -> Vec<String> {
    let ids = Ids::after(&log(session)).ids;
    (0..session.hands.len())
        .map(|i| match ids.get(i) {
            Some(Some(id)) if ids.len() == session.hands.len() => id.clone(),
            _ => format!("#{}", i + 1),
        })
        .collect()
}
