//! What is at stake once the bid is in (issue 53): over random evenings of the four games
//! with a bid (bridge, rubber and Chicago, Le Tarot, L'Ascenseur, Le Truc), table events
//! among their hands, every outcome the stakes list is what the session scores with that
//! hand added (its delta, its lines with their rules and texts, the standing after it), and
//! every result the rules take is listed, once.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::evenings::*;
use marque_core::games::Live;
use marque_core::i18n::Lang;
use marque_core::session::{Session, Sheet};
use marque_core::stakes::{Completes, stakes};
use proptest::prelude::*;
use serde_json::{Value, json};

const GAMES: [&str; 5] = ["bridge", "chicago", "tarot", "ascenseur", "truc"];

/// A bid of `game` from `seed`: sometimes one the rules refuse (a taker who is not at the
/// table, bids of the wrong length, a call out of turn).
fn bid(game: &str, live: &Live, players: usize, seed: u32) -> Value {
    let s = seed as usize;
    match game {
        "bridge" | "chicago" => {
            let strain = ["C", "D", "H", "S", "NT"][s % 5];
            let doubled = ["", "", "X", "XX"][(s / 5) % 4];
            let level = 1 + (s / 20) % 7;
            let declarer = ["N", "E", "S", "W"][(s / 140) % 4];
            let mut v = json!({"contract": format!("{level}{strain}{doubled}"),
                               "declarer": declarer});
            if s.is_multiple_of(11) && strain != "NT" {
                v["honours"] = json!({"side": "NS", "kind": "4"});
            }
            v
        }
        "tarot" => {
            let contract = ["prise", "garde", "garde_sans", "garde_contre"][s % 4];
            let mut v = json!({"taker": (s / 4) % 6, "contract": contract});
            if !s.is_multiple_of(3) {
                v["bouts"] = json!((s / 24) % 4);
            }
            if players == 5 {
                v["called"] = json!((s / 96) % 5);
            }
            if s.is_multiple_of(7) {
                v["poignees"] = json!([{"by": (s / 4) % 6, "size": "simple"}]);
            }
            if s.is_multiple_of(13) {
                v["petit_au_bout"] = json!("defence");
            }
            v
        }
        "ascenseur" => {
            let cards = match live {
                Live::Ascenseur(g) if g.next_round() < g.plan().rounds() => {
                    g.plan().round(g.next_round()).cards as usize
                }
                _ => 1,
            };
            let n = if s.is_multiple_of(17) {
                players + 1
            } else {
                players
            };
            let bids: Vec<usize> = (0..n).map(|p| (s / (p + 1)) % (cards + 1)).collect();
            json!({ "bids": bids })
        }
        _ => match s % 4 {
            0 => json!({"calls": []}),
            1 => json!({"calls": [{"by": s % 2, "call": "double"}]}),
            2 => json!({"calls": [{"by": s % 2, "call": "double"},
                                  {"by": 1 - s % 2, "call": "accept"}]}),
            _ => json!({}),
        },
    }
}

