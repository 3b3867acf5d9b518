//! Le Truc: trick winners, raises, banco, refusals, manches and partie.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::truc::{self, Call, CallKind, Deal, Options, deal_winner};
use marque_core::i18n::Lang;
use serde_json::{Value, json};

fn truc(options: Value, hands: Value) -> Value {
    session("truc", &["Alice", "Bruno"], options, hands)
}
fn c(by: usize, call: &str) -> Value {
    json!({"by": by, "call": call})
}
/// Deals that bring the manche to 9–4 (as in the shared cases).
fn nine_four() -> Vec<Value> {
    let d = |p: usize, q: usize| json!({"calls": [c(p,"double"), c(q,"accept"), c(p,"double"), c(q,"accept")], "winner": p});
    vec![d(0, 1), d(1, 0), d(0, 1), json!({"calls": [], "winner": 0})]
}

#[test]
fn pourri_tricks_go_to_the_rule_winner() {
    assert_eq!(deal_winner(&[Some(0), None]), Ok(Some(0)));
    assert_eq!(deal_winner(&[None, Some(1)]), Ok(Some(1)));
    assert_eq!(deal_winner(&[Some(1), Some(0), None]), Ok(Some(1)));
    assert_eq!(deal_winner(&[None, None, Some(0)]), Ok(Some(0)));
    assert_eq!(deal_winner(&[None, None, None]), Ok(None));
    let e = |t: &[Option<usize>]| deal_winner(t).unwrap_err().render(Lang::En);
    assert_eq!(
        e(&[Some(0), Some(0), Some(1)]),
        "the deal is decided after trick 2: play stops there, no trick follows"
    );
    assert_eq!(
        e(&[Some(0)]),
        "after 1 trick nobody has won the deal; a trick is missing"
    );
}

#[test]
fn donne_nulle_scores_nothing() {
    let s = ok(&truc(
        json!({}),
        json!([{"calls": [], "tricks": [null, null, null]}]),
    ));
    assert_eq!(s["hands"][0]["winner"], Value::Null);
    assert_eq!(s["hands"][0]["delta"], json!([0, 0]));
    // One step, worth nothing, that says why: three pourri tricks, by the rule that says so.
    // Each player's line: nothing scored, no player named as the deal's winner.
    let lines = s["hands"][0]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for (side, name) in ["Alice", "Bruno"].iter().enumerate() {
        assert_eq!(lines[side]["side"], side);
        assert_eq!(lines[side]["points"], 0);
        assert_eq!(lines[side]["rule"], "truc.deal.winner");
        let text = lines[side]["text"].as_str().unwrap();
        assert!(
            text.starts_with(&format!("{name} scores nothing")),
            "{text}"
        );
        assert!(text.contains("pourri, pourri, pourri"), "{text}");
    }
    // A drawn deal given without its tricks says the same for each player.
    let s = ok(&truc(json!({}), json!([{"calls": [], "winner": null}])));
    let lines = s["hands"][0]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1]["text"]
            .as_str()
            .unwrap()
            .starts_with("Bruno scores nothing")
    );
}

