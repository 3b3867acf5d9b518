//! Copies of a session changed apart, merged by their logs: every case on logs made the way the
//! app makes them (history::apply), each merged session checked against a fresh score.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::history::{self, Action, Change};
use marque_core::i18n::Lang;
use marque_core::merge::{self, Copy, ErrorKind, Version};
use marque_core::session::{Session, Sheet};
use serde_json::{Value, json};

/// A bridge session of partscores (an evening never ends), two hands played at 20:00 and 20:01.
fn shared() -> Table {
    let v = session(
        "bridge",
        &["Nadia", "Emile", "Sophie", "Walter"],
        json!({}),
        json!([]),
    );
    let mut s = Session::from_value(&v).unwrap();
    s.id = Some("2026-11-25-bridge-0001".into());
    let sheet = s.score().unwrap();
    let mut t = Table { s, sheet };
    t.add(deal("1C", 7), "20:00");
    t.add(deal("1D", 8), "20:01");
    t
}

fn deal(contract: &str, tricks: u8) -> Value {
    json!({"contract": contract, "declarer": "N", "tricks": tricks})
}

fn at(time: &str) -> String {
    format!("2026-11-25T{time}:00+01:00")
}

#[derive(Clone)]
struct Table {
    s: Session,
    sheet: Sheet,
}

impl Table {
    #[track_caller]
    fn apply(&mut self, change: Change, action: Action, time: &str) {
        history::apply(&mut self.s, &mut self.sheet, &change, action, &at(time)).unwrap();
    }
    #[track_caller]
    fn add(&mut self, v: Value, time: &str) {
        let h = self.s.decode(&v).unwrap();
        self.apply(Change::Insert(self.s.hands.len(), h), Action::Add, time);
    }
    #[track_caller]
    fn edit(&mut self, n: usize, v: Value, time: &str) {
        let h = self.s.decode(&v).unwrap();
        let old = self.s.hands[n - 1].clone();
        self.apply(Change::Replace(n - 1, old, h), Action::Edit, time);
    }
    #[track_caller]
    fn delete(&mut self, n: usize, time: &str) {
        let old = self.s.hands[n - 1].clone();
        self.apply(Change::Remove(n - 1, old), Action::Delete, time);
    }
    /// Undoes `change` (the change last made), as the app's undo does.
    #[track_caller]
    fn undo(&mut self, change: Change, time: &str) {
        self.apply(change.inverse(), Action::Undo, time);
    }
    fn hands(&self) -> Vec<Value> {
        self.s.hands.iter().map(|h| h.to_value()).collect()
    }
}

fn copies<'a>(tables: &'a [&'a Table]) -> Vec<Copy<'a>> {
    const NAMES: [&str; 3] = [
        "A.json",
        "A.sync-conflict-20261125-210500-AAAAAAA.json",
        "A.sync-conflict-20261125-211000-BBBBBBB.json",
    ];
    tables
        .iter()
        .zip(NAMES)
        .map(|(t, name)| Copy {
            name,
            session: &t.s,
        })
        .collect()
}

/// Merges and checks what every merge must be: the sheet is the session's own score, the log
/// ends with the merge's entry.
#[track_caller]
fn merged(tables: &[&Table], picks: &[usize]) -> Table {
    let m = merge::merge(&copies(tables), picks, &at("23:00"))
        .unwrap_or_else(|e| panic!("no merge: {}", e.message(&[]).render(Lang::En)));
    let fresh = m.session.score().unwrap();
    assert_eq!(
        m.sheet.totals, fresh.totals,
        "the merge's totals are its session's"
    );
    assert_eq!(
        m.sheet.hands, fresh.hands,
        "the merge's rows are its session's"
    );
    let last = history::log(&m.session).pop().unwrap();
    assert_eq!(last.action, Some(Action::Merge), "the merge is logged last");
    Table {
        s: m.session,
        sheet: m.sheet,
    }
}

#[track_caller]
fn choices(tables: &[&Table]) -> Box<merge::Pending> {
    match merge::merge(&copies(tables), &[], &at("23:00")) {
        Err(merge::Error {
            kind: ErrorKind::Choices(p),
        }) => p,
        other => panic!(
            "expected choices, got {:?}",
            other.map(|m| m.session.hands.len())
        ),
    }
}

#[test]
fn hands_added_on_both_sides_are_all_kept_in_time_order() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.add(deal("2C", 8), "21:00");
    b.add(deal("2D", 8), "21:05");
    a.add(deal("2H", 8), "21:10");
    let m = merged(&[&a, &b], &[]);
    let mut want = base.hands();
    want.extend([deal("2C", 8), deal("2D", 8), deal("2H", 8)]);
    assert_eq!(m.hands(), want);
    // Either copy first: the same hands and the same log but for who is named the copy.
    let other = merged(&[&b, &a], &[]);
    assert_eq!(other.hands(), want);
    let entries = |t: &Table| history::log(&t.s).len();
    assert_eq!(entries(&m), entries(&base) + 3 + 1);
    // Each applied entry keeps its own time; the merge says which copy it took in.
    let log = history::log(&m.s);
    assert_eq!(log[log.len() - 3].at, at("21:05"));
    let sentences = history::sentences(&m.s, &m.sheet);
    let last = sentences.last().unwrap().render(Lang::En);
    assert!(
        last.contains("merged with the copy from machine AAAAAAA"),
        "{last}"
    );
}

