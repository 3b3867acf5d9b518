//! An evening of several tables (issue 51), over random Mitchells of 3 to 15 tables and the
//! Howells, half of them with results missing and artificial scores: every pair's total is the
//! sum of its values on the travellers, N-S and E-W matchpoints of a real result make the top,
//! percentages and places follow from the totals, and the ranking is the same whatever order
//! the tables and their entries come in.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]

use std::collections::BTreeMap;

use marque_core::club::{self, Movement, TableFile};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A contract and its tricks, from a random number: a pass, made, or down.
fn deal(k: u32) -> Value {
    let contracts = ["1NT", "2H", "3NT", "4S", "4HX", "6D", "3CXX", "pass"];
    let c = contracts[(k % 8) as usize];
    if c == "pass" {
        return json!({"contract": "pass"});
    }
    let level: u32 = c[..1].parse().unwrap();
    let tricks = (6 + level + (k / 8) % 4).saturating_sub(2).min(13);
    let declarer = ["N", "E", "S", "W"][((k / 32) % 4) as usize];
    json!({"contract": c, "declarer": declarer, "tricks": tricks})
}

/// The evening and its table files for `movement` with `pairs` pairs seated, entries made by
/// `pick` (None: not entered; Some(k): a deal, or an average for k ≥ 1000).
fn evening(
    movement: &Value,
    m: &Movement,
    pairs: u32,
    pick: &dyn Fn(usize) -> Option<u32>,
    scoring: &str,
) -> (Value, BTreeMap<String, Value>) {
    let names: serde_json::Map<String, Value> = (1..=pairs)
        .map(|p| (p.to_string(), json!([format!("A{p}"), format!("B{p}")])))
        .collect();
    let tables: Vec<Value> = (1..=m.tables)
        .map(|t| json!({"table": t, "file": format!("t{t}.json")}))
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs",
        "options": {"scoring": scoring}, "movement": movement, "pairs": names, "tables": tables});
    let mut files: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut n = 0;
    for s in &m.sittings {
        for b in &s.boards {
            n += 1;
            if s.ns > pairs || s.ew > pairs {
                continue;
            }
            let Some(k) = pick(n) else { continue };
            let mut e = if k >= 1000 && scoring == "mp" {
                let (ns, ew) = (
                    [60, 50, 40][(k % 3) as usize],
                    [40, 50, 60][(k / 3 % 3) as usize],
                );
                json!({"average": [ns, ew]})
            } else {
                deal(k)
            };
            e["board"] = json!(b);
            e["round"] = json!(s.round);
            files
                .entry(format!("t{}.json", s.table))
                .or_default()
                .push(e);
        }
    }
    let files = files
        .into_iter()
        .map(|(name, hands)| {
            let doc = json!({"format": "marque-session", "version": 1, "game": "bridge",
                "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"},
                "hands": hands});
            (name, doc)
        })
        .collect();
    (ev, files)
}

fn scored(ev: &Value, files: &BTreeMap<String, Value>) -> Value {
    scored_whole(ev, files).into_value()
}

/// The evening scored, not made whole (as the window and the PDF read it).
fn scored_whole(ev: &Value, files: &BTreeMap<String, Value>) -> club::Scored {
    let read = |name: &str| match files.get(name) {
        Some(v) => TableFile::Read(v.clone()),
        None => TableFile::Absent,
    };
    club::scored(ev, &read).unwrap_or_else(|p| {
        panic!(
            "{:?}",
            p.iter()
                .map(|(a, m)| format!("{}: {}", a.prefix(), m.render(marque_core::i18n::Lang::En)))
                .collect::<Vec<_>>()
        )
    })
}

fn hundredths(v: &Value) -> i64 {
    (v.as_f64().unwrap() * 100.0).round() as i64
}

