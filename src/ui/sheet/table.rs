//! The table of hands: a row a hand, laid out only where it is on screen, and the totals.

use egui::{RichText, Ui};

use super::rows::Rows;
use crate::ui::command::{Command, Entry};
use crate::ui::view::Shown;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg, tr};

/// The table of hands: label, delta and running total per side; only the rows on screen are
/// laid out. A click on a row's number selects it.
pub(super) fn table(
    ui: &mut Ui,
    lang: Lang,
    open: &Shown<'_>,
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    let sheet = open.doc.sheet();
    let rows = &open.view.rows.rows;
    let widths = column_widths(ui, sheet.sides.len(), &open.view.rows);
    // Too many sides for the width: the table scrolls sideways, and the totals go under it
    // as a bar that wraps and never scrolls, so that every side's total stays in view.
    let pinned = !widths.3;
    let names = marque_core::text::side_names(sheet, lang);
    let bar_height = if pinned {
        totals_bar_height(ui, lang, &names, &sheet.totals, sheet.game.total_label())
    } else {
        0.0
    };
    // As tall as a button: the rows hold one, and the list's arithmetic needs the real height.
    let row_height = (ui.text_style_height(&egui::TextStyle::Button)
        + 2.0 * ui.spacing().button_padding.y)
        .max(ui.spacing().interact_size.y);
    let cell = |ui: &mut Ui, w: f32, text: RichText| {
        ui.add_sized([w, row_height], egui::Label::new(text).truncate());
    };
    // Wide tables (seven players, large text) scroll sideways inside their own area; in the
    // narrow layout the whole column scrolls both ways already (a scroll area inside it would
    // keep its bar in view, over the form).
    let draw = |ui: &mut Ui| {
        ui.horizontal(|ui| {
            cell(ui, widths.0, RichText::new("#").strong());
            cell(
                ui,
                widths.1,
                RichText::new(
                    sheet
                        .live
                        .kind()
                        .hand_words(Msg::new("ui.sheet.hand"))
                        .render(lang),
                )
                .strong(),
            );
            // The sides in the reader's language (bridge: NS / EO in French).
            for s in &names {
                cell(ui, widths.2, RichText::new(s).strong());
            }
        });
        // Half the room there is (in a scrolling column, of the window), four rows at least.
        // In the narrow column, of the window alone: the foot pinned under the column grows
        // and shrinks with the preview, and the form under the table must not follow it.
        let room = if narrow {
            ui.ctx().content_rect().height() * 0.7
        } else {
            ui.available_height().min(ui.ctx().content_rect().height())
        };
        // On a short screen a little less, so that the count of a hand, what-if and the log
        // under the table keep a useful height.
        let share = if room < 560.0 { 0.38 } else { 0.5 };
        // The totals' bar under the table (too many sides for the width) keeps its rows whole
        // above what comes under it: the table gives up rows for it, down to one.
        let max_height = (room * share)
            .max(4.0 * row_height)
            .min(room * 0.7 - bar_height)
            .max(row_height);
        // Always that height, few rows or many: what lies below (the selected hand's keys, the
        // form in a narrow window) does not move down a row with each hand entered.
        let mut area = egui::ScrollArea::vertical()
            .id_salt(open.view.scroll.with("sheet-rows"))
            .max_height(max_height)
            .min_scrolled_height(max_height)
            .auto_shrink([true, false]);
        let frames = open.view.rows.to_end.get();
        if frames > 0 {
            open.view.rows.to_end.set(frames - 1);
            ui.ctx().request_repaint();
        }
        // Exactly the end, as the last frame measured it: past it the area would spring back,
        // frame after frame.
        let mut placed = None;
        if (frames > 0 || open.view.rows.at_end.get())
            && let Some(end) = open.view.rows.end_offset.get()
        {
            area = area.vertical_scroll_offset(end);
            placed = Some(end);
        }
        let shown = area.show_rows(ui, row_height, rows.len(), |ui, range| {
            for i in range {
                let r = &rows[i];
                let row = ui.horizontal(|ui| {
                    let selected = open.view.selected == Some(i);
                    let key = ui
                        .add_sized(
                            [widths.0, row_height],
                            egui::Button::selectable(selected, &r.number),
                        )
                        .on_hover_text(tr(lang, "ui.sheet.select"));
                    if let Some(spoken) = &r.spoken {
                        key.widget_info(|| {
                            egui::WidgetInfo::selected(egui::Role::Button, true, selected, spoken)
                        });
                    }
                    if key.clicked() {
                        commands.push(Command::Entry(Entry::Select(i)));
                    }
                    cell(ui, widths.1, RichText::new(&r.label));
                    for c in &r.cells {
                        cell(ui, widths.2, RichText::new(c));
                    }
                });
                // A new rubber: a rule above its first deal, in the room between two rows
                // (nothing moves).
                if r.starts_part {
                    let rect = row.response.rect;
                    let y = rect.top() - ui.spacing().item_spacing.y / 2.0;
                    let stroke = ui.visuals().widgets.noninteractive.fg_stroke;
                    ui.painter().hline(rect.x_range(), y, stroke);
                }
            }
        });
        let end = (shown.content_size.y - shown.inner_rect.height()).max(0.0);
        let offset = shown.state.clamped_offset().y;
        // At the end, or placed there by this frame and not moved by the reader since.
        let at_end = offset >= end - 1.0 || placed.is_some_and(|p| (p - offset).abs() < 0.5);
        if at_end && (end - offset).abs() > 0.5 {
            // The end moved (a new size): one more frame to go there.
            ui.ctx().request_repaint();
        }
        open.view.rows.end_offset.set(Some(end));
        open.view.rows.at_end.set(at_end);
        if pinned {
            return;
        }
        ui.horizontal(|ui| {
            cell(ui, widths.0, RichText::new(""));
            // Truc's standing counts manches, not the points of the columns above.
            let total = tr(lang, sheet.game.total_label());
            cell(ui, widths.1, RichText::new(total).strong());
            for (t, side) in sheet.totals.iter().zip(&names) {
                let text = RichText::new(marque_core::view::minus(*t)).strong();
                let r = ui.add_sized(
                    [widths.2, row_height],
                    egui::Label::new(text.size(TOTAL_SIZE)).truncate(),
                );
                let name = total_name(lang, side, *t);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
            }
        });
    };
    // A wide table scrolls sideways in its own area, never widening the column (whose keys
    // below would then lie beyond the edge). In the narrow column the wheel is left to the
    // rows and the column (the bar still scrolls sideways).
    let source = egui::containers::scroll_area::ScrollSource {
        mouse_wheel: !narrow,
        ..Default::default()
    };
    egui::ScrollArea::horizontal()
        .id_salt(open.view.scroll.with("sheet-wide"))
        .scroll_source(source)
        .show(ui, draw);
    if pinned {
        totals_bar(ui, lang, &names, &sheet.totals, sheet.game.total_label());
    }
    let to_come = sheet.live.to_come();
    if !to_come.is_empty() {
        ui.label(msg!("ui.sheet.to_come", rounds = to_come.join(" · ")).render(lang));
    }
}

