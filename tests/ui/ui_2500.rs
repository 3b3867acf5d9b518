//! A 2500 partie entered through the app to its end, with aces as the frime: cards tapped on
//! the rank keypad, live points, the race shown, the file saved.
use crate::ui_common::*;
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

fn tap(h: &mut H, player: &str, what: &str, rank: &str, times: usize) {
    for _ in 0..times {
        click(h, &format!("{player} {what} {rank}"));
    }
}

#[test]
fn a_2500_partie_through_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);

    // Brasse 1, aces frimés: every ace is worth 200.
    click(&mut h, "Frime : As");
    assert!(shows(&h, "Chaque As vaut 200 cette brasse, où qu'il soit."));
    tap(&mut h, "Paul", "Posé", "As", 4);
    tap(&mut h, "Paul", "Posé", "7", 3);
    tap(&mut h, "Paul", "En main", "R", 1);
    assert!(shows(&h, "Paul : posé 815 − en main 10 = 805"));
    tap(&mut h, "Lise", "Posé", "V", 3);
    tap(&mut h, "Lise", "En main", "As", 1);
    assert!(shows(&h, "Lise : posé 30 − en main 200 = −170"));
    click(&mut h, "Valider la brasse");
    // Brasse 2, frime 8, laid by trios: one tap per trio, and − takes a trio back.
    click(&mut h, "Frime : 8");
    click(&mut h, "Par trois : chaque touche de Posé compte un brelan");
    tap(&mut h, "Paul", "Posé", "8", 2);
    tap(&mut h, "Paul", "Posé", "As", 2);
    click(&mut h, "Retirer : chaque touche retire des cartes");
    click(&mut h, "Paul Posé : retirer un As");
    click(&mut h, "Retirer : chaque touche retire des cartes");
    assert!(shows(&h, "Paul : posé 900 − en main 0 = 900"));
    click(&mut h, "Valider la brasse");
    // 805 + 900 = 1705. Brasse 3, aces again: 8 aces = 1600 → 3305, the end.
    click(&mut h, "Frime : As");
    tap(&mut h, "Paul", "Posé", "As", 8);
    assert!(shows_containing(
        &h,
        "La partie se termine ici — gagnant : Paul"
    ));
    click(&mut h, "Valider la brasse");
    assert!(shows_containing(&h, "Partie terminée — gagnant : Paul"));
    assert!(shows(&h, "Total de Paul : 3305"));

    let s = saved(dir.path());
    assert_eq!(
        s.hands[0]["laid"],
        json!([["7", "7", "7", "A", "A", "A", "A"], ["J", "J", "J"]])
    );
    assert_eq!(s.hands[0]["hand"], json!([["K"], ["A"]]));
    assert_eq!(s.score().unwrap().totals, vec![805 + 900 + 1600, -170]);
}

/// Tapping keys never moves a key: counts show inside fixed keys, the − beside each rank and
/// the clear key are always there.
#[test]
fn no_key_moves_when_another_is_tapped() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    click(&mut h, "Frime : 8");
    // Each key's place relative to the first (the form may scroll as a whole to show a key).
    // To the pixel: a scroll by a fraction of a point is no move.
    let keys = |h: &H| -> Vec<(String, [i32; 4])> {
        let origin = h.get_by_label("Paul Posé 3").rect().min.to_vec2();
        h.query_all_by_label_contains("Paul Posé")
            .chain(h.query_all_by_label_contains("Lise En main"))
            .map(|n| {
                let r = n.rect().translate(-origin);
                let px = |v: f32| v.round() as i32;
                let at = [px(r.min.x), px(r.min.y), px(r.max.x), px(r.max.y)];
                (format!("{:?}", n.accesskit_node().label()), at)
            })
            .collect()
    };
    let before = keys(&h);
    // The confirm button, at the panel's foot, does not scroll: it stays put, to the pixel.
    let confirm = |h: &H| {
        let r = h.get_by_label("Valider la brasse").rect();
        [r.min.x.round() as i32, r.min.y.round() as i32]
    };
    let confirm_at = confirm(&h);
    assert!(before.len() >= 2 * 12, "12 ranks a row");
    for tapped in [
        "Paul Posé 10",
        "Paul Posé 10",
        "Paul Posé As",
        "Lise En main R",
    ] {
        click(&mut h, tapped);
        assert_eq!(keys(&h), before, "after {tapped}");
        assert_eq!(confirm(&h), confirm_at, "after {tapped}");
    }
    click(&mut h, "Retirer : chaque touche retire des cartes");
    click(&mut h, "Paul Posé : retirer un 10");
    click(&mut h, "Retirer : chaque touche retire des cartes");
    assert!(shows(&h, "Paul : posé 110 − en main 0 = 110"));
    assert_eq!(keys(&h), before);
}

