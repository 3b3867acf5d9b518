//! Small widgets shared by the forms.

use egui::{Response, RichText, Role, Ui, WidgetInfo};

/// A key of a fixed size showing `text`, whose accessible name is `name` (several rows of
/// "0 1 2 …" keys stay distinct for screen readers and tests): a keypad key that keeps its
/// place whatever it shows. Selected, it is lit; off, it is greyed (a choice the rules forbid
/// is given struck out by the caller).
pub fn key(
    ui: &mut Ui,
    size: egui::Vec2,
    selected: bool,
    enabled: bool,
    text: impl Into<RichText>,
    name: impl Into<String>,
) -> Response {
    key_in(ui, (size, 18.0), selected, enabled, text, name)
}

/// A [`key`] whose text has the type size `size.1` (a narrow key of a compact grid).
pub fn key_in(
    ui: &mut Ui,
    (size, type_size): (egui::Vec2, f32),
    selected: bool,
    enabled: bool,
    text: impl Into<RichText>,
    name: impl Into<String>,
) -> Response {
    let name: String = name.into();
    // A key looks like a key, tapped or not; exactly this size, whatever it says: a longer
    // text is shortened (whole on hover and for screen readers) rather than widening the key
    // or making it taller.
    let button = egui::Button::selectable(selected, text.into().size(type_size))
        .frame_when_inactive(true)
        .truncate();
    let resp = ui
        .add_enabled_ui(enabled, |ui| ui.add_sized(size, button))
        .inner;
    resp.widget_info(move || WidgetInfo::selected(Role::Button, enabled, selected, &name));
    resp
}

/// How wide `text` is in a button's type, on one line.
pub fn text_width(ui: &Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let color = ui.visuals().text_color();
    ui.ctx()
        .fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, color).size().x)
}

/// How wide `text` is in proportional type of `size` points, on one line.
pub fn text_width_at(ui: &Ui, text: &str, size: f32) -> f32 {
    let font = egui::FontId::proportional(size);
    let color = ui.visuals().text_color();
    ui.ctx()
        .fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, color).size().x)
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

/// Keys of one size in fixed rows: as many to a row as the width takes, at most `most`, the
/// same for every row. A key's place depends only on its index and the width, never on what
/// the keys show, so nothing moves after a tap, and no key lies beyond the edge.
pub fn keypad(
    ui: &mut Ui,
    count: usize,
    size: egui::Vec2,
    most: usize,
    mut add: impl FnMut(&mut Ui, usize),
) {
    let per_row = per_row(ui, size.x, most);
    for start in (0..count).step_by(per_row) {
        ui.horizontal(|ui| {
            for i in start..(start + per_row).min(count) {
                add(ui, i);
            }
        });
    }
}

/// How many items `width` wide a row of the available width holds (at least one, at most
/// `most`).
pub fn per_row(ui: &Ui, width: f32, most: usize) -> usize {
    let gap = ui.spacing().item_spacing.x;
    let room = row_room(ui);
    // A hair of slack: keys sized to fill the row exactly still fit it.
    let fit = ((room + gap + 0.5) / (width + gap)).floor();
    (fit.max(1.0) as usize).clamp(1, most.max(1))
}

/// The width of `count` keys `gap` apart filling the row's room (as [`per_row`] measures it),
/// within `min..=max`: a row of them fits where the room allows.
pub fn fit_width(ui: &Ui, count: usize, gap: f32, (min, max): (f32, f32)) -> f32 {
    let room = row_room(ui) - 0.5;
    ((room + gap) / count as f32 - gap).clamp(min, max)
}

/// The room a row has: the width left, within what is seen of it too (a scroll bar takes its
/// room; a wider widget above may have widened the layout).
pub fn row_room(ui: &Ui) -> f32 {
    let seen = ui.clip_rect().right() - ui.cursor().left();
    ui.available_width().min(seen)
}

/// The height of a key: the room a button's text takes, and at least 34 points.
pub fn key_height(ui: &Ui) -> f32 {
    let s = ui.spacing();
    s.interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Button) + 2.0 * s.button_padding.y)
        .max(34.0)
}

/// A text in a room reserved for the tallest of `variants` (each wrapped at the available
/// width): what follows stays in place whichever of them is shown, or none.
pub fn text_slot(ui: &mut Ui, shown: Option<RichText>, variants: &[RichText]) {
    let width = ui.available_width();
    let height = variants
        .iter()
        .chain(&shown)
        .map(|t| {
            egui::WidgetText::from(t.clone())
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    width,
                    egui::TextStyle::Body,
                )
                .size()
                .y
        })
        .fold(0.0, f32::max);
    let rect = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(width, height));
    // The same widgets whether something is shown or not: the ids of what follows stay.
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
        ui.add(egui::Label::new(shown.unwrap_or_default()).wrap());
    });
    ui.advance_cursor_after_rect(rect);
}

/// A row of exactly `height`, the available width, its content laid left to right: what
/// follows stays in place whether the row shows something or nothing.
pub fn fixed_row<R>(ui: &mut Ui, height: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    fixed_area(
        ui,
        height,
        egui::Layout::left_to_right(egui::Align::Center),
        add,
    )
}

/// A block of exactly `height` (rounded up to a whole point), the available width, laid top
/// down: what follows never moves by as much as a pixel whatever the block shows.
pub fn fixed_block<R>(ui: &mut Ui, height: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    fixed_area(
        ui,
        height.ceil(),
        egui::Layout::top_down(egui::Align::Min),
        add,
    )
}

fn fixed_area<R>(
    ui: &mut Ui,
    height: f32,
    layout: egui::Layout,
    add: impl FnOnce(&mut Ui) -> R,
) -> R {
    let rect = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(ui.available_width(), height));
    let r = ui
        .scope_builder(egui::UiBuilder::new().max_rect(rect).layout(layout), add)
        .inner;
    ui.advance_cursor_after_rect(rect);
    r
}

/// The height of a line of `style` text, or of a button of that text.
pub fn line_height(ui: &Ui, style: egui::TextStyle, button: bool) -> f32 {
    let text = ui.text_style_height(&style);
    if button {
        text + 2.0 * ui.spacing().button_padding.y
    } else {
        text
    }
}

/// The width a key needs to show the widest of `texts` whole, at the keys' size.
pub fn key_width(ui: &Ui, texts: &[String]) -> f32 {
    texts
        .iter()
        .map(|t| key_width_at(ui, t, 18.0))
        .fold(0.0, f32::max)
}

/// The width a key needs to show `text` whole at type size `size`.
pub fn key_width_at(ui: &Ui, text: &str, size: f32) -> f32 {
    let padding = 2.0 * ui.spacing().button_padding.x + 4.0;
    egui::WidgetText::from(RichText::new(text).size(size))
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Button,
        )
        .size()
        .x
        + padding
}

/// egui's own fonts have no card suits (♣ ♦ ♥ ♠): DejaVu Sans, shipped in assets/, fills in.
pub(super) fn install_fonts(ctx: &egui::Context) {
    use egui::epaint::text::InsertFontFamily;
    let families = [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: egui::FontPriority::Lowest,
        })
        .collect();
    let data = egui::FontData::from_static(include_bytes!("../../assets/fonts/DejaVuSans.ttf"));
    ctx.add_font(egui::FontInsert::new("dejavu-sans", data, families));
}
