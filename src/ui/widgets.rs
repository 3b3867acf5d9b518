//! Small widgets shared by the forms.

use egui::{Response, RichText, Role, Ui, WidgetInfo};

/// A toggle button showing `text` whose accessible name is `name` (several rows of "0 1 2 …"
/// buttons stay distinct for screen readers and tests). Disabled choices are struck out.
pub fn choice(
    ui: &mut Ui,
    selected: bool,
    enabled: bool,
    text: impl Into<String>,
    name: impl Into<String>,
) -> Response {
    choice_sized(ui, None, selected, enabled, text, name)
}

/// A [`choice`] of a fixed size: a keypad key that keeps its place whatever it shows.
pub fn key(
    ui: &mut Ui,
    size: egui::Vec2,
    selected: bool,
    enabled: bool,
    text: impl Into<String>,
    name: impl Into<String>,
) -> Response {
    choice_sized(ui, Some(size), selected, enabled, text, name)
}

fn choice_sized(
    ui: &mut Ui,
    size: Option<egui::Vec2>,
    selected: bool,
    enabled: bool,
    text: impl Into<String>,
    name: impl Into<String>,
) -> Response {
    let text: String = text.into();
    let name: String = name.into();
    // A choice that may not be made is struck out; a key that has nothing to do (a − with no
    // card to take back) is only greyed.
    let shown = if enabled || size.is_some() {
        RichText::new(text)
    } else {
        RichText::new(text).strikethrough()
    };
    let mut button = egui::Button::selectable(selected, shown.size(18.0));
    if let Some(size) = size {
        // Its text is never wider than the key: the key keeps this size.
        button = button.min_size(size);
    }
    let resp = ui.add_enabled(enabled, button);
    let n = name.clone();
    resp.widget_info(move || WidgetInfo::selected(Role::Button, enabled, selected, &n));
    resp
}

/// A title for a row of choices.
pub fn row_title(ui: &mut Ui, text: impl Into<String>) {
    ui.label(RichText::new(text.into()).strong());
}

/// Text with card suits, ♥ and ♦ in red as on the cards.
pub fn suit_text(symbol: &str, rest: &str) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let red = matches!(symbol, "♥" | "♦");
    let color = if red {
        egui::Color32::from_rgb(200, 30, 30)
    } else {
        egui::Color32::PLACEHOLDER
    };
    job.append(
        symbol,
        0.0,
        egui::TextFormat {
            color,
            font_id: egui::FontId::proportional(18.0),
            ..Default::default()
        },
    );
    job.append(
        &format!(" {rest}"),
        0.0,
        egui::TextFormat {
            color: egui::Color32::PLACEHOLDER,
            font_id: egui::FontId::proportional(15.0),
            ..Default::default()
        },
    );
    job
}
