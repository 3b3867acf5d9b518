//! The room's code has a place of its own: opened in a session asking the word, the share
//! panel covers none of the session's keys (the word prompt, the key that stops sharing, the
//! form's keys, the totals), at 1024×600, 1280×800 and 1920×1080, at zoom 1 and 1.5, by the
//! rectangles the accessibility tree gives.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable, by};

/// The share panel's own widgets, by their labels' beginnings.
const PANEL: [&str; 5] = [
    "Suivre sur les téléphones",
    "La salle",
    "Parole de NS",
    "Parole d'EO",
    "Code QR de l'adresse : ",
];

fn covers_no_key_at(size: egui::Vec2, zoom: f32) {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let file = crate::ui_phone::evening(dir.path());
    let mut app = marque::ui::App::new(dir.path().to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, size);
    h.ctx.set_zoom_factor(zoom);
    settle(&mut h);
    // (In a narrow column, at 1024×600 zoom 1.5, the prompt lies further down the column.)
    let word_seen = in_view(&h, "D'accord");
    // (The key that starts sharing is the one that stops it, in the same place.)
    let key_seen = in_view(&h, "Suivre sur les téléphones");
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    let panel: Vec<(String, egui::Rect)> = PANEL
        .iter()
        .map(|p| {
            let n = h.get_by_label_contains(p);
            (n.accesskit_node().label().unwrap_or_default(), n.rect())
        })
        .collect();
    let buttons: Vec<(String, egui::Rect)> = h
        .query_all(by().role(egui::accesskit::Role::Button))
        .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
        .filter(|(l, _)| !PANEL.iter().any(|p| l.starts_with(p)) && l != "◀")
        .collect();
    assert!(
        buttons.iter().any(|(l, _)| l == "D'accord") && buttons.len() > 10,
        "the session's keys were found: {buttons:?}"
    );
    for (label, key) in &buttons {
        for (part, r) in &panel {
            assert!(
                !key.intersects(*r),
                "at {size:?} zoom {zoom}: the share panel's {part:?} {r:?} covers the key \
                 {label:?} {key:?}"
            );
        }
    }
    // Beside the panel the session keeps its wide layout (700 points and more): its keys stay
    // on the first screen. Narrower, it is one scrolling column, its keys under the sheet,
    // covered by nothing.
    let right = panel.iter().map(|(_, r)| r.right()).fold(0.0, f32::max);
    let wide = h.ctx.content_rect().width() - right >= 700.0;
    assert!(
        !(key_seen && wide) || in_view(&h, "Arrêter le partage"),
        "the key that stops sharing still on screen at {size:?} zoom {zoom}"
    );
    assert!(
        key_seen || zoom > 1.0,
        "the sharing key on screen at {size:?}"
    );
    for key in ["D'accord", "Pas d'accord"] {
        assert!(
            !word_seen || in_view(&h, key),
            "{key} still on screen at {size:?} zoom {zoom}"
        );
    }
    assert!(word_seen || zoom > 1.0, "the prompt on screen at {size:?}");
}

#[test]
fn the_share_panel_covers_no_key_at_1024_600() {
    covers_no_key_at(egui::vec2(1024.0, 600.0), 1.0);
    covers_no_key_at(egui::vec2(1024.0, 600.0), 1.5);
}

#[test]
fn the_share_panel_covers_no_key_at_1280_800() {
    covers_no_key_at(egui::vec2(1280.0, 800.0), 1.0);
    covers_no_key_at(egui::vec2(1280.0, 800.0), 1.5);
}

#[test]
fn the_share_panel_covers_no_key_at_1920_1080() {
    covers_no_key_at(egui::vec2(1920.0, 1080.0), 1.0);
    covers_no_key_at(egui::vec2(1920.0, 1080.0), 1.5);
}
