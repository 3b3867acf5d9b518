//! A hidden window holds no phone's word back: the room's server writes it through the file,
//! never waiting on a frame, and the window follows the file with eframe's `App::logic` alone.
use crate::ui_common::*;
use crate::ui_phone::{send, token};
use crate::ui_phone_refusals::both_paired;

/// The window hidden (eframe then runs no frame, only `App::logic` when something asks for
/// one): a phone's word is written within 1 s all the same, and `logic` alone (no frame) has
/// the window follow the file: its session holds the word, its notice is the phone's, and
/// nothing is said of another machine.
#[test]
fn a_hidden_window_holds_no_phones_word_back() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let (mut h, port, _, [_, phone]) = both_paired(dir.path());
    // Hidden from here: no frame is run.
    h.ctx
        .send_viewport_cmd(egui::ViewportCommand::Visible(false));
    let (_, _, page) = send(port, "GET", &phone, "");
    let t = token(&page);
    let start = std::time::Instant::now();
    let (code, _, said) = send(port, "POST", &phone, &format!("t={t}&w=no&why=Pas+vu"));
    let took = start.elapsed();
    assert_eq!(code, 200);
    assert!(said.contains("est noté"), "{said}");
    assert!(
        took < std::time::Duration::from_secs(1),
        "the word took {took:?}"
    );
    let disputed = |s: &marque_core::session::Session| {
        marque_core::history::log(s)
            .iter()
            .filter(|e| e.action.map(|a| a.id()) == Some("dispute"))
            .count()
    };
    assert_eq!(disputed(&saved(dir.path())), 1, "in the file");
    // What eframe calls while the window is hidden, and nothing else: the window follows.
    let ctx = h.ctx.clone();
    for _ in 0..500 {
        marque::ui::logic(h.state_mut(), &ctx);
        if h.state()
            .open
            .as_ref()
            .is_some_and(|o| disputed(o.doc.session()) == 1)
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let open = h.state().open.as_ref().unwrap();
    assert_eq!(
        disputed(open.doc.session()),
        1,
        "the window's session has it"
    );
    let notice = h.state().notice_text().unwrap_or_default();
    assert_eq!(notice, "Pas d'accord, dit le téléphone « side1 ».");
    // Shown again: the notice is there, nothing of another machine.
    h.ctx
        .send_viewport_cmd(egui::ViewportCommand::Visible(true));
    settle(&mut h);
    assert!(shows(&h, "Pas d'accord, dit le téléphone « side1 »."));
    assert!(!shows_containing(&h, "une autre machine"));
}
