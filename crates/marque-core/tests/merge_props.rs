//! Random histories of copies merged (issues 40 and 50): every hand of every copy in the merge
//! once, whichever copy comes first, merged again adding nothing; with an older Marque's log
//! (no ids), sessions closed and reopened, and the phones' words: none lost on a hand no copy
//! changed, none written twice.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::copies::*;
use marque_core::history::{self, Action, Change};
use proptest::prelude::*;
use serde_json::Value;

/// One step of a copy's random history.
#[derive(Debug, Clone)]
enum Op {
    Add(u8),
    Edit(usize, u8),
    Delete(usize),
    Undo,
    /// A phone's word on a hand of the copy (the shared one included).
    Word(usize),
    /// The players stop; the next change takes the session up again (logged), as the app does.
    Close,
}

/// Plays `ops` on a copy, on the hands it added itself only (its own hands: no choice), with
/// times from a few seconds so that copies share seconds. Returns its own hands' values.
fn play(t: &mut Table, ops: &[Op], copy: usize) -> Vec<Value> {
    let shared = t.s.hands.len();
    let mut undo: Vec<Change> = Vec::new();
    for (n, op) in ops.iter().enumerate() {
        // Each machine's clock goes forward; two entries a second.
        let time = format!("21:00:{:02}", n / 2);
        let own = t.s.hands.len() - shared;
        let changes = !matches!(op, Op::Word(_) | Op::Close);
        if changes && t.s.closed {
            history::reopen(&mut t.s, &at(&time));
            t.sheet.set_closed(false);
        }
        match *op {
            Op::Word(i) => {
                let giver = history::Giver {
                    side: Some("EW"),
                    seat: None,
                };
                let label = format!("c{copy}-{n}");
                let phone = history::FromPhone {
                    label: &label,
                    why: "",
                };
                let i = i % t.s.hands.len();
                history::give_word(
                    &mut t.s,
                    i,
                    Action::Confirm,
                    (giver, Some(phone)),
                    &at(&time),
                );
            }
            Op::Close if !t.s.closed => history::close(&mut t.s, &mut t.sheet, &at(&time)),
            Op::Add(k) => {
                let h = t.s.decode(&bridge_deal(k)).unwrap();
                let c = Change::Insert(t.s.hands.len(), h);
                t.apply(c.clone(), Action::Add, &time);
                undo.push(c);
            }
            Op::Edit(i, k) if own > 0 => {
                let i = shared + i % own;
                let c = Change::Replace(
                    i,
                    t.s.hands[i].clone(),
                    t.s.decode(&bridge_deal(k)).unwrap(),
                );
                t.apply(c.clone(), Action::Edit, &time);
                undo.push(c);
            }
            Op::Delete(i) if own > 0 => {
                let i = shared + i % own;
                let c = Change::Remove(i, t.s.hands[i].clone());
                t.apply(c.clone(), Action::Delete, &time);
                undo.push(c);
            }
            Op::Undo => {
                if let Some(c) = undo.pop() {
                    t.apply(c.inverse(), Action::Undo, &time);
                }
            }
            _ => {}
        }
    }
    t.hands()[shared..].to_vec()
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0u8..3).prop_map(Op::Add),
        1 => (0usize..5, 0u8..3).prop_map(|(i, k)| Op::Edit(i, k)),
        1 => (0usize..5).prop_map(Op::Delete),
        1 => Just(Op::Undo),
        2 => (0usize..6).prop_map(Op::Word),
        1 => Just(Op::Close),
    ]
}

fn sorted(mut v: Vec<Value>) -> Vec<String> {
    let mut out: Vec<String> = v.drain(..).map(|x| x.to_string()).collect();
    out.sort();
    out
}

