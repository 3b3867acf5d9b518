//! The room's pages in a real browser: headless Chromium driven through ChromeDriver
//! (WebDriver over plain HTTP), every host but this machine unreachable. The totals are on the
//! page; a hand added with `marque add` appears without a reload; tapping a hand shows its
//! count; a name holding HTML is text and runs nothing. Needs `chromium` and `chromium-driver`
//! (installed by `.ci/run` and the README's test command).
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod common;

/// A child process killed when dropped (its standard output, if taken, kept open till then).
struct Running(
    Child,
    #[expect(dead_code, reason = "held open while the child runs")]
    Option<BufReader<std::process::ChildStdout>>,
);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One HTTP exchange with ChromeDriver, its JSON answer's `value`.
fn wd(port: u16, method: &str, path: &str, body: &Value) -> Value {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.to_string();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // ChromeDriver keeps the connection open: the body is read by its length.
    let mut reader = BufReader::new(s);
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    v["value"].clone()
}

/// A browser session on ChromeDriver.
struct Browser {
    port: u16,
    id: String,
    _driver: Running,
}

impl Browser {
    fn start() -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (Debian's chromium-driver) is installed");
        let driver = Running(driver, None);
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let args = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=390,844",
            "--lang=fr",
            // Every host but this machine unreachable: the page needs nothing from outside.
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args}}}});
        let v = wd(port, "POST", "/session", &caps);
        let id = v["sessionId"]
            .as_str()
            .expect("a browser session")
            .to_string();
        Browser {
            port,
            id,
            _driver: driver,
        }
    }

    fn go(&self, url: &str) {
        wd(
            self.port,
            "POST",
            &format!("/session/{}/url", self.id),
            &json!({ "url": url }),
        );
    }

    fn js(&self, script: &str) -> Value {
        wd(
            self.port,
            "POST",
            &format!("/session/{}/execute/sync", self.id),
            &json!({ "script": script, "args": [] }),
        )
    }

    /// Waits until `script` returns true.
    fn until(&self, script: &str, within: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.js(script) == json!(true) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        false
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        wd(
            self.port,
            "DELETE",
            &format!("/session/{}", self.id),
            &json!({}),
        );
    }
}

impl Browser {
    /// The window at a phone's size: 360 × 740.
    fn phone(&self) {
        wd(
            self.port,
            "POST",
            &format!("/session/{}/window/rect", self.id),
            &json!({"width": 360, "height": 740}),
        );
    }

    /// The page's width, the screen's, and the right edge `edge` (a script's value) reaches;
    /// each within a phone's screen.
    fn fits(&self, edge: &str, what: &str) {
        let widths = self.js(&format!(
            "return [document.documentElement.scrollWidth, window.innerWidth, {edge}]"
        ));
        let (page, screen, right) = (
            widths[0].as_f64().unwrap(),
            widths[1].as_f64().unwrap(),
            widths[2].as_f64().unwrap(),
        );
        assert!(screen <= 400.0, "a phone's width: {screen}");
        assert!(
            page <= screen,
            "{what}: the page is {page} px wide at {screen}"
        );
        assert!(right <= screen, "{what} ends at {right}");
    }
}

const HOSTILE: &str = "<img src=x onerror=\"window.pwned=1\">";

/// A deal added with `marque add`, seen on the page without a reload: its sheet has `rows`.
fn add_and_see(b: &Browser, file: &std::path::Path, rows: usize) {
    let added = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args([
            "add",
            file.to_str().unwrap(),
            r#"{"contract": "3NT", "declarer": "S", "tricks": 9}"#,
        ])
        .output()
        .unwrap();
    assert!(added.status.success(), "marque add adds the hand");
    assert!(
        b.until(
            &format!("return document.querySelectorAll('table.sheet tbody tr').length === {rows}"),
            Duration::from_secs(5)
        ),
        "the new hand did not appear"
    );
}

