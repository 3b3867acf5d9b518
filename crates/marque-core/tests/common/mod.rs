//! Helpers shared by the tests: build a session, score it, read the result.
#![allow(dead_code)]

use marque_core::i18n::Lang;
use marque_core::session::Session;
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
