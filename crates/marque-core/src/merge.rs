//! Copies of one session changed apart, merged by their edit logs.
//!
//! Two machines sharing a folder (Syncthing) that changed the same session while out of touch
//! leave two files: the session and a conflict copy. Each copy's log holds every change it made.
//! From the entries all copies share, each copy's later entries are applied in time order to
//! the session as they shared it:
//!
//! - hands added on any copy are all kept, each where its copy put it;
//! - a hand edited or deleted on one copy only is edited or deleted;
//! - a hand two copies changed differently (two edits, an edit and a deletion) is a [`Choice`]
//!   for the players: nothing is written until each one is made;
//! - a change a copy undid is no change (an edit undone leaves the hand to the others).
//!
//! Hands are followed by who they are, not where they stand: a hand deleted on one copy moves
//! the next ones up there, not on the other copy. The merged log holds the shared entries, each
//! applied entry with its own time, and one entry for the merge itself.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::history::{self, Action, Change, Entry};
use crate::i18n::{Arg, Msg};
use crate::msg;
use crate::session::{Hand, Problem, RawJson, Session, SessionOptions, Sheet};

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
}

/// Choices to make before a merge writes anything, with what describes them.
#[derive(Debug, Clone)]
pub struct Pending {
    pub choices: Vec<Choice>,
    names: Vec<String>,
    /// The session as the copies shared it, to name the hands in the game's words.
    base: Session,
    sheet: Sheet,
}

/// Why copies do not merge.
#[derive(Debug, Clone)]
pub enum ErrorKind {
    /// Not copies of one session: another id, game or players (copy index).
    NotSame(usize),
    /// A copy's hands are not what its log says (written by another tool, or by hand): where
    /// the copies parted cannot be found (copy index).
    NoSharedHistory(usize),
    /// Hands changed differently: the players choose (see [`merge`]'s `picks`).
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
}

