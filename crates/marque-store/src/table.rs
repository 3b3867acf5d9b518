//! A bridge table's file of an evening as a document (`club-format.md`): read as it is, changed
//! by typed operations (a board added, an entry corrected, deleted or put back), each checked
//! against the evening beside it, logged in the file's own log and saved at once, atomically,
//! never over a file that changed since it was read. The window's table screen and
//! `marque add` both write a table's file through it.

use std::path::{Path, PathBuf};

use marque_core::club::{self, At, Problems};
use marque_core::history::{Action, HandId};
use marque_core::i18n::Msg;
use serde_json::{Value, json};

use crate::error::StoreError;
use crate::evening::read_json;
use crate::files::read_file;
use crate::limits::MAX_SESSION_BYTES;
use crate::lock::Lock;
use crate::save::save_table;
use crate::stamp::Stamp;

/// A change to a table's entries.
#[derive(Debug, Clone, PartialEq)]
pub enum TableOp {
    /// A board entered: at the end of the file.
    Add(Value),
    /// Entry `i` (from 0) corrected.
    Edit(usize, Value),
    /// Entry `i` deleted (the log keeps it: it can be put back).
    Delete(usize),
    /// An entry put back at place `i` (a deletion undone).
    PutBack(usize, Value),
    /// The other side's word on entry `i` (from 0), as entered: agreed or not, by the side
    /// named (`"EW"`); the entries are unchanged, the log keeps the word.
    Word(usize, bool, String),
}

/// Why an operation was not carried out.
#[derive(Debug)]
pub enum TableRefused {
    /// The file would not be a table of its evening: what is wrong, where.
    Problems(Problems),
    /// The file could not be read or written (it changed since it was read, a lock, a disk).
    Store(StoreError),
}

/// A table's file as last read: its name in the folder, its JSON and the evening that names it.
#[derive(Debug, Clone)]
pub struct TableDoc {
    pub path: PathBuf,
    pub name: String,
    pub value: Value,
    /// The evening beside the file that names it among its tables, as read with it.
    pub evening: Option<Value>,
    stamp: Stamp,
}

impl TableDoc {
    /// The table's file at `path`, read with the evening beside it; `None` where it is not a
    /// duplicate table's file (an ordinary session is written as sessions are).
    pub fn open(path: &Path) -> Result<Option<TableDoc>, StoreError> {
        let name = file_name(path);
        let mut doc = TableDoc::read(path, None)?;
        if let Some(d) = doc.as_mut() {
            d.evening = evening_of(path, &name);
        }
        Ok(doc)
    }

    /// The table's file alone, with the evening given (read already, by whoever holds it):
    /// one file read.
    pub fn read(path: &Path, evening: Option<Value>) -> Result<Option<TableDoc>, StoreError> {
        let stamp = Stamp::of_path(path).map_err(StoreError::Io)?;
        let bytes = read_file(path, MAX_SESSION_BYTES)?;
        // Any other session is left at once, unparsed (an add to a long session stays fast).
        if !bytes.windows(9).any(|w| w == b"duplicate") {
            return Ok(None);
        }
        let value: Value = match serde_json::from_slice(&bytes) {
            Ok(v) if club::is_duplicate(&v) => v,
            _ => return Ok(None),
        };
        Ok(Some(TableDoc {
            path: path.to_path_buf(),
            name: file_name(path),
            value,
            evening,
            stamp,
        }))
    }

    /// The entries of the file as last read.
    pub fn hands(&self) -> &[Value] {
        self.value["hands"].as_array().map_or(&[], Vec::as_slice)
    }

    /// Adds `entry` at the end (see [`TableDoc::apply`]) as a patient writer does (`marque
    /// add`): where another writer holds the lock or changed the file, the file is read again
    /// and the entry added on it as it now is, as `patience` allows (its one loop of tries).
    pub fn add_patiently(
        &mut self,
        entry: &Value,
        at: &str,
        lock: &Lock,
        patience: crate::document::Patience,
    ) -> Result<(), TableRefused> {
        let mut tried = 0;
        loop {
            tried += 1;
            match self.apply(&TableOp::Add(entry.clone()), at, lock) {
                Err(TableRefused::Store(StoreError::Changed | StoreError::Locked(_)))
                    if patience.again(tried) =>
                {
                    self.reload().map_err(TableRefused::Store)?;
                }
                done => return done,
            }
        }
    }

    /// Carries `op` out: the entries changed, checked against the evening (only this table's
    /// problems count: the other tables' files are theirs), a line added to the file's log
    /// (`at`, the action, the entry from 1, its old and new values), and the file saved under
    /// `lock`, only if it is still the one read.
    pub fn apply(&mut self, op: &TableOp, at: &str, lock: &Lock) -> Result<(), TableRefused> {
        self.apply_by(op, (at, None), lock)
    }

