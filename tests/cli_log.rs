//! `marque log FILE`: the edit log as sentences, in the game's own words and both languages.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;

use serde_json::json;

#[test]
fn the_log_reads_as_sentences_with_each_hand_named_by_its_label() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("soir.json");
    let deal = |tricks: u8| json!({"contract": "3NTX", "declarer": "E", "tricks": tricks});
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge",
    "players": ["Anne", "Bruno", "Claire", "David"], "hands": [deal(6)],
    "log": [
        {"at": "2026-11-24T21:40:00+01:00", "action": "add", "hand": 1, "old": null, "new": deal(7)},
        {"at": "2026-11-24T21:43:00+01:00", "action": "edit", "hand": 1, "old": deal(7), "new": deal(6)},
        {"at": "2026-11-24T21:50:00+01:00", "action": "close", "hand": 0, "old": null, "new": null},
        {"at": "2026-11-24T21:51:00+01:00", "action": "reopen", "hand": 0, "old": null, "new": null}
    ]});
    std::fs::write(&f, v.to_string()).unwrap();
    let file = f.to_str().unwrap();
    let fr = String::from_utf8(marque(&["log", file]).stdout).unwrap();
    assert_eq!(
        fr,
        "21:40 — donne 1 — ajout : 3SAX par Est, chute de 2\n\
         21:43 — donne 1 — modification : 3SAX par Est, chute de 2 → 3SAX par Est, chute de 3\n\
         21:50 — partie arrêtée\n\
         21:51 — partie reprise\n"
    );
    let en = String::from_utf8(marque(&["log", file, "--lang", "en"]).stdout).unwrap();
    assert_eq!(
        en.lines().nth(1),
        Some("21:43 — deal 1 — edited: 3NTX by East, down 2 → 3NTX by East, down 3")
    );
}

#[test]
fn each_game_says_its_own_word_for_a_hand() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.json");
    let v = json!({"format": "marque-session", "version": 1, "game": "2500",
        "players": ["Anne", "Bruno"], "hands": [],
        "log": [{"at": "2026-11-24T21:40:00+01:00", "action": "delete", "hand": 1,
                 "old": {"frime": "8", "laid": [["A", "A", "A"], []], "hand": [[], ["K"]]}, "new": null}]});
    std::fs::write(&f, v.to_string()).unwrap();
    let out = String::from_utf8(marque(&["log", f.to_str().unwrap()]).stdout).unwrap();
    assert_eq!(out, "21:40 — brasse 1 — suppression : frime 8\n");
}

/// A 2500 edit names the player and the points that changed, not "frime 5 → frime 5"; an
/// options change names each option with its value before and after.
#[test]
fn a_2500_edit_and_an_options_change_say_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.json");
    let old = json!({"frime": "5", "laid": [["A", "A", "A"], []], "hand": [[], ["K"]]});
    let new = json!({"frime": "5", "laid": [["A", "A", "A"], 145], "hand": [[], 10]});
    let v = json!({"format": "marque-session", "version": 1, "game": "2500",
    "players": ["Anne", "Bruno"], "options": {"target": 1000}, "hands": [new],
    "log": [
        {"at": "2026-11-24T21:40:00+01:00", "action": "edit", "hand": 1, "old": old, "new": new},
        {"at": "2026-11-24T21:45:00+01:00", "action": "options", "hand": 0,
         "old": {}, "new": {"target": 1000, "low_cards": 7}}
    ]});
    std::fs::write(&f, v.to_string()).unwrap();
    let file = f.to_str().unwrap();
    let fr = String::from_utf8(marque(&["log", file]).stdout).unwrap();
    let lines: Vec<&str> = fr.lines().collect();
    assert_eq!(
        lines[0],
        "21:40 — brasse 1 — modification : Bruno : posé 0 − en main 10 → posé 145 − en main 10"
    );
    // The default written out (low cards 7) is no change.
    assert_eq!(
        lines[1],
        "21:45 — options changées pour toute la partie : Objectif (par défaut → 1000)"
    );
    let en = String::from_utf8(marque(&["log", file, "--lang", "en"]).stdout).unwrap();
    assert!(
        en.contains("Bruno: laid 0 − in hand 10 → laid 145 − in hand 10"),
        "{en}"
    );
    assert!(
        en.contains("21:45 — options changed for the whole game: Target (default → 1000)"),
        "{en}"
    );
}