/// Every side's total on a bar that wraps (a table too wide for the window scrolls sideways;
/// this bar does not): the side's name and its total in large type.
fn totals_bar(ui: &mut Ui, lang: Lang, names: &[String], totals: &[i64], label: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr(lang, label)).strong());
        for (side, t) in names.iter().zip(totals) {
            let mut job = egui::text::LayoutJob::default();
            let color = ui.visuals().strong_text_color();
            let body = egui::TextStyle::Body.resolve(ui.style());
            let plain = egui::TextFormat::simple(body, color);
            job.append(&format!("{side} "), 0.0, plain);
            let big = egui::FontId::proportional(TOTAL_SIZE);
            job.append(
                &marque_core::view::minus(*t),
                0.0,
                egui::TextFormat::simple(big, color),
            );
            let name = total_name(lang, side, *t);
            ui.add(egui::Label::new(job).extend())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
            ui.add_space(12.0);
        }
    });
}

/// How tall [`totals_bar`] will be at this width: its items laid out in rows as it wraps them.
fn totals_bar_height(ui: &Ui, lang: Lang, names: &[String], totals: &[i64], label: &str) -> f32 {
    let width = |text: &str, font: egui::FontId| {
        ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(text.to_string(), font, egui::Color32::WHITE)
                .size()
                .x
        })
    };
    let body = egui::TextStyle::Body.resolve(ui.style());
    let big = egui::FontId::proportional(TOTAL_SIZE);
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_width();
    let mut items = vec![width(&tr(lang, label), body.clone())];
    items.extend(names.iter().zip(totals).map(|(side, t)| {
        width(&format!("{side} "), body.clone())
            + width(&marque_core::view::minus(*t), big.clone())
            + 12.0
    }));
    let (mut rows, mut used) = (1, 0.0);
    for w in items {
        if used > 0.0 && used + gap + w > room {
            rows += 1;
            used = 0.0;
        }
        used += if used > 0.0 { gap + w } else { w };
    }
    let row = ui.ctx().fonts_mut(|f| f.row_height(&big));
    rows as f32 * (row + ui.spacing().item_spacing.y)
}

/// A total's name for screen readers (and the tests): "Total de Anne : 35".
fn total_name(lang: Lang, side: &str, total: i64) -> String {
    msg!(
        "ui.sheet.total_of",
        side = side,
        total = marque_core::view::minus(total)
    )
    .render(lang)
}

/// The widths of the number, label and side columns: each side column as wide as its longest
/// cell or total needs (measured, two texts a frame), the label the rest (at least 100); past
/// the width there is, the table scrolls sideways (and the fourth value, whether it all fits,
/// is false).
pub(super) fn column_widths(ui: &Ui, sides: usize, rows: &Rows) -> (f32, f32, f32, bool) {
    let number = 56.0;
    let spacing = ui.spacing().item_spacing.x;
    let free = (ui.available_width() - number - spacing * (sides as f32 + 2.0)).max(0.0);
    let color = ui.visuals().text_color();
    let width = |text: &str, font: egui::FontId| {
        ui.ctx()
            .fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, color).size().x)
    };
    let cell = width(&rows.widest_cell, egui::TextStyle::Body.resolve(ui.style()));
    let total = width(&rows.widest_total, egui::FontId::proportional(TOTAL_SIZE));
    let side = (cell.max(total) + 12.0).clamp(48.0, 220.0);
    let label = (free - side * sides as f32).max(100.0);
    let fits = free >= side * sides as f32 + 100.0;
    (number, label, side, fits)
}

/// The total row's type size.
pub(super) const TOTAL_SIZE: f32 = 22.0;
