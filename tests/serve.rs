//! `marque serve` over HTTP, as a phone and a hostile client see it: the pages hold what
//! `marque score` and `marque explain` give, a change reaches a following page, and nothing
//! is served without the capability, by another method, by a path, from the trash, or past
//! the 64th client; the folder is never written.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod common;
use common::pages::*;
use common::{marque, served};

#[test]
fn the_pages_hold_the_sheet_and_each_hands_count() {
    let dir = folder();
    let before = snapshot(dir.path());
    let s = serve(dir.path());
    let file = dir.path().join("bridge.json");
    let score: Value =
        serde_json::from_slice(&marque(&["score", file.to_str().unwrap()]).stdout).unwrap();
    let (status, page) = get(&s.host, &format!("{}/s/bridge-soir", s.root));
    assert_eq!(status, 200);
    for t in score["totals"].as_array().unwrap() {
        let shown = marque_core::view::minus(t.as_i64().unwrap());
        assert!(
            page.contains(&format!("<span class=\"total\">{shown}</span>")),
            "{t}"
        );
    }
    for n in 1..=3 {
        let (status, count) = get(&s.host, &format!("{}/s/bridge-soir/h/{n}", s.root));
        assert_eq!(status, 200);
        let explain: Value = serde_json::from_slice(
            &marque(&["explain", file.to_str().unwrap(), &n.to_string(), "--json"]).stdout,
        )
        .unwrap();
        for step in explain["steps"].as_array().unwrap() {
            let rule = step["rule"].as_str().unwrap();
            assert!(count.contains(&format!("[{rule}]")), "hand {n}: {rule}");
            let text = marque_core::view::typeset(step["text"].as_str().unwrap());
            let text = marque::serve::pages::escape(&text);
            assert!(count.contains(&text), "hand {n}: {text}");
        }
    }
    // A name holding HTML is text, a substitute's and an agreed adjustment's reason too, on the
    // sheet and on the event's own page.
    let (_, page) = get(&s.host, &format!("{}/s/truc-soir", s.root));
    assert!(!page.contains(HOSTILE) && page.contains("&lt;img src=x onerror=alert(1)&gt;"));
    // The last entry, a substitute, is told to a following page as an entry, with no dash
    // before nothing (the page sets it as text).
    let mut events = Events::open(&s.host, &format!("{}/s/truc-soir/events", s.root));
    let first = events.change(Duration::from_secs(5)).unwrap();
    assert_eq!(
        first["news"],
        format!("Remplacement : {SUBSTITUTE} remplace Bruno")
    );
    assert!(!page.contains("<b ") && page.contains("&lt;b onmouseover=alert(2)&gt;Zoé"));
    for path in ["s/bridge-soir", "s/bridge-soir/h/4", "s/truc-soir/h/3"] {
        let (status, page) = get(&s.host, &format!("{}/{path}", s.root));
        assert_eq!(status, 200, "{path}");
        assert!(
            !page.contains(HOSTILE) && !page.contains("<b "),
            "{path}: {page}"
        );
    }
    let (_, event) = get(&s.host, &format!("{}/s/bridge-soir/h/4", s.root));
    assert!(
        event.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{event}"
    );
    // An event is titled by its kind and takes no deal's number (issue 40).
    assert!(
        event.contains("<h1>Ajustement</h1>") && !event.contains("Donne 4"),
        "{event}"
    );
    let (_, list) = get(&s.host, &format!("{}/", s.root));
    assert!(
        list.contains("bridge-soir") && !list.contains("Secret"),
        "the trash is not listed"
    );
    drop(s);
    assert_eq!(snapshot(dir.path()), before, "the folder was written");
}

