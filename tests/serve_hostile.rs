//! `marque serve` against a hostile client: heads nobody may send, bodies, a head sent a byte
//! at a time, links, names holding direction and control characters, HEAD, a pipeline nobody
//! reads, a crowd of strangers. Each is answered or let go, the server keeps no thread or
//! memory for it, still serves, and never writes the folder.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod common;
use common::pages::*;
use common::{Served, serve_with, status};

/// Writes `head` on a new connection and reads what comes back until the server closes it
/// (or 30 s pass): the status, and whether it was closed.
fn raw(host: &str, head: &[u8]) -> (u16, bool) {
    let mut s = TcpStream::connect(host).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(head).ok();
    let mut text = Vec::new();
    let closed = s.read_to_end(&mut text).is_ok();
    let text = String::from_utf8_lossy(&text);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, closed)
}

/// The threads of process `pid`.
fn threads(pid: u32) -> usize {
    status(pid, "Threads:")
}

/// Heads nobody may send, before any capability: a later HTTP version (it once locked a
/// thread and its connection for good), a line or headers too large, too many headers. Each
/// is answered and its connection closed; the server keeps no thread for them and still serves.
#[test]
fn hostile_request_heads_are_answered_and_let_go() {
    let dir = folder();
    let s = serve(dir.path());
    let page = format!("{}/s/bridge-soir", s.root);
    assert_eq!(get(&s.host, &page).0, 200);
    let before = threads(s.child.id());
    // HTTP/2 and later: refused (hyper answers 400 and closes; its preface is closed at once).
    for _ in 0..40 {
        assert_eq!(raw(&s.host, b"GET / HTTP/2.0\r\n\r\n"), (400, true));
    }
    assert_eq!(
        raw(&s.host, b"GET / HTTP/3.0\r\nHost: x\r\n\r\n"),
        (400, true)
    );
    assert_eq!(raw(&s.host, b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), (0, true));
    // Smuggling: a length beside a transfer coding, two lengths (the same or not), a NUL in a
    // header: refused, and the connection closed.
    let smuggled = [
        format!(
            "GET {page} HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n"
        ),
        format!("GET {page} HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"),
    ];
    for head in &smuggled {
        assert_eq!(raw(&s.host, head.as_bytes()), (413, true), "{head}");
    }
    let two = format!("GET {page} HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabc");
    assert_eq!(raw(&s.host, two.as_bytes()), (400, true));
    let nul = format!("GET {page} HTTP/1.1\r\nX-A: a\0b\r\nConnection: close\r\n\r\n");
    assert_eq!(raw(&s.host, nul.as_bytes()), (400, true));
    // Bare line feeds are read as line ends (as most servers do): the page, then closed.
    let bare = format!(
        "GET {page} HTTP/1.1\nHost: {}\nConnection: close\n\n",
        s.host
    );
    assert_eq!(raw(&s.host, bare.as_bytes()), (200, true));
    let long_line = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(64 * 1024));
    assert_eq!(raw(&s.host, long_line.as_bytes()), (431, true));
    let long_header = format!("GET / HTTP/1.1\r\nX-A: {}\r\n\r\n", "b".repeat(64 * 1024));
    assert_eq!(raw(&s.host, long_header.as_bytes()), (431, true));
    let many: String = (0..200).map(|k| format!("X-{k}: 1\r\n")).collect();
    let many = format!("GET / HTTP/1.1\r\n{many}\r\n");
    assert_eq!(raw(&s.host, many.as_bytes()), (431, true));
    // The connections' threads are let go (tiny_http keeps a few idle ones for the next).
    let start = Instant::now();
    while threads(s.child.id()) > before + 8 && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let after = threads(s.child.id());
    assert!(
        after <= before + 8,
        "{before} threads before, {after} after"
    );
    assert_eq!(get(&s.host, &page).0, 200);
}

