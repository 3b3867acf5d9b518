//! The other side's word from its phone, through the window: the share window's key per side
//! shows that side's pairing code in the same square, a phone pairs (over HTTP, against the
//! window's own server) and is listed with a key that revokes it, and its word is written by the
//! room's server through the file, the window following it (its notice said there, once, as the
//! phone's); nothing on the window moves when a phone pairs or answers, at 1024×600 and at
//! 1920×1080 zoomed. A hidden window (no frame at all, only eframe's `App::logic`) holds no
//! word back.
use crate::ui_common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// One request to the window's server, its status, head and body.
pub(crate) fn send(port: u16, method: &str, path: &str, body: &str) -> (u16, String, String) {
    send_with(port, (method, path), "", body)
}

/// One request to the window's server with more header lines (`more`, each ending in CRLF):
/// its status, head and body.
pub(crate) fn send_with(
    port: u16,
    (method, path): (&str, &str),
    more: &str,
    body: &str,
) -> (u16, String, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    let form = if method == "POST" {
        format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        )
    } else {
        String::new()
    };
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{more}{form}Connection: close\r\n\r\n{body}"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).ok();
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (code, head.to_string(), body.to_string())
}

/// The hidden one-time token of a page's form.
pub(crate) fn token(page: &str) -> String {
    let at = page.find("name=\"t\" value=\"").expect("a form") + "name=\"t\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

/// A bridge evening that asks the other side's word, one deal made by NS (EW answers it).
pub(crate) fn evening(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("soir.json");
    let head = serde_json::json!({"format": "marque-session", "version": 1, "id": "soir",
        "game": "bridge", "created": "2026-11-27T20:00:00+01:00",
        "players": ["Anne", "Bruno", "Claire", "David"], "options": {}, "confirm": true,
        "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .args([
            "add",
            file.to_str().unwrap(),
            r#"{"contract":"4S","declarer":"N","tricks":10}"#,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "the deal added");
    file
}

/// A phone paired over HTTP through the offer at `offer` (a path), named `label` (form
/// encoded): its pairing form read (`form`: that page, checked by the caller), then its own
/// page's path.
pub(crate) fn pair_at(port: u16, offer: &str, label: &str, form: impl Fn(&str)) -> String {
    let (_, _, page) = send(port, "GET", offer, "");
    form(&page);
    let body = format!("t={}&label={label}", token(&page));
    let (code, head, _) = send(port, "POST", offer, &body);
    assert_eq!(code, 303, "{head}");
    head.lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with("location:")
                .then(|| l[9..].trim())
        })
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string()
}

/// Frames until `done` says so (what the window follows comes on its watcher's thread).
pub(crate) fn frames_until(
    h: &mut Harness<'static, marque::ui::App>,
    done: impl Fn(&Harness<'static, marque::ui::App>) -> bool,
) {
    for _ in 0..500 {
        if done(h) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("not done in time");
}

fn pairs_and_answers_at(size: egui::Vec2, zoom: f32) {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let file = evening(dir.path());
    let mut app = marque::ui::App::new(dir.path().to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, size);
    h.ctx.set_zoom_factor(zoom);
    settle(&mut h);
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    let port = h.state().sharing().unwrap().local_addr().port();
    // A key per side, the room's code first; each side's code in the same square.
    for key in ["La salle", "Parole de NS", "Parole d'EO"] {
        assert!(in_view(&h, key), "{key} on screen at {size:?} zoom {zoom}");
    }
    click(&mut h, "Parole d'EO");
    let offer = h
        .state()
        .sharing()
        .unwrap()
        .pairings()
        .offers()
        .into_iter()
        .find(|o| o.side == 1)
        .expect("EW's offer");
    let url = h
        .get_by_label_contains("Code QR de l'adresse : ")
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .trim_start_matches("Code QR de l'adresse : ")
        .to_string();
    assert!(url.contains(&offer.token), "EW's code shown: {url}");
    let keys = |h: &Harness<'static, marque::ui::App>| {
        ["La salle", "Parole de NS", "Parole d'EO"].map(|k| h.get_by_label(k).rect())
    };
    let before = keys(&h);
    // A phone pairs as Chloé: listed under EW with its key, nothing above it moved.
    let root = url
        .split("/p/")
        .next()
        .unwrap()
        .splitn(4, '/')
        .nth(3)
        .unwrap()
        .to_string();
    let offer_path = format!("/{root}/p/{}", offer.token);
    settle(&mut h);
    assert!(!h.ctx.has_requested_repaint(), "the window rests");
    let (code, _, page) = send(port, "GET", &offer_path, "");
    assert_eq!(code, 200, "the pairing form");
    let (code, head, _) = send(
        port,
        "POST",
        &offer_path,
        &format!("t={}&label=Chlo%C3%A9", token(&page)),
    );
    assert_eq!(code, 303, "{head}");
    // A resting window is woken to list the phone at once (not at its next input).
    assert!(
        h.ctx.has_requested_repaint(),
        "the window woken when a phone pairs"
    );
    let phone = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or_else(|| l.strip_prefix("Location: "))
        })
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string();
    settle(&mut h);
    assert!(shows(&h, "EO — Chloé"), "the phone listed");
    assert!(in_view(&h, "Retirer « Chloé »"), "its key on screen");
    assert_eq!(keys(&h), before, "nothing moved when the phone paired");
    // Its word is written by the server, no frame awaited: the file has it, once; the window
    // follows the file and says it as the phone's.
    let (_, _, page) = send(port, "GET", &phone, "");
    let t = token(&page);
    let phone_page = phone.clone();
    let (code, _, said) = send(port, "POST", &phone, &format!("t={t}&w=yes"));
    assert_eq!(code, 200, "the word answered");
    assert!(said.contains("est noté"), "{said}");
    let notice = "D'accord, dit le téléphone « Chloé ».";
    frames_until(&mut h, |h| shows(h, notice));
    assert!(
        !shows_containing(&h, "une autre machine"),
        "nothing said of another machine"
    );
    let s = saved(dir.path());
    let words: Vec<_> = marque_core::history::log(&s)
        .into_iter()
        .filter(|e| e.action.map(|a| a.id()) == Some("confirm"))
        .collect();
    assert_eq!(words.len(), 1, "one word");
    assert_eq!(
        words[0].new["phone"],
        serde_json::json!("Chloé"),
        "logged as the phone's"
    );
    assert_eq!(keys(&h), before, "nothing moved when the phone answered");
    // Revoked: its page is gone.
    click(&mut h, "Retirer « Chloé »");
    assert!(!shows(&h, "EO — Chloé"), "no longer listed");
    assert!(shows_containing(&h, "Téléphone retiré"), "said");
    assert_eq!(
        send(port, "GET", &phone_page, "").0,
        404,
        "a revoked phone reads nothing"
    );
}

