//! What the screens show of a count: its lines, each with its rule a click away (the
//! sheet's selected hand, a preview, what is at stake), and a row of the results a bid can
//! still give, as keys (a session's stakes, an evening board's).

use egui::{RichText, Ui};

use super::command::{Command, Go};
use marque_core::games::{GameKind, Line, RuleId};
use marque_core::i18n::{Lang, tr};
use marque_core::stakes::Row;
use marque_core::view::signed_shown as signed;

/// Lines as [`explain`] shows them.
pub(crate) fn line_rows(
    lines: &[Line],
    lang: Lang,
) -> impl Iterator<Item = (usize, i64, String, RuleId)> + '_ {
    lines
        .iter()
        .map(move |l| (l.side, l.points, l.text.render(lang), l.rule))
}

/// Explanation lines (side, points, text, rule); a click on a rule opens it in the rules
/// reference.
pub(crate) fn explain(
    ui: &mut Ui,
    lang: Lang,
    sides: &[String],
    lines: impl Iterator<Item = (usize, i64, String, RuleId)>,
    commands: &mut Vec<Command>,
) {
    let mut clicked = None;
    for (side, points, text, rule) in lines {
        // The side and its points, the rule's title and its id on one row (the id's text on
        // hover, a click opens it), then the line itself, wrapped under them: a long line never
        // lies over the link.
        ui.horizontal_wrapped(|ui| {
            // (A seat that joins with this very entry has no column yet: its line names it.)
            let name = sides.get(side).map_or("", String::as_str);
            ui.label(RichText::new(format!("{name} {}", signed(points))).strong());
            let key = crate::ui::rules::rule_key(rule.as_str());
            ui.label(RichText::new(tr(lang, &format!("{key}.title"))).weak());
            let hover = format!("{}\n\n{}", tr(lang, &key), tr(lang, "ui.open_rule"));
            if ui.link(format!("[{rule}]")).on_hover_text(hover).clicked() {
                clicked = Some(rule.to_string());
            }
        });
        ui.indent(("line", rule), |ui| {
            ui.add(egui::Label::new(text).wrap());
        });
    }
    if let Some(rule) = clicked {
        commands.push(Command::Go(Go::Rules {
            // (A rule shown is always one of a game's.)
            game: GameKind::of_rule(&rule).unwrap_or(GameKind::ALL[0]),
            focus: Some(rule),
        }));
    }
}

/// One row of results, scrolled sideways (the likely ones brought into view when the stakes
/// are new, the row alone scrolled: nothing else moves); a tap picks a result, or drops it.
pub(crate) fn stakes_row(
    ui: &mut Ui,
    row: &Row,
    lang: Lang,
    pick: &mut Option<usize>,
    (id, bring): (egui::Id, bool),
) {
    let likely_at = id.with("likely");
    let bar = egui::scroll_area::ScrollBarVisibility::AlwaysVisible;
    let mut area = egui::ScrollArea::horizontal()
        .id_salt(id)
        .scroll_bar_visibility(bar)
        .auto_shrink([false, true]);
    // Where the first likely result starts, and how far the row can scroll (an offset past
    // its end would spring back).
    if bring && let Some((x, most)) = ui.data(|d| d.get_temp::<(f32, f32)>(likely_at)) {
        area = area.horizontal_scroll_offset(x.min(most).max(0.0));
    }
    let mut likely_x = None;
    // The row's title stays at its left, in view whatever the row is scrolled to.
    let title = row.title.render(lang);
    let out = ui
        .horizontal(|ui| {
            ui.label(&title);
            area.show(ui, |ui| {
                ui.horizontal(|ui| {
                    let start = ui.min_rect().left();
                    let mut first_likely = true;
                    for cell in &row.cells {
                        let text = format!("{} → {}", cell.label.render(lang), signed(cell.points));
                        let on = *pick == Some(cell.outcome);
                        // Named with its row for a screen reader ("Ana a demandé 1 : 1 pli → +3"):
                        // the same result of two players is two keys.
                        let name = format!("{title} {text}");
                        let key = ui.selectable_label(on, text);
                        let role = egui::accesskit::Role::Button;
                        key.widget_info(|| egui::WidgetInfo::selected(role, true, on, &name));
                        if cell.likely && first_likely {
                            first_likely = false;
                            likely_x = Some(key.rect.left() - start);
                        }
                        if key.clicked() {
                            *pick = if on { None } else { Some(cell.outcome) };
                        }
                    }
                });
            })
        })
        .inner;
    if let Some(x) = likely_x {
        let most = out.content_size.x - out.inner_rect.width();
        ui.data_mut(|d| d.insert_temp(likely_at, (x, most)));
    }
}

/// The room a strip of stakes takes at this size and zoom: a line of text, and a row of
/// results (its keys, its sideways bar and the gaps about them).
pub(crate) fn row_room(ui: &Ui) -> (f32, f32) {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let line = ui.ctx().fonts_mut(|f| f.row_height(&body));
    let gap = ui.spacing().item_spacing.y;
    let bar = ui.spacing().scroll.bar_width + 2.0 * ui.spacing().scroll.bar_outer_margin;
    let key = ui
        .spacing()
        .interact_size
        .y
        .max(line + 2.0 * ui.spacing().button_padding.y);
    (line, key + bar + 3.0 * gap)
}
