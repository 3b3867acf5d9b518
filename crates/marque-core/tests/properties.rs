//! Invariants over random inputs: nothing panics, sheets are consistent, scoring is repeatable.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::ascenseur::{Options as AscOptions, Plan};
use marque_core::session::Session;
use proptest::prelude::*;
use serde_json::{Value, json};

fn players(game: &str) -> Vec<&'static str> {
    match game {
        "truc" => vec!["A", "B"],
        "bridge" => vec!["N", "E", "S", "W"],
        _ => vec!["A", "B", "C", "D"],
    }
}

proptest! {
    // PROPTEST_CASES=N runs a longer campaign (the fuzzing of the reader and the scorer).
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(400)
    ))]

    #[test]
    fn no_hand_makes_the_scorer_panic(game in prop::sample::select(vec!["truc", "bridge", "ascenseur", "2500", "democratie"]),
                                      hands in prop::collection::vec(any_json(), 0..8),
                                      options in any_json()) {
        let mut v = session(game, &players(game), json!({}), json!(hands));
        if let Value::Object(_) = options { v["options"] = options; }
        let first = score(&v);
        prop_assert_eq!(first, score(&v), "scoring twice gives the same answer");
    }

    #[test]
    fn no_text_makes_the_reader_panic(text in ".{0,200}", cut in 0usize..400) {
        let _ = Session::parse(&text);
        let full = session("bridge", &players("bridge"), json!({}), json!([{"contract": "4S", "declarer": "N", "tricks": 10}])).to_string();
        let cut = cut.min(full.len());
        if full.is_char_boundary(cut) {
            let _ = Session::parse(&full[..cut]);
        }
    }

    #[test]
    fn bridge_sheets_stay_consistent(deals in prop::collection::vec((1u8..=7, 0usize..5, 0usize..3, 0usize..4, 0u8..=13, 0usize..4), 0..30), laws in any::<bool>(), closed in any::<bool>()) {
        let strains = ["C", "D", "H", "S", "NT"];
        let hands: Vec<Value> = deals.iter().map(|&(level, strain, dbl, decl, tricks, hon)| {
            if level == 7 && tricks == 0 && dbl == 2 { return json!({"contract": "pass"}); }
            let (seat, dbl) = (["N", "E", "S", "W"][decl], ["", "X", "XX"][dbl]);
            let mut h = json!({"contract": format!("{level}{}{dbl}", strains[strain]), "declarer": seat, "tricks": tricks});
            let kinds = if strain == 4 { vec!["aces"] } else { vec!["4", "5"] };
            if hon > 0 {
                let (side, kind) = (["NS", "EW"][hon % 2], kinds[hon % kinds.len()]);
                h["honours"] = json!({"side": side, "kind": kind});
            }
            h
        }).collect();
        let mut v = session("bridge", &players("bridge"), json!({"table": if laws {"laws"} else {"seed"}}), json!(hands));
        v["closed"] = json!(closed);
        let s = ok(&v);
        let mut totals = [0i64; 2];
        for (i, h) in s["hands"].as_array().unwrap().iter().enumerate() {
            let rubber = &s["rubbers"][h["rubber"].as_u64().unwrap() as usize];
            let sums = rules(h).iter().fold([0i64; 2], |mut acc, (side, _, p)| { acc[*side as usize] += p; acc });
            for side in 0..2 {
                let delta = h["delta"][side].as_i64().unwrap();
                prop_assert_eq!(delta, h["below"][side].as_i64().unwrap() + h["above"][side].as_i64().unwrap());
                prop_assert_eq!(sums[side], delta, "hand {}", i);
                prop_assert!(h["below"][side].as_i64().unwrap() >= 0);
                totals[side] += delta;
                // Vulnerable before a deal only if the side had won a game in this rubber.
                if h["vulnerable"][side] == json!(true) {
                    prop_assert!(rubber["games"][side].as_i64().unwrap() >= 1);
                }
            }
        }
        let rubbers = s["rubbers"].as_array().unwrap();
        for (k, r) in rubbers.iter().enumerate() {
            let g = [r["games"][0].as_i64().unwrap(), r["games"][1].as_i64().unwrap()];
            prop_assert!(g[0] <= 2 && g[1] <= 2 && !(g[0] == 2 && g[1] == 2));
            prop_assert_eq!(r["finished"].as_bool().unwrap(), g[0] == 2 || g[1] == 2);
            if k + 1 < rubbers.len() { prop_assert!(r["finished"].as_bool().unwrap()); }
        }
        let closing: i64 = s.get("closing").and_then(|c| c.as_array()).map(|c| c.iter().map(|l| l["points"].as_i64().unwrap()).sum()).unwrap_or(0);
        prop_assert_eq!(totals[0] + totals[1] + closing, s["totals"][0].as_i64().unwrap() + s["totals"][1].as_i64().unwrap());
    }

    #[test]
    fn ascenseur_bids_are_never_all_exact(seed in prop::collection::vec((0u32..14, 0u32..14), 7), n in 3usize..=7, first in 0usize..7, rounds in 1usize..26) {
        let opts = AscOptions { first_dealer: first % n, ..AscOptions::default() };
        let plan = Plan::new(n, &opts);
        let mut hands = Vec::new();
        for k in 0..rounds.min(plan.rounds()) {
            let r = plan.round(k);
            let mut bids: Vec<u32> = (0..n).map(|p| seed[p].0 % (r.cards + 1)).collect();
            let others: u32 = (0..n).filter(|&p| p != r.dealer).map(|p| bids[p]).sum();
            if others <= r.cards && bids[r.dealer] == r.cards - others {
                bids[r.dealer] = (bids[r.dealer] + 1) % (r.cards + 1);
            }
            // Tricks: hand out the cards by the seed, then give the rest to the first player.
            let mut tricks = vec![0u32; n];
            let mut left = r.cards;
            for p in 0..n { let t = (seed[p].1 % (r.cards + 1)).min(left); tricks[p] = t; left -= t; }
            tricks[0] += left;
            hands.push(json!({"bids": bids, "tricks": tricks}));
        }
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let v = session("ascenseur", &names, json!({"first_dealer": first % n}), json!(hands));
        let s = ok(&v);
        // A summary plays the rounds without lines: the same standing.
        let facts = marque_core::session::Session::facts(&v.to_string()).expect("facts");
        prop_assert_eq!(json!(facts.end.totals), s["totals"].clone());
        prop_assert_eq!(json!(facts.end.finished), s["finished"].clone());
        for h in s["hands"].as_array().unwrap() {
            let exact = rules(h).iter().filter(|(_, r, _)| r == "ascenseur.exact").count();
            prop_assert!(exact < n, "the hook makes someone miss");
        }
    }

}

