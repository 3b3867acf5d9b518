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
    let text: String = text.into();
    let name: String = name.into();
    let shown = if enabled {
        RichText::new(text)
    } else {
        RichText::new(text).strikethrough()
    };
    let resp = ui.add_enabled(
        enabled,
        egui::Button::selectable(selected, shown.size(18.0)),
    );
    let n = name.clone();
    resp.widget_info(move || WidgetInfo::selected(Role::Button, enabled, selected, &n));
    resp
}

/// A title for a row of choices.
pub fn row_title(ui: &mut Ui, text: impl Into<String>) {
    ui.label(RichText::new(text.into()).strong());
}