#[test]
fn a_change_reaches_a_following_page_with_its_totals() {
    let dir = folder();
    let s = serve(dir.path());
    let mut events = Events::open(&s.host, &format!("{}/s/bridge-soir/events", s.root));
    let first = events
        .change(Duration::from_secs(3))
        .expect("the sheet as it is");
    assert_eq!(first["hands"], 4);
    // A heartbeat while nothing happens.
    let start = Instant::now();
    let mut beat = false;
    while start.elapsed() < Duration::from_secs(3) && !beat {
        beat = events.next().is_some_and(|(n, _)| n == "heartbeat");
    }
    assert!(beat, "a heartbeat came");
    let file = dir.path().join("bridge.json");
    let added = marque(&[
        "add",
        file.to_str().unwrap(),
        r#"{"contract": "3NT", "declarer": "W", "tricks": 9}"#,
    ]);
    assert!(added.status.success());
    let sent = Instant::now();
    let next = events
        .change(Duration::from_secs(3))
        .expect("the change, within 3 s");
    let score: Value =
        serde_json::from_slice(&marque(&["score", file.to_str().unwrap()]).stdout).unwrap();
    assert_eq!(next["hands"], 5);
    assert_eq!(next["totals"], score["totals"]);
    eprintln!("the change reached the page in {:?}", sent.elapsed());
    // The session moved away: the page is told so.
    std::fs::create_dir(dir.path().join("ailleurs")).unwrap();
    std::fs::rename(&file, dir.path().join("ailleurs").join("bridge.json")).unwrap();
    let start = Instant::now();
    let mut gone = false;
    while start.elapsed() < Duration::from_secs(3) && !gone {
        gone = events.next().is_some_and(|(n, _)| n == "gone");
    }
    assert!(gone, "the page was not told the session went");
}

/// A long session is sent by parts: a page holds its last 100 rows and a link to the earlier
/// ones, a following page is sent them once, then each change as what changed (the new row and
/// the one that was last, the parts that changed), never the whole sheet again.
#[test]
fn a_long_session_is_sent_by_parts_and_a_change_as_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let deals: Vec<Value> = (0..2000)
        .map(|k| {
            let by = ["N", "E", "S", "W"][k % 4];
            json!({"contract": "1NT", "declarer": by, "tricks": 7})
        })
        .collect();
    let long = json!({"format": "marque-session", "version": 1, "id": "long", "game": "bridge",
        "created": "2026-11-26T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "hands": deals});
    let file = dir.path().join("long.json");
    std::fs::write(&file, long.to_string()).unwrap();
    let s = serve(dir.path());
    let page = format!("{}/s/long", s.root);
    let (status, html) = get(&s.host, &page);
    assert_eq!(status, 200);
    assert_eq!(html.matches("<tr data-i=").count(), 100, "the page's rows");
    assert!(html.contains("data-i=\"1999\"") && !html.contains("data-i=\"1899\""));
    assert!(
        html.contains("before=1900\">Donnes précédentes</a>"),
        "the earlier hands' link"
    );
    let (status, earlier) = get(&s.host, &format!("{page}?before=1900"));
    assert_eq!(status, 200);
    assert_eq!(earlier.matches("<tr data-i=").count(), 100);
    assert!(earlier.contains("data-i=\"1800\"") && earlier.contains("data-i=\"1899\""));
    let mut events = Events::open(&s.host, &format!("{page}/events"));
    let first = events.change(Duration::from_secs(5)).expect("the sheet");
    let whole = first["html"].as_str().expect("sent whole at first");
    assert_eq!(whole.matches("<tr data-i=").count(), 100);
    assert!(whole.len() < 64 * 1024, "{} bytes first", whole.len());
    let added = marque(&[
        "add",
        file.to_str().unwrap(),
        r#"{"contract": "3NT", "declarer": "W", "tricks": 9}"#,
    ]);
    assert!(added.status.success());
    let next = events.change(Duration::from_secs(5)).expect("the change");
    assert!(next.get("html").is_none(), "the sheet sent whole again");
    let rows: Vec<u64> = next["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[0].as_u64().unwrap())
        .collect();
    assert_eq!(rows, [1999, 2000], "the one that was last, and the new one");
    assert_eq!(next["count"], 2001);
    assert!(
        next.get("head").is_some() && next.get("foot").is_some(),
        "the totals changed"
    );
    assert!(next.get("cols").is_none(), "the table's head did not");
    let bytes = serde_json::to_string(&next).unwrap().len();
    assert!(bytes < 16 * 1024, "{bytes} bytes for one deal");
}

/// Clients that send half a request, or nothing, are closed after the time limit (600 ms
/// here, 10 s by default) and keep no page waiting for longer; a page that follows keeps
/// following past it, and the server still answers after being idle for longer than it.
#[test]
fn slow_senders_are_let_go() {
    let dir = folder();
    let s = serve_env(dir.path(), &[("MARQUE_SERVE_TIMEOUT_MS", "600")]);
    let page = format!("{}/s/bridge-soir", s.root);
    let mut events = Events::open(&s.host, &format!("{page}/events"));
    // Eight clients sending two bytes of a request and never the rest.
    let slow: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut c = TcpStream::connect(&s.host).unwrap();
            c.write_all(b"GE").unwrap();
            c
        })
        .collect();
    let start = Instant::now();
    assert_eq!(get(&s.host, &page).0, 200);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "a page waited on slow senders for {:?}",
        start.elapsed()
    );
    // Each of them closed by the server (a read ends), long before our own 5 s.
    for mut c in slow {
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut rest = Vec::new();
        assert!(
            c.read_to_end(&mut rest).is_ok(),
            "a slow sender was not let go"
        );
    }
    // Idle for three times the limit, then asked again.
    std::thread::sleep(Duration::from_millis(1800));
    assert_eq!(get(&s.host, &page).0, 200);
    // The page following since the start still gets its heartbeats (every 400 ms).
    let mut beats = 0;
    let since = Instant::now();
    while since.elapsed() < Duration::from_secs(2) && beats < 3 {
        if events.next().is_some_and(|(n, _)| n == "heartbeat") {
            beats += 1;
        }
    }
    assert_eq!(beats, 3, "the following page was cut");
}

