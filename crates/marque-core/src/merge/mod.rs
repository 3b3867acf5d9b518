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
//! - a change a copy undid is no change (an edit undone leaves the hand to the others);
//! - a change that no longer plays after another copy's (the next round of an evening entered
//!   on both machines, a deal after another copy's deal that ended the game) is a choice too:
//!   one copy's hands or the other's, the change or not. A merge always ends in a session.
//!
//! Hands are followed by who they are ([`crate::history::HandId`]), not where they stand: a hand
//! deleted on one copy moves the next ones up there, not on the other copy. The merged log holds
//! the shared entries, each applied entry with its own time, an `aside` entry for each version
//! the players did not keep (restoring it puts it back), and one entry for the merge itself.

mod aside;
mod parts;
mod run;
mod track;
mod words;

pub use crate::history::{clock, copy_label, machine_of};

use serde_json::Value;

use crate::history::{self, Action, Entry};
use crate::session::{RawJson, Session, SessionOptions};
use parts::Base;
pub use parts::{Choice, Copy, Error, ErrorKind, Merged, Pending, Version};
use run::{Allowed, Run};
use track::{Ids, Outcome, Track};

/// Merges `copies` (the session file first, then its conflict copies). `picks` holds, for each
/// [`Choice`] in order, the index of the version kept; with too few, the choices are returned
/// and nothing is merged. `at` dates the merge's log entry.
///
/// Choices come in two kinds: hands (or options, or fields) the copies changed differently,
/// known before anything is played; and clashes, changes that did not play when the merge was
/// played through. A clash is found with the choices before it made (a clash without a pick
/// yet is tried with a version that leaves the change out, to find the next): the
/// players may be asked again, with more choices, after they made the first ones.
pub fn merge(copies: &[Copy], picks: &[usize], at: &str) -> Result<Merged, Error> {
    let (shared, later) = later_entries(copies)?;
    let prepared = Prepared::of(copies, shared, &later)?;
    // Every choice at once where it can be found (clashes tried with the first versions of
    // the choices not made yet); those known before playing where it cannot.
    let (choices, run) = match prepared.discover(picks) {
        Ok(found) => found,
        Err(_) if picks.len() < asked(&prepared.choices) => {
            return Err(prepared.pending(prepared.choices.clone()));
        }
        Err(e) => return Err(e),
    };
    if picks.len() < asked(&choices) {
        return Err(prepared.pending(choices));
    }
    let picks = every_pick(&choices, picks, |_| 0);
    Ok(prepared.finish(run, &choices, &picks, at))
}

/// How many of `choices` the players are asked: those of two versions or more. Identical
/// versions are one (two machines entered the same deal), and a choice of one settles itself.
fn asked(choices: &[Choice]) -> usize {
    choices.iter().filter(|c| c.versions.len() > 1).count()
}

/// A pick for each of `choices`: the one version of a choice that settles itself, the players'
/// picks in turn for the others (numbered among the choices they are asked), `first` where
/// they have not picked yet.
fn every_pick(choices: &[Choice], picks: &[usize], first: impl Fn(&Choice) -> usize) -> Vec<usize> {
    let mut theirs = picks.iter().copied();
    choices
        .iter()
        .map(|c| match c.versions.len() {
            0 | 1 => 0,
            _ => theirs.next().unwrap_or_else(|| first(c)),
        })
        .collect()
}

/// Every choice the merge of `copies` asks with these `picks` (those known before playing,
/// and the clashes playing them finds), whether or not the picks make them all: what a dialog
/// shows, and what picks made on it must still be made on.
pub fn pending(copies: &[Copy], picks: &[usize]) -> Result<Box<Pending>, Error> {
    let (shared, later) = later_entries(copies)?;
    let prepared = Prepared::of(copies, shared, &later)?;
    let choices = prepared
        .discover(picks)
        .map_or_else(|_| prepared.choices.clone(), |(c, _)| c);
    match prepared.pending(choices).kind {
        ErrorKind::Choices(p) => Ok(p),
        _ => Err(ErrorKind::NoSharedHistory(0).into()),
    }
}

/// The merge played up to the step that did not play (to know where its hands stand).
fn partial_run(prepared: &Prepared, allowed: &Allowed, fail: &run::Fail) -> Result<Run, Error> {
    let mut upto: Vec<Track> = Vec::with_capacity(prepared.tracks.len());
    for (k, t) in prepared.tracks.iter().enumerate() {
        upto.push(Track {
            steps: t.steps.clone(),
            hands: t.hands.clone(),
            options: t.options.clone(),
            closes: t.closes,
            added: t.added.clone(),
        });
        if k == fail.copy {
            upto[k].steps.truncate(fail.step);
        }
    }
    // Steps of other copies after the failing one in time order are not played either.
    let when = prepared.tracks[fail.copy].steps[fail.step].when;
    for (k, t) in upto.iter_mut().enumerate() {
        if k != fail.copy {
            let keep = t.steps.iter().take_while(|s| s.when <= when).count();
            t.steps.truncate(keep);
        }
    }
    match prepared.start()?.play(&upto, allowed) {
        Ok(run) => Ok(run),
        Err(_) => prepared.start(),
    }
}

