//! Le Tarot through the window (issue 44): evenings at three, four and five players entered by
//! the form's keys, with the petit au bout, poignées, chelems, an arrival and a departure; a
//! plain deal in at most 8 taps; after each deal the window's totals are `marque score`'s.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// Taps `keys` in order, then confirms the deal; how many taps that was.
fn deal(h: &mut H, keys: &[&str]) -> usize {
    for k in keys {
        click(h, k);
    }
    click(h, "Valider la donne");
    keys.len() + 1
}

#[test]
fn a_tarot_evening_at_four_then_five_with_a_called_king() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(
        dir.path(),
        "Le Tarot",
        &["Anne", "Bruno", "Claire", "David"],
    );
    // A plain deal: taker, contract, bouts, two digits, confirm.
    let taps = deal(
        &mut h,
        &[
            "Preneur : Anne",
            "Contrat : Garde",
            "2 bouts",
            "Chiffre 4",
            "Chiffre 9",
        ],
    );
    assert!(taps <= 8, "{taps} taps for a plain deal");
    assert_eq!(
        all_agree(&h, dir.path(), "a garde made by 8"),
        [198, -66, -66, -66]
    );
    // The FFT's example: the petit au bout to the attack and the taker's simple poignée.
    deal(
        &mut h,
        &[
            "Preneur : Anne",
            "Contrat : Garde",
            "2 bouts",
            "Chiffre 4",
            "Chiffre 9",
            "Petit au bout : l'attaque",
            "Poignée simple (10 atouts) : Anne",
        ],
    );
    assert_eq!(
        all_agree(&h, dir.path(), "66 + 20 + 20"),
        [516, -172, -172, -172]
    );
    // The defence's points counted instead (the smaller pile): 91 − 40 = 51, a prise with one
    // bout made by 0.
    deal(
        &mut h,
        &[
            "Preneur : Bruno",
            "Contrat : Prise",
            "1 bout",
            "Compter les points de l'autre camp",
            "Chiffre 4",
            "Chiffre 0",
        ],
    );
    assert_eq!(
        all_agree(&h, dir.path(), "a prise made by 0"),
        [491, -97, -197, -197]
    );
    // A fifth player comes: the next deal names who held the called king.
    click(&mut h, "Table : Arrivée");
    type_in(&mut h, "Qui arrive ?", "Elise");
    click(&mut h, "Enregistrer l'événement");
    deal(
        &mut h,
        &[
            "Preneur : Claire",
            "Contrat : Garde",
            "Roi appelé chez Elise",
            "1 bout",
            "Chiffre 5",
            "Chiffre 6",
        ],
    );
    assert_eq!(
        all_agree(&h, dir.path(), "a garde at five with a partner"),
        [431, -157, -77, -257, 60]
    );
    // A chelem announced and made by a taker alone.
    deal(
        &mut h,
        &[
            "Preneur : David",
            "Contrat : Garde sans",
            "Le preneur joue seul",
            "3 bouts",
            "Chiffre 9",
            "Chiffre 1",
            "Chelem : l'attaque",
            "Chelem annoncé",
        ],
    );
    let t = all_agree(&h, dir.path(), "a chelem at five");
    assert_eq!(t.iter().sum::<i64>(), 0, "{t:?}");
    // Bruno leaves: four again, no king called.
    click(&mut h, "Table : Départ");
    click(&mut h, "Départ de Bruno");
    click(&mut h, "Enregistrer l'événement");
    assert!(!shows(&h, "Le preneur joue seul"));
    deal(
        &mut h,
        &[
            "Preneur : Elise",
            "Contrat : Garde contre",
            "0 bout",
            "Chiffre 3",
            "Chiffre 0",
        ],
    );
    all_agree(&h, dir.path(), "a garde contre down, after a departure");
    // A substitute, agreed points, then an old deal edited after all of them: the FFT's
    // example made a garde sans (the sheet and every total follow).
    click(&mut h, "Table : Remplacement");
    click(&mut h, "Place de Claire");
    type_in(&mut h, "Le remplaçant", "Zoé");
    click(&mut h, "Enregistrer l'événement");
    click(&mut h, "Table : Ajustement");
    click(&mut h, "Points pour David");
    type_in(&mut h, "Points convenus (− pour en retirer)", "-20");
    click(&mut h, "Raison : erreur de marque");
    click(&mut h, "Enregistrer l'événement");
    all_agree(&h, dir.path(), "after a substitute and agreed points");
    click(&mut h, "#2");
    click(&mut h, "Modifier la donne 2");
    click(&mut h, "Contrat : Garde sans");
    click(&mut h, "Garder cette saisie");
    assert_eq!(saved(dir.path()).hands[1]["contract"], "garde_sans");
    let t = all_agree(&h, dir.path(), "after deal 2 edited");
    assert_eq!(
        t.iter().sum::<i64>(),
        -20,
        "the deals add up to 0, the adjustment -20"
    );
    preview_says_the_count(&mut h, dir.path());
}

