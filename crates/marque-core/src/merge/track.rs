//! Each copy's changes since the copies parted, on hands followed by who they are.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::parts::{Base, Id, Version, options_value};
use crate::history::{Action, Entry};
use crate::session::RawJson;

/// The numbers given to hands added after the copies parted. A hand added is known by the id
/// its entry gives it ([`crate::history::HandId`]): the same id in two copies is one hand (a
/// copy merged once already holds the entries it took in; merged again, they are not added
/// twice), and two ids are two hands, even entered alike in the same second. Entries written
/// before hands had ids are known by their time and hand, as they were then.
pub(super) struct Ids {
    pub(super) next: Id,
    /// The hands each key names, in the order they came: an id names one; an older Marque's
    /// time and hand may name several (two deals alike in one second), each matched once.
    added: HashMap<Key, Vec<Id>>,
    /// The key each hand added is known by.
    key_of: HashMap<Id, Key>,
    /// What each id's hand read when it was added: a copy whose log gives that id to another
    /// hand contradicts its hands (a damaged copy), and the hand is followed by what it is.
    first: HashMap<Key, Value>,
    /// The hands added, by the time, value and place of the entry that added them: one copy's
    /// entry that lost its id is the hand another copy's entry of that time, value and place
    /// names by id.
    by_entry: HashMap<(String, String, usize), Vec<Id>>,
    /// The hands an older Marque added (an entry without an id, none with an id after it in
    /// its copy's log): hands of their own, never one another copy names by id, however
    /// alike (two passed-out deals entered in the same second).
    own: HashSet<Id>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Id(String),
    /// An entry without an id: its time and its hand as written.
    Old(String, String),
}

impl Ids {
    pub(super) fn new(shared: usize) -> Ids {
        Ids {
            next: shared,
            added: HashMap::new(),
            key_of: HashMap::new(),
            first: HashMap::new(),
            by_entry: HashMap::new(),
            own: HashSet::new(),
        }
    }
}

/// One change of a copy, on hands known by who they are.
#[derive(Debug, Clone)]
pub(super) enum Move {
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
    /// An entry that changes nothing and is kept as it was: an earlier merge, a version set
    /// aside then (still to be restored from the log).
    Record,
}

impl Move {
    /// The hand the change is of (none for the options, a close or a reopen).
    pub(super) fn hand(&self) -> Option<Id> {
        match self {
            Move::Insert { id, .. }
            | Move::Replace { id, .. }
            | Move::Remove { id, .. }
            | Move::Word { id } => Some(*id),
            Move::Options(_) | Move::Close | Move::Reopen | Move::Record => None,
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct Step<'a> {
    /// When, as an instant (seconds, nanoseconds); an entry whose time does not read takes the
    /// time of the one before it on its copy.
    pub(super) when: (i64, u32),
    pub(super) at: &'a str,
    pub(super) action: Action,
    pub(super) raw: &'a RawJson,
    /// The id the entry gave the hand it added, kept in the merged log (for an older Marque's
    /// entry, the one the merge derives from it: [`older_id`]).
    pub(super) hand_id: Option<std::borrow::Cow<'a, str>>,
    pub(super) change: Move,
}

/// What a copy made of the shared session.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Outcome {
    Same,
    Changed(Version),
}

/// One copy's later changes on followed hands, and where they left each shared hand.
pub(super) struct Track<'a> {
    pub(super) steps: Vec<Step<'a>>,
    pub(super) hands: Vec<Outcome>,
    pub(super) options: Option<Value>,
    /// The copy ended closed or open otherwise than the copies shared it.
    pub(super) closes: bool,
    /// The hands this copy added after the copies parted that it still holds, in its order,
    /// with their last value.
    pub(super) added: Vec<(Id, Value)>,
}