/// A request with a body (only GET and HEAD are served) is refused before anything of it is
/// read: a huge Content-Length no longer brings the server down, a slow body holds no worker.
/// An events stream is its connection's last request: requests sent after it on the same
/// connection hold no worker while the stream lasts.
#[test]
fn bodies_are_refused_and_a_stream_ends_its_connection() {
    let dir = folder();
    let s = serve(dir.path());
    let page = format!("{}/s/bridge-soir", s.root);
    for head in [
        "POST / HTTP/1.1\r\nContent-Length: 4611686018427387904\r\n\r\n".to_string(),
        format!("GET {page} HTTP/1.1\r\nContent-Length: 18446744073709551615\r\n\r\n"),
        format!("GET {page} HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"),
        format!("GET {page} HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
    ] {
        // A length no body can have (u64::MAX is no length for hyper) is a head too large.
        let refused = if head.contains("18446744073709551615") {
            431
        } else {
            413
        };
        assert_eq!(raw(&s.host, head.as_bytes()), (refused, true), "{head}");
    }
    // Eight connections each following the events, four requests sent behind each.
    let events = format!("{page}/events");
    let held: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut c = TcpStream::connect(&s.host).unwrap();
            let mut head = format!("GET {events} HTTP/1.1\r\nAccept: text/event-stream\r\n\r\n");
            for _ in 0..4 {
                head.push_str(&format!("GET {page} HTTP/1.1\r\n\r\n"));
            }
            c.write_all(head.as_bytes()).unwrap();
            c
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    assert_eq!(get(&s.host, &page).0, 200);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "a page waited {:?} behind streams",
        start.elapsed()
    );
    drop(held);
}

/// A head sent a byte at a time, each within the limit of silence, is cut: a stranger's (no
/// capability shown yet) within 5 s of its connection, a later head of a connection that showed
/// it 20 s after the connection began waiting for it (hyper's head timeout). Neither keeps its
/// connection for as long as it likes.
#[test]
fn a_head_sent_byte_by_byte_is_cut() {
    let dir = folder();
    let s = serve_env(dir.path(), &[("MARQUE_SERVE_TIMEOUT_MS", "3000")]);
    let trickle = |c: &mut TcpStream| {
        c.set_read_timeout(Some(Duration::from_millis(10))).unwrap();
        let start = Instant::now();
        for b in b"GET / HTTP/1.1\r\nX-Slow: "
            .iter()
            .chain(std::iter::repeat(&b'z'))
        {
            // A write to a closed connection fails, or the answer (408) comes.
            let mut buf = [0u8; 64];
            let answered = c.read(&mut buf).is_ok();
            if c.write_all(&[*b]).is_err() || answered {
                return start.elapsed();
            }
            assert!(start.elapsed() < Duration::from_secs(40), "still connected");
            std::thread::sleep(Duration::from_millis(500));
        }
        unreachable!()
    };
    let cut = trickle(&mut TcpStream::connect(&s.host).unwrap());
    assert!(
        cut >= Duration::from_secs(4) && cut < Duration::from_secs(8),
        "a stranger cut after {cut:?}"
    );
    // A connection that asked for a page first, then trickles its next head.
    let mut c = TcpStream::connect(&s.host).unwrap();
    let page = format!("{}/s/bridge-soir", s.root);
    write!(c, "GET {page} HTTP/1.1\r\nHost: {}\r\n\r\n", s.host).unwrap();
    let mut reader = BufReader::new(c.try_clone().unwrap());
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if let Some(n) = line.to_ascii_lowercase().strip_prefix("content-length: ") {
            length = n.trim().parse().unwrap();
        }
        if line == "\r\n" {
            break;
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).unwrap();
    let cut = trickle(&mut c);
    assert!(
        cut >= Duration::from_secs(19) && cut < Duration::from_secs(30),
        "a later head cut after {cut:?}"
    );
}

