//! Helpers shared by the tests: build a session, score it, read the result.
#![allow(dead_code)]

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

pub fn ok(v: &Value) -> Value {
    score(v).unwrap_or_else(|e| panic!("expected a sheet, got {e:?}"))
}

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
