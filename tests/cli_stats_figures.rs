//! `marque stats --json`: the figures each game's players care about, over a folder of one
//! session per game whose figures were worked out by hand (in the comments), and the names
//! merged by hand in the app's preferences.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::process::Command;

use serde_json::{Value, json};

fn write(
    dir: &std::path::Path,
    name: &str,
    game: &str,
    players: &[&str],
    opts: Value,
    hands: Value,
) {
    let v = json!({"format": "marque-session", "version": 1, "game": game, "players": players,
                   "options": opts, "hands": hands});
    std::fs::write(dir.join(name), v.to_string()).unwrap();
}

fn stats(dir: &std::path::Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["stats", dir.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The figures of `name` at `game`.
fn of<'a>(v: &'a Value, name: &str, game: &str) -> &'a Value {
    let p = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {v}"));
    &p["games"][game]
}

fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Bridge, N Anne, E Bruno, S Claire, W David:
    // - 4♠ by N, 10 tricks: made, NS game (120 below);
    // - 3NT doubled by E, 7 tricks: down 2, doubled, EW not vulnerable: 100 + 200 to NS;
    // - 6♥ by S, 12 tricks: a small slam bid and made, NS vulnerable: 180 below, 750; NS's
    //   second game ends the rubber, 700 for it: NS 120 + 300 + 180 + 750 + 700 = 2050, EW 0;
    // - 2♣ by W, 8 tricks: made, in a second rubber that is not finished (not counted).
    write(
        d,
        "bridge.json",
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([
            {"contract": "4S", "declarer": "N", "tricks": 10},
            {"contract": "3NTX", "declarer": "E", "tricks": 7},
            {"contract": "6H", "declarer": "S", "tricks": 12},
            {"contract": "2C", "declarer": "W", "tricks": 8},
        ]),
    );
    // Truc to 5 points, one manche, Anne (0) and Bruno (1):
    // - Anne doubles, Bruno accepts, Anne wins: 2 to Anne;
    // - Bruno doubles, Anne refuses: 1 to Bruno;
    // - Anne doubles, Bruno doubles over it (accepting hers), Anne accepts; Bruno wins the 4:
    //   Bruno 5, the manche and the partie.
    // Anne: 2 raises, both accepted, none refused, one deal raised and won (the first).
    // Bruno: 2 raises, one accepted, one refused, two deals raised and won; one manche.
    write(
        d,
        "truc.json",
        "truc",
        &["Anne", "Bruno"],
        json!({"target": 5, "manches": 1}),
        json!([
            {"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}], "winner": 0},
            {"calls": [{"by": 1, "call": "double"}, {"by": 0, "call": "refuse"}]},
            {"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "double"},
                       {"by": 0, "call": "accept"}], "winner": 1},
        ]),
    );
    // Ascenseur, 3 players, 32 cards, two rounds:
    // - 1 card: bids 1 0 1, tricks 1 0 0: Anne exact 3, Bruno exact 2, Claire −1;
    // - 2 cards: bids 1 1 1, tricks 2 0 0: everyone misses by one, −1 each.
    // Anne 1 exact of 2, 2 points, best 3; Bruno 1 of 2, 1, best 2; Claire 0 of 2, −2, best −1.
    write(
        d,
        "ascenseur.json",
        "ascenseur",
        &["Anne", "Bruno", "Claire"],
        json!({"deck": 32}),
        json!([
            {"bids": [1, 0, 1], "tricks": [1, 0, 0]},
            {"bids": [1, 1, 1], "tricks": [2, 0, 0]},
        ]),
    );
    // 2500, Anne and Bruno:
    // - frime A: Anne lays three kings (30), Bruno keeps an ace, wild and worth 200 (−200);
    // - frime 8: Anne lays an ace (100) and keeps a 3 (−5): 95; Bruno lays three 8s, wild, 300.
    // Anne 2 brasses, 125 points, best 95, one under an ace frime; Bruno 100, best 300.
    write(
        d,
        "2500.json",
        "2500",
        &["Anne", "Bruno"],
        json!({}),
        json!([
            {"frime": "A", "laid": [["K", "K", "K"], []], "hand": [[], ["A"]]},
            {"frime": "8", "laid": [["A"], ["8", "8", "8"]], "hand": [["3"], []]},
        ]),
    );
    // Démocratie, Anne and Bruno, one manche: Anne takes all 12 spades (a tribu, a suit whole)
    // and 13 points of hearts (a tribu); Bruno 12 of hearts (none), and all 25 points of
    // diamonds and clubs (two tribus, two suits whole). 2 tribus each: a tie, not over.
    write(
        d,
        "democratie.json",
        "democratie",
        &["Anne", "Bruno"],
        json!({"target": 3}),
        json!([{"captured": [
            {"S": ["5", "4", "3", "A", "K", "Q", "J", "10", "9", "8", "7", "6"], "H": 13},
            {"H": 12, "D": 25, "C": 25},
        ]}]),
    );
    dir
}

