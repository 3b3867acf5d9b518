//! The scoreboard for the room follows the session: a hand added, a hand edited, the language.
use crate::ui_common::*;

#[test]
fn the_scoreboard_follows_every_change() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1600.0, 1000.0));
    new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
    click(&mut h, "Commencer la partie");
    click(&mut h, "Tableau pour la salle");
    assert!(shows(&h, "NS : 0") && shows(&h, "EO : 0"));
    assert!(shows_containing(&h, "donneur : Nord"), "whose deal it is");
    // 2♥X by East, down 2, not vulnerable: 300 to NS.
    for c in [
        "Est — Bruno",
        "Niveau 2",
        "Atout cœur",
        "Contré",
        "Chute de 2",
        "Valider la donne",
    ] {
        click(&mut h, c);
    }
    assert!(shows(&h, "NS : 300"));
    assert!(shows_containing(&h, "Donne 1 : 2♥X par Est"));
    // Edited: down 3 is 500; the board follows.
    click(&mut h, "#1");
    click(&mut h, "Modifier la donne 1");
    click(&mut h, "Chute de 3");
    click(&mut h, "Garder cette saisie");
    assert!(shows(&h, "NS : 500") && !shows(&h, "NS : 300"));
    // In English too, and closed from the session screen.
    click(&mut h, "English");
    assert!(shows(&h, "NS: 500") && shows(&h, "EW: 0"));
    click(&mut h, "Close the scoreboard");
    assert!(!shows(&h, "NS: 500"));
}

/// A player who left shows as gone on the room's board (issue 40), beside the total the seat
/// keeps; one who arrived is there with the points agreed.
#[test]
fn the_board_says_who_left() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1600.0, 1000.0));
    new_game(&mut h, "Le 2500", &["Paul", "Lise", "Anne"]);
    click(&mut h, "Commencer la partie");
    click(&mut h, "Frime : 8");
    for _ in 0..3 {
        click(&mut h, "Lise Posé As");
    }
    click(&mut h, "Valider la brasse");
    click(&mut h, "Table : Départ");
    click(&mut h, "Départ de Lise");
    click(&mut h, "Enregistrer l'événement");
    click(&mut h, "Tableau pour la salle");
    assert!(
        shows(&h, "Lise (départ) : 300"),
        "the board marks Lise gone"
    );
    assert!(shows(&h, "Paul : 0"));
}
