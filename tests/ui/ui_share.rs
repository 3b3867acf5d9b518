//! "Suivre sur les téléphones": off at start (nothing listens), on after the key with the QR
//! code of the served address, off again after the key and after the window closes, checked on
//! the socket level.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;

/// The TCP ports this process listens on (from /proc: its sockets' inodes among the
/// listening ones).
fn listening() -> Vec<u16> {
    let ours: std::collections::HashSet<String> = std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
        .filter_map(|l| {
            let l = l.to_string_lossy().to_string();
            Some(l.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
        })
        .collect();
    let mut ports = Vec::new();
    for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // local address, state 0A (listen), inode.
            if f.len() > 9 && f[3] == "0A" && ours.contains(f[9]) {
                let port = f[1].rsplit(':').next().unwrap();
                ports.push(u16::from_str_radix(port, 16).unwrap());
            }
        }
    }
    ports
}

fn get(port: u16, path: &str) -> u16 {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).ok();
    text.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[test]
fn sharing_is_off_until_the_key_and_off_again_after_it_and_after_closing() {
    // It counts every socket this process listens on: no other test shares meanwhile.
    let _alone = sharing_alone();
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);
    assert!(h.state().sharing().is_none());
    assert!(listening().is_empty(), "something listens at start");
    click(&mut h, "Suivre sur les téléphones");
    let (url, port) = {
        let shared = h.state().sharing().expect("sharing is on");
        (shared.url().to_string(), shared.local_addr().port())
    };
    assert_eq!(listening(), vec![port]);
    assert!(
        shows(&h, &format!("Code QR de l'adresse : {url}")),
        "the QR code"
    );
    assert!(shows(&h, &url), "the address in text");
    let path = url.splitn(4, '/').nth(3).map(|p| format!("/{p}")).unwrap();
    assert_eq!(get(port, &path), 200);
    // The server follows the folder through the window's own watcher (no second one).
    assert_eq!(h.state().folder_followers(), 2);
    // The same key stops it.
    click(&mut h, "Arrêter le partage");
    assert!(h.state().sharing().is_none());
    assert!(listening().is_empty(), "still listening after the key");
    assert!(shows_containing(&h, "Partage arrêté"));
    // On again: the window comes whole with the new address's code, the foot no longer says
    // it stopped, and the window lies over the sheet, not over the entry form (issue 40).
    click(&mut h, "Suivre sur les téléphones");
    assert_eq!(listening().len(), 1);
    let url = h.state().sharing().unwrap().url().to_string();
    let qr = format!("Code QR de l'adresse : {url}");
    assert!(shows(&h, &qr), "the QR code of the new address");
    assert!(
        !shows_containing(&h, "Partage arrêté"),
        "the foot says it stopped"
    );
    let code = h.get_by_label(&qr).rect();
    let form = h.get_by_label("Alice : doubler").rect();
    assert!(
        !code.intersects(form),
        "the QR code {code:?} lies over the form {form:?}"
    );
    // Then the window closes: nothing listens.
    drop(h);
    assert!(listening().is_empty(), "still listening after closing");
}