/// Random calls never make the truc scorer panic, and in every partie that scores, the manches
/// won are the manches complete. Each deal's random calls are kept only where the rules allow
/// them at that point (a raise left pending is accepted), so that every partie plays: each case
/// checks the invariant, none is skipped, and the count of parties scored says so.
#[test]
fn truc_random_calls_never_panic_and_manches_add_up() {
    use marque_core::games::GameKind;
    use marque_core::games::truc::{Call, CallKind, Deal, Game, Hand, Outcome};
    use proptest::test_runner::{Config, TestRunner};
    let kinds = [
        CallKind::Double,
        CallKind::Banco,
        CallKind::Accept,
        CallKind::Refuse,
    ];
    let deal = (
        prop::collection::vec((0usize..2, 0usize..4), 0..6),
        prop::option::of(0usize..2),
    );
    let strategy = prop::collection::vec(deal, 0..40);
    let cases = 300;
    let mut runner = TestRunner::new(Config::with_cases(cases));
    let scored = std::cell::Cell::new(0u32);
    let names = ["A".to_string(), "B".to_string()];
    let marque_core::games::GameOptions::Truc(options) =
        GameKind::Truc.read_options(None, 2).unwrap()
    else {
        unreachable!("truc's options are truc's")
    };
    runner
        .run(&strategy, |deals| {
            // The calls the rules allow, deal by deal, as the partie stands.
            let mut game = Game::new(&names, &options);
            let mut hands = Vec::new();
            for (drawn, winner) in &deals {
                let mut deal: Deal = game.deal();
                let mut calls = Vec::new();
                for (by, k) in drawn {
                    let call = Call {
                        by: *by,
                        call: kinds[*k],
                    };
                    let mut tried = deal.clone();
                    if deal.refused().is_none() && tried.apply(call).is_ok() {
                        deal = tried;
                        calls.push(call);
                    }
                }
                if let Some(p) = deal.pending() {
                    let accept = Call {
                        by: 1 - p.by,
                        call: CallKind::Accept,
                    };
                    deal.apply(accept).ok();
                    calls.push(accept);
                }
                let outcome = if deal.refused().is_some() {
                    Outcome::Refused
                } else {
                    Outcome::Winner(*winner)
                };
                let hand = Hand { calls, outcome };
                if game.play(&hand).is_err() {
                    break;
                }
                hands.push(hand.to_json());
            }
            let result = score(&session("truc", &["A", "B"], json!({}), json!(hands)));
            match result {
                Ok(s) => {
                    scored.set(scored.get() + 1);
                    let won: i64 = s["totals"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| t.as_i64().unwrap())
                        .sum();
                    let complete = s["manches"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|m| m[0].as_i64().unwrap() >= 12 || m[1].as_i64().unwrap() >= 12)
                        .count();
                    prop_assert_eq!(won as usize, complete);
                }
                Err(problems) => {
                    prop_assert!(false, "a partie of allowed calls refused: {:?}", problems)
                }
            }
            Ok(())
        })
        .unwrap();
    assert_eq!(scored.get(), cases, "every partie of allowed calls scores");
}
