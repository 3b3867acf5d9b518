//! Le 2500: card values with the frime, the brasse, the packs' limits, the race to the target.
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

/// Points typed for a brasse become cards worth exactly them, within what the packs hold of each
/// rank; what no cards can make is refused.
#[test]
fn cards_worth_typed_points() {
    use marque_core::games::le2500::cards_worth;
    let options = Options::default();
    for frime in [Rank::A, Rank::R8, Rank::R3] {
        let mut used = [0usize; 12];
        for points in (0..=600).step_by(5) {
            let mut round = used;
            let cards = cards_worth(&options, frime, 4, points, &mut round).unwrap();
            assert_eq!(options.points(cards.iter().copied(), frime), points);
            assert!(round.iter().all(|&n| n <= copies_per_rank(4)));
        }
        // Everything the packs hold, one rank after another, and then nothing more.
        let all: i64 = Rank::ALL
            .iter()
            .map(|&r| options.value(r, frime) * copies_per_rank(4) as i64)
            .sum();
        assert!(cards_worth(&options, frime, 4, all, &mut used).is_ok());
        assert!(cards_worth(&options, frime, 4, 5, &mut used).is_err());
    }
    assert!(cards_worth(&options, Rank::A, 2, 12, &mut [0; 12]).is_err());
}
