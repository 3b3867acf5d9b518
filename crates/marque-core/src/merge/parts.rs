//! What a merge takes and gives: the copies, the versions of a hand or of the options, the
//! choices left to the players, the session the copies shared, and what goes wrong, by kind.

use serde_json::{Map, Value};

use crate::history::{Action, Entry};
use crate::session::{Hand, Problem, RawJson, Session, Sheet};

/// One copy of a session, and the name people know it by (its file's name).
#[derive(Debug, Clone, Copy)]
pub struct Copy<'a> {
    pub name: &'a str,
    pub session: &'a Session,
}

/// What a copy made of a hand (or of the options) the copies shared.
#[derive(Debug, Clone, PartialEq)]
pub enum Version {
    /// The hand as this copy has it (or the options, for a choice of options).
    Value(Value),
    /// The copy deleted the hand.
    Deleted,
    /// The hands a copy added at this place (a clash: they do not play with another copy's).
    Hands(Vec<Value>),
    /// Without the change of the other version: as the other copies leave the session.
    Without,
}

/// A hand, the options or a field of the file (the title, the note) that copies hold in
/// different ways: the players choose.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The hand's number (from 1) in the session as the copies shared it; 0 for the options or
    /// a field.
    pub hand: usize,
    /// A field of the file that scoring ignores (`title`, `note`): changing one writes no log
    /// entry, so when copies hold it differently nothing says which is newer.
    pub field: Option<String>,
    /// Each version, with the copies (their indexes) that hold it.
    pub versions: Vec<(Vec<usize>, Version)>,
    /// When each version was made, as its copy's log wrote the time of its last change ("" where
    /// the log has none: a field of the file, the other copies' side of a clash).
    pub times: Vec<String>,
    /// A change that did not play after another copy's: what each version leaves out.
    pub(crate) clash: Option<Clash>,
}

/// Choices to make before a merge writes anything, with what describes them.
#[derive(Debug, Clone)]
pub struct Pending {
    pub choices: Vec<Choice>,
    pub(super) names: Vec<String>,
    /// The session as the copies shared it, to name the hands in the game's words.
    pub(super) base: Session,
    pub(super) sheet: Sheet,
    /// Each copy's session as it has it (the session file first), scored where it plays: a
    /// version's hand is told as its own copy plays it, with that copy's earlier entries.
    pub(super) copies: Vec<(Session, Option<Sheet>)>,
}

impl Pending {
    /// A short code for these choices as the players were shown them (the copies' names and each
    /// choice's hand and versions): picks made on them apply only while the copies give the same
    /// choices (`marque merge --seen`). The same on every run and machine.
    pub fn code(&self) -> String {
        let mut h = crate::fnv::Fnv::default();
        for n in &self.names {
            h.text(n);
        }
        h.text(&format!("{:?}", self.choices));
        format!("{:08x}", h.0 >> 32)
    }
}

/// Why copies do not merge.
#[derive(Debug, Clone)]
pub enum ErrorKind {
    /// Not copies of one session: another id, game or players (copy index).
    NotSame(usize),
    /// A copy's hands are not what its log says (written by another tool, or by hand): where
    /// the copies parted cannot be found (copy index).
    NoSharedHistory(usize),
    /// Hands changed differently: the players choose (see [`merge`](super::merge)'s `picks`).
    Choices(Box<Pending>),
    /// A pick names no version of its choice (choice index, from 0).
    BadPick(usize),
    /// A change of a copy no longer plays in the merged session (copy index, the problems).
    DoesNotPlay(usize, Vec<Problem>),
}

#[derive(Debug, Clone)]
pub struct Error {
    pub kind: ErrorKind,
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

/// The merged session.
#[derive(Debug, Clone)]
pub struct Merged {
    pub session: Session,
    pub sheet: Sheet,
    /// The changes of the conflict copies applied (their log entries after the shared ones; the
    /// session file's own are in it already).
    pub applied: usize,
    /// The choices that were made.
    pub chosen: usize,
    /// Words that no longer stand: said of a hand as one copy had it, where another copy's
    /// change of it was kept (in the log for the record, the hand asked again).
    pub lapsed: usize,
}

/// The session as the copies shared it: hands, options and whether it was closed.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Base {
    pub(super) hands: Vec<Hand>,
    pub(super) options: Value,
    pub(super) closed: bool,
}

impl Base {
    /// `session` with the changes of `later` (its log entries after the shared ones) undone;
    /// None where the hands are not what the log says.
    pub(super) fn of(session: &Session, later: &[(Entry, &RawJson)]) -> Option<Base> {
        let mut hands: Vec<Hand> = session.hands.clone();
        let mut options = Value::Object(session.options.written().clone());
        let mut closed = session.closed;
        // Only the hands the later entries touch are read as values.
        let is = |h: Option<&Hand>, v: &Value| h.is_some_and(|h| h.to_value() == *v);
        for (e, _) in later.iter().rev() {
            match e.action? {
                Action::Options => options = options_value(&e.old),
                Action::Close => closed = false,
                Action::Reopen => closed = true,
                Action::Confirm
                | Action::Dispute
                | Action::Merge
                | Action::Aside
                | Action::Lapsed => {}
                _ => {
                    let i = e.hand.checked_sub(1)?;
                    match (e.old.is_null(), e.new.is_null()) {
                        (true, false) if is(hands.get(i), &e.new) => {
                            hands.remove(i);
                        }
                        (false, true) if i <= hands.len() => {
                            let n = crate::session::playing_after(&session.players, &hands[..i]);
                            let h = Hand::decode(&e.old, session.options.typed(), n).ok()?;
                            hands.insert(i, h);
                        }
                        (false, false) if is(hands.get(i), &e.new) => {
                            let n = crate::session::playing_after(&session.players, &hands[..i]);
                            hands[i] = Hand::decode(&e.old, session.options.typed(), n).ok()?;
                        }
                        _ => return None,
                    }
                }
            }
        }
        Some(Base {
            hands,
            options,
            closed,
        })
    }
}

/// A log's options as an object (none written: every option at its default).
pub(super) fn options_value(v: &Value) -> Value {
    match v {
        Value::Object(_) => v.clone(),
        _ => Value::Object(Map::new()),
    }
}

/// What one version of a clash leaves out: hands added by other copies, and steps of them.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Leave {
    pub(super) ids: Vec<Id>,
    /// (copy, its step).
    pub(super) steps: Vec<(usize, usize)>,
}

/// A change that did not play after another copy's: each version what it leaves out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Clash {
    pub(super) leaves: Vec<Leave>,
    /// The step that did not play (copy, its step): one clash each.
    pub(super) at: (usize, usize),
    /// The version tried until the players pick one: one that leaves that step out.
    pub(super) tried: usize,
}

/// A hand followed across changes: the shared hands are 0.., the hands added after them get
/// the next numbers, one number each across every copy.
pub(super) type Id = usize;
