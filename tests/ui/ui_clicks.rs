//! What a typical hand of each game costs at the table: the taps (and typed fields) from an
//! empty form to a saved hand, counted through the app by labels, each beside a ceiling. The
//! figures are printed (`cargo test --test ui_clicks -- --nocapture`) and given in the README.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// Taps the controls in order and returns how many there were.
fn taps(h: &mut H, labels: &[&str]) -> usize {
    for l in labels {
        click(h, l);
    }
    labels.len()
}

fn report(game: &str, what: &str, count: usize, ceiling: usize) {
    eprintln!("{game}: {what}: {count} taps (ceiling {ceiling})");
    assert!(count <= ceiling, "{game}: {count} taps for {what}");
}

#[test]
fn bridge_a_contract_made_with_an_overtrick() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    // Undoubled is already chosen; the result keypad gives the tricks in one tap.
    let n = taps(
        &mut h,
        &[
            "Nord — Anne",
            "Niveau 4",
            "Atout pique",
            "Fait plus 1",
            "Valider la donne",
        ],
    );
    assert_eq!(
        saved(dir.path()).hands[0],
        json!({"contract": "4S", "declarer": "N", "tricks": 11})
    );
    report("bridge", "4♠ made with an overtrick", n, 5);
}

#[test]
fn truc_a_deal_raised_once_and_played_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);
    let n = taps(
        &mut h,
        &[
            "Alice : doubler",
            "Bruno : accepter",
            "Pli 1 : Alice",
            "Pli 2 : Alice",
            "Valider la donne",
        ],
    );
    assert_eq!(saved(dir.path()).score().unwrap().totals, vec![0, 0]);
    report("truc", "a double accepted, two tricks", n, 5);
    // A deal given by its winner only.
    let n = taps(
        &mut h,
        &[
            "Seulement le gagnant",
            "Gagnant : Bruno",
            "Valider la donne",
        ],
    );
    assert_eq!(saved(dir.path()).hands.len(), 2);
    report("truc", "a deal by its winner", n, 3);
    // The table chose the winner only: the next deal starts that way.
    let n = taps(&mut h, &["Gagnant : Alice", "Valider la donne"]);
    assert_eq!(saved(dir.path()).hands.len(), 3);
    report("truc", "the next deal by its winner", n, 2);
}

#[test]
fn ascenseur_a_round_of_four() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "L'Ascenseur", &["Ana", "Ben", "Chloe", "Dario"]);
    // Round 1: one card, Ana deals; the last player's tricks are filled in.
    let n = taps(
        &mut h,
        &[
            "Ben annonce 1",
            "Chloe annonce 0",
            "Dario annonce 0",
            "Ana annonce 1",
            // Once every trick is given, the others took none: filled in.
            "Ben fait 1",
            "Valider le tour",
        ],
    );
    assert_eq!(saved(dir.path()).hands[0]["tricks"], json!([0, 1, 0, 0]));
    report("ascenseur", "a round of four players", n, 6);
}

#[test]
fn le_2500_a_brasse_of_two_laid_by_trios() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    let n = taps(
        &mut h,
        &[
            "Frime : 8",
            "Par trois : chaque touche de Posé compte un brelan",
            "Paul Posé R",
            "Paul Posé 7",
            "Lise Posé 9",
            "Par trois : chaque touche de Posé compte un brelan",
            "Paul En main D",
            "Lise En main As",
            "Lise En main 5",
            "Valider la brasse",
        ],
    );
    let s = saved(dir.path());
    assert_eq!(
        s.hands[0]["laid"],
        json!([["7", "7", "7", "K", "K", "K"], ["9", "9", "9"]])
    );
    // Paul: 30 + 15 − 10; Lise: 30 − 100 − 5.
    assert_eq!(s.score().unwrap().totals, vec![35, -75]);
    report("2500", "a brasse of two players, nine cards laid", n, 10);
}

#[test]
fn democratie_a_manche_of_three() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Démocratie", &["Hugo", "Iris", "Jade"]);
    // Two suits taken whole, two shared: the 25 key, then typed points.
    let mut n = taps(
        &mut h,
        &["Hugo pique : les 25 points", "Iris cœur : les 25 points"],
    );
    for (who, suit, points) in [
        ("Jade", "carreau", 13.0),
        ("Hugo", "carreau", 12.0),
        ("Jade", "trèfle", 20.0),
        ("Iris", "trèfle", 5.0),
    ] {
        h.get_by_label(&format!("{who} {suit}"))
            .set_value_accesskit(points);
        h.run();
        n += 1;
    }
    n += taps(&mut h, &["Valider la manche"]);
    assert_eq!(saved(dir.path()).score().unwrap().totals, vec![1, 1, 2]);
    report(
        "démocratie",
        "a manche of three (two whole suits, two shared)",
        n,
        7,
    );
}

#[test]
fn le_2500_a_brasse_of_two_typed_in_points() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    let mut n = taps(&mut h, &["Frime : 8", "En points : saisir les totaux"]);
    for (field, points) in [
        ("Paul Posé (points)", 375.0),
        ("Paul En main (points)", 10.0),
        ("Lise Posé (points)", 130.0),
    ] {
        h.get_by_label(field).set_value_accesskit(points);
        h.run();
        n += 1;
    }
    n += taps(&mut h, &["Valider la brasse"]);
    assert_eq!(saved(dir.path()).score().unwrap().totals, vec![365, 130]);
    report("2500", "a brasse of two players typed in points", n, 6);
}
