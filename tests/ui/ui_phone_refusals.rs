//! The other side's word against the window's own server (the same refusals `tests/phone.rs`
//! makes against `marque serve`): the other side's pairing, the room's read-only address,
//! another origin, a cross-site request, no token, 64 KiB, a revoked phone each refused with
//! the file byte for byte as it was; the same answer sent twice written once, no frame of the
//! window awaited.
use crate::ui_common::*;
use crate::ui_phone::{evening, pair_at, send, send_with, token};
use egui_kittest::Harness;

/// The window sharing the evening, with NS's and EW's phones paired: the harness, the
/// server's port, the capability, and the two phones' pages.
pub(crate) fn both_paired(
    dir: &std::path::Path,
) -> (Harness<'static, marque::ui::App>, u16, String, [String; 2]) {
    let file = evening(dir);
    let mut app = marque::ui::App::new(dir.to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, egui::vec2(1280.0, 800.0));
    settle(&mut h);
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    let shared = h.state().sharing().unwrap();
    let port = shared.local_addr().port();
    let root = shared
        .url()
        .splitn(4, '/')
        .nth(3)
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    // The sides' offers (the table's own phone has one too).
    let mut offers: Vec<_> = shared
        .pairings()
        .offers()
        .into_iter()
        .filter(|o| o.table.is_none())
        .collect();
    offers.sort_by_key(|o| o.side);
    let phones = [0, 1].map(|side| {
        let offer = format!("/{root}/p/{}", offers[side].token);
        pair_at(port, &offer, &format!("side{side}"), |_| {})
    });
    settle(&mut h);
    (h, port, root, phones)
}

#[test]
fn the_windows_server_refuses_what_marque_serve_refuses() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let (mut h, port, root, [ns, ew]) = both_paired(dir.path());
    let file = dir.path().join("soir.json");
    let (_, _, page) = send(port, "GET", &ew, "");
    let t = token(&page);
    let yes = format!("t={t}&w=yes");
    let before = std::fs::read(&file).unwrap();
    let big = format!("{yes}&why={}", "x".repeat(64 * 1024));
    let refusals: [(&str, &str, &str, u16); 7] = [
        (&ns, "", &yes, 403),
        (&format!("/{root}/s/soir"), "", &yes, 413),
        (&ew, "Origin: http://evil.example\r\n", &yes, 403),
        (&ew, "Sec-Fetch-Site: cross-site\r\n", &yes, 403),
        (&ew, "", "w=yes", 403),
        (&ew, "", &big, 413),
        (&ew, "Origin: null\r\n", &yes, 403),
    ];
    for (to, more, body, want) in refusals {
        let (code, _, _) = send_with(port, ("POST", to), more, body);
        settle(&mut h);
        assert_eq!(code, want, "POST {to} {more:?}");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "the file untouched by {to} {more:?}"
        );
    }
    // EW agrees twice with the same answer: one word in the log, the same reply.
    let mut replies = Vec::new();
    for _ in 0..2 {
        let (code, _, said) = send(port, "POST", &ew, &yes);
        assert_eq!(code, 200);
        replies.push(said.contains("est noté"));
    }
    assert_eq!(replies, [true, true], "the same reply to the same answer");
    let words = marque_core::history::log(&saved(dir.path()))
        .into_iter()
        .filter(|e| e.action.map(|a| a.id()) == Some("confirm"))
        .count();
    assert_eq!(words, 1, "one word written");
    // Revoked, EW's phone is refused, the file as it was.
    let before = std::fs::read(&file).unwrap();
    click(&mut h, "Retirer « side1 »");
    let (code, _, _) = send(port, "POST", &ew, "w=no");
    assert_eq!(code, 404, "a revoked phone answers nothing");
    assert_eq!(std::fs::read(&file).unwrap(), before);
}
