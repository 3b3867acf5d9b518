//! A paired phone's word reaching the window (issue 43: "the answer reaches the window within a
//! second"), beside its floor: the same phone reading its page from the same server.
//!
//!     cargo bench --bench phone
//!
//! The window is the app, headless, its frames drawn at 60 Hz on this thread (as a real window
//! woken by the server draws its next frame); the room is shared from it, EW's phone is paired
//! through its offer, and each answer is a real HTTP request from another thread: handed by the
//! server to the window, written by the window's document, and answered. The session holds 800
//! deals NS made, each awaiting EW's word; each iteration answers the last one still asked.
//!
//! Target: an answer within 1 s; the floor (a page read, no window on its way) for scale.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a bench fails loudly where its setting up does"
)]
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use marque::ui::{App, Command, Named};
use marque_core::history::{self, Action, Change};
use marque_core::session::Session;

const AT: &str = "2026-11-27T21:00:00+01:00";

/// A bridge evening asking the other side's word, with `deals` deals NS made, each logged (so
/// each awaits EW's word).
fn evening(dir: &std::path::Path, deals: usize) -> std::path::PathBuf {
    let mut s = Session::parse(
        r#"{"format":"marque-session","version":1,"id":"soir","game":"bridge",
        "created":"2026-11-27T20:00:00+01:00","players":["Anne","Bruno","Claire","David"],
        "options":{},"confirm":true,"hands":[]}"#,
    )
    .unwrap();
    let mut sheet = s.score().unwrap();
    let deal = serde_json::json!({"contract": "2S", "declarer": "N", "tricks": 8});
    for i in 0..deals {
        let hand = s.decode(&deal).unwrap();
        history::apply(
            &mut s,
            &mut sheet,
            &Change::Insert(i, hand),
            Action::Add,
            AT,
        )
        .unwrap();
    }
    let path = dir.join("soir.json");
    std::fs::write(&path, s.to_json_string()).unwrap();
    path
}

/// One request: its status, head and body.
fn send(port: u16, method: &str, path: &str, body: &str) -> (u16, String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    if method == "POST" {
        head.push_str("Content-Type: application/x-www-form-urlencoded\r\n");
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let code = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (code, head.to_string(), body.to_string())
}

/// The hidden token of a page's form.
fn token(page: &str) -> String {
    let at = page.find("name=\"t\" value=\"").expect("a form") + "name=\"t\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

/// The window: the app and its frames at 1280×800.
struct Window {
    ctx: egui::Context,
    app: App,
    t: f64,
}

impl Window {
    fn frame(&mut self) {
        self.t += 1.0 / 60.0;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            time: Some(self.t),
            ..Default::default()
        };
        let app = &mut self.app;
        let out = self.ctx.run_ui(input, |ui| marque::ui::frame(app, ui));
        std::hint::black_box(self.ctx.tessellate(out.shapes, out.pixels_per_point));
    }

    /// Frames at 60 Hz until `done`.
    fn until(&mut self, done: impl Fn() -> bool) {
        while !done() {
            let start = Instant::now();
            self.frame();
            std::thread::sleep(Duration::from_millis(16).saturating_sub(start.elapsed()));
        }
    }
}

/// The window open on the evening, the room shared, EW's phone paired: the window, the server's
/// port, and the phone's page.
fn paired(dir: &std::path::Path) -> (Window, u16, String) {
    let file = evening(dir, 800);
    let mut app = App::new(dir);
    app.open_path(&file);
    app.send(Command::Named(Named::ToggleSharing));
    let mut w = Window {
        ctx: egui::Context::default(),
        app,
        t: 0.0,
    };
    for _ in 0..3 {
        w.frame();
    }
    let shared = w.app.sharing().expect("the room shared");
    let port = shared.local_addr().port();
    let root = shared
        .url()
        .splitn(4, '/')
        .nth(3)
        .unwrap()
        .trim_end_matches('/');
    let offer = shared
        .pairings()
        .offers()
        .into_iter()
        .find(|o| o.side == 1)
        .expect("EW's offer");
    let offer = format!("/{root}/p/{}", offer.token);
    let (_, _, page) = send(port, "GET", &offer, "");
    let (code, head, _) = send(
        port,
        "POST",
        &offer,
        &format!("t={}&label=EO", token(&page)),
    );
    assert_eq!(code, 303, "{head}");
    let phone = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with("location: ")
                .then(|| l[10..].trim())
        })
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string();
    (w, port, phone)
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (mut w, port, phone) = paired(dir.path());
    let mut g = c.benchmark_group("a phone's word");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    g.bench_function("answered through the window (frames at 60 Hz)", |b| {
        b.iter_custom(|iters| {
            let mut took = Duration::ZERO;
            for _ in 0..iters {
                let (_, _, page) = send(port, "GET", &phone, "");
                let body = format!("t={}&w=yes", token(&page));
                let phone = phone.clone();
                let start = Instant::now();
                let answer = std::thread::spawn(move || send(port, "POST", &phone, &body));
                w.until(|| answer.is_finished());
                took += start.elapsed();
                let (code, _, said) = answer.join().unwrap();
                assert!(code == 200 && said.contains("est noté"), "{said}");
            }
            took
        })
    });
    g.bench_function("floor: the phone's page read", |b| {
        b.iter(|| send(port, "GET", &phone, ""))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
