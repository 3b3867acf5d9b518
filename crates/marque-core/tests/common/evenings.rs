//! Random evenings of every game, hands and table events (substitutes, agreed points,
//! arrivals, departures) built entry by entry through the core's own checks.

use marque_core::session::Session;
use proptest::prelude::*;
use serde_json::{Value, json};

use super::session;

pub const NAMES: [&str; 6] = ["Zoé", "Marc", "Léa", "Tom", "<b>Ana</b>", "Anne"];

pub fn start_players(game: &str) -> Vec<&'static str> {
    match game {
        "truc" => vec!["Anne", "Bruno"],
        "bridge" => vec!["Anne", "Bruno", "Claire", "David"],
        _ => vec!["Anne", "Bruno", "Claire"],
    }
}

/// One step of a random evening: a hand (its seed) or an event (its kind and numbers).
#[derive(Debug, Clone)]
pub enum Step {
    Hand(u8),
    Event(u8, u8, i64, u8),
}

pub fn steps() -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        prop_oneof![
            3 => any::<u8>().prop_map(Step::Hand),
            2 => (0u8..4, any::<u8>(), -40i64..40, any::<u8>())
                .prop_map(|(k, s, p, n)| Step::Event(k, s, p, n)),
        ],
        0..24,
    )
}

/// A hand of `game` for `n` players still playing, from `seed` (some are refused: the game
/// says which, and the evening goes on without them).
pub fn hand(game: &str, n: usize, seed: u8, round: usize) -> Value {
    let s = seed as usize;
    match game {
        "truc" => json!({"calls": [], "winner": s % 2}),
        "bridge" => {
            let strain = ["C", "D", "H", "S", "NT"][s % 5];
            let level = 1 + s % 4;
            let declarer = ["N", "E", "S", "W"][s % 4];
            json!({"contract": format!("{level}{strain}"), "declarer": declarer,
                   "tricks": 6 + level + s % 3 - 1})
        }
        "ascenseur" => {
            // The round's cards are not known here: every trick to one player, for the number
            // of cards the seed picks (a wrong number is refused).
            let cards = round % 10 + 1;
            let mut tricks = vec![0; n];
            tricks[s % n] = cards;
            json!({"bids": vec![0; n], "tricks": tricks})
        }
        "2500" => {
            let laid: Vec<Value> = (0..n)
                .map(|p| {
                    if (s + p).is_multiple_of(3) {
                        json!(["K", "K", "K"])
                    } else {
                        json!([])
                    }
                })
                .collect();
            let kept: Vec<Value> = (0..n).map(|p| json!(((s + p) % 4) * 5)).collect();
            json!({"frime": "8", "laid": laid, "hand": kept})
        }
        "tarot" => {
            // Seats are the session's: the candidates try one taker after another (a seat
            // that left, or out of the deal, is refused), with and without a called king.
            let taker = (s + round) % 8;
            let bouts = s % 4;
            let contract = ["prise", "garde", "garde_sans", "garde_contre"][s % 4];
            let points = 4 * bouts + (s * 7 + round) % 80;
            let mut v = json!({"taker": taker, "contract": contract, "bouts": bouts,
                "points": points});
            if round.is_multiple_of(2) {
                v["called"] = json!((taker + 1 + s % 2) % 8);
            }
            if s.is_multiple_of(5) {
                let side = ["attack", "defence"][s % 2];
                v["petit_au_bout"] = json!(side);
            }
            if s.is_multiple_of(7) {
                v["poignees"] = json!([{"by": taker, "size": "simple"}]);
            }
            v
        }
        _ => {
            let captured: Vec<Value> = (0..n)
                .map(|p| {
                    if p == s % n {
                        json!({"S": 14, "H": 13})
                    } else {
                        json!({"D": 2})
                    }
                })
                .collect();
            json!({"captured": captured})
        }
    }
}

pub fn event(game: &str, seats: usize, (kind, s, p, n): (u8, u8, i64, u8)) -> Value {
    let seat = s as usize % seats.max(1);
    let name = NAMES[n as usize % NAMES.len()];
    let step = match game {
        "bridge" => 10,
        "2500" => 5,
        _ => 1,
    };
    let points = if p == 0 { step } else { p * step };
    match kind {
        0 => json!({"event": "replace", "seat": seat, "player": name}),
        1 => {
            let side = if game == "bridge" { seat % 2 } else { seat };
            json!({"event": "adjust", "side": side, "points": points, "reason": "accord"})
        }
        2 => {
            json!({"event": "join", "player": name, "score": if game == "democratie" { p.abs() } else { points.abs() }})
        }
        _ => json!({"event": "leave", "seat": seat}),
    }
}

/// An evening built entry by entry through the core's own checks: each entry the session
/// takes is kept, each it refuses left out.
pub fn evening(game: &str, steps: &[Step]) -> Session {
    // "chicago": bridge in chukkers.
    let (game, options) = match game {
        "chicago" => ("bridge", json!({"format": "chicago"})),
        g => (g, json!({})),
    };
    let v = session(game, &start_players(game), options, json!([]));
    let mut s = Session::from_value(&v).unwrap();
    let mut sheet = s.score().unwrap();
    let mut hands = 0;
    for step in steps {
        let seats = sheet.seats().len();
        let candidates: Vec<Value> = match step {
            Step::Hand(seed) => (0..10)
                .map(|k| hand(game, s.playing(), *seed, hands + k))
                .collect(),
            Step::Event(k, a, p, n) => vec![event(game, seats, (*k, *a, *p, *n))],
        };
        for c in candidates {
            let Ok(h) = s.decode(&c) else { continue };
            if sheet.push(&h.game).is_ok() {
                s.hands.push(h);
                if matches!(step, Step::Hand(_)) {
                    hands += 1;
                }
                break;
            }
        }
    }
    s
}
