//! The club's names (`.people.json`) on a machine that joins a shared folder: never written
//! from defaults, whatever the state of this machine's own preferences; conflict copies of it
//! that do not read are kept where they are and named, never trashed.
use crate::ui_common::*;
use serde_json::json;

const PEOPLE: &str = "{\"names\":[\"Ali\",\"Alice\"],\"merged\":[[\"Ali\",\"Alice\"]]}";

fn club(dir: &std::path::Path) {
    let s = json!({"format": "marque-session", "version": 1, "id": "x", "game": "truc",
                   "players": ["Ali", "Bob"], "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(dir.join("x.json"), s.to_string()).unwrap();
    std::fs::write(dir.join(".people.json"), PEOPLE).unwrap();
}

fn people(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join(".people.json")).unwrap()
}

/// The first start on a shared folder (no `.prefs.json`: it never syncs) saves this machine's
/// preferences (the text size follows the screen) and leaves the club's names as they were.
#[test]
fn a_new_machine_leaves_the_club_names_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    club(dir.path());
    let mut h = harness(dir.path());
    for _ in 0..5 {
        h.run();
    }
    click(&mut h, "A+");
    assert_eq!(people(dir.path()), PEOPLE);
    let prefs = std::fs::read_to_string(dir.path().join(".prefs.json")).unwrap();
    assert!(!prefs.contains("Ali"), "{prefs}");
    // The names merged there are the window's: Ali counts as Alice.
    assert_eq!(
        h.state().prefs().people.merged,
        [["Ali".to_string(), "Alice".to_string()]]
    );
    drop(h);
    assert_eq!(people(dir.path()), PEOPLE);
}

/// Damaged preferences of this machine: its own values take their defaults, the club's names
/// are read and left as they were.
#[test]
fn damaged_preferences_leave_the_club_names_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    club(dir.path());
    std::fs::write(dir.path().join(".prefs.json"), "{not json").unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "A+");
    assert_eq!(people(dir.path()), PEOPLE);
    assert_eq!(h.state().prefs().people.names, ["Ali", "Alice"]);
}

/// A change of names is written over the file as it is now (another machine's names that came
/// meanwhile are kept); a conflict copy that does not read stays where it is and is named; one
/// that reads is taken in, then trashed.
#[test]
fn a_change_keeps_what_came_meanwhile_and_unreadable_copies() {
    let dir = tempfile::tempdir().unwrap();
    club(dir.path());
    let bad = dir
        .path()
        .join(".people.sync-conflict-20261126-100000-AAAAAAA.json");
    std::fs::write(&bad, b"{\"names\":[\"Z\xffe\"]}").unwrap();
    let good = dir
        .path()
        .join(".people.sync-conflict-20261126-100500-BBBBBBB.json");
    std::fs::write(&good, "{\"names\":[\"Zoé\"],\"merged\":[]}").unwrap();
    let mut h = harness(dir.path());
    // Another machine's names arrive after the window read them.
    std::fs::write(
        dir.path().join(".people.json"),
        "{\"names\":[\"Ali\",\"Alice\",\"Camille\"],\"merged\":[[\"Ali\",\"Alice\"]]}",
    )
    .unwrap();
    new_game(&mut h, "Le Truc", &["Denis", "Eve"]);
    click(&mut h, "Commencer la partie");
    let written: serde_json::Value = serde_json::from_str(&people(dir.path())).unwrap();
    let names: Vec<&str> = written["names"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|n| n.as_str())
        .collect();
    for n in ["Denis", "Eve", "Ali", "Alice", "Camille", "Zoé"] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    assert_eq!(written["merged"], json!([["Ali", "Alice"]]));
    assert!(bad.exists(), "a copy that does not read is never trashed");
    assert!(!good.exists(), "a copy taken in goes to the trash");
    assert!(
        shows_containing(&h, ".people.sync-conflict-20261126-100000-AAAAAAA.json"),
        "{:?}",
        h.state().notice_text()
    );
}

/// A club names file that does not read is never written over: the change is refused in words.
#[test]
fn a_damaged_names_file_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    club(dir.path());
    std::fs::write(dir.path().join(".people.json"), "{\"names\": [").unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Le Truc", &["Denis", "Eve"]);
    click(&mut h, "Commencer la partie");
    assert_eq!(people(dir.path()), "{\"names\": [");
    assert!(
        shows_containing(&h, "ne se lit pas"),
        "{:?}",
        h.state().notice_text()
    );
}

/// A club's names file that does not read (over 1 MiB here) is said when the window opens,
/// never passed over without a word (issue 40).
#[test]
fn a_names_file_that_does_not_read_is_said_when_the_window_opens() {
    let dir = tempfile::tempdir().unwrap();
    let big = format!("{{\"merged\": [], \"pad\": \"{}\"}}", "x".repeat(1_100_000));
    std::fs::write(dir.path().join(".people.json"), big).unwrap();
    let h = harness(dir.path());
    assert!(shows_containing(
        &h,
        "Le fichier des noms du club (.people.json) ne se lit pas"
    ));
}
