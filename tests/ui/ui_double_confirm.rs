//! A hand confirmed, then the confirm key tapped again at once: the file holds one hand, in
//! every game (the fresh form has nothing to confirm, and its key is off).
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// A whole tap (press and release) at `at`, in one frame.
fn tap_at(h: &mut H, at: egui::Pos2) {
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.step();
}

/// Taps `keys`, then the confirm key twice: a whole tap in one frame, and another in the very
/// next frame, as a fast double tap does; then Ctrl+Enter at once.
fn twice(h: &mut H, keys: &[&str], confirm: &str) {
    click_all(h, keys);
    let at = h.get_by_label(confirm).rect().center();
    h.input_mut().events.push(egui::Event::PointerMoved(at));
    h.step();
    tap_at(h, at);
    tap_at(h, at);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    settle(h);
    assert!(
        h.get_by_label(confirm).accesskit_node().is_disabled(),
        "{confirm} is off for the fresh form"
    );
    // And a third time, well after.
    h.get_by_label(confirm).click();
    settle(h);
}

#[track_caller]
fn one_hand(dir: &std::path::Path) {
    assert_eq!(saved(dir).hands.len(), 1, "one hand in the file");
}

#[test]
fn bridge() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    twice(
        &mut h,
        &["Nord — Anne", "Niveau 4", "Atout pique", "Juste fait"],
        "Valider la donne",
    );
    one_hand(dir.path());
}

#[test]
fn truc() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);
    twice(
        &mut h,
        &["Seulement le gagnant", "Gagnant : Bruno"],
        "Valider la donne",
    );
    one_hand(dir.path());
}

#[test]
fn ascenseur() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "L'Ascenseur", &["Ana", "Ben", "Chloe"]);
    twice(
        &mut h,
        &[
            "Ben annonce 1",
            "Chloe annonce 0",
            "Ana annonce 1",
            "Ben fait 1",
        ],
        "Valider le tour",
    );
    one_hand(dir.path());
}

#[test]
fn le_2500() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    twice(&mut h, &["Frime : 8", "Paul Posé R"], "Valider la brasse");
    one_hand(dir.path());
    // Nothing for anyone is no brasse: the key stays off, and says what is missing.
    click(&mut h, "Frime : 9");
    assert!(
        h.get_by_label("Valider la brasse")
            .accesskit_node()
            .is_disabled()
    );
    assert!(shows_containing(
        &h,
        "Aucune carte ni aucun point pour personne"
    ));
}

#[test]
fn democratie() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Démocratie", &["Hugo", "Iris"]);
    assert!(shows_containing(&h, "Aucun point pour personne"));
    twice(&mut h, &["Hugo pique : les 25 points"], "Valider la manche");
    one_hand(dir.path());
}