/// Links in the folder are never served, wherever they lead (a Syncthing share may bring one):
/// not into the trash, not to another file of the folder (the same session twice), not out.
#[test]
fn links_are_not_served() {
    let dir = folder();
    let link =
        |to: &str, name: &str| std::os::unix::fs::symlink(to, dir.path().join(name)).unwrap();
    link("trash/old.json", "corbeille.json");
    link("bridge.json", "double.json");
    let s = serve(dir.path());
    let (status, list) = get(&s.host, &format!("{}/", s.root));
    assert_eq!(status, 200);
    assert!(!list.contains("Secret"), "the trash through a link");
    assert_eq!(
        list.matches("/s/bridge-soir?").count(),
        1,
        "one session, listed once: {list}"
    );
    assert_eq!(get(&s.host, &format!("{}/s/jetee", s.root)).0, 404);
}

/// A name that begins with a right-to-left override cannot turn the scores after it around,
/// and control characters do not reach the page.
#[test]
fn direction_and_control_characters_are_dropped_from_names() {
    let dir = folder();
    let session = json!({"format": "marque-session", "version": 1, "id": "rtl", "game": "truc",
        "created": "2026-11-26T20:00:00+01:00", "players": ["\u{202e}Alice\u{1b}[31m", "Bob\u{0}"],
        "options": {}, "closed": false, "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(dir.path().join("rtl.json"), session.to_string()).unwrap();
    let s = serve(dir.path());
    for path in [String::new(), "s/rtl".to_string(), "s/rtl/h/1".to_string()] {
        let (status, page) = get(&s.host, &format!("{}/{path}", s.root));
        assert_eq!(status, 200, "{path}");
        for c in ['\u{202e}', '\u{1b}', '\u{0}'] {
            assert!(!page.contains(c), "{path}: {c:?}");
        }
        assert!(page.contains("Alice[31m"), "{path}");
    }
}

/// A followed file written in place (a moment when it does not read) is not "gone": the page
/// keeps following, and gets the sheet once the file reads again.
#[test]
fn a_file_that_does_not_read_for_a_moment_is_not_gone() {
    let dir = folder();
    let s = serve(dir.path());
    let mut events = Events::open(&s.host, &format!("{}/s/bridge-soir/events", s.root));
    assert!(events.change(Duration::from_secs(3)).is_some());
    let file = dir.path().join("bridge.json");
    let whole = std::fs::read(&file).unwrap();
    // Half of it, in place; then all of it, with one deal more.
    std::fs::write(&file, &whole[..whole.len() / 2]).unwrap();
    // Its page, asked meanwhile, says to come back in a moment (not that it is gone).
    let (status, body) = get(&s.host, &format!("{}/s/bridge-soir", s.root));
    assert_eq!(status, 503);
    assert!(body.contains("en train d&#39;être écrite"), "{body}");
    std::thread::sleep(Duration::from_millis(600));
    // Still 503 once the folder's listing has read it again, not readable (not 404).
    let (status, _) = get(&s.host, &format!("{}/s/bridge-soir", s.root));
    assert_eq!(
        status, 503,
        "a page written in place, after the listing saw it"
    );
    // Left so (its last write a minute ago): gone, not on its way for ever.
    let a_minute_ago = std::time::SystemTime::now() - Duration::from_secs(60);
    let f = std::fs::File::options().write(true).open(&file).unwrap();
    f.set_modified(a_minute_ago).unwrap();
    drop(f);
    let (status, _) = get(&s.host, &format!("{}/s/bridge-soir", s.root));
    assert_eq!(status, 404, "a file damaged for a minute");
    let mut more: Value = serde_json::from_slice(&whole).unwrap();
    more["hands"]
        .as_array_mut()
        .unwrap()
        .push(json!({"contract": "3NT", "declarer": "W", "tricks": 9}));
    std::fs::write(&file, more.to_string()).unwrap();
    let start = Instant::now();
    let mut next = None;
    while start.elapsed() < Duration::from_secs(5) && next.is_none() {
        match events.next() {
            Some((name, data)) if name == "change" => {
                next = serde_json::from_str::<Value>(&data).ok()
            }
            Some((name, _)) => assert_ne!(name, "gone", "the page was told the session went"),
            None => break,
        }
    }
    assert_eq!(next.expect("the sheet once it reads")["hands"], 5);
}

/// HEAD answers as GET would, without the body: the same status and length.
#[test]
fn head_tells_the_length_get_sends() {
    let dir = folder();
    let s = serve(dir.path());
    for path in [
        format!("{}/", s.root),
        format!("{}/s/truc-soir", s.root),
        "/nothing".into(),
    ] {
        let (status, body) = get(&s.host, &path);
        let mut c = TcpStream::connect(&s.host).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            c,
            "HEAD {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.host
        )
        .unwrap();
        let mut text = String::new();
        c.read_to_string(&mut text).ok();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!(" {status} ")), "{path}: {head}");
        assert!(rest.is_empty(), "{path}: a body after HEAD");
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("Content-Length: "))
            .and_then(|n| n.trim().parse::<usize>().ok());
        let chunked = head.contains("Transfer-Encoding: chunked");
        assert!(length == Some(body.len()) || chunked, "{path}: {head}");
    }
}

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> usize {
    status(pid, "VmRSS:")
}