/// Every result the rules could be offered for `partial`, a wider set than the rules take
/// (numbers past their bounds among them): each a whole hand.
fn every_result(game: &str, live: &Live, partial: &Value) -> Vec<Value> {
    let with = |fields: &[(&str, Value)]| {
        let mut h = partial.clone();
        for (k, v) in fields {
            h[*k] = v.clone();
        }
        h
    };
    match game {
        "bridge" | "chicago" => (0..=14).map(|t| with(&[("tricks", json!(t))])).collect(),
        "tarot" => {
            let bouts: Vec<Value> = match partial.get("bouts") {
                Some(b) => vec![b.clone()],
                None => (0..=4).map(|b| json!(b)).collect(),
            };
            let petits: Vec<Option<&str>> = if partial.get("petit_au_bout").is_some() {
                vec![None]
            } else {
                vec![None, Some("attack"), Some("defence")]
            };
            let mut out = Vec::new();
            for b in &bouts {
                for halves in -2..=184i32 {
                    for p in &petits {
                        let points = if halves % 2 == 0 {
                            json!(halves / 2)
                        } else {
                            json!(f64::from(halves) / 2.0)
                        };
                        let mut h = with(&[("bouts", b.clone()), ("points", points)]);
                        if let Some(p) = p {
                            h["petit_au_bout"] = json!(p);
                        }
                        out.push(h);
                    }
                }
            }
            out
        }
        "ascenseur" => {
            let n = partial["bids"].as_array().map_or(0, Vec::len);
            let top = match live {
                Live::Ascenseur(g) if g.next_round() < g.plan().rounds() => {
                    g.plan().round(g.next_round()).cards + 1
                }
                _ => 1,
            };
            let mut out = Vec::new();
            let mut t = vec![0u32; n];
            loop {
                out.push(with(&[("tricks", json!(t))]));
                let Some(k) = (0..n).find(|&k| t[k] < top) else {
                    break;
                };
                t[k] += 1;
                for x in &mut t[..k] {
                    *x = 0;
                }
            }
            out
        }
        _ => {
            let calls = partial.get("calls").cloned().unwrap_or(json!([]));
            let mut out = Vec::new();
            let answers: Vec<Value> = match calls.as_array().and_then(|c| c.last()) {
                Some(c) if c["call"] == "double" => {
                    let by = 1 - c["by"].as_u64().unwrap();
                    ["accept", "refuse"]
                        .iter()
                        .map(|a| {
                            let mut c = calls.clone();
                            c.as_array_mut().unwrap().push(json!({"by": by, "call": a}));
                            c
                        })
                        .collect()
                }
                _ => vec![calls],
            };
            for calls in answers {
                out.push(json!({"calls": calls}));
                for w in [json!(0), json!(1), json!(null), json!(2)] {
                    out.push(json!({"calls": calls, "winner": w}));
                }
            }
            out
        }
    }
}

/// Whether the rules take `hand` as the next hand of `s`.
fn taken(s: &Session, sheet: &Sheet, hand: &Value) -> bool {
    s.decode(hand)
        .is_ok_and(|h| sheet.clone().push(&h.game).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(48)
    ))]

    #[test]
    fn every_outcome_is_the_session_scored_with_it_and_every_one_is_listed_once(
        game in prop::sample::select(GAMES.to_vec()),
        steps in steps(),
        seeds in prop::collection::vec(any::<u32>(), 1..4),
    ) {
        let s = evening(game, &steps);
        let sheet = s.score().unwrap();
        let live = sheet.open_game().clone();
        for seed in seeds {
            let partial = bid(game, &live, s.playing(), seed);
            let found = stakes(&s, &sheet, &partial);
            let wanted: Vec<Value> = every_result(game, &live, &partial)
                .into_iter()
                .filter(|h| taken(&s, &sheet, h))
                .collect();
            let Ok(found) = found.clone() else {
                // Refused: no result of that bid is taken by the rules.
                prop_assert!(wanted.is_empty(), "{partial} refused ({:?}), yet {} taken",
                    found.unwrap_err(), wanted.len());
                continue;
            };
            // Every result the rules take, once, and nothing else.
            let listed: Vec<Value> = found.outcomes.iter().map(|o| o.hand.clone()).collect();
            for h in &listed {
                prop_assert_eq!(listed.iter().filter(|o| *o == h).count(), 1);
            }
            let decoded = |h: &Value| s.decode(h).unwrap().game;
            let mut a: Vec<_> = listed.iter().map(|h| decoded(h).to_json().to_string()).collect();
            let mut b: Vec<_> = wanted.iter().map(|h| decoded(h).to_json().to_string()).collect();
            a.sort();
            b.sort();
            prop_assert_eq!(a, b, "{}", partial);
            // Each is the session scored with that hand added.
            for o in found.outcomes.iter().step_by(1 + found.outcomes.len() / 24) {
                let mut with = s.clone();
                with.hands.push(s.decode(&o.hand).unwrap());
                let scored = with.score().unwrap().to_json(Lang::En);
                let last = scored["hands"].as_array().unwrap().last().unwrap().clone();
                let mut delta = o.row.delta.clone();
                delta.resize(scored["sides"].as_array().unwrap().len(), 0);
                prop_assert_eq!(&last["delta"], &json!(delta));
                let lines: Vec<Value> = o.row.lines.iter().map(|l| json!({
                    "side": l.side, "points": l.points, "rule": l.rule.as_str(),
                    "text": l.text.render(Lang::En)})).collect();
                prop_assert_eq!(&last["lines"], &json!(lines));
                prop_assert_eq!(&scored["totals"], &json!(o.totals));
                let ends = o.completes.iter().any(|c| matches!(c, Completes::End { .. }));
                prop_assert_eq!(ends, scored["finished"] == json!(true));
            }
        }
    }
}