/// A copy's hands as it goes through its changes.
struct Walk {
    list: Vec<Id>,
    in_list: HashSet<Id>,
    values: HashMap<Id, Value>,
    removed: Vec<(Id, Value)>,
    /// An older Marque's hands added so far, by the time and hand of their entry: how many
    /// alike came before (two deals alike in one second are two hands).
    older: HashMap<(String, String), u64>,
    /// The id derived for the entry being walked, if it is an older Marque's hand added.
    derived: Option<String>,
}

/// The id a merge gives a hand an older Marque added (its entry has no id, and none after it
/// in its copy's log): a fingerprint of the entry's time and hand, and of how many alike came
/// before it in that copy. The merged log writes it; merged again with that copy (which still
/// has no ids), the same entries derive the same ids and are known as the same hands, while
/// another machine's alike deal, with an id of its own, stays another hand.
fn older_id(at: &str, value: &str, before: u64) -> String {
    let mut h = crate::fnv::Fnv::default();
    h.text(at);
    h.text(value);
    h.num(before);
    format!("{:016x}", h.0)
}

impl Walk {
    /// The move a change of hands makes (add, edit, delete, or one undone, redone or restored);
    /// None where the log does not account for the hands.
    ///
    /// `lost`: the entry has no id though its copy's log gives ids after it (its id was lost
    /// on the way); an entry without an id and none after it was written by an older Marque.
    fn hand_move(&mut self, e: &Entry, action: Action, ids: &mut Ids, lost: bool) -> Option<Move> {
        let i = e.hand.checked_sub(1)?;
        let list = &mut self.list;
        match (e.old.is_null(), e.new.is_null()) {
            (true, false) if i <= list.len() => {
                // A hand put back (undo, redo, restore from the log) is the hand that was
                // deleted; a hand added is a new one, even one that reads the same (two truc
                // deals won alike).
                let put_back = matches!(action, Action::Undo | Action::Redo | Action::Restore);
                let old_key = Key::Old(e.at.clone(), e.new.to_string());
                // An older Marque's own entry: its hand is matched only to another entry
                // without an id (by time, value and place), never to one with an id.
                let older = e.id.is_none() && !lost;
                self.derived = None;
                if older && action == Action::Add {
                    let seen = self
                        .older
                        .entry((e.at.clone(), e.new.to_string()))
                        .or_default();
                    self.derived = Some(older_id(&e.at, &e.new.to_string(), *seen));
                    *seen += 1;
                }
                let key = match (&e.id, &self.derived) {
                    (None, Some(d)) => Key::Id(d.clone()),
                    (id, _) => match id {
                        // An id another copy gave a hand that read otherwise when added: the ids
                        // contradict the hands, and this hand is followed by what it is.
                        Some(id)
                            if action == Action::Add
                                && ids
                                    .first
                                    .get(&Key::Id(id.clone()))
                                    .is_some_and(|v| *v != e.new) =>
                        {
                            old_key.clone()
                        }
                        Some(id) => Key::Id(id.clone()),
                        None => old_key.clone(),
                    },
                };
                let entry = (e.at.clone(), e.new.to_string(), e.hand);
                // Known by its id (a hand another copy holds too, or one put back that was
                // added since the copies parted); an entry that lost its id, by the time and
                // value of the entry another copy names by id (and the other way round; two
                // ids stay two hands); else a hand put back is the last one of that value
                // taken out (a shared hand, or an entry without an id).
                let by_entry = || {
                    ids.by_entry.get(&entry).and_then(|found| {
                        found.iter().copied().find(|id| {
                            let old = matches!(ids.key_of.get(id), Some(Key::Old(..)));
                            !self.in_list.contains(id)
                                && match key {
                                    // An entry with an id: a hand whose entry lost its id.
                                    Key::Id(_) => old && !ids.own.contains(id),
                                    Key::Old(..) if older => old,
                                    Key::Old(..) => true,
                                }
                        })
                    })
                };
                let known = ids
                    .added
                    .get(&key)
                    .and_then(|found| found.iter().copied().find(|id| !self.in_list.contains(id)))
                    .or_else(|| by_entry().filter(|_| action == Action::Add));
                // Never one known by another id.
                let same_key =
                    |r: &Id| e.id.is_none() || ids.key_of.get(r).is_none_or(|k| *k == key);
                let again = self
                    .removed
                    .iter()
                    .rposition(|(r, v)| *v == e.new && same_key(r))
                    .filter(|_| put_back && known.is_none());
                let id = match (known, again) {
                    (Some(id), _) => {
                        self.removed.retain(|(r, _)| *r != id);
                        // Known now by this entry's id too.
                        let named = ids.added.entry(key.clone()).or_default();
                        if !named.contains(&id) {
                            named.push(id);
                        }
                        id
                    }
                    (None, Some(r)) => self.removed.remove(r).0,
                    (None, None) => {
                        ids.next += 1;
                        let id = ids.next - 1;
                        ids.key_of.insert(id, key.clone());
                        if action == Action::Add {
                            ids.first.insert(key.clone(), e.new.clone());
                        }
                        ids.added.entry(key).or_default().push(id);
                        ids.by_entry.entry(entry).or_default().push(id);
                        if older {
                            ids.own.insert(id);
                        }
                        id
                    }
                };
                self.in_list.insert(id);
                let after = i.checked_sub(1).map(|k| list[k]);
                let before = list.get(i).copied();
                list.insert(i, id);
                self.values.insert(id, e.new.clone());
                // A hand put back goes back after the hand it followed (where it was taken
                // from), not after whatever other copies added at the end meanwhile.
                Some(Move::Insert {
                    id,
                    value: e.new.clone(),
                    after,
                    before,
                    at_end: before.is_none() && !put_back,
                })
            }
            (false, true) if i < list.len() => {
                let id = list.remove(i);
                self.in_list.remove(&id);
                self.removed.push((id, e.old.clone()));
                Some(Move::Remove {
                    id,
                    old: e.old.clone(),
                })
            }
            (false, false) if i < list.len() => {
                self.values.insert(list[i], e.new.clone());
                Some(Move::Replace {
                    id: list[i],
                    old: e.old.clone(),
                    new: e.new.clone(),
                })
            }
            _ => None,
        }
    }
}