/// `marque serve` on `dir` (with `more` arguments), and its pages' address.
fn serve(dir: &std::path::Path, more: &[&str]) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args([
            "serve",
            dir.to_str().unwrap(),
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
        ])
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut url = String::new();
    out.read_line(&mut url).unwrap();
    (Running(child, Some(out)), url.trim().to_string())
}

/// `marque serve DIR --pairing` on 127.0.0.1: the server, and what it printed until `enough`
/// of it is there (each line trimmed).
fn serve_pairing(
    dir: &std::path::Path,
    enough: impl Fn(&[String]) -> bool,
) -> (Running, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["serve", dir.to_str().unwrap(), "--bind", "127.0.0.1"])
        .args(["--port", "0", "--pairing"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines: Vec<String> = Vec::new();
    while !enough(&lines) {
        let mut l = String::new();
        assert!(
            out.read_line(&mut l).unwrap() > 0,
            "the pairing lines: {lines:?}"
        );
        lines.push(l.trim().to_string());
    }
    (Running(child, Some(out)), lines)
}

#[test]
fn the_pages_follow_the_session_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let deal = |by: &str| json!({"contract": "4S", "declarer": by, "tricks": 10});
    let bridge = json!({"format": "marque-session", "version": 1, "id": "soir", "game": "bridge",
        "created": "2026-11-26T20:00:00+01:00", "players": [HOSTILE, "Bruno", "Claire", "David"],
        "options": {}, "closed": false, "hands": [deal("N"), deal("E")]});
    let file = dir.path().join("soir.json");
    std::fs::write(&file, bridge.to_string()).unwrap();
    let (_server, url) = serve(dir.path(), &[]);
    let page = format!("{url}s/soir?lang=fr");

    let b = Browser::start();
    b.go(&page);
    // The totals as marque score gives them.
    let score = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["score", file.to_str().unwrap()])
        .output()
        .unwrap();
    let score: Value = serde_json::from_slice(&score.stdout).unwrap();
    let shown =
        b.js("return Array.from(document.querySelectorAll('.total')).map(e => e.textContent)");
    let want: Vec<Value> = score["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| json!(marque_core::view::minus(t.as_i64().unwrap())))
        .collect();
    assert_eq!(shown, json!(want));
    // A name holding HTML is text: no image made, nothing run.
    assert_eq!(
        b.js("return document.querySelectorAll('img').length"),
        json!(0)
    );
    assert_eq!(b.js("return window.pwned === undefined"), json!(true));
    assert_eq!(
        b.js(&format!(
            "return document.body.innerText.includes({})",
            json!(HOSTILE)
        )),
        json!(true)
    );
    // A hand added elsewhere appears without a reload (a mark set on this page stays).
    b.js("window.notReloaded = true; return true");
    add_and_see(&b, &file, 3);
    assert_eq!(
        b.js("return window.notReloaded === true"),
        json!(true),
        "the page reloaded"
    );
    assert_eq!(
        b.js("return document.querySelector('tr.last th a').textContent"),
        json!("3")
    );
    // Tapping a hand shows its count, each line with its rule.
    b.js("document.querySelector('tr.last th a').click(); return true");
    assert!(
        b.until(
            "return document.body.innerText.includes('[bridge.') && !!document.querySelector('table.count')",
            Duration::from_secs(5)
        ),
        "the count did not show"
    );
}

