//! The merge played through: each copy's steps in time order on the session as the copies
//! shared it, as the players' choices allow; a change that no longer plays becomes a choice.

use std::collections::HashSet;

use serde_json::Value;

use super::parts::{Choice, Clash, Error, ErrorKind, Id, Leave, Version};
use super::track::{Move, Outcome, Step, Track, in_time_order};
use crate::history::{self, Action, Change, HandId};
use crate::session::{Hand, Problem, RawJson, Session, SessionOptions, Sheet};

/// Which copies' changes apply to each shared hand and to the options, and what the clashes
/// chosen leave out.
pub(super) struct Allowed {
    hands: Vec<Vec<usize>>,
    options: Vec<usize>,
    /// The copies whose closing or reopening stands (one closed and reopened changed nothing).
    closes: Vec<usize>,
    left_ids: HashSet<Id>,
    left_steps: HashSet<(usize, usize)>,
}

impl Allowed {
    pub(super) fn new(
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
        let (mut left_ids, mut left_steps) = (HashSet::new(), HashSet::new());
        for (n, (c, &p)) in choices.iter().zip(picks).enumerate() {
            let (holders, _) = c.versions.get(p).ok_or(ErrorKind::BadPick(n))?;
            if let Some(clash) = &c.clash {
                let leave = clash.leaves.get(p).ok_or(ErrorKind::BadPick(n))?;
                left_ids.extend(leave.ids.iter().copied());
                left_steps.extend(leave.steps.iter().copied());
                continue;
            }
            match (c.hand.checked_sub(1), &c.field) {
                (_, Some(_)) => {}
                (Some(i), None) => {
                    if let Some(h) = hands.get_mut(i) {
                        *h = holders.clone();
                    }
                }
                (None, None) => options = holders.clone(),
            }
        }
        let closes = (0..tracks.len()).filter(|&k| tracks[k].closes).collect();
        Ok(Allowed {
            hands,
            options,
            closes,
            left_ids,
            left_steps,
        })
    }

