//! Démocratie: card points, deal sizes, the trick helper, tribus and the end.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::democratie::{Card, Joker, Rank, Suit, deal_sizes, trick};
use marque_core::i18n::Lang;
use serde_json::{Value, json};

fn demo(players: &[&str], options: Value, hands: Value) -> Value {
    session("democratie", players, options, hands)
}

#[test]
fn each_suit_holds_25_points() {
    assert_eq!(Rank::ALL.iter().map(|r| r.points()).sum::<i64>(), 25);
}

#[test]
fn deal_sizes_per_player_count() {
    assert_eq!(deal_sizes(2, 2), vec![8, 8]);
    assert_eq!(deal_sizes(3, 2), vec![6, 6]);
    assert_eq!(deal_sizes(4, 2), vec![5, 5]);
    assert_eq!(deal_sizes(5, 2), vec![4, 4]);
    assert_eq!(deal_sizes(6, 2), vec![4, 3]);
    assert_eq!(deal_sizes(4, 1), vec![10]);
    assert_eq!(deal_sizes(2, 3), vec![6, 5, 5]);
}

#[test]
fn the_trick_helper_follows_the_rules() {
    let c = |r, s| Card::Card(r, s);
    let t = trick(
        c(Rank::K, Suit::H),
        &[
            c(Rank::R5, Suit::H),
            c(Rank::R6, Suit::H),
            c(Rank::R5, Suit::S),
        ],
        Joker::Wild,
    );
    assert_eq!(t.winner, Some(1));
    assert_eq!(
        t.reason.render(Lang::En),
        "the 6 of trumps beats the 5 of trumps played with it"
    );
    let t = trick(
        c(Rank::K, Suit::H),
        &[c(Rank::R5, Suit::S), c(Rank::R7, Suit::H)],
        Joker::Wild,
    );
    assert_eq!(t.winner, Some(1), "any trump beats any other card");
    let t = trick(
        Card::Joker,
        &[c(Rank::R5, Suit::S), Card::Joker],
        Joker::Wild,
    );
    assert_eq!(t.winner, None);
    assert_eq!(
        t.reason.render(Lang::En),
        "a joker as vote card: no trump and a tie for highest: everyone takes back his own card, the vote card is discarded"
    );
    let t = trick(
        c(Rank::R6, Suit::C),
        &[c(Rank::A, Suit::S), Card::Joker],
        Joker::Wild,
    );
    assert_eq!(
        t.winner,
        Some(1),
        "a wild joker counts as a 5 without trump"
    );
    let t = trick(
        c(Rank::R6, Suit::C),
        &[c(Rank::R6, Suit::S), Card::Joker],
        Joker::Lowest,
    );
    assert_eq!(t.winner, Some(0), "a lowest joker always loses");
}

#[test]
fn suits_over_25_and_cards_twice_are_refused() {
    let e = err(&demo(
        &["Hugo", "Iris"],
        json!({}),
        json!([{"captured": [{"S": 20}, {"S": 6}]}]),
    ));
    assert_eq!(
        e,
        ["hand 1: the points in spades add up to 26; a suit holds 25"]
    );
    let e = err(&demo(
        &["Hugo", "Iris"],
        json!({}),
        json!([{"captured": [{"H": ["5", "4"]}, {"H": ["5"]}]}]),
    ));
    assert_eq!(e, ["hand 1: the 5 of hearts is captured twice"]);
    let e = err(&demo(
        &["Hugo", "Iris"],
        json!({}),
        json!([{"captured": [{"X": 3}, {"H": ["2"]}]}]),
    ));
    assert_eq!(
        e,
        [
            "hand 1: unknown suit `X`; allowed: S, H, D, C",
            "hand 1: `captured.H`: \"2\" is not a rank; allowed: 5 4 3 A K Q J 10 9 8 7 6"
        ]
    );
}

#[test]
fn all_twelve_cards_score_two_tribus_with_the_option() {
    let all: Vec<&str> = Rank::ALL.iter().map(|r| r.code()).collect();
    let hand = json!([{"captured": [{"H": all}, {"S": 25}]}]);
    let base = ok(&demo(&["Hugo", "Iris"], json!({}), hand.clone()));
    assert_eq!(base["hands"][0]["delta"], json!([1, 1]));
    let opt = ok(&demo(&["Hugo", "Iris"], json!({"all12": true}), hand));
    assert_eq!(
        opt["hands"][0]["delta"],
        json!([2, 1]),
        "25 points typed as a number score 1: cards are needed for 2"
    );
}

#[test]
fn the_game_ends_on_a_single_leader_at_the_target() {
    let m = |a: i64, b: i64| json!({"captured": [{"S": a}, {"S": b}]});
    let s = ok(&demo(
        &["Hugo", "Iris"],
        json!({"target": 1}),
        json!([m(13, 12)]),
    ));
    assert_eq!(
        (s["finished"].clone(), s["winners"].clone()),
        (json!(true), json!([0]))
    );
    let e = err(&demo(
        &["Hugo", "Iris"],
        json!({"target": 1}),
        json!([m(13, 12), m(0, 0)]),
    ));
    assert_eq!(
        e,
        ["hand 2: the game is over (1 tribu reached); no more manches"]
    );
    let e = err(&demo(&["Hugo", "Iris"], json!({"days": 17}), json!([])));
    assert_eq!(e, ["file: `days` is 17; allowed: 1 to 16"]);
}

#[test]
fn tribus_per_suit_follow_the_all12_option() {
    use marque_core::games::democratie::{Capture, Options};
    let all = Capture::Cards(Rank::ALL.to_vec());
    let base = Options::default();
    let all12 = Options {
        all12: true,
        ..Options::default()
    };
    assert_eq!(
        (base.tribus_in_suit(&all), all12.tribus_in_suit(&all)),
        (1, 2)
    );
    assert_eq!(
        all12.tribus_in_suit(&Capture::Points(25)),
        1,
        "points alone never make 2"
    );
    assert_eq!(all12.tribus_in_suit(&Capture::Points(12)), 0);
    let suits = [
        all,
        Capture::Points(13),
        Capture::Points(0),
        Capture::Cards(vec![Rank::R5]),
    ];
    assert_eq!(all12.tribus(&suits), 3);
}
