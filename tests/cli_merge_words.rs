//! A merge's choices in the game's words, each version's hand with the points that version
//! gives it (its own earlier entries played, a departure of its own included), and versions
//! alike offered once: for every game, Tarot included.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;

use marque_core::history::{self, Action, Change};
use marque_core::session::Session;
use serde_json::{Value, json};

/// A session of `game` for `players` with `hands` entered (a minute apart), then two copies:
/// here `a` does its changes, there `b` does its own, each a list of changes made on the
/// session as that copy has it. Written as `s.json` and its conflict copy; the merge's words.
fn choices_of(
    game: &str,
    players: &[&str],
    hands: &[Value],
    a: &[(&str, usize, Option<Value>)],
    b: &[(&str, usize, Option<Value>)],
) -> String {
    let dir = tempfile::tempdir().unwrap();
    let v = json!({"format": "marque-session", "version": 1, "id": "s", "game": game,
        "players": players, "options": {}, "hands": []});
    let mut t = 0;
    let mut at = || {
        t += 1;
        format!("2026-11-25T20:{t:02}:00+01:00")
    };
    let mut s = Session::from_value(&v).unwrap();
    let mut sheet = s.score().unwrap();
    for h in hands {
        let h = s.decode(h).unwrap();
        let change = Change::Insert(s.hands.len(), h);
        history::apply(&mut s, &mut sheet, &change, Action::Add, &at()).unwrap();
    }
    let mut copies = [(s.clone(), sheet.clone()), (s, sheet)];
    for (copy, changes) in copies.iter_mut().zip([a, b]) {
        for (what, i, new) in changes {
            let (s, sheet) = copy;
            if *what == "confirm" {
                let giver = history::Giver {
                    side: Some("EW"),
                    seat: None,
                };
                let phone = history::FromPhone {
                    label: "EW",
                    why: "",
                };
                history::give_word(s, *i, Action::Confirm, (giver, Some(phone)), &at());
                continue;
            }
            let (change, action) = match (*what, new) {
                ("edit", Some(v)) => {
                    let h = s.decode(v).unwrap();
                    (Change::Replace(*i, s.hands[*i].clone(), h), Action::Edit)
                }
                ("add", Some(v)) => (Change::Insert(*i, s.decode(v).unwrap()), Action::Add),
                _ => (Change::Remove(*i, s.hands[*i].clone()), Action::Delete),
            };
            history::apply(s, sheet, &change, action, &at()).unwrap();
        }
    }
    let file = dir.path().join("s.json");
    let copy = dir
        .path()
        .join("s.sync-conflict-20261125-201200-ABCDEFG.json");
    std::fs::write(&file, copies[0].0.to_json_string()).unwrap();
    std::fs::write(&copy, copies[1].0.to_json_string()).unwrap();
    let out = marque(&["merge", file.to_str().unwrap(), "--lang", "en"]);
    let log = marque(&["log", file.to_str().unwrap(), "--lang", "en"]);
    [out.stderr, out.stdout, log.stdout]
        .map(|o| String::from_utf8_lossy(&o).into_owned())
        .join("\n")
}

/// A phone's word on a deal the other machine corrected (issue 50): the merge keeps the
/// correction, says the word no longer stands, and the log keeps the word with why.
#[test]
fn a_word_on_a_deal_corrected_elsewhere_is_said_and_kept() {
    let deal = |tricks: u8| json!({"contract": "3NT", "declarer": "N", "tricks": tricks});
    let said = choices_of(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        &[deal(9)],
        &[("edit", 0, Some(deal(10)))],
        &[("confirm", 0, None)],
    );
    assert!(
        said.contains("a word given on a version not kept no longer stands"),
        "{said}"
    );
    assert!(
        said.contains("agreed: EW (phone “EW”) — on a version the merge did not keep"),
        "{said}"
    );
}

#[test]
fn a_tarot_choice_reads_in_words() {
    let deal = |taker: u64, points: u64| json!({"taker": taker, "contract": "garde", "bouts": 2, "points": points});
    let said = choices_of(
        "tarot",
        &["Jean", "Ines", "Paul", "Zoé"],
        &[deal(0, 50), deal(1, 30)],
        &[("edit", 1, Some(deal(1, 45)))],
        &[("edit", 1, Some(deal(2, 45)))],
    );
    eprintln!("{said}");
    assert!(!said.contains('{'), "no hand as written: {said}");
}

#[test]
fn a_2500_choice_reads_in_words() {
    let brasse =
        |laid: &str| json!({"frime": "8", "laid": [[laid, laid, laid], []], "hand": [[], []]});
    let said = choices_of(
        "2500",
        &["Paul", "Lise"],
        &[brasse("A"), brasse("K")],
        &[("edit", 1, Some(brasse("Q")))],
        &[("edit", 1, Some(brasse("J")))],
    );
    eprintln!("{said}");
    assert!(!said.contains('{'), "no hand as written: {said}");
}

/// A version made after its own copy's departure is told as that copy plays it: the seat
/// that left there scores nothing in it, and the other version keeps its own points.
#[test]
fn a_version_after_its_own_departure_has_its_own_points() {
    let brasse = |laid: [&str; 3]| {
        json!({"frime": "8",
               "laid": laid.map(|r| if r.is_empty() { json!([]) } else { json!([r, r, r]) }),
               "hand": [[], [], []]})
    };
    let said = choices_of(
        "2500",
        &["Paul", "Lise", "Anne"],
        &[brasse(["A", "", ""])],
        &[
            ("add", 1, Some(json!({"event": "leave", "seat": 1}))),
            // (Two seats play from the departure on: the brasse lists them.)
            (
                "add",
                2,
                Some(
                    json!({"frime": "8", "laid": [["K", "K", "K"], ["J", "J", "J"]],
                            "hand": [[], []]}),
                ),
            ),
        ],
        &[("add", 1, Some(brasse(["K", "Q", ""])))],
    );
    assert!(!said.contains('{'), "no hand as written: {said}");
    assert!(said.contains("Lise leaves"), "{said}");
    assert!(
        said.contains("Paul +30, Anne +30"),
        "this copy's own points: {said}"
    );
    assert!(
        said.contains("Paul +30, Lise +30, Anne 0"),
        "the other copy's points: {said}"
    );
}
