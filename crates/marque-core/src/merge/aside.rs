//! The versions the players did not keep, written in the merged log: nothing a machine entered
//! is lost with a choice. Each `aside` entry holds the version (`old`), the hand kept in its
//! place (`new`, none for a hand left out), the copy it came from and when it was made; the
//! log's restore puts it back.

use serde::Serialize;
use serde_json::Value;

use super::run::Run;
use super::track::{Move, Track};
use super::{Choice, Copy, Version};
use crate::history::Action;
use crate::session::RawJson;

#[derive(Serialize)]
struct AsideOut<'a> {
    at: &'a str,
    action: &'a str,
    hand: usize,
    old: &'a Value,
    new: &'a Value,
    /// The copy's file name (a conflict copy names the machine that made it).
    copy: &'a str,
    /// When the version was made, as its copy's log wrote it.
    then: &'a str,
}

/// One version set aside.
struct Aside<'a> {
    hand: usize,
    old: Value,
    copy: usize,
    then: &'a str,
}

/// Writes an `aside` entry for each version not kept: the versions not picked of a hand, and
/// what the version picked of a clash leaves out.
pub(super) fn record(
    run: &mut Run,
    tracks: &[Track],
    copies: &[Copy],
    choices: &[Choice],
    picks: &[usize],
    at: &str,
) {
    let mut asides: Vec<Aside> = Vec::new();
    for (c, &p) in choices.iter().zip(picks) {
        match &c.clash {
            Some(clash) => {
                let Some(leave) = clash.leaves.get(p) else {
                    continue;
                };
                // Hands left out are named where they stood on their copy: restoring one puts
                // it in place of the hand kept there (the two did not play together), or adds
                // it where none was kept.
                let mut next = c.hand;
                for &id in &leave.ids {
                    let found = tracks.iter().enumerate().find_map(|(k, t)| {
                        let (_, v) = t.added.iter().find(|(a, _)| *a == id)?;
                        let then = t.steps.iter().rev().find(|s| s.change.hand() == Some(id))?;
                        Some((k, v, then.at))
                    });
                    if let Some((k, v, then)) = found {
                        asides.push(Aside {
                            hand: next,
                            old: v.clone(),
                            copy: k,
                            then,
                        });
                        next += 1;
                    }
                }
                for &(k, s) in &leave.steps {
                    let Some(step) = tracks.get(k).and_then(|t| t.steps.get(s)) else {
                        continue;
                    };
                    let (id, old) = match &step.change {
                        Move::Replace { id, new, .. } => (Some(*id), new.clone()),
                        Move::Insert { id, value, .. } => (Some(*id), value.clone()),
                        Move::Options(v) => (None, v.clone()),
                        _ => continue,
                    };
                    let hand = id.and_then(|id| run.find(id)).map_or(0, |p| p + 1);
                    asides.push(Aside {
                        hand,
                        old,
                        copy: k,
                        then: step.at,
                    });
                }
            }
            None if c.field.is_none() => {
                for (v, (holders, version)) in c.versions.iter().enumerate() {
                    let old = match version {
                        Version::Value(old) => old.clone(),
                        // A deletion not kept: said, nothing to put back.
                        Version::Deleted => Value::Null,
                        _ => continue,
                    };
                    let Some(&k) = holders.first() else {
                        continue;
                    };
                    if v == p {
                        continue;
                    }
                    asides.push(Aside {
                        hand: c.hand,
                        old,
                        copy: k,
                        then: c.times.get(v).map_or("", String::as_str),
                    });
                }
            }
            None => {}
        }
    }
    for a in asides {
        let current = a
            .hand
            .checked_sub(1)
            .and_then(|i| run.session.hands.get(i))
            .map_or(Value::Null, |h| h.to_value());
        // In place of the hand kept there, if any; a hand left out where none was kept goes
        // back as a new hand.
        let new = if a.hand == 0 { Value::Null } else { current };
        let entry = AsideOut {
            at,
            action: Action::Aside.id(),
            hand: a.hand,
            old: &a.old,
            new: &new,
            copy: copies.get(a.copy).map_or("", |c| c.name),
            then: a.then,
        };
        if let Some(r) = RawJson::of(&entry) {
            run.session.log.push(r);
        }
    }
}