/// Every place taken (`--clients 1`, held by another follower), a page's stream meets a 503,
/// which makes a browser give up its `EventSource` for good: the page says it is reconnecting,
/// opens its stream again by itself, and follows once the place is free.
#[test]
fn a_page_whose_stream_met_a_503_follows_again() {
    let dir = tempfile::tempdir().unwrap();
    let deal = |by: &str| json!({"contract": "4S", "declarer": by, "tricks": 10});
    let bridge = json!({"format": "marque-session", "version": 1, "id": "soir", "game": "bridge",
        "created": "2026-11-26T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "closed": false, "hands": [deal("N")]});
    let file = dir.path().join("soir.json");
    std::fs::write(&file, bridge.to_string()).unwrap();
    let (_server, url) = serve(dir.path(), &["--clients", "1"]);
    let host = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let path = url.trim_start_matches("http://").trim_start_matches(&host);
    // The one place, taken.
    let mut holder = TcpStream::connect(&host).unwrap();
    write!(
        holder,
        "GET {path}s/soir/events HTTP/1.1\r\nHost: {host}\r\n\r\n"
    )
    .unwrap();
    holder
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut first = [0u8; 64];
    let n = holder.read(&mut first).unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).contains(" 200 "));
    let b = Browser::start();
    b.go(&format!("{url}s/soir?lang=fr"));
    assert!(
        b.until(
            "return document.getElementById('status').textContent.length > 0",
            Duration::from_secs(5)
        ),
        "the page did not say it is reconnecting"
    );
    // Still refused a while (the place is held), then the place is given back.
    std::thread::sleep(Duration::from_secs(3));
    drop(holder);
    assert!(
        b.until(
            "return document.getElementById('status').textContent === ''",
            Duration::from_secs(40)
        ),
        "the page did not follow again"
    );
    add_and_see(&b, &file, 2);
}

