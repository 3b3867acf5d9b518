//! A file dialog left open: a second one is not opened (the notice says why), and a file
//! chosen after another session was opened exports nothing.
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use marque::ui::FileFor;

static RELEASE: AtomicBool = AtomicBool::new(false);
static CHOSEN: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);

/// A dialog the person answers only when the test says so.
fn slow(_: FileFor, _: marque_core::i18n::Lang, _: Option<String>) -> Option<PathBuf> {
    while !RELEASE.load(Ordering::SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    CHOSEN.lock().unwrap().clone()
}

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// A tap and a few frames, without waiting for the dialog.
fn tap(h: &mut H, label: &str) {
    h.get_by_label_contains(label).click();
    for _ in 0..4 {
        h.step();
    }
}

#[test]
fn a_dialog_left_open() {
    let dir = tempfile::tempdir().unwrap();
    two_truc_sessions(dir.path());
    let mut h = harness(dir.path());
    h.state_mut().set_ask_file(slow);
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    tap(&mut h, "PDF");
    assert!(h.state().is_busy(), "the dialog is open");
    tap(&mut h, "PDF");
    assert_eq!(
        h.state().notice_text().unwrap(),
        "Une fenêtre de choix de fichier est déjà ouverte : répondez-y d'abord (elle peut être derrière celle-ci)."
    );
    // Another session is opened meanwhile; then the file is chosen.
    tap(&mut h, "Accueil");
    tap(&mut h, "Reprendre : Chloé, David");
    let out = dir.path().join("feuille.pdf");
    *CHOSEN.lock().unwrap() = Some(out.clone());
    RELEASE.store(true, Ordering::SeqCst);
    settle(&mut h);
    assert!(!out.exists(), "nothing exported of the other session");
    assert_eq!(
        h.state().notice_text().unwrap(),
        "Une autre session est ouverte depuis le choix du fichier : rien n'est exporté."
    );
}
