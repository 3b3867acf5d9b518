//! `marque explain FILE N`: a hand's facts and count step by step, in both languages and as
//! JSON; with `--option`, the same under another option, whose totals are `marque score`'s for
//! the session with that option.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;

use serde_json::{Value, json};

fn bridge(options: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "game": "bridge",
    "players": ["Anne", "Bruno", "Claire", "David"], "options": options,
    "hands": [
        {"contract": "4S", "declarer": "E", "tricks": 10},
        {"contract": "4SX", "declarer": "N", "tricks": 6}
    ]})
}

fn write(dir: &std::path::Path, v: &Value) -> String {
    let f = dir.join("s.json");
    std::fs::write(&f, v.to_string()).unwrap();
    f.to_str().unwrap().to_string()
}

#[test]
fn the_count_of_a_hand_for_people_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), &bridge(json!({})));
    let out = marque(&["explain", &f, "2"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Donne 2 — 4♠X par Nord, chute de 4\n\
         Avant la donne : Robre 1 — manches NS 0, EO 1 — NS non vulnérable, EO vulnérable — \
         pour la manche : NS 100, EO 100 — donneur : Est\n\
         Score avant la donne : NS 0 point, EO 120 points\n\
         Options : Prime de chelem : chelem demandé ; Barème : règle d'origine\n  \
         EO +700  chute de 4, contrée, déclarant non vulnérable : 100 + 200 + 200 + 200 = 700 \
         [bridge.undertricks.doubled]\n\
         Total : NS 0, EO 700\n"
    );
    let out = marque(&["explain", &f, "2", "--lang", "en", "--option", "table=laws"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Standing before the deal: NS 0 points, EW 120 points\n"),
        "{text}"
    );
    assert!(
        text.contains("Options: Slam bonus: slam bid; Scoring table: original\n"),
        "{text}"
    );
    assert!(
        text.contains("With Scoring table: current Laws:\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "EW +800  down 4 doubled, declarer not vulnerable: 100 + 200 + 200 + 300 = 800"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("Session totals: NS 0 (+0), EW 920 (+100)\n"),
        "{text}"
    );
}

#[test]
fn a_name_with_a_line_break_stays_on_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": ["Anne", "E\nx"], "hands": [{"calls": [], "winner": 1}]});
    let f = write(dir.path(), &v);
    let out = marque(&["explain", &f, "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("E\\u{a}x"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with('x')), "{text}");
}

#[test]
fn the_json_count_and_what_if_agree_with_marque_score() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), &bridge(json!({})));
    let out = marque(&["explain", &f, "2", "--json", "--option", "table=laws"]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hand"], 2);
    assert_eq!(v["options"], json!({"table": "seed", "slam": "bid"}));
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0]["rule"], "bridge.undertricks.doubled");
    assert_eq!(steps[0]["side"], 1);
    assert_eq!(steps[0]["points"], 700);
    assert_eq!(steps[0]["sum"], "100 + 200 + 200 + 200 = 700");
    assert_eq!(v["delta"], json!([0, 700]));
    // What stood before: the game's state, then each side's standing.
    assert_eq!(v["facts"].as_array().unwrap().len(), 2);
    // What if: the session scored again with the laws' table.
    let g = write(dir.path(), &bridge(json!({"table": "laws"})));
    let scored: Value = serde_json::from_slice(&marque(&["score", &g]).stdout).unwrap();
    assert_eq!(v["whatif"]["totals"], scored["totals"]);
    assert_eq!(v["whatif"]["options"]["table"], "laws");
    assert_eq!(v["whatif"]["lines"][0]["points"], 800);
    assert_eq!(v["whatif"]["delta"], scored["hands"][1]["delta"]);
}

#[test]
fn a_hand_or_an_option_that_is_not_there_is_refused_with_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), &bridge(json!({})));
    for (args, want) in [
        (
            vec!["explain", &f, "3", "--lang", "en"],
            "file: no number 3 in this session; allowed: 1 to 2\n",
        ),
        (
            vec!["explain", &f, "1", "--lang", "en", "--option", "table"],
            "file: --option `table`: expected KEY=VALUE (e.g. table=laws)\n",
        ),
        (
            vec!["explain", &f, "1", "--lang", "en", "--option", "table=club"],
            "file: `table` is \"club\"; allowed: seed, laws\n",
        ),
    ] {
        let out = marque(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(String::from_utf8(out.stderr).unwrap(), want);
    }
}
