//! The session being played as a document, without a window: each operation and its outcome,
//! writes short (no lock held between changes), a change that came meanwhile settled by the
//! conflict policy, the other side's word never asked again for a hand changed back.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::path::{Path, PathBuf};
use std::process::Command;

use marque_core::games::GameHand;
use marque_core::history::{self, Word};
use marque_store::Lock;
use marque_store::document::{DocError, Document, Outcome, ReadOnly, Reloaded};
use serde_json::json;

const NOW: &str = "2026-11-26T20:00:00+01:00";

fn marque(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .output()
        .unwrap()
}

fn truc(dir: &Path, confirm: bool) -> PathBuf {
    let mut v = json!({"format": "marque-session", "version": 1, "game": "truc",
                       "players": ["Alice", "Bruno"], "hands": []});
    if confirm {
        v["confirm"] = json!(true);
    }
    let p = dir.join("t.json");
    std::fs::write(&p, v.to_string()).unwrap();
    p
}

fn deal(doc: &Document, winner: u64) -> GameHand {
    doc.session()
        .decode(&json!({"calls": [], "winner": winner}))
        .unwrap()
        .game
}

fn saved_hands(p: &Path) -> usize {
    marque_store::read_session(p).unwrap().session.hands.len()
}

#[test]
fn each_change_is_saved_at_once_and_no_lock_is_held_between_changes() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    let h = deal(&doc, 0);
    assert!(matches!(doc.enter(h.clone(), NOW), Ok(Outcome::Saved)));
    assert_eq!(saved_hands(&p), 1);
    // Another writer may take the session at once: the document holds no lock.
    drop(Lock::acquire(&p).expect("free between changes"));
    let h1 = deal(&doc, 1);
    assert!(matches!(doc.edit(0, h1, NOW), Ok(Outcome::Saved)));
    assert!(matches!(doc.undo(NOW), Ok(Outcome::Saved)));
    assert!(matches!(doc.redo(NOW), Ok(Outcome::Saved)));
    assert!(matches!(doc.delete(0, NOW), Ok(Outcome::Saved)));
    assert_eq!(saved_hands(&p), 0);
    assert!(matches!(doc.delete(5, NOW), Err(DocError::Nothing)));
    // Nothing to redo after a new change.
    assert!(matches!(doc.redo(NOW), Err(DocError::Nothing)));
}

#[test]
fn a_hand_added_elsewhere_meanwhile_is_kept_and_ours_goes_on_top() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    let h = deal(&doc, 0);
    doc.enter(h.clone(), NOW).unwrap();
    // marque add while the document is open: not shut out.
    let o = marque(&["add", p.to_str().unwrap(), r#"{"calls":[],"winner":1}"#]);
    assert!(o.status.success(), "{o:?}");
    assert!(matches!(doc.enter(h, NOW), Ok(Outcome::AddedOnNewer)));
    assert_eq!(saved_hands(&p), 3);
    assert_eq!(doc.session().hands.len(), 3);
    // The document is the file as written.
    assert!(matches!(doc.reload(), Ok(Reloaded::Same)));
}

#[test]
fn an_edit_against_a_file_changed_elsewhere_is_kept_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    doc.enter(deal(&doc, 0), NOW).unwrap();
    let o = marque(&["add", p.to_str().unwrap(), r#"{"calls":[],"winner":1}"#]);
    assert!(o.status.success());
    let before = std::fs::read(&p).unwrap();
    let outcome = doc.edit(0, deal(&doc, 1), NOW);
    let Ok(Outcome::KeptBeside(Ok(copy))) = outcome else {
        panic!("{outcome:?}");
    };
    assert!(copy.exists());
    assert_eq!(
        std::fs::read(&p).unwrap(),
        before,
        "theirs is not written over"
    );
    // The document shows the file as it now is.
    assert_eq!(doc.session().hands.len(), 2);
    // The copy is a conflict copy of the file: `check` says so, `merge` brings it home.
    let name = copy.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("t.sync-conflict-") && name.ends_with("-KEPT.json"),
        "{name}"
    );
    let check = marque(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1), "a conflict: {check:?}");
    let merged = marque(&["merge", p.to_str().unwrap(), "--lang", "en"]);
    let said = String::from_utf8_lossy(&merged.stderr).into_owned()
        + &String::from_utf8_lossy(&merged.stdout);
    assert!(
        !said.contains("No copy to merge"),
        "the copy beside is merged like a Syncthing copy: {said}"
    );
}