/// Before confirming, the foot says the count behind the points, as the table says it; it
/// follows the keys, and a deal keyed but not confirmed records nothing.
fn preview_says_the_count(h: &mut H, dir: &std::path::Path) {
    for k in [
        "Preneur : Anne",
        "Contrat : Garde",
        "2 bouts",
        "Chiffre 4",
        "Chiffre 9",
    ] {
        click(h, k);
    }
    assert!(
        shows_containing(
            h,
            "il en fallait 41, fait 49 ; gagnée de 8 → (25 + 8) × 2 = 66"
        ),
        "the preview says the count"
    );
    let entries = saved(dir).hands.len();
    click(h, "Effacer un chiffre");
    click(h, "Effacer un chiffre");
    click(h, "Chiffre 3");
    click(h, "Chiffre 0");
    assert!(
        shows_containing(h, "il en fallait 41, fait 30 ; chutée de 11"),
        "the count follows the keys"
    );
    assert_eq!(saved(dir).hands.len(), entries, "a preview records nothing");
}

/// An evening at three: half points, a petit au bout lost by the attack, a poignée, an
/// arrival (four: no half point), a chelem made by the defence, a departure (three again).
#[test]
fn an_evening_at_three_with_an_arrival_and_a_departure() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Tarot", &["Anne", "Bruno", "Claire"]);
    // 40,5 with two bouts: down by 1, the half point to the defence.
    deal(
        &mut h,
        &[
            "Preneur : Anne",
            "Contrat : Garde",
            "2 bouts",
            "Chiffre 4",
            "Chiffre 0",
            "Demi-point",
        ],
    );
    assert_eq!(all_agree(&h, dir.path(), "40,5 at three"), [-104, 52, 52]);
    // A prise made by 0 with three bouts, the petit au bout to the defence, Claire's double
    // poignée (15 trumps at three) to the side that won: 25 − 10 + 30 a defender.
    deal(
        &mut h,
        &[
            "Preneur : Bruno",
            "Contrat : Prise",
            "3 bouts",
            "Chiffre 3",
            "Chiffre 6",
            "Petit au bout : la défense",
            "Poignée double (15 atouts) : Claire",
        ],
    );
    assert_eq!(
        all_agree(&h, dir.path(), "petit lost, poignée won"),
        [-149, 142, 7]
    );
    // David arrives: four at the table, whole points only.
    click(&mut h, "Table : Arrivée");
    type_in(&mut h, "Qui arrive ?", "David");
    click(&mut h, "Enregistrer l'événement");
    assert!(
        h.get_by_label("Demi-point").accesskit_node().is_disabled(),
        "no half point at four"
    );
    // The defence takes every trick of a garde sans: an unannounced chelem to the defence.
    deal(
        &mut h,
        &[
            "Preneur : Claire",
            "Contrat : Garde sans",
            "0 bout",
            "Chiffre 0",
            "Chelem : la défense",
        ],
    );
    let t = all_agree(&h, dir.path(), "a chelem to the defence at four");
    assert_eq!(t.iter().sum::<i64>(), 0, "{t:?}");
    assert!(t[2] < -1000, "the taker pays the defence's chelem: {t:?}");
    // Anne leaves: three again, the half point is back.
    click(&mut h, "Table : Départ");
    click(&mut h, "Départ d'Anne");
    click(&mut h, "Enregistrer l'événement");
    assert!(!shows(&h, "Preneur : Anne"), "Anne has left");
    assert!(
        !h.get_by_label("Demi-point").accesskit_node().is_disabled(),
        "half points at three again"
    );
    deal(
        &mut h,
        &[
            "Preneur : David",
            "Contrat : Prise",
            "1 bout",
            "Chiffre 5",
            "Chiffre 1",
            "Demi-point",
        ],
    );
    let t = all_agree(&h, dir.path(), "51,5 at three after a departure");
    assert_eq!(
        saved(dir.path()).hands.len(),
        6,
        "four deals and two events"
    );
    assert_eq!(t.iter().sum::<i64>(), 0, "{t:?}");
}