impl<'a> Track<'a> {
    /// What each step did, as a key two copies share when they hold the same change: its time,
    /// its action, the hand it touched (followed) and its values. A copy merged into another
    /// holds every change of that copy.
    fn signatures(&self) -> Vec<String> {
        self.steps
            .iter()
            .map(|s| {
                let what = match &s.change {
                    Move::Insert { value, .. } => value.to_string(),
                    Move::Replace { old, new, .. } => format!("{old}>{new}"),
                    Move::Remove { old, .. } => old.to_string(),
                    Move::Options(v) => v.to_string(),
                    Move::Word { .. } => s
                        .raw
                        .to_value()
                        .get("new")
                        .map(Value::to_string)
                        .unwrap_or_default(),
                    Move::Close | Move::Reopen => String::new(),
                    Move::Record => s.raw.0.get().to_string(),
                };
                format!("{}|{}|{:?}|{what}", s.at, s.action.id(), s.change.hand())
            })
            .collect()
    }

    /// Whether every change of this copy is in `other` too (this copy was merged into it):
    /// merged again, it adds nothing.
    pub(super) fn within(&self, other: &Track) -> bool {
        let mut theirs: HashMap<String, usize> = HashMap::new();
        for s in other.signatures() {
            *theirs.entry(s).or_default() += 1;
        }
        self.signatures()
            .into_iter()
            .all(|s| match theirs.get_mut(&s) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    true
                }
                _ => false,
            })
    }

    /// A copy that adds nothing: no change of its own.
    pub(super) fn forget(&mut self) {
        self.steps.clear();
        self.hands.iter_mut().for_each(|h| *h = Outcome::Same);
        self.options = None;
        self.closes = false;
        self.added.clear();
    }

    pub(super) fn of(
        base: &Base,
        later: &'a [(Entry, &'a RawJson)],
        ids: &mut Ids,
    ) -> Option<Track<'a>> {
        let shared = base.hands.len();
        let list: Vec<Id> = (0..shared).collect();
        let mut walk = Walk {
            in_list: list.iter().copied().collect(),
            list,
            values: HashMap::new(),
            removed: Vec::new(),
            older: HashMap::new(),
            derived: None,
        };
        let mut options = None;
        let mut closed = base.closed;
        let mut steps = Vec::with_capacity(later.len());
        let mut when = (i64::MIN, 0);
        // Entries without an id before the last entry with one lost their id on the way.
        let last_id = later.iter().rposition(|(e, _)| e.id.is_some());
        for (k, (e, raw)) in later.iter().enumerate() {
            let lost = e.id.is_none() && last_id.is_some_and(|l| k < l);
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
                Action::Merge | Action::Aside | Action::Lapsed => Move::Record,
                Action::Confirm | Action::Dispute => Move::Word {
                    id: *walk.list.get(e.hand.checked_sub(1)?)?,
                },
                _ => walk.hand_move(e, action, ids, lost)?,
            };
            // The id an entry gave its hand, kept in the merged log only where it is that
            // hand's: one that contradicts another copy's hand is not written twice.
            walk.derived = None;
            // A hand put in (added, or put back by an undo or a restore) is written with the id
            // it is known by, whoever wrote its entry (an older Marque's: the id derived for
            // it), so that the merged log, merged again, names the same hand.
            let hand_id = match &change {
                Move::Insert { id, .. } => match ids.key_of.get(id) {
                    Some(Key::Id(known))
                        if ids
                            .added
                            .get(&Key::Id(known.clone()))
                            .and_then(|n| n.first())
                            == Some(id) =>
                    {
                        Some(std::borrow::Cow::Owned(known.clone()))
                    }
                    _ => None,
                },
                _ => e.id.as_deref().map(std::borrow::Cow::Borrowed),
            };
            steps.push(Step {
                when,
                at: &e.at,
                action,
                raw,
                hand_id,
                change,
            });
        }
        let hands = base
            .hands
            .iter()
            .enumerate()
            .map(|(id, shared)| match walk.values.get(&id) {
                _ if !walk.in_list.contains(&id) => Outcome::Changed(Version::Deleted),
                Some(v) if *v != shared.to_value() => Outcome::Changed(Version::Value(v.clone())),
                _ => Outcome::Same,
            })
            .collect();
        let added = walk
            .list
            .iter()
            .filter(|&&id| id >= shared)
            .filter_map(|id| Some((*id, walk.values.get(id)?.clone())))
            .collect();
        let options = options.filter(|o| *o != base.options);
        Some(Track {
            steps,
            hands,
            options,
            closes: closed != base.closed,
            added,
        })
    }
}

/// Every copy's steps in time order, each with its copy and its place on that copy; a copy's own
/// steps keep their order whatever their times. Steps of one instant go by the id of the hand
/// they add, then by their text, so the order does not depend on which copy is named first, nor
/// on where a merge put the hand (a merged copy merged again gives the same order).
pub(super) fn in_time_order<'t, 'a>(tracks: &'t [Track<'a>]) -> Vec<(usize, usize, &'t Step<'a>)> {
    let total = tracks.iter().map(|t| t.steps.len()).sum();
    let mut next = vec![0; tracks.len()];
    let mut out = Vec::with_capacity(total);
    while out.len() < total {
        let k = (0..tracks.len())
            .filter(|&k| next[k] < tracks[k].steps.len())
            .min_by(|&a, &b| {
                let (x, y) = (&tracks[a].steps[next[a]], &tracks[b].steps[next[b]]);
                x.when
                    .cmp(&y.when)
                    .then_with(|| x.hand_id.cmp(&y.hand_id))
                    .then_with(|| x.raw.0.get().cmp(y.raw.0.get()))
            })
            .unwrap_or(0);
        out.push((k, next[k], &tracks[k].steps[next[k]]));
        next[k] += 1;
    }
    out
}
