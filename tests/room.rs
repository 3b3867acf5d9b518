//! The room's server under attack as on a Wi-Fi: in a private network namespace (made by the
//! test itself with `unshare -n`, as root; CI runs as root) whose loopback holds addresses
//! that are not loopback ones, so that the per-address limits apply as to phones. A phone
//! loads a page every 0.25 s and follows a stream while, for 30 s each, strangers pipeline
//! requests and read nothing, hold silent connections, trickle heads, a guest opens 64 streams,
//! HEAD requests of a stream pour in; then three rounds of descriptor exhaustion; then a phone
//! whose link goes down. The write route is open all along (EW's paired phone answers each deal
//! the laptop enters) and attacked in its turn: forms too large, trickled, or from elsewhere;
//! then the table's phones' (`room/tables.rs`): NS's four phones reloading while the table's
//! phone enters deals, 100,000 pairings through one offer, ten asks of a 300,000-deal page, a
//! hundred pages at once.
//! Needs `unshare` (util-linux) and `ip` (iproute2).
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::process::Command;

mod common;
#[path = "room/tables.rs"]
mod tables;
use common::{Served, served, status};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long each attack lasts.
const ATTACK: Duration = Duration::from_secs(30);

#[test]
fn the_room_holds_under_attack() {
    if std::env::var_os("MARQUE_ROOM_INSIDE").is_some() {
        return inside();
    }
    let out = Command::new("unshare")
        .arg("-n")
        .arg("--")
        .arg(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "the_room_holds_under_attack",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("MARQUE_ROOM_INSIDE", "1")
        .status()
        .expect("unshare (util-linux) runs");
    assert!(
        out.success(),
        "the attacks inside the namespace failed (or it could not be made: run as root)"
    );
}

fn ip(last: u8) -> IpAddr {
    IpAddr::from([10, 9, 0, last])
}

/// The phone's address (10.9.0.1 is the server's; the attackers' come from 10 on).
const PHONE: u8 = 2;

fn sh(args: &[&str]) {
    let ok = Command::new("ip")
        .args(args)
        .status()
        .expect("ip (iproute2)");
    assert!(ok.success(), "ip {args:?}");
}

/// A connection to `to` from `from`.
fn connect(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let s = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    s.bind(&SocketAddr::new(from, 0).into())?;
    s.connect_timeout(&to.into(), Duration::from_secs(2))?;
    Ok(s.into())
}

/// `marque serve DIR` on the server's address, under 1,024 descriptors as a desktop session
/// gives, with `more` arguments.
fn serve(dir: &std::path::Path, more: &[&str]) -> (Served, SocketAddr) {
    let mut serve = Command::new("prlimit");
    serve
        .arg("--nofile=1024:1024")
        .arg(env!("CARGO_BIN_EXE_marque"))
        .args(["serve", dir.to_str().unwrap(), "--bind", "10.9.0.1"])
        .args(["--port", "0"])
        .args(more)
        .env("MARQUE_SERVE_HEARTBEAT_MS", "1000");
    let s = served(serve);
    let addr = s.host.parse().unwrap();
    (s, addr)
}

/// One GET from `from`, within 1 s: its status.
fn get(from: IpAddr, to: SocketAddr, path: &str) -> Option<u16> {
    let mut s = connect(from, to).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(1))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = Vec::new();
    s.read_to_end(&mut text).ok()?;
    String::from_utf8_lossy(&text)
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The phone: a page every 0.25 s (each answered 200 within 1 s, or deaf) and a stream
/// followed (deaf while nothing came for 2.5 s: heartbeats come every second).
struct Phone {
    /// EW's paired phone giving its word meanwhile.
    word: Option<Word>,
    stop: Arc<AtomicBool>,
    loads: Arc<Mutex<Vec<bool>>>,
    stream_deaf: Arc<Mutex<Duration>>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Phone {
    fn start(s: &Served, to: SocketAddr) -> Phone {
        let stop = Arc::new(AtomicBool::new(false));
        let loads = Arc::new(Mutex::new(Vec::new()));
        let stream_deaf = Arc::new(Mutex::new(Duration::ZERO));
        let page = format!("{}/s/soir", s.root);
        let mut threads = Vec::new();
        {
            let (stop, loads, page) = (stop.clone(), loads.clone(), page.clone());
            threads.push(std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let start = Instant::now();
                    let ok = get(ip(PHONE), to, &page) == Some(200);
                    loads
                        .lock()
                        .unwrap()
                        .push(ok && start.elapsed() < Duration::from_secs(1));
                    std::thread::sleep(Duration::from_millis(250).saturating_sub(start.elapsed()));
                }
            }));
        }
        {
            let (stop, deaf) = (stop.clone(), stream_deaf.clone());
            threads.push(std::thread::spawn(move || {
                // Deaf while nothing came for 2.5 s (heartbeats come every second), counted
                // from one look to the next.
                let (mut heard, mut looked) = (Instant::now(), Instant::now());
                let mut tick = |heard: Instant| {
                    if heard.elapsed() > Duration::from_millis(2500) {
                        *deaf.lock().unwrap() += looked.elapsed();
                    }
                    looked = Instant::now();
                };
                while !stop.load(Ordering::Relaxed) {
                    tick(heard);
                    let Ok(mut c) = connect(ip(PHONE), to) else {
                        std::thread::sleep(Duration::from_millis(200));
                        continue;
                    };
                    c.set_read_timeout(Some(Duration::from_millis(200)))
                        .unwrap();
                    write!(c, "GET {page}/events HTTP/1.1\r\nHost: {to}\r\n\r\n").unwrap();
                    let mut buf = [0u8; 4096];
                    let mut ok = false;
                    while !stop.load(Ordering::Relaxed) {
                        tick(heard);
                        match c.read(&mut buf) {
                            Ok(0) => break,
                            Ok(n) => {
                                ok = ok || String::from_utf8_lossy(&buf[..n]).contains(" 200 ");
                                if ok {
                                    heard = Instant::now();
                                }
                            }
                            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                            Err(_) => break,
                        }
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
            }));
        }
        Phone {
            word: None,
            stop,
            loads,
            stream_deaf,
            threads,
        }
    }

    /// The share of page loads that failed since the last look, and the stream's deaf time.
    fn look(&self) -> (f64, usize, Duration) {
        let loads = std::mem::take(&mut *self.loads.lock().unwrap());
        let failed = loads.iter().filter(|ok| !**ok).count();
        let deaf = std::mem::take(&mut *self.stream_deaf.lock().unwrap());
        (failed as f64 / loads.len().max(1) as f64, loads.len(), deaf)
    }

    /// Stops it: how many words its paired phone saw noted, in all.
    fn stop(self) -> usize {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads {
            t.join().ok();
        }
        self.word.map_or(0, Word::stop)
    }
}

/// EW's paired phone giving its word: every 3 s the laptop enters a deal NS make (`marque
/// add`, so that EW answers it), and the phone reads its page and agrees: each answer noted
/// (in how long, from its sending to its reply), or not.
struct Word {
    stop: Arc<AtomicBool>,
    said: Arc<Mutex<Vec<Result<Duration, String>>>>,
    noted: Arc<AtomicUsize>,
    thread: std::thread::JoinHandle<()>,
}

impl Word {
    fn start(file: std::path::PathBuf, to: SocketAddr, ew: String) -> Word {
        let stop = Arc::new(AtomicBool::new(false));
        let said = Arc::new(Mutex::new(Vec::new()));
        let noted = Arc::new(AtomicUsize::new(0));
        let thread = {
            let (stop, said, noted) = (stop.clone(), said.clone(), noted.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_secs(3));
                    let deal = r#"{"contract":"4S","declarer":"N","tricks":10}"#;
                    let added = Command::new(env!("CARGO_BIN_EXE_marque"))
                        .args(["add", file.to_str().unwrap(), deal])
                        .output()
                        .is_ok_and(|o| o.status.success());
                    let shown = request(ip(PHONE), to, &format!("GET {ew} HTTP/1.1\r\n"), "");
                    let Some(t) = shown.as_ref().and_then(|(_, page)| form_token(page)) else {
                        let code = shown.map_or(0, |(code, _)| code);
                        said.lock()
                            .unwrap()
                            .push(Err(format!("no page to answer ({code})")));
                        continue;
                    };
                    let start = Instant::now();
                    let answer = request(ip(PHONE), to, &post_head(&ew), &format!("t={t}&w=yes"));
                    let ok = answer
                        .as_ref()
                        .is_some_and(|(code, page)| *code == 200 && page.contains("est noté"));
                    noted.fetch_add(usize::from(ok), Ordering::Relaxed);
                    let took = start.elapsed();
                    said.lock().unwrap().push(match (added, answer) {
                        (false, _) => Err("the laptop's deal not added".to_string()),
                        (true, _) if ok => Ok(took),
                        (true, None) => Err(format!("no reply within 2 s ({took:?})")),
                        (true, Some((code, page))) => Err(format!("{code}: {}", said_on(&page))),
                    });
                }
            })
        };
        Word {
            stop,
            said,
            noted,
            thread,
        }
    }

    /// The words given since the last look: how many, what became of those not noted, and
    /// the slowest reply to one noted.
    fn look(&self) -> (usize, Vec<String>, Duration) {
        let said = std::mem::take(&mut *self.said.lock().unwrap());
        let slowest = said.iter().flatten().max().copied().unwrap_or_default();
        let lost = said.iter().filter_map(|d| d.clone().err()).collect();
        (said.len(), lost, slowest)
    }

    fn stop(self) -> usize {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().ok();
        self.noted.load(Ordering::Relaxed)
    }
}

