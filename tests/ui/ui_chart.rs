//! The chart of running totals: at bridge a rubber at a time, each from nothing, or the whole
//! evening; the deals keep their numbers on the sheet.
use crate::ui_common::*;
use serde_json::json;

#[test]
fn bridge_charts_a_rubber_at_a_time_or_the_evening() {
    let dir = tempfile::tempdir().unwrap();
    // Rubber 1: NS make 4♠ twice (120 + 120 below, 700 for the rubber: 940).
    // Rubber 2: EW make 4♥ (120), then NS go down one, not vulnerable (50 to EW).
    let four = |d: &str| json!({"contract": "4S", "declarer": d, "tricks": 10});
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge",
                   "players": BRIDGE, "hands": [four("N"), four("S"),
                   {"contract": "4H", "declarer": "E", "tricks": 10},
                   {"contract": "3NT", "declarer": "N", "tricks": 8}]});
    std::fs::write(dir.path().join("soir.json"), v.to_string()).unwrap();
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Anne, Bruno, Claire, David");
    click(&mut h, "Courbe des scores");
    assert!(shows(&h, "Robre 1") && shows(&h, "Robre 2") && shows(&h, "Toute la soirée"));

    let points = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        let open = h.state().open().unwrap();
        let sheet = open.doc.sheet();
        marque::ui::chart_points(
            &marque::ui::parts_of(sheet),
            &sheet.running(),
            open.view.chart_part,
            2,
        )
    };
    // The rubber being played: deals 3 and 4, from nothing.
    assert_eq!(
        points(&h),
        [
            vec![[2.0, 0.0], [3.0, 0.0], [4.0, 0.0]],
            vec![[2.0, 0.0], [3.0, 120.0], [4.0, 170.0]],
        ]
    );
    click(&mut h, "Robre 1");
    assert_eq!(
        points(&h),
        [
            vec![[0.0, 0.0], [1.0, 120.0], [2.0, 940.0]],
            vec![[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]],
        ]
    );
    click(&mut h, "Toute la soirée");
    assert_eq!(points(&h)[0].last(), Some(&[4.0, 940.0]));
    assert_eq!(points(&h)[1].last(), Some(&[4.0, 170.0]));
}