#[test]
fn an_edit_against_a_deletion_is_a_choice_and_either_can_be_kept() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.edit(1, deal("1C", 9), "21:00");
    b.delete(1, "21:01");
    let pending = choices(&[&a, &b]);
    assert_eq!(pending.choices.len(), 1);
    let c = &pending.choices[0];
    assert_eq!(c.hand, 1);
    assert_eq!(
        c.versions,
        vec![
            (vec![0], Version::Value(deal("1C", 9))),
            (vec![1], Version::Deleted)
        ]
    );
    let line = pending.lines()[0].render(Lang::En);
    assert!(
        line.contains("[1] this file, 21:00: 1♣ by North")
            && line.contains("[2] the copy from machine AAAAAAA, 21:01: deleted"),
        "{line}"
    );
    let kept = merged(&[&a, &b], &[0]);
    assert_eq!(kept.hands(), vec![deal("1C", 9), deal("1D", 8)]);
    let gone = merged(&[&a, &b], &[1]);
    assert_eq!(gone.hands(), vec![deal("1D", 8)]);
    // A pick that names no version is refused.
    let e = merge::merge(&copies(&[&a, &b]), &[2], &at("23:00")).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::BadPick(0)));
}

#[test]
fn two_edits_of_one_hand_are_a_choice_unless_they_agree() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.edit(2, deal("1D", 9), "21:00");
    b.edit(2, deal("1D", 10), "21:01");
    let pending = choices(&[&a, &b]);
    assert_eq!(pending.choices[0].hand, 2);
    assert_eq!(merged(&[&a, &b], &[1]).hands()[1], deal("1D", 10));
    assert_eq!(merged(&[&a, &b], &[0]).hands()[1], deal("1D", 9));
    // The same edit on both sides is no choice.
    let mut c = base.clone();
    c.edit(2, deal("1D", 9), "21:02");
    assert_eq!(merged(&[&a, &c], &[]).hands()[1], deal("1D", 9));
}

#[test]
fn a_change_undone_on_one_side_leaves_the_hand_to_the_other() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.edit(1, deal("1C", 10), "21:00");
    let old = a.s.hands[0].clone();
    let new = base.s.hands[0].clone();
    a.undo(Change::Replace(0, new, old), "21:01");
    a.add(deal("3C", 9), "21:02");
    let added = a.s.hands[2].clone();
    a.undo(Change::Insert(2, added), "21:03");
    b.edit(1, deal("1C", 8), "21:04");
    let m = merged(&[&a, &b], &[]);
    assert_eq!(m.hands(), vec![deal("1C", 8), deal("1D", 8)]);
    // A deletion undone is the same hand put back: the other side's edit of it still applies.
    let (mut c, mut d) = (base.clone(), base.clone());
    c.delete(1, "21:00");
    let removed = base.s.hands[0].clone();
    c.undo(Change::Remove(0, removed), "21:01");
    d.edit(1, deal("1C", 11), "21:02");
    assert_eq!(
        merged(&[&c, &d], &[]).hands(),
        vec![deal("1C", 11), deal("1D", 8)]
    );
}

