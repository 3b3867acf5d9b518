//! What is at stake once the bid is in (issue 53), through the window by labels: in each of the
//! four games with a bid, at 1024×600 and at 1920×1080 zoomed, the stakes come once the bid is
//! keyed, every key stays where it was as they come and go, they go when the result is keyed,
//! and each figure shown is `marque stakes`'s for the same bid on the saved file.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use marque_core::view::signed_shown;
use serde_json::{Value, json};

type H = egui_kittest::Harness<'static, marque::ui::App>;

// The last, a narrow window (large text): the strip lies in the column, under the form.
const SIZES: [(f32, f32, f32); 3] = [
    (1024.0, 600.0, 1.0),
    (1920.0, 1080.0, 1.5),
    (1024.0, 600.0, 1.75),
];

/// A game as the test plays it: its name on the new-game screen, its players, the keys of the
/// bid, the bid as `marque stakes` takes it, the key of a result, the keys whose places are
/// watched, and each outcome's figure as the window shows it (from its delta).
struct Game {
    name: &'static str,
    players: &'static [&'static str],
    bid: &'static [&'static str],
    /// Keys after the stakes came that make them finer (Tarot's bouts, Le Truc's calls).
    refine: &'static [&'static str],
    partial: fn() -> Value,
    result: &'static str,
    watched: &'static [&'static str],
    figures: fn(&[i64], &Value) -> Vec<i64>,
}

fn games() -> [Game; 4] {
    [
        Game {
            name: "Bridge (partie libre)",
            players: &BRIDGE,
            bid: &["Nord — Anne", "Niveau 4", "Atout pique"],
            refine: &[],
            partial: || json!({"contract": "4S", "declarer": "N"}),
            result: "Fait plus 1",
            watched: &["Nord — Anne", "Niveau 4", "Atout pique", "Valider la donne"],
            // The declaring side's, less the other's.
            figures: |d, _| vec![d[0] - d[1]],
        },
        Game {
            name: "Le Tarot",
            players: &BRIDGE,
            bid: &["Preneur : Anne", "Contrat : Garde"],
            refine: &["2 bouts"],
            partial: || json!({"taker": 0, "contract": "garde", "bouts": 2}),
            result: "Chiffre 4",
            watched: &[
                "Preneur : Anne",
                "Contrat : Garde",
                "2 bouts",
                "Valider la donne",
            ],
            // The attack's per defender.
            figures: |d, _| {
                let (lo, hi) = (*d.iter().min().unwrap(), *d.iter().max().unwrap());
                vec![if d[0] >= 0 { -lo } else { -hi }]
            },
        },
        Game {
            name: "L'Ascenseur",
            players: &["Ana", "Ben", "Chloe", "Dario"],
            bid: &[
                "Ben annonce 1",
                "Chloe annonce 0",
                "Dario annonce 0",
                "Ana annonce 1",
            ],
            refine: &[],
            partial: || json!({"bids": [1, 1, 0, 0]}),
            result: "Ben fait 1",
            watched: &["Ben annonce 1", "Ben fait 1", "Valider le tour"],
            // Each player's own.
            figures: |d, _| d.to_vec(),
        },
        Game {
            name: "Le Truc",
            players: &["Alice", "Bruno"],
            // The deal is at stake from the start, for the 1 it stands at.
            bid: &[],
            refine: &["Alice : doubler", "Bruno : accepter"],
            partial: || json!({"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}]}),
            result: "Pli 1 : Alice",
            watched: &["Alice : doubler", "Valider la donne"],
            // The side that scores.
            figures: |d, _| vec![*d.iter().max().unwrap()],
        },
    ]
}

/// The rectangles of the keys watched, in order.
type Places = Vec<[i32; 4]>;

/// Where each watched key lies.
fn places(h: &H, labels: &[&str]) -> Places {
    labels
        .iter()
        .map(|l| {
            let r = h.get_by_label(l).rect();
            [r.min.x, r.min.y, r.max.x, r.max.y].map(|v| v.round() as i32)
        })
        .collect()
}

/// The stakes' cells on screen ("= → +120"): every label holding " → " in the entry panel's
/// strip.
fn cells(h: &H) -> Vec<String> {
    h.query_all_by_label_contains(" → ")
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

/// `marque stakes` on the saved file: each outcome's delta.
fn stakes_of(dir: &std::path::Path, partial: &Value) -> Vec<Vec<i64>> {
    stakes_with(dir, partial, &[])
}

/// [`stakes_of`] with `more` arguments (`--option KEY=VALUE`).
fn stakes_with(dir: &std::path::Path, partial: &Value, more: &[&str]) -> Vec<Vec<i64>> {
    let listed = marque_store::Store::new(dir).list();
    let file = &listed[0].path;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["stakes", file.to_str().unwrap(), &partial.to_string()])
        .args(more)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            o["delta"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect()
        })
        .collect()
}

/// Taps `label` as a person would (brought into view first, by a scroll of its area where a
/// small window needs one) and says whether any watched key moved with the tap itself.
fn tap_still(h: &mut H, label: &str, watched: &[&str]) -> Option<(Places, Places)> {
    if !in_view(h, label) {
        h.get_by_label(label).scroll_to_me();
        // The scroll is animated: its frames run out before the tap.
        h.run_steps(40);
    }
    let before = places(h, watched);
    h.get_by_label(label).click();
    settle(h);
    let after = places(h, watched);
    (before != after).then_some((before, after))
}

fn walk(game: &Game, (w, hgt, zoom): (f32, f32, f32)) {
    let at = format!("{} at {w}×{hgt} zoom {zoom}", game.name);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(w, hgt));
    h.ctx.set_zoom_factor(zoom);
    settle(&mut h);
    new_game(&mut h, game.name, game.players);
    click(&mut h, "Commencer la partie");
    let still = |h: &mut H, key: &str, what: &str| {
        let moved = tap_still(h, key, game.watched);
        assert_eq!(moved, None, "{at}: a key moved {what} ({key})");
    };
    for key in game.bid {
        assert!(cells(&h).is_empty(), "{at}: stakes before the bid");
        still(&mut h, key, "as the bid was keyed");
    }
    assert!(!cells(&h).is_empty(), "{at}: no stakes once the bid is in");
    for key in game.refine {
        still(&mut h, key, "as the stakes changed");
        assert!(!cells(&h).is_empty(), "{at}: no stakes after {key}");
    }
    let shown = cells(&h);
    // Each outcome's figures are among the cells, as `marque stakes` gives them.
    let partial = (game.partial)();
    let outcomes = stakes_of(dir.path(), &partial);
    assert!(!outcomes.is_empty(), "{at}");
    for d in &outcomes {
        for f in (game.figures)(d, &partial) {
            let end = format!("→ {}", signed_shown(f));
            assert!(
                shown.iter().any(|c| c.ends_with(&end)),
                "{at}: no cell shows {end} (delta {d:?}): {shown:?}"
            );
        }
    }
    // A tapped result (one in view, of a label of its own; in a narrow window, where the
    // strip lies under the form, the column scrolled to it first) shows its lines with their
    // rules under the form.
    let own: Vec<&String> = shown
        .iter()
        .filter(|c| h.query_all_by_label(c).count() == 1)
        .collect();
    if !own.iter().any(|c| in_view(&h, c)) {
        // The column scrolled to the strip's heading (a scroll asked of a key inside the
        // strip's own rows scrolls only them).
        h.get_by_label("En jeu").scroll_to_me();
        h.run_steps(40);
    }
    let likely = own
        .iter()
        .find(|c| in_view(&h, c))
        .map(|c| (*c).clone())
        .unwrap_or_else(|| panic!("{at}: no result in view: {shown:?}"));
    assert!(!shows_containing(&h, "Si "), "{at}: lines before a tap");
    still(&mut h, &likely, "as a result was tapped");
    assert!(
        shows_containing(&h, "Si "),
        "{at}: the tapped result's lines"
    );
    still(&mut h, game.result, "as the stakes went");
    assert!(
        cells(&h).is_empty(),
        "{at}: the stakes stay once the result is in"
    );
}