#[test]
fn a_doubled_four_spades_shows_each_result_and_what_it_completes() {
    let v = common::session(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([{"contract": "2S", "declarer": "N", "tricks": 8}]),
    );
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    let found = stakes(&s, &sheet, &json!({"contract": "4SX", "declarer": "N"})).unwrap();
    assert_eq!(found.outcomes.len(), 14);
    let made = &found.outcomes[10];
    assert_eq!(made.said.label(&[]).render(Lang::En), "made");
    // 4♠ doubled made: 240 below, 50 for the insult; NS's game.
    assert_eq!(made.row.delta, vec![290, 0]);
    assert_eq!(made.completes, vec![Completes::Game { side: 0 }]);
    assert_eq!(found.outcomes[9].row.delta, vec![0, 100]);
    assert_eq!(
        found.outcomes[9].said.label(&[]).render(Lang::Fr),
        "chuté de 1"
    );
    // A second game would win the rubber: its bonus and the game both said.
    let v = common::session(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([{"contract": "4S", "declarer": "N", "tricks": 10}]),
    );
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    let found = stakes(&s, &sheet, &json!({"contract": "3NT", "declarer": "S"})).unwrap();
    assert_eq!(
        found.outcomes[9].completes,
        vec![
            Completes::Game { side: 0 },
            Completes::Rubber { side: 0 },
            Completes::End { winners: vec![0] }
        ]
    );
}

#[test]
fn what_the_stakes_refuse_is_said() {
    let v = common::session("bridge", &["A", "B", "C", "D"], json!({}), json!([]));
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    let said = |partial: Value| {
        stakes(&s, &sheet, &partial).unwrap_err()[0]
            .render(Lang::En)
            .to_string()
    };
    assert!(said(json!({"contract": "4S", "declarer": "N", "tricks": 10})).contains("tricks"));
    assert!(said(json!({"contract": "pass"})).contains("passed"));
    assert!(said(json!({"contract": "8S", "declarer": "N"})).contains("8S"));
    assert!(said(json!({"declarer": "N"})).contains("contract"));
    assert!(said(json!([1])).contains("object"));
    let v = common::session("2500", &["A", "B"], json!({}), json!([]));
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    assert!(stakes(&s, &sheet, &json!({})).is_err());
}

/// The stakes laid out for a glance: Tarot a row per petit au bout, each margin once (the
/// bouts unknown, every count gives the same figure for it) from the worst up, the figure per
/// defender; L'Ascenseur a row per player, each count of tricks once, in order.
#[test]
fn the_rows_for_a_glance() {
    let names: Vec<String> = ["Anne", "Bruno", "Claire", "David"]
        .map(String::from)
        .to_vec();
    let v = common::session(
        "tarot",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([]),
    );
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    let found = stakes(&s, &sheet, &json!({"taker": 0, "contract": "garde"})).unwrap();
    let rows = found.rows(&names, &names);
    assert_eq!(rows.len(), 3, "no petit, the attack's, the defence's");
    for row in &rows {
        let margins: Vec<i64> = row
            .cells
            .iter()
            .map(|c| match found.outcomes[c.outcome].said {
                marque_core::stakes::Said::Tarot { margin, .. } => margin,
                _ => panic!("a Tarot result"),
            })
            .collect();
        let mut sorted = margins.clone();
        sorted.dedup();
        assert_eq!(margins, sorted, "each margin once, in order");
    }
    // Made by 8 with no petit: (25 + 8) × 2 = 66 per defender; down by 10: −70.
    let figure = |label: &str| {
        rows[0]
            .cells
            .iter()
            .find(|c| c.label.render(Lang::Fr) == label)
            .map(|c| c.points)
    };
    // At a glance (the window, the phones): the same rows, each margin played once.
    let glance =
        marque_core::stakes::at_a_glance(&s, &sheet, &json!({"taker": 0, "contract": "garde"}))
            .unwrap();
    assert!(
        glance.outcomes.len() * 2 < found.outcomes.len(),
        "fewer played"
    );
    let said = |rows: &[marque_core::stakes::Row]| -> Vec<Vec<(String, i64)>> {
        rows.iter()
            .map(|r| {
                r.cells
                    .iter()
                    .map(|c| (c.label.render(Lang::Fr), c.points))
                    .collect()
            })
            .collect()
    };
    assert_eq!(said(&glance.rows(&names, &names)), said(&rows));
    assert_eq!(figure("+8"), Some(66));
    assert_eq!(figure("−10"), Some(-70));
    assert_eq!(figure("="), Some(50));

    let v = common::session(
        "ascenseur",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}]),
    );
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    // Round 2: two cards.
    let found = stakes(&s, &sheet, &json!({"bids": [2, 0, 0, 1]})).unwrap();
    let rows = found.rows(&names, &names);
    // At a glance: the same rows, fewer results played.
    let glance =
        marque_core::stakes::at_a_glance(&s, &sheet, &json!({"bids": [2, 0, 0, 1]})).unwrap();
    assert!(glance.outcomes.len() < found.outcomes.len(), "fewer played");
    assert_eq!(said(&glance.rows(&names, &names)), said(&rows));
    assert_eq!(rows.len(), 4);
    for (p, row) in rows.iter().enumerate() {
        let tricks: Vec<String> = row.cells.iter().map(|c| c.label.render(Lang::En)).collect();
        assert_eq!(tricks, ["0 tricks", "1 trick", "2 tricks"], "player {p}");
        for c in &row.cells {
            assert_eq!(c.points, found.outcomes[c.outcome].row.delta[p]);
        }
    }
    assert_eq!(rows[0].title.render(Lang::Fr), "Anne a demandé 2 :");
}

