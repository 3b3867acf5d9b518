//! A phone's side of the room's pages, as the tests of the word send it: a request with its
//! headers, a form's one-time token, a pairing.
#![allow(dead_code, reason = "each test crate uses some of the helpers")]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// One request with its headers and body: its status, headers and body.
pub fn send(
    host: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(host).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // The server's address as `Host`, unless the test names another.
    let named = headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host"));
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !named {
        head.push_str(&format!("Host: {host}\r\n"));
    }
    head.push_str("Connection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).ok();
    let mut text = String::new();
    s.read_to_string(&mut text).ok();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (status, head.to_string(), body.to_string())
}

pub const FORM: (&str, &str) = ("Content-Type", "application/x-www-form-urlencoded");

/// The value of the hidden field `t` of a page's form.
pub fn token(page: &str) -> Option<String> {
    let at = page.find("name=\"t\" value=\"")? + "name=\"t\" value=\"".len();
    Some(page[at..].split('"').next()?.to_string())
}

/// The value of the hidden field `name` of a page's first form holding it.
pub fn hidden(page: &str, name: &str) -> String {
    let at = format!("name=\"{name}\" value=\"");
    let from = page
        .find(&at)
        .unwrap_or_else(|| panic!("no {name} in {page}"))
        + at.len();
    page[from..].split('"').next().unwrap().to_string()
}

/// A phone pairs through `offer` under `label`: its own page's path.
pub fn pair(host: &str, offer: &str, label: &str) -> String {
    let (code, _, page) = send(host, "GET", offer, &[], "");
    assert_eq!(code, 200, "{page}");
    let t = token(&page).expect("the pairing form's token");
    let body = format!("t={t}&label={label}");
    let (code, head, _) = send(host, "POST", offer, &[FORM], &body);
    assert_eq!(code, 303, "{head}");
    let to = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or_else(|| l.strip_prefix("Location: "))
        })
        .expect("sent on to its page");
    to.to_string()
}

/// A request refused: where it goes, its headers, its body, the status it gets.
pub type Refusal = (String, Vec<(&'static str, &'static str)>, String, u16);

/// Each request sent and refused with its status, `file` byte for byte as it was before.
pub fn all_refused(host: &str, file: &std::path::Path, refusals: &[Refusal]) {
    let before = std::fs::read(file).unwrap();
    for (to, headers, body, want) in refusals {
        let (code, _, said) = send(host, "POST", to, headers, body);
        assert_eq!(code, *want, "POST {to} {headers:?} {body}: {said}");
        assert_eq!(
            std::fs::read(file).unwrap(),
            before,
            "the file untouched by {to} {headers:?} {body}"
        );
    }
}

/// The log's word entries: (action, side, phone).
pub fn words(file: &std::path::Path) -> Vec<(String, String, String)> {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    v["log"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| matches!(e["action"].as_str(), Some("confirm" | "dispute")))
        .map(|e| {
            (
                e["action"].as_str().unwrap_or("").to_string(),
                e["new"]["side"].as_str().unwrap_or("").to_string(),
                e["new"]["phone"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The results of a stakes box as the server filled it: each key's outcome, label and figure.
pub fn stakes_cells(box_html: &str) -> Vec<(usize, String, String)> {
    box_html
        .split("data-k=\"")
        .skip(1)
        .map(|part| {
            let k = part.split('"').next().unwrap().parse().unwrap();
            let between = |a: &str, b: &str| {
                let from = part.find(a).unwrap() + a.len();
                part[from..].split(b).next().unwrap().to_string()
            };
            (k, between("<span>", "</span>"), between("<b>", "</b>"))
        })
        .collect()
}

/// Whether a result's lines (`lines`, as the page shows them) say each side's score of
/// `delta` (as `marque stakes` gives it): "… marque +790", "… marque −200"; the first not said.
pub fn says_each(lines: &str, delta: &[serde_json::Value]) -> Result<(), String> {
    for d in delta {
        let d = d.as_i64().unwrap();
        let shown = if d > 0 {
            format!("+{d}")
        } else {
            d.to_string().replace('-', "−")
        };
        if !lines.contains(&format!("marque {shown}")) {
            return Err(shown);
        }
    }
    Ok(())
}
