//! Bad input on the new-session screen: the problem is named in the user's language, what was
//! typed stays, and nothing is created until it is fixed.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;

#[test]
fn a_duplicate_or_missing_name_is_refused_and_the_entry_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "Nouvelle partie");
    click(&mut h, "Le Truc");
    type_in(&mut h, "Joueur 1", "Anne");
    click(&mut h, "Commencer la partie");
    assert!(shows(&h, "Le joueur 2 n'a pas de nom"));
    type_in(&mut h, "Joueur 2", "Anne");
    click(&mut h, "Commencer la partie");
    assert!(shows(
        &h,
        "Le nom « Anne » est donné à deux joueurs ; les noms doivent être distincts"
    ));
    assert_eq!(
        h.get_by_label("Joueur 1").value().as_deref(),
        Some("Anne"),
        "what was typed stays"
    );
    assert!(
        marque_store::Store::new(dir.path()).list().is_empty(),
        "nothing created"
    );
    click(&mut h, "English");
    click(&mut h, "Start the game");
    assert!(shows(
        &h,
        "The name `Anne` is given to two players; names must be distinct"
    ));
    // Distinct as typed, one person for the statistics: refused too.
    replace_in(&mut h, "Player 2", "ANNE");
    click(&mut h, "Start the game");
    assert!(shows_containing(
        &h,
        "`Anne` and `ANNE` are one person for the statistics"
    ));
    assert!(marque_store::Store::new(dir.path()).list().is_empty());
    replace_in(&mut h, "Player 2", "Annette");
    click(&mut h, "Start the game");
    assert_eq!(marque_store::Store::new(dir.path()).list().len(), 1);
}

/// The name fields are wide enough for a name, from the first frame, at any size.
#[test]
fn the_name_fields_are_wide_enough_for_a_name() {
    let dir = tempfile::tempdir().unwrap();
    for size in [egui::vec2(1024.0, 600.0), egui::vec2(1920.0, 1080.0)] {
        let mut h = harness_sized(dir.path(), size);
        click(&mut h, "Nouvelle partie");
        for seat in ["Nord", "Est", "Sud", "Ouest"] {
            let w = h.get_by_label(seat).rect().width();
            assert!(w >= 200.0, "{seat} at {size:?}: {w} points wide");
        }
    }
}

/// Each tap on "Ajouter un joueur" adds one seat: the key stays where it was tapped.
#[test]
fn three_taps_add_three_players() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "Nouvelle partie");
    click(&mut h, "Le 2500");
    let seats = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        (1..=8)
            .filter(|i| h.query_by_label(&format!("Joueur {i}")).is_some())
            .count()
    };
    let before = seats(&h);
    let at = h.get_by_label("Ajouter un joueur").rect();
    for _ in 0..3 {
        h.get_by_label("Ajouter un joueur").click();
        settle(&mut h);
        assert_eq!(
            h.get_by_label("Ajouter un joueur").rect(),
            at,
            "the key stays put"
        );
    }
    assert_eq!(seats(&h), before + 3);
}