/// What every merge of these copies starts from: the session as they shared it, each copy's
/// changes since, and the choices known before playing them.
struct Prepared<'a> {
    copies: &'a [Copy<'a>],
    later: &'a [Vec<(Entry, &'a RawJson)>],
    shared: usize,
    tracks: Vec<Track<'a>>,
    choices: Vec<Choice>,
    shared_hands: usize,
    /// The session as the copies shared it, scored, ready to play on: made once with the rest,
    /// taken by the first play, made again only for another (a clash found): a session of
    /// 100,000 deals is not held twice.
    start: std::cell::RefCell<Option<Run>>,
}

/// The session file as the copies shared it (`base`), scored, ready to play on: made field by
/// field, the copies' hands not copied once more.
fn start_of(f: &Session, shared: usize, base: Base) -> Result<Run, Error> {
    let options = SessionOptions::read(f.game, Some(&base.options), f.players.len())
        .map_err(|_| ErrorKind::NoSharedHistory(0))?;
    let shared_hands = base.hands.len();
    let session = Session {
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
    let sheet = session.score().map_err(|p| ErrorKind::DoesNotPlay(0, p))?;
    Ok(Run {
        session,
        sheet,
        ids: (0..shared_hands).collect(),
        applied: 0,
        words: std::collections::HashSet::new(),
        changes: std::collections::HashSet::new(),
    })
}

/// How many log entries the copies share, and each copy's entries after them, read.
#[expect(
    clippy::type_complexity,
    reason = "an entry beside its text, a list per copy"
)]
fn later_entries<'a>(
    copies: &'a [Copy<'a>],
) -> Result<(usize, Vec<Vec<(Entry, &'a RawJson)>>), Error> {
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
    let mut later = Vec::with_capacity(copies.len());
    for (k, c) in copies.iter().enumerate() {
        let entries = c.session.log[shared..]
            .iter()
            .map(|r| Entry::read(r).map(|e| (e, r)))
            .collect::<Option<Vec<_>>>()
            .ok_or(ErrorKind::NoSharedHistory(k))?;
        later.push(entries);
    }
    Ok((shared, later))
}

impl<'a> Prepared<'a> {
    fn of(
        copies: &'a [Copy<'a>],
        shared: usize,
        later: &'a [Vec<(Entry, &'a RawJson)>],
    ) -> Result<Prepared<'a>, Error> {
        let first = copies.first().ok_or(ErrorKind::NotSame(0))?;
        // The session as the copies shared it: every copy, its later changes undone, must
        // give it.
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
        let mut ids = Ids::new(base.hands.len());
        let tracks: Vec<Track> = later
            .iter()
            .enumerate()
            .map(|(k, entries)| {
                Track::of(&base, entries, &mut ids).ok_or(ErrorKind::NoSharedHistory(k))
            })
            .collect::<Result<_, _>>()?;
        let mut tracks = tracks;
        // A copy whose every change another holds (merged into it once already, on a machine
        // that had not seen the merge) adds nothing: its changes are not played twice.
        let within: Vec<bool> = (0..tracks.len())
            .map(|j| {
                (0..tracks.len()).any(|i| {
                    i != j
                        && tracks[j].within(&tracks[i])
                        && (!tracks[i].within(&tracks[j]) || i < j)
                })
            })
            .collect();
        for (t, &w) in tracks.iter_mut().zip(&within) {
            if w {
                t.forget();
            }
        }
        let mut choices = choices(&base, &tracks);
        choices.extend(field_choices(copies));
        let shared_hands = base.hands.len();
        let start = start_of(first.session, shared, base)?;
        Ok(Prepared {
            copies,
            later,
            shared,
            tracks,
            choices,
            shared_hands,
            start: std::cell::RefCell::new(Some(start)),
        })
    }

    /// The session as the copies shared it, to play on: the one made with the rest if no play
    /// took it yet, else made again from the session file.
    fn start(&self) -> Result<Run, Error> {
        if let Some(run) = self.start.borrow_mut().take() {
            return Ok(run);
        }
        let first = self.copies.first().ok_or(ErrorKind::NotSame(0))?;
        let later = self.later.first().ok_or(ErrorKind::NotSame(0))?;
        let base = Base::of(first.session, later).ok_or(ErrorKind::NoSharedHistory(0))?;
        start_of(first.session, self.shared, base)
    }

    /// Plays the merge through with `picks`, each change that does not play becoming a clash
    /// (tried with a version that leaves it out until picked, to find the next): every choice, and the
    /// merge as played.
    fn discover(&self, picks: &[usize]) -> Result<(Vec<Choice>, Run), Error> {
        let mut choices = self.choices.clone();
        loop {
            let tried = every_pick(&choices, picks, |c| c.clash.as_ref().map_or(0, |x| x.tried));
            let allowed = Allowed::new(self.shared_hands, &self.tracks, &choices, &tried)?;
            match self.start()?.play(&self.tracks, &allowed) {
                Ok(run) => return Ok((choices, run)),
                Err(fail) => {
                    let known = choices.iter().any(|c| {
                        c.clash
                            .as_ref()
                            .is_some_and(|x| x.at == (fail.copy, fail.step))
                    });
                    // Played as far as it goes, to say where the clash stands.
                    let partial = partial_run(self, &allowed, &fail)?;
                    match run::clash(&self.tracks, &allowed, &partial, &fail) {
                        Some(c) if !known && choices.len() <= self.limit() => choices.push(c),
                        _ => return Err(ErrorKind::DoesNotPlay(fail.copy, fail.problems).into()),
                    }
                }
            }
        }
    }

    /// At most one clash per step: past that, a step that does not play is refused.
    fn limit(&self) -> usize {
        self.choices.len() + self.tracks.iter().map(|t| t.steps.len()).sum::<usize>()
    }

    fn pending(&self, choices: Vec<Choice>) -> Error {
        let start = match self.start() {
            Ok(run) => run,
            Err(e) => return e,
        };
        let pending = Pending {
            choices: choices
                .into_iter()
                .filter(|c| c.versions.len() > 1)
                .collect(),
            names: self.copies.iter().map(|c| c.name.to_string()).collect(),
            base: start.session,
            sheet: start.sheet,
            copies: self
                .copies
                .iter()
                .map(|c| (c.session.clone(), c.session.score().ok()))
                .collect(),
        };
        ErrorKind::Choices(Box::new(pending)).into()
    }

    /// The merged session: the fields chosen, an entry for each version not kept, and the
    /// merge's own entry.
    fn finish(&self, mut run: Run, choices: &[Choice], picks: &[usize], at: &str) -> Merged {
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
                _ => {
                    run.session.extra.remove(key);
                }
            }
        }
        aside::record(&mut run, &self.tracks, self.copies, choices, picks, at);
        let chosen: Vec<Value> = choices
            .iter()
            .zip(picks)
            .filter(|(c, _)| c.versions.len() > 1)
            .filter_map(|(c, &p)| {
                let (holders, _) = c.versions.get(p)?;
                let copy = self.copies.get(*holders.first()?)?.name;
                Some(serde_json::json!({ "hand": c.hand, "copy": copy }))
            })
            .collect();
        let note = serde_json::json!({
            "copies": self.copies.iter().skip(1).map(|c| c.name).collect::<Vec<_>>(),
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
        let lapsed = |s: &Session| {
            s.log
                .iter()
                .filter(|r| r.0.get().contains("\"lapsed\""))
                .filter_map(Entry::read)
                .filter(|e| e.action == Some(Action::Lapsed))
                .count()
        };
        let lapsed =
            lapsed(&session).saturating_sub(self.copies.first().map_or(0, |c| lapsed(c.session)));
        Merged {
            session,
            sheet,
            applied,
            chosen: asked(choices),
            lapsed,
        }
    }
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
            let times = versions
                .iter()
                .map(|(holders, _)| last_time(tracks, holders, |m| m.hand() == Some(id)))
                .collect();
            out.push(Choice {
                hand: id + 1,
                field: None,
                versions: versions.clone(),
                times,
                clash: None,
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
        let times = versions
            .iter()
            .map(|(holders, _)| {
                last_time(tracks, holders, |m| matches!(m, track::Move::Options(_)))
            })
            .collect();
        out.push(Choice {
            hand: 0,
            field: None,
            versions,
            times,
            clash: None,
        });
    }
    out
}

/// The time of the last change of `holders` that `of` picks, as written ("" where none).
fn last_time(tracks: &[Track], holders: &[usize], of: impl Fn(&track::Move) -> bool) -> String {
    holders
        .iter()
        .filter_map(|&k| tracks.get(k)?.steps.iter().rev().find(|s| of(&s.change)))
        .max_by_key(|s| s.when)
        .map(|s| s.at.to_string())
        .unwrap_or_default()
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
                times: vec![String::new(); versions.len()],
                versions,
                clash: None,
            });
        }
    }
    out
}
