//! What the table reads stays whole and in view: the count behind a hand's points (a petit,
//! a poignée, a chelem) whole in the foot, nothing moving as it grows; a 2500 of nine seats
//! shows several rows of its sheet at 1280×800 zoom 1.5; Tab through the 2500's points
//! keeps the focused field in view.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};

/// The foot's count, as a screen reader reads it (the longest text that holds it: the
/// preview's line, not a key's), and where it is drawn.
fn count_at(h: &egui_kittest::Harness<'static, marque::ui::App>) -> (String, egui::Rect) {
    h.query_all_by_label_contains("il en fallait")
        .map(|n| {
            let a = n.accesskit_node();
            (
                a.label().or_else(|| a.value()).unwrap_or_default(),
                n.rect(),
            )
        })
        .max_by_key(|(t, _)| t.len())
        .unwrap()
}

fn count_line(h: &egui_kittest::Harness<'static, marque::ui::App>) -> String {
    count_at(h).0
}

/// Whether the count is drawn whole: its rectangle as tall as its text laid out at its width
/// in the body's type (a text cut at one row is one row tall).
fn drawn_whole(h: &egui_kittest::Harness<'static, marque::ui::App>) -> bool {
    let (text, rect) = count_at(h);
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let galley = h
        .ctx
        .fonts_mut(|f| f.layout(text, font, egui::Color32::WHITE, rect.width() + 1.0));
    rect.height() + 1.0 >= galley.size().y
}

fn whole_count_at(size: egui::Vec2, zoom: f32) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), size);
    h.ctx.set_zoom_factor(zoom);
    new_game(&mut h, "Le Tarot", &["Anne", "Bruno", "Claire", "David"]);
    click(&mut h, "Commencer la partie");
    for k in [
        "Preneur : Anne",
        "Contrat : Garde",
        "2 bouts",
        "Chiffre 4",
        "Chiffre 9",
    ] {
        tap_counting(&mut h, k, &mut 0);
    }
    let plain = count_line(&h);
    let confirm = seen(&h, "Valider la donne").0;
    for k in [
        "Petit au bout : l'attaque",
        "Poignée simple (10 atouts) : Anne",
        "Chelem : l'attaque",
    ] {
        tap_counting(&mut h, k, &mut 0);
    }
    let full = count_line(&h);
    assert!(full.len() > plain.len(), "{plain:?} → {full:?}");
    assert!(
        full.contains("Chelem") && drawn_whole(&h),
        "at {size:?} zoom {zoom}: the count is whole: {full:?} in {:?}",
        count_at(&h).1
    );
    assert_eq!(
        seen(&h, "Valider la donne").0,
        confirm,
        "at {size:?} zoom {zoom}: nothing moved as the count grew"
    );
}

#[test]
fn the_count_before_confirming_is_whole_at_1280_800() {
    whole_count_at(egui::vec2(1280.0, 800.0), 1.0);
}

#[test]
fn the_count_before_confirming_is_whole_at_1024_600_zoomed() {
    whole_count_at(egui::vec2(1024.0, 600.0), 1.5);
}

/// A 2500 of eight, one leaving and one coming: nine seats, several rows of the sheet.
fn nine_seats(dir: &std::path::Path) -> std::path::PathBuf {
    let names = [
        "Anne", "Bruno", "Claire", "David", "Emma", "Farid", "Gaëlle", "Hugo",
    ];
    let brasse = |i: usize| {
        let mut laid = vec![serde_json::json!([]); 8];
        let mut hand = vec![serde_json::json!([]); 8];
        laid[i % 8] = serde_json::json!(["K", "K", "K"]);
        hand[(i + 1) % 8] = serde_json::json!(["5"]);
        serde_json::json!({"frime": "8", "laid": laid, "hand": hand})
    };
    let mut hands: Vec<serde_json::Value> = (0..4).map(brasse).collect();
    hands.push(serde_json::json!({"event": "leave", "seat": 7}));
    hands.push(serde_json::json!({"event": "join", "player": "Inès", "score": 0}));
    hands.extend((4..7).map(brasse));
    let file = dir.join("neuf.json");
    let v = serde_json::json!({"format": "marque-session", "version": 1, "id": "neuf",
        "game": "2500", "created": "2026-11-27T20:00:00+01:00", "players": names,
        "options": {}, "hands": hands});
    std::fs::write(&file, v.to_string()).unwrap();
    file
}

