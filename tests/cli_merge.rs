//! `marque merge FILE`: conflict copies merged by their logs, with the players' choices given
//! by `--pick`; every exit status of the command line's contract.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::{marque, seen_code};
use std::process::Output;

use marque_core::history::{self, Action, Change};
use marque_core::session::Session;
use serde_json::{Value, json};

fn deal(winner: u64) -> Value {
    json!({"calls": [], "winner": winner})
}

/// A truc partie of two deals; here the second deal was corrected (Alice won it), there it
/// was deleted and another deal added. Written as `club.json` and its conflict copy.
fn two_copies(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let v = json!({"format": "marque-session", "version": 1, "id": "2026-11-25-truc-club",
        "game": "truc", "players": ["Alice", "Bruno"], "options": {}, "closed": false,
        "hands": []});
    let at = |t: &str| format!("2026-11-25T{t}:00+01:00");
    let mut s = Session::from_value(&v).unwrap();
    let mut sheet = s.score().unwrap();
    for (w, t) in [(0, "20:00"), (1, "20:01")] {
        let h = s.decode(&deal(w)).unwrap();
        let change = Change::Insert(s.hands.len(), h);
        history::apply(&mut s, &mut sheet, &change, Action::Add, &at(t)).unwrap();
    }
    let (mut a, mut b) = ((s.clone(), sheet.clone()), (s, sheet));
    let second = a.0.hands[1].clone();
    let edited = a.0.decode(&deal(0)).unwrap();
    let change = Change::Replace(1, second.clone(), edited);
    history::apply(&mut a.0, &mut a.1, &change, Action::Edit, &at("20:10")).unwrap();
    let change = Change::Remove(1, second);
    history::apply(&mut b.0, &mut b.1, &change, Action::Delete, &at("20:11")).unwrap();
    let added = b.0.decode(&deal(1)).unwrap();
    let change = Change::Insert(1, added);
    history::apply(&mut b.0, &mut b.1, &change, Action::Add, &at("20:12")).unwrap();
    let file = dir.join("club.json");
    let copy = dir.join("club.sync-conflict-20261125-201200-ABCDEFG.json");
    std::fs::write(&file, a.0.to_json_string()).unwrap();
    std::fs::write(&copy, b.0.to_json_string()).unwrap();
    (file, copy)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn choices_are_listed_then_picked() {
    let dir = tempfile::tempdir().unwrap();
    let (file, copy) = two_copies(dir.path());
    let before = std::fs::read(&file).unwrap();
    let path = file.to_str().unwrap();
    // Without picks: exit 1, each choice with its versions, nothing written.
    let out = marque(&["merge", path, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(said.contains("choice 1 — deal 2"), "{said}");
    assert!(said.contains("[1] this file, 20:10:"), "{said}");
    assert!(
        said.contains("[2] the copy from machine ABCDEFG, 20:11: deleted"),
        "{said}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert!(copy.exists());
    // Picks go with the code of the choices read: without it, refused in words.
    let code = seen_code(&out);
    let out = marque(&["merge", path, "--pick", "1=1", "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--pick goes with --seen"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A pick that does not read, or names no version: exit 2, nothing written.
    for bad in ["1", "x=1", "1=0", "1=3"] {
        let out = marque(&["merge", path, "--seen", &code, "--pick", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        assert_eq!(std::fs::read(&file).unwrap(), before, "{bad}");
    }
    // Version 1 (this file's correction) kept; the merge in the log, the copy in the trash.
    let out = marque(&[
        "merge", path, "--seen", &code, "--pick", "1=1", "--lang", "en",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let merged = marque_store::read_session(&file).unwrap().session;
    let deals: Vec<Value> = merged.hands.iter().map(|h| h.to_value()).collect();
    // The correction kept, the deal added there kept too.
    assert_eq!(deals, [deal(0), deal(0), deal(1)]);
    assert!(!copy.exists());
    assert!(
        dir.path()
            .join("trash")
            .join(copy.file_name().unwrap())
            .exists()
    );
    let log = String::from_utf8_lossy(&marque(&["log", path, "--lang", "en"]).stdout).into_owned();
    assert!(log.contains("(1 choice made by the players)"), "{log}");
    // Nothing more to merge.
    let out = marque(&["merge", path, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("No copy to merge"));
}

#[test]
fn a_session_held_elsewhere_is_not_merged() {
    let dir = tempfile::tempdir().unwrap();
    let (file, copy) = two_copies(dir.path());
    let code = seen_code(&marque(&["merge", file.to_str().unwrap()]));
    let held = marque_store::Lock::acquire(&file).unwrap();
    let pick = [
        "merge",
        file.to_str().unwrap(),
        "--seen",
        &code,
        "--pick",
        "1=2",
    ];
    let out = marque(&pick);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(copy.exists());
    drop(held);
    let out = marque(&pick);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_copy_that_is_another_session_becomes_one_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let (file, copy) = two_copies(dir.path());
    let mut other: Value = serde_json::from_slice(&std::fs::read(&copy).unwrap()).unwrap();
    other["id"] = json!("2026-11-25-truc-other");
    std::fs::write(&copy, other.to_string()).unwrap();
    let out = marque(&["merge", file.to_str().unwrap(), "--lang", "en"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!copy.exists());
    let listed = marque_store::Store::new(dir.path()).list();
    assert_eq!(listed.len(), 2, "two sessions now, each its own");
    assert!(listed.iter().all(|l| l.copies.is_empty()));
}

/// Picks made on one list of choices are not applied to another: a copy that changed meanwhile
/// brings its choices back to the table (the app's dialog passes the list it showed).
#[test]
fn picks_made_on_other_choices_ask_again() {
    use marque_store::{self as store, Lock, Merging, Store};
    let dir = tempfile::tempdir().unwrap();
    let (file, copy) = two_copies(dir.path());
    let store = Store::new(dir.path());
    let lock = Lock::acquire(&file).unwrap();
    let now = "2026-11-25T23:00:00+01:00";
    let Merging::Choices(shown) =
        store::merge_copies(&store, &file, &lock, &[], None, now).unwrap()
    else {
        panic!("a choice was expected");
    };
    assert_eq!(shown.choices.len(), 1);
    // Meanwhile the copy got a title: one more choice, before the one shown.
    let mut other: Value = serde_json::from_slice(&std::fs::read(&copy).unwrap()).unwrap();
    other["note"] = json!("chez Anne");
    std::fs::write(&copy, other.to_string()).unwrap();
    let before = std::fs::read(&file).unwrap();
    let again = store::merge_copies(&store, &file, &lock, &[0], Some(&shown.choices), now);
    let Ok(Merging::Choices(now_shown)) = again else {
        panic!("the choices are asked again");
    };
    assert_eq!(now_shown.choices.len(), 2, "{:?}", now_shown.choices);
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    // With the list as it now is, the picks are taken.
    let done = store::merge_copies(&store, &file, &lock, &[0, 1], Some(&now_shown.choices), now);
    assert!(matches!(done, Ok(Merging::Merged(_))));
    assert!(!copy.exists());
}

/// Picks apply only to the choices they were made on (issue 40): a copy that arrives between
/// the listing and the pick (here a third machine's, which edited the same deal its own way)
/// gives other choices, so the pick is refused, the choices are listed again with a new code,
/// and nothing is written; picked on the new listing, the merge is done.
#[test]
fn a_copy_arriving_after_the_listing_makes_the_players_choose_again() {
    let dir = tempfile::tempdir().unwrap();
    let (file, copy) = two_copies(dir.path());
    let path = file.to_str().unwrap();
    let listed = marque(&["merge", path, "--lang", "en"]);
    assert_eq!(listed.status.code(), Some(1));
    let code = seen_code(&listed);
    // The third machine's copy: the shared deal 2 edited to a double won by Bruno.
    let mut third: Value = serde_json::from_slice(&std::fs::read(&copy).unwrap()).unwrap();
    let mut s = Session::from_value(&third).unwrap();
    let mut sheet = s.score().unwrap();
    let h = s.decode(&json!({"calls": [{"by": 1, "call": "double"}, {"by": 0, "call": "accept"}], "winner": 1})).unwrap();
    let change = Change::Insert(s.hands.len(), h);
    history::apply(
        &mut s,
        &mut sheet,
        &change,
        Action::Add,
        "2026-11-25T20:13:00+01:00",
    )
    .unwrap();
    third = serde_json::from_str(&s.to_json_string()).unwrap();
    let other = dir
        .path()
        .join("club.sync-conflict-20261125-201300-HIJKLMN.json");
    std::fs::write(&other, third.to_string()).unwrap();
    let before = std::fs::read(&file).unwrap();
    let out = marque(&[
        "merge", path, "--seen", &code, "--pick", "1=1", "--lang", "en",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("The copies changed since the choices were listed"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    assert!(copy.exists() && other.exists());
    let again = seen_code(&out);
    assert_ne!(again, code);
    let out = marque(&[
        "merge", path, "--seen", &again, "--pick", "1=1", "--lang", "en",
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert_ne!(
        std::fs::read(&file).unwrap(),
        before,
        "merged on the choices read"
    );
}

/// A copy from a newer Marque is not "unreadable": `merge` leaves it where it is (Syncthing
/// would carry a move to `damaged/` to the newer machine) and says it is a newer Marque's.
#[test]
fn a_copy_from_a_newer_marque_stays_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let (file, copy) = two_copies(dir.path());
    let mut v: Value = serde_json::from_slice(&std::fs::read(&copy).unwrap()).unwrap();
    v["version"] = json!(2);
    std::fs::write(&copy, v.to_string()).unwrap();
    let out = marque(&["merge", file.to_str().unwrap(), "--lang", "en"]);
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(copy.exists(), "left in place: {said}");
    assert!(!dir.path().join("damaged").exists(), "{said}");
    assert!(said.contains("newer Marque"), "{said}");
    // Nothing was merged: the merge never says a copy was.
    assert!(!said.contains("merged"), "{said}");
}