#[test]
fn hands_are_followed_by_who_they_are_not_where_they_stand() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.delete(1, "21:00");
    // On B the second hand is still hand 2.
    b.edit(2, deal("1D", 11), "21:01");
    b.add(deal("4S", 10), "21:02");
    let m = merged(&[&a, &b], &[]);
    assert_eq!(m.hands(), vec![deal("1D", 11), deal("4S", 10)]);
}

#[test]
fn three_copies_merge_in_one() {
    let base = shared();
    let (mut a, mut b, mut c) = (base.clone(), base.clone(), base.clone());
    a.add(deal("2S", 8), "21:00");
    b.add(deal("3S", 9), "21:01");
    c.edit(1, deal("1C", 8), "21:02");
    c.add(deal("4H", 10), "21:03");
    let m = merged(&[&a, &b, &c], &[]);
    assert_eq!(
        m.hands(),
        vec![
            deal("1C", 8),
            deal("1D", 8),
            deal("2S", 8),
            deal("3S", 9),
            deal("4H", 10)
        ]
    );
    // Two of three agreeing on an edit the third does otherwise: one choice, two versions.
    let mut d = base.clone();
    d.edit(1, deal("1C", 8), "21:04");
    let mut e = base.clone();
    e.edit(1, deal("1C", 12), "21:05");
    let pending = choices(&[&c, &d, &e]);
    assert_eq!(pending.choices[0].versions.len(), 2);
    assert_eq!(pending.choices[0].versions[0].0, vec![0, 1]);
}

#[test]
fn copies_of_other_sessions_or_without_a_log_are_refused() {
    let base = shared();
    let mut other = base.clone();
    other.s.id = Some("another".into());
    let e = merge::merge(&copies(&[&base, &other]), &[], &at("23:00")).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::NotSame(1)));
    // Hands changed with no trace in the log: where the copies parted cannot be found.
    let mut edited = base.clone();
    edited.s.hands[0] = edited.s.decode(&deal("7NT", 13)).unwrap();
    let mut added = base.clone();
    added.add(deal("2C", 8), "21:00");
    let e = merge::merge(&copies(&[&added, &edited]), &[], &at("23:00")).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::NoSharedHistory(1)));
    let text = e.message(&["A.json", "B.json"]).render(Lang::Fr);
    assert!(text.contains("B.json"), "{text}");
}

#[test]
fn the_other_sides_word_follows_its_hand() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.delete(1, "21:00");
    history::give_word(
        &mut b.s,
        1,
        Action::Dispute,
        (
            history::Giver {
                side: Some("EW"),
                seat: None,
            },
            None,
        ),
        &at("21:01"),
    );
    let m = merged(&[&a, &b], &[]);
    // The disputed hand is now hand 1.
    assert_eq!(
        history::words(&m.s, &m.s.score().unwrap()),
        vec![history::Word::Disputed],
        "{:?}",
        history::log(&m.s)
    );
}

#[test]
fn a_hand_added_that_reads_like_one_deleted_is_another_hand() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    // Here hand 2 was deleted, then a new hand entered that reads the same (not an undo)...
    a.delete(2, "21:00");
    a.add(deal("1D", 8), "21:01");
    // ...there hand 2 was corrected: the deletion against the correction is a choice.
    b.edit(2, deal("1D", 9), "21:02");
    let pending = choices(&[&a, &b]);
    assert_eq!(pending.choices.len(), 1);
    assert_eq!(pending.choices[0].hand, 2);
    // Keeping the correction keeps the new hand too.
    assert_eq!(
        merged(&[&a, &b], &[1]).hands(),
        vec![deal("1C", 7), deal("1D", 9), deal("1D", 8)]
    );
}

#[test]
fn a_copy_merged_twice_adds_nothing_twice() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.add(deal("2C", 8), "21:00");
    b.add(deal("2D", 8), "21:05");
    b.edit(1, deal("1C", 8), "21:06");
    let once = merged(&[&a, &b], &[]);
    // The copy comes back (put back from the trash, or a machine that had not seen the merge).
    let twice = merged(&[&once, &b], &[]);
    assert_eq!(twice.hands(), once.hands());
    let again = merged(&[&b, &once], &[]);
    assert_eq!(again.hands(), once.hands());
}

