//! A hand's count step by step, and the session under other options: the steps are the hand's
//! lines, each written-out sum comes to its line's points, and "what if" equals scoring the
//! session again with the option changed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::explain::{explain, what_if};
use marque_core::i18n::Lang;
use marque_core::session::Session;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Evaluates a sum as the games write it: whole numbers, `+`, `×`, parentheses, a leading
/// minus sign (`−`), and `|a − b|`.
fn eval(expr: &str) -> i64 {
    let tokens: Vec<String> = expr
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('|', " | ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    fn sum(t: &[String], i: &mut usize) -> i64 {
        let mut v = product(t, i);
        while *i < t.len() && t[*i] == "+" {
            *i += 1;
            v += product(t, i);
        }
        v
    }
    fn product(t: &[String], i: &mut usize) -> i64 {
        let mut v = atom(t, i);
        while *i < t.len() && (t[*i] == "×" || t[*i] == "−") {
            let op = t[*i].clone();
            *i += 1;
            let w = atom(t, i);
            v = if op == "×" { v * w } else { v - w };
        }
        v
    }
    fn atom(t: &[String], i: &mut usize) -> i64 {
        let tok = t[*i].clone();
        *i += 1;
        match tok.as_str() {
            "(" => {
                let v = sum(t, i);
                *i += 1;
                v
            }
            "|" => {
                let v = sum(t, i);
                *i += 1;
                v.abs()
            }
            "−" => -atom(t, i),
            n => match n.strip_prefix('−') {
                Some("") => -atom(t, i),
                Some(rest) => -rest.parse::<i64>().unwrap(),
                None => n
                    .parse()
                    .unwrap_or_else(|_| panic!("{n:?} in {expr:?}", expr = t)),
            },
        }
    }
    let mut i = 0;
    let v = sum(&tokens, &mut i);
    assert_eq!(i, tokens.len(), "{expr}");
    v
}