/// Merges `copies` (the session file first, then its conflict copies). `picks` holds, for each
/// [`Choice`] in order, the index of the version kept; with too few, the choices are returned
/// and nothing is merged. `at` dates the merge's log entry.
pub fn merge(copies: &[Copy], picks: &[usize], at: &str) -> Result<Merged, Error> {
    let Some(first) = copies.first() else {
        return Err(ErrorKind::NotSame(0).into());
    };
    for (k, c) in copies.iter().enumerate().skip(1) {
        let s = c.session;
        let ids_differ = s.id.is_some() && first.session.id.is_some() && s.id != first.session.id;
        if ids_differ || s.game != first.session.game || s.players != first.session.players {
            return Err(ErrorKind::NotSame(k).into());
        }
    }
    let shared = shared_entries(copies);
    let mut later: Vec<Vec<(Entry, &RawJson)>> = Vec::with_capacity(copies.len());
    for (k, c) in copies.iter().enumerate() {
        let entries = c.session.log[shared..]
            .iter()
            .map(|r| Entry::read(r).map(|e| (e, r)))
            .collect::<Option<Vec<_>>>()
            .ok_or(ErrorKind::NoSharedHistory(k))?;
        later.push(entries);
    }
    // The session as the copies shared it: every copy, its later changes undone, must give it.
    let mut base: Option<Base> = None;
    for (k, c) in copies.iter().enumerate() {
        let b = Base::of(c.session, &later[k]).ok_or(ErrorKind::NoSharedHistory(k))?;
        match &base {
            Some(first) if *first != b => return Err(ErrorKind::NoSharedHistory(k).into()),
            Some(_) => {}
            None => base = Some(b),
        }
    }
    let base = base.ok_or(ErrorKind::NoSharedHistory(0))?;
    let mut ids = Ids {
        next: base.hands.len(),
        added: HashMap::new(),
    };
    let tracks: Vec<Track> = later
        .iter()
        .enumerate()
        .map(|(k, entries)| {
            Track::of(&base, entries, &mut ids).ok_or(ErrorKind::NoSharedHistory(k))
        })
        .collect::<Result<_, _>>()?;
    let mut choices = choices(&base, &tracks);
    choices.extend(field_choices(copies));
    let shared_hands = base.hands.len();
    let f = first.session;
    let options = SessionOptions::read(f.game, Some(&base.options), f.players.len())
        .map_err(|_| ErrorKind::NoSharedHistory(0))?;
    // Made field by field: the copies' hands are not copied once more.
    let start = Session {
        version: f.version,
        id: f.id.clone(),
        game: f.game,
        created: f.created.clone(),
        players: f.players.clone(),
        options,
        closed: base.closed,
        hands: base.hands,
        log: f.log[..shared].to_vec(),
        extra: f.extra.clone(),
    };
    let sheet = start.score().map_err(|p| ErrorKind::DoesNotPlay(0, p))?;
    if picks.len() < choices.len() {
        let pending = Pending {
            choices,
            names: copies.iter().map(|c| c.name.to_string()).collect(),
            base: start,
            sheet,
        };
        return Err(ErrorKind::Choices(Box::new(pending)).into());
    }
    let allowed = Allowed::new(shared_hands, &tracks, &choices, picks)?;
    let mut run = Run {
        session: start,
        sheet,
        ids: (0..shared_hands).collect(),
        applied: 0,
    };
    for (k, step) in in_time_order(&tracks) {
        run.apply(k, step, &allowed)?;
    }
    for (c, &p) in choices.iter().zip(picks) {
        let (Some(key), Some((_, version))) = (&c.field, c.versions.get(p)) else {
            continue;
        };
        match version {
            Version::Value(v) => {
                if let Some(r) = RawJson::of(v) {
                    run.session.extra.insert(key.clone(), r);
                }
            }
            Version::Deleted => {
                run.session.extra.remove(key);
            }
        }
    }
    let chosen: Vec<Value> = choices
        .iter()
        .zip(picks)
        .filter_map(|(c, &p)| {
            let (holders, _) = c.versions.get(p)?;
            let copy = copies.get(*holders.first()?)?.name;
            Some(serde_json::json!({ "hand": c.hand, "copy": copy }))
        })
        .collect();
    let note = serde_json::json!({
        "copies": copies.iter().skip(1).map(|c| c.name).collect::<Vec<_>>(),
        "chosen": chosen,
    });
    let Run {
        mut session,
        sheet,
        applied,
        ..
    } = run;
    let note = RawJson::of(&note);
    history::record(
        &mut session,
        at,
        Action::Merge,
        0,
        None,
        note.as_ref().map(|r| &*r.0),
    );
    Ok(Merged {
        session,
        sheet,
        applied,
        chosen: choices.len(),
    })
}

/// How many log entries begin every copy's log alike.
fn shared_entries(copies: &[Copy]) -> usize {
    let first = &copies[0].session.log;
    copies.iter().skip(1).fold(first.len(), |n, c| {
        first
            .iter()
            .zip(&c.session.log)
            .take(n)
            .take_while(|(a, b)| same_entry(a, b))
            .count()
    })
}

/// Two log entries are one if they say the same: the same text, or the same fields however
/// another tool spaced or ordered them (the text is read only where it differs).
fn same_entry(a: &RawJson, b: &RawJson) -> bool {
    a == b || Entry::read(a).is_some_and(|x| Entry::read(b).is_some_and(|y| x == y))
}

/// The session as the copies shared it: hands, options and whether it was closed.
#[derive(Debug, Clone, PartialEq)]
struct Base {
    hands: Vec<Hand>,
    options: Value,
    closed: bool,
}

