//! After a tap that brings other keys under the finger (a row archived, the next rubber, two
//! names merged), the second tap of a double tap is let go: presses within
//! `TAP_GUARD_SECONDS` reach nothing; moves and keys go through, and later taps count.
use crate::ui_common::*;

fn press(time: f64) -> egui::RawInput {
    let pos = egui::pos2(100.0, 100.0);
    let button = |pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    egui::RawInput {
        time: Some(time),
        events: vec![
            egui::Event::PointerMoved(pos),
            button(true),
            button(false),
            egui::Event::Key {
                key: egui::Key::Z,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::COMMAND,
            },
        ],
        ..Default::default()
    }
}

/// A press now is let go, its move and its key going through; the time it was pressed at.
fn let_go(h: &mut egui_kittest::Harness<'static, marque::ui::App>) -> f64 {
    let now = h.ctx.input(|i| i.time);
    let mut raw = press(now + 0.1);
    h.state_mut().guard_input(&mut raw);
    assert!(
        matches!(
            raw.events.as_slice(),
            [egui::Event::PointerMoved(_), egui::Event::Key { .. }]
        ),
        "{:?}",
        raw.events
    );
    now
}

#[test]
fn the_second_tap_of_a_double_tap_is_let_go() {
    let dir = tempfile::tempdir().unwrap();
    two_truc_sessions(dir.path());
    let mut h = harness(dir.path());
    // Before any such tap, nothing is let go.
    let now = h.ctx.input(|i| i.time);
    let mut raw = press(now + 0.1);
    h.state_mut().guard_input(&mut raw);
    assert_eq!(raw.events.len(), 4);

    // The tap, and the frames that carry it out: the guard runs on the input's clock.
    {
        use egui_kittest::kittest::Queryable;
        h.get_by_label("Archiver : Alice, Bruno").click();
    }
    h.step();
    h.step();
    let now = let_go(&mut h);
    // Past the guard, a tap counts.
    let mut raw = press(now + marque::ui::TAP_GUARD_SECONDS + 0.1);
    h.state_mut().guard_input(&mut raw);
    assert_eq!(raw.events.len(), 4);
}

/// Turning the room's pages on opens the share panel at the window's left and moves every key
/// of the screen aside: the second tap of a double tap on the key is let go (it fell on "Print
/// the evening" on the evening's screen).
#[test]
fn the_second_tap_after_the_share_key_is_let_go() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    crate::ui_evening_play::friday(&mut h);
    {
        use egui_kittest::kittest::Queryable;
        h.get_by_label("Suivre sur les téléphones").click();
    }
    h.step();
    h.step();
    assert!(h.state().sharing().is_some(), "sharing on");
    let_go(&mut h);
    h.state_mut().stop_sharing();
}