#[test]
fn bridge_contracts_slams_and_rubbers() {
    let dir = folder();
    let v = stats(dir.path());
    let n = |name| of(&v, name, "bridge").clone();
    let anne = n("Anne");
    assert_eq!(
        (
            &anne["declared"],
            &anne["made"],
            &anne["down"],
            &anne["doubled"]
        ),
        (&json!(1), &json!(1), &json!(0), &json!(0))
    );
    assert_eq!(
        (
            &anne["rubbers"],
            &anne["rubbers_won"],
            &anne["rubber_points"]
        ),
        (&json!(1), &json!(1), &json!(2050))
    );
    assert_eq!(anne["average_rubber_points"], json!(2050.0));
    let bruno = n("Bruno");
    assert_eq!(
        (
            &bruno["declared"],
            &bruno["made"],
            &bruno["down"],
            &bruno["doubled"]
        ),
        (&json!(1), &json!(0), &json!(1), &json!(1))
    );
    assert_eq!(
        (&bruno["rubbers_won"], &bruno["rubber_points"]),
        (&json!(0), &json!(0))
    );
    let claire = n("Claire");
    assert_eq!(
        (&claire["slams_bid"], &claire["slams_made"], &claire["made"]),
        (&json!(1), &json!(1), &json!(1))
    );
    assert_eq!(n("David")["made"], json!(1));
    // The evening goes on (a second rubber begun): nobody has won it yet.
    assert_eq!((&anne["sessions"], &anne["wins"]), (&json!(1), &json!(0)));
}

#[test]
fn truc_raises_and_manches() {
    let dir = folder();
    let v = stats(dir.path());
    let anne = of(&v, "Anne", "truc");
    let bruno = of(&v, "Bruno", "truc");
    let figures = |p: &Value| {
        [
            "deals",
            "manches_won",
            "raises",
            "raises_accepted",
            "raises_refused",
            "raises_won",
        ]
        .map(|k| p[k].as_i64().unwrap())
    };
    assert_eq!(figures(anne), [3, 0, 2, 2, 0, 1]);
    assert_eq!(figures(bruno), [3, 1, 2, 1, 1, 2]);
    assert_eq!((&bruno["sessions"], &bruno["wins"]), (&json!(1), &json!(1)));
}

#[test]
fn ascenseur_exact_bids_and_best_round() {
    let dir = folder();
    let v = stats(dir.path());
    let f = |name| {
        let p = of(&v, name, "ascenseur");
        (
            p["rounds"].as_i64().unwrap(),
            p["exact"].as_i64().unwrap(),
            p["points"].as_i64().unwrap(),
            p["best_round"].as_i64().unwrap(),
            p["exact_bid_rate"].as_f64().unwrap(),
        )
    };
    assert_eq!(f("Anne"), (2, 1, 2, 3, 0.5));
    assert_eq!(f("Bruno"), (2, 1, 1, 2, 0.5));
    assert_eq!(f("Claire"), (2, 0, -2, -1, 0.0));
}

