//! What the app remembers between evenings (language, text size, names typed before), and a
//! game stopped early, which closes the session with a trace in its log.
use crate::ui_common::*;
use egui::{Key, Modifiers};

#[test]
fn language_zoom_and_names_are_remembered() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        let zoom = h.ctx.zoom_factor();
        h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
        h.run();
        assert!(h.ctx.zoom_factor() > zoom, "Ctrl+plus enlarges the text");
        click(&mut h, "English");
        click(&mut h, "New game");
        click(&mut h, "Le Truc");
        type_in(&mut h, "Player 1", "Alice");
        type_in(&mut h, "Player 2", "Bruno");
        click(&mut h, "Start the game");
    }
    let prefs: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join(".prefs.json")).unwrap())
            .unwrap();
    assert_eq!(prefs["lang"], "en");
    assert!(prefs["zoom"].as_f64().unwrap() > 1.3);
    // The next evening: English, the same text size, and the names offered again.
    let mut h = harness(dir.path());
    assert!(shows(&h, "New game"));
    assert!((h.ctx.zoom_factor() as f64 - prefs["zoom"].as_f64().unwrap()).abs() < 1e-3);
    click(&mut h, "New game");
    click(&mut h, "Le Truc");
    click(&mut h, "+ Alice");
    click(&mut h, "+ Bruno");
    click(&mut h, "Start the game");
    assert_eq!(marque_store::Store::new(dir.path()).list().len(), 2);
}

#[test]
fn stopping_a_rubber_early_pays_the_unfinished_premiums_and_is_logged() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_bridge(dir.path());
    click(&mut h, "lois actuelles");
    click(&mut h, "Commencer la partie");
    click_all(&mut h, &FOUR_SPADES_MADE);
    click(&mut h, "Arrêter la partie ici");
    assert!(shows_containing(&h, "Partie terminée — gagnant : NS"));
    assert!(shows_containing(
        &h,
        "robre inachevé : seul camp à avoir une manche"
    ));
    assert!(
        shows(&h, "420"),
        "120 + 300 for the only game of an unfinished rubber"
    );
    assert!(!shows(&h, "Valider la donne"));
    let s = saved(dir.path());
    assert!(s.closed);
    assert_eq!(s.score().unwrap().totals, vec![420, 0]);
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["add", "close"]);

    // Taken up again, after a confirmation: logged, the form back, the premiums gone.
    click(&mut h, "Reprendre la partie");
    assert!(shows(
        &h,
        "Reprendre cette partie arrêtée ? Le journal le notera."
    ));
    click(&mut h, "Non");
    assert!(!shows(&h, "Valider la donne"), "no reopening without a yes");
    click(&mut h, "Reprendre la partie");
    click(&mut h, "Oui, reprendre");
    for c in [
        "Est — Bruno",
        "Niveau 1",
        "Atout trèfle",
        "Juste fait",
        "Valider la donne",
    ] {
        click(&mut h, c);
    }
    let s = saved(dir.path());
    assert!(!s.closed);
    assert_eq!(s.hands.len(), 2);
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["add", "close", "reopen", "add"]);
    assert_eq!(s.score().unwrap().totals, vec![120, 20]);
}

/// A preferences file that is damaged or out of range never stops the app: defaults, and a
/// notice that says so.
#[test]
fn damaged_or_out_of_range_preferences_fall_back_with_a_notice() {
    for (text, notice) in [
        (
            r#"{"zoom": 0}"#,
            "Une préférence enregistrée était hors des valeurs permises",
        ),
        (
            r#"{"zoom": -1}"#,
            "Une préférence enregistrée était hors des valeurs permises",
        ),
        (
            r#"{"zoom": 1e30}"#,
            "Une préférence enregistrée était hors des valeurs permises",
        ),
        (
            "{ not json",
            "Les préférences enregistrées ne se lisent pas",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".prefs.json"), text).unwrap();
        let h = harness(dir.path());
        assert!(shows_containing(&h, notice), "{text}");
        assert!((0.6..=3.0).contains(&h.ctx.zoom_factor()), "{text}");
        assert!(shows(&h, "Nouvelle partie"));
    }
}

/// The text-size keys sit at the bar's very edge: a tap that resizes everything leaves the key
/// under the finger (the theme and language keys, which change width, are on its other side).
#[test]
fn the_text_size_key_stays_under_the_finger() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1280.0, 800.0));
    let at = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        // On screen, in pixels: points times the zoom.
        h.get_by_label("A+").rect().center() * h.ctx.zoom_factor()
    };
    for _ in 0..3 {
        let before = at(&h);
        click(&mut h, "A+");
        let after = at(&h);
        assert!((after - before).length() < 6.0, "{before:?} -> {after:?}");
    }
    click(&mut h, "Thème sombre");
    let before = at(&h);
    click(&mut h, "Thème clair");
    assert_eq!(
        at(&h),
        before,
        "the theme's label changing width moves nothing"
    );
}

/// A text size egui set past the window's own bounds (its keys go from 0.2 to 5) is kept at the
/// nearest bound and shown at it, and the preferences stop changing once it is.
#[test]
fn a_text_size_past_the_windows_bounds_comes_back_within_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.ctx.set_zoom_factor(4.5);
    settle(&mut h);
    h.run();
    let zoom = h.state().prefs().zoom;
    assert!(
        (zoom - marque::ui::ZOOM_MAX).abs() < 1e-3,
        "kept at the bound: {zoom}"
    );
    let shown = h.ctx.zoom_factor();
    assert!(
        (shown - marque::ui::ZOOM_MAX).abs() < 1e-3,
        "shown at it: {shown}"
    );
    let prefs = dir.path().join(".prefs.json");
    let saved = std::fs::read(&prefs).unwrap();
    h.run();
    h.run();
    assert_eq!(
        std::fs::read(&prefs).unwrap(),
        saved,
        "saved once, not at every frame"
    );
}