/// The other side's word from its phone, in a real browser at 390×844: EW's phone pairs
/// through the code `marque serve --pairing` prints, sees the deal from its side with its
/// count, disputes it (the room's page marks it), is asked again once the laptop corrects it,
/// and agrees (the mark goes).
#[test]
fn a_side_disputes_then_agrees_from_its_phone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("soir.json");
    let head = json!({"format": "marque-session", "version": 1, "id": "soir", "game": "bridge",
        "created": "2026-11-27T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "confirm": true, "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let added = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args([
            "add",
            file.to_str().unwrap(),
            r#"{"contract":"4S","declarer":"N","tricks":10}"#,
        ])
        .output()
        .unwrap();
    assert!(added.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args([
            "serve",
            dir.path().to_str().unwrap(),
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--pairing",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    while lines.iter().filter(|l: &&String| l.contains("/p/")).count() < 2 {
        let mut l = String::new();
        assert!(out.read_line(&mut l).unwrap() > 0, "the pairing lines");
        lines.push(l.trim().to_string());
    }
    let _server = Running(child, Some(out));
    let root = lines[0].clone();
    let ew_offer = lines
        .iter()
        .filter(|l| l.contains("/p/"))
        .nth(1)
        .unwrap()
        .clone();
    let b = Browser::start();
    b.go(&format!("{ew_offer}?lang=fr"));
    assert!(b.until(
        "return !!document.getElementById('label')",
        Duration::from_secs(5)
    ));
    b.js("document.getElementById('label').value = 'Chloé'; document.querySelector('form').submit(); return true");
    assert!(
        b.until(
            "return document.body.innerText.includes('Vous êtes EO — Chloé')",
            Duration::from_secs(5)
        ),
        "the phone's page: {} {}",
        b.js("return document.location.href"),
        b.js("return document.body.innerText")
    );
    let text = b.js("return document.body.innerText");
    let text = text.as_str().unwrap();
    assert!(text.contains("Vous marquez 0, NS marque +120"), "{text}");
    assert!(
        text.contains("[bridge.below.tricks]"),
        "the count with its rule: {text}"
    );
    // Both keys on the phone's first screen (390×844), the count under them.
    let keys = b.js(
        "return [document.querySelector('button[value=yes]').getBoundingClientRect().bottom, \
         document.querySelector('button[value=no]').getBoundingClientRect().bottom, \
         window.innerHeight]",
    );
    let (yes, no, screen) = (
        keys[0].as_f64().unwrap(),
        keys[1].as_f64().unwrap(),
        keys[2].as_f64().unwrap(),
    );
    assert!(
        yes <= screen && no <= screen,
        "the keys on the first screen: {yes}, {no} of {screen}"
    );
    // "Pas d'accord", with why.
    b.js("document.getElementById('why').value = 'Nord a fait 11'; document.querySelector('button[value=no]').click(); return true");
    assert!(b.until(
        "return document.body.innerText.includes('est noté')",
        Duration::from_secs(5)
    ));
    // The phone says its own reason back.
    assert!(
        b.until(
            "return document.body.innerText.includes('(« Nord a fait 11 »)')",
            Duration::from_secs(5)
        ),
        "its reason said back: {}",
        b.js("return document.body.innerText")
    );
    let disputed = |want: bool| {
        let url = format!("{root}s/soir");
        let rest = url.strip_prefix("http://").unwrap();
        let (host, path) = rest.split_once('/').unwrap();
        let mut s = TcpStream::connect(host).unwrap();
        write!(
            s,
            "GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut page = String::new();
        s.read_to_string(&mut page).ok();
        page.contains("class=\"last disputed\"") == want
    };
    assert!(disputed(true), "the room's page marks the deal");
    // The laptop corrects it: the phone, following, shows it again to answer.
    let mut doc = marque_store::document::Document::open(&file).unwrap();
    let hand = doc
        .session()
        .decode(&json!({"contract": "4S", "declarer": "N", "tricks": 11}))
        .unwrap();
    doc.edit(0, hand.game, "2026-11-27T21:00:00+01:00").unwrap();
    assert!(
        b.until(
            "return document.body.innerText.includes('Vous marquez 0, NS marque +150') && !document.body.innerText.includes('est noté')",
            Duration::from_secs(10)
        ),
        "asked again: {}",
        b.js("return document.body.innerText")
    );
    b.js("document.querySelector('button[value=yes]').click(); return true");
    // Noted; once the session's change comes back, nothing more to confirm.
    assert!(b.until(
        "return document.body.innerText.includes('est noté') || document.body.innerText.includes('Rien à confirmer')",
        Duration::from_secs(5)
    ));
    assert!(
        b.until(
            "return document.body.innerText.includes('Rien à confirmer')",
            Duration::from_secs(10)
        ),
        "nothing more asked"
    );
    assert!(disputed(false), "the mark goes");
    let s = marque_store::read_session(&file).unwrap().session;
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["add", "dispute", "edit", "confirm"]);
}

/// A Chicago session's room page at a phone's 360 px: nothing wider than the screen (every
/// side's column of the sheet, the chukker's wheel), in both languages.
#[test]
fn a_chicago_page_fits_a_360_px_phone() {
    let dir = tempfile::tempdir().unwrap();
    let deal = |c: &str, by: &str, t: u64| json!({"contract": c, "declarer": by, "tricks": t});
    let chicago = json!({"format": "marque-session", "version": 1, "id": "chi", "game": "bridge",
        "created": "2026-11-26T20:00:00+01:00",
        "players": ["Anne-Sophie", "Bruno", "Claire", "David"], "options": {"format": "chicago"},
        "hands": [deal("4S", "N", 10), deal("3NT", "E", 9), deal("2H", "S", 8)]});
    std::fs::write(dir.path().join("chi.json"), chicago.to_string()).unwrap();
    let (_server, url) = serve(dir.path(), &[]);
    let b = Browser::start();
    b.phone();
    for lang in ["fr", "en"] {
        b.go(&format!("{url}s/chi?lang={lang}"));
        assert!(
            b.until(
                "return document.querySelector('.wheel') !== null",
                Duration::from_secs(10)
            ),
            "the page with its wheel"
        );
        b.fits(
            "document.querySelector('table.sheet').getBoundingClientRect().right",
            &format!("{lang}: the sheet's last column"),
        );
    }
}

/// An evening of several tables on a 360 px phone (issue 51): listed on the index, its page
/// shows each ranking whole across the screen, follows the folder as a table's file arrives
/// (no reload), and a pair's name holding HTML is text.
#[test]
fn an_evening_follows_its_tables_on_a_360_px_phone() {
    let dir = tempfile::tempdir().unwrap();
    let club = dir.path().join("club");
    std::fs::create_dir_all(&club).unwrap();
    let mut pairs: serde_json::Map<String, Value> = (1..=6)
        .map(|p| {
            (
                p.to_string(),
                json!([format!("Anne-Sophie{p}"), format!("Bruno{p}")]),
            )
        })
        .collect();
    pairs.insert("6".into(), json!([HOSTILE, "Zoé"]));
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs", "title": "Vendredi",
        "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, "pairs": pairs,
        "tables": [{"table": 1, "file": "t1.json"}, {"table": 2, "file": "t2.json"},
                   {"table": 3, "file": "t3.json"}]});
    std::fs::write(club.join("soir.evening.json"), ev.to_string()).unwrap();
    let table = |tricks: u64| {
        json!({"format": "marque-session", "version": 1, "game": "bridge",
               "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"},
               "hands": [{"board": 1, "contract": "4S", "declarer": "N", "tricks": tricks}]})
    };
    std::fs::write(club.join("t1.json"), table(10).to_string()).unwrap();
    let (_server, url) = serve(dir.path(), &[]);
    let b = Browser::start();
    b.phone();
    b.go(&format!("{url}?lang=fr"));
    assert!(
        b.until(
            "return [...document.querySelectorAll('a')].some(a => a.textContent === 'Vendredi')",
            Duration::from_secs(10)
        ),
        "the evening listed on the index"
    );
    for lang in ["fr", "en"] {
        b.go(&format!("{url}e/club?lang={lang}"));
        assert!(
            b.until(
                "return document.querySelectorAll('table.club').length >= 2",
                Duration::from_secs(10)
            ),
            "{lang}: the rankings"
        );
        b.fits(
            "Math.max(...[...document.querySelectorAll('table.club')].slice(0, 2)\
               .map(t => t.getBoundingClientRect().right))",
            &format!("{lang}: a ranking"),
        );
    }
    // The name holding HTML is text, and ran nothing.
    let text = b.js("return document.body.textContent");
    assert!(text.as_str().unwrap().contains(HOSTILE), "the name as text");
    assert_eq!(
        b.js("return window.pwned === undefined"),
        json!(true),
        "nothing ran"
    );
    // Table 3's file arrives: the page shows its result without a reload.
    b.js("window.stayed = true; return true");
    std::fs::write(club.join("t3.json"), table(11).to_string()).unwrap();
    assert!(
        b.until(
            "return document.body.textContent.includes('(2 results)')",
            Duration::from_secs(10)
        ),
        "board 1's second result followed"
    );
    assert_eq!(
        b.js("return window.stayed === true"),
        json!(true),
        "no reload"
    );
}