/// The window at 1280×800 zoom 1.5 on [`nine_seats`].
fn nine_seats_open(dir: &std::path::Path) -> egui_kittest::Harness<'static, marque::ui::App> {
    let file = nine_seats(dir);
    let mut app = marque::ui::App::new(dir.to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, egui::vec2(1280.0, 800.0));
    h.ctx.set_zoom_factor(1.5);
    settle(&mut h);
    h
}

#[test]
fn a_2500_of_nine_seats_shows_several_rows_at_1280_800_zoomed() {
    let dir = tempfile::tempdir().unwrap();
    let h = nine_seats_open(dir.path());
    let rows = ["#5", "#6", "#7"]
        .into_iter()
        .filter(|r| in_view(&h, r))
        .count();
    assert_eq!(rows, 3, "three hand rows of the sheet in view");
}

#[test]
fn tab_through_the_2500s_points_keeps_the_field_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = nine_seats_open(dir.path());
    tap_counting(&mut h, "Frime : 8", &mut 0);
    tap_counting(&mut h, "En points : saisir les totaux", &mut 0);
    h.query_all_by_role(egui::accesskit::Role::SpinButton)
        .next()
        .unwrap()
        .focus();
    settle(&mut h);
    let fields: Vec<String> = h
        .query_all_by_role(egui::accesskit::Role::SpinButton)
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert!(fields.len() >= 16, "{fields:?}");
    // Every field Tab reaches is checked: the walk must reach the ones under the foot.
    let mut checked = Vec::new();
    for _ in 1..fields.len() {
        h.key_press(egui::Key::Tab);
        settle(&mut h);
        let focused = h
            .query_all_by_role(egui::accesskit::Role::SpinButton)
            .find(|n| n.accesskit_node().is_focused())
            .map(|n| n.accesskit_node().label().unwrap_or_default());
        let Some(focused) = focused else {
            continue;
        };
        assert!(in_view(&h, &focused), "{focused} brought into view");
        checked.push(focused);
    }
    assert!(
        checked.len() + 2 >= fields.len() && checked.last() != fields.first(),
        "Tab walked the fields: {checked:?} of {fields:?}"
    );
}

/// A notice of one session does not stay in the bar once another session is opened.
#[test]
fn another_session_opened_leaves_the_last_ones_notice_behind() {
    let dir = tempfile::tempdir().unwrap();
    two_truc_sessions(dir.path());
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    type_in(&mut h, "Exporter vers", "/nowhere/at/all/feuille.json");
    click(&mut h, "Exporter");
    assert!(h.state().notice_text().is_some(), "the export failed, said");
    click(&mut h, "Accueil");
    click_containing(&mut h, "Reprendre : Chloé, David");
    assert_eq!(
        h.state().notice_text(),
        None,
        "the other session's notice gone"
    );
}

/// A phone's "Pas d'accord" reads on the laptop: the row and the word's line say who disputes
/// the deal (the side, its phone) and why.
#[test]
fn a_dispute_from_a_phone_says_who_and_why_on_the_laptop() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::ui_phone::evening(dir.path());
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    v["log"].as_array_mut().unwrap().push(serde_json::json!({
        "at": "2026-11-27T20:05:00+01:00", "action": "dispute", "hand": 1,
        "new": {"side": "EW", "phone": "Chloé", "why": "Nord a fait 11"}}));
    std::fs::write(&file, v.to_string()).unwrap();
    let mut app = marque::ui::App::new(dir.path().to_path_buf());
    app.open_path(&file);
    let mut h = harness_of(app, egui::vec2(1280.0, 800.0));
    settle(&mut h);
    let who = "EO (téléphone « Chloé ») : « Nord a fait 11 »";
    assert!(
        shows(
            &h,
            &format!("⚠ contestée par {who} — 4♠ par Nord, juste fait")
        ),
        "the row says who and why"
    );
    assert!(
        shows_containing(&h, &format!("Contestation en cours sur Donne 1, par {who}")),
        "the word's line too"
    );
}