/// The head of a form posted to `path` from this very server, as a phone's browser sends it.
fn post_head(path: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Sec-Fetch-Site: same-origin\r\n"
    )
}

/// One request from `from` (`head`: its first lines, the rest added), within 2 s: its status
/// and body.
fn request(from: IpAddr, to: SocketAddr, head: &str, body: &str) -> Option<(u16, String)> {
    let mut s = connect(from, to).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    let length = if head.starts_with("POST") {
        format!("Content-Length: {}\r\n", body.len())
    } else {
        String::new()
    };
    write!(
        s,
        "{head}Host: {to}\r\nConnection: close\r\n{length}\r\n{body}"
    )
    .ok()?;
    let mut text = Vec::new();
    s.read_to_end(&mut text).ok()?;
    let text = String::from_utf8_lossy(&text).to_string();
    let code = text.split_whitespace().nth(1)?.parse().ok()?;
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((code, body.to_string()))
}

/// What a phone's page said of its last answer.
fn said_on(page: &str) -> String {
    let Some(at) = page.find("class=\"said") else {
        return "(nothing said)".to_string();
    };
    page[at..].chars().take(200).collect()
}

/// The one-time token of a page's form.
fn form_token(page: &str) -> Option<String> {
    let at = page.find("name=\"t\" value=\"")? + "name=\"t\" value=\"".len();
    Some(page[at..].split('"').next()?.to_string())
}

