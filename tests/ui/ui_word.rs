//! The other side's word: asked after each hand when the session wants it, recorded in the
//! log with the side and the time, and a disputed hand marked until confirmed or corrected.
use crate::ui_common::*;

#[test]
fn a_hand_disputed_then_corrected_and_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_bridge(dir.path());
    click(&mut h, "Faire confirmer chaque donne par l'autre camp");
    click(&mut h, "Commencer la partie");
    assert!(marque_core::history::wants_word(&saved(dir.path())));
    click_all(&mut h, &FOUR_SPADES_MADE);
    // The defenders are asked, in large type, with the hand and its points.
    assert!(shows(&h, "EO, êtes-vous d'accord ?"));
    assert!(shows(&h, "Donne 1 : 4♠ par Nord, juste fait"));
    assert!(shows(&h, "NS : +120   EO : 0"));
    click(&mut h, "Pas d'accord");
    assert!(!shows(&h, "EO, êtes-vous d'accord ?"));
    assert!(shows(&h, "⚠ contestée par EO — 4♠ par Nord, juste fait"));
    // The word's line says the dispute waits, never that all was agreed.
    assert!(shows_containing(&h, "Contestation en cours sur Donne 1"));
    assert!(!shows_containing(&h, "accord sur tout"));
    let s = saved(dir.path());
    let last = marque_core::history::log(&s).pop().unwrap();
    assert_eq!(
        (
            last.action.unwrap().id(),
            last.hand,
            last.new["side"].as_str()
        ),
        ("dispute", 1, Some("EW"))
    );
    // Corrected: the mark goes, the word is asked again, and given.
    click(&mut h, "Modifier la donne 1");
    click(&mut h, "Fait plus 1");
    click(&mut h, "Garder cette saisie");
    assert!(!shows_containing(&h, "contestée"));
    assert!(shows(&h, "EO, êtes-vous d'accord ?"));
    click(&mut h, "D'accord");
    assert!(!shows(&h, "EO, êtes-vous d'accord ?"));
    let s = saved(dir.path());
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["add", "dispute", "edit", "confirm"]);
    // The log says it in words.
    click(&mut h, "Journal des modifications");
    assert!(shows_containing(&h, "— donne 1 — désaccord : EO"));
    assert!(shows_containing(&h, "— donne 1 — accord : EO"));
    assert_eq!(
        s.score().unwrap().totals,
        vec![150, 0],
        "the score is the file's"
    );
}

#[test]
fn without_the_option_nothing_is_asked() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);
    for c in [
        "Seulement le gagnant",
        "Gagnant : Bruno",
        "Valider la donne",
    ] {
        click(&mut h, c);
    }
    assert!(!shows_containing(&h, "êtes-vous d'accord"));
    assert!(!marque_core::history::wants_word(&saved(dir.path())));
}
