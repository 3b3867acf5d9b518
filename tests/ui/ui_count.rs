//! A hand's count in the app: the options in force under the title, and for a selected hand what
//! stood before it and each line with its sum written out.
use crate::ui_common::*;

/// Enters 3♠X by East, down 3, not vulnerable (100 + 200 + 200 to NS) and confirms it.
fn doubled_deal_down_3(h: &mut egui_kittest::Harness<'static, marque::ui::App>) {
    for label in [
        "Est — Bruno",
        "Niveau 3",
        "Atout pique",
        "Contré",
        "Chute de 3",
    ] {
        click(h, label);
    }
    click(h, "Valider la donne");
}

#[test]
fn a_selected_deal_shows_its_count_step_by_step_and_the_options_in_force() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    assert!(
        shows(
            &h,
            "Options : Prime de chelem : chelem demandé ; Barème : règle d'origine"
        ),
        "the options in force, defaults included"
    );
    doubled_deal_down_3(&mut h);
    click(&mut h, "#1");
    assert!(shows_containing(&h, "Avant la donne : Robre 1"));
    assert!(shows(
        &h,
        "chute de 3, contrée, déclarant non vulnérable : 100 + 200 + 200 = 500"
    ));
    // In English too.
    click(&mut h, "English");
    assert!(shows(
        &h,
        "down 3 doubled, declarer not vulnerable: 100 + 200 + 200 = 500"
    ));
    assert!(shows_containing(&h, "Before the deal: Rubber 1"));
}

/// A selected deal's Modifier and Supprimer come right under the table, in view at 1024×600
/// even when the deal's rubber fills a long paper sheet.
#[test]
fn a_selected_deals_buttons_are_in_view_above_its_paper_sheet() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    // Nineteen part-scores of 20: a rubber of ten deals, then nine more, long columns on paper.
    let deal = serde_json::json!({"contract": "1C", "declarer": "N", "tricks": 7});
    let v = serde_json::json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": BRIDGE, "hands": vec![deal; 19]});
    std::fs::write(dir.path().join("soir.json"), v.to_string()).unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1024.0, 600.0));
    click_containing(&mut h, "Reprendre : Anne, Bruno, Claire, David");
    click(&mut h, "#19");
    let edit = h.get_by_label("Modifier la donne 19").rect();
    assert!(edit.bottom() <= 600.0, "{edit:?} is out of view");
}

/// "What if": another option's count of the selected hand and the session's totals beside the
/// real ones; nothing is saved, and "back" returns to the session's own options.
#[test]
fn what_if_another_table_shows_the_hand_and_the_totals_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    for label in [
        "Est — Bruno",
        "Niveau 4",
        "Atout pique",
        "Contré",
        "Chute de 4",
    ] {
        click(&mut h, label);
    }
    click(&mut h, "Valider la donne");
    // The one session file of the folder, as saved.
    let file = || {
        let f = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                name.ends_with(".json") && !name.starts_with('.')
            })
            .unwrap();
        std::fs::read(f).unwrap()
    };
    let before = file();
    click(&mut h, "#1");
    assert!(shows(
        &h,
        "chute de 4, contrée, déclarant non vulnérable : 100 + 200 + 200 + 200 = 700"
    ));
    click(&mut h, "Barème : lois actuelles");
    assert!(shows(&h, "Avec Barème : lois actuelles :"));
    assert!(shows(
        &h,
        "chute de 4, contrée, déclarant non vulnérable : 100 + 200 + 200 + 300 = 800"
    ));
    assert!(shows(&h, "Totaux de la session : NS 800 (+100), EO 0 (0)"));
    assert_eq!(file(), before, "what if saves nothing");
    click(&mut h, "Revenir aux options de la partie");
    assert!(!shows(&h, "Avec Barème : lois actuelles :"));

    // Applied on purpose: the session takes the other table for every hand, and the log says so.
    click(&mut h, "Barème : lois actuelles");
    click(&mut h, "Appliquer à toute la partie");
    let s = saved(dir.path());
    assert_eq!(
        s.options.written().get("table"),
        Some(&serde_json::json!("laws"))
    );
    assert_eq!(s.score().unwrap().totals, vec![800, 0]);
    let last = marque_core::history::log(&s).pop().unwrap();
    assert_eq!(
        (
            last.action.unwrap().id(),
            last.old["table"].as_str(),
            last.new["table"].as_str()
        ),
        ("options", Some("seed"), Some("laws"))
    );
    assert!(shows(&h, "800"), "the sheet follows");
    assert!(
        shows_containing(&h, "Barème : lois actuelles"),
        "the options line too"
    );
}

/// "And if it was down 2?": an edit shows the hand and the session's totals as they would be,
/// saves nothing until kept, and "back" leaves the file as it was.
#[test]
fn an_entry_changed_shows_the_totals_it_would_give_before_it_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    doubled_deal_down_3(&mut h);
    let before = saved(dir.path()).hands.clone();
    click(&mut h, "#1");
    click(&mut h, "Modifier la donne 1");
    click(&mut h, "Chute de 2");
    assert!(shows(
        &h,
        "Avec cette saisie, les totaux seraient : NS 500 → 300, EO 0 → 0 (rien n'est enregistré avant de garder)"
    ));
    assert_eq!(saved(dir.path()).hands, before, "nothing saved yet");
    click(&mut h, "Revenir");
    assert!(!shows_containing(&h, "Avec cette saisie"));
    assert_eq!(saved(dir.path()).hands, before);
    // Kept, it is saved and logged as an edit.
    click(&mut h, "Modifier la donne 1");
    click(&mut h, "Chute de 2");
    click(&mut h, "Garder cette saisie");
    assert_eq!(saved(dir.path()).score().unwrap().totals, vec![300, 0]);
}

/// The chart of the running totals: a line per side, named in its legend, shown and hidden.
#[test]
fn the_score_chart_shows_a_line_per_side() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    doubled_deal_down_3(&mut h);
    let count = |h: &egui_kittest::Harness<'static, marque::ui::App>, name: &str| {
        h.query_all_by_label(name).count()
    };
    let (ns, eo) = (count(&h, "NS"), count(&h, "EO"));
    click(&mut h, "Courbe des scores");
    assert_eq!(
        (count(&h, "NS"), count(&h, "EO")),
        (ns + 1, eo + 1),
        "a legend entry each"
    );
    click(&mut h, "Masquer la courbe");
    assert_eq!((count(&h, "NS"), count(&h, "EO")), (ns, eo));
}
