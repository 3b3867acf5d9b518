//! Session files: required fields, versions, players, options; and the `marque score` command.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
#[path = "../crates/marque-core/tests/common/mod.rs"]
mod common;
use std::io::Write;
use std::process::{Command, Stdio};

use common::*;
use marque_core::i18n::{Lang, has_key};
use serde_json::json;

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn file_level_problems_are_all_reported() {
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge", "players": ["A", "A", "B"], "options": {"colour": 1}, "hands": []});
    assert_eq!(
        err(&v),
        [
            "file: the name `A` is given to two players; names must be distinct",
            "file: Rubber bridge takes 4 players, not 3",
        ]
    );
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge", "players": ["A", "B", "C", "D"], "options": {"colour": 1}, "hands": []});
    assert_eq!(
        err(&v),
        [
            "file: unknown option `colour`; this game's options: table, slam, format, chicago_vul, first_dealer"
        ]
    );
    let v = json!({"format": "marque-session", "version": 1, "game": "whist", "players": [], "hands": {}});
    assert_eq!(
        err(&v),
        [
            "file: unknown game `whist`; known games: bridge, truc, ascenseur, 2500, democratie, tarot",
            "file: `hands` must be a list, not an object"
        ]
    );
    assert_eq!(
        err(&json!({"format": "marque-session"})),
        ["file: `version` is missing"]
    );
    assert_eq!(
        err(&json!([1])),
        ["file: The session file must be a JSON object, not a list"]
    );
}

#[test]
fn an_empty_name_is_one_problem_not_a_wrong_count() {
    let v = json!({"format": "marque-session", "version": 1, "game": "truc", "players": ["Anne", " "], "hands": []});
    assert_eq!(err(&v), ["file: player 2 has no name"]);
}

#[test]
fn a_newer_file_is_refused_with_a_clear_message() {
    let v = json!({"format": "marque-session", "version": 7, "game": "bridge"});
    assert_eq!(
        err(&v),
        [
            "file: this file is version 7, newer than this Marque understands (1); update Marque to open it"
        ]
    );
}

#[test]
fn unknown_fields_are_kept_when_written_back() {
    let mut v = session(
        "truc",
        &["A", "B"],
        json!({}),
        json!([{"calls": [], "winner": 0, "note": "x"}]),
    );
    v["log"] = json!([{"at": "now"}]);
    let s = marque_core::session::Session::from_value(&v).unwrap();
    let back = s.to_value();
    assert_eq!(back["log"], v["log"]);
    assert_eq!(back["hands"], v["hands"]);
}

#[test]
fn score_prints_json_text_and_errors() {
    let v = session(
        "ascenseur",
        &["Ana", "Ben", "Chloe"],
        json!({}),
        json!([{"bids": [0, 0, 1], "tricks": [1, 0, 0]}]),
    );
    let (code, out, err) = run(&["score", "-"], &v.to_string());
    assert_eq!(
        (code, err.as_str()),
        (
            Some(2),
            "hand 1: le donneur (Ana) ne peut pas annoncer 0 : les annonces feraient la carte donnée ; permis : 1\n"
        )
    );
    assert!(out.is_empty());
    let v = session(
        "ascenseur",
        &["Ana", "Ben", "Chloe"],
        json!({}),
        json!([{"bids": [0, 0, 0], "tricks": [1, 0, 0]}]),
    );
    let (code, out, _) = run(&["score", "-"], &v.to_string());
    assert_eq!(code, Some(0));
    let sheet: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(sheet["totals"], json!([-1, 2, 2]));
    let (code, out, _) = run(&["score", "--text", "--lang", "en", "-"], &v.to_string());
    assert_eq!(code, Some(0));
    assert!(
        out.contains("[ascenseur.missed] Ana -1: Ana bids 0, takes 1: −1 per trick of difference"),
        "{out}"
    );
    assert!(out.contains("Totals: Ana -1, Ben 2, Chloe 2"), "{out}");
    let (code, out, err) = run(&["score", "/no/such/file.json"], "");
    assert_eq!(code, Some(2));
    assert!(
        out.is_empty() && err.starts_with("file: impossible de lire /no/such/file.json"),
        "{err}"
    );
    let (code, _, err) = run(&["score", "-"], "\u{feff}{not json");
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("file: ce n'est pas du JSON valide"),
        "{err}"
    );
}

#[test]
fn every_rule_option_and_game_has_its_texts() {
    use marque_core::games::GameKind;
    marque::init_texts();
    for game in GameKind::ALL {
        assert!(has_key(Lang::Fr, game.name_key()) && has_key(Lang::En, game.name_key()));
        let best = game.best_hand_key();
        assert!(has_key(Lang::Fr, best) && has_key(Lang::En, best), "{best}");
        let intro = format!("rule.{}.intro", game.id());
        assert!(
            has_key(Lang::Fr, &intro) && has_key(Lang::En, &intro),
            "{intro}"
        );
        for id in marque::ui::rule_ids(game) {
            // Every rule has a title and a text in both languages.
            for key in [format!("rule.{id}"), format!("rule.{id}.title")] {
                assert!(has_key(Lang::Fr, &key) && has_key(Lang::En, &key), "{key}");
            }
            // (Bridge's reference also lists an evening's board rules, `club.deal.*`: a
            // duplicate board is a bridge deal scored alone.)
            let board = game.id() == "bridge" && id.starts_with("club.deal.");
            assert!(
                id.starts_with(game.id()) || board,
                "{id} is filed under {}",
                game.id()
            );
        }
        for o in marque::ui::options_of(game) {
            let base = format!("opt.{}.{}", game.id(), o.key);
            for k in [base.clone(), format!("{base}.help")] {
                assert!(has_key(Lang::Fr, &k) && has_key(Lang::En, &k), "{k}");
            }
        }
    }
    // Every rule id a score line can cite has a text in the reference.
    let rules_md_ids = [
        "truc.deal.value",
        "truc.raise.refused",
        "bridge.below.tricks",
        "bridge.overtricks",
        "bridge.insult",
        "bridge.slam",
        "bridge.undertricks",
        "bridge.undertricks.doubled",
        "bridge.honours",
        "bridge.rubber",
        "bridge.unfinished",
        "ascenseur.exact",
        "ascenseur.missed",
        "2500.brasse",
        "democratie.tribu",
    ];
    for id in rules_md_ids {
        assert!(has_key(Lang::Fr, &format!("rule.{id}")), "{id}");
    }
}
