//! `marque stakes FILE HAND`: each outcome it lists is the session `marque score` gives with
//! that hand added (its delta, lines and totals, its end), in each game with a bid; `--text`
//! for people in both languages; `--option` under another option; a hand with its result, a
//! pass, a game without a bid and a bid the rules refuse each refused with `hand:`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;

use serde_json::{Value, json};

fn session(game: &str, players: &[&str], options: Value, hands: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "game": game,
        "players": players, "options": options, "hands": hands})
}

fn write(dir: &std::path::Path, name: &str, v: &Value) -> String {
    let f = dir.join(name);
    std::fs::write(&f, v.to_string()).unwrap();
    f.to_str().unwrap().to_string()
}

fn json_of(out: &std::process::Output) -> Value {
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every outcome of `marque stakes` on `file` for `hand` against `marque score` of the
/// session with the outcome's hand added; the number of outcomes.
fn each_outcome_is_scored(
    dir: &std::path::Path,
    file: &Value,
    hand: &Value,
    more: &[&str],
) -> usize {
    let f = write(dir, "s.json", file);
    let text = hand.to_string();
    let mut args = vec!["stakes", &f, &text];
    args.extend_from_slice(more);
    let stakes = json_of(&marque(&args));
    let outcomes = stakes["outcomes"].as_array().unwrap();
    assert!(!outcomes.is_empty(), "{stakes:#}");
    // The options `--option` gives, written into the session scored.
    let mut base = file.clone();
    for pair in more.chunks(2).filter(|p| p[0] == "--option") {
        let (k, v) = pair[1].split_once('=').unwrap();
        let v = serde_json::from_str(v).unwrap_or_else(|_| json!(v));
        base["options"][k] = v;
    }
    for o in outcomes {
        let mut with = base.clone();
        with["hands"]
            .as_array_mut()
            .unwrap()
            .push(o["hand"].clone());
        let g = write(dir, "with.json", &with);
        let scored = json_of(&marque(&["score", &g]));
        let last = scored["hands"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(o["delta"], last["delta"], "{o:#}");
        assert_eq!(o["lines"], last["lines"], "{o:#}");
        assert_eq!(o["totals"], scored["totals"], "{o:#}");
        let ends = o["completes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["what"] == "end");
        assert_eq!(ends, scored["finished"] == json!(true), "{o:#}");
        assert!(o["label"].as_str().is_some_and(|l| !l.is_empty()), "{o:#}");
    }
    outcomes.len()
}

#[test]
fn a_bridge_bid_has_every_number_of_tricks_each_scored_as_marque_score_scores_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = session(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([{"contract": "4S", "declarer": "N", "tricks": 10}]),
    );
    let hand = json!({"contract": "4SX", "declarer": "N"});
    assert_eq!(each_outcome_is_scored(dir.path(), &file, &hand, &[]), 14);
    // Vulnerable NS, doubled, made: game and rubber.
    let f = write(dir.path(), "s.json", &file);
    let out = json_of(&marque(&["stakes", &f, &hand.to_string()]));
    let made = &out["outcomes"][10];
    assert_eq!(made["hand"]["tricks"], 10);
    // 4 × 30 doubled below, 50 for the insult, 700 for a rubber won 2–0.
    assert_eq!(made["delta"], json!([240 + 50 + 700, 0]), "{made:#}");
    let what: Vec<&str> = made["completes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["what"].as_str().unwrap())
        .collect();
    assert_eq!(what, ["game", "rubber", "end"], "{made:#}");
    // Under another table of scores, each figure as `marque score` gives it under it.
    each_outcome_is_scored(dir.path(), &file, &hand, &["--option", "table=laws"]);
}

#[test]
fn a_tarot_bid_has_every_count_of_points_with_and_without_the_petit() {
    let dir = tempfile::tempdir().unwrap();
    let file = session(
        "tarot",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([]),
    );
    let hand = json!({"taker": 0, "contract": "garde", "bouts": 2});
    let n = each_outcome_is_scored(dir.path(), &file, &hand, &[]);
    // 0 to 91 by halves, each with no petit, the attack's or the defence's (the rules take
    // 91 with a petit to either side only when it can be: counted, not assumed).
    assert!(n > 183 && n <= 183 * 3, "{n}");
}

#[test]
fn an_ascenseur_round_and_a_truc_call_each_have_their_outcomes() {
    let dir = tempfile::tempdir().unwrap();
    let file = session(
        "ascenseur",
        &["Anne", "Bruno", "Claire"],
        json!({}),
        json!([]),
    );
    let n = each_outcome_is_scored(dir.path(), &file, &json!({"bids": [1, 0, 1]}), &[]);
    // The first round deals one card each: one of the three takes the trick.
    assert_eq!(n, 3);
    let file = session("truc", &["Anne", "Bruno"], json!({}), json!([]));
    let hand = json!({"calls": [{"by": 0, "call": "double"}]});
    // Refused, or accepted and won by either, or a drawn deal.
    let n = each_outcome_is_scored(dir.path(), &file, &hand, &[]);
    assert!(n >= 3, "{n}");
}

#[test]
fn the_stakes_for_people_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let file = session(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([]),
    );
    let f = write(dir.path(), "s.json", &file);
    let hand = json!({"contract": "3NT", "declarer": "S"}).to_string();
    let fr = marque(&["stakes", &f, &hand, "--text"]);
    assert!(fr.status.success(), "{fr:?}");
    let fr = String::from_utf8(fr.stdout).unwrap();
    assert!(fr.contains("chuté de 9"), "{fr}");
    assert!(fr.contains("fait +4"), "{fr}");
    assert!(fr.contains("manche pour NS"), "{fr}");
    let en = marque(&["stakes", &f, &hand, "--text", "--lang", "en"]);
    let en = String::from_utf8(en.stdout).unwrap();
    assert!(en.contains("down 9"), "{en}");
    assert!(en.contains("game for NS"), "{en}");
}

#[test]
fn a_hand_without_stakes_is_refused_with_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let bridge = session(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([]),
    );
    let f = write(dir.path(), "b.json", &bridge);
    let d = session(
        "democratie",
        &["Anne", "Bruno", "Claire"],
        json!({}),
        json!([]),
    );
    let g = write(dir.path(), "d.json", &d);
    let cases: [(&str, &str, &str); 6] = [
        (
            &f,
            r#"{"contract": "4S", "declarer": "N", "tricks": 10}"#,
            "tricks",
        ),
        (&f, r#"{"contract": "pass"}"#, "passée"),
        (&f, r#"{"contract": "8S", "declarer": "N"}"#, "8S"),
        (&f, r#"{"declarer": "N"}"#, "contract"),
        (&f, "[1, 2]", "objet JSON"),
        (&g, r#"{"bids": [1, 2, 3]}"#, "enchère"),
    ];
    for (file, hand, says) in cases {
        let out = marque(&["stakes", file, hand]);
        assert_eq!(out.status.code(), Some(2), "{hand}: {out:?}");
        assert!(out.stdout.is_empty(), "{hand}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("hand: ") && err.contains(says),
            "{hand}: {err}"
        );
    }
    let out = marque(&["stakes", &f, "{not json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().starts_with("hand: "));
}
