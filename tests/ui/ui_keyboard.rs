//! The app works from the keyboard: Tab moves between controls, Enter presses the one focused.
use crate::ui_common::*;
use egui::Key;
use egui_kittest::kittest::Queryable;

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// Presses Tab until the control named `label` has the focus (at most 60 times).
fn tab_to(h: &mut H, label: &str) {
    for _ in 0..60 {
        if h.query_by_label(label).is_some_and(|n| n.is_focused()) {
            return;
        }
        h.key_press(Key::Tab);
        h.run();
    }
    panic!("Tab never reached {label}");
}

#[test]
fn a_new_game_and_a_deal_from_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    tab_to(&mut h, "Nouvelle partie");
    h.key_press(Key::Enter);
    h.run();
    tab_to(&mut h, "Le Truc");
    h.key_press(Key::Enter);
    h.run();
    tab_to(&mut h, "Joueur 1");
    h.get_by_label("Joueur 1").type_text("Alice");
    h.run();
    tab_to(&mut h, "Joueur 2");
    h.get_by_label("Joueur 2").type_text("Bruno");
    h.run();
    tab_to(&mut h, "Commencer la partie");
    h.key_press(Key::Enter);
    h.run();
    for control in [
        "Seulement le gagnant",
        "Gagnant : Bruno",
        "Valider la donne",
    ] {
        tab_to(&mut h, control);
        h.key_press(Key::Enter);
        h.run();
    }
    assert_eq!(saved(dir.path()).hands.len(), 1);
    assert!(shows_containing(&h, "Manche 1 : Alice 0 – Bruno 1"));
}

#[test]
fn the_rules_reference_is_searchable_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "Règles");
    type_in(&mut h, "Chercher", "chelem");
    // Each rule under its title, with its id beside it.
    assert!(
        crate::ui_common::shows(&h, "Prime de chelem  [bridge.slam]")
            && !shows_containing(&h, "[bridge.insult]")
    );
    click(&mut h, "Le Truc");
    assert!(shows_containing(&h, "Aucune règle ne correspond."));
    click(&mut h, "English");
    replace_in(&mut h, "Search", "banco");
    assert!(shows_containing(&h, "asks \"banco\""));
}

/// Ctrl+Enter confirms the hand whatever key has the focus (the strain just tapped, say).
#[test]
fn ctrl_enter_confirms_with_a_key_focused() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_bridge(dir.path());
    click(&mut h, "Commencer la partie");
    click_all(
        &mut h,
        &["Nord — Anne", "Niveau 4", "Atout pique", "Juste fait"],
    );
    // The focus on a key of the form, as after tapping it.
    h.get_by_label("Atout pique").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Enter);
    h.run();
    settle(&mut h);
    assert_eq!(saved(dir.path()).hands.len(), 1, "the deal is confirmed");
}