impl Base {
    /// `session` with the changes of `later` (its log entries after the shared ones) undone;
    /// None where the hands are not what the log says.
    fn of(session: &Session, later: &[(Entry, &RawJson)]) -> Option<Base> {
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
                Action::Confirm | Action::Dispute | Action::Merge => {}
                _ => {
                    let i = e.hand.checked_sub(1)?;
                    match (e.old.is_null(), e.new.is_null()) {
                        (true, false) if is(hands.get(i), &e.new) => {
                            hands.remove(i);
                        }
                        (false, true) if i <= hands.len() => {
                            hands.insert(i, session.decode(&e.old).ok()?);
                        }
                        (false, false) if is(hands.get(i), &e.new) => {
                            hands[i] = session.decode(&e.old).ok()?;
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
fn options_value(v: &Value) -> Value {
    match v {
        Value::Object(_) => v.clone(),
        _ => Value::Object(Map::new()),
    }
}

/// A hand followed across changes: the shared hands are 0.., the hands added after them get
/// the next numbers, one number each across every copy.
type Id = usize;

/// The numbers given to hands added after the copies parted. A hand added is known by its entry
/// (time and hand): the same entry in two copies is one hand (a copy merged once already holds
/// the entries it took in; merged again, they are not added twice).
struct Ids {
    next: Id,
    added: HashMap<(String, String), Id>,
}

/// One change of a copy, on hands known by who they are.
#[derive(Debug, Clone)]
enum Move {
    Insert {
        id: Id,
        value: Value,
        /// The hand before it and the one after it on its copy; whether it went at the end.
        after: Option<Id>,
        before: Option<Id>,
        at_end: bool,
    },
    Replace {
        id: Id,
        old: Value,
        new: Value,
    },
    Remove {
        id: Id,
        old: Value,
    },
    /// The other side's word on a hand: the entry is kept as it was, at the hand's new place.
    Word {
        id: Id,
    },
    Options(Value),
    Close,
    Reopen,
}

#[derive(Debug, Clone)]
struct Step<'a> {
    /// When, as an instant (seconds, nanoseconds); an entry whose time does not read takes the
    /// time of the one before it on its copy.
    when: (i64, u32),
    at: &'a str,
    action: Action,
    raw: &'a RawJson,
    change: Move,
}

/// What a copy made of the shared session.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Same,
    Changed(Version),
}

/// One copy's later changes on followed hands, and where they left each shared hand.
struct Track<'a> {
    steps: Vec<Step<'a>>,
    hands: Vec<Outcome>,
    options: Option<Value>,
    /// The copy ended closed or open otherwise than the copies shared it.
    closes: bool,
}

impl<'a> Track<'a> {
    fn of(base: &Base, later: &'a [(Entry, &'a RawJson)], ids: &mut Ids) -> Option<Track<'a>> {
        let mut list: Vec<Id> = (0..base.hands.len()).collect();
        let mut in_list: HashSet<Id> = list.iter().copied().collect();
        let mut values: HashMap<Id, Value> = HashMap::new();
        let mut removed: Vec<(Id, Value)> = Vec::new();
        let mut options = None;
        let mut closed = base.closed;
        let mut steps = Vec::with_capacity(later.len());
        let mut when = (i64::MIN, 0);
        for (e, raw) in later {
            if let Ok(t) = chrono::DateTime::parse_from_rfc3339(&e.at) {
                when = (t.timestamp(), t.timestamp_subsec_nanos());
            }
            let action = e.action?;
            let change = match action {
                Action::Options => {
                    let v = options_value(&e.new);
                    options = Some(v.clone());
                    Move::Options(v)
                }
                Action::Close => {
                    closed = true;
                    Move::Close
                }
                Action::Reopen => {
                    closed = false;
                    Move::Reopen
                }
                Action::Merge => continue,
                Action::Confirm | Action::Dispute => Move::Word {
                    id: *list.get(e.hand.checked_sub(1)?)?,
                },
                _ => {
                    let i = e.hand.checked_sub(1)?;
                    match (e.old.is_null(), e.new.is_null()) {
                        (true, false) if i <= list.len() => {
                            // A hand put back (undo, redo, restore from the log) is the hand
                            // that was deleted; a hand added is a new one, even one that reads
                            // the same (two truc deals won alike).
                            let put_back =
                                matches!(action, Action::Undo | Action::Redo | Action::Restore);
                            let again = removed
                                .iter()
                                .rposition(|(_, v)| *v == e.new)
                                .filter(|_| put_back);
                            let key = (e.at.clone(), e.new.to_string());
                            let id = match again {
                                Some(r) => removed.remove(r).0,
                                None => match ids.added.get(&key) {
                                    Some(&id) if !in_list.contains(&id) => id,
                                    _ => {
                                        ids.next += 1;
                                        ids.added.insert(key, ids.next - 1);
                                        ids.next - 1
                                    }
                                },
                            };
                            in_list.insert(id);
                            let after = i.checked_sub(1).map(|k| list[k]);
                            let before = list.get(i).copied();
                            list.insert(i, id);
                            values.insert(id, e.new.clone());
                            Move::Insert {
                                id,
                                value: e.new.clone(),
                                after,
                                before,
                                at_end: before.is_none(),
                            }
                        }
                        (false, true) if i < list.len() => {
                            let id = list.remove(i);
                            in_list.remove(&id);
                            removed.push((id, e.old.clone()));
                            Move::Remove {
                                id,
                                old: e.old.clone(),
                            }
                        }
                        (false, false) if i < list.len() => {
                            values.insert(list[i], e.new.clone());
                            Move::Replace {
                                id: list[i],
                                old: e.old.clone(),
                                new: e.new.clone(),
                            }
                        }
                        _ => return None,
                    }
                }
            };
            steps.push(Step {
                when,
                at: &e.at,
                action,
                raw,
                change,
            });
        }
        let present = in_list;
        let hands = base
            .hands
            .iter()
            .enumerate()
            .map(|(id, shared)| match values.get(&id) {
                _ if !present.contains(&id) => Outcome::Changed(Version::Deleted),
                Some(v) if *v != shared.to_value() => Outcome::Changed(Version::Value(v.clone())),
                _ => Outcome::Same,
            })
            .collect();
        let options = options.filter(|o| *o != base.options);
        Some(Track {
            steps,
            hands,
            options,
            closes: closed != base.closed,
        })
    }
}

