//! The versions the players did not keep, written in the merged log: nothing a machine entered
//! is lost with a choice. Each `aside` entry holds the version (`old`), the hand kept in its
//! place (`new`, none for a hand left out), the copy it came from and when it was made; the
//! log's restore puts it back.

use serde::Serialize;
use serde_json::Value;

use super::parts::{Choice, Copy, Version};
use super::run::Run;
use super::track::{Move, Track};
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
    /// A field of the file not kept (`title`, `note`), in place of a hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'a str>,
}

/// One version set aside.
struct Aside<'a> {
    hand: usize,
    old: Value,
    copy: usize,
    then: &'a str,
    /// It goes back as a new hand there (where the hand it stood for is gone), not in place
    /// of the hand there.
    insert: bool,
    /// A field of the file (the title, the note): its version not kept.
    field: Option<&'a str>,
}

/// Where a hand left out would stand in the merged session (from 1): after the hand it followed
/// on its copy, else at the end.
fn placed(run: &Run, tracks: &[Track], id: super::parts::Id) -> usize {
    let after = tracks.iter().find_map(|t| {
        t.steps.iter().find_map(|s| match &s.change {
            Move::Insert { id: i, after, .. } if *i == id => Some(*after),
            _ => None,
        })
    });
    match after {
        Some(Some(a)) => run.find(a).map_or(run.ids.len() + 1, |p| p + 2),
        Some(None) => 1,
        None => run.ids.len() + 1,
    }
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
                let mut next: Option<usize> = None;
                for &id in &leave.ids {
                    let found = tracks.iter().enumerate().find_map(|(k, t)| {
                        let (_, v) = t.added.iter().find(|(a, _)| *a == id)?;
                        let then = t.steps.iter().rev().find(|s| s.change.hand() == Some(id))?;
                        Some((k, v, then.at))
                    });
                    if let Some((k, v, then)) = found {
                        // The first where its copy put it; the next ones of that copy after it.
                        let hand = next.map_or_else(|| placed(run, tracks, id), |n| n + 1);
                        next = Some(hand);
                        asides.push(Aside {
                            hand,
                            old: v.clone(),
                            copy: k,
                            then,
                            insert: false,
                            field: None,
                        });
                    }
                }
                for &(k, s) in &leave.steps {
                    let Some(step) = tracks.get(k).and_then(|t| t.steps.get(s)) else {
                        continue;
                    };
                    let (hand, old, insert) = match &step.change {
                        Move::Replace { id, new, .. } => match run.find(*id) {
                            Some(p) => (p + 1, new.clone(), false),
                            None => continue,
                        },
                        Move::Insert { id, value, .. } => match run.find(*id) {
                            Some(_) => continue,
                            None => (placed(run, tracks, *id), value.clone(), false),
                        },
                        Move::Options(v) => (0, v.clone(), true),
                        _ => continue,
                    };
                    asides.push(Aside {
                        hand,
                        old,
                        copy: k,
                        then: step.at,
                        insert,
                        field: None,
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
                    // Where that hand now stands; where it stood, as a new hand, if the version
                    // kept deleted it.
                    let (hand, insert) = match run.find(c.hand - 1) {
                        Some(p) => (p + 1, false),
                        None => (c.hand.min(run.ids.len() + 1), true),
                    };
                    asides.push(Aside {
                        hand,
                        old,
                        copy: k,
                        then: c.times.get(v).map_or("", String::as_str),
                        insert,
                        field: None,
                    });
                }
            }
            // A title or a note not kept: written in the log as a hand's version is, so that
            // nothing a machine wrote is lost with a choice.
            None => {
                for (v, (holders, version)) in c.versions.iter().enumerate() {
                    let (Some(&k), true) = (holders.first(), v != p) else {
                        continue;
                    };
                    // None on that side: nothing lost.
                    let Version::Value(old) = version else {
                        continue;
                    };
                    let old = old.clone();
                    asides.push(Aside {
                        hand: 0,
                        old,
                        copy: k,
                        then: "",
                        insert: true,
                        field: c.field.as_deref(),
                    });
                }
            }
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
        let new = if a.hand == 0 || a.insert {
            Value::Null
        } else {
            current
        };
        let entry = AsideOut {
            at,
            action: Action::Aside.id(),
            hand: a.hand,
            old: &a.old,
            new: &new,
            copy: copies.get(a.copy).map_or("", |c| c.name),
            then: a.then,
            field: a.field,
        };
        if let Some(r) = RawJson::of(&entry) {
            run.session.log.push(r);
        }
    }
}