/// Checks every hand's count of a session that scores: the steps are its lines, and each sum
/// written out comes to its points.
fn counts_add_up(v: &Value) -> Result<(), TestCaseError> {
    let Ok(s) = Session::parse(&v.to_string()) else {
        return Ok(());
    };
    let Ok(sheet) = s.score() else {
        return Ok(());
    };
    for i in 0..s.hands.len() {
        let e = explain(&s, &sheet, i).expect("a hand of the session");
        let row = &sheet.hands[i];
        prop_assert_eq!(e.steps.len(), row.lines.len());
        let mut per_side = vec![0; sheet.sides.len()];
        for (st, l) in e.steps.iter().zip(&row.lines) {
            prop_assert_eq!((st.side, st.points, st.rule), (l.side, l.points, l.rule));
            per_side[st.side] += st.points;
            if let Some(sum) = &st.sum {
                // Truc: the deal's value raise by raise, `1 → 2 ↛ 4 : 2`, ending in the points.
                if let Some((chain, points)) = sum.rsplit_once(" : ") {
                    prop_assert_eq!(eval(points), st.points, "{}", sum);
                    let values: Vec<i64> = chain
                        .split([' ', '→', '↛'])
                        .filter(|t| !t.is_empty() && *t != "banco")
                        .map(eval)
                        .collect();
                    prop_assert!(values.windows(2).all(|w| w[0] < w[1]), "{}", sum);
                    continue;
                }
                // Démocratie: `5 + 4 + 3 + 3 = 15 ≥ 13`, or `15 ≥ 13`, and `; 12/12 → 2`.
                if let Some((points, rest)) = sum.split_once(" ≥ ") {
                    let points = points.rsplit(" = ").next().unwrap();
                    let expr = sum
                        .split(" ≥ ")
                        .next()
                        .unwrap()
                        .split(" = ")
                        .next()
                        .unwrap();
                    prop_assert_eq!(eval(expr), eval(points), "{}", sum);
                    prop_assert!(eval(points) >= 13, "{}", sum);
                    prop_assert_eq!(
                        st.points,
                        if rest.contains("12/12") { 2 } else { 1 },
                        "{}",
                        sum
                    );
                    continue;
                }
                // `SUM = TOTAL`, or ascenseur's `|a − b| = d → −d`.
                let (expr, total) = sum.rsplit_once(" = ").expect("a sum with its total");
                let total = total.rsplit(" → ").next().unwrap();
                prop_assert_eq!(eval(total), st.points, "{}", sum);
                if !sum.contains(" → ") {
                    prop_assert_eq!(eval(expr), st.points, "{}", sum);
                }
            }
        }
        prop_assert_eq!(&per_side, &e.delta);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(64)
    ))]

    #[test]
    fn every_bridge_sum_comes_to_its_line(hands in prop::collection::vec(bridge_hand(), 1..30), laws in any::<bool>()) {
        let table = if laws { "laws" } else { "seed" };
        counts_add_up(&session("bridge", &["N", "E", "S", "W"], json!({"table": table}), json!(hands)))?;
    }

    #[test]
    fn every_truc_and_rich_democratie_sum_comes_to_its_line(
        t in prop::collection::vec(truc_deal(), 1..12),
        m in prop::collection::vec(rich_manche(), 1..6),
        all12 in any::<bool>(),
    ) {
        counts_add_up(&session("truc", &["A", "B"], json!({"target": 1000, "manches": 1000}), json!(t)))?;
        counts_add_up(&session("democratie", &["A", "B"], json!({"target": 1000, "all12": all12}), json!(m)))?;
    }

    #[test]
    fn every_2500_and_democratie_sum_comes_to_its_line(b in prop::collection::vec(brasse(), 1..8), m in prop::collection::vec(manche(), 1..8)) {
        counts_add_up(&session("2500", &["A", "B", "C"], json!({"target": 100000}), json!(b)))?;
        counts_add_up(&session("democratie", &["A", "B", "C"], json!({"target": 1000}), json!(m)))?;
    }

    #[test]
    fn what_if_is_the_session_scored_again_with_the_option_changed(
        hands in prop::collection::vec(bridge_hand(), 1..30),
        b in prop::collection::vec(brasse(), 1..8),
        m in prop::collection::vec(manche(), 1..8),
        t in prop::collection::vec(truc_deal(), 1..12),
        which in 0usize..4,
    ) {
        let (v, key, value) = [
            (session("bridge", &["N", "E", "S", "W"], json!({}), json!(hands)), "table", json!("laws")),
            (session("2500", &["A", "B", "C"], json!({"target": 100000}), json!(b)), "low_cards", json!(9)),
            (session("democratie", &["A", "B", "C"], json!({"target": 1000}), json!(m)), "all12", json!(true)),
            (session("truc", &["A", "B"], json!({"target": 1000, "manches": 1000}), json!(t)), "raise", json!("plus_one")),
        ][which].clone();
        let Ok(s) = Session::parse(&v.to_string()) else { return Ok(()); };
        let mut changes = Map::new();
        changes.insert(key.to_string(), value.clone());
        let mut changed = v.clone();
        changed["options"][key] = value;
        match (what_if(&s, &changes), score(&changed)) {
            (Ok(w), Ok(again)) => {
                prop_assert_eq!(json!(w.sheet.totals), again["totals"].clone());
                prop_assert_eq!(&w.options[key], &changed["options"][key]);
            }
            (Err(_), Err(_)) => {}
            (w, again) => prop_assert!(false, "what if {:?}, scored again {:?}", w.is_ok(), again.is_ok()),
        }
    }
}

/// A démocratie manche of two players where suits are often won: per suit, the first player's
/// cards (from the top) or points, and what is left of the 25 to the other.
fn rich_manche() -> impl Strategy<Value = Value> {
    const RANKS: [&str; 12] = ["5", "4", "3", "A", "K", "Q", "J", "10", "9", "8", "7", "6"];
    const WORTH: [i64; 12] = [5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0];
    let suit = (0usize..=12, any::<bool>()).prop_map(|(n, as_cards)| {
        let points: i64 = WORTH[..n].iter().sum();
        let first = if as_cards {
            json!(RANKS[..n])
        } else {
            json!(points)
        };
        (first, json!(25 - points))
    });
    prop::collection::vec(suit, 4).prop_map(|suits| {
        let names = ["S", "H", "D", "C"];
        let mut a = Map::new();
        let mut b = Map::new();
        for (name, (first, second)) in names.iter().zip(suits) {
            a.insert(name.to_string(), first);
            b.insert(name.to_string(), second);
        }
        json!({"captured": [a, b]})
    })
}

