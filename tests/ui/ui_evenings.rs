//! Whole evenings with the table's life in them (issue 40): each entered through the window
//! from its first hand to its natural end, with table events in the middle and a hand edited
//! before and after them; after every entry the window's totals are those of `marque score`
//! of the saved file, and the forms follow hands, never entries.
#![allow(
    clippy::needless_range_loop,
    reason = "player indexes into parallel arrays"
)]
use crate::ui_common::*;
use marque::games::ascenseur::{Options, Plan};

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// Each seat's total as `marque score` (the binary) gives it for the saved file.
fn score_totals(dir: &std::path::Path) -> Vec<i64> {
    let listed = marque::store::Store::new(dir).list();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .arg("score")
        .arg(&listed[0].path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect()
}

/// The window shows each seat's total as the saved file scores it (the core's score, the
/// same code `marque score` runs; the binary itself is asked at the end).
fn totals_agree(h: &H, dir: &std::path::Path, names: &[&str], when: &str) {
    let s = saved(dir);
    let totals = s.score().unwrap().totals;
    for (name, t) in names.iter().zip(&totals) {
        let total = format!("Total de {name} : {}", marque_core::view::minus(*t));
        assert!(shows(h, &total), "{when}: {total} not shown");
    }
}

/// One round entered by its keys: left of the dealer bids and takes every card, the others
/// 0, the dealer 1 (its hook bid of 0 being forbidden) and takes nothing.
fn play_round(h: &mut H, names: &[&str], plan: &Plan, k: usize) {
    let r = plan.round(k);
    let n = names.len();
    let first = (r.dealer + 1) % n;
    for p in 0..n {
        if p != r.dealer {
            let bid = if p == first { r.cards } else { 0 };
            click(h, &format!("{} annonce {bid}", names[p]));
        }
    }
    click(h, &format!("{} annonce 1", names[r.dealer]));
    for p in 0..n {
        let t = if p == first { r.cards } else { 0 };
        click(h, &format!("{} fait {t}", names[p]));
    }
    click(h, "Valider le tour");
}

/// An ascenseur evening of four: Thomas takes Sylvie's seat after round 2, the table agrees
/// on −5 for Romain after round 10, round 1 is edited after the substitute and round 12 after
/// the adjustment; the form offers round 3 (3 cards, its dealer) after the substitute, as the
/// core does, and so on to the 25th round, where the winners are shown.
#[test]
fn an_ascenseur_evening_with_a_substitute_and_an_adjustment_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut names = vec!["Sylvie", "Romain", "Lucie", "Marc"];
    let mut h = started(dir.path(), "L'Ascenseur", &names);
    let plan = Plan::new(4, &Options::default());
    assert_eq!(plan.rounds(), 25);
    let mut entries = 0;
    for k in 0..plan.rounds() {
        // The form's header follows rounds, not entries.
        let r = plan.round(k);
        let cards = if r.cards > 1 { "cartes" } else { "carte" };
        let header = format!(
            "Tour {}/25 — {} {cards} — donneur {}",
            k + 1,
            r.cards,
            names[r.dealer]
        );
        assert!(shows_containing(&h, &header), "round {}: {header}", k + 1);
        assert!(shows(&h, &format!("Tour {}", k + 1)), "next key's heading");
        play_round(&mut h, &names, &plan, k);
        entries += 1;
        assert_eq!(saved(dir.path()).hands.len(), entries, "round {}", k + 1);
        totals_agree(&h, dir.path(), &names, &format!("round {}", k + 1));
        if k == 1 {
            click(&mut h, "Table : Remplacement");
            click(&mut h, "Place de Sylvie");
            type_in(&mut h, "Le remplaçant", "Thomas");
            click(&mut h, "Enregistrer l'événement");
            entries += 1;
            names[0] = "Thomas";
            totals_agree(&h, dir.path(), &names, "after the substitute");
            // The sheet titles it by its kind; the rounds keep their numbers.
            assert!(shows(&h, "#2") && !shows(&h, "#3"));
            // Round 1 edited after the substitute: its form says round 1 (1 card), and the
            // file keeps it as the first entry.
            click(&mut h, "#1");
            click(&mut h, "Modifier le tour 1");
            assert!(shows_containing(&h, "Tour 1/25 — 1 carte — donneur Sylvie"));
            click(&mut h, "Romain annonce 0");
            click(&mut h, "Lucie annonce 1");
            click(&mut h, "Sylvie annonce 1");
            click(&mut h, "Romain fait 0");
            click(&mut h, "Lucie fait 1");
            click(&mut h, "Garder cette saisie");
            let s = saved(dir.path());
            assert_eq!(s.hands[0]["bids"], serde_json::json!([1, 0, 1, 0]));
            totals_agree(&h, dir.path(), &names, "after round 1 edited");
        }
        if k == 9 {
            click(&mut h, "Table : Ajustement");
            click(&mut h, "Points pour Romain");
            type_in(&mut h, "Points convenus (− pour en retirer)", "-5");
            click(&mut h, "Raison : renonce");
            click(&mut h, "Enregistrer l'événement");
            entries += 1;
            assert!(shows_containing(&h, "Ajustement —"));
            totals_agree(&h, dir.path(), &names, "after the adjustment");
        }
        if k == 11 {
            // Round 12, after both events: its own cards and dealer.
            click(&mut h, "#12");
            assert!(shows_containing(&h, "Tour 12 —"));
            click(&mut h, "Modifier le tour 12");
            let r = plan.round(11);
            let cards = if r.cards > 1 { "cartes" } else { "carte" };
            let header = format!(
                "Tour 12/25 — {} {cards} — donneur {}",
                r.cards, names[r.dealer]
            );
            assert!(shows_containing(&h, &header), "editing round 12: {header}");
            click(&mut h, "Abandonner la modification");
        }
    }
    assert_eq!(saved(dir.path()).hands.len(), 27);
    assert!(shows_containing(&h, "Partie terminée — gagnant"));
    // No form after the last round: the evening is over.
    assert!(!shows_containing(&h, "Tour 26"));
    let s = saved(dir.path());
    assert_eq!(s.score().unwrap().totals, score_totals(dir.path()));
    totals_agree(&h, dir.path(), &names, "at the end");
}
