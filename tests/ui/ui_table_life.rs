//! What a table met on the session screen (issue 30): the notice bar moves no key, the log's
//! key keeps its width, the preview of an edited early deal speaks of that deal, the table's
//! way of entering (2500 "En points") is kept across a reopen, a refused banco is explained by
//! its rule.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// Every key on screen (a button, by its name) and where it is.
fn keys(h: &H) -> Vec<(String, egui::Rect)> {
    use egui::accesskit::Role;
    use egui_kittest::kittest::By;
    h.query_all(By::new().predicate(|n| n.role() == Role::Button))
        .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
        .filter(|(l, _)| !l.is_empty())
        .collect()
}

#[test]
fn a_notice_coming_and_going_moves_no_key() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1024.0, 600.0));
    h.ctx.set_zoom_factor(1.0);
    new_game(&mut h, "Le Truc", &["Alice", "Bruno"]);
    click(&mut h, "Commencer la partie");
    let before = keys(&h);
    // A notice: an export with no path typed and no file dialog on this desktop.
    click(&mut h, "PDF");
    assert!(h.state().notice_text().is_some(), "a notice is shown");
    let with: Vec<_> = keys(&h).into_iter().filter(|(l, _)| l != "OK").collect();
    assert_eq!(with, before, "the notice moved a key");
    click(&mut h, "OK");
    assert!(h.state().notice_text().is_none());
    assert_eq!(keys(&h), before, "dismissing the notice moved a key");
}

#[test]
fn the_log_key_keeps_its_width_and_its_neighbours_their_places() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Alice", "Bruno"]);
    let before = keys(&h);
    let show = h.get_by_label("Journal des modifications").rect();
    click(&mut h, "Journal des modifications");
    let hide = h.get_by_label("Masquer le journal").rect();
    assert_eq!(show, hide, "the key changed its size or place");
    let after: Vec<_> = keys(&h)
        .into_iter()
        .filter(|(l, _)| l != "Masquer le journal")
        .collect();
    for (label, r) in before
        .iter()
        .filter(|(l, _)| l != "Journal des modifications")
    {
        let now = after.iter().find(|(l, _)| l == label).map(|(_, r)| *r);
        assert_eq!(now, Some(*r), "{label} moved when the log opened");
    }
}

/// A finished evening: rubber 1 to NS in deals 1-2, rubber 2 to EW in deals 3-4.
fn evening(dir: &std::path::Path) {
    let deal = |by: &str| json!({"contract": "7NT", "declarer": by, "tricks": 13});
    let v = json!({
        "format": "marque-session", "version": 1, "id": "soir", "game": "bridge",
        "created": "2026-11-26T20:00:00+01:00",
        "players": ["Anne", "Bruno", "Claire", "David"], "options": {}, "closed": false,
        "hands": [deal("N"), deal("N"), deal("E"), deal("E")]
    });
    std::fs::write(dir.join("soir.json"), v.to_string()).unwrap();
}

#[test]
fn the_preview_of_an_edited_deal_speaks_of_that_deal() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path());
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Anne");
    // Deal 1 ended nothing: its preview says nothing of a rubber's end.
    click(&mut h, "#1");
    click(&mut h, "Modifier la donne 1");
    assert!(
        !shows_containing(&h, "Cette donne termine le robre"),
        "deal 1 ended no rubber"
    );
    click(&mut h, "Garder cette saisie");
    // Deal 2 ended the first rubber, won by NS (not the last one, won by EO).
    click(&mut h, "#2");
    click(&mut h, "Modifier la donne 2");
    assert!(shows(&h, "Cette donne termine le robre, gagné par NS"));
}

#[test]
fn in_points_is_kept_when_the_session_is_opened_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise"]);
    click(&mut h, "Frime : 8");
    click(&mut h, "En points : saisir les totaux");
    assert!(h.query_by_label("Paul Posé (points)").is_some());
    drop(h);
    // The window closed before any brasse was entered, then opened again.
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Paul, Lise");
    click(&mut h, "Frime : 8");
    assert!(
        h.query_by_label("Paul Posé (points)").is_some(),
        "the table's way of counting was forgotten"
    );
}