#[test]
fn le2500_brasses_and_ace_frimes() {
    let dir = folder();
    let v = stats(dir.path());
    let f = |name| {
        let p = of(&v, name, "2500");
        (
            p["brasses"].as_i64().unwrap(),
            p["points"].as_i64().unwrap(),
            p["best_brasse"].as_i64().unwrap(),
            p["ace_frimes"].as_i64().unwrap(),
            p["average_brasse"].as_f64().unwrap(),
        )
    };
    assert_eq!(f("Anne"), (2, 125, 95, 1, 62.5));
    assert_eq!(f("Bruno"), (2, 100, 300, 1, 50.0));
}

#[test]
fn democratie_tribus_and_suits_whole() {
    let dir = folder();
    let v = stats(dir.path());
    let f = |name| {
        let p = of(&v, name, "democratie");
        (
            p["manches"].as_i64().unwrap(),
            p["tribus"].as_i64().unwrap(),
            p["suits_whole"].as_i64().unwrap(),
            p["tribus_per_manche"].as_f64().unwrap(),
        )
    };
    assert_eq!(f("Anne"), (1, 2, 1, 2.0));
    assert_eq!(f("Bruno"), (1, 2, 2, 2.0));
}

#[test]
fn across_games_one_person_and_the_names_merged_by_hand() {
    let dir = folder();
    // "Dave" played one more truc partie and won it; merged into David in the app.
    write(
        dir.path(),
        "truc2.json",
        "truc",
        &["Dave", "Claire"],
        json!({"target": 1, "manches": 1}),
        json!([{"calls": [], "winner": 0}]),
    );
    let v = stats(dir.path());
    let anne = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Anne")
        .unwrap();
    let games: Vec<&String> = anne["games"].as_object().unwrap().keys().collect();
    assert_eq!(games, ["2500", "ascenseur", "bridge", "democratie", "truc"]);
    assert_eq!((&anne["sessions"], &anne["wins"]), (&json!(5), &json!(0)));
    assert!(
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Dave")
    );

    std::fs::write(
        dir.path().join(".prefs.json"),
        json!({"merged": [["dave", "David"]]}).to_string(),
    )
    .unwrap();
    let v = stats(dir.path());
    let names: Vec<&Value> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert!(!names.contains(&&json!("Dave")), "{names:?}");
    let david = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "David")
        .unwrap();
    assert_eq!((&david["sessions"], &david["wins"]), (&json!(2), &json!(1)));
    assert_eq!(david["games"]["truc"]["deals"], json!(1));
    assert_eq!(david["games"]["bridge"]["declared"], json!(1));
}

/// Tarot (issue 44): each seat's deals, and each taker's deals taken and made, in all and by
/// contract. At four: Anne's garde with 2 bouts and 49 made, her prise with 1 bout and 45
/// down, Bruno's garde sans with 3 bouts and 40 made.
#[test]
fn tarot_deals_taken_and_made_by_contract() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "tarot.json",
        "tarot",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([
            {"taker": 0, "contract": "garde", "bouts": 2, "points": 49},
            {"taker": 0, "contract": "prise", "bouts": 1, "points": 45},
            {"taker": 1, "contract": "garde_sans", "bouts": 3, "points": 40}
        ]),
    );
    let v = stats(dir.path());
    let figures = |name: &str, keys: &[&str]| -> Vec<i64> {
        let p = of(&v, name, "tarot");
        keys.iter().map(|k| p[*k].as_i64().unwrap()).collect()
    };
    let keys = [
        "deals",
        "taken",
        "made",
        "taken_garde",
        "made_garde",
        "taken_prise",
        "made_prise",
    ];
    assert_eq!(figures("Anne", &keys), [3, 2, 1, 1, 1, 1, 0]);
    assert_eq!(of(&v, "Anne", "tarot")["made_rate"].as_f64(), Some(0.5));
    assert_eq!(
        figures("Bruno", &["taken", "taken_garde_sans", "made_garde_sans"]),
        [1, 1, 1]
    );
    assert_eq!(figures("Claire", &["deals", "taken"]), [3, 0]);
}