/// The hands (and options) the copies changed in different ways, in the order of the session.
fn choices(base: &Base, tracks: &[Track]) -> Vec<Choice> {
    let mut out = Vec::new();
    let group = |versions: &mut Vec<(Vec<usize>, Version)>, k: usize, v: &Version| match versions
        .iter_mut()
        .find(|(_, w)| w == v)
    {
        Some((holders, _)) => holders.push(k),
        None => versions.push((vec![k], v.clone())),
    };
    let mut versions = Vec::new();
    for id in 0..base.hands.len() {
        versions.clear();
        for (k, t) in tracks.iter().enumerate() {
            if let Outcome::Changed(v) = &t.hands[id] {
                group(&mut versions, k, v);
            }
        }
        if versions.len() > 1 {
            out.push(Choice {
                hand: id + 1,
                field: None,
                versions: versions.clone(),
            });
        }
    }
    versions.clear();
    for (k, t) in tracks.iter().enumerate() {
        if let Some(o) = &t.options {
            group(&mut versions, k, &Version::Value(o.clone()));
        }
    }
    if versions.len() > 1 {
        out.push(Choice {
            hand: 0,
            field: None,
            versions,
        });
    }
    out
}

/// The fields of the file (title, note…) the copies hold differently: each a choice, since
/// changing them writes no log entry (a field one copy lacks is a version too).
fn field_choices(copies: &[Copy]) -> Vec<Choice> {
    let keys: std::collections::BTreeSet<&String> =
        copies.iter().flat_map(|c| c.session.extra.keys()).collect();
    let mut out = Vec::new();
    for key in keys {
        let mut versions: Vec<(Vec<usize>, Version)> = Vec::new();
        for (k, c) in copies.iter().enumerate() {
            let v = c
                .session
                .extra
                .get(key)
                .map_or(Version::Deleted, |r| Version::Value(r.to_value()));
            match versions.iter_mut().find(|(_, w)| *w == v) {
                Some((holders, _)) => holders.push(k),
                None => versions.push((vec![k], v)),
            }
        }
        if versions.len() > 1 {
            out.push(Choice {
                hand: 0,
                field: Some(key.clone()),
                versions,
            });
        }
    }
    out
}

