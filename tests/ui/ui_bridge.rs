//! A whole rubber of bridge entered through the app by labels: a doubled contract down,
//! honours, a slam; then an earlier deal edited, undo and redo; the totals shown and the file.
use crate::ui_common::*;
use egui::{Key, Modifiers};
use serde_json::json;

fn deal(
    h: &mut egui_kittest::Harness<'static, marque::ui::App>,
    declarer: &str,
    level: &str,
    strain: &str,
    doubling: &str,
    result: &str,
) {
    click(h, declarer);
    click(h, level);
    click(h, strain);
    click(h, doubling);
    click(h, result);
}

#[test]
fn a_rubber_through_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    assert!(shows_containing(&h, "Donneur : Nord (Anne)"));

    // 1. 2♥X by East, down 2, not vulnerable: 100 + 200 to NS.
    deal(
        &mut h,
        "Est — Bruno",
        "Niveau 2",
        "Atout cœur",
        "Contré",
        "Chute de 2",
    );
    assert!(
        shows_containing(&h, "NS : +300"),
        "the preview shows the points before confirming"
    );
    click(&mut h, "Valider la donne");
    // 2. 4♠ by North made, NS hold 4 trump honours: 120 below (game), 100 above.
    deal(
        &mut h,
        "Nord — Anne",
        "Niveau 4",
        "Atout pique",
        "Non contré",
        "Juste fait",
    );
    click(&mut h, "NS 4 honneurs d'atout dans une main");
    click(&mut h, "Valider la donne");
    assert!(shows_containing(&h, "NS vulnérable, EO non vulnérable"));
    // 3. 6NT by South, 12 tricks, vulnerable: 190 below, small slam 750, rubber 700.
    deal(
        &mut h,
        "Sud — Claire",
        "Niveau 6",
        "Atout sans-atout",
        "Non contré",
        "Juste fait",
    );
    assert!(shows_containing(
        &h,
        "Cette donne termine le robre, gagné par NS"
    ));
    click(&mut h, "Valider la donne");
    assert!(shows(&h, "2160"), "NS total on the sheet");
    // The rubber's result line, and the table asked whether another rubber follows.
    assert!(shows_containing(&h, "NS gagnent le robre 1 de 2160 points"));
    assert!(shows(&h, "Robre suivant") && shows(&h, "Terminer la soirée"));
    assert!(!shows(&h, "Niveau 1"), "no form before the table says");

    let s = saved(dir.path());
    assert_eq!(s.players, ["Anne", "Bruno", "Claire", "David"]);
    assert_eq!(
        s.hands[0],
        json!({"contract": "2HX", "declarer": "E", "tricks": 6})
    );
    assert_eq!(
        s.hands[1],
        json!({"contract": "4S", "declarer": "N", "tricks": 10, "honours": {"side": "NS", "kind": "4"}})
    );
    assert_eq!(s.score().unwrap().totals, vec![2160, 0]);

    // Edit deal 1: down 3 instead of 2 (100 + 200 + 200); everything after recomputes.
    click(&mut h, "#1");
    assert!(shows_containing(&h, "[bridge.undertricks.doubled]"));
    click(&mut h, "Modifier la donne 1");
    click(&mut h, "Chute de 3");
    click(&mut h, "Garder cette saisie");
    assert!(shows(&h, "2360"));
    assert_eq!(saved(dir.path()).score().unwrap().totals, vec![2360, 0]);

    // Undo the edit with Ctrl+Z, redo with Ctrl+Y; the file follows.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(shows(&h, "2160"));
    assert_eq!(saved(dir.path()).score().unwrap().totals, vec![2160, 0]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert!(shows(&h, "2360"));
    let s = saved(dir.path());
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["add", "add", "add", "edit", "undo", "redo"]);

    // The rule link opens the reference at that rule.
    click(&mut h, "#1");
    click(&mut h, "[bridge.undertricks.doubled]");
    assert!(shows_containing(
        &h,
        "Chute contrée : non vulnérable, 100 pour la première"
    ));
    click(&mut h, "Retour à la partie");

    // Home lists the session with its result; English switches every text.
    click(&mut h, "English");
    assert!(shows(&h, "Edit log"));
    click(&mut h, "Home");
    assert!(
        shows_containing(&h, "NS 2360 points, EW 0 points"),
        "an evening in progress"
    );
}