#[test]
fn a_copy_closed_then_reopened_leaves_the_other_sides_closing() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    history::close(&mut a.s, &mut a.sheet, &at("21:00"));
    history::close(&mut b.s, &mut b.sheet, &at("21:01"));
    history::reopen(&mut b.s, &at("21:02"));
    b.sheet.set_closed(false);
    assert!(merged(&[&a, &b], &[]).s.closed, "A's closing stands");
    assert!(merged(&[&b, &a], &[]).s.closed);
}

#[test]
fn a_title_held_differently_is_a_choice_for_the_players() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.add(deal("2C", 8), "21:00");
    a.s.set_text_field("title", "Le club du mardi");
    b.s.set_text_field("title", "Mardi soir");
    b.s.set_text_field("note", "chez Anne");
    let pending = choices(&[&a, &b]);
    // The title two ways, the note on one side only: two choices, nothing said to be newer.
    assert_eq!(pending.choices.len(), 2);
    let lines: Vec<String> = pending.lines().iter().map(|l| l.render(Lang::Fr)).collect();
    assert!(lines[1].contains("le titre"), "{lines:?}");
    assert!(lines[1].contains("« Mardi soir »"), "{lines:?}");
    assert!(
        lines[0].contains("la note") && lines[0].contains("(aucun)"),
        "{lines:?}"
    );
    let m = merged(&[&a, &b], &[1, 1]);
    assert_eq!(m.s.text_field("title").as_deref(), Some("Mardi soir"));
    assert_eq!(m.s.text_field("note").as_deref(), Some("chez Anne"));
    assert_eq!(
        m.hands().len(),
        3,
        "the deal added here is kept whatever the title"
    );
    // The title not kept is in the log, as a hand's version would be (issue 40).
    let said: Vec<String> = history::sentences(&m.s, &m.sheet)
        .iter()
        .map(|l| l.render(Lang::Fr))
        .collect();
    assert!(
        said.iter()
            .any(|l| l.contains("le titre : version non gardée à la fusion")
                && l.contains("« Le club du mardi »")),
        "{said:?}"
    );
    // The same title on both sides is no choice.
    let mut c = base.clone();
    c.s.set_text_field("title", "Le club du mardi");
    let mut d = base.clone();
    d.s.set_text_field("title", "Le club du mardi");
    assert_eq!(
        merged(&[&c, &d], &[]).s.text_field("title").as_deref(),
        Some("Le club du mardi")
    );
}

#[test]
fn a_log_written_again_by_another_tool_is_still_shared() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.edit(2, deal("1D", 9), "21:00");
    b.edit(2, deal("1D", 10), "21:01");
    // B's file went through a tool that writes JSON keys in order, spaced: the same entries.
    let v = b.s.to_value();
    let respaced = serde_json::to_string_pretty(&v).unwrap();
    b.s = Session::parse(&respaced).unwrap();
    assert_ne!(a.s.log[0], b.s.log[0], "the texts differ");
    let pending = choices(&[&a, &b]);
    assert_eq!(
        pending.choices.len(),
        1,
        "the two edits of deal 2 still meet"
    );
    assert_eq!(pending.choices[0].hand, 2);
}

/// Table events are entries like hands (issue 32): a substitute on one machine and an agreed
/// adjustment on the other are both kept, in time order, with the hands around them.
#[test]
fn events_added_on_both_sides_are_all_kept() {
    let base = shared();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.add(
        json!({"event": "replace", "seat": 2, "player": "Zoé"}),
        "21:00",
    );
    a.add(deal("2C", 8), "21:02");
    b.add(
        json!({"event": "adjust", "side": 1, "points": 100, "reason": "renonce"}),
        "21:05",
    );
    let m = merged(&[&a, &b], &[]);
    let hands = m.hands();
    assert_eq!(hands.len(), 5);
    assert_eq!(hands[2]["event"], json!("replace"));
    assert_eq!(hands[3], deal("2C", 8));
    assert_eq!(hands[4]["event"], json!("adjust"));
    assert_eq!(m.sheet.seats().current()[2], "Zoé");
    // Merged again with either copy: nothing added, nothing lost.
    assert_eq!(merged(&[&m, &a], &[]).hands(), hands);
    assert_eq!(merged(&[&m, &b], &[]).hands(), hands);
}