/// A phone pairs from `from` through `offer`: its own page's path.
fn pair(from: IpAddr, to: SocketAddr, offer: &str) -> String {
    let (_, page) = request(from, to, &format!("GET {offer} HTTP/1.1\r\n"), "").unwrap();
    let t = form_token(&page).expect("the pairing form");
    let mut s = connect(from, to).unwrap();
    let body = format!("t={t}&label=EO");
    write!(
        s,
        "{}Host: {to}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        post_head(offer),
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text.lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or_else(|| l.strip_prefix("Location: "))
        })
        .expect("sent on to its page")
        .trim()
        .to_string()
}

/// Runs `attack` on `n` threads until `ATTACK` is over, each thread given its number.
fn for_a_while(n: usize, attack: impl Fn(usize, &dyn Fn() -> bool) + Send + Sync + 'static) {
    let attack = Arc::new(attack);
    let start = Instant::now();
    let threads: Vec<_> = (0..n)
        .map(|k| {
            let attack = attack.clone();
            std::thread::spawn(move || attack(k, &|| start.elapsed() < ATTACK))
        })
        .collect();
    for t in threads {
        t.join().ok();
    }
}

/// Holds connections opened by `open` (from attacker address `from(k)`), opening anew any the
/// server closed, and feeding each with `feed` every `every`.
fn hold(
    count: usize,
    from: impl Fn(usize) -> IpAddr,
    to: SocketAddr,
    every: Duration,
    (first, feed): (&[u8], &[u8]),
    going: &dyn Fn() -> bool,
) {
    let mut held: Vec<(usize, Option<TcpStream>, usize)> =
        (0..count).map(|k| (k, None, 0)).collect();
    while going() {
        for (k, c, fed) in &mut held {
            let closed = c.as_ref().is_none_or(|s| {
                s.set_nonblocking(true).ok();
                !matches!(s.peek(&mut [0u8; 1]), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
            });
            if closed {
                *c = connect(from(*k), to).ok();
                *fed = 0;
                if let Some(s) = c.as_mut() {
                    s.write_all(first).ok();
                }
            }
            if let Some(s) = c.as_mut()
                && *fed < feed.len()
            {
                s.set_nonblocking(false).ok();
                if s.write_all(&feed[*fed..=*fed]).is_ok() {
                    *fed += 1;
                }
            }
        }
        std::thread::sleep(every);
    }
}

/// What the phone lived through during an attack, and the server's memory and threads.
fn judge(report: &mut Vec<(String, bool)>, pid: u32, what: &str, phone: &Phone) {
    let (failed, loads, deaf) = phone.look();
    let (words, lost, slowest) = phone
        .word
        .as_ref()
        .map_or((1, Vec::new(), Duration::ZERO), Word::look);
    let threads = status(pid, "Threads:");
    let line = format!(
        "{what}: {:.1} % of {loads} pages failed, stream deaf {deaf:?}, {words} words of which \
         {} not noted {lost:?} (slowest reply {slowest:?}), {} KiB, {threads} threads",
        failed * 100.0,
        lost.len(),
        status(pid, "VmRSS:")
    );
    eprintln!("{line}");
    // A word is answered as a page is, within a second (a loaded machine given twice that).
    let heard = words > 0 && lost.is_empty() && slowest < Duration::from_secs(2);
    report.push((
        line,
        failed <= 0.05 && deaf <= ATTACK / 20 && threads <= 16 && heard,
    ));
}

/// The evening the phones follow, asking the other side's word, served with `--pairing`
/// (the write route open), and EW's phone paired: the session's file, the server, its
/// address, and the phone's page.
fn evening_served(
    dir: &std::path::Path,
) -> (
    std::path::PathBuf,
    Served,
    SocketAddr,
    String,
    tables::Offers,
) {
    let deal = |by: &str| serde_json::json!({"contract": "4S", "declarer": by, "tricks": 10});
    let bridge = serde_json::json!({"format": "marque-session", "version": 1, "id": "soir",
        "game": "bridge", "created": "2026-11-26T20:00:00+01:00",
        "players": ["Anne", "Bruno", "Claire", "David"], "options": {}, "closed": false,
        "confirm": true, "hands": [deal("N"), deal("E")]});
    let file = dir.join("soir.json");
    std::fs::write(&file, bridge.to_string()).unwrap();
    let (mut s, to) = serve(dir, &["--pairing"]);
    // NS's, EW's, then the table's own.
    let offers = s.pairing_lines(3);
    let path = |k: usize| {
        offers[k]
            .1
            .strip_prefix(&format!("http://{}", s.host))
            .unwrap()
            .to_string()
    };
    let ew = pair(ip(PHONE), to, &path(1));
    let more = tables::Offers {
        ns: path(0),
        hands: path(2),
    };
    (file, s, to, ew, more)
}

#[expect(
    unsafe_code,
    reason = "the test process raises its own descriptors' limit through setrlimit"
)]
fn inside() {
    sh(&["link", "set", "lo", "up"]);
    for last in (1..=2).chain(10..=50) {
        sh(&["addr", "add", &format!("10.9.0.{last}/32"), "dev", "lo"]);
    }
    // This process opens more connections than 1,024.
    let limit = libc::rlimit {
        rlim_cur: 65536,
        rlim_max: 65536,
    };
    // SAFETY: setrlimit reads the struct given; nothing else is touched.
    unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) };
    let dir = tempfile::tempdir().unwrap();
    let (file, s, to, ew, offers) = evening_served(dir.path());
    let pid = s.child.id();
    let events = format!("{}/s/soir/events", s.root);
    assert_eq!(
        get(ip(PHONE), to, &format!("{}/s/soir", s.root)),
        Some(200),
        "the phone reads the session before any attack"
    );
    let mut phone = Phone::start(&s, to);
    phone.word = Some(Word::start(file.clone(), to, ew.clone()));
    std::thread::sleep(Duration::from_secs(2));
    phone.look();
    let mut report: Vec<(String, bool)> = Vec::new();

    // 8 connections pipelining requests and reading nothing (one address).
    for_a_while(8, move |_, going| {
        let one = b"GET / HTTP/1.1\r\nHost: a\r\n\r\n".repeat(500);
        while going() {
            let Ok(mut c) = connect(ip(10), to) else {
                continue;
            };
            c.set_write_timeout(Some(Duration::from_secs(1))).ok();
            while going() && c.write_all(&one).is_ok() {}
        }
    });
    judge(&mut report, pid, "8 unread pipelines", &phone);

    // 256 silent connections from 11 addresses.
    for_a_while(11, move |k, going| {
        hold(
            24,
            |_| ip(11 + k as u8),
            to,
            Duration::from_millis(100),
            (b"", b""),
            going,
        );
    });
    judge(
        &mut report,
        pid,
        "256 silent connections from 11 addresses",
        &phone,
    );

    // 256 connections trickling a head from 8 addresses (a byte a second).
    for_a_while(8, move |k, going| {
        let head = b"GET / HTTP/1.1\r\nHost: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        hold(
            32,
            |_| ip(22 + k as u8),
            to,
            Duration::from_secs(1),
            (b"", head),
            going,
        );
    });
    judge(
        &mut report,
        pid,
        "256 trickling heads from 8 addresses",
        &phone,
    );

    // One guest (with the capability) opening 64 streams.
    let asked = format!("GET {events} HTTP/1.1\r\nHost: {to}\r\n\r\n");
    for_a_while(1, move |_, going| {
        hold(
            64,
            |_| ip(30),
            to,
            Duration::from_millis(200),
            (b"", asked.as_bytes()),
            going,
        );
    });
    judge(&mut report, pid, "one guest opening 64 streams", &phone);

    heads_of_a_stream(&mut report, pid, to, &phone, &events);

    write_route(&mut report, pid, to, &phone, (&s.root, &ew));

    // What the table's phones write, attacked (issue 52).
    tables::reloading_phones(&mut report, (pid, to), &phone, &offers, &file);
    tables::pairings_flood(&mut report, (pid, to), &phone, &offers);
    tables::huge_pages(&mut report, (pid, to), &phone, (dir.path(), &s.root));
    tables::hundred_at_once(&mut report, (pid, to), &phone, &s.root);

    // Three rounds of descriptor exhaustion: 8 unread pipelines and 1,100 requests that ask
    // to close, from one address, each connection kept open by its client.
    for round in 1..=3 {
        let mut kept = Vec::new();
        let one = b"GET / HTTP/1.1\r\nHost: a\r\n\r\n".repeat(500);
        for _ in 0..8 {
            if let Ok(mut c) = connect(ip(32), to) {
                c.set_write_timeout(Some(Duration::from_millis(200))).ok();
                while c.write_all(&one).is_ok() {}
                kept.push(c);
            }
        }
        for _ in 0..1100 {
            if let Ok(mut c) = connect(ip(32), to) {
                c.write_all(b"GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
                    .ok();
                kept.push(c);
            }
        }
        let answered = get(ip(PHONE), to, &format!("{}/s/soir", s.root)) == Some(200);
        drop(kept);
        std::thread::sleep(Duration::from_secs(1));
        let after = get(ip(PHONE), to, &format!("{}/s/soir", s.root)) == Some(200);
        report.push((
            format!("exhaustion round {round}: answered during {answered}, after {after}"),
            after,
        ));
        judge(
            &mut report,
            pid,
            &format!("exhaustion round {round}"),
            &phone,
        );
    }
    let noted = phone.stop();
    drop(s);
    every_word_once(&mut report, &file, noted);

    a_phone_gone(dir.path(), &mut report);
    let failed: Vec<&String> = report
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(l, _)| l)
        .collect();
    for (line, _) in &report {
        eprintln!("{line}");
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Every word the phone saw noted is in the file once, and nothing an attacker sent is.
fn every_word_once(report: &mut Vec<(String, bool)>, file: &std::path::Path, noted: usize) {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    let said = |action: &str| {
        v["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == action)
            .count()
    };
    let (confirms, disputes) = (said("confirm"), said("dispute"));
    report.push((
        format!("{noted} words noted, {confirms} in the file, {disputes} disputes"),
        noted > 0 && confirms == noted && disputes == 0,
    ));
}

/// The write route attacked, each attack for `ATTACK` while EW's phone gives its word: forms
/// of 64 KiB, forms trickled a byte a second, and forms from elsewhere (another origin, a
/// cross-site request with a token the attacker was shown, no token, the room's read-only
/// address), each of them disputing: none is written.
fn write_route(
    report: &mut Vec<(String, bool)>,
    pid: u32,
    to: SocketAddr,
    phone: &Phone,
    (root, ew): (&str, &str),
) {
    // 64 KiB forms from 8 addresses, to the phone's address (as if it leaked) and to one
    // made up.
    let paths = [
        ew.to_string(),
        format!("{root}/a/0123456789abcdef0123456789abcdef"),
    ];
    for_a_while(8, move |k, going| {
        let body = format!("t=x&w=no&why={}", "x".repeat(64 * 1024));
        while going() {
            for path in &paths {
                request(ip(42 + k as u8), to, &post_head(path), &body);
            }
        }
    });
    judge(report, pid, "64 KiB forms from 8 addresses", phone);

    // 256 forms trickling their body from 8 addresses (a byte a second).
    let head = format!("{}Host: {to}\r\nContent-Length: 200\r\n\r\n", post_head(ew));
    let addresses = [33, 34, 35, 36, 37, 38, 39, 50];
    for_a_while(8, move |k, going| {
        let body = [b'w'; 200];
        let from = |_| ip(addresses[k]);
        let every = Duration::from_secs(1);
        hold(32, from, to, every, (head.as_bytes(), &body), going);
    });
    judge(report, pid, "256 trickling forms from 8 addresses", phone);

    // Forms from elsewhere, each disputing, from 8 addresses.
    let (root, ew) = (root.to_string(), ew.to_string());
    for_a_while(8, move |k, going| {
        let from = ip(42 + k as u8);
        let form = |extra: &str, path: &str| format!("{}{extra}", post_head(path));
        while going() {
            let shown = request(from, to, &format!("GET {ew} HTTP/1.1\r\n"), "");
            let t = shown.and_then(|(_, p)| form_token(&p)).unwrap_or_default();
            let no = format!("t={t}&w=no&why=pris");
            let sent = [
                (form("Origin: http://evil.example\r\n", &ew), no.clone()),
                (
                    format!(
                        "POST {ew} HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: cross-site\r\n"
                    ),
                    no.clone(),
                ),
                (form("", &ew), "w=no".to_string()),
                (form("", &format!("{root}/s/soir")), no.clone()),
            ];
            for (head, body) in &sent {
                request(from, to, head, body);
            }
        }
    });
    judge(report, pid, "forms from elsewhere from 8 addresses", phone);
}

/// HEAD requests of a stream, pipelined on a few connections, their answers read: the phone
/// lives through them, and the server's memory comes back.
fn heads_of_a_stream(
    report: &mut Vec<(String, bool)>,
    pid: u32,
    to: SocketAddr,
    phone: &Phone,
    events: &str,
) {
    let before = status(pid, "VmRSS:");
    let sent = Arc::new(AtomicUsize::new(0));
    let counted = sent.clone();
    let head = format!("HEAD {events} HTTP/1.1\r\nHost: {to}\r\n\r\n").repeat(100);
    // Until 800,000 are answered (a debug build answers about 12,000 a second here), for at
    // most 150 s.
    let start = Instant::now();
    let enough = sent.clone();
    let going = move || {
        enough.load(Ordering::Relaxed) < 800_000 && start.elapsed() < Duration::from_secs(150)
    };
    let heads: Vec<_> = (0..4)
        .map(|_| {
            let (counted, head, going) = (counted.clone(), head.clone(), going.clone());
            std::thread::spawn(move || {
                while going() {
                    let Ok(mut c) = connect(ip(31), to) else {
                        continue;
                    };
                    c.set_read_timeout(Some(Duration::from_secs(2))).ok();
                    let mut reader = BufReader::new(c.try_clone().unwrap());
                    while going() && c.write_all(head.as_bytes()).is_ok() {
                        // Each answer's head ends with an empty line.
                        let mut answered = 0;
                        let mut line = String::new();
                        while answered < 100 {
                            line.clear();
                            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                                break;
                            }
                            if line == "\r\n" {
                                answered += 1;
                            }
                        }
                        counted.fetch_add(answered, Ordering::Relaxed);
                        if answered < 100 {
                            break;
                        }
                    }
                }
            })
        })
        .collect();
    for t in heads {
        t.join().ok();
    }
    judge(
        report,
        pid,
        &format!("{} HEAD requests of a stream", sent.load(Ordering::Relaxed)),
        phone,
    );
    std::thread::sleep(Duration::from_secs(2));
    let after = status(pid, "VmRSS:");
    report.push((
        format!("memory {before} KiB before the HEAD requests, {after} KiB after"),
        after <= before + before / 10,
    ));
}

/// A phone whose link goes down gives back its place (one place in all) within 30 s.
fn a_phone_gone(dir: &std::path::Path, report: &mut Vec<(String, bool)>) {
    let (s, addr) = serve(dir, &["--clients", "1"]);
    let events = format!("{}/s/soir/events", s.root);
    let mut gone = connect(ip(40), addr).unwrap();
    write!(gone, "GET {events} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    gone.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    let mut first = [0u8; 64];
    let n = gone.read(&mut first).unwrap();
    assert!(
        String::from_utf8_lossy(&first[..n]).contains(" 200 "),
        "the phone follows the session"
    );
    assert_eq!(
        get(ip(41), addr, &events),
        Some(503),
        "the one place is taken"
    );
    sh(&["addr", "del", "10.9.0.40/32", "dev", "lo"]);
    let start = Instant::now();
    let freed = loop {
        let mut c = connect(ip(41), addr).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
        write!(c, "GET {events} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
        let mut buf = [0u8; 64];
        let n = c.read(&mut buf).unwrap_or(0);
        if String::from_utf8_lossy(&buf[..n]).contains(" 200 ") {
            break start.elapsed();
        }
        if start.elapsed() > Duration::from_secs(60) {
            break start.elapsed();
        }
        std::thread::sleep(Duration::from_millis(500));
    };
    report.push((
        format!("a phone gone from the network gave its place back after {freed:?}"),
        freed <= Duration::from_secs(30),
    ));
    drop(gone);
}