/// The result keys are a key per number of tricks, always there, in places that never depend on
/// the contract: the key for 10 tricks stays put from no level to 4♠ ("=") to 3♠ ("+1").
#[test]
fn the_result_keys_stay_put_whatever_the_contract() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    click(&mut h, "Nord — Anne");
    let at = |h: &egui_kittest::Harness<'static, marque::ui::App>, name: &str| {
        let r = h.get_by_label(name).rect();
        [
            r.min.x.round(),
            r.min.y.round(),
            r.max.x.round(),
            r.max.y.round(),
        ]
    };
    let before = at(&h, "10 levées pour le camp du déclarant");
    click(&mut h, "Niveau 4");
    click(&mut h, "Atout pique");
    assert_eq!(at(&h, "Juste fait"), before);
    click(&mut h, "Niveau 3");
    assert_eq!(at(&h, "Fait plus 1"), before);
    click(&mut h, "Fait plus 1");
    assert_eq!(
        at(&h, "Fait plus 1"),
        before,
        "choosing it moves nothing either"
    );
}

/// Two games in a row for the declarer's side: two contracts made exactly, undoubled.
fn two_games(
    h: &mut egui_kittest::Harness<'static, marque::ui::App>,
    declarer: &str,
    level: &str,
    strain: &str,
) {
    for _ in 0..2 {
        deal(h, declarer, level, strain, "Non contré", "Juste fait");
        click(h, "Valider la donne");
    }
}

/// An evening of two rubbers: each rubber's result, the evening's standing, "next rubber", and
/// "end the evening" closing the session, which then opens read-only until reopened.
#[test]
fn a_bridge_evening_of_two_rubbers() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    // Rubber 1: two games by NS, 120 + 120 + 700.
    two_games(&mut h, "Nord — Anne", "Niveau 4", "Atout pique");
    assert!(shows_containing(&h, "NS gagnent le robre 1 de 940 points"));
    assert!(shows_containing(&h, "Soirée (1 robre) : NS 940, EO 0"));
    click(&mut h, "Robre suivant");
    assert!(
        shows(&h, "Donne 3"),
        "the form for the next rubber's first deal"
    );
    assert!(!shows(&h, "Robre suivant"));
    // Rubber 2: two games by EW, 150 + 150 + 700.
    two_games(&mut h, "Est — Bruno", "Niveau 5", "Atout cœur");
    assert!(shows_containing(&h, "EO gagnent le robre 2 de 1000 points"));
    assert!(shows_containing(&h, "Soirée (2 robres) : NS 940, EO 1000"));
    assert!(
        shows(&h, "Robre suivant"),
        "asked again after the second rubber"
    );
    let s = saved(dir.path());
    assert!(!s.closed);
    assert_eq!(s.score().unwrap().totals, vec![940, 1000]);

    click(&mut h, "Terminer la soirée");
    let s = saved(dir.path());
    assert!(s.closed);
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["add", "add", "add", "add", "close"]);
    assert!(shows_containing(&h, "Partie terminée — gagnant : EO"));
    assert!(!shows(&h, "Robre suivant") && !shows(&h, "Niveau 1"));

    // Opened again later: read-only, and reopening is asked and logged.
    click(&mut h, "Accueil");
    click_containing(&mut h, "Consulter : Anne");
    assert!(shows_containing(&h, "Lecture seule"));
    click(&mut h, "#1");
    assert!(
        !shows(&h, "Modifier la donne 1"),
        "no edit while it is over"
    );
    click(&mut h, "Reprendre la partie");
    click(&mut h, "Oui, reprendre");
    assert!(shows(&h, "Robre suivant"), "back to the evening's question");
    let s = saved(dir.path());
    assert!(!s.closed);
    let log = marque_core::history::log(&s);
    assert_eq!(log.last().unwrap().action.unwrap().id(), "reopen");
}
