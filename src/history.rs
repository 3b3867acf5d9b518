//! Changes to a session's hands, their inverse (undo), and the edit log kept inside the file.
//!
//! Every change to the hands goes through [`apply`]: it checks that the session still scores,
//! and records an entry in the session's `log` (time, action, hand, old and new value), so that
//! the score sheet never changes without a trace.

use serde_json::{Value, json};

use crate::session::{Problem, Session, Sheet};

/// One change to the list of hands.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A hand inserted at this index (at the end for a new hand).
    Insert(usize, Value),
    /// The hand at this index removed.
    Remove(usize, Value),
    /// The hand at this index replaced: old, new.
    Replace(usize, Value, Value),
}

impl Change {
    pub fn inverse(&self) -> Change {
        match self {
            Change::Insert(i, v) => Change::Remove(*i, v.clone()),
            Change::Remove(i, v) => Change::Insert(*i, v.clone()),
            Change::Replace(i, old, new) => Change::Replace(*i, new.clone(), old.clone()),
        }
    }

    fn hand(&self) -> usize {
        match self {
            Change::Insert(i, _) | Change::Remove(i, _) | Change::Replace(i, _, _) => *i,
        }
    }

    fn old_new(&self) -> (Value, Value) {
        match self {
            Change::Insert(_, v) => (Value::Null, v.clone()),
            Change::Remove(_, v) => (v.clone(), Value::Null),
            Change::Replace(_, o, n) => (o.clone(), n.clone()),
        }
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
}

impl Action {
    pub const ALL: [Action; 7] = [
        Action::Add,
        Action::Edit,
        Action::Delete,
        Action::Undo,
        Action::Redo,
        Action::Restore,
        Action::Close,
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
        }
    }
    pub fn from_id(s: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.id() == s)
    }
}

/// Applies `change` to a copy of `session`; if the result scores, records it in the log and
/// returns the new session with its sheet. Otherwise the problems (the session is untouched).
pub fn apply(
    session: &Session,
    change: &Change,
    action: Action,
) -> Result<(Session, Sheet), Vec<Problem>> {
    let mut s = session.clone();
    let n = s.hands.len();
    match change {
        Change::Insert(i, v) if *i <= n => s.hands.insert(*i, v.clone()),
        Change::Remove(i, _) if *i < n => {
            s.hands.remove(*i);
        }
        Change::Replace(i, _, v) if *i < n => s.hands[*i] = v.clone(),
        _ => {
            return Err(vec![Problem::file(crate::msg!(
                "log.no_such_hand",
                n = change.hand() + 1
            ))]);
        }
    }
    let sheet = s.score()?;
    let (old, new) = change.old_new();
    let entry = json!({
        "at": chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        "action": action.id(),
        "hand": change.hand() + 1,
        "old": old,
        "new": new,
    });
    push_log(&mut s, entry);
    Ok((s, sheet))
}

/// Marks a session closed (stopped before its natural end) and logs it; returns the new
/// session and its sheet.
pub fn close(session: &Session) -> Result<(Session, Sheet), Vec<Problem>> {
    let mut s = session.clone();
    s.closed = true;
    let sheet = s.score()?;
    push_log(
        &mut s,
        json!({
            "at": chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
            "action": Action::Close.id(),
            "hand": 0,
            "old": Value::Null,
            "new": Value::Null,
        }),
    );
    Ok((s, sheet))
}

fn push_log(s: &mut Session, entry: Value) {
    match s.extra.get_mut("log") {
        Some(Value::Array(log)) => log.push(entry),
        _ => {
            s.extra.insert("log".into(), Value::Array(vec![entry]));
        }
    }
}

/// One entry of a session's edit log.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub at: String,
    pub action: Option<Action>,
    /// The hand's number (from 1).
    pub hand: usize,
    pub old: Value,
    pub new: Value,
}

/// The log of a session, oldest first (entries it cannot read are skipped).
pub fn log(session: &Session) -> Vec<Entry> {
    let Some(Value::Array(list)) = session.extra.get("log") else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|e| {
            Some(Entry {
                at: e.get("at")?.as_str()?.to_string(),
                action: Action::from_id(e.get("action")?.as_str()?),
                hand: e.get("hand")?.as_u64()? as usize,
                old: e.get("old").cloned().unwrap_or(Value::Null),
                new: e.get("new").cloned().unwrap_or(Value::Null),
            })
        })
        .collect()
}

/// The change that puts a log entry's old value back: the hand replaced by it, or re-inserted
/// when the entry deleted it. `None` when the entry has no old value (an added hand).
pub fn restore(session: &Session, entry: &Entry) -> Option<Change> {
    if entry.old.is_null() || entry.hand == 0 {
        return None;
    }
    let i = entry.hand - 1;
    if entry.new.is_null() {
        (i <= session.hands.len()).then(|| Change::Insert(i, entry.old.clone()))
    } else {
        session
            .hands
            .get(i)
            .map(|current| Change::Replace(i, current.clone(), entry.old.clone()))
    }
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
