//! The score sheet of a long session: only the rows on screen are laid out, and the newest deal
//! stays in view in a small window and when the text grows.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use serde_json::json;

#[test]
fn the_newest_deal_stays_in_view_as_the_window_shrinks_and_the_text_grows() {
    let dir = tempfile::tempdir().unwrap();
    let strains = ["C", "D", "H", "S", "NT"];
    let hands: Vec<_> = (0..60)
        .map(|i| {
            let seat = ["N", "E", "S", "W"][i % 4];
            json!({"contract": format!("{}{}", 1 + i % 3, strains[i % 5]), "declarer": seat,
                   "tricks": 8})
        })
        .collect();
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge",
                   "players": ["Anne", "Bruno", "Claire", "David"], "hands": hands});
    std::fs::write(dir.path().join("soir.json"), v.to_string()).unwrap();
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Anne, Bruno, Claire, David");
    assert!(shows(&h, "#60"), "the newest deal is in view");
    assert!(!shows(&h, "#1"), "rows far from view are not laid out");
    // A harness keeps the window size it is built with: a small window is a new harness.
    drop(h);
    let mut h = harness_sized(dir.path(), egui::vec2(1024.0, 600.0));
    click_containing(&mut h, "Reprendre : Anne, Bruno, Claire, David");
    assert!(shows(&h, "#60"), "still in view at 1024×600");
    h.ctx.set_zoom_factor(1.75);
    settle(&mut h);
    assert!(shows(&h, "#60"), "still in view with larger text");

    // The reader scrolls up over a row in sight (above the foot pinned under the column): the
    // table stays where the reader put it.
    let foot = h.get_by_label("Valider la donne").rect().top();
    let at = (50..=60)
        .rev()
        .filter_map(|i| h.query_by_label(&format!("#{i}")).map(|n| n.rect()))
        .find(|r| r.bottom() < foot)
        .expect("a row of the sheet in sight")
        .center();
    h.hover_at(at);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, 2000.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(40);
    settle(&mut h);
    assert!(
        !shows(&h, "#60"),
        "the table went back to its end under the reader"
    );
    h.run_steps(10);
    assert!(
        !shows(&h, "#60"),
        "the table went back to its end under the reader"
    );
}
