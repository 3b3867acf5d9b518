//! A démocratie game entered through the app to its target: points typed and cards picked,
//! a 26-point suit refused, tribus live; the trick helper; the totals shown and the file saved.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

fn points(h: &mut H, player: &str, suit: &str, value: f64) {
    h.get_by_label(&format!("{player} {suit}"))
        .set_value_accesskit(value);
    h.run();
}

#[test]
fn a_democratie_game_through_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Démocratie", &["Hugo", "Iris"]);
    h.get_by_label("Tribus pour gagner")
        .set_value_accesskit(5.0);
    h.run();
    click(&mut h, "Commencer la partie");
    assert!(shows(
        &h,
        "Cartes par jour (chaque main et la pile de vote) : 8 + 8 ; jokers : 0"
    ));

    // Manche 1: Hugo's spades picked as cards (5 4 3 A = 15), the rest typed.
    click(&mut h, "Hugo pique : choisir les cartes");
    for r in ["5", "4", "3", "As"] {
        click(&mut h, &format!("Hugo {r} de pique"));
    }
    assert!(shows_containing(&h, "♠ 15 points"));
    points(&mut h, "Hugo", "cœur", 13.0);
    points(&mut h, "Iris", "cœur", 13.0);
    assert!(shows(&h, "cœur : 26 / 25"));
    assert!(
        shows(&h, "les points à cœur font 26 ; une couleur en a 25"),
        "a 26-point suit is refused"
    );
    assert!(
        h.get_by_label("Valider la manche")
            .accesskit_node()
            .is_disabled(),
        "a refused manche cannot be confirmed"
    );
    points(&mut h, "Iris", "cœur", 12.0);
    points(&mut h, "Hugo", "carreau", 20.0);
    points(&mut h, "Iris", "trèfle", 14.0);
    assert!(shows(&h, "Hugo — tribus : 3"));
    click(&mut h, "Valider la manche");
    // Manche 2: Hugo takes two more suits and reaches 5.
    points(&mut h, "Hugo", "pique", 13.0);
    points(&mut h, "Hugo", "trèfle", 25.0);
    click(&mut h, "Valider la manche");
    assert!(shows_containing(&h, "Partie terminée — gagnant : Hugo"));

    let s = saved(dir.path());
    assert_eq!(s.hands[0]["captured"][0]["S"], json!(["5", "4", "3", "A"]));
    assert_eq!(s.hands[0]["captured"][0]["H"], json!(13));
    assert_eq!(s.score().unwrap().totals, vec![5, 1]);
}

#[test]
fn the_trick_helper_settles_a_disputed_trick() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Démocratie", &["Hugo", "Iris"]);
    click(&mut h, "Aide pour un pli disputé");
    click(&mut h, "Carte de vote : cœur");
    click(&mut h, "Carte de vote : rang R");
    click(&mut h, "Hugo : cœur");
    click(&mut h, "Hugo : rang 5");
    click(&mut h, "Iris : cœur");
    click(&mut h, "Iris : rang 6");
    assert!(shows(
        &h,
        "Iris prend le pli — le 6 d'atout bat le 5 d'atout joué avec lui [democratie.trick]"
    ));
}

#[test]
fn the_live_tribus_count_all_12_cards_as_two_with_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Démocratie", &["Hugo", "Iris"]);
    click(&mut h, "2 tribus");
    click(&mut h, "Commencer la partie");
    click(&mut h, "Hugo cœur : choisir les cartes");
    for r in ["5", "4", "3", "As", "R", "D", "V", "10", "9", "8", "7", "6"] {
        click(&mut h, &format!("Hugo {r} de cœur"));
    }
    assert!(
        shows(&h, "Hugo — tribus : 2"),
        "the form counts as the score will"
    );
    assert!(shows_containing(&h, "Hugo : +2"));
}

/// Steppers beside each suit's points, and the whole suit to one player in one tap.
#[test]
fn steppers_and_all_25_to_one_player() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Démocratie", &["Hugo", "Iris"]);
    click(&mut h, "Hugo cœur : les 25 points");
    assert!(shows(&h, "Hugo — tribus : 1"));
    click(&mut h, "Hugo cœur : un point de moins");
    click(&mut h, "Iris cœur : un point de plus");
    click(&mut h, "Iris pique : les 25 points");
    click(&mut h, "Valider la manche");
    let s = saved(dir.path());
    assert_eq!(s.hands[0]["captured"][0]["H"], 24);
    assert_eq!(s.hands[0]["captured"][1]["H"], 1);
    assert_eq!(s.hands[0]["captured"][1]["S"], 25);
    assert_eq!(s.score().unwrap().totals, vec![1, 1]);
}