/// A board entered on a table's phone as the table taps it: the keys (4♠ by North, `result`
/// tricks over or under), "Voir le score", "Valider", then E-W's "D'accord" on the same phone.
fn enter_on_the_phone(b: &Browser, result: &str) {
    let tap = |selector: &str| {
        let done = b.js(&format!(
            "const k = document.querySelector({selector:?}); if (!k) return false; \
             (k.closest('label') || k).click(); return true"
        ));
        assert_eq!(
            done,
            json!(true),
            "{selector} on {}",
            b.js("return document.body.innerText")
        );
    };
    assert!(
        b.until(
            "return !!document.querySelector('form.entry')",
            Duration::from_secs(5)
        ),
        "the board's keys: {}",
        b.js("return document.body.innerText")
    );
    // Every key on a 360 px phone's width.
    b.fits(
        "Math.max(...[...document.querySelectorAll('fieldset.keys span')]\
           .map(k => k.getBoundingClientRect().right))",
        "the keys",
    );
    // Where the stakes' box and the key under it are on the page before anything is keyed.
    let rects = "return ['#stakes', 'form.entry button[type=submit]'].map(s => \
                 { const r = document.querySelector(s).getBoundingClientRect(); \
                   return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })";
    let before = b.js(rects);
    for key in [
        "input[name=lvl][value='4']",
        "input[name=st][value='S']",
        "input[name=by][value='N']",
    ] {
        tap(key);
    }
    // The stakes come as the contract is keyed: each result with its figure, the likely
    // ones in view, nothing moved, all within the phone's width.
    assert!(
        b.until(
            "return document.querySelectorAll('#stakes button.scell').length === 14",
            Duration::from_secs(5)
        ),
        "the stakes: {}",
        b.js("return document.getElementById('stakes').innerHTML")
    );
    assert_eq!(b.js(rects), before, "nothing moved as the stakes came");
    b.fits(
        "document.getElementById('stakes').getBoundingClientRect().right",
        "the stakes",
    );
    let label = match result {
        "0" => "=".to_string(),
        r => format!("+{r}"),
    };
    let cell = format!(
        "[...document.querySelectorAll('#stakes button.scell')]\
           .find(c => c.querySelector('span').textContent === {label:?})"
    );
    let seen = b.js(&format!(
        "const c = {cell}; const row = c.parentElement.getBoundingClientRect(); \
         const r = c.getBoundingClientRect(); \
         return r.left >= row.left && r.right <= row.right"
    ));
    assert_eq!(seen, json!(true), "the likely result {label} in view");
    let figure = b.js(&format!("return {cell}.querySelector('b').textContent"));
    let figure = figure.as_str().unwrap().to_string();
    // Tapped: its lines with their rules, in the box.
    b.js(&format!("{cell}.click(); return true"));
    assert!(
        b.until(
            &format!(
                "return document.getElementById('slines').innerText.includes('Score de N-S : {figure}')"
            ),
            Duration::from_secs(5)
        ),
        "the lines of {label}: {}",
        b.js("return document.getElementById('stakes').innerText")
    );
    assert_eq!(b.js(rects), before, "nothing moved as a result was tapped");
    tap(&format!("input[name=res][value='{result}']"));
    tap("form.entry button[type=submit]");
    assert!(
        b.until(
            &format!("return document.body.innerText.includes('Score de N-S : {figure}')"),
            Duration::from_secs(5)
        ),
        "the score the stakes said, before it is written: {}",
        b.js("return document.body.innerText")
    );
    tap("button.yes");
    assert!(
        b.until(
            "return document.body.innerText.includes(\"EO vérifie : d'accord ?\")",
            Duration::from_secs(5)
        ),
        "E-W asked: {}",
        b.js("return document.body.innerText")
    );
    tap("button[value=yes]");
    assert!(
        b.until(
            "return document.body.innerText.includes(\"C'est noté\")",
            Duration::from_secs(5)
        ),
        "E-W's word noted"
    );
}