#[test]
fn reload_follows_the_file_and_a_finished_session_is_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    assert!(matches!(doc.reload(), Ok(Reloaded::Same)));
    marque(&["add", p.to_str().unwrap(), r#"{"calls":[],"winner":1}"#]);
    assert!(matches!(
        doc.reload(),
        Ok(Reloaded::Changed { hands: true })
    ));
    assert_eq!(doc.session().hands.len(), 1);
    // Closed: read only, nothing more enters; reopened: written again.
    assert!(matches!(doc.close(NOW), Ok(Outcome::Saved)));
    assert_eq!(doc.read_only(), Some(&ReadOnly::Over));
    assert!(matches!(
        doc.enter(deal(&doc, 0), NOW),
        Err(DocError::ReadOnly(ReadOnly::Over))
    ));
    assert!(Document::open(&p).unwrap().read_only().is_some());
    assert!(matches!(doc.reopen(NOW), Ok(Outcome::Saved)));
    assert!(doc.read_only().is_none());
    assert!(!marque_store::read_session(&p).unwrap().session.closed);
    std::fs::remove_file(&p).unwrap();
    assert!(matches!(doc.reload(), Ok(Reloaded::Gone)));
}

#[test]
fn a_refused_change_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    let before = std::fs::read(&p).unwrap();
    let mut options = serde_json::Map::new();
    options.insert("target".into(), json!("lots"));
    assert!(matches!(
        doc.apply_options(&options, NOW),
        Err(DocError::Refused(_))
    ));
    assert_eq!(std::fs::read(&p).unwrap(), before);
}

/// Undo of a kept edit never asks the other side again about a deal they had agreed.
#[test]
fn a_word_given_is_not_asked_again_when_an_edit_is_undone() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), true);
    let mut doc = Document::open(&p).unwrap();
    doc.enter(deal(&doc, 0), NOW).unwrap();
    assert_eq!(history::words(doc.session(), doc.sheet()), [Word::Awaited]);
    doc.word(0, true, NOW).unwrap();
    assert_eq!(
        history::words(doc.session(), doc.sheet()),
        [Word::Confirmed]
    );
    doc.edit(0, deal(&doc, 1), NOW).unwrap();
    assert_eq!(history::words(doc.session(), doc.sheet()), [Word::Awaited]);
    doc.undo(NOW).unwrap();
    assert_eq!(
        history::words(doc.session(), doc.sheet()),
        [Word::Confirmed]
    );
    // The word is the side that lost points on the deal: Bruno's.
    let log = history::log(doc.session());
    let given = log
        .iter()
        .find(|e| e.action == Some(history::Action::Confirm));
    assert_eq!(given.unwrap().new["side"], json!("Bruno"));
}

