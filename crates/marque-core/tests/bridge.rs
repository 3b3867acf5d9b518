//! Rubber bridge: the scoring table, games and vulnerability, rubbers, options.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::bridge::{self, Contract, Doubling, Strain};
use serde_json::{Value, json};

fn bridge(options: Value, hands: Value) -> Value {
    session(
        "bridge",
        &["Nadia", "Emile", "Sophie", "Walter"],
        options,
        hands,
    )
}
fn deal(contract: &str, declarer: &str, tricks: u8) -> Value {
    json!({"contract": contract, "declarer": declarer, "tricks": tricks})
}

#[test]
fn contracts_parse_and_print() {
    let c = Contract::parse("3NTXX").unwrap();
    assert_eq!(
        (c.level.get(), c.strain, c.doubling),
        (3, Strain::NoTrump, Doubling::Redoubled)
    );
    assert_eq!(c.code(), "3NTXX");
    for bad in ["0S", "8C", "4Z", "4SXXX", "", "S4", "4s"] {
        assert_eq!(Contract::parse(bad), None, "{bad}");
    }
    let e = err(&bridge(json!({}), json!([deal("4Z", "N", 10)])));
    assert_eq!(
        e,
        [
            "hand 1: unknown contract \"4Z\"; allowed: level 1 to 7, then C, D, H, S or NT, then nothing, X or XX (e.g. \"4S\", \"3NTX\"), or \"pass\""
        ]
    );
    let e = err(&bridge(json!({}), json!([deal("4S", "N", 14)])));
    assert_eq!(e, ["hand 1: `tricks` is 14; allowed: 0 to 13"]);
}

#[test]
fn doubled_undertricks_seed_and_laws() {
    // 5 down, doubled, not vulnerable: seed 100+4×200, laws 100+200+200+300+300.
    let seed = ok(&bridge(json!({}), json!([deal("5CX", "N", 6)])));
    assert_eq!(
        rules(&seed["hands"][0]),
        vec![r(1, "bridge.undertricks.doubled", 900)]
    );
    let laws = ok(&bridge(
        json!({"table": "laws"}),
        json!([deal("5CX", "N", 6)]),
    ));
    assert_eq!(
        rules(&laws["hands"][0]),
        vec![r(1, "bridge.undertricks.doubled", 1100)]
    );
}

#[test]
fn redoubled_insult_depends_on_the_table() {
    let seed = ok(&bridge(json!({}), json!([deal("1CXX", "E", 7)])));
    assert_eq!(
        rules(&seed["hands"][0]),
        vec![r(1, "bridge.below.tricks", 80), r(1, "bridge.insult", 50)]
    );
    let laws = ok(&bridge(
        json!({"table": "laws"}),
        json!([deal("1CXX", "E", 7)]),
    ));
    assert_eq!(
        rules(&laws["hands"][0]),
        vec![r(1, "bridge.below.tricks", 80), r(1, "bridge.insult", 100)]
    );
}

#[test]
fn slam_option_tricks_rewards_twelve_tricks_at_any_level() {
    let bid = ok(&bridge(json!({}), json!([deal("4S", "S", 12)])));
    assert_eq!(
        rules(&bid["hands"][0]),
        vec![
            r(0, "bridge.below.tricks", 120),
            r(0, "bridge.overtricks", 60)
        ]
    );
    let tricks = ok(&bridge(
        json!({"slam": "tricks"}),
        json!([deal("4S", "S", 12)]),
    ));
    assert_eq!(
        rules(&tricks["hands"][0]),
        vec![
            r(0, "bridge.below.tricks", 120),
            r(0, "bridge.overtricks", 60),
            r(0, "bridge.slam", 500)
        ]
    );
}

#[test]
fn honours_go_to_their_holders_and_must_fit_the_strain() {
    let s = ok(&bridge(
        json!({}),
        json!([{"contract": "2H", "declarer": "N", "tricks": 6, "honours": {"side": "EW", "kind": "5"}}]),
    ));
    assert_eq!(
        rules(&s["hands"][0]),
        vec![r(1, "bridge.honours", 150), r(1, "bridge.undertricks", 100)]
    );
    let e = err(&bridge(
        json!({}),
        json!([{"contract": "2H", "declarer": "N", "tricks": 8, "honours": {"side": "NS", "kind": "aces"}}]),
    ));
    assert_eq!(
        e,
        ["hand 1: the 4 aces count at no trump only; in a suit: \"4\" or \"5\" trump honours"]
    );
    let e = err(&bridge(
        json!({}),
        json!([{"contract": "pass", "tricks": 3}]),
    ));
    assert_eq!(
        e,
        ["hand 1: a passed-out deal has no declarer, tricks or honours (found: tricks)"]
    );
}

