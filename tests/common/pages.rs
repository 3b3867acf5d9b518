//! What the tests of the room's server share: `marque serve` started on a folder, requests
//! and streams read as a phone reads them, the folder they serve (names holding HTML), and a
//! snapshot of it to prove nothing was written.
#![allow(dead_code, reason = "each test crate uses some of the helpers")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Served, serve_with};

pub fn serve(dir: &std::path::Path) -> Served {
    serve_env(dir, &[])
}

pub fn serve_env(dir: &std::path::Path, env: &[(&str, &str)]) -> Served {
    serve_with(dir, &[], env)
}

/// One request, its status and body.
pub fn request(host: &str, method: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(host).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).ok();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|b| b.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

pub fn get(host: &str, path: &str) -> (u16, String) {
    request(host, "GET", path)
}

/// A page following a session's events, read as they come.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    pub fn open(host: &str, path: &str) -> Events {
        let mut s = TcpStream::connect(host).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        // Closed by the server after its answer: a 503 ends at once.
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        Events {
            reader: BufReader::new(s),
        }
    }

    /// The next event (its name and data) or heartbeat ("heartbeat", "").
    pub fn next(&mut self) -> Option<(String, String)> {
        let (mut name, mut data) = (String::new(), String::new());
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end();
            if std::env::var("SSE_DUMP").is_ok() {
                eprintln!("sse: {}", &line[..line.len().min(80)]);
            }
            if let Some(n) = line.strip_prefix("event: ") {
                name = n.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data = d.to_string();
            } else if line == ": heartbeat" {
                return Some(("heartbeat".into(), String::new()));
            } else if line.is_empty() && !name.is_empty() {
                return Some((name, data));
            }
        }
    }

    /// The next "change" event's data, heartbeats skipped, within `within`; none if the server
    /// closed the stream (a 503) or sent nothing for the read timeout.
    pub fn change(&mut self, within: Duration) -> Option<Value> {
        let start = Instant::now();
        while start.elapsed() < within {
            let (name, data) = self.next()?;
            if name == "change" {
                return serde_json::from_str(&data).ok();
            }
        }
        None
    }
}

pub const HOSTILE: &str = "<img src=x onerror=alert(1)>";
/// A substitute's name holding HTML too (a table event).
pub const SUBSTITUTE: &str = "<b onmouseover=alert(2)>Zoé</b>";

/// A folder with a truc session (a hostile name), a bridge session, and one in the trash.
pub fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let truc = json!({"format": "marque-session", "version": 1, "id": "truc-soir", "game": "truc",
        "created": "2026-11-26T20:00:00+01:00", "players": [HOSTILE, "Bruno"], "options": {},
        "closed": false, "hands": [
            {"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}], "winner": 0},
            {"calls": [], "winner": 1},
            {"event": "replace", "seat": 1, "player": SUBSTITUTE}]});
    std::fs::write(dir.path().join("truc.json"), truc.to_string()).unwrap();
    let deal = |by: &str| json!({"contract": "4S", "declarer": by, "tricks": 10});
    let bridge = json!({"format": "marque-session", "version": 1, "id": "bridge-soir",
        "game": "bridge", "created": "2026-11-26T20:00:00+01:00",
        "players": ["Anne", "Bruno", "Claire", "David"], "options": {}, "closed": false,
        "hands": [deal("N"), deal("E"), deal("S"),
            {"event": "adjust", "side": 1, "points": 50, "reason": HOSTILE}]});
    std::fs::write(dir.path().join("bridge.json"), bridge.to_string()).unwrap();
    std::fs::create_dir(dir.path().join("trash")).unwrap();
    let mut trashed = bridge.clone();
    trashed["id"] = json!("jetee");
    trashed["players"] = json!(["Secret", "B", "C", "D"]);
    std::fs::write(
        dir.path().join("trash").join("old.json"),
        trashed.to_string(),
    )
    .unwrap();
    dir
}

/// Every file of the folder and its bytes.
pub fn snapshot(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let kind = std::fs::symlink_metadata(&p).unwrap().file_type();
            if kind.is_dir() {
                stack.push(p);
            } else if kind.is_file() {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            } else {
                // A link or a FIFO: where it points, not what is behind it.
                let target = std::fs::read_link(&p).unwrap_or_default();
                out.push((p.clone(), target.to_string_lossy().as_bytes().to_vec()));
            }
        }
    }
    out.sort();
    out
}