/// The phones' words of a merged log by their phone's label (`c{copy}-{step}`: each given
/// once), as confirmations or as words kept for the record.
fn words(t: &Table) -> Vec<(String, Option<Action>, usize)> {
    let mut out: Vec<_> = history::log(&t.s)
        .into_iter()
        .filter(|e| matches!(e.action, Some(Action::Confirm | Action::Lapsed)))
        .map(|e| {
            let label = e.new["phone"].as_str().unwrap_or_default().to_string();
            (label, e.action, e.hand)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A copy as an older Marque writes it: its entries after the shared ones have no ids.
fn without_ids(t: &mut Table, shared: usize) {
    for k in shared..t.s.log.len() {
        let mut v = t.s.log[k].to_value();
        if let Some(m) = v.as_object_mut() {
            m.remove("id");
        }
        t.s.log[k] = marque_core::session::RawJson::of(&v).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random histories on two or three copies, deals alike in the same second included, one
    /// copy perhaps from an older Marque (no ids), sessions closed and taken up again, and
    /// phones' words: every hand of every copy is in the merge exactly once, in the same order
    /// whichever copy is merged first; every word is in the log once (a word on the hand the
    /// copies shared, which none changed, as a confirmation); a second merge with any copy
    /// adds nothing; a merge of copies none of which was closed is not closed.
    #[test]
    fn every_hand_and_word_once_whatever_the_order(
        ops in proptest::collection::vec(proptest::collection::vec(op(), 0..10), 2..=3),
        old in 0usize..5,
    ) {
        let mut base = Table::new("bridge", &["Nadia", "Emile", "Sophie", "Walter"]);
        base.add(bridge_deal(0), "20:00:00");
        let shared = base.s.log.len();
        let mut tables: Vec<Table> = Vec::new();
        let mut want = base.hands();
        let mut given = Vec::new();
        for (c, o) in ops.iter().enumerate() {
            let mut t = base.clone();
            want.extend(play(&mut t, o, c));
            if c == old {
                without_ids(&mut t, shared);
            }
            given.extend(
                o.iter()
                    .enumerate()
                    .filter(|(_, op)| matches!(op, Op::Word(_)))
                    .map(|(n, _)| format!("c{c}-{n}")),
            );
            tables.push(t);
        }
        given.sort();
        let refs: Vec<&Table> = tables.iter().collect();
        let m = merged(&refs, &[]);
        prop_assert_eq!(sorted(m.hands()), sorted(want.clone()));
        let said = words(&m);
        let labels: Vec<String> = said.iter().map(|w| w.0.clone()).collect();
        prop_assert_eq!(&labels, &given, "every word once");
        for (label, action, hand) in &said {
            let on_shared = tables.iter().enumerate().any(|(c, t)| {
                label.starts_with(&format!("c{c}-"))
                    && history::log(&t.s).iter().any(|e| {
                        e.new["phone"] == label.as_str() && e.hand == 1
                    })
            });
            if on_shared {
                prop_assert_eq!(*action, Some(Action::Confirm), "{} on the shared hand", label);
                prop_assert_eq!(*hand, 1);
            }
        }
        if tables.iter().all(|t| !history::log(&t.s).iter().any(|e| e.action == Some(Action::Close))) {
            prop_assert!(!m.s.closed);
        }
        let mut reversed = refs.clone();
        reversed.reverse();
        let r = merged(&reversed, &[]);
        prop_assert_eq!(r.hands(), m.hands());
        prop_assert_eq!(words(&r).len(), said.len());
        // Merged again with any copy (a machine that had not seen the merge): nothing is
        // added twice, nothing lost.
        for t in &refs {
            let again = merged(&[&m, t], &[]);
            prop_assert_eq!(sorted(again.hands()), sorted(m.hands()));
            // (A word's entry names its hand by its place then, which another order of the
            // same steps may give otherwise: the words are compared by who said what.)
            let unplaced = |w: Vec<(String, Option<Action>, usize)>| {
                w.into_iter().map(|(l, a, _)| (l, a)).collect::<Vec<_>>()
            };
            prop_assert_eq!(unplaced(words(&again)), unplaced(said.clone()));
        }
    }
}