/// A deal decided by its tricks says each trick and the pourri rule that decides it, under
/// `truc.deal.winner`, before the value line.
#[test]
fn a_deal_won_by_its_tricks_names_them_and_the_pourri_rule() {
    let s = ok(&truc(
        json!({}),
        json!([{"calls": [], "tricks": [null, 1]}, {"calls": [], "tricks": [0, null]}]),
    ));
    let texts = |i: usize| -> Vec<(String, String)> {
        s["hands"][i]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["rule"].as_str().unwrap().to_string(),
                    l["text"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let first = texts(0);
    assert_eq!(first[0].0, "truc.deal.winner");
    assert!(first[0].1.contains("pourri, Bruno"), "{first:?}");
    assert!(first[0].1.contains("winner of the next"), "{first:?}");
    assert_eq!(first[1].0, "truc.deal.value");
    let second = texts(1);
    assert!(second[0].1.contains("Alice, pourri"), "{second:?}");
    assert!(
        second[0].1.contains("winner of the first trick"),
        "{second:?}"
    );
}

#[test]
fn a_double_that_would_pass_the_target_must_be_a_banco() {
    let mut hands = nine_four();
    hands.push(
        json!({"calls": [c(0,"double"), c(1,"accept"), c(0,"double"), c(1,"accept")], "winner": 0}),
    );
    let e = err(&truc(json!({}), json!(hands)));
    assert_eq!(
        e,
        [
            "hand 5: call 3 (Alice, double): with 9 points, raising to 4 would pass 12: he must ask banco (3)"
        ]
    );
}

#[test]
fn a_banco_answers_a_banco_even_below_the_target() {
    let mut hands = nine_four();
    hands.push(json!({"calls": [c(0,"double"), c(1,"accept"), c(0,"banco"), c(1,"banco"), c(0,"accept")], "winner": 1}));
    let s = ok(&truc(json!({}), json!(hands)));
    assert_eq!(
        s["hands"][4]["value"], 8,
        "Bruno at 4 answers with 12 - 4 = 8"
    );
    assert_eq!(s["hands"][4]["score"], json!([9, 12]));
    assert_eq!(s["totals"], json!([0, 1]));
}

#[test]
fn a_banco_when_a_double_fits_is_refused() {
    let e = err(&truc(
        json!({}),
        json!([{"calls": [c(0, "banco")], "winner": 0}]),
    ));
    assert_eq!(
        e,
        [
            "hand 1: call 1 (Alice, banco): with 0 points, his raise to 2 does not pass 12: it is a double, not a banco"
        ]
    );
}

#[test]
fn unanswered_and_self_raises_are_refused() {
    let e = err(&truc(
        json!({}),
        json!([{"calls": [c(0, "double")], "winner": 0}]),
    ));
    assert_eq!(
        e,
        [
            "hand 1: the proposal of Alice (2) is not answered; every proposal is accepted, refused or raised"
        ]
    );
    let e = err(&truc(
        json!({}),
        json!([{"calls": [c(0, "double"), c(0, "double")], "winner": 0}]),
    ));
    assert_eq!(
        e,
        [
            "hand 1: call 2 (Alice, double): his own proposal (2) awaits an answer; he may not raise over it"
        ]
    );
    let e = err(&truc(
        json!({}),
        json!([{"calls": [c(0, "accept")], "winner": 0}]),
    ));
    assert_eq!(
        e,
        ["hand 1: call 1 (Alice, accept): there is no proposal of the other player to accept"]
    );
}

#[test]
fn a_refusal_ends_the_deal_and_pays_the_value_before() {
    let s = ok(&truc(
        json!({}),
        json!([{"calls": [c(1,"double"), c(0,"double"), c(1,"refuse")]}]),
    ));
    let h = &s["hands"][0];
    assert_eq!(
        h["value"], 2,
        "Bruno's 2 stood, implicitly accepted by Alice's raise"
    );
    assert_eq!(rules(h), vec![r(0, "truc.raise.refused", 2)]);
    let e = err(&truc(
        json!({}),
        json!([{"calls": [c(1,"double"), c(0,"refuse")], "winner": 1}]),
    ));
    assert_eq!(
        e,
        ["hand 1: a refusal ended the deal: it has no tricks and no winner"]
    );
}

#[test]
fn plus_one_raises_add_one() {
    let s = ok(&truc(
        json!({"raise": "plus_one"}),
        json!([{"calls": [c(0,"double"), c(1,"double"), c(0,"accept")], "winner": 0}]),
    ));
    assert_eq!(s["hands"][0]["value"], 3);
}

#[test]
fn manches_and_partie_with_options() {
    // target 3, one manche wins the partie; a raw score above the target is kept.
    let s = ok(&truc(
        json!({"target": 3, "manches": 1}),
        json!([
            {"calls": [], "winner": 0},
            {"calls": [c(1,"double"), c(0,"accept")], "winner": 0}
        ]),
    ));
    assert_eq!(s["hands"][1]["score"], json!([3, 0]));
    assert_eq!(s["finished"], true);
    assert_eq!(s["winners"], json!([0]));
    let e = err(&truc(
        json!({"manches": 1, "target": 1}),
        json!([{"calls": [], "winner": 1}, {"calls": [], "winner": 1}]),
    ));
    assert_eq!(
        e,
        ["hand 2: the partie is over (Bruno won 1 manche); no more deals"]
    );
}

#[test]
fn the_deal_helper_offers_what_the_rules_allow() {
    let o = Options::default();
    let mut d = Deal::new(&o, [9, 4]);
    assert_eq!(d.allowed(0), vec![(CallKind::Double, 2)]);
    d.apply(Call {
        by: 0,
        call: CallKind::Double,
    })
    .unwrap();
    assert_eq!(d.allowed(0), vec![], "Alice waits for an answer");
    assert_eq!(
        d.allowed(1),
        vec![
            (CallKind::Double, 4),
            (CallKind::Accept, 0),
            (CallKind::Refuse, 0)
        ]
    );
    d.apply(Call {
        by: 1,
        call: CallKind::Accept,
    })
    .unwrap();
    assert_eq!(
        d.allowed(0),
        vec![(CallKind::Banco, 3)],
        "9 + 4 > 12: banco instead of double"
    );
    d.apply(Call {
        by: 0,
        call: CallKind::Banco,
    })
    .unwrap();
    let answers = vec![
        (CallKind::Double, 6),
        (CallKind::Banco, 8),
        (CallKind::Accept, 0),
        (CallKind::Refuse, 0),
    ];
    assert_eq!(
        d.allowed(1),
        answers,
        "Bruno may double the banco or answer with his own"
    );
    let mut game = truc::Game::new(&["A".into(), "B".into()], &o);
    assert_eq!(game.deal().value(), 1);
    game.play(&truc::Hand {
        calls: vec![],
        outcome: truc::Outcome::Winner(Some(1)),
    })
    .unwrap();
    assert_eq!(game.scores(), [0, 1]);
}
