//! Le 2500: card values with the frime, the brasse, the packs' limits, the race to the target.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::le2500::{Options, Rank, copies_per_rank};
use serde_json::{Value, json};

fn p2500(players: &[&str], options: Value, hands: Value) -> Value {
    session("2500", players, options, hands)
}

#[test]
fn values_follow_the_frime_and_the_low_cards_option() {
    let seed = Options::default();
    let english = Options {
        low_cards: 9,
        ..Options::default()
    };
    assert_eq!(seed.value(Rank::R7, Rank::K), 5);
    assert_eq!(seed.value(Rank::R8, Rank::K), 10);
    assert_eq!(english.value(Rank::R9, Rank::K), 5);
    assert_eq!(english.value(Rank::R10, Rank::K), 10);
    assert_eq!(seed.value(Rank::A, Rank::K), 100);
    assert_eq!(seed.value(Rank::K, Rank::K), 100, "a frime is worth 100");
    assert_eq!(
        seed.value(Rank::A, Rank::A),
        200,
        "aces frimés are worth 200"
    );
    assert_eq!(Rank::A.deal_count(), 14);
    assert_eq!(Rank::R3.deal_count(), 3);
    assert_eq!(Rank::K.deal_count(), 13);
    assert_eq!((copies_per_rank(6), copies_per_rank(7)), (8, 12));
}

#[test]
fn a_brasse_scores_laid_minus_kept() {
    let s = ok(&p2500(
        &["Paul", "Lise", "Marc"],
        json!({}),
        json!([{"frime": "8",
        "laid": [["A", "A", "8"], ["5", "5", "5"], []], "hand": [[], ["8"], ["K", "3"]]}]),
    ));
    assert_eq!(s["hands"][0]["laid"], json!([300, 15, 0]));
    assert_eq!(s["hands"][0]["hand"], json!([0, 100, 15]));
    assert_eq!(s["hands"][0]["delta"], json!([300, -85, -15]));
}

#[test]
fn the_packs_limit_each_rank() {
    let e = err(&p2500(
        &["Paul", "Lise"],
        json!({}),
        json!([{"frime": "8",
        "laid": [["A", "A", "A", "A", "A"], ["A", "A", "A"]], "hand": [["A"], []]}]),
    ));
    assert_eq!(e, ["hand 1: 9 cards of rank A; the packs hold only 8"]);
    let e = err(&p2500(
        &["Paul", "Lise"],
        json!({}),
        json!([{"frime": "2", "laid": [[], []], "hand": [["1"], []]}]),
    ));
    assert_eq!(
        e,
        [
            "hand 1: `frime`: \"2\" is not a rank; allowed: 3 4 5 6 7 8 9 10 J Q K A",
            "hand 1: `hand`: \"1\" is not a rank; allowed: 3 4 5 6 7 8 9 10 J Q K A"
        ]
    );
}

#[test]
fn equal_leaders_over_the_target_play_another_brasse() {
    let b = |a: &str, b: &str| json!({"frime": "K", "laid": [[a], [b]], "hand": [[], []]});
    let s = ok(&p2500(
        &["Paul", "Lise"],
        json!({"target": 100}),
        json!([b("A", "A")]),
    ));
    assert_eq!(
        (s["finished"].clone(), s["totals"].clone()),
        (json!(false), json!([100, 100]))
    );
    let s = ok(&p2500(
        &["Paul", "Lise"],
        json!({"target": 100}),
        json!([b("A", "A"), b("3", "4")]),
    ));
    assert_eq!(s["finished"], false, "still equal");
    let s = ok(&p2500(
        &["Paul", "Lise"],
        json!({"target": 100}),
        json!([b("A", "A"), b("3", "J")]),
    ));
    assert_eq!(
        (s["finished"].clone(), s["winners"].clone()),
        (json!(true), json!([1]))
    );
    let e = err(&p2500(
        &["Paul", "Lise"],
        json!({"target": 100}),
        json!([b("A", "3"), b("3", "J")]),
    ));
    assert_eq!(
        e,
        ["hand 2: the partie is over (100 reached); no more brasses"]
    );
}

/// A table that counts on paper gives points in place of a player's cards; lists and points mix
/// within a brasse, the ranks' limit counts only the lists, and the whole may not pass what the
/// packs are worth.
#[test]
fn points_in_place_of_cards() {
    let s = ok(&p2500(
        &["Paul", "Lise"],
        json!({}),
        json!([{"frime": "8", "laid": [145, ["3", "3", "3"]], "hand": [10, 0]}]),
    ));
    assert_eq!(s["hands"][0]["laid"], json!([145, 15]));
    assert_eq!(s["hands"][0]["delta"], json!([135, 15]));
    let refused = |laid: Value| {
        err(&p2500(
            &["Paul", "Lise"],
            json!({}),
            json!([{"frime": "8", "laid": laid, "hand": [0, []]}]),
        ))
    };
    assert_eq!(
        refused(json!([147, []])),
        ["hand 1: 147 points: cards are worth 5, 10, 100 or 200, so a multiple of 5"]
    );
    assert_eq!(refused(json!([-5, []])).len(), 1);
    assert_eq!(refused(json!([2.5, []])).len(), 1);
    let all: i64 = Rank::ALL
        .iter()
        .map(|&r| Options::default().value(r, Rank::R8) * copies_per_rank(2) as i64)
        .sum();
    assert_eq!(all, 2200, "the spec's figure for two packs, frime 8");
    assert!(
        ok(&p2500(
            &["Paul", "Lise"],
            json!({}),
            json!([{"frime": "8", "laid": [2200, 0], "hand": [0, 0]}])
        ))
        .is_object()
    );
    assert_eq!(
        refused(json!([2100, ["A", "A"]])),
        [
            "hand 1: 2300 points in all in the brasse; with 8 as frime, all the packs' cards are worth 2200"
        ]
    );
}

/// The fast reader and the careful one agree on points, hostile ones included: what the fast
/// one takes, the careful one reads the same; what it leaves, the careful one refuses in words.
#[test]
fn both_readers_agree_on_points() {
    use marque_core::games::{decode_text, le2500};
    let options = Options::default();
    for entry in [
        json!(145),
        json!(0),
        json!(-5),
        json!(7),
        json!(145.0),
        json!(1_000_005),
        json!(i64::MAX),
        json!(["A", "3"]),
        json!("145"),
    ] {
        let v = json!({"frime": "8", "laid": [entry.clone(), []], "hand": [0, []]});
        let fast = decode_text::<le2500::Game>(&v.to_string(), 2, &options);
        let slow = le2500::decode_hand(&v, 2);
        match fast {
            Some(h) => assert_eq!(Ok(h), slow, "{entry}"),
            None => assert!(slow.is_err(), "{entry} took the careful path and was read"),
        }
    }
}

/// With three packs (7 or 8 players) the limit is what three packs are worth.
#[test]
fn three_packs_are_worth_more() {
    use marque_core::games::le2500::packs_worth;
    let options = Options::default();
    assert_eq!(packs_worth(&options, Rank::R8, 2), 2200);
    assert_eq!(packs_worth(&options, Rank::R8, 7), 3300);
    let players = ["A", "B", "C", "D", "E", "F", "G"];
    let brasse = |laid: i64| json!([{"frime": "8", "laid": [laid, 0, 0, 0, 0, 0, 0], "hand": [0, 0, 0, 0, 0, 0, 0]}]);
    assert!(ok(&p2500(&players, json!({}), brasse(3300))).is_object());
    assert_eq!(err(&p2500(&players, json!({}), brasse(3305))).len(), 1);
}