#[test]
fn nothing_is_served_to_a_hostile_client() {
    let dir = folder();
    // A FIFO and a link where sessions would be: listed and read without waiting on them.
    let fifo = dir.path().join("fifo.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::os::unix::fs::symlink("/etc/passwd", dir.path().join("lien.json")).unwrap();
    let before = snapshot(dir.path());
    let s = serve(dir.path());
    let r = &s.root;
    let start = Instant::now();
    let (status, list) = get(&s.host, &format!("{r}/"));
    assert_eq!(status, 200);
    assert!(list.contains("bridge-soir") && !list.contains("root:"));
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "the listing waited on the FIFO"
    );
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        assert_eq!(
            request(&s.host, method, &format!("{r}/")).0,
            405,
            "{method}"
        );
    }
    // No capability, a wrong one: 404, and no name nor id in the body.
    let wrong = "/00000000000000000000000000000000";
    for path in [
        "/".to_string(),
        format!("{wrong}/"),
        format!("{wrong}/s/bridge-soir"),
        "/s/bridge-soir".to_string(),
    ] {
        let (status, body) = get(&s.host, &path);
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("Anne") && !body.contains("bridge-soir") && !body.contains("Bruno"));
    }
    // Paths, however spelled, and the trash.
    for path in [
        format!("{r}/../bridge.json"),
        format!("{r}/%2e%2e/bridge.json"),
        format!("{r}/s/..%2fbridge"),
        format!("{r}/s/%2e%2e"),
        format!("{r}//etc/passwd"),
        format!("{r}/s/jetee"),
        format!("{r}/trash/old.json"),
        format!("{r}/bridge.json"),
        format!("{r}/s/bridge-soir/h/99"),
    ] {
        assert_eq!(get(&s.host, &path).0, 404, "{path}");
    }
    // 64 clients following: the 65th is told 503 at once, and a page is still answered.
    let start = Instant::now();
    let followers: Vec<Events> = (0..64)
        .map(|_| {
            let mut f = Events::open(&s.host, &format!("{r}/s/bridge-soir/events"));
            assert!(
                f.change(Duration::from_secs(15)).is_some(),
                "64 could not follow"
            );
            f
        })
        .collect();
    assert!(start.elapsed() < Duration::from_secs(10));
    let start = Instant::now();
    assert_eq!(get(&s.host, &format!("{r}/s/bridge-soir/events")).0, 503);
    assert_eq!(get(&s.host, &format!("{r}/")).0, 200);
    assert!(start.elapsed() < Duration::from_secs(2));
    drop(followers);
    drop(s);
    assert_eq!(snapshot(dir.path()), before, "the folder was written");
}