/// What every evening of pairs must be, whatever its movement and results.
fn holds(out: &Value, mp: bool) -> Result<(), TestCaseError> {
    // Each pair's values on the travellers.
    let mut values: BTreeMap<u64, (i64, i64, usize)> = BTreeMap::new();
    for b in out["boards"].as_array().unwrap() {
        let top = b.get("top").map(hundredths).unwrap_or(0);
        for r in b["results"].as_array().unwrap() {
            let (ns, ew) = (hundredths(&r["ns_points"]), hundredths(&r["ew_points"]));
            if r.get("score").is_some() {
                if mp {
                    prop_assert_eq!(ns + ew, top, "N-S and E-W make the top: {}", r);
                } else {
                    prop_assert_eq!(ns, -ew);
                }
            }
            for (pair, v) in [(&r["ns"], ns), (&r["ew"], ew)] {
                let e = values.entry(pair.as_u64().unwrap()).or_default();
                e.0 += v;
                e.1 += top;
                e.2 += 1;
            }
        }
    }
    for f in out["fields"].as_array().unwrap() {
        let ranking = f["ranking"].as_array().unwrap();
        let mut last: Option<i64> = None;
        for (k, r) in ranking.iter().enumerate() {
            let (total, tops, boards) = values
                .get(&r["pair"].as_u64().unwrap())
                .copied()
                .unwrap_or_default();
            prop_assert_eq!(r["boards"].as_u64().unwrap() as usize, boards);
            let by = if mp {
                prop_assert_eq!(
                    hundredths(&r["mp"]),
                    total,
                    "a total is the sum of its values"
                );
                prop_assert_eq!(hundredths(&r["top"]), tops);
                let want = if tops > 0 {
                    ((total * 10_000) as f64 / tops as f64).round() as i64
                } else {
                    0
                };
                prop_assert!(
                    (hundredths(&r["percent"]) - want).abs() <= 1,
                    "percent {} of {} / {}",
                    r["percent"],
                    total,
                    tops
                );
                hundredths(&r["percent"])
            } else {
                prop_assert_eq!(hundredths(&r["imps"]), total);
                hundredths(&r["factored"])
            };
            if let Some(l) = last {
                prop_assert!(by <= l, "ranked in order");
            }
            let place = r["place"].as_str().unwrap();
            let tied = ranking
                .iter()
                .filter(|o| {
                    o != &r
                        && (if mp {
                            hundredths(&o["percent"])
                        } else {
                            hundredths(&o["factored"])
                        }) == by
                })
                .count();
            prop_assert_eq!(place.ends_with('='), tied > 0, "{}", place);
            let before = ranking[..k]
                .iter()
                .filter(|o| {
                    (if mp {
                        hundredths(&o["percent"])
                    } else {
                        hundredths(&o["factored"])
                    }) > by
                })
                .count();
            prop_assert_eq!(
                place.trim_end_matches('=').parse::<usize>().unwrap(),
                before + 1
            );
            last = Some(by);
        }
    }
    Ok(())
}

/// The same evening with its tables listed and its entries written in another order.
fn shuffled(
    ev: &Value,
    files: &BTreeMap<String, Value>,
    seed: u64,
) -> (Value, BTreeMap<String, Value>) {
    let mut ev = ev.clone();
    let tables = ev["tables"].as_array_mut().unwrap();
    tables.reverse();
    let files = files
        .iter()
        .map(|(n, f)| {
            let mut f = f.clone();
            let hands = f["hands"].as_array_mut().unwrap();
            let k = (seed as usize) % hands.len().max(1);
            hands.rotate_left(k);
            hands.reverse();
            (n.clone(), f)
        })
        .collect();
    (ev, files)
}