/// The step of the first line of hand `n` (from 1), in French.
fn step(hands: Value, options: Value, n: usize) -> Vec<String> {
    let s = Session::parse(&session("bridge", &["N", "E", "S", "W"], options, hands).to_string())
        .unwrap();
    let sheet = s.score().unwrap();
    explain(&s, &sheet, n - 1)
        .unwrap()
        .steps
        .iter()
        .map(|st| st.text.render(Lang::Fr))
        .collect()
}

#[test]
fn the_counts_that_cause_disputes() {
    let ew_game = json!({"contract": "4S", "declarer": "E", "tricks": 10});
    // Doubled and redoubled undertricks, not vulnerable and vulnerable, in both tables.
    let cases = [
        (
            json!({"contract": "4SX", "declarer": "N", "tricks": 6}),
            "seed",
            false,
            "chute de 4, contrée, déclarant non vulnérable : 100 + 200 + 200 + 200 = 700",
        ),
        (
            json!({"contract": "4SX", "declarer": "N", "tricks": 6}),
            "laws",
            false,
            "chute de 4, contrée, déclarant non vulnérable : 100 + 200 + 200 + 300 = 800",
        ),
        (
            json!({"contract": "3NTXX", "declarer": "N", "tricks": 7}),
            "seed",
            false,
            "chute de 2, surcontrée, déclarant non vulnérable : (100 + 200) × 2 = 600",
        ),
        (
            json!({"contract": "3NTX", "declarer": "E", "tricks": 6}),
            "seed",
            true,
            "chute de 3, contrée, déclarant vulnérable : 200 + 300 + 300 = 800",
        ),
        (
            json!({"contract": "3NTXX", "declarer": "E", "tricks": 6}),
            "laws",
            true,
            "chute de 3, surcontrée, déclarant vulnérable : (200 + 300 + 300) × 2 = 1600",
        ),
        (
            json!({"contract": "2H", "declarer": "E", "tricks": 5}),
            "seed",
            true,
            "chute de 3 à 100, déclarant vulnérable : 3 × 100 = 300",
        ),
    ];
    for (deal, table, vulnerable, want) in cases {
        let hands = if vulnerable {
            json!([ew_game, deal])
        } else {
            json!([deal])
        };
        let n = if vulnerable { 2 } else { 1 };
        assert_eq!(step(hands, json!({"table": table}), n), [want], "{table}");
    }
    // A doubled contract made with overtricks, vulnerable: the tricks, the overtricks, the
    // insult; honours held by the defenders.
    let made = json!({"contract": "1HX", "declarer": "E", "tricks": 9,
                      "honours": {"side": "NS", "kind": "4"}});
    assert_eq!(
        step(json!([ew_game, made]), json!({}), 2),
        [
            "1♥X réussi : 1 levée demandée, 60 sous la ligne : (1 × 30) × 2 = 60",
            "2 levées de mieux à 200 : 2 × 200 = 400",
            "contrat contré réussi",
            "honneurs : 4 honneurs d'atout dans une main",
        ]
    );
    // The rubber: its bonus is its own line, next to the deal that completes it.
    let nt = json!({"contract": "3NT", "declarer": "E", "tricks": 9});
    assert_eq!(
        step(json!([ew_game, nt]), json!({}), 2),
        [
            "3SA réussi : 3 levées demandées, 100 sous la ligne : 40 + 2 × 30 = 100",
            "robre gagné 2 manches à 0 : 700",
        ]
    );
}

#[test]
fn an_ascenseur_round_counts_each_players_bid() {
    let v = session(
        "ascenseur",
        &["Anne", "Bruno", "Claire"],
        json!({}),
        json!([
            {"bids": [1, 0, 1], "tricks": [1, 0, 0]},
            {"bids": [1, 1, 1], "tricks": [0, 1, 1]}
        ]),
    );
    counts_add_up(&v).unwrap();
    let s = Session::parse(&v.to_string()).unwrap();
    let sheet = s.score().unwrap();
    let e = explain(&s, &sheet, 1).unwrap();
    let texts: Vec<String> = e.steps.iter().map(|st| st.text.render(Lang::En)).collect();
    assert_eq!(
        texts[0],
        "Anne bids 1, takes 0: −1 per trick of difference: |1 − 0| = 1 → −1"
    );
    assert_eq!(
        texts[1], "Bruno makes exactly the 1 bid: 2 + 1",
        "its line says its sum"
    );
    assert_eq!(
        e.facts[0].render(Lang::Fr),
        "Avant le tour : Tour 2 sur 33 — 32 tours à jouer"
    );
}

