//! A hidden window holds no phone's word back: the room's server writes it through the file,
//! never waiting on a frame, and the window follows the file with eframe's `App::logic` alone.
use crate::ui_common::*;
use crate::ui_phone::{pair_at, send, token};
use crate::ui_phone_refusals::both_paired;
use egui_kittest::kittest::{NodeT, Queryable};

/// `App::logic` alone, as eframe calls it while the window is hidden, until the window's
/// session is `done` (or 5 s have passed).
fn logic_until(
    h: &mut egui_kittest::Harness<'static, marque::ui::App>,
    done: impl Fn(&marque_core::session::Session) -> bool,
) {
    let ctx = h.ctx.clone();
    for _ in 0..500 {
        marque::ui::logic(h.state_mut(), &ctx);
        if h.state().open().is_some_and(|o| done(o.doc.session())) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

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
    logic_until(&mut h, |s| disputed(s) == 1);
    let open = h.state().open().unwrap();
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

/// The share panel offers the table's own phone beside the sides' codes; with the window
/// hidden (no frame run), that phone enters the next deal: written within 1 s, the log naming
/// the phone, and `logic` alone has the window follow, its notice the phone's.
#[test]
fn a_hidden_window_holds_no_tables_entry_back() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let (mut h, port, root, _) = both_paired(dir.path());
    // The table's code is a key of the share panel, after the sides'.
    let keys = ["Parole de NS", "Parole d'EO", "Téléphone de la table"];
    for key in keys {
        assert!(shows(&h, key), "{key} in the share panel");
    }
    let (ew, table) = (
        h.get_by_label("Parole d'EO").rect(),
        h.get_by_label("Téléphone de la table").rect(),
    );
    assert!(
        ew.left() < table.left() || ew.top() < table.top(),
        "the table's key after the sides'"
    );
    click(&mut h, "Téléphone de la table");
    settle(&mut h);
    let offer = h
        .state()
        .sharing()
        .unwrap()
        .pairings()
        .offers()
        .into_iter()
        .find(|o| o.table == Some(marque::serve::pairing::Entering::Session))
        .expect("the table's offer");
    assert!(
        shows_containing(&h, "entre ce que joue la table"),
        "its hint"
    );
    let url = h
        .get_by_label_contains("Code QR de l'adresse : ")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(url.contains(&offer.token), "the table's code shown: {url}");
    let phone = pair_at(
        port,
        &format!("/{root}/p/{}", offer.token),
        "Table",
        |page| {
            assert!(page.contains("entre ce que joue la table"), "{page}");
        },
    );
    let (code, _, page) = send(port, "GET", &phone, "");
    assert_eq!(code, 200, "{page}");
    h.ctx
        .send_viewport_cmd(egui::ViewportCommand::Visible(false));
    let n = crate::ui_phone::hidden_value(&page, "n");
    let body = format!("do=look&n={n}&lvl=3&st=NT&x=&by=E&res=0");
    let (code, _, look) = send(port, "POST", &phone, &body);
    assert_eq!(code, 200, "{look}");
    let t = token(&look);
    let start = std::time::Instant::now();
    let (code, _, said) = send(port, "POST", &phone, &format!("do=write&t={t}"));
    let took = start.elapsed();
    assert_eq!(code, 200, "{said}");
    assert!(said.contains("noté"), "{said}");
    assert!(
        took < std::time::Duration::from_secs(1),
        "the entry took {took:?}"
    );
    let hands = |s: &marque_core::session::Session| s.hands.len();
    let in_file = saved(dir.path());
    assert_eq!(hands(&in_file), 2, "in the file");
    let last = marque_core::history::log(&in_file).pop().unwrap();
    assert_eq!(
        last.phone.as_deref(),
        Some("Table"),
        "the log names the phone"
    );
    logic_until(&mut h, |s| hands(s) == 2);
    let open = h.state().open().unwrap();
    assert_eq!(hands(open.doc.session()), 2, "the window's session has it");
    let notice = h.state().notice_text().unwrap_or_default();
    assert_eq!(notice, "Entré du téléphone « Table ».");
    h.ctx
        .send_viewport_cmd(egui::ViewportCommand::Visible(true));
    settle(&mut h);
    assert!(!shows_containing(&h, "une autre machine"));
}
