//! In-process figures of the core: reading and scoring long sessions, adding a hand to a kept
//! sheet, the preview of a hand, an edit early in a long session, and the stakes of a bid on a
//! 2,000-hand session (every result the play can give, each from the sheet's kept state).
//!
//!     cargo bench -p marque-core --bench sheet
//!
//! The floors beside them, in the same run: reading the same text as a plain `serde_json::Value`
//! (what any reader of the file does at the least).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use marque_core::history::{self, Action, Change};
use marque_core::session::Session;
use serde_json::{Value, json};

fn bridge_session(n: usize) -> String {
    let strains = ["C", "D", "H", "S", "NT"];
    let hands: Vec<Value> = (0..n)
        .map(|i| {
            let level = 1 + i % 7;
            let tricks = (6 + level + i % 3).min(13) - (i % 5 == 0) as usize * 2;
            let seat = ["N", "E", "S", "W"][i % 4];
            json!({"contract": format!("{level}{}", strains[i % 5]),
                   "declarer": seat, "tricks": tricks})
        })
        .collect();
    json!({"format": "marque-session", "version": 1, "game": "bridge",
           "players": ["Anne", "Bruno", "Claire", "David"], "hands": hands})
    .to_string()
}

fn brasse(i: usize) -> Value {
    let r = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let at = |k: usize| r[(i + k) % 12];
    let laid = vec![
        vec![at(0), at(1), at(2)],
        vec![at(3)],
        vec![],
        vec![at(5); 3],
    ];
    let hand = vec![vec![], vec![at(7)], vec![at(8), at(9)], vec![]];
    json!({"frime": at(0), "laid": laid, "hand": hand})
}

fn le2500_session(n: usize) -> String {
    let hands: Vec<Value> = (0..n).map(brasse).collect();
    json!({"format": "marque-session", "version": 1, "game": "2500",
           "players": ["Anne", "Bruno", "Claire", "David"], "options": {"target": 1_000_000_000},
           "hands": hands})
    .to_string()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("read and score 10,000 hands");
    g.sample_size(20);
    for (game, text) in [
        ("bridge", bridge_session(10_000)),
        ("2500", le2500_session(10_000)),
    ] {
        g.bench_with_input(BenchmarkId::new("marque", game), &text, |b, t| {
            b.iter(|| Session::parse(t).unwrap().score().unwrap())
        });
        g.bench_with_input(
            BenchmarkId::new("floor: serde_json::Value", game),
            &text,
            |b, t| b.iter(|| serde_json::from_str::<Value>(t).unwrap()),
        );
    }
    g.finish();

    let mut g = c.benchmark_group("a 2,000-brasse session");
    let s = Session::parse(&le2500_session(2_000)).unwrap();
    let sheet = s.score().unwrap();
    let next = s.decode(&brasse(7)).unwrap();
    g.bench_function("add one brasse to the kept sheet", |b| {
        b.iter_batched(
            || (s.clone(), sheet.clone()),
            |(mut s, mut sheet)| {
                let change = Change::Insert(s.hands.len(), next.clone());
                history::apply(&mut s, &mut sheet, &change, Action::Add, "t").unwrap();
                (s, sheet)
            },
            criterion::BatchSize::LargeInput,
        )
    });
    g.bench_function("preview of the next brasse", |b| {
        b.iter(|| sheet.preview(&s.hands, s.hands.len(), &next.game).unwrap())
    });
    g.bench_function("edit brasse 1,990 (replay from its checkpoint)", |b| {
        b.iter_batched(
            || (s.clone(), sheet.clone()),
            |(mut s, mut sheet)| {
                let change = Change::Replace(1_990, s.hands[1_990].clone(), next.clone());
                history::apply(&mut s, &mut sheet, &change, Action::Edit, "t").unwrap();
                (s, sheet)
            },
            criterion::BatchSize::LargeInput,
        )
    });
    g.bench_function("floor: score the whole session again", |b| {
        b.iter(|| s.score().unwrap())
    });
    g.finish();
}

fn tarot_session(n: usize) -> String {
    let hands: Vec<Value> = (0..n)
        .map(|i| {
            let bouts = i % 4;
            let contract = ["prise", "garde"][i % 2];
            json!({"taker": i % 4, "contract": contract, "bouts": bouts,
                   "points": 4 * bouts + (i * 7) % 80})
        })
        .collect();
    json!({"format": "marque-session", "version": 1, "game": "tarot",
           "players": ["Anne", "Bruno", "Claire", "David"], "hands": hands})
    .to_string()
}

/// The stakes of a bid, once the bid is keyed (the target: 1 ms), beside the floor of one
/// preview of the same hand (each outcome costs at least that).
fn stakes(c: &mut Criterion) {
    let mut g = c.benchmark_group("stakes of a bid on a 2,000-hand session");
    let bridge = Session::parse(&bridge_session(2_000)).unwrap();
    let tarot = Session::parse(&tarot_session(2_000)).unwrap();
    for (name, s, bid) in [
        (
            "bridge 4♠X, 14 results",
            &bridge,
            json!({"contract": "4SX", "declarer": "N"}),
        ),
        (
            "tarot garde 2 bouts, 240 results",
            &tarot,
            json!({"taker": 1, "contract": "garde", "bouts": 2}),
        ),
        (
            "tarot garde, bouts unknown, 960 results",
            &tarot,
            json!({"taker": 1, "contract": "garde"}),
        ),
    ] {
        let sheet = s.score().unwrap();
        g.bench_function(name, |b| {
            b.iter(|| marque_core::stakes::stakes(s, &sheet, &bid).unwrap())
        });
    }
    // As the window and the phones ask it: each margin played once, whatever the bouts.
    let sheet = tarot.score().unwrap();
    let bid = json!({"taker": 1, "contract": "garde"});
    g.bench_function("at a glance: tarot garde, bouts unknown", |b| {
        b.iter(|| marque_core::stakes::at_a_glance(&tarot, &sheet, &bid).unwrap())
    });
    let sheet = bridge.score().unwrap();
    let one = bridge
        .decode(&json!({"contract": "4SX", "declarer": "N", "tricks": 10}))
        .unwrap();
    g.bench_function("floor: one preview of a bridge deal", |b| {
        b.iter(|| {
            sheet
                .preview(&bridge.hands, bridge.hands.len(), &one.game)
                .unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench, stakes);
criterion_main!(benches);
