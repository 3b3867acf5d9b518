//! Nothing overlaps and nothing is cut: every game at its widest states, at 1024×600, 1280×800
//! and 1920×1080, at zoom 1 and 1.75. No two interactive widgets' visible rectangles overlap,
//! and none is cut by the window's edge (a widget may only be cut by a scroll area's edge).
use crate::ui_common::*;
use egui::{Rect, accesskit::Action};
use egui_kittest::kittest::{By, NodeT, Queryable};
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

const SIZES: [(f32, f32); 3] = [(1024.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)];
const ZOOMS: [f32; 2] = [1.0, 1.75];

/// Every interactive widget on screen: its name, its whole rectangle, the part of it that is
/// visible (after its scroll area's clipping) and its layer.
fn widgets(h: &H) -> Vec<(String, Rect, Rect, egui::LayerId)> {
    let nodes: Vec<(u64, String)> = h
        .query_all(By::new().predicate(|n| {
            n.data().supports_action(Action::Click) || n.data().supports_action(Action::Focus)
        }))
        .map(|n| {
            let a = n.accesskit_node();
            let name = a.label().or_else(|| a.value()).unwrap_or_default();
            (a.locate().0.0, name)
        })
        .collect();
    nodes
        .into_iter()
        .filter_map(|(raw, name)| {
            let id = id_of(raw);
            let r = h.ctx.read_response(id)?;
            Some((name, r.rect, r.interact_rect, r.layer_id))
        })
        .filter(|(_, _, visible, _)| visible.is_positive())
        .collect()
}

/// What is wrong on screen: overlapping widgets, and widgets cut by the window's edge.
fn faults(h: &H) -> Vec<String> {
    let window = h.ctx.content_rect();
    let list = widgets(h);
    if std::env::var("GEOMETRY_DUMP").is_ok() {
        for (n, r, v, _) in &list {
            eprintln!("{n:?} {r:?} {v:?}");
        }
    }
    let mut out = Vec::new();
    for (i, (a, ra, va, la)) in list.iter().enumerate() {
        for (b, rb, vb, lb) in &list[i + 1..] {
            let both = va.intersect(*vb);
            // A panel's divider is a grab band laid on the panel's edge by design.
            let divider = (a == "Resize panel" || b == "Resize panel") && both.width() <= 6.5;
            if la == lb && both.is_positive() && both.area() > 2.0 && !divider {
                out.push(format!(
                    "{a:?} {va:?} overlaps {b:?} {vb:?} (whole: {ra:?}, {rb:?})"
                ));
            }
        }
        // Cut where its visible part reaches the window's edge: not a scroll area's doing.
        let cut = |whole: f32, seen: f32, edge: f32, beyond: bool| {
            beyond && (whole - edge).abs() > 0.5 && (seen - edge).abs() <= 1.0
        };
        if cut(
            ra.right(),
            va.right(),
            window.right(),
            ra.right() > window.right(),
        ) || cut(
            ra.bottom(),
            va.bottom(),
            window.bottom(),
            ra.bottom() > window.bottom(),
        ) || cut(
            ra.left(),
            va.left(),
            window.left(),
            ra.left() < window.left(),
        ) || cut(ra.top(), va.top(), window.top(), ra.top() < window.top())
        {
            out.push(format!("{a:?} {ra:?} is cut by the window {window:?}"));
        }
    }
    out
}