/// A Chicago evening's page shows the chukker's wheel (issue 33); a table event's row is titled
/// by its kind and the heading names who sits now (issue 32).
#[test]
fn the_pages_show_a_chukkers_wheel_and_the_tables_events() {
    let dir = tempfile::tempdir().unwrap();
    let deal = |by: &str, tricks: u8| json!({"contract": "2S", "declarer": by, "tricks": tricks});
    let chicago = json!({"format": "marque-session", "version": 1, "id": "chicago-soir",
        "game": "bridge", "created": "2026-11-26T20:00:00+01:00",
        "players": ["Anne", "Bruno", "Claire", "David"], "options": {"format": "chicago"},
        "closed": false, "hands": [deal("N", 8), {"contract": "pass"},
            {"event": "replace", "seat": 2, "player": "Zoé"}, deal("S", 8)]});
    std::fs::write(dir.path().join("chicago.json"), chicago.to_string()).unwrap();
    // A 2500 evening where Lise left: gone on the list of sessions and on the sheet, with the
    // total her seat keeps (issue 40).
    let partie = json!({"format": "marque-session", "version": 1, "id": "p2500", "game": "2500",
        "created": "2026-11-26T20:00:00+01:00", "players": ["Paul", "Lise", "Anne"],
        "options": {}, "closed": false, "hands": [
            {"frime": "8", "laid": [[], ["A", "A", "A"], []], "hand": [[], [], []]},
            {"event": "leave", "seat": 1},
            {"frime": "8", "laid": [["K", "K", "K"], []], "hand": [[], []]}]});
    std::fs::write(dir.path().join("p2500.json"), partie.to_string()).unwrap();
    let s = serve(dir.path());
    let (status, page) = get(&s.host, &format!("{}/s/chicago-soir", s.root));
    assert_eq!(status, 200);
    assert!(page.contains("<table class=\"wheel\"><caption>Chukker 1</caption>"));
    assert!(page.contains("Donne 2</th><td>Est</td><td>EO vulnérables</td>"));
    assert!(
        page.contains("Σ 420 / 0"),
        "the running total of the chukker"
    );
    assert!(page.contains("Remplacement — Zoé remplace Claire"));
    assert!(page.contains("Anne · Bruno · Zoé · David"));
    let (_, list) = get(&s.host, &format!("{}/", s.root));
    assert!(list.contains("Lise (départ) 300"), "{list}");
    let (_, sheet) = get(&s.host, &format!("{}/s/p2500", s.root));
    assert!(sheet.contains("Lise (départ)"), "{sheet}");
}