#[test]
fn the_stakes_come_with_the_bid_and_go_with_the_result_nothing_moving() {
    for game in games() {
        for size in SIZES {
            walk(&game, size);
        }
    }
}

/// Bridge's figures by hand: the first deal of a rubber, 4♠ by North, nobody vulnerable.
#[test]
fn a_bridge_contract_s_stakes_in_figures() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    for key in ["Nord — Anne", "Niveau 4", "Atout pique"] {
        click(&mut h, key);
    }
    let shown = cells(&h);
    // 4 × 30 made; one over, 30 more; one down, 50 to the other side; all 13, 210.
    for cell in ["= → +120", "+1 → +150", "−1 → −50", "+3 → +210"] {
        assert!(
            shown.iter().any(|c| c.ends_with(cell)),
            "{cell} in {shown:?}"
        );
    }
    click(&mut h, "English");
    assert!(shows_containing(&h, "At stake"), "the strip in English");
}

/// "Et si :" the stakes under another option: 4♠ doubled by North, nobody vulnerable, four
/// down costs 700 by the seed's table and 800 under the current Laws; tried from the strip's
/// menu, every figure is `marque stakes --option table=laws`'s, the strip says so, nothing is
/// saved, and "Revenir aux options de la partie" brings the session's own back.
#[test]
fn the_stakes_under_another_option() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Bridge (partie libre)", &BRIDGE);
    for key in ["Nord — Anne", "Niveau 4", "Atout pique", "Contré"] {
        click(&mut h, key);
    }
    let has = |h: &H, cell: &str| cells(h).iter().any(|c| c.ends_with(cell));
    assert!(has(&h, "−4 → −700"), "{:?}", cells(&h));
    let before = std::fs::read(&marque_store::Store::new(dir.path()).list()[0].path).unwrap();
    let laws = marque_core::text::options_text(
        &saved(dir.path()),
        &json!({"table": "laws"}),
        marque_core::i18n::Lang::Fr,
    );
    click(&mut h, "Et si :");
    click(&mut h, &laws);
    assert!(has(&h, "−4 → −800"), "{:?}", cells(&h));
    assert!(
        shows(&h, &format!("Avec {laws} :")),
        "the strip says which options"
    );
    let partial = json!({"contract": "4SX", "declarer": "N"});
    let shown = cells(&h);
    for d in stakes_with(dir.path(), &partial, &["--option", "table=laws"]) {
        let cell = format!("→ {}", signed_shown(d[0] - d[1]));
        assert!(
            shown.iter().any(|c| c.ends_with(&cell)),
            "{cell} in {shown:?}"
        );
    }
    let after = std::fs::read(&marque_store::Store::new(dir.path()).list()[0].path).unwrap();
    assert_eq!(before, after, "only tried, nothing saved");
    click(&mut h, "Et si :");
    click(&mut h, "Revenir aux options de la partie");
    assert!(has(&h, "−4 → −700"), "{:?}", cells(&h));
}