#[test]
fn a_game_resets_part_scores_and_makes_vulnerable() {
    let s = ok(&bridge(
        json!({}),
        json!(
            [
                deal("2S", "N", 8),
                deal("4H", "E", 10),
                deal("2S", "N", 8),
                deal("pass", "N", 0)
            ]
            .map(|mut d| {
                if d["contract"] == "pass" {
                    d = json!({"contract": "pass"});
                }
                d
            })
        ),
    ));
    let h = s["hands"].as_array().unwrap();
    assert_eq!(h[1]["vulnerable"], json!([false, false]));
    assert_eq!(h[2]["vulnerable"], json!([false, true]));
    // NS's 60 then 60 again: the first 60 was cut off by EW's game, so no game yet.
    assert_eq!(s["rubbers"][0]["games"], json!([0, 1]));
    assert_eq!(h[3]["delta"], json!([0, 0]));
}

#[test]
fn hands_after_a_rubber_start_the_next_one() {
    let s = ok(&bridge(
        json!({}),
        json!([deal("4S", "N", 10), deal("3NT", "S", 9), {"contract": "pass"}, deal("1C", "E", 7)]),
    ));
    assert_eq!(s["hands"][1]["rubber"], 0);
    assert_eq!(s["hands"][2]["rubber"], 1);
    assert_eq!(s["hands"][3]["vulnerable"], json!([false, false]));
    assert_eq!(s["rubbers"].as_array().unwrap().len(), 2);
    assert_eq!(s["finished"], false);
    assert_eq!(s["totals"], json!([120 + 100 + 700, 20]));
}

#[test]
fn closing_under_the_laws_pays_the_unfinished_rubber() {
    let hands = json!([deal("4S", "N", 10), deal("2C", "E", 8)]);
    let mut v = bridge(json!({"table": "laws"}), hands.clone());
    v["closed"] = json!(true);
    let s = ok(&v);
    assert_eq!(s["finished"], true);
    assert_eq!(s["rubbers"][0]["finished"], false);
    assert_eq!(s["totals"], json!([120 + 300, 40 + 100]));
    assert_eq!(s["winners"], json!([0]));
    let mut v = bridge(json!({}), hands);
    v["closed"] = json!(true);
    assert_eq!(
        ok(&v)["totals"],
        json!([120, 40]),
        "the seed table just totals"
    );
}

#[test]
fn helpers_for_the_table() {
    let mut g = bridge::Game::new(&bridge::Options::default());
    assert_eq!(g.needed_for_game(), [100, 100]);
    g.play(&bridge::decode_hand(&deal("2H", "N", 8)).unwrap())
        .unwrap();
    assert_eq!(g.needed_for_game(), [40, 100]);
    g.play(&bridge::decode_hand(&deal("3NT", "W", 9)).unwrap())
        .unwrap();
    assert_eq!(g.vulnerable(), [false, true]);
    assert_eq!(g.needed_for_game(), [100, 100]);
}

#[test]
fn the_paper_sheet_lays_a_rubber_out_as_on_paper() {
    let v = bridge(
        json!({}),
        json!([
            deal("2H", "N", 8),
            deal("3NT", "E", 9),
            deal("4S", "N", 10),
            deal("3NT", "N", 10)
        ]),
    );
    let s = marque_core::session::Session::from_value(&v)
        .unwrap()
        .score()
        .unwrap();
    let p = s.paper(0).unwrap();
    assert_eq!(
        p.above,
        [vec![30, 500], vec![]],
        "overtrick then rubber bonus, oldest nearest the line"
    );
    assert_eq!(
        p.below,
        vec![
            ([vec![60], vec![100]], true),
            ([vec![120], vec![]], true),
            ([vec![100], vec![]], true)
        ],
        "NS's 60 part-score is in the game EW won; each game closes with a line"
    );
    assert_eq!((p.totals, p.games), ([810, 100], [2, 1]));
    assert!(s.paper(1).is_none());
}

#[test]
fn the_deal_passes_clockwise_from_north() {
    use marque_core::games::bridge::{Seat, dealer};
    let order: Vec<Seat> = (0..6).map(dealer).collect();
    assert_eq!(
        order,
        [Seat::N, Seat::E, Seat::S, Seat::W, Seat::N, Seat::E]
    );
}
