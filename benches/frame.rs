//! Headless frames of the app: the CPU one frame takes (layout and tessellation, no GPU) with the
//! pointer moving, for a long score sheet beside a short one, for a home screen of 5,000
//! sessions beside an empty one, and for the players' screen of 5,000 sessions among 200 people
//! beside an empty one.
//!
//!     cargo bench --bench frame
//!
//! It also times opening the history (home) and players' screens as a new window does: the app
//! made on the folder, its listing read from the session index, the screen's first frames laid
//! out, for 5,000 sessions beside an empty folder.
//!
//! Targets: a 2,000-deal sheet at most 1 ms a frame; the home screen of 5,000 sessions at most 2×
//! the empty home's; the history and players' screens of 5,000 sessions open within 300 ms of an
//! empty folder's.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use marque::ui::App;
use serde_json::{Value, json};

fn bridge_file(dir: &Path, name: &str, deals: usize) -> std::path::PathBuf {
    bridge_file_of(
        dir,
        name,
        deals,
        ["Anne", "Bruno", "Claire", "David"].map(String::from),
    )
}

fn bridge_file_of(
    dir: &Path,
    name: &str,
    deals: usize,
    players: [String; 4],
) -> std::path::PathBuf {
    let strains = ["C", "D", "H", "S", "NT"];
    let hands: Vec<Value> = (0..deals)
        .map(|i| {
            let level = 1 + i % 7;
            let tricks = (6 + level + i % 3).min(13) - (i % 5 == 0) as usize * 2;
            let seat = ["N", "E", "S", "W"][i % 4];
            json!({"contract": format!("{level}{}", strains[i % 5]),
                   "declarer": seat, "tricks": tricks})
        })
        .collect();
    let path = dir.join(name);
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge",
                   "players": players, "hands": hands});
    std::fs::write(&path, v.to_string()).unwrap();
    path
}

/// One frame at 1280×800 with the pointer at a new place, laid out and tessellated.
struct Frames {
    ctx: egui::Context,
    app: App,
    t: f64,
}

impl Frames {
    fn new(app: App) -> Frames {
        Frames::after(app, 5)
    }

    /// The app after `n` frames.
    fn after(app: App, n: usize) -> Frames {
        let mut f = Frames {
            ctx: egui::Context::default(),
            app,
            t: 0.0,
        };
        for _ in 0..n {
            f.frame();
        }
        f
    }

    fn frame(&mut self) {
        self.t += 1.0 / 60.0;
        let pos = egui::pos2(200.0 + (self.t * 300.0) as f32 % 800.0, 400.0);
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            time: Some(self.t),
            events: vec![egui::Event::PointerMoved(pos)],
            ..Default::default()
        };
        let app = &mut self.app;
        let out = self.ctx.run_ui(input, |ui| marque::ui::frame(app, ui));
        std::hint::black_box(self.ctx.tessellate(out.shapes, out.pixels_per_point));
    }
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let long = bridge_file(dir.path(), "long.json", 2_000);
    let short = bridge_file(dir.path(), "short.json", 20);
    let mut g = c.benchmark_group("a frame of the score sheet");
    for (name, path) in [("2,000 deals", &long), ("20 deals", &short)] {
        let mut app = App::new(dir.path());
        app.open_path(path);
        assert!(app.open().is_some(), "the session opens");
        let mut f = Frames::new(app);
        g.bench_function(name, |b| b.iter(|| f.frame()));
    }
    g.finish();

    let many = tempfile::tempdir().unwrap();
    for i in 0..5_000 {
        bridge_file(many.path(), &format!("s{i:04}.json"), 1 + i % 30);
    }
    let empty = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("a frame of the home screen");
    for (name, folder) in [
        ("5,000 sessions", many.path()),
        ("empty folder", empty.path()),
    ] {
        let mut app = App::new(folder);
        app.wait_for_home();
        let mut f = Frames::new(app);
        g.bench_function(name, |b| b.iter(|| f.frame()));
    }
    g.finish();

    // A club: 5,000 sessions among 200 people.
    let club = tempfile::tempdir().unwrap();
    for i in 0..5_000 {
        let players = [0, 1, 2, 3].map(|k| format!("Joueur {}", (i * 7 + k * 53) % 200));
        bridge_file_of(club.path(), &format!("s{i:04}.json"), 1 + i % 30, players);
    }
    let mut g = c.benchmark_group("a frame of the players' screen");
    for (name, folder) in [
        ("5,000 sessions, 200 players", club.path()),
        ("empty folder", empty.path()),
    ] {
        let mut app = App::new(folder);
        app.send(marque::ui::Named::Players.into());
        app.run_commands();
        app.wait_for_home();
        let mut f = Frames::new(app);
        g.bench_function(name, |b| b.iter(|| f.frame()));
    }
    g.finish();

    // Opening a screen as a new window does, the index already made (as after the first run).
    let mut g = c.benchmark_group("opening a screen");
    g.sample_size(10);
    for (screen, players) in [("history", false), ("players", true)] {
        for (name, folder) in [
            ("5,000 sessions", club.path()),
            ("empty folder", empty.path()),
        ] {
            g.bench_function(format!("{screen}, {name}"), |b| {
                b.iter(|| {
                    let mut app = App::new(folder);
                    if players {
                        app.send(marque::ui::Named::Players.into());
                        app.run_commands();
                    }
                    app.wait_for_home();
                    // The first frame makes the rows (and the roster); the second lays them out
                    // as shown.
                    std::hint::black_box(Frames::after(app, 2));
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
