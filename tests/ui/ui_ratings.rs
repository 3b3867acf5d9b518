//! The players' ratings on the players' screen (issue 34): the table, a player's chart and
//! why their rating moved, keys on screen at 1024×600 and 1920×1080 zoomed.
use crate::ui_common::*;
use serde_json::json;

/// Two finished truc parties, dated: Alice beats Bruno, then Chloé beats Alice.
fn club(dir: &std::path::Path) {
    let partie = |id: &str, at: &str, players: [&str; 2]| {
        json!({"format": "marque-session", "version": 1, "id": id, "game": "truc",
               "created": at, "players": players, "options": {"target": 1, "manches": 1},
               "hands": [{"calls": [], "winner": 0}]})
    };
    let write = |name: &str, v: serde_json::Value| {
        std::fs::write(dir.join(name), v.to_string()).unwrap();
    };
    write(
        "a.json",
        partie("a", "2026-11-20T20:00:00+01:00", ["Alice", "Bruno"]),
    );
    write(
        "b.json",
        partie("b", "2026-11-21T20:00:00+01:00", ["Chloé", "Alice"]),
    );
}

#[test]
fn the_ratings_table_a_chart_and_why_it_moved() {
    let dir = tempfile::tempdir().unwrap();
    club(dir.path());
    let mut h = harness(dir.path());
    click(&mut h, "Joueurs");
    assert!(shows(&h, "Classement"));
    // Everyone provisional after one or two parties; Chloé first (she beat the one who won).
    assert!(shows(&h, "Chloé (provisoire)"));
    click(&mut h, "Classement — Le Truc");
    click(&mut h, "Alice");
    assert!(shows(&h, "Classement d'Alice — Le Truc"));
    assert!(shows(&h, "Pourquoi il a bougé, partie par partie"));
    // Her first partie: even chances against Bruno, first of two, μ 25,0 → 27,6.
    assert!(shows_containing(
        &h,
        "2026-11-20 — Le Truc — Alice : 50 % de chances de finir devant Bruno ; rang 1 sur 2 : μ 25,0 → 27,6, σ 8,3 → 8,1"
    ));
    assert!(shows_containing(&h, "2026-11-21 — Le Truc — Alice : "));
    // Her rivals and records, as `marque stats --player` tells them: ahead of Bruno, behind
    // Chloé, one partie won in a row, her best partie and her best deal (the one she won).
    assert!(shows(&h, "Rivaux et records"));
    assert!(shows(
        &h,
        "Son rival : Bruno (Alice a fini devant une fois)"
    ));
    assert!(shows(
        &h,
        "Sa bête noire : Chloé (a fini devant Alice une fois)"
    ));
    assert!(shows(&h, "Plus longue série de victoires : 1"));
    assert!(shows(&h, "Meilleure partie — Le Truc : 1"));
    assert!(shows(&h, "Meilleure donne — Le Truc : 1"));
}

/// Every key of the players' screen, with the ratings, lies in the window at the small and the
/// large size, zoomed.
#[test]
fn the_ratings_keys_are_on_screen_zoomed() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{By, Queryable};
    for (w, hgt) in [(1024.0, 600.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        club(dir.path());
        let mut h = harness_sized(dir.path(), egui::vec2(w, hgt));
        h.ctx.set_zoom_factor(1.5);
        settle(&mut h);
        click(&mut h, "Joueurs");
        click(&mut h, "Alice");
        for key in ["Classement — Tous jeux confondus", "Classement — Le Truc"] {
            h.get_by_label(key).scroll_to_me();
            h.run();
            let r = h.get_by_label(key).rect();
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, hgt) / 1.5);
            assert!(window.contains_rect(r), "{key} {r:?} at {w}×{hgt}");
        }
        let buttons = h
            .query_all(By::new().predicate(|n| n.role() == Role::Button))
            .count();
        assert!(buttons > 5);
    }
}