/// A whole round of a 2-table evening entered and checked from the tables' phones in Chromium
/// at 360×740, each phone paired by its table's code; the evening's page then ranks the pairs.
#[test]
fn a_round_of_two_tables_is_entered_and_checked_from_their_phones() {
    let dir = tempfile::tempdir().unwrap();
    let pairs: serde_json::Map<String, Value> = (1..=4)
        .map(|p| {
            (
                p.to_string(),
                json!([format!("Anne{p}"), format!("Bruno{p}")]),
            )
        })
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs", "title": "Mardi",
        "movement": {"kind": "mitchell", "tables": 2, "boards_per_round": 2}, "pairs": pairs,
        "tables": [{"table": 1, "file": "t1.json"}, {"table": 2, "file": "t2.json"}]});
    std::fs::write(dir.path().join("mardi.evening.json"), ev.to_string()).unwrap();
    for t in ["t1.json", "t2.json"] {
        let table = json!({"format": "marque-session", "version": 1, "game": "bridge",
            "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": []});
        std::fs::write(dir.path().join(t), table.to_string()).unwrap();
    }
    let (_server, lines) = serve_pairing(dir.path(), |lines| {
        lines.iter().filter(|l| l.contains("/p/")).count() >= 2
    });
    let root = lines[0].clone();
    let offers: Vec<String> = lines
        .iter()
        .filter(|l| l.contains("/p/"))
        .cloned()
        .collect();
    let b = Browser::start();
    b.phone();
    // Each table's phone: paired by its code, both boards of the round entered and checked
    // (table 1's N-S make 10 tricks, table 2's 11).
    for (offer, result) in offers.iter().zip(["0", "1"]) {
        b.go(&format!("{offer}?lang=fr"));
        assert!(b.until(
            "return !!document.getElementById('label')",
            Duration::from_secs(5)
        ));
        b.js("document.getElementById('label').value = 'Table'; document.querySelector('form').submit(); return true");
        for _ in 0..2 {
            enter_on_the_phone(&b, result);
        }
        assert!(
            b.until(
                "return document.body.innerText.includes('2 étuis saisis sur 2')",
                Duration::from_secs(5)
            ),
            "the table's round entered: {}",
            b.js("return document.body.innerText")
        );
    }
    // The evening's page has the round: the four pairs ranked, each table's two boards with
    // their result.
    b.go(&format!("{root}e/mardi?lang=fr"));
    assert!(
        b.until(
            "return document.querySelectorAll('table.club').length >= 2",
            Duration::from_secs(10)
        ),
        "the rankings"
    );
    let text = b.js("return document.body.innerText");
    let text = text.as_str().unwrap();
    for pair in ["Anne1", "Anne2", "Anne3", "Anne4"] {
        assert!(text.contains(pair), "{pair} ranked: {text}");
    }
    assert_eq!(
        text.matches("(1 résultat)").count(),
        4,
        "each board's result: {text}"
    );
}

