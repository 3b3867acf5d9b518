//! What is at stake on an evening's board (issue 53), in the table's screen: once the
//! contract and declarer are keyed, a row of every result from the worst to the best with
//! the declaring side's figure by `club.deal`; a tapped result's N-S score and lines with
//! their rules; gone once the result is keyed; no key moving as the stakes come, are tapped
//! or go, at 1024×600 and at 1920×1080 zoomed.
use crate::ui_common::*;

use super::ui_evening_play::friday;

#[test]
fn a_boards_stakes_come_with_its_contract_and_go_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    friday(&mut h);
    drop(h);
    for (size, zoom) in [((1024.0, 600.0), 1.0), ((1920.0, 1080.0), 1.5)] {
        let mut app = marque::ui::App::new(dir.path().to_path_buf());
        app.prefs_mut().zoom = zoom;
        let mut h = harness_of(app, egui::vec2(size.0, size.1));
        click(&mut h, "Vendredi");
        click(&mut h, "Table 1");
        let at = format!("{size:?} at {zoom}");
        let watched = [
            "Enregistrer l'étui 1",
            "Juste fait",
            "Niveau 4",
            "Donne passée",
        ];
        let places =
            |h: &egui_kittest::Harness<'static, marque::ui::App>| watched.map(|l| seen(h, l).0);
        // Board 1, nobody vulnerable: 4♠ by North, the strain keyed last.
        click_containing(&mut h, "Nord — ");
        click(&mut h, "Niveau 4");
        let before = places(&h);
        assert!(
            !shows_containing(&h, "En jeu pour"),
            "{at}: no bid, no stakes"
        );
        click(&mut h, "Atout pique");
        for (result, figure) in [("=", "+420"), ("+1", "+450"), ("−1", "−50"), ("−2", "−100")]
        {
            let key = format!("En jeu pour N-S : {result} → {figure}");
            assert!(shows(&h, &key), "{at}: {key}");
        }
        assert_eq!(places(&h), before, "{at}: nothing moved as the stakes came");
        // Tapped: its N-S score, its lines with their rules.
        click(&mut h, "En jeu pour N-S : −1 → −50");
        assert!(shows_containing(&h, "Score de N-S : −50"), "{at}");
        assert!(
            shows_containing(&h, "[club.deal.undertricks]"),
            "{at}: each line's rule"
        );
        assert!(shows(&h, "Étui : chute"), "{at}: the rule's title");
        assert_eq!(
            places(&h),
            before,
            "{at}: nothing moved as a result was tapped"
        );
        // Doubled by East instead: E-W's row, one down −100 for them.
        click_containing(&mut h, "Est — ");
        click(&mut h, "Contré");
        assert!(shows(&h, "En jeu pour E-O : −1 → −100"), "{at}");
        assert!(shows(&h, "En jeu pour E-O : = → +590"), "{at}");
        // The result keyed: the stakes go, the keys stay.
        click(&mut h, "Chute de 1");
        assert!(
            !shows_containing(&h, "En jeu pour"),
            "{at}: gone with the result"
        );
        assert_eq!(places(&h), before, "{at}: nothing moved as the stakes went");
    }
}