/// The counts of a truc deal raised then refused, and of démocratie suits at 12 and 13 points.
#[test]
fn truc_and_democratie_counts_written_out() {
    let sums = |v: Value, n: usize| -> Vec<String> {
        let s = Session::parse(&v.to_string()).unwrap();
        let sheet = s.score().unwrap();
        explain(&s, &sheet, n)
            .unwrap()
            .steps
            .iter()
            .filter_map(|st| st.sum.clone())
            .collect()
    };
    let raised_then_refused = json!([{"calls": [
        {"by": 0, "call": "double"}, {"by": 1, "call": "accept"},
        {"by": 1, "call": "double"}, {"by": 0, "call": "refuse"}]}]);
    assert_eq!(
        sums(
            session("truc", &["A", "B"], json!({}), raised_then_refused),
            0
        ),
        ["1 → 2 ↛ 4 : 2"]
    );
    // 12 points in spades make no tribu (no line); 13 in hearts, given as cards, make one.
    let manche = json!([{"captured": [
        {"S": 12, "H": ["5", "4", "3", "K"], "D": 0, "C": 0},
        {"S": 13, "H": 11, "D": 0, "C": 0}]}]);
    assert_eq!(
        sums(session("democratie", &["A", "B"], json!({}), manche), 0),
        ["5 + 4 + 3 + 2 = 14 ≥ 13", "13 ≥ 13"]
    );
}

/// A 2500 count settles a dispute: card by card in the order written, the frime named in the
/// line, no line for a player who laid nothing, a banco named in truc's chain, and the standing
/// before the hand for every game.
#[test]
fn counts_go_card_by_card_and_say_the_standing_before() {
    let brasses = json!([
        {"frime": "A", "laid": [["A", "A", "A", "5"], []], "hand": [[], ["K", "A"]]},
        {"frime": "8", "laid": [["K", "K", "K"], ["8", "8", "8"]], "hand": [[], []]}
    ]);
    let v = session("2500", &["Paul", "Lise"], json!({}), brasses);
    let s = Session::parse(&v.to_string()).unwrap();
    let sheet = s.score().unwrap();
    let first = explain(&s, &sheet, 0).unwrap();
    let texts: Vec<String> = first
        .steps
        .iter()
        .map(|st| st.text.render(Lang::En))
        .collect();
    // Lise laid nothing: her only line is what she kept.
    assert_eq!(first.steps.len(), 2, "{texts:?}");
    assert!(texts[0].contains("3 of them frimes (A)"), "{texts:?}");
    assert_eq!(
        first.steps[0].sum.as_deref(),
        Some("200 + 200 + 200 + 5 = 605")
    );
    assert_eq!(first.steps[1].sum.as_deref(), Some("−(10 + 200) = −210"));
    // Before the second brasse: the standing, not only the target.
    let second = explain(&s, &sheet, 1).unwrap();
    let facts: Vec<String> = second.facts.iter().map(|f| f.render(Lang::En)).collect();
    assert!(
        facts
            .iter()
            .any(|f| f.contains("Paul 605 points, Lise −210 points")),
        "{facts:?}"
    );
    // Truc: a banco is named in the chain.
    let (d, a) = (
        |by: usize| json!({"by": by, "call": "double"}),
        |by: usize| json!({"by": by, "call": "accept"}),
    );
    // A at 9 (a deal worth 8, one worth 1): a raise to 4 would pass 12, so A asks banco, 3.
    let banco = json!([
        {"calls": [d(0), a(1), d(1), a(0), d(0), a(1)], "winner": 0},
        {"calls": [], "winner": 0},
        {"calls": [d(0), a(1), {"by": 0, "call": "banco"}, a(1)], "winner": 0}
    ]);
    let v = session("truc", &["A", "B"], json!({}), banco);
    let s = Session::parse(&v.to_string()).unwrap();
    let sheet = s.score().unwrap();
    let sums: Vec<String> = explain(&s, &sheet, 2)
        .unwrap()
        .steps
        .iter()
        .filter_map(|st| st.sum.clone())
        .collect();
    assert_eq!(sums, ["1 → 2 → banco 3 : 3"]);
}
