//! Chicago through the window (issue 33): the new game asks for it (and then who deals first
//! and the table's agreement); a whole chukker entered through the form, with a deal passed
//! out; before each deal its place, dealer and vulnerability in large type; the premiums; the
//! wheel; "Chukker suivant" where the rubber's key is.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

fn deal(h: &mut H, keys: &[&str]) {
    for k in keys {
        click(h, k);
    }
    click(h, "Valider la donne");
}

#[test]
fn a_chicago_chukker_through_the_form() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
    // Chicago's own options appear once it is picked.
    assert!(!shows_containing(&h, "Vulnérabilité aux donnes 2 et 3"));
    click(&mut h, "Chicago (quatre donnes)");
    assert!(shows_containing(&h, "Vulnérabilité aux donnes 2 et 3"));
    click(&mut h, "Commencer la partie");
    assert!(shows(
        &h,
        "Donne 1 sur 4 — donneur : Nord (Anne) — personne vulnérable"
    ));
    // Deal 1: 2♠ by North, made: 60 below, no premium.
    deal(
        &mut h,
        &[
            "Nord — Anne",
            "Niveau 2",
            "Atout pique",
            "Non contré",
            "Juste fait",
        ],
    );
    // Passed out: dealt again by East, still deal 2, East–West vulnerable.
    assert!(shows(
        &h,
        "Donne 2 sur 4 — donneur : Est (Bruno) — EO vulnérables"
    ));
    click(&mut h, "Donne passée");
    click(&mut h, "Valider la donne");
    assert!(shows(
        &h,
        "Donne 2 sur 4 — donneur : Est (Bruno) — EO vulnérables"
    ));
    // Deal 2: 2♥ by South completes the game with the 60: 300, NS not vulnerable.
    deal(
        &mut h,
        &[
            "Sud — Claire",
            "Niveau 2",
            "Atout cœur",
            "Non contré",
            "Juste fait",
        ],
    );
    assert!(shows(
        &h,
        "Donne 3 sur 4 — donneur : Sud (Claire) — NS vulnérables"
    ));
    // Deal 3: 3NT by East, down 1, not vulnerable: 50 to NS.
    deal(
        &mut h,
        &[
            "Est — Bruno",
            "Niveau 3",
            "Atout sans-atout",
            "Non contré",
            "Chute de 1",
        ],
    );
    assert!(shows(
        &h,
        "Donne 4 sur 4 — donneur : Ouest (David) — tous vulnérables"
    ));
    // Deal 4: 1♣ by West, made: 20 and 100 for a part-score on the fourth deal; the preview
    // says it ends the chukker (not a rubber).
    click_all(
        &mut h,
        &[
            "Ouest — David",
            "Niveau 1",
            "Atout trèfle",
            "Non contré",
            "Juste fait",
        ],
    );
    assert!(shows_containing(
        &h,
        "Cette donne termine le chukker, gagné par NS"
    ));
    click(&mut h, "Valider la donne");
    // The chukker's result and the next chukker's key, where the rubber's would be.
    assert!(shows_containing(
        &h,
        "NS gagnent le chukker 1 de 350 points"
    ));
    assert!(shows(&h, "Chukker suivant"));
    assert!(shows(&h, "Terminer la soirée"));
    // The wheel: each deal with its dealer, vulnerability, points and running total.
    assert!(shows(&h, "Σ 470 / 120"));
    assert!(shows(&h, "+360 / 0"));
    let s = saved(dir.path());
    assert_eq!(s.hands.len(), 5);
    assert_eq!(s.hands[1], json!({"contract": "pass"}));
    let sheet = s.score().unwrap();
    assert_eq!(sheet.totals, vec![470, 120]);
    let premiums: Vec<String> = sheet
        .hands
        .iter()
        .flat_map(|r| r.lines.iter())
        .filter(|l| l.rule.as_str().starts_with("bridge.chicago"))
        .map(|l| format!("{} {}", l.rule, l.points))
        .collect();
    assert_eq!(
        premiums,
        ["bridge.chicago.game 300", "bridge.chicago.partscore 100"]
    );
    // The next chukker: deal 1 again, nobody vulnerable, North deals.
    click(&mut h, "Chukker suivant");
    assert!(shows(
        &h,
        "Donne 1 sur 4 — donneur : Nord (Anne) — personne vulnérable"
    ));
    // The chart picks a chukker, by its name (the sheet titles the first one so too).
    let named = |h: &H| h.query_all_by_label("Chukker 1").count();
    let before = named(&h);
    click(&mut h, "Courbe des scores");
    assert_eq!(named(&h), before + 1);
    assert!(!shows(&h, "Robre 1"));
}

/// The count of a Chicago deal names its place, its dealer and the vulnerability's rule.
#[test]
fn a_chicago_deal_explained() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
    click(&mut h, "Chicago (quatre donnes)");
    click(&mut h, "Commencer la partie");
    deal(
        &mut h,
        &[
            "Nord — Anne",
            "Niveau 4",
            "Atout pique",
            "Non contré",
            "Juste fait",
        ],
    );
    click(&mut h, "#1");
    assert!(shows_containing(
        &h,
        "à la première donne, personne n'est vulnérable"
    ));
    assert!(shows(&h, "[bridge.chicago.game]"));
}