/// A single table's phone at Le Tarot in Chromium at 360×740: as the taker and the contract
/// are tapped, the stakes come in their box (a row per petit au bout, the likely margins in
/// view), nothing on the page moving; a result tapped shows its lines, each side's score the
/// one `marque stakes` gives; the bouts keyed narrow them; in English too.
#[test]
fn a_tables_phone_shows_the_stakes_as_the_bid_is_keyed() {
    let dir = tempfile::tempdir().unwrap();
    let tarot = json!({"format": "marque-session", "version": 1, "id": "t", "game": "tarot",
        "created": "2026-12-03T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "hands": []});
    let file = dir.path().join("t.json");
    std::fs::write(&file, tarot.to_string()).unwrap();
    // The session's own table's offer: the address under the line that says so.
    let after_table = |lines: &[String]| {
        let at = lines.iter().position(|l| l.contains("entre son jeu"))?;
        lines[at..]
            .iter()
            .find(|l| l.starts_with("http://"))
            .cloned()
    };
    let (_server, lines) = serve_pairing(dir.path(), |lines| after_table(lines).is_some());
    let offer = after_table(&lines).unwrap();
    let listed = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args([
            "stakes",
            file.to_str().unwrap(),
            r#"{"taker": 2, "contract": "garde", "bouts": 3}"#,
        ])
        .output()
        .unwrap();
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let b = Browser::start();
    b.phone();
    b.go(&format!("{offer}?lang=fr"));
    assert!(b.until(
        "return !!document.getElementById('label')",
        Duration::from_secs(5)
    ));
    b.js("document.getElementById('label').value = 'Table'; document.querySelector('form').submit(); return true");
    assert!(b.until(
        "return !!document.getElementById('stakes')",
        Duration::from_secs(5)
    ));
    let rects = "return ['#stakes', 'form.entry button[type=submit]'].map(s => \
                 { const r = document.querySelector(s).getBoundingClientRect(); \
                   return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })";
    let before = b.js(rects);
    for key in [
        "input[name=taker][value='2']",
        "input[name=contract][value='garde']",
    ] {
        b.js(&format!(
            "document.querySelector({key:?}).closest('label').click(); return true"
        ));
    }
    assert!(
        b.until(
            "return document.querySelectorAll('#stakes .srow').length === 3",
            Duration::from_secs(5)
        ),
        "a row per petit au bout: {}",
        b.js("return document.getElementById('stakes').innerHTML")
    );
    assert_eq!(b.js(rects), before, "nothing moved as the stakes came");
    b.fits(
        "document.getElementById('stakes').getBoundingClientRect().right",
        "the stakes",
    );
    // Each row shows a likely margin, the row alone scrolled to it.
    let in_view = b.js(
        "return [...document.querySelectorAll('#stakes .scells')].map(row => { \
           const c = row.querySelector('.likely').getBoundingClientRect(); \
           const r = row.getBoundingClientRect(); return c.left >= r.left && c.right <= r.right; })",
    );
    assert_eq!(in_view, json!([true, true, true]), "the likely margins in view: {}", b.js(
        "return [...document.querySelectorAll('#stakes .scells')].map(row => { \
           const c = row.querySelector('.likely'); \
           return [row.scrollLeft, row.scrollWidth, row.clientWidth, c.offsetLeft, row.offsetLeft, c.getBoundingClientRect().left, row.getBoundingClientRect().left, c.getBoundingClientRect().right, row.getBoundingClientRect().right]; })"));
    // The bouts keyed: still the three rows, now of that count alone.
    let ends = "const c = [...document.querySelectorAll('#stakes .scells')][0].children; \
                return [c[0].querySelector('span').textContent, \
                        c[c.length - 1].querySelector('span').textContent]";
    assert_eq!(
        b.js(ends),
        json!(["−56", "+55"]),
        "the bouts unknown: every count"
    );
    b.js("document.querySelector(\"input[name=bouts][value='3']\").closest('label').click(); return true");
    // 36 points needed with 3 bouts: the attack holds at least the bouts' own points, at
    // most all 91.
    let narrowed = format!(
        "const e = (() => {{ {ends} }})().map(t => Number(t.replace('−', '-'))); \
         return e[0] > -36 && e[1] === 55"
    );
    assert!(
        b.until(&narrowed, Duration::from_secs(5)),
        "3 bouts: {}",
        b.js(ends)
    );
    // A likely margin without the petit, tapped: its lines, each side's score as `marque
    // stakes` says of that bid.
    let cell =
        "[...document.querySelectorAll('#stakes .srow')][0].querySelector('button.scell.likely')";
    let k = b.js(&format!(
        "const c = {cell}; c.click(); return c.getAttribute('data-k')"
    ));
    let k: usize = k.as_str().unwrap().parse().unwrap();
    let delta = listed["outcomes"][k]["delta"].as_array().unwrap().clone();
    assert!(
        b.until(
            "return document.getElementById('slines').innerText.includes('marque')",
            Duration::from_secs(5)
        ),
        "the lines: {}",
        b.js("return document.getElementById('stakes').innerText")
    );
    let lines = b.js("return document.getElementById('slines').innerText");
    let lines = lines.as_str().unwrap();
    if let Err(shown) = common::phone::says_each(lines, &delta) {
        panic!("{shown} in {lines}");
    }
    assert!(lines.contains("tarot."), "each line's rule: {lines}");
    assert_eq!(b.js(rects), before, "nothing moved as a result was tapped");
    // In English.
    let here = b.js("return location.href");
    b.go(&here.as_str().unwrap().replace("lang=fr", "lang=en"));
    assert!(b.until(
        "return !!document.getElementById('stakes')",
        Duration::from_secs(5)
    ));
    b.js("document.querySelector(\"input[name=taker][value='2']\").closest('label').click(); \
          document.querySelector(\"input[name=contract][value='garde']\").closest('label').click(); return true");
    assert!(
        b.until(
            "return document.getElementById('stakes').innerText.includes('At stake')",
            Duration::from_secs(5)
        ),
        "{}",
        b.js("return document.getElementById('stakes').innerText")
    );
}