/// Which copies' changes apply to each shared hand and to the options.
struct Allowed {
    hands: Vec<Vec<usize>>,
    options: Vec<usize>,
    /// The copies whose closing or reopening stands (one closed and reopened changed nothing).
    closes: Vec<usize>,
}

impl Allowed {
    fn new(
        shared_hands: usize,
        tracks: &[Track],
        choices: &[Choice],
        picks: &[usize],
    ) -> Result<Allowed, Error> {
        let mut hands: Vec<Vec<usize>> = (0..shared_hands)
            .map(|id| {
                (0..tracks.len())
                    .filter(|&k| tracks[k].hands[id] != Outcome::Same)
                    .collect()
            })
            .collect();
        let mut options: Vec<usize> = (0..tracks.len())
            .filter(|&k| tracks[k].options.is_some())
            .collect();
        for (n, (c, &p)) in choices.iter().zip(picks).enumerate() {
            let (holders, _) = c.versions.get(p).ok_or(ErrorKind::BadPick(n))?;
            match (c.hand.checked_sub(1), &c.field) {
                (_, Some(_)) => {}
                (Some(i), None) => hands[i] = holders.clone(),
                (None, None) => options = holders.clone(),
            }
        }
        let closes = (0..tracks.len()).filter(|&k| tracks[k].closes).collect();
        Ok(Allowed {
            hands,
            options,
            closes,
        })
    }

    fn hand(&self, k: usize, id: Id) -> bool {
        self.hands.get(id).is_none_or(|copies| copies.contains(&k))
    }

    /// A copy's word on a hand stands unless another copy's change of that hand was kept
    /// (the word was on the hand before it).
    fn word(&self, k: usize, id: Id) -> bool {
        self.hands
            .get(id)
            .is_none_or(|copies| copies.is_empty() || copies.contains(&k))
    }
}

/// Every copy's steps in time order; a copy's own steps keep their order whatever their times.
fn in_time_order<'t, 'a>(tracks: &'t [Track<'a>]) -> Vec<(usize, &'t Step<'a>)> {
    let total = tracks.iter().map(|t| t.steps.len()).sum();
    let mut next = vec![0; tracks.len()];
    let mut out = Vec::with_capacity(total);
    while out.len() < total {
        let k = (0..tracks.len())
            .filter(|&k| next[k] < tracks[k].steps.len())
            .min_by_key(|&k| tracks[k].steps[next[k]].when)
            .unwrap_or(0);
        out.push((k, &tracks[k].steps[next[k]]));
        next[k] += 1;
    }
    out
}

/// The merged session as it is being made, and where each followed hand stands in it.
struct Run {
    session: Session,
    sheet: Sheet,
    ids: Vec<Id>,
    applied: usize,
}

impl Run {
    /// Where a followed hand stands now (searched from the end: recent hands change most).
    fn find(&self, id: Id) -> Option<usize> {
        self.ids.iter().rposition(|&i| i == id)
    }

    fn hand(&self, k: usize, v: &Value) -> Result<Hand, Error> {
        self.session.decode(v).map_err(|ms| {
            let problems = ms.into_iter().map(Problem::file).collect();
            ErrorKind::DoesNotPlay(k, problems).into()
        })
    }