    fn step(&self, k: usize, i: usize, step: &Step) -> bool {
        !self.left_steps.contains(&(k, i))
            && step
                .change
                .hand()
                .is_none_or(|id| !self.left_ids.contains(&id))
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

/// A step that did not play: its copy, its place there, and why.
pub(super) struct Fail {
    pub(super) copy: usize,
    pub(super) step: usize,
    pub(super) problems: Vec<Problem>,
}

/// The merged session as it is being made, and where each followed hand stands in it.
#[derive(Clone)]
pub(super) struct Run {
    pub(super) session: Session,
    pub(super) sheet: Sheet,
    pub(super) ids: Vec<Id>,
    pub(super) applied: usize,
    /// The words recorded, each by its hand, action, time and what it says (side, seat,
    /// phone, reason): a word two copies hold is written once.
    pub(super) words: std::collections::HashSet<(Id, &'static str, String, String)>,
    /// The entries applied (hands added, edited, deleted), each by its hand, time, action and
    /// values: one that two copies hold (a copy merged before, merged again) is made once,
    /// whichever copy's turn comes first in that second.
    pub(super) changes: std::collections::HashSet<(Id, String, &'static str, String, String)>,
}

impl Run {
    /// Plays every copy's steps in time order, as `allowed` says; the first that does not play
    /// stops it.
    pub(super) fn play(mut self, tracks: &[Track], allowed: &Allowed) -> Result<Run, Fail> {
        for (k, i, step) in in_time_order(tracks) {
            if !allowed.step(k, i, step) {
                continue;
            }
            if let Err(e) = self.apply(k, step, allowed) {
                let problems = match e.kind {
                    ErrorKind::DoesNotPlay(_, p) => p,
                    _ => Vec::new(),
                };
                return Err(Fail {
                    copy: k,
                    step: i,
                    problems,
                });
            }
        }
        Ok(self)
    }

    /// Where a followed hand stands now (searched from the end: recent hands change most).
    pub(super) fn find(&self, id: Id) -> Option<usize> {
        self.ids.iter().rposition(|&i| i == id)
    }

    fn hand(&self, k: usize, v: &Value, pos: usize) -> Result<Hand, Error> {
        // (Read for its place: table events before it change how many a hand lists.)
        self.session.decode_at(v, pos).map_err(|ms| {
            let problems = ms.into_iter().map(Problem::file).collect();
            ErrorKind::DoesNotPlay(k, problems).into()
        })
    }

    fn change(&mut self, k: usize, change: &Change, step: &Step) -> Result<(), Error> {
        let id = step.hand_id.as_deref().map(|s| HandId(s.to_string()));
        history::apply_as(
            &mut self.session,
            &mut self.sheet,
            change,
            step.action,
            step.at,
            id.as_ref(),
        )
        .map_err(|p| ErrorKind::DoesNotPlay(k, p))?;
        self.applied += usize::from(k > 0);
        Ok(())
    }

    /// Where a hand added goes: after the hand it followed on its copy, else before the one
    /// it came before, else where its copy put it.
    fn place(&self, after: Option<Id>, before: Option<Id>, at_end: bool) -> usize {
        let end = self.ids.len();
        if at_end {
            end
        } else if let Some(p) = after.and_then(|a| self.find(a)) {
            p + 1
        } else if let Some(p) = before.and_then(|b| self.find(b)) {
            p
        } else if after.is_none() {
            0
        } else {
            end
        }
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
                // The same entry held by two copies (then deleted by one of them): once.
                let done = (
                    *id,
                    step.at.to_string(),
                    step.action.id(),
                    String::new(),
                    value.to_string(),
                );
                if !self.changes.insert(done) {
                    return Ok(());
                }
                let pos = self.place(*after, *before, *at_end);
                let hand = self.hand(k, value, pos)?;
                self.change(k, &Change::Insert(pos, hand), step)?;
                self.ids.insert(pos, *id);
            }
            Move::Replace { id, old, new } => {
                let Some(pos) = self.find(*id).filter(|_| allowed.hand(k, *id)) else {
                    return Ok(());
                };
                let done = (
                    *id,
                    step.at.to_string(),
                    step.action.id(),
                    old.to_string(),
                    new.to_string(),
                );
                if !self.changes.insert(done) {
                    return Ok(());
                }
                let current = self.session.hands[pos].clone();
                let now = current.to_value();
                // The same change made on another copy: nothing more. Another change made
                // first (a hand both copies hold since an earlier merge, changed on each): a
                // clash for the players, never a change silently dropped.
                if now != *old {
                    if now == *new {
                        return Ok(());
                    }
                    return Err(ErrorKind::DoesNotPlay(k, Vec::new()).into());
                }
                let hand = self.hand(k, new, pos)?;
                self.change(k, &Change::Replace(pos, current, hand), step)?;
            }
            Move::Remove { id, old } => {
                let Some(pos) = self.find(*id).filter(|_| allowed.hand(k, *id)) else {
                    return Ok(());
                };
                let done = (
                    *id,
                    step.at.to_string(),
                    step.action.id(),
                    old.to_string(),
                    String::new(),
                );
                if !self.changes.insert(done) {
                    return Ok(());
                }
                let current = self.session.hands[pos].clone();
                // Changed first on another copy: a clash, as for an edit.
                if current.to_value() != *old {
                    return Err(ErrorKind::DoesNotPlay(k, Vec::new()).into());
                }
                self.change(k, &Change::Remove(pos, current), step)?;
                self.ids.remove(pos);
            }
            Move::Word { id } => {
                let Some(pos) = self.find(*id) else {
                    return Ok(());
                };
                let mut said = step.raw.to_value().get("new").cloned().unwrap_or_default();
                // Said of the hand as this copy had it, where another copy's change of it was
                // kept: written for the record, standing for nothing (the hand is asked again).
                let lapsed = !allowed.word(k, *id);
                let action = if lapsed {
                    if let Value::Object(m) = &mut said {
                        m.insert("word".into(), step.action.id().into());
                    } else {
                        said = serde_json::json!({ "word": step.action.id() });
                    }
                    Action::Lapsed
                } else {
                    step.action
                };
                let word = (*id, action.id(), step.at.to_string(), said.to_string());
                if !self.words.insert(word) {
                    return Ok(());
                }
                let new = RawJson::of(&said).filter(|_| !said.is_null());
                history::record(
                    &mut self.session,
                    step.at,
                    action,
                    pos + 1,
                    None,
                    new.as_ref().map(|r| &*r.0),
                );
                self.applied += usize::from(k > 0 && !lapsed);
            }
            Move::Options(new) => self.options(k, step, new, allowed)?,
            Move::Record => {
                // Once, however many copies hold it.
                let text = step.raw.0.get();
                let held = self.session.log.iter().any(|r| r.0.get() == text);
                if !held {
                    self.session.log.push(step.raw.clone());
                }
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

    fn options(
        &mut self,
        k: usize,
        step: &Step,
        new: &Value,
        allowed: &Allowed,
    ) -> Result<(), Error> {
        let written = Value::Object(self.session.options.written().clone());
        if !allowed.options.contains(&k) || written == *new {
            return Ok(());
        }
        let players = self.session.players.len();
        let options = SessionOptions::read(self.session.game, Some(new), players)
            .map_err(|ms| ErrorKind::DoesNotPlay(k, ms.into_iter().map(Problem::file).collect()))?;
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
        Ok(())
    }
}

/// The hands each copy alone added that are still in play (not left out), by copy.
fn own_additions<'t>(tracks: &'t [Track], allowed: &Allowed) -> Vec<Vec<&'t (Id, Value)>> {
    let mut holders: std::collections::HashMap<Id, usize> = std::collections::HashMap::new();
    for t in tracks {
        for (id, _) in &t.added {
            *holders.entry(*id).or_default() += 1;
        }
    }
    tracks
        .iter()
        .map(|t| {
            t.added
                .iter()
                .filter(|(id, _)| holders.get(id) == Some(&1) && !allowed.left_ids.contains(id))
                .collect()
        })
        .collect()
}

/// The choice a step that did not play makes for the players, `run` being the merge as far as
/// it went (the step's hand, where it stands, tells where the choice is):
/// - a hand this copy added, where other copies added hands too (the next round of an evening
///   entered on two machines, a deal after another copy's deal that ended the game): keep one
///   copy's hands or another's;
/// - any other change: keep it (and leave out the other copies' changes, after which it did
///   not play) or leave it out.
///
/// Until the players pick, the merge is tried with a version that leaves the step out, so that
/// it goes on to find the next clash, if any. None where the step leaves no choice.
pub(super) fn clash(tracks: &[Track], allowed: &Allowed, run: &Run, fail: &Fail) -> Option<Choice> {
    let (k, i) = (fail.copy, fail.step);
    let step = tracks.get(k)?.steps.get(i)?;
    let own = own_additions(tracks, allowed);
    if let Move::Insert { id, .. } = step.change
        && own[k].iter().any(|(a, _)| *a == id)
    {
        // Every other copy that added hands of its own: they were all added after the hands
        // the copies shared, at this place (a copy whose turn to play has not come yet too,
        // or the players would be asked again between it and the version they kept).
        let rivals: Vec<usize> = (0..tracks.len())
            .filter(|&c| c != k && !own[c].is_empty())
            .collect();
        if !rivals.is_empty() {
            return Some(additions_clash(tracks, &own, run, k, i, rivals));
        }
    }
    let id = step.change.hand();
    let others: Vec<usize> = (0..tracks.len()).filter(|&c| c != k).collect();
    // Kept: every change of the other copies is left out (the copy's own session plays).
    let kept = Leave {
        ids: own
            .iter()
            .enumerate()
            .filter(|(c, _)| *c != k)
            .flat_map(|(_, a)| a.iter().map(|(id, _)| *id))
            .collect(),
        steps: others
            .iter()
            .flat_map(|&c| (0..tracks[c].steps.len()).map(move |s| (c, s)))
            .collect(),
    };
    // Left out: the step, and every later step of this copy on the same hand.
    let without = Leave {
        ids: Vec::new(),
        steps: (i..tracks[k].steps.len())
            .filter(|&s| s == i || (id.is_some() && tracks[k].steps[s].change.hand() == id))
            .map(|s| (k, s))
            .collect(),
    };
    let version = match &step.change {
        Move::Insert { value, .. } => Version::Hands(vec![value.clone()]),
        Move::Replace { new, .. } => Version::Value(new.clone()),
        Move::Remove { .. } => Version::Deleted,
        Move::Options(v) => Version::Value(v.clone()),
        Move::Word { .. } | Move::Close | Move::Reopen | Move::Record => return None,
    };
    let hand = id
        .and_then(|id| run.find(id))
        .map_or(run.ids.len() + 1, |p| p + 1);
    Some(Choice {
        hand: if id.is_some() { hand } else { 0 },
        field: None,
        versions: vec![(others, Version::Without), (vec![k], version)],
        times: vec![String::new(), step.at.to_string()],
        clash: Some(Clash {
            leaves: vec![without, kept],
            at: (k, i),
            tried: 0,
        }),
    })
}

/// Hands added on two or more copies at one place that do not all play: one version a copy.
fn additions_clash(
    tracks: &[Track],
    own: &[Vec<&(Id, Value)>],
    run: &Run,
    k: usize,
    i: usize,
    rivals: Vec<usize>,
) -> Choice {
    // One version a copy, in the copies' order (the session file first).
    let mut copies = rivals;
    copies.push(k);
    copies.sort_unstable();
    let hand = copies
        .iter()
        .flat_map(|&c| own[c].iter().filter_map(|(id, _)| run.find(*id)))
        .min()
        .map_or(run.ids.len() + 1, |p| p + 1);
    let last_time = |c: usize| {
        let ids: HashSet<Id> = own[c].iter().map(|(id, _)| *id).collect();
        tracks[c]
            .steps
            .iter()
            .rev()
            .find(|s| s.change.hand().is_some_and(|h| ids.contains(&h)))
            .map(|s| s.at.to_string())
            .unwrap_or_default()
    };
    // Copies that added the same hands hold one version (the table entered the same deal on
    // two machines): keeping it keeps the first holder's entries, never the same deal twice.
    let mut versions: Vec<(Vec<usize>, Version)> = Vec::new();
    for &c in &copies {
        let hands = Version::Hands(own[c].iter().map(|(_, v)| v.clone()).collect());
        match versions.iter_mut().find(|(_, v)| *v == hands) {
            Some((holders, _)) => holders.push(c),
            None => versions.push((vec![c], hands)),
        }
    }
    let leaves = versions
        .iter()
        .map(|(holders, _)| Leave {
            ids: copies
                .iter()
                .filter(|&&o| o != holders[0])
                .flat_map(|&o| own[o].iter().map(|(id, _)| *id))
                .collect(),
            steps: Vec::new(),
        })
        .collect();
    Choice {
        hand,
        field: None,
        times: versions.iter().map(|(h, _)| last_time(h[0])).collect(),
        clash: Some(Clash {
            leaves,
            at: (k, i),
            // Tried with a version that leaves out the copy whose step did not play.
            tried: versions.iter().position(|(h, _)| h[0] != k).unwrap_or(0),
        }),
        versions,
    }
}