/// One connection pipelining thousands of requests and reading none of the answers: its next
/// request is read once the last is answered, so it neither fills the memory nor holds the
/// workers; a page is answered meanwhile, and once its answer could not be written the
/// connection is closed.
#[test]
fn a_pipeline_nobody_reads_holds_neither_memory_nor_workers() {
    let dir = folder();
    let s = serve(dir.path());
    let page = format!("{}/s/bridge-soir", s.root);
    let before = rss_kib(s.child.id());
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(1).unwrap();
    let addr: std::net::SocketAddr = s.host.parse().unwrap();
    socket.connect(&addr.into()).unwrap();
    let mut flood: TcpStream = socket.into();
    flood
        .set_write_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    let one = b"GET /x HTTP/1.1\r\nHost: a\r\n\r\n".repeat(1000);
    // As much as the server takes in (its reading stops once it waits for an answer).
    for _ in 0..200 {
        if flood.write_all(&one).is_err() {
            break;
        }
    }
    for _ in 0..4 {
        let start = Instant::now();
        assert_eq!(get(&s.host, &page).0, 200);
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "a page waited {:?} behind the pipeline",
            start.elapsed()
        );
    }
    let after = rss_kib(s.child.id());
    assert!(
        after < before + 20 * 1024,
        "memory grew from {before} KiB to {after} KiB"
    );
    drop(flood);
}

/// A crowd of strangers never silences the room: a 400 MiB header, 1,000 idle connections and
/// 200 from 200 loopback addresses (127.0.0.2 … 127.0.0.201) while a page is asked for now and
/// then: each page answered within 1 s, the header cut after its first 16 KiB, the idle
/// connections let go (at most the strangers' pool of them stays open), memory and threads
/// bounded.
#[test]
fn a_crowd_of_strangers_never_silences_the_room() {
    let dir = folder();
    let s = serve(dir.path());
    let page = format!("{}/s/bridge-soir", s.root);
    let pid = s.child.id();
    assert_eq!(get(&s.host, &page).0, 200);
    let (memory, before) = (rss_kib(pid), threads(pid));
    let host = s.host.clone();
    let big = std::thread::spawn(move || {
        let mut c = TcpStream::connect(&host).unwrap();
        c.write_all(b"GET / HTTP/1.1\r\nX-A: ").unwrap();
        let chunk = vec![b'a'; 1 << 20];
        let mut sent = 0usize;
        while sent < 400 << 20 && c.write_all(&chunk).is_ok() {
            sent += chunk.len();
        }
        sent
    });
    let answered_within_1_s = |s: &Served| {
        let start = Instant::now();
        assert_eq!(get(&s.host, &page).0, 200);
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "a page took {:?}",
            start.elapsed()
        );
    };
    let mut crowd = Vec::new();
    for k in 0..1000 {
        if let Ok(c) = TcpStream::connect(&s.host) {
            crowd.push(c);
        }
        if k % 100 == 99 {
            answered_within_1_s(&s);
        }
    }
    let to: std::net::SocketAddr = s.host.parse().unwrap();
    for k in 2..=201u8 {
        let socket =
            socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
        let from: std::net::SocketAddr = ([127, 0, 0, k], 0).into();
        socket.bind(&from.into()).unwrap();
        if socket.connect(&to.into()).is_ok() {
            crowd.push(socket.into());
        }
        if k % 50 == 0 {
            answered_within_1_s(&s);
        }
    }
    let sent = big.join().unwrap();
    assert!(
        sent < 64 << 20,
        "the server read {sent} bytes of one header"
    );
    std::thread::sleep(Duration::from_millis(300));
    // Still open: those the server has not closed (a read would wait, not end).
    let open = crowd
        .iter()
        .filter(|c| {
            c.set_nonblocking(true).unwrap();
            matches!(c.peek(&mut [0u8; 1]), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
        })
        .count();
    // Strangers in their first second are kept up to the most connections (256 here: a
    // hundred of the room's pages connecting at once must each show the capability), older
    // ones to the strangers' pool of 64.
    assert!(open <= 256, "{open} of {} strangers kept", crowd.len());
    answered_within_1_s(&s);
    let (grown, held) = (rss_kib(pid).saturating_sub(memory), threads(pid));
    assert!(grown < 20 * 1024, "memory grew by {grown} KiB");
    assert!(held <= before + 8, "{before} threads before, {held} after");
    drop(crowd);
}

