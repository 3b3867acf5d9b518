//! A truc partie entered through the app by labels: a refused double, a banco, two manches;
//! the helper offers only the calls the rules allow; the totals shown and the file saved.
use crate::ui_common::*;
use egui::{Key, Modifiers};
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

fn calls(h: &mut H, list: &[&str]) {
    for c in list {
        click(h, c);
    }
}

fn winner(h: &mut H, who: &str) {
    click(h, "Seulement le gagnant");
    click(h, &format!("Gagnant : {who}"));
    click(h, "Valider la donne");
}

#[test]
fn a_truc_partie_through_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);

    // 1. Alice doubles, Bruno accepts; Alice takes the first two tricks: 2 points.
    {
        use egui_kittest::kittest::{NodeT, Queryable};
        let accept = h.get_by_label("Bruno : accepter");
        assert!(
            accept.accesskit_node().is_disabled(),
            "nothing to answer yet"
        );
    }
    calls(&mut h, &["Alice : doubler", "Bruno : accepter"]);
    assert!(shows(&h, "La donne vaut 2"));
    click(&mut h, "Pli 1 : Alice");
    click(&mut h, "Pli 2 : Alice");
    assert!(
        !shows(&h, "Pli 3 : Alice"),
        "play stops once a player has two tricks"
    );
    click(&mut h, "Valider la donne");
    // 2. Bruno doubles, Alice refuses: Bruno scores the 1 that stood.
    calls(&mut h, &["Bruno : doubler", "Alice : refuser"]);
    assert!(shows(&h, "Refusé : Bruno marque 1"));
    click(&mut h, "Valider la donne");
    // 3–5. Alice reaches 9.
    calls(
        &mut h,
        &[
            "Alice : doubler",
            "Bruno : accepter",
            "Alice : doubler",
            "Bruno : accepter",
        ],
    );
    winner(&mut h, "Alice");
    calls(&mut h, &["Alice : doubler", "Bruno : accepter"]);
    winner(&mut h, "Alice");
    winner(&mut h, "Alice");
    assert!(shows_containing(&h, "Manche 1 : Alice 9 – Bruno 1"));
    // 6. At 9, a double to 4 would pass 12: the helper offers banco (12 − 9 = 3) instead.
    calls(&mut h, &["Alice : doubler", "Bruno : accepter"]);
    assert!(shows(&h, "Alice : banco") && !shows(&h, "Alice : doubler"));
    calls(&mut h, &["Alice : banco", "Bruno : accepter"]);
    assert!(shows(&h, "La donne vaut 3"));
    winner(&mut h, "Alice");
    assert!(shows_containing(&h, "manches gagnées : 1 – 0"));
    // The sheet marks the deal that won the manche, and its total row counts manches.
    assert!(shows_containing(&h, "— manche gagnée par Alice"));
    assert!(shows(&h, "Manches gagnées") && !shows(&h, "Total"));
    // Manche 2: three deals of 4.
    for _ in 0..3 {
        calls(
            &mut h,
            &[
                "Alice : doubler",
                "Bruno : accepter",
                "Alice : doubler",
                "Bruno : accepter",
            ],
        );
        winner(&mut h, "Alice");
    }
    assert!(shows_containing(&h, "Partie terminée — gagnant : Alice"));
    assert!(
        !shows(&h, "Valider la donne"),
        "no entry once the partie is over"
    );

    let s = saved(dir.path());
    assert_eq!(s.hands.len(), 9);
    assert_eq!(
        s.hands[1],
        json!({"calls": [{"by": 1, "call": "double"}, {"by": 0, "call": "refuse"}]})
    );
    assert_eq!(s.hands[5]["calls"][2], json!({"by": 0, "call": "banco"}));
    assert_eq!(s.hands[0]["tricks"], json!([0, 0]));
    let sheet = s.score().unwrap();
    assert_eq!((sheet.totals.clone(), sheet.finished), (vec![2, 0], true));

    // Undo the last deal: the partie is open again, on screen and on disk.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(shows_containing(&h, "Manche 2 : Alice 8 – Bruno 0"));
    assert_eq!(saved(dir.path()).hands.len(), 8);
}

/// The call keys keep their places: a second tap where one's own raise was lands on one's own
/// (now idle) raise key, never on the other player's answer.
#[test]
fn a_double_tap_never_answers_ones_own_raise() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);
    let at = |h: &H, name: &str| {
        let r = h.get_by_label(name).rect();
        [r.min.x.round(), r.min.y.round()]
    };
    let (raise, accept) = (at(&h, "Alice : doubler"), at(&h, "Bruno : accepter"));
    click(&mut h, "Alice : doubler");
    assert_eq!(
        at(&h, "Alice : doubler"),
        raise,
        "Alice's raise key stays put"
    );
    assert_eq!(
        at(&h, "Bruno : accepter"),
        accept,
        "Bruno's answer stays put"
    );
    assert!(
        h.get_by_label("Alice : doubler")
            .accesskit_node()
            .is_disabled()
    );
    // The second tap of a double tap reaches Alice's idle key: nothing is answered.
    h.get_by_label("Alice : doubler").click();
    h.run();
    assert!(shows(&h, "La donne vaut 1"), "the raise is still pending");
    let s = saved(dir.path());
    assert!(s.hands.is_empty());
}