/// A change that could not be saved (another writer kept the lock past the wait) stays on
/// screen; when the file changed meanwhile, the next change keeps the whole session beside it
/// (both of ours), never only the last hand.
#[test]
fn a_change_not_saved_is_never_dropped_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    let held = Lock::acquire(&p).unwrap();
    assert!(matches!(
        doc.enter(deal(&doc, 0), NOW),
        Err(DocError::NotSaved(_))
    ));
    assert!(doc.unsaved());
    assert_eq!(doc.session().hands.len(), 1, "kept on screen");
    drop(held);
    let o = marque(&["add", p.to_str().unwrap(), r#"{"calls":[],"winner":1}"#]);
    assert!(o.status.success());
    let outcome = doc.enter(deal(&doc, 0), NOW);
    let Ok(Outcome::KeptBeside(Ok(copy))) = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(saved_hands(&copy), 2, "both of ours beside theirs");
    assert_eq!(saved_hands(&p), 1, "theirs as it was");
}

/// The document merges the conflict copies another machine left of it and shows the merged
/// file; it refuses while a change of its own is not saved (a merge read over it would lose it).
#[test]
fn the_document_merges_its_conflict_copies() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    doc.enter(deal(&doc, 0), NOW).unwrap();
    let copy = dir
        .path()
        .join("t.sync-conflict-20261126-100000-AAAAAAA.json");
    std::fs::copy(&p, &copy).unwrap();
    let add = |f: &Path, w: u8| {
        let hand = format!(r#"{{"calls":[],"winner":{w}}}"#);
        assert!(
            marque(&["add", f.to_str().unwrap(), &hand])
                .status
                .success()
        );
    };
    add(&copy, 1);
    doc.enter(deal(&doc, 0), NOW).unwrap();
    let store = marque_store::Store::new(dir.path());
    let merging = doc.merge_copies(&store, &[], None, NOW).unwrap();
    assert!(matches!(merging, marque_store::Merging::Merged(_)));
    assert_eq!(doc.session().hands.len(), 3, "ours and theirs");
    assert_eq!(saved_hands(&p), 3);
    assert!(!copy.exists());
    // A change not saved: no merge over it.
    let held = Lock::acquire(&p).unwrap();
    assert!(doc.enter(deal(&doc, 1), NOW).is_err());
    drop(held);
    assert!(matches!(
        doc.merge_copies(&store, &[], None, NOW),
        Err(DocError::Unsaved)
    ));
}

/// `marque add` writes through the document's appender, and a file changed under it (Syncthing
/// writes without the lock) is settled as the window's document settles it: the hand goes on
/// top of the file as it now is, or, where it no longer plays (the game over there), the
/// session with it is kept in a copy beside the file, never over it.
#[test]
fn an_add_settles_a_file_changed_under_it_as_the_window_does() {
    use marque_store::document::{Appender, Patience};
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let patience = Patience {
        tries: 3,
        until: None,
    };
    let hand = |doc: &Appender, winner: u64| {
        doc.session()
            .decode(&json!({"calls": [], "winner": winner}))
            .unwrap()
    };
    let with_hands = |n: usize| {
        let hands: Vec<_> = (0..n).map(|_| json!({"calls": [], "winner": 0})).collect();
        json!({"format": "marque-session", "version": 1, "game": "truc",
               "players": ["Alice", "Bruno"], "hands": hands})
        .to_string()
    };
    let lock = Lock::acquire(&p).unwrap();
    // Unchanged: saved.
    let doc = Appender::open(&p, &lock, patience).unwrap();
    let h = hand(&doc, 1);
    assert!(matches!(doc.enter(h, NOW), Ok(Outcome::Saved)));
    assert_eq!(saved_hands(&p), 1);
    // Two hands arrive meanwhile: ours goes on top of them.
    let doc = Appender::open(&p, &lock, patience).unwrap();
    let h = hand(&doc, 1);
    std::fs::write(&p, with_hands(2)).unwrap();
    let added = doc.enter(h, NOW).unwrap();
    assert!(matches!(added, Outcome::AddedOnNewer), "{added:?}");
    let s = marque_store::read_session(&p).unwrap().session;
    assert_eq!(s.hands.len(), 3);
    // The game ended meanwhile over there: ours is kept beside, the file left as it came.
    let doc = Appender::open(&p, &lock, patience).unwrap();
    let h = hand(&doc, 1);
    let over = with_hands(24);
    std::fs::write(&p, &over).unwrap();
    let kept = doc.enter(h, NOW).unwrap();
    let Outcome::KeptBeside(Ok(copy)) = &kept else {
        panic!("{kept:?}");
    };
    assert_eq!(std::fs::read_to_string(&p).unwrap(), over);
    assert_eq!(
        marque_store::read_session(copy)
            .unwrap()
            .session
            .hands
            .len(),
        4
    );
    // Said in the window's words.
    marque::init_texts();
    let said = kept.msg().unwrap().render(marque_core::i18n::Lang::En);
    assert!(
        said.contains("not overwritten") && said.contains("marque merge"),
        "{said}"
    );
}

/// A closed evening takes no deal (issue 50): the file was closed on another machine while
/// this one entered a deal; the deal is kept in a copy beside it (to merge), the closed file
/// left as it came, never appended to.
#[test]
fn a_deal_on_a_file_closed_meanwhile_is_kept_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let p = truc(dir.path(), false);
    let mut doc = Document::open(&p).unwrap();
    doc.enter(deal(&doc, 0), NOW).unwrap();
    // Another machine's version, closed, renamed in.
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    v["closed"] = json!(true);
    let other = dir.path().join("other.tmp");
    std::fs::write(&other, v.to_string()).unwrap();
    std::fs::rename(&other, &p).unwrap();
    let before = std::fs::read(&p).unwrap();
    let outcome = doc.enter(deal(&doc, 1), NOW);
    let Ok(Outcome::KeptBeside(Ok(copy))) = outcome else {
        panic!("{outcome:?}");
    };
    assert!(copy.exists());
    assert_eq!(
        std::fs::read(&p).unwrap(),
        before,
        "the closed file untouched"
    );
}
