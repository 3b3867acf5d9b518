//! Helpers shared by the tests: build a session, score it, read the result.
#![allow(dead_code, reason = "each test crate uses some of the helpers")]

pub mod copies;
pub mod evenings;

use marque_core::i18n::Lang;
use marque_core::session::Session;
use proptest::prelude::*;
use serde_json::{Value, json};

pub fn session(game: &str, players: &[&str], options: Value, hands: Value) -> Value {
    json!({ "format": "marque-session", "version": 1, "game": game, "players": players,
            "options": options, "hands": hands })
}

/// The sheet as `marque score` prints it, or the English problem lines.
pub fn score(v: &Value) -> Result<Value, Vec<String>> {
    let render = |ps: Vec<marque_core::session::Problem>| {
        ps.iter().map(|p| p.render(Lang::En)).collect::<Vec<_>>()
    };
    let s = Session::from_value(v).map_err(render)?;
    let sheet = s.score().map_err(render)?;
    Ok(sheet.to_json(Lang::En))
}

#[track_caller]
pub fn ok(v: &Value) -> Value {
    score(v).unwrap_or_else(|e| panic!("expected a sheet, got {e:?}"))
}

#[track_caller]
pub fn err(v: &Value) -> Vec<String> {
    match score(v) {
        Ok(s) => panic!("expected problems, got a sheet: {s}"),
        Err(e) => e,
    }
}

/// The (side, rule, points) of a hand's lines, summed per side and rule.
pub fn rules(hand: &Value) -> Vec<(i64, String, i64)> {
    let mut out: Vec<(i64, String, i64)> = Vec::new();
    for l in hand["lines"].as_array().unwrap() {
        let (s, r, p) = (
            l["side"].as_i64().unwrap(),
            l["rule"].as_str().unwrap().to_string(),
            l["points"].as_i64().unwrap(),
        );
        match out.iter_mut().find(|(s2, r2, _)| *s2 == s && *r2 == r) {
            Some(t) => t.2 += p,
            None => out.push((s, r, p)),
        }
    }
    out.retain(|t| t.2 != 0);
    out.sort();
    out
}

pub fn r(side: i64, rule: &str, points: i64) -> (i64, String, i64) {
    (side, rule.to_string(), points)
}

/// Any JSON value, leaning toward the words and fields hands use.
pub fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-30i64..30).prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f)
            .map(Value::Number)
            .unwrap_or(Value::Null)),
        prop::sample::select(vec![
            "pass", "4S", "3NTX", "N", "E", "A", "8", "double", "banco", "accept", "refuse", "5",
            "K", "NS", "aces", "", "S", "H"
        ])
        .prop_map(|s| json!(s)),
        ".{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "contract", "declarer", "tricks", "honours", "side", "kind", "calls", "by",
                        "call", "winner", "bids", "frime", "laid", "hand", "captured", "S", "H",
                        "D", "C"
                    ]),
                    inner
                ),
                0..6
            )
            .prop_map(|kv| Value::Object(
                kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    })
}

/// Hands of each game as written, for property tests.
pub fn bridge_hand() -> impl Strategy<Value = Value> {
    (
        1u8..=7,
        0usize..5,
        0usize..3,
        0usize..4,
        0u8..=13,
        0usize..4,
        any::<bool>(),
    )
        .prop_map(|(level, strain, dbl, decl, tricks, hon, pass)| {
            if pass && level == 7 {
                return json!({"contract": "pass"});
            }
            let strains = ["C", "D", "H", "S", "NT"];
            let seat = ["N", "E", "S", "W"][decl];
            let mut h = json!({
                "contract": format!("{level}{}{}", strains[strain], ["", "X", "XX"][dbl]),
                "declarer": seat,
                "tricks": tricks
            });
            if hon > 0 {
                let kinds = if strain == 4 {
                    vec!["aces"]
                } else {
                    vec!["4", "5"]
                };
                let (side, kind) = (["NS", "EW"][hon % 2], kinds[hon % kinds.len()]);
                h["honours"] = json!({"side": side, "kind": kind});
            }
            h
        })
}

/// A truc deal as written, well formed or not: calls by players 0 to 2 with known and unknown
/// words, a winner (`null` included), tricks with pourris, both, or neither.
pub fn truc_deal() -> impl Strategy<Value = Value> {
    let word = prop::sample::select(vec!["double", "banco", "accept", "refuse", "tiens"]);
    let winner = prop_oneof![
        Just(None),
        Just(Some(Value::Null)),
        (0i64..3).prop_map(|w| Some(json!(w)))
    ];
    (
        prop::option::of(prop::collection::vec((0i64..3, word), 0..5)),
        winner,
        prop::option::of(prop::collection::vec(prop::option::of(0i64..3), 0..4)),
    )
        .prop_map(|(calls, winner, tricks)| {
            let mut h = json!({});
            if let Some(calls) = calls {
                h["calls"] = calls
                    .into_iter()
                    .map(|(by, call)| json!({"by": by, "call": call}))
                    .collect();
            }
            if let Some(w) = winner {
                h["winner"] = w;
            }
            if let Some(t) = tricks {
                h["tricks"] = json!(t);
            }
            h
        })
}

pub fn brasse() -> impl Strategy<Value = Value> {
    let ranks = prop::sample::select(vec![
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ]);
    // A player's cards as ranks, or as their points (a multiple of 5), as tables give them.
    let cards = prop_oneof![
        3 => prop::collection::vec(ranks.clone(), 0..5).prop_map(|r| json!(r)),
        1 => (0i64..80).prop_map(|n| json!(n * 5)),
    ];
    (
        ranks,
        prop::collection::vec(cards.clone(), 3),
        prop::collection::vec(cards, 3),
    )
        .prop_map(|(frime, laid, hand)| json!({"frime": frime, "laid": laid, "hand": hand}))
}

/// A legal manche for three players: in each suit, points or cards, never the same card for
/// two players (each draws from ranks of its own) and never more than 25 points in all.
pub fn manche() -> impl Strategy<Value = Value> {
    let suit = |own: &'static [&'static str]| {
        prop_oneof![
            (0i64..=8).prop_map(|n| json!(n)),
            prop::sample::subsequence(own, 0..=2).prop_map(|r| json!(r)),
            Just(Value::Null),
        ]
    };
    let player = |own: &'static [&'static str]| (suit(own), suit(own), suit(own), suit(own));
    (
        player(&["5", "4"]),
        player(&["A", "K"]),
        player(&["7", "Q"]),
    )
        .prop_map(|(a, b, c)| {
            let captured: Vec<Value> = [a, b, c]
                .into_iter()
                .map(|(s, h, d, c)| json!({"S": s, "H": h, "D": d, "C": c}))
                .collect();
            json!({ "captured": captured })
        })
}