/// A brasse typed in points is kept as points: written as typed, shown as typed when edited
/// (after the app is closed and opened again), and a points total no card can make is refused
/// in words.
#[test]
fn a_brasse_typed_in_points() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    click(&mut h, "Frime : 8");
    click(&mut h, "En points : saisir les totaux");
    assert!(shows(
        &h,
        "Aucune carte ni aucun point pour personne : saisissez ce que chacun a posé et gardé en main."
    ));
    let typed = [
        ("Paul Posé (points)", 375.0),
        ("Paul En main (points)", 10.0),
        ("Lise Posé (points)", 130.0),
        ("Lise En main (points)", 203.0),
    ];
    for (field, points) in typed {
        h.get_by_label(field).set_value_accesskit(points);
        h.run();
    }
    assert!(shows(
        &h,
        "203 points : les cartes valent 5, 10, 100 ou 200, donc un multiple de 5"
    ));
    h.get_by_label("Lise En main (points)")
        .set_value_accesskit(200.0);
    h.run();
    click(&mut h, "Valider la brasse");
    let s = saved(dir.path());
    assert_eq!(s.score().unwrap().totals, vec![365, -70]);
    assert_eq!(s.hands[0]["laid"], serde_json::json!([375, 130]));
    assert_eq!(s.hands[0]["hand"], serde_json::json!([10, 200]));

    // The next brasse starts in points too: the table chose that way of counting.
    click(&mut h, "Frime : 9");
    assert!(h.query_by_label("Paul Posé (points)").is_some());
    drop(h);

    // Opened again and edited: the points as typed, kept unchanged.
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Paul, Lise");
    click(&mut h, "#1");
    click(&mut h, "Modifier la brasse 1");
    let value = |h: &egui_kittest::Harness<'static, marque::ui::App>, field: &str| {
        h.get_by_label(field).accesskit_node().numeric_value()
    };
    assert_eq!(value(&h, "Paul Posé (points)"), Some(375.0));
    assert_eq!(value(&h, "Lise En main (points)"), Some(200.0));
    assert!(!shows_containing(&h, "cartes de rang"), "no invented cards");
    click(&mut h, "Garder cette saisie");
    let s = saved(dir.path());
    assert_eq!(s.hands[0]["laid"], serde_json::json!([375, 130]));
    assert_eq!(s.hands[0]["hand"], serde_json::json!([10, 200]));
    assert_eq!(s.score().unwrap().totals, vec![365, -70]);
}

/// Switching modes never loses an entry silently: cards become their points; back to cards,
/// the table is asked first.
#[test]
fn switching_modes_converts_or_asks() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    click(&mut h, "Frime : 8");
    click(&mut h, "Paul Posé As");
    click(&mut h, "Paul Posé 8");
    click(&mut h, "En points : saisir les totaux");
    let value = |h: &egui_kittest::Harness<'static, marque::ui::App>, field: &str| {
        h.get_by_label(field).accesskit_node().numeric_value()
    };
    assert_eq!(
        value(&h, "Paul Posé (points)"),
        Some(200.0),
        "the cards' points"
    );
    click(&mut h, "En points : saisir les totaux");
    assert!(shows(
        &h,
        "Passer aux cartes efface les points saisis. Passer aux cartes ?"
    ));
    click(&mut h, "Non, garder les points");
    assert_eq!(value(&h, "Paul Posé (points)"), Some(200.0));
    click(&mut h, "En points : saisir les totaux");
    click(&mut h, "Oui, aux cartes");
    assert!(h.query_by_label("Paul Posé (points)").is_none());
}

/// A brasse another tool wrote with ranks for one player and points for the other: edited in
/// the app and kept, it is written back as it was given; and the table's own way of entering
/// (cards) is not taken from that edit.
#[test]
fn a_mixed_brasse_edited_is_written_back_as_given() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let hand = serde_json::json!({"frime": "8", "laid": [["A", "A", "A"], 145], "hand": [[], 10]});
    let v = serde_json::json!({"format": "marque-session", "version": 1, "game": "2500",
        "players": ["Paul", "Lise"], "hands": [hand]});
    std::fs::write(dir.path().join("m.json"), v.to_string()).unwrap();
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Paul, Lise");
    click(&mut h, "#1");
    click(&mut h, "Modifier la brasse 1");
    assert!(
        h.query_by_label("Paul Posé (points)").is_some(),
        "shown in points"
    );
    click(&mut h, "Garder cette saisie");
    assert_eq!(saved(dir.path()).hands[0], hand);
    click(&mut h, "Frime : 9");
    assert!(
        h.query_by_label("Paul Posé As").is_some(),
        "the next brasse by cards, as the table enters them"
    );
}