/// Five seats with the mort (option `five` = `dead`): the seat out is offered in turn, plays
/// as at four, and scores 0.
#[test]
fn five_seats_with_the_mort_in_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(
        &mut h,
        "Le Tarot",
        &["Anne", "Bruno", "Claire", "David", "Elise"],
    );
    click(&mut h, "Un mort à chaque donne");
    click(&mut h, "Commencer la partie");
    // The first seat is out first: it is not offered as taker.
    assert!(!shows(&h, "Preneur : Anne"));
    deal(
        &mut h,
        &[
            "Preneur : Bruno",
            "Contrat : Garde",
            "2 bouts",
            "Chiffre 4",
            "Chiffre 9",
        ],
    );
    assert_eq!(
        all_agree(&h, dir.path(), "seat 0 out"),
        [0, 198, -66, -66, -66]
    );
    // Then the next one, Bruno.
    assert!(!shows(&h, "Preneur : Bruno"));
    deal(
        &mut h,
        &[
            "Preneur : Anne",
            "Contrat : Prise",
            "0 bout",
            "Chiffre 5",
            "Chiffre 6",
        ],
    );
    assert_eq!(
        all_agree(&h, dir.path(), "seat 1 out"),
        [75, 198, -91, -91, -91]
    );
    // Claire is out: David's garde with the petit au bout, a poignée and an announced chelem.
    assert!(!shows(&h, "Preneur : Claire"));
    deal(
        &mut h,
        &[
            "Preneur : David",
            "Contrat : Garde",
            "3 bouts",
            "Chiffre 9",
            "Chiffre 1",
            "Petit au bout : l'attaque",
            "Poignée simple (10 atouts) : David",
            "Chelem : l'attaque",
            "Chelem annoncé",
        ],
    );
    let t = all_agree(&h, dir.path(), "a chelem with the mort");
    assert_eq!(t[2], -91, "the mort scores nothing: {t:?}");
    assert_eq!(t.iter().sum::<i64>(), 0, "{t:?}");
    // Elise leaves: four at the table, no mort; then Franck comes and the mort is back.
    click(&mut h, "Table : Départ");
    click(&mut h, "Départ d'Elise");
    click(&mut h, "Enregistrer l'événement");
    for p in ["Anne", "Bruno", "Claire", "David"] {
        assert!(shows(&h, &format!("Preneur : {p}")), "{p} may take at four");
    }
    deal(
        &mut h,
        &[
            "Preneur : Anne",
            "Contrat : Prise",
            "2 bouts",
            "Chiffre 3",
            "Chiffre 0",
        ],
    );
    all_agree(&h, dir.path(), "four after a departure");
    click(&mut h, "Table : Arrivée");
    type_in(&mut h, "Qui arrive ?", "Franck");
    click(&mut h, "Enregistrer l'événement");
    let offered = ["Anne", "Bruno", "Claire", "David", "Franck"]
        .iter()
        .filter(|p| shows(&h, &format!("Preneur : {p}")))
        .count();
    assert_eq!(offered, 4, "five seats again: one is out");
    let taker = ["Anne", "Bruno", "Claire", "David", "Franck"]
        .into_iter()
        .find(|p| shows(&h, &format!("Preneur : {p}")))
        .unwrap();
    deal(
        &mut h,
        &[
            &format!("Preneur : {taker}"),
            "Contrat : Garde",
            "1 bout",
            "Chiffre 5",
            "Chiffre 1",
        ],
    );
    let t = all_agree(&h, dir.path(), "five again with the mort");
    assert_eq!(t.iter().sum::<i64>(), 0, "{t:?}");
}
