//! L'Ascenseur: the rounds, the hook, the forehead round, scoring and the end.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::ascenseur::{Options, Peak, Plan, forbidden_bid};
use serde_json::{Value, json};

fn asc(players: &[&str], options: Value, hands: Vec<Value>) -> Value {
    session("ascenseur", players, options, json!(hands))
}
const FOUR: [&str; 4] = ["Ana", "Ben", "Chloe", "Dario"];

/// A valid round for `cards` dealt to `n` players, with the dealer last: everyone bids 0 but the
/// first, who bids and takes everything; the dealer is never hooked since bids total `cards`
/// only if the first player bids all... so the first bids `cards`, takes `cards`, the rest 0 and
/// the dealer bids 1 when that is legal.
fn round(cards: u32, n: usize, dealer: usize) -> Value {
    let mut bids = vec![0; n];
    let mut tricks = vec![0; n];
    let first = (dealer + 1) % n;
    bids[first] = cards;
    tricks[first] = cards;
    bids[dealer] = 1;
    json!({"bids": bids, "tricks": tricks})
}

#[test]
fn rounds_follow_the_pack_and_the_options() {
    let plan = |n, deck, peak| {
        Plan::new(
            n,
            &Options {
                deck,
                peak,
                first_dealer: 0,
            },
        )
    };
    let p = plan(7, 52, Peak::All);
    assert_eq!((p.peak(), p.rounds()), (7, 13));
    assert!(p.round(6).trump, "7 × 7 = 49 < 52: a trump is turned");
    let p = plan(4, 52, Peak::KeepTrump);
    assert_eq!((p.peak(), p.rounds()), (12, 23));
    assert!((0..23).all(|k| p.round(k).trump));
    let p = plan(4, 32, Peak::All);
    assert!(!p.round(7).trump && p.round(14).forehead && !p.round(0).forehead);
    assert_eq!(
        p.bidding_order(2),
        vec![3, 0, 1, 2],
        "left of the dealer first, dealer last"
    );
}

#[test]
fn the_hook_refuses_the_dealers_bid_that_makes_the_total() {
    assert_eq!(forbidden_bid(5, [2, 1, 0]), Some(2));
    assert_eq!(
        forbidden_bid(3, [2, 2]),
        None,
        "already over: nothing is forbidden"
    );
    // Round 5 (5 cards), first_dealer 3 → dealer of round 5 is (3 + 4) % 4 = 3, Dario.
    let mut hands: Vec<Value> = (0..4u32)
        .map(|k| round(k + 1, 4, ((3 + k) % 4) as usize))
        .collect();
    hands.push(json!({"bids": [2, 1, 0, 2], "tricks": [2, 2, 0, 1]}));
    let e = err(&asc(&FOUR, json!({"first_dealer": 3}), hands));
    assert_eq!(
        e,
        [
            "hand 5: the dealer (Dario) may not bid 2: the bids would add up to the 5 cards dealt; allowed: 0, 1, 3, 4, 5"
        ]
    );
}

#[test]
fn tricks_must_add_up_and_bids_fit_the_cards() {
    let e = err(&asc(
        &FOUR,
        json!({"first_dealer": 3}),
        vec![json!({"bids": [2, 0, 0, 0], "tricks": [1, 1, 0, 0]})],
    ));
    assert_eq!(
        e,
        [
            "hand 1: Ana bids 2 with 1 card dealt; allowed: 0 to 1",
            "hand 1: the tricks add up to 2; they must add up to the one card dealt"
        ]
    );
    let e = err(&asc(
        &FOUR,
        json!({}),
        vec![json!({"bids": [0, 0, 0], "tricks": [1, 0, 0]})],
    ));
    assert_eq!(
        e,
        [
            "hand 1: `bids` has 3 entries; it needs one per player (4)",
            "hand 1: `tricks` has 3 entries; it needs one per player (4)"
        ]
    );
}

#[test]
fn a_whole_game_ends_after_the_forehead_round() {
    let n = 3;
    let plan = Plan::new(
        n,
        &Options {
            deck: 32,
            peak: Peak::All,
            first_dealer: 1,
        },
    );
    let hands: Vec<Value> = (0..plan.rounds())
        .map(|k| {
            let r = plan.round(k);
            round(r.cards, n, r.dealer)
        })
        .collect();
    let s = ok(&asc(
        &["A", "B", "C"],
        json!({"deck": 32, "first_dealer": 1}),
        hands.clone(),
    ));
    assert_eq!(s["finished"], true);
    let last = s["hands"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["cards"].clone(), last["forehead"].clone()),
        (json!(1), json!(true))
    );
    let totals: Vec<i64> = s["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    let sum: i64 = s["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            h["delta"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_i64().unwrap())
                .sum::<i64>()
        })
        .sum();
    assert_eq!(totals.iter().sum::<i64>(), sum);
    let mut more = hands;
    more.push(round(1, n, 0));
    assert_eq!(
        err(&asc(
            &["A", "B", "C"],
            json!({"deck": 32, "first_dealer": 1}),
            more
        )),
        ["hand 20: all 19 rounds are played; the game is over"]
    );
}

#[test]
fn thirty_two_cards_take_six_players_at_most() {
    let e = err(&asc(
        &["A", "B", "C", "D", "E", "F", "G"],
        json!({"deck": 32}),
        vec![],
    ));
    assert_eq!(e, ["file: with 32 cards, 6 players at most, not 7"]);
    let e = err(&asc(&FOUR, json!({"deck": 40}), vec![]));
    assert_eq!(e, ["file: `deck` is 40; allowed: 52, 32"]);
}
