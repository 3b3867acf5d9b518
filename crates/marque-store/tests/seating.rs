//! The seating rule is the document's, for every writer: a substitute or an arrival named as a
//! player seated, however typed or merged by hand in the folder's names, is refused by the
//! window's document (its people as the window knows them, or as the folder says), as by
//! `marque add`'s appender; nothing is written; someone else is taken.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use marque_store::document::{Appender, DocError, Document, Patience};
use serde_json::json;

/// A 2500 session of Zoé, Lise and Alice in a data folder whose names merge Ali into Alice.
fn session() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.json");
    let s = json!({"format": "marque-session", "version": 1, "id": "s", "game": "2500",
                   "players": ["Zoé", "Lise", "Alice"], "options": {}, "hands": []});
    std::fs::write(&file, s.to_string()).unwrap();
    std::fs::write(
        dir.path().join(".people.json"),
        json!({"merged": [["Ali", "Alice"]]}).to_string(),
    )
    .unwrap();
    (dir, file)
}

fn event(name: &str, join: bool) -> serde_json::Value {
    match join {
        true => json!({"event": "join", "player": name}),
        false => json!({"event": "replace", "seat": 0, "player": name}),
    }
}

/// Whether `e` is the seating rule's refusal of hand 0.
fn seated_twice(e: &DocError) -> bool {
    matches!(e, DocError::Refused(p) if p.iter().any(|p| p.msg.key == "event.err.same_person"))
}

#[test]
fn the_windows_document_refuses_someone_seated_under_another_spelling() {
    let (_dir, file) = session();
    let before = std::fs::read(&file).unwrap();
    for knows in [false, true] {
        let mut doc = Document::open(&file).unwrap();
        if knows {
            // As the window hands it: its own people, here merging Lisette into Lise.
            doc.know_people(marque_core::stats::People::new([("Lisette", "Lise")]));
        }
        let names: &[&str] = match knows {
            true => &["LISE", "Zoe\u{301}", "Lisette"],
            false => &["LISE", "  lise ", "Li\u{200b}se", "Ali"],
        };
        for name in names {
            for join in [false, true] {
                let hand = doc.session().decode(&event(name, join)).unwrap();
                let e = doc
                    .enter(hand.game, "2026-12-04T20:00:00+01:00")
                    .unwrap_err();
                assert!(seated_twice(&e), "{name:?}: {e:?}");
                assert_eq!(
                    std::fs::read(&file).unwrap(),
                    before,
                    "{name:?}: nothing written"
                );
                assert!(doc.session().hands.is_empty(), "{name:?}");
            }
        }
    }
    // Someone else is taken, and saved.
    let mut doc = Document::open(&file).unwrap();
    let hand = doc.session().decode(&event("Marc", true)).unwrap();
    doc.enter(hand.game, "2026-12-04T20:00:00+01:00").unwrap();
    assert_eq!(Document::open(&file).unwrap().session().hands.len(), 1);
}

#[test]
fn the_appender_refuses_it_by_the_same_rule() {
    let (_dir, file) = session();
    let before = std::fs::read(&file).unwrap();
    let lock = marque_store::Lock::acquire(&file).unwrap();
    let patience = Patience {
        tries: 1,
        until: None,
    };
    for name in ["LISE", "Ali"] {
        let doc = Appender::open(&file, &lock, patience).unwrap();
        let hand = doc.session().decode(&event(name, false)).unwrap();
        let e = doc.enter(hand, "2026-12-04T20:00:00+01:00").unwrap_err();
        assert!(seated_twice(&e), "{name:?}: {e:?}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "{name:?}");
    }
}

/// A hand taken before its names were merged (an arrival "Ali" while Alice sits, written by an
/// older Marque) is never refused again by undo, redo or the log: deleted, then put back.
#[test]
fn what_undo_puts_back_is_not_refused_by_names_merged_since() {
    let (_dir, file) = session();
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    v["hands"] = json!([event("Ali", true)]);
    std::fs::write(&file, v.to_string()).unwrap();
    let mut doc = Document::open(&file).unwrap();
    let now = "2026-12-04T20:00:00+01:00";
    doc.delete(0, now).unwrap();
    assert!(doc.session().hands.is_empty());
    doc.undo(now).unwrap();
    assert_eq!(doc.session().hands.len(), 1, "put back");
    doc.redo(now).unwrap();
    doc.undo(now).unwrap();
    assert_eq!(Document::open(&file).unwrap().session().hands.len(), 1);
    // Edited into someone seated under another spelling: refused.
    let hand = doc.session().decode(&event("ALICE", true)).unwrap();
    let e = doc.edit(0, hand.game, now).unwrap_err();
    assert!(seated_twice(&e), "{e:?}");
}