/// One GET of `path` naming the server `host` (`None`: no `Host` line): its status.
fn get_named(to: &str, path: &str, host: Option<&str>) -> u16 {
    let line = host.map(|h| format!("Host: {h}\r\n")).unwrap_or_default();
    raw(
        to,
        format!("GET {path} HTTP/1.1\r\n{line}Connection: close\r\n\r\n").as_bytes(),
    )
    .0
}

/// A page is served only to a request naming this server: its address and port, `localhost`
/// here, or a name it was given (`--name`). Another site's name turned to this address (DNS
/// rebinding), another port or no `Host` at all reads nothing, even with the capability.
#[test]
fn a_page_is_served_only_under_this_servers_names() {
    let dir = folder();
    let s = serve_with(dir.path(), &["--name", "Salon.Home"], &[]);
    let page = format!("{}/s/bridge-soir", s.root);
    let port = s.host.rsplit(':').next().unwrap();
    for good in [
        s.host.clone(),
        format!("localhost:{port}"),
        format!("salon.home:{port}"),
    ] {
        assert_eq!(get_named(&s.host, &page, Some(&good)), 200, "{good}");
    }
    for bad in [
        Some(format!("evil.example:{port}")),
        Some(format!("salon.home.evil.example:{port}")),
        Some("127.0.0.1:1".to_string()),
        Some("127.0.0.1".to_string()),
        Some(String::new()),
        None,
    ] {
        assert_eq!(get_named(&s.host, &page, bad.as_deref()), 421, "{bad:?}");
    }
    // Without the capability, nothing tells a wrong name from a wrong page.
    assert_eq!(get_named(&s.host, "/x", Some("evil.example")), 404);
}

/// A hundred of the room's pages connecting at once, each sending its request only once all
/// are connected: every one is served (none let go as a stranger before it could show the
/// capability).
#[test]
fn a_hundred_pages_connecting_at_once_are_all_served() {
    let dir = folder();
    let s = serve(dir.path());
    let page = format!("{}/s/bridge-soir", s.root);
    let mut all: Vec<TcpStream> = (0..100)
        .map(|_| TcpStream::connect(&s.host).unwrap())
        .collect();
    // Every connection is taken in before the first request is sent.
    std::thread::sleep(Duration::from_millis(200));
    for c in &mut all {
        write!(
            c,
            "GET {page} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.host
        )
        .ok();
    }
    let served = all
        .into_iter()
        .filter(|c| {
            let mut c = c.try_clone().unwrap();
            c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
            let mut text = Vec::new();
            c.read_to_end(&mut text).ok();
            text.starts_with(b"HTTP/1.1 200")
        })
        .count();
    assert_eq!(served, 100, "every page served");
}
