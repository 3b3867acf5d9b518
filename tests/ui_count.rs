//! A hand's count in the app: the options in force under the title, and for a selected hand what
//! stood before it and each line with its sum written out.
mod ui_common;
use ui_common::*;

#[test]
fn a_selected_deal_shows_its_count_step_by_step_and_the_options_in_force() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_bridge(dir.path());
    click(&mut h, "Commencer la partie");
    assert!(
        shows(
            &h,
            "Options : Prime de chelem : chelem demandé ; Barème : règle d'origine"
        ),
        "the options in force, defaults included"
    );
    // 3♠X by East, down 3, not vulnerable: 100 + 200 + 200 to NS.
    for label in [
        "Est — Bruno",
        "Niveau 3",
        "Atout pique",
        "Contré",
        "Chute de 3",
    ] {
        click(&mut h, label);
    }
    click(&mut h, "Valider la donne");
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