#[test]
fn a_phone_pairs_and_answers_through_the_window_at_1024_600() {
    pairs_and_answers_at(egui::vec2(1024.0, 600.0), 1.0);
}

#[test]
fn a_phone_pairs_and_answers_through_the_window_at_1920_1080_zoomed() {
    pairs_and_answers_at(egui::vec2(1920.0, 1080.0), 1.5);
}

/// A 2500 of five asking every player's word, at 1024×600: a key per player, and the window
/// (which opens from its bottom) never past the top of the screen: its title and its folding
/// arrow in reach.
#[test]
fn five_players_keys_and_the_windows_title_stay_on_a_small_screen() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.json");
    let head = serde_json::json!({"format": "marque-session", "version": 1, "id": "brasses",
        "game": "2500", "created": "2026-11-27T20:00:00+01:00",
        "players": ["Anne", "Bruno", "Claire", "David", "Émilie"], "options": {},
        "confirm": true, "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let brasse = r#"{"frime": "8", "laid": [["A","A","A"], ["3","3","3"], [], [], []], "hand": [["K"], [], [], [], []]}"#;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["add", file.to_str().unwrap(), brasse])
        .output()
        .unwrap();
    assert!(out.status.success(), "the brasse added");
    let mut app = marque::ui::App::new(dir.path().to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, egui::vec2(1024.0, 600.0));
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    let title = h
        .query_by_label("Suivre sur les téléphones")
        .map(|n| n.rect());
    assert!(
        title.is_some_and(|t| t.min.y >= 0.0),
        "the window's title on screen: {title:?}"
    );
    for key in ["La salle", "Parole d'Anne", "Parole d'Émilie"] {
        assert!(in_view(&h, key), "{key} on screen");
    }
}

/// On a machine of several networks the players pick the one their phones reach: the room's
/// code and each side's code then carry that address, and the keys stay where they were.
#[test]
fn the_players_pick_the_network_the_codes_carry() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let file = evening(dir.path());
    let mut app = marque::ui::App::new(dir.path().to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, egui::vec2(1280.0, 800.0));
    settle(&mut h);
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    let vpn: std::net::IpAddr = "10.8.0.2".parse().unwrap();
    h.state_mut().sharing_mut().unwrap().set_networks(vec![
        ("wlan0".to_string(), "192.168.1.20".parse().unwrap()),
        ("tun0".to_string(), vpn),
    ]);
    settle(&mut h);
    let keys = |h: &Harness<'static, marque::ui::App>| {
        ["La salle", "Parole de NS", "Parole d'EO"].map(|k| h.get_by_label(k).rect())
    };
    let code = |h: &Harness<'static, marque::ui::App>| {
        h.get_by_label_contains("Code QR de l'adresse : ")
            .accesskit_node()
            .label()
            .unwrap_or_default()
    };
    click(&mut h, "Parole d'EO");
    let before = keys(&h);
    assert!(!code(&h).contains("10.8.0.2"), "{}", code(&h));
    // The list of networks opens from the address chosen; tun0 is picked.
    h.get_by_role_and_label(
        egui::accesskit::Role::ComboBox,
        "Réseau : aucun autre que cette machine",
    )
    .click();
    settle(&mut h);
    click(&mut h, "tun0 — 10.8.0.2");
    settle(&mut h);
    let ew = code(&h);
    assert!(
        ew.contains("http://10.8.0.2:") && ew.contains("/p/"),
        "EW's code, still chosen: {ew}"
    );
    assert_eq!(keys(&h), before, "nothing moved");
    click(&mut h, "La salle");
    let room = code(&h);
    assert!(
        room.contains("http://10.8.0.2:") && !room.contains("/p/"),
        "the room's code: {room}"
    );
    let url = h.state().sharing().unwrap().url().to_string();
    assert!(url.starts_with("http://10.8.0.2:"), "{url}");
}

/// The value of the hidden field `name` of a page's first form holding it.
pub(crate) fn hidden_value(page: &str, name: &str) -> String {
    let at = format!("name=\"{name}\" value=\"");
    let from = page
        .find(&at)
        .unwrap_or_else(|| panic!("no {name} in {page}"))
        + at.len();
    page[from..].split('"').next().unwrap().to_string()
}