    fn change(&mut self, k: usize, change: &Change, step: &Step) -> Result<(), Error> {
        history::apply(
            &mut self.session,
            &mut self.sheet,
            change,
            step.action,
            step.at,
        )
        .map_err(|p| ErrorKind::DoesNotPlay(k, p))?;
        self.applied += usize::from(k > 0);
        Ok(())
    }

    fn apply(&mut self, k: usize, step: &Step, allowed: &Allowed) -> Result<(), Error> {
        match &step.change {
            Move::Insert {
                id,
                value,
                after,
                before,
                at_end,
            } => {
                if !allowed.hand(k, *id) || self.find(*id).is_some() {
                    return Ok(());
                }
                let end = self.ids.len();
                let pos = if *at_end {
                    end
                } else if let Some(p) = after.and_then(|a| self.find(a)) {
                    p + 1
                } else if let Some(p) = before.and_then(|b| self.find(b)) {
                    p
                } else if after.is_none() {
                    0
                } else {
                    end
                };
                let hand = self.hand(k, value)?;
                self.change(k, &Change::Insert(pos, hand), step)?;
                self.ids.insert(pos, *id);
            }
            Move::Replace { id, old, new } => {
                let Some(pos) = self.find(*id).filter(|_| allowed.hand(k, *id)) else {
                    return Ok(());
                };
                let current = self.session.hands[pos].clone();
                if current.to_value() != *old {
                    return Ok(());
                }
                let hand = self.hand(k, new)?;
                self.change(k, &Change::Replace(pos, current, hand), step)?;
            }
            Move::Remove { id, old } => {
                let Some(pos) = self.find(*id).filter(|_| allowed.hand(k, *id)) else {
                    return Ok(());
                };
                let current = self.session.hands[pos].clone();
                if current.to_value() != *old {
                    return Ok(());
                }
                self.change(k, &Change::Remove(pos, current), step)?;
                self.ids.remove(pos);
            }
            Move::Word { id } => {
                let Some(pos) = self.find(*id).filter(|_| allowed.word(k, *id)) else {
                    return Ok(());
                };
                let new = step.raw.to_value().get("new").and_then(RawJson::of);
                history::record(
                    &mut self.session,
                    step.at,
                    step.action,
                    pos + 1,
                    None,
                    new.as_ref().map(|r| &*r.0),
                );
                self.applied += usize::from(k > 0);
            }
            Move::Options(new) => {
                let written = Value::Object(self.session.options.written().clone());
                if !allowed.options.contains(&k) || written == *new {
                    return Ok(());
                }
                let players = self.session.players.len();
                let options =
                    SessionOptions::read(self.session.game, Some(new), players).map_err(|ms| {
                        ErrorKind::DoesNotPlay(k, ms.into_iter().map(Problem::file).collect())
                    })?;
                let mut other = self.session.clone();
                other.options = options;
                let sheet = other.score().map_err(|p| ErrorKind::DoesNotPlay(k, p))?;
                let (old, new) = (RawJson::of(&written), RawJson::of(new));
                history::record(
                    &mut other,
                    step.at,
                    Action::Options,
                    0,
                    old.as_ref().map(|r| &*r.0),
                    new.as_ref().map(|r| &*r.0),
                );
                other.closed = self.session.closed;
                self.session = other;
                self.sheet = sheet;
                self.sheet.set_closed(self.session.closed);
                self.applied += usize::from(k > 0);
            }
            Move::Close | Move::Reopen if !allowed.closes.contains(&k) => {}
            Move::Close if !self.session.closed => {
                history::close(&mut self.session, &mut self.sheet, step.at);
                self.applied += usize::from(k > 0);
            }
            Move::Reopen if self.session.closed => {
                history::reopen(&mut self.session, step.at);
                self.sheet.set_closed(false);
                self.applied += usize::from(k > 0);
            }
            Move::Close | Move::Reopen => {}
        }
        Ok(())
    }
}