/// The list of sessions gives tonight's players in the ratings (issue 34), their names escaped.
#[test]
fn the_list_rates_tonights_players() {
    let dir = tempfile::tempdir().unwrap();
    let partie = json!({"format": "marque-session", "version": 1, "id": "p1", "game": "truc",
        "created": "2026-11-26T20:00:00+01:00", "players": [HOSTILE, "Bruno"],
        "options": {"target": 1, "manches": 1}, "closed": false,
        "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(dir.path().join("p1.json"), partie.to_string()).unwrap();
    let s = serve(dir.path());
    let (status, page) = get(&s.host, &format!("{}/", s.root));
    assert_eq!(status, 200);
    assert!(page.contains("<table class=\"ratings\">"), "{page}");
    assert!(page.contains("Bruno (provisoire)"));
    assert!(!page.contains(HOSTILE), "a name is escaped");
    // The winner first: μ 27,6.
    assert!(page.contains("<td>1</td>") && page.contains("27,6"));
}

/// `marque serve` watches its folder once (one inotify instance: the folder's one watcher,
/// recursive, which the window shares with the server when it shares).
#[test]
fn the_folder_is_watched_once() {
    let dir = folder();
    let s = serve(dir.path());
    let inotify = std::fs::read_dir(format!("/proc/{}/fd", s.child.id()))
        .unwrap()
        .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
        .filter(|target| target.to_string_lossy().contains("inotify"))
        .count();
    assert_eq!(inotify, 1);
}

/// A second `marque serve` on a port already taken says so in words, with the way out
/// (`--port`), and exits 2 (issue 41's small item).
#[test]
fn a_busy_port_is_said_with_the_way_out() {
    let dir = folder();
    let s = serve(dir.path());
    let port = s.host.rsplit(':').next().unwrap().to_string();
    let out = marque(&[
        "serve",
        dir.path().to_str().unwrap(),
        "--bind",
        "127.0.0.1",
        "--port",
        &port,
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("port {port} is taken already")) && err.contains("--port 0"),
        "{err}"
    );
}

/// Two files of one session id (a restore puts one beside): the list shows the session once,
/// and its page is the file chosen by what they hold (more hands), whichever was written last
/// (issue 41's small item; statistics choose so too).
#[test]
fn two_files_of_one_id_are_one_session_on_the_pages() {
    let dir = tempfile::tempdir().unwrap();
    let session = |hands: Value| {
        json!({"format": "marque-session", "version": 1, "id": "double", "game": "truc",
               "created": "2026-11-26T20:00:00+01:00", "players": ["Anne", "Bruno"],
               "options": {}, "closed": false, "hands": hands})
    };
    let longer = session(json!([{"calls": [], "winner": 0}, {"calls": [], "winner": 1}]));
    std::fs::write(dir.path().join("double-restored.json"), longer.to_string()).unwrap();
    std::thread::sleep(Duration::from_millis(20));
    // The shorter one written last.
    let shorter = session(json!([{"calls": [], "winner": 0}]));
    std::fs::write(dir.path().join("double.json"), shorter.to_string()).unwrap();
    let s = serve(dir.path());
    let (_, list) = get(&s.host, &format!("{}/", s.root));
    assert_eq!(list.matches("/s/double?").count(), 1, "{list}");
    let (status, page) = get(&s.host, &format!("{}/s/double", s.root));
    assert_eq!(status, 200);
    assert!(
        page.contains("#2") || page.contains(">2<"),
        "the longer file's page: {page}"
    );
}

/// Findings of a walk of the room's server on hyper (issue 41), each over HTTP:
/// - a folder given by a relative path is followed live (the watcher knew only whole paths);
/// - connections that showed the capability and only send a request now and then cannot hold
///   every place: the one idle longest makes room for a phone;
/// - a followed file replaced by a FIFO is said gone;
/// - page numbers are digits alone, `before=0` is the first part, the language link of an
///   earlier part keeps it.
#[test]
#[expect(unsafe_code, reason = "a FIFO is made through libc's mkfifo")]
fn a_relative_folder_is_followed_and_idle_trusted_connections_make_room() {
    let base = folder();
    let parent = base.path().parent().unwrap();
    let name = base.path().file_name().unwrap().to_str().unwrap();
    let mut serve = Command::new(env!("CARGO_BIN_EXE_marque"));
    serve
        .current_dir(parent)
        .args(["serve", name, "--bind", "127.0.0.1", "--port", "0"])
        .env("MARQUE_SERVE_HEARTBEAT_MS", "400")
        .stderr(Stdio::null());
    let s = served(serve);
    let page = format!("{}/s/bridge-soir", s.root);
    let mut events = Events::open(&s.host, &format!("{page}/events"));
    assert_eq!(events.change(Duration::from_secs(3)).unwrap()["hands"], 4);
    let file = base.path().join("bridge.json");
    let deal = r#"{"contract": "3NT", "declarer": "W", "tricks": 9}"#;
    assert!(
        marque(&["add", file.to_str().unwrap(), deal])
            .status
            .success()
    );
    let next = events.change(Duration::from_secs(3));
    assert_eq!(next.expect("followed from a relative folder")["hands"], 5);
    // 256 connections that showed the capability, each idle between requests.
    let held: Vec<TcpStream> = (0..256)
        .map(|_| {
            let mut c = TcpStream::connect(&s.host).unwrap();
            write!(
                c,
                "HEAD {}/app.js HTTP/1.1\r\nHost: {}\r\n\r\n",
                s.root, s.host
            )
            .unwrap();
            c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let mut head = [0u8; 512];
            let n = c.read(&mut head).unwrap();
            assert!(String::from_utf8_lossy(&head[..n]).contains(" 200 "));
            c
        })
        .collect();
    for _ in 0..5 {
        let start = Instant::now();
        assert_eq!(get(&s.host, &page).0, 200, "a phone was kept out");
        assert!(start.elapsed() < Duration::from_secs(1));
    }
    drop(held);
    // Replaced by a FIFO: gone.
    std::fs::remove_file(&file).unwrap();
    let fifo = std::ffi::CString::new(file.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads the path given.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    let start = Instant::now();
    let mut gone = false;
    while start.elapsed() < Duration::from_secs(3) && !gone {
        gone = events.next().is_some_and(|(n, _)| n == "gone");
    }
    assert!(gone, "a FIFO in the session's place was not said gone");
}

#[test]
fn page_numbers_are_digits_and_an_earlier_part_keeps_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let deals: Vec<Value> = (0..250)
        .map(|_| json!({"contract": "1NT", "declarer": "N", "tricks": 7}))
        .collect();
    let long = json!({"format": "marque-session", "version": 1, "id": "long", "game": "bridge",
        "created": "2026-11-26T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "hands": deals});
    std::fs::write(dir.path().join("long.json"), long.to_string()).unwrap();
    let s = serve(dir.path());
    let page = format!("{}/s/long", s.root);
    for bad in ["+50", "-1", "abc", "99999999999999999999999"] {
        let (status, html) = get(&s.host, &format!("{page}?before={bad}"));
        assert_eq!(status, 200);
        assert!(html.contains("data-events="), "{bad}: the live page");
    }
    assert_eq!(get(&s.host, &format!("{page}/h/+5")).0, 404);
    let (_, first) = get(&s.host, &format!("{page}?before=0"));
    assert_eq!(first.matches("<tr data-i=").count(), 100, "the first part");
    assert!(first.contains("data-i=\"0\"") && first.contains("data-i=\"99\""));
    let (_, earlier) = get(&s.host, &format!("{page}?before=150"));
    assert!(
        earlier.contains("href=\"?lang=en&amp;before=150\""),
        "{earlier}"
    );
}

/// An evening's page is found by the folder's own listing: a subfolder's name, never a path
/// from outside, never through a link; its events carry the evening whole, escaped.
#[test]
fn an_evening_is_served_by_its_name_only() {
    let dir = tempfile::tempdir().unwrap();
    let club = dir.path().join("club");
    std::fs::create_dir_all(&club).unwrap();
    let pairs: serde_json::Map<String, Value> = (1..=4)
        .map(|p| {
            (
                p.to_string(),
                json!([format!("<b>A{p}</b>"), format!("B{p}")]),
            )
        })
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs", "title": "Soir",
        "movement": {"kind": "howell", "tables": 2, "boards_per_set": 3}, "pairs": pairs,
        "tables": [{"table": 1, "file": "t1.json"}, {"table": 2, "file": "t2.json"}]});
    std::fs::write(club.join("soir.evening.json"), ev.to_string()).unwrap();
    // A link to the evening's folder, planted by another machine: not served.
    std::os::unix::fs::symlink(&club, dir.path().join("lien")).unwrap();
    // An evening put in the data folder itself under the folder's name gives way to it.
    let mut other = ev.clone();
    other["title"] = json!("Autre");
    std::fs::write(dir.path().join("club.evening.json"), other.to_string()).unwrap();
    let s = serve(dir.path());
    let (status, page) = get(&s.host, &format!("{}/e/club", s.root));
    assert_eq!(status, 200, "the evening's page");
    assert!(
        page.contains("<h1>Soir</h1>"),
        "the folder's evening: {page}"
    );
    let (_, index) = get(&s.host, &format!("{}/", s.root));
    assert_eq!(index.matches("/e/club").count(), 1, "listed once: {index}");
    assert!(
        page.contains("&lt;b&gt;A1&lt;/b&gt;") && !page.contains("<b>A1"),
        "escaped"
    );
    for path in [
        "e/lien",
        "e/..%2Fclub",
        "e/club%2F..",
        "e/nothing",
        "e/club/x",
    ] {
        let (status, _) = get(&s.host, &format!("{}/{path}", s.root));
        assert_eq!(status, 404, "{path}");
    }
    let (_, index) = get(&s.host, &format!("{}/", s.root));
    assert_eq!(
        index.matches("/e/").count(),
        1,
        "one evening listed: {index}"
    );
    let mut events = Events::open(&s.host, &format!("{}/e/club/events?lang=en", s.root));
    let first = events
        .change(Duration::from_secs(5))
        .expect("the evening whole");
    let html = first["html"].as_str().unwrap();
    assert!(
        html.contains("Travellers") && html.contains("&lt;b&gt;A1"),
        "{html}"
    );
}
