//! The score chart: each side's running total, hand by hand (bridge: rubber by rubber).

use egui::Ui;

use crate::ui::command::{Command, Entry};
use crate::ui::view::Shown;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::Sheet;

/// Each side's running total over the hands, drawn with egui_plot; hovering a point names the
/// hand and its total.
pub(super) fn chart(ui: &mut Ui, lang: Lang, open: &Shown<'_>, commands: &mut Vec<Command>) {
    let sides = marque_core::text::side_names(open.doc.sheet(), lang);
    let running = &open.view.rows.running;
    let parts = parts_of(open.doc.sheet());
    // The game's words for its parts (rubbers, chukkers).
    let words = open.doc.session().options.typed().part_words();
    if let (Some(&last), Some(words)) = (parts.last(), words) {
        let picked = open.view.chart_part.unwrap_or(last);
        let key = words.one;
        ui.horizontal_wrapped(|ui| {
            for r in 0..=last {
                let text = msg!(key, n = r + 1).render(lang);
                if ui.selectable_label(picked == r, text).clicked() {
                    commands.push(Command::Entry(Entry::ChartPart(r)));
                }
            }
            let evening = tr(lang, "ui.chart.evening");
            if ui.selectable_label(picked > last, evening).clicked() {
                commands.push(Command::Entry(Entry::ChartPart(usize::MAX)));
            }
        });
    }
    let lines = chart_points(&parts, running, open.view.chart_part, sides.len());
    let title = tr(lang, open.doc.session().game.hand_title());
    let hand_title = title.clone();
    let shown = egui_plot::Plot::new(("chart", open.doc.path()))
        .height(220.0)
        // Top left: the lines start low at the left and end high at the right.
        .legend(egui_plot::Legend::default().position(egui_plot::Corner::LeftTop))
        .allow_scroll(false)
        .x_axis_label(title)
        .label_formatter(move |hover| match hover {
            egui_plot::HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{hand_title} {} — {plot_name} {}",
                position.x.round(),
                position.y.round()
            )),
            egui_plot::HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            for (side, points) in sides.iter().zip(lines) {
                plot.line(egui_plot::Line::new(side.clone(), points));
            }
        });
    // Asked for, it comes into view (below the sheet, it may open out of sight).
    if open.view.rows.chart_to_view.take() {
        shown.response.scroll_to_me(Some(egui::Align::Center));
    }
}

/// The part of the game each hand belongs to (bridge: its rubber; empty for a game played to
/// one end).
pub fn parts_of(sheet: &Sheet) -> Vec<usize> {
    sheet.hands.iter().filter_map(|h| h.info.part()).collect()
}

/// The chart's line per side: (the hand's number on the sheet, the running total). With
/// `parts` (bridge's rubbers), one part from nothing (`picked`, else the one being played) or, for a
/// `picked` past the last, the whole evening; otherwise every hand from 0.
pub fn chart_points(
    parts: &[usize],
    running: &[Vec<i64>],
    picked: Option<usize>,
    sides: usize,
) -> Vec<Vec<[f64; 2]>> {
    let mut span = 0..running.len();
    let mut base = vec![0; sides];
    if let Some(&last) = parts.last() {
        let picked = picked.unwrap_or(last);
        if picked <= last {
            let start = parts.iter().position(|r| *r == picked).unwrap_or(0);
            let end = parts
                .iter()
                .rposition(|r| *r == picked)
                .map_or(start, |e| e + 1);
            span = start..end;
            if let Some(before) = start.checked_sub(1).and_then(|i| running.get(i)) {
                base.clone_from(before);
            }
        }
    }
    (0..sides)
        .map(|s| {
            let from = base.get(s).copied().unwrap_or(0);
            std::iter::once([span.start as f64, 0.0])
                .chain(
                    running
                        .get(span.clone())
                        .unwrap_or(&[])
                        .iter()
                        .enumerate()
                        .map(|(k, r)| {
                            let i = span.start + k;
                            [
                                (i + 1) as f64,
                                (r.get(s).copied().unwrap_or(0) - from) as f64,
                            ]
                        }),
                )
                .collect()
        })
        .collect()
}
