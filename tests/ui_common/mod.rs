//! Driving the real app by labels with egui_kittest, on a temporary data folder.
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use marque::session::Session;
use marque::store::{FileState, Store};
use marque::ui::App;

pub fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    let app = App::new(dir.to_path_buf());
    let mut h = Harness::builder()
        .with_size(egui::vec2(1600.0, 1400.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    h
}

/// Clicks the widget with this exact accessible name, then lets the app settle.
pub fn click(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Types into the text field named `label`, replacing what it held.
pub fn type_in(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

/// Whether some node shows exactly this text.
pub fn shows(h: &Harness<'static, App>, text: &str) -> bool {
    h.query_all_by_label(text).next().is_some()
}

pub fn shows_containing(h: &Harness<'static, App>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The only session file of the data folder, read back from disk.
pub fn saved(dir: &std::path::Path) -> Session {
    let listed = Store::new(dir).list();
    assert_eq!(listed.len(), 1, "one session file expected");
    match &listed[0].state {
        FileState::Fine(s) => (**s).clone(),
        other => panic!("the saved file does not read: {other:?}"),
    }
}