impl Pending {
    /// Each choice in words, its versions numbered from 1 (as `marque merge --pick` takes
    /// them): `donne 3 : [1] la copie A : 3SA par Nord, = ; [2] la copie B : suppression`.
    pub fn lines(&self) -> Vec<Msg> {
        self.choices
            .iter()
            .enumerate()
            .map(|(n, c)| {
                let versions = c
                    .versions
                    .iter()
                    .enumerate()
                    .map(|(v, (holders, version))| {
                        let copies =
                            crate::i18n::join(holders.iter().filter_map(|&k| self.names.get(k)));
                        msg!(
                            "merge.version",
                            k = v + 1,
                            copies = copies,
                            what = self.version(c, version)
                        )
                    })
                    .reduce(|all, v| msg!("list.and", a = all, b = v))
                    .unwrap_or_else(|| Msg::new("log.unknown"));
                msg!("merge.choice", head = self.head(n, c), versions = versions)
            })
            .collect()
    }

    /// What choice `n` (from 0) is about: a hand, the options, a field of the file.
    pub fn head(&self, n: usize, c: &Choice) -> Msg {
        match (&c.field, c.hand) {
            (Some(key), _) => {
                let field = Arg::Lookup {
                    key: format!("merge.field.{key}"),
                    fallback: key.clone(),
                };
                msg!("merge.choice.field", n = n + 1, field = field)
            }
            (None, 0) => msg!("merge.choice.options", n = n + 1),
            (None, hand) => {
                self.base
                    .game
                    .hand_words(msg!("merge.choice.hand", n = n + 1, hand = hand))
            }
        }
    }

    /// One version in the game's words: the hand as it would stand, or "deleted".
    pub fn version(&self, choice: &Choice, version: &Version) -> Msg {
        let v = match version {
            Version::Deleted if choice.field.is_some() => return Msg::new("merge.field_none"),
            Version::Deleted => return Msg::new("merge.deleted"),
            Version::Value(v) => v,
        };
        if let (Some(_), Value::String(text)) = (&choice.field, v) {
            return msg!("merge.field_text", text = text.as_str());
        }
        if choice.hand == 0 {
            return Msg::new("log.as_written").with("value", Arg::Text(v.to_string()));
        }
        let index = choice.hand - 1;
        let described = self.base.decode(v).ok().and_then(|h| {
            let mut before = self.sheet.before(index, &self.base.hands);
            let row = before.play(&h.game).ok()?;
            Some(h.game.label(&row.info, index, &self.base.players))
        });
        described.unwrap_or_else(|| msg!("log.as_written", value = v.to_string()))
    }

    /// The game of the session merged.
    pub fn base_game(&self) -> crate::games::GameKind {
        self.base.game
    }

    /// The name of each copy, the session file first.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

impl Error {
    /// What went wrong, in words; `names` are the copies' names, the session file first.
    pub fn message(&self, names: &[&str]) -> Msg {
        let name = |k: &usize| names.get(*k).copied().unwrap_or("?").to_string();
        match &self.kind {
            ErrorKind::NotSame(k) => msg!("merge.not_same", copy = name(k)),
            ErrorKind::NoSharedHistory(k) => msg!("merge.no_history", copy = name(k)),
            ErrorKind::Choices(p) => msg!("merge.choices", n = p.choices.len()),
            ErrorKind::BadPick(n) => msg!("merge.bad_pick", n = n + 1),
            ErrorKind::DoesNotPlay(k, problems) => {
                let why = problems
                    .iter()
                    .map(|p| p.msg.clone())
                    .reduce(|all, m| msg!("list.and", a = all, b = m))
                    .unwrap_or_else(|| Msg::new("log.unknown"));
                msg!("merge.does_not_play", copy = name(k), why = why)
            }
        }
    }
}