    /// [`TableDoc::apply`], from the table's paired phone named `phone` where there is one (its
    /// log line says so).
    pub fn apply_by(
        &mut self,
        op: &TableOp,
        (at, phone): (&str, Option<&str>),
        lock: &Lock,
    ) -> Result<(), TableRefused> {
        let mut v = self.value.clone();
        let count = self.hands().len();
        let out_of_range = |i: usize| {
            let m = marque_core::i18n::msg!("club.err.no_entry", hand = i as i64 + 1);
            TableRefused::Problems(vec![(At::File(self.name.clone()), m)])
        };
        let hands = match v.get_mut("hands").and_then(Value::as_array_mut) {
            Some(h) => h,
            None => {
                let m = Msg::new("club.err.table_hands");
                return Err(TableRefused::Problems(vec![(
                    At::File(self.name.clone()),
                    m,
                )]));
            }
        };
        let (action, place, id, old, new) = match op {
            TableOp::Add(e) => {
                hands.push(e.clone());
                let id = HandId::fresh().0;
                (Action::Add, count, Some(id), Value::Null, e.clone())
            }
            TableOp::Edit(i, e) if *i < count => {
                let old = std::mem::replace(&mut hands[*i], e.clone());
                (Action::Edit, *i, None, old, e.clone())
            }
            TableOp::Delete(i) if *i < count => {
                let old = hands.remove(*i);
                (Action::Delete, *i, None, old, Value::Null)
            }
            TableOp::PutBack(i, e) if *i <= count => {
                hands.insert(*i, e.clone());
                (Action::Restore, *i, None, Value::Null, e.clone())
            }
            TableOp::Word(i, agreed, side) if *i < count => {
                let action = if *agreed {
                    Action::Confirm
                } else {
                    Action::Dispute
                };
                // The word names its board: a deletion before it shifts no place it counts on.
                let (board, round) = club::board_key(&hands[*i]);
                let mut new = json!({"side": side, "board": board});
                if round > 0 {
                    new["round"] = json!(round);
                }
                (action, *i, None, Value::Null, new)
            }
            TableOp::Edit(i, _)
            | TableOp::Delete(i)
            | TableOp::PutBack(i, _)
            | TableOp::Word(i, ..) => {
                return Err(out_of_range(*i));
            }
        };
        let refused = self.refusals(&v);
        if !refused.is_empty() {
            return Err(TableRefused::Problems(refused));
        }
        let mut new = new;
        if let (Some(phone), TableOp::Word(..)) = (phone, op) {
            new["phone"] = json!(phone);
        }
        let mut line = json!({"at": at, "action": action.id(), "hand": place + 1,
            "old": old, "new": new});
        if let (Some(phone), false) = (phone, matches!(op, TableOp::Word(..))) {
            line["phone"] = json!(phone);
        }
        if let Some(id) = id {
            line["id"] = json!(id);
        }
        match v.get_mut("log").and_then(Value::as_array_mut) {
            Some(l) => l.push(line),
            None => v["log"] = json!([line]),
        }
        let text = format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default());
        let stamp = save_table(&self.path, text.as_bytes(), self.stamp, lock)
            .map_err(TableRefused::Store)?;
        self.value = v;
        self.stamp = stamp;
        Ok(())
    }

    /// Whether the file on disk is no longer the one read (another writer, a copy arrived).
    pub fn changed_on_disk(&self) -> bool {
        Stamp::of_path(&self.path).map_or(true, |s| s != self.stamp)
    }

    /// Reads the file again as it now is (the evening read with it is kept).
    pub fn reload(&mut self) -> Result<(), StoreError> {
        let evening = self.evening.take();
        let opened = TableDoc::read(&self.path, evening.clone());
        self.evening = evening;
        match opened? {
            Some(doc) => {
                *self = doc;
                Ok(())
            }
            None => Err(StoreError::Io(marque_core::i18n::worded(
                std::io::ErrorKind::InvalidData,
                Msg::new("file.not_table_now"),
            ))),
        }
    }

    /// What is wrong with the table's file `v` in its evening (or alone, with no evening
    /// beside it), in this file only.
    fn refusals(&self, v: &Value) -> Problems {
        let name = &self.name;
        match &self.evening {
            Some(ev) => club::table_in_evening(ev, name, v)
                .into_iter()
                .filter(|(at, _)| match at {
                    At::File(f) | At::Hand(f, _) => f == name,
                    At::Evening => true,
                })
                .collect(),
            None => club::table_problems(v)
                .into_iter()
                .map(|p| match p.hand {
                    Some(h) => (At::Hand(name.clone(), h), p.msg),
                    None => (At::File(name.clone()), p.msg),
                })
                .collect(),
        }
    }
}

/// The evening beside `file` that names `name` among its tables (`*.evening.json`, the
/// folder's convention), if there is one.
pub fn evening_of(file: &Path, name: &str) -> Option<Value> {
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".evening.json"))
        .collect();
    found.sort();
    found.into_iter().find_map(|p| match read_json(&p) {
        club::TableFile::Read(v) => club::names_table(&v, name).then_some(v),
        _ => None,
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