#[test]
fn a_refused_banco_is_explained_by_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let double = |by: usize| {
        vec![
            json!({"by": by, "call": "double"}),
            json!({"by": 1 - by, "call": "accept"}),
        ]
    };
    let mut hands: Vec<serde_json::Value> = Vec::new();
    // 4 + 4 + 1 for Alice, 4 for Bruno: 9 – 4 before the last deal.
    for by in [0, 1, 0] {
        let mut calls = double(by);
        calls.extend(double(by));
        hands.push(json!({"calls": calls, "winner": by}));
    }
    hands.push(json!({"calls": [], "winner": 0}));
    let mut calls = double(0);
    calls.push(json!({"by": 0, "call": "banco"}));
    calls.push(json!({"by": 1, "call": "refuse"}));
    hands.push(json!({"calls": calls}));
    let v = json!({
        "format": "marque-session", "version": 1, "id": "banco", "game": "truc",
        "created": "2026-11-26T20:00:00+01:00", "players": ["Alice", "Bruno"],
        "options": {}, "closed": false, "hands": hands
    });
    std::fs::write(dir.path().join("banco.json"), v.to_string()).unwrap();
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Alice");
    click(&mut h, "#5");
    assert!(
        h.query_by_label("[truc.raise.banco]").is_some(),
        "the rule is cited"
    );
    assert!(shows_containing(
        &h,
        "Alice est à 9 : une relance dépasserait 12, d'où le banco à 12 − 9 = 3"
    ));
    assert!(shows_containing(&h, "↛ banco 3"));
}

#[test]
fn an_archived_evening_still_counts_in_the_players_figures() {
    let dir = tempfile::tempdir().unwrap();
    // Alice wins a one-point truc partie; the session is then archived.
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": ["Alice", "Bruno"], "options": {"target": 1, "manches": 1},
                   "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(dir.path().join("t.json"), v.to_string()).unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "Archiver : Alice, Bruno");
    click(&mut h, "Joueurs");
    assert!(
        shows(&h, "Alice"),
        "the archived session's players are listed"
    );
    assert!(shows(&h, "100 %"), "Alice's win is still counted");
}

#[test]
fn the_new_session_screen_offers_what_the_game_has_and_clears_its_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    // The tour's sample names are not names seen before.
    click(&mut h, "Visite guidée");
    click(
        &mut h,
        "Terminer la visite (la partie d'essai va à la corbeille)",
    );
    click(&mut h, "Nouvelle partie");
    click(&mut h, "Le Truc");
    assert!(!shows(&h, "+ Anne"), "a sample name offered as seen before");
    // Each game asks in its own words; L'Ascenseur has no side to confirm a round.
    assert!(shows(&h, "Faire confirmer chaque donne par l'autre joueur"));
    click(&mut h, "Le 2500");
    assert!(shows(
        &h,
        "Faire confirmer chaque brasse par les autres joueurs"
    ));
    click(&mut h, "L'Ascenseur");
    assert!(!shows_containing(&h, "Faire confirmer"));
    // A refusal said in red goes once the names are typed.
    click(&mut h, "Le Truc");
    click(&mut h, "Commencer la partie");
    assert!(shows_containing(&h, "n'a pas de nom"));
    type_in(&mut h, "Joueur 1", "Alice");
    type_in(&mut h, "Joueur 2", "Bruno");
    assert!(
        !shows_containing(&h, "n'a pas de nom"),
        "the old error stayed"
    );
}

#[test]
fn a_way_of_entering_that_does_not_read_keeps_the_other_preferences() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".prefs.json"),
        r#"{"lang": "en", "dark": true, "zoom": 1.2, "modes": 5}"#,
    )
    .unwrap();
    let h = harness(dir.path());
    assert!(shows(&h, "New game"), "the language was kept");
    assert!(
        h.state().notice_text().is_none(),
        "no notice of damaged preferences"
    );
    assert!(!h.state().prefs().modes.le2500_points);
}
