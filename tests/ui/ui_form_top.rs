//! Every form opens at its top: after a Tarot form was scrolled down to its poignées, a new
//! session of each of the six games opens with its form's heading (above its first key) in
//! view, and so does the Tarot session reopened; each session's scroll is its own.
use crate::ui_common::*;
use marque_core::games::{GameKind, Place};
use marque_core::i18n::{Lang, tr};

/// The form's heading for the first hand of `game` ("Donne 1", "Tour 1", "Brasse 1").
fn first_heading(game: GameKind) -> String {
    game.place_title(Place::Hand(1)).render(Lang::Fr)
}

/// Scrolls the entry panel (at the window's right) down as far as it goes.
fn scroll_form_down(h: &mut egui_kittest::Harness<'static, marque::ui::App>) {
    let r = h.ctx.content_rect();
    h.hover_at(egui::pos2(r.right() - 150.0, r.center().y));
    for _ in 0..3 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -10_000.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    settle(h);
}

#[test]
fn every_form_opens_at_its_top_after_another_was_scrolled() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1280.0, 800.0));
    h.ctx.set_zoom_factor(1.5);
    settle(&mut h);
    let tarot = GameKind::ALL
        .into_iter()
        .find(|g| g.id() == "tarot")
        .unwrap();
    new_game(
        &mut h,
        &tr(Lang::Fr, tarot.name_key()),
        &["Tom", "Ugo", "Val", "Wes"],
    );
    click(&mut h, "Commencer la partie");
    settle(&mut h);
    let heading = first_heading(tarot);
    assert!(in_view(&h, &heading), "the Tarot form opens at its top");
    scroll_form_down(&mut h);
    assert!(!in_view(&h, &heading), "the Tarot form was scrolled down");
    for game in GameKind::ALL {
        click(&mut h, "Accueil");
        let names: Vec<&str> = ["Ana", "Ben", "Chloé", "Dario"]
            .into_iter()
            .take(game.players().0.clamp(2, 4))
            .collect();
        new_game(&mut h, &tr(Lang::Fr, game.name_key()), &names);
        click(&mut h, "Commencer la partie");
        settle(&mut h);
        let heading = first_heading(game);
        assert!(
            in_view(&h, &heading),
            "{}: the new form opens at its top",
            game.id()
        );
        // Scrolled down in its turn, for the next one.
        scroll_form_down(&mut h);
    }
    // The Tarot session reopened from the home list opens at its top too.
    click(&mut h, "Accueil");
    click_containing(&mut h, "Reprendre : Tom");
    settle(&mut h);
    assert!(
        in_view(&h, &heading),
        "a reopened session's form opens at its top"
    );
}