/// Runs `setup` in a fresh window of every size and zoom on a folder `prepare` filled, and
/// checks the screen it leaves.
fn check(what: &str, prepare: impl Fn(&std::path::Path), setup: impl Fn(&mut H)) {
    let dir = tempfile::tempdir().unwrap();
    let mut all = Vec::new();
    for (w, hgt) in SIZES {
        for zoom in ZOOMS {
            prepare(dir.path());
            let mut h = harness_sized(dir.path(), egui::vec2(w, hgt));
            h.ctx.set_zoom_factor(zoom);
            settle(&mut h);
            setup(&mut h);
            h.run();
            for f in faults(&h) {
                all.push(format!("{what} at {w}×{hgt}, zoom {zoom}: {f}"));
            }
            drop(h);
            // Each run starts from an empty folder.
            for e in std::fs::read_dir(dir.path()).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    std::fs::remove_dir_all(&p).unwrap();
                } else {
                    std::fs::remove_file(&p).unwrap();
                }
            }
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

fn nothing(_: &std::path::Path) {}

#[test]
fn ascenseur_peak_rounds_with_3_and_7_players() {
    for n in [3, 7] {
        check(
            &format!("ascenseur {n}"),
            |d| ascenseur_at_peak(d, n),
            |h| click_containing(h, "Reprendre : Joueur0"),
        );
    }
}

#[test]
fn democratie_with_6_players_and_the_card_picker_open() {
    check("démocratie 6", nothing, |h| {
        let names = ["Ana", "Ben", "Chloé", "Dario", "Eva", "Félix"];
        new_game(h, "Démocratie", &names);
        click(h, "Commencer la partie");
        let first = h
            .query_all_by_label_contains("choisir les cartes")
            .next()
            .map(|n| n.accesskit_node().label().unwrap_or_default());
        if let Some(label) = first {
            click(h, &label);
        }
        click(h, "Aide pour un pli disputé");
    });
}

#[test]
fn le_2500_with_8_players() {
    check("2500 à 8", nothing, |h| {
        let names = ["A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8"];
        new_game(h, "Le 2500", &names);
        click(h, "Commencer la partie");
        click(h, "Frime : As");
        click(h, "A1 Posé As");
    });
}

#[test]
fn bridge_with_every_option_shown_and_the_log() {
    check("bridge", nothing, |h| {
        new_game(h, "Bridge (partie libre)", &BRIDGE);
        click(h, "lois actuelles");
        click(h, "Commencer la partie");
        for c in ["Nord — Anne", "Niveau 4", "Atout pique", "Contré"] {
            click(h, c);
        }
        click(h, "Juste fait");
        click(h, "Valider la donne");
        click(h, "#1");
        click(h, "Journal des modifications");
        for c in ["Est — Bruno", "Niveau 3", "Atout sans-atout", "Surcontré"] {
            click(h, c);
        }
    });
}

#[test]
fn truc_and_the_scoreboard() {
    check("truc", nothing, |h| {
        new_game(h, "Le Truc", &["Alice", "Bruno"]);
        click(h, "Commencer la partie");
        click(h, "Tableau pour la salle");
    });
}

/// Where each key whose name contains `part` lies.
fn keys(h: &H, part: &str) -> Vec<(String, Rect)> {
    let mut out: Vec<(String, Rect)> = widgets(h)
        .into_iter()
        // The pad's own keys ("Ana fait 2"), not the preview's lines that quote them.
        .filter(|(name, ..)| {
            name.split_once(part).is_some_and(|(_, rest)| {
                rest.chars().all(|c| c.is_ascii_digit())
                    || !rest.chars().any(|c| c.is_ascii_digit())
            })
        })
        .map(|(name, rect, ..)| (name, rect))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Taps every key whose name contains `part`, one after another, and checks after each tap that
/// no key of the pad moved.
fn tap_each_and_check(h: &mut H, part: &str) {
    let before = keys(h, part);
    assert!(before.len() > 4, "{part}: {before:?}");
    for (name, _) in &before {
        // Tapped where it is (no scrolling first): each is in view in this window.
        h.get_by_label(name).click();
        settle(h);
        assert_eq!(keys(h, part), before, "a key moved after {name}");
    }
}

#[test]
fn no_ascenseur_or_democratie_key_moves_when_another_is_tapped() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "L'Ascenseur", &["Ana", "Ben", "Chloe", "Dario"]);
    // The bid keys of the first round, then its trick keys.
    tap_each_and_check(&mut h, " annonce ");
    tap_each_and_check(&mut h, " fait ");
    drop(h);
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Démocratie", &["Hugo", "Iris", "Jade"]);
    // The steppers and the 25 keys of every player and suit.
    tap_each_and_check(&mut h, " : un point de plus");
    tap_each_and_check(&mut h, " : les 25 points");
}

/// A session of each game with Anne in all of them, and a few more people.
fn every_game(dir: &std::path::Path) {
    let write = |name: &str, game: &str, players: &[&str], opts: serde_json::Value, hands| {
        let v = json!({"format": "marque-session", "version": 1, "game": game,
                       "players": players, "options": opts, "hands": hands});
        std::fs::write(dir.join(name), v.to_string()).unwrap();
    };
    write(
        "b.json",
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([{"contract": "4S", "declarer": "N", "tricks": 10}]),
    );
    write(
        "t.json",
        "truc",
        &["Anne", "Émile"],
        json!({"target": 1, "manches": 1}),
        json!([{"calls": [], "winner": 0}]),
    );
    write(
        "a.json",
        "ascenseur",
        &["Anne", "Bruno", "Claire"],
        json!({}),
        json!([{"bids": [1, 0, 1], "tricks": [1, 0, 0]}]),
    );
    write(
        "c.json",
        "2500",
        &["Anne", "Fanny"],
        json!({}),
        json!([{"frime": "A", "laid": [["K", "K", "K"], []], "hand": [[], ["A"]]}]),
    );
    write(
        "d.json",
        "democratie",
        &["Anne", "Bruno"],
        json!({}),
        json!([{"captured": [{"H": 13}, {"D": 25}]}]),
    );
}

#[test]
fn the_players_screen_with_a_player_and_with_two() {
    check("players, one picked", every_game, |h| {
        click(h, "Joueurs");
        click(h, "Anne");
    });
    check("players, two picked", every_game, |h| {
        click(h, "Joueurs");
        click(h, "Anne");
        click(h, "Fanny");
    });
}

#[test]
fn the_home_screen_with_its_filters() {
    check("home", every_game, |_| {});
}

/// In a narrow window (large text at 1024×600) the form lies under the sheet: entering deals
/// does not move its keys down a row at a time.
#[test]
fn the_form_stays_put_as_deals_are_entered_in_a_narrow_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1024.0, 600.0));
    h.ctx.set_zoom_factor(1.5);
    settle(&mut h);
    new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
    click(&mut h, "Commencer la partie");
    // Each new deal starts at the form's top: its first keys in view.
    let window = h.ctx.content_rect();
    for declarer in [
        "Nord — Anne",
        "Est — Bruno",
        "Sud — Claire",
        "Ouest — David",
    ] {
        click_all(
            &mut h,
            &[declarer, "Niveau 2", "Atout trèfle", "Juste fait"],
        );
        click(&mut h, "Valider la donne");
        let after = h.get_by_label("Donne passée").rect();
        assert!(
            window.contains_rect(after),
            "after {declarer}'s deal the form's first key {after:?} is out of view {window:?}"
        );
    }
}
