//! The evening's screen (issue 51): what it costs to show a 15-table Mitchell of 27 boards a
//! table (30 pairs, 405 results).
//!
//!     cargo bench --bench evening_screen
//!
//! - "the ranking after one result": the evening scored again from its files as read (one
//!   result changed each time), with every section and card the screen shows. Target ≤ 1 ms.
//! - "a frame of the evening's screen": one frame 1280×1600 (layout and tessellation, the
//!   pointer moving) of the screen with the 30 pairs' rankings and a traveller open, all in
//!   view. Target ≤ 1 ms. Measured twice: with the accessibility tree a screen reader is sent
//!   built each frame, then without (as the window draws for a user without one).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a bench fails loudly where its setting up does"
)]
use std::collections::BTreeMap;

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::kittest::Queryable;
use marque::ui::{App, Command, Evenings};
use marque_core::club::{self, Movement, TableFile};
use marque_core::i18n::Lang;
use serde_json::{Value, json};

const TABLES: u32 = 15;

/// The evening file and its tables' files (by name): every board of the movement played.
fn evening() -> (Value, BTreeMap<String, Value>) {
    let m = Movement::mitchell(TABLES, 3, 9);
    let contracts = ["1NT", "2H", "3NT", "4S", "4HX", "6D", "3C", "2SX"];
    let mut hands: BTreeMap<u32, Vec<Value>> = BTreeMap::new();
    for (k, s) in m.sittings.iter().enumerate() {
        for (j, b) in s.boards.iter().enumerate() {
            let c = contracts[(k * 3 + j) % contracts.len()];
            let level = u64::from(c.as_bytes()[0] - b'0');
            let tricks = (6 + level + (k as u64 + j as u64) % 3).min(13) - 1;
            let declarer = ["N", "E", "S", "W"][(k + j) % 4];
            hands
                .entry(s.table)
                .or_default()
                .push(json!({"board": b, "contract": c,
                "declarer": declarer, "tricks": tricks}));
        }
    }
    let pairs: serde_json::Map<String, Value> = (1..=2 * TABLES)
        .map(|p| {
            (
                p.to_string(),
                json!([format!("Joueur {p}a"), format!("Joueur {p}b")]),
            )
        })
        .collect();
    let tables: Vec<Value> = (1..=TABLES)
        .map(|t| json!({"table": t, "file": format!("bench-t{t}.json")}))
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs", "title": "Banc",
        "movement": {"kind": "mitchell", "tables": TABLES, "boards_per_round": 3, "rounds": 9},
        "pairs": pairs, "tables": tables});
    let files = hands
        .into_iter()
        .map(|(t, h)| {
            let v = json!({"format": "marque-session", "version": 1, "game": "bridge",
                "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": h});
            (format!("bench-t{t}.json"), v)
        })
        .collect();
    (ev, files)
}

/// One frame 1280×1600 with the pointer at a new place, laid out and tessellated: 1600 high,
/// for the 30 pairs' rankings and board 1's traveller to be drawn whole (more than a screen of
/// 800 draws: a bound from above).
fn frame(ctx: &egui::Context, app: &mut App, t: &mut f64) {
    *t += 1.0 / 60.0;
    let pos = egui::pos2(200.0 + (*t * 300.0) as f32 % 800.0, 700.0);
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 1600.0),
        )),
        time: Some(*t),
        events: vec![egui::Event::PointerMoved(pos)],
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| marque::ui::frame(app, ui));
    std::hint::black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
}

fn bench(c: &mut Criterion) {
    let (ev, mut files) = evening();
    let mut g = c.benchmark_group("the evening's screen, 15 tables, 405 results");
    let mut k = 0usize;
    g.bench_function("the ranking after one result", |b| {
        b.iter(|| {
            // One result changed: its tricks, by one.
            k += 1;
            let name = format!("bench-t{}", k % TABLES as usize + 1);
            let name = format!("{name}.json");
            if let Some(h) = files
                .get_mut(&name)
                .and_then(|f| f["hands"].get_mut(k % 27))
            {
                let t = h["tricks"].as_u64().unwrap_or(7);
                h["tricks"] = json!(if t >= 12 { 7 } else { t + 1 });
            }
            let read = |n: &str| match files.get(n) {
                Some(v) => TableFile::Read(v.clone()),
                None => TableFile::Absent,
            };
            let out = club::scored(&ev, &read).unwrap();
            std::hint::black_box((
                club::sections(&out, Lang::Fr),
                club::score_cards(&out, Lang::Fr),
                club::guide_cards(&out, Lang::Fr),
            ));
        });
    });

    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("banc");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("banc.evening.json"), ev.to_string()).unwrap();
    for (name, v) in &files {
        std::fs::write(folder.join(name), v.to_string()).unwrap();
    }
    let mut app = App::new(dir.path());
    app.send(Command::Evenings(Evenings::Open(
        folder.join("banc.evening.json"),
    )));
    // The screen opened and board 1's traveller unfolded as the table does it, by its label.
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 1600.0))
        .build_ui_state(|ui, app: &mut App| marque::ui::frame(app, ui), app);
    h.run();
    h.state_mut().wait_for_evening();
    h.run();
    h.get_by_label_contains("Étui 1 — donneur").click();
    h.run();
    assert!(
        h.query_by_label("Points NS").is_some(),
        "the traveller is open"
    );
    let ctx = h.ctx.clone();
    let app = h.state_mut();
    let mut t = 100.0;
    g.bench_function(
        "a frame of the evening's screen, with a screen reader",
        |b| b.iter(|| frame(&ctx, app, &mut t)),
    );
    ctx.disable_accesskit();
    g.bench_function("a frame of the evening's screen", |b| {
        b.iter(|| frame(&ctx, app, &mut t))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