/// The bid a phone's keys said so far is the partial hand the stakes take: none until it is
/// whole, then the contract and declarer (bridge), the taker and contract with the bouts
/// once keyed and the petit au bout only when said (Le Tarot), every bid (L'Ascenseur), the
/// deal as called (Le Truc); a game with no bid has none.
#[test]
fn a_phones_keys_give_the_bid() {
    use marque_core::games::keys::bid_of;
    fn keyed<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<&'a str> {
        move |k| pairs.iter().find(|(f, _)| *f == k).map(|(_, v)| *v)
    }
    let four = ["Anne", "Bruno", "Claire", "David"];
    // A game, its players, its keys part way and whole, the bid the whole keys give.
    type Keys<'a> = &'a [(&'a str, &'a str)];
    let cases: [(&str, &[&str], Keys, Keys, Value); 4] = [
        (
            "bridge",
            &four,
            &[("lvl", "4"), ("st", "S"), ("x", "")],
            &[
                ("lvl", "4"),
                ("st", "S"),
                ("x", "X"),
                ("by", "E"),
                ("res", "0"),
            ],
            json!({"contract": "4SX", "declarer": "E"}),
        ),
        (
            "tarot",
            &four,
            &[("taker", "1"), ("bouts", "2")],
            &[
                ("taker", "1"),
                ("contract", "garde"),
                ("bouts", "2"),
                ("pab", ""),
            ],
            json!({"taker": 1, "contract": "garde", "bouts": 2}),
        ),
        (
            "ascenseur",
            &["Anne", "Bruno", "Claire"],
            &[("bid0", "1"), ("bid1", "0")],
            &[("bid0", "1"), ("bid1", "0"), ("bid2", "1")],
            json!({"bids": [1, 0, 1]}),
        ),
        (
            "truc",
            &["Anne", "Bruno"],
            &[("calls", "9z")],
            &[("calls", "1a"), ("winner", "0")],
            json!({"calls": [{"by": 1, "call": "double"}, {"by": 0, "call": "accept"}]}),
        ),
    ];
    for (game, names, part, whole, want) in cases {
        let s = Session::from_value(&common::session(game, names, json!({}), json!([]))).unwrap();
        let sheet = s.score().unwrap();
        let seats: Vec<usize> = (0..names.len()).collect();
        assert_eq!(
            bid_of(sheet.open_game(), &seats, keyed(part)),
            None,
            "{game}"
        );
        let bid = bid_of(sheet.open_game(), &seats, keyed(whole));
        assert_eq!(bid.as_ref(), Some(&want), "{game}");
        assert!(
            stakes(&s, &sheet, &want).is_ok(),
            "{game}: the stakes take it"
        );
    }
    let s = Session::from_value(&common::session("2500", &four, json!({}), json!([]))).unwrap();
    let sheet = s.score().unwrap();
    assert_eq!(
        bid_of(sheet.open_game(), &[0, 1, 2, 3], keyed(&[("frime", "A")])),
        None
    );
}