/// Each pair's score card lists every result it played and sums to its total; each table's
/// guide card is its schedule, round by round.
fn cards_hold(whole: &club::Scored, mp: bool) -> Result<(), TestCaseError> {
    let lang = marque_core::i18n::Lang::En;
    let cards = marque_core::club::score_cards(whole, lang);
    // Written as it is made or made whole, the same text to the byte (the keys' order too).
    let made = serde_json::to_string_pretty(whole).unwrap();
    let out = &whole.value();
    prop_assert_eq!(made, serde_json::to_string_pretty(out).unwrap());
    let ranked: Vec<&Value> = out["fields"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["ranking"].as_array().unwrap())
        .collect();
    prop_assert_eq!(cards.len(), ranked.len(), "a card a pair");
    for (c, r) in cards.iter().zip(&ranked) {
        let points: i64 = c
            .rows
            .iter()
            .map(|row| (row[6].replace('−', "-").parse::<f64>().unwrap() * 100.0).round() as i64)
            .sum();
        let total = if mp { &r["mp"] } else { &r["imps"] };
        prop_assert_eq!(
            points,
            hundredths(total),
            "{}: its rows are its total",
            c.title
        );
        prop_assert_eq!(c.rows.len() as u64, r["boards"].as_u64().unwrap());
        let foot = c.foot.as_deref().unwrap_or("");
        let place = format!("place {}", r["place"].as_str().unwrap());
        prop_assert!(foot.ends_with(&place), "{} ends with {}", foot, place);
    }
    let guides = marque_core::club::guide_cards(whole, lang);
    let schedule = out["schedule"].as_array().unwrap();
    let rows: usize = guides.iter().map(|g| g.rows.len()).sum();
    prop_assert_eq!(
        rows,
        schedule.len(),
        "every round of every table on its card"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_mitchells_hold(
        tables in 3u32..=15,
        per in 1u32..=3,
        phantom in any::<bool>(),
        missing in any::<bool>(),
        seed in any::<u64>(),
        scoring in prop_oneof![Just("mp"), Just("cross_imps"), Just("butler")],
    ) {
        let movement = json!({"kind": "mitchell", "tables": tables, "boards_per_round": per});
        let m = Movement::read(Some(&movement)).unwrap();
        let pairs = 2 * tables - u32::from(phantom);
        let pick = |n: usize| {
            let h = seed.wrapping_mul(6364136223846793005).wrapping_add((n as u64).wrapping_mul(1442695040888963407));
            let k = (h >> 33) as u32;
            if missing && k.is_multiple_of(5) { None } else if k.is_multiple_of(11) { Some(1000 + k % 9) } else { Some(k % 256) }
        };
        let (ev, files) = evening(&movement, &m, pairs, &pick, scoring);
        let out = scored(&ev, &files);
        holds(&out, scoring == "mp")?;
        cards_hold(&scored_whole(&ev, &files), scoring == "mp")?;
        let (ev2, files2) = shuffled(&ev, &files, seed);
        let again = scored(&ev2, &files2);
        prop_assert_eq!(&again["fields"], &out["fields"], "the same ranking in any order");
        prop_assert_eq!(&again["boards"], &out["boards"]);
    }

    #[test]
    fn the_howells_hold(
        which in 0usize..5,
        phantom in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let (tables, per) = [(2, 3), (2, 4), (3, 2), (4, 2), (4, 3)][which];
        let movement = json!({"kind": "howell", "tables": tables, "boards_per_set": per});
        let m = Movement::read(Some(&movement)).unwrap();
        let pairs = 2 * tables - u32::from(phantom && tables > 2);
        let pick = |n: usize| Some(((seed >> (n % 40)) as u32).wrapping_mul(2654435761) % 256);
        let (ev, files) = evening(&movement, &m, pairs, &pick, "mp");
        let out = scored(&ev, &files);
        holds(&out, true)?;
        cards_hold(&scored_whole(&ev, &files), true)?;
        // No pair plays a board twice.
        let mut seen = std::collections::BTreeSet::new();
        for s in &m.sittings {
            for b in &s.boards {
                prop_assert!(seen.insert((s.ns, *b)) && seen.insert((s.ew, *b)), "pair plays board {} twice", b);
            }
        }
    }
}

/// A Tarot table's change is new trouble for its evening only where it brings a kind of
/// problem the table does not have: a deal past the round's is; a deal deleted from a table
/// that has too many, or a deal corrected there, is not (the table can come back).
#[test]
fn a_tarot_table_can_always_come_back_within_its_evening() {
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "tarot",
        "players": ["Anne", "Bruno", "Claire", "David", "Elise", "Fabien", "Gaelle", "Henri"],
        "rounds": 2, "deals_per_round": 2, "rotation": "shift",
        "tables": [{"table": 1, "round": 1, "file": "r1t1.json"},
                   {"table": 2, "round": 1, "file": "r1t2.json"},
                   {"table": 1, "round": 2, "file": "r2t1.json"},
                   {"table": 2, "round": 2, "file": "r2t2.json"}]});
    let deal = |points: u32| json!({"taker": 0, "contract": "garde", "bouts": 2, "points": points});
    let table = |n: usize| {
        json!({"format": "marque-session", "version": 1, "game": "tarot",
            "players": ["Anne", "Claire", "Elise", "Gaelle"], "options": {},
            "hands": (0..n).map(|k| deal(40 + k as u32)).collect::<Vec<_>>()})
    };
    let new = |before: &Value, after: &Value| club::new_problems(&ev, "r1t1.json", before, after);
    assert!(
        new(&table(1), &table(2)).is_empty(),
        "the round's second deal"
    );
    assert_eq!(new(&table(2), &table(3)).len(), 1, "a third deal of two");
    assert!(
        new(&table(4), &table(3)).is_empty(),
        "one too many deleted of two"
    );
    let mut corrected = table(4);
    corrected["hands"][0] = deal(60);
    assert!(new(&table(4), &corrected).is_empty(), "a deal corrected");
    assert!(
        club::new_problems(&ev, "elsewhere.json", &table(2), &table(3)).is_empty(),
        "a file the evening does not name"
    );
}
